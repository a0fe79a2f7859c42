"""The engine layer's handling of compiled code being loaded (essais.core.engine)."""

import subprocess
import sys

FREEZE_PROBE = """
import gc
from essais.core.engine import freeze_loaded_code, loading_compiled

def frozen_by_loading():
    before = gc.get_freeze_count()
    with loading_compiled("a probe"):
        made = [[i] for i in range(1000)]
    return gc.get_freeze_count() - before

as_library = frozen_by_loading()
freeze_loaded_code()
print(as_library, frozen_by_loading() >= 1000)
"""


def test_only_a_command_line_process_freezes_what_loading_compiled_code_leaves():
    """The command line (essais.cli) freezes what loading compiled code made, so the garbage
    collector's next round does not scan it; a library leaves its users' collector alone."""
    done = subprocess.run([sys.executable, "-c", FREEZE_PROBE], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0", "True"]
