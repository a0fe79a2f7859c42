"""FlatZinc in: the reader (reader.py over parser.py, the grammar, and builtins.py, the integer and
Boolean built-ins as an essais model's constraints)."""

from essais.csp.flatzinc.reader import FlatZinc, FlatZincError, Output, read_flatzinc, read_flatzinc_file

__all__ = ["FlatZinc", "FlatZincError", "Output", "read_flatzinc", "read_flatzinc_file"]
