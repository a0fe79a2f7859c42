"""FlatZinc in: the reader (reader.py over parser.py, the grammar, and builtins.py, the integer and
Boolean built-ins as an essais model's constraints)."""

from essais.csp.flatzinc.reader import FlatZincError, read_flatzinc

__all__ = ["FlatZincError", "read_flatzinc"]
