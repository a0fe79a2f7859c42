"""Writes the XCSP3 instances the tests read, each from its PyCSP3 model in models/, in a
process of its own (PyCSP3 patches Python's built-ins on import: it never runs in essais's
process nor in the tests'). Needs pycsp3 (the dev extra); the files are committed, so the tests
need neither PyCSP3 nor Java.

Run from the repository root:  .venv/bin/python tests/data/xcsp/write.py
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# XCSP3-core's constraints, one small instance each (models/core.py: -data=NAME), into core/
CORE = ["channel", "channel_value", "precedence", "precedence_covered", "precedence_domain", "regular", "mdd",
        "bin_packing", "bin_packing_limits", "bin_packing_loads", "knapsack", "cumulative", "cumulative_variables",
        "no_overlap_boxes", "no_overlap_variables", "circuit_size", "maximum_arg", "minimum_arg_last",
        "element_matrix", "slide", "sum_variables", "symbolic"]  # fmt: skip
INSTANCES = [("queens", 8), ("queens", 10), ("golomb", 8), ("costas", 7), ("all_interval", 8),
             ("magic_sequence", 7), ("subcircuit", 6), ("tables", 5), ("mixed", None),
             *(("core", name) for name in CORE)]  # fmt: skip

(HERE / "core").mkdir(exist_ok=True)
for model, n in INSTANCES:
    name = f"core/{n}.xml" if model == "core" else f"{model}-{n}.xml" if n is not None else f"{model}.xml"
    data = [f"-data={n}"] if n is not None else []
    subprocess.run([sys.executable, str(HERE / "models" / f"{model}.py"), *data, f"-output={HERE / name}"],
                   check=True, cwd=HERE, capture_output=True)  # fmt: skip
    print(name)
