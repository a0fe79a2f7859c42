"""essais's model files (`essais csp FILE.csp`): the lines read (reader.py), their expressions
(expressions.py, terms.py) and their calls of constraints (calls.py)."""

from essais.csp.files.reader import CspFileError, read_model_file

__all__ = ["CspFileError", "read_model_file"]
