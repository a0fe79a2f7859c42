"""XCSP3 in and out: the reader (reader.py over expat, constraints.py the elements and groups,
expressions.py the references and the functional expressions, kinds.py each constraint's tag)
and the writer (writer.py)."""

from essais.csp.xcsp.reader import XcspError, read_xcsp
from essais.csp.xcsp.writer import instantiation, to_xcsp, write_xcsp

__all__ = ["XcspError", "instantiation", "read_xcsp", "to_xcsp", "write_xcsp"]
