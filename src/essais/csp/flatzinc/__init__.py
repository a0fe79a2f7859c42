"""FlatZinc in: the reader (reader.py over parser.py, the grammar, and builtins.py, the integer and
Boolean built-ins as an essais model's constraints), and essais's MiniZinc library (mznlib/: the
globals and built-ins essais propagates itself, declared so that MiniZinc sends them whole)."""

from pathlib import Path

from essais.csp.flatzinc.reader import FlatZinc, FlatZincError, Output, read_flatzinc, read_flatzinc_file

MZNLIB = Path(__file__).parent / "mznlib"

__all__ = ["MZNLIB", "FlatZinc", "FlatZincError", "Output", "read_flatzinc", "read_flatzinc_file"]
