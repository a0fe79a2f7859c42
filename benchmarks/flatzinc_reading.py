"""A FlatZinc file of 100,000 `int_lin_le` of two variables over 20,000 variables in 0..100 (written
here, seeded), read, compiled and solved by `essais csp FILE.fzn` as a whole process: its wall
time and peak memory (GNU time), then the reading alone in this process.

    .venv/bin/python benchmarks/flatzinc_reading.py
"""

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from essais.csp import read_flatzinc

VARIABLES, CONSTRAINTS = 20_000, 100_000


def written(path: Path) -> None:
    draw = random.Random(3)
    lines = [f"var 0..100: x{i};" for i in range(VARIABLES)]
    for _ in range(CONSTRAINTS):
        a, b = draw.sample(range(VARIABLES), 2)
        lines.append(f"constraint int_lin_le([1,-1],[x{a},x{b}],{draw.randint(0, 60)});")
    path.write_text("\n".join([*lines, "solve satisfy;"]) + "\n")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "linear.fzn"
        written(path)
        essais = Path(sys.executable).with_name("essais")
        for _ in range(2):
            timed = subprocess.run(["/usr/bin/time", "-f", "%e s, %M KB", str(essais), "csp", str(path)],
                                   capture_output=True, text=True, check=True)  # fmt: skip
            print("whole process:", timed.stderr.strip().splitlines()[-1], flush=True)
        started = time.perf_counter()
        read_flatzinc(path)
        print(f"reading: {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
