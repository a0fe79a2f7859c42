"""A search watched: the table of the domains and each constraint said in words (table.py), and
the python engine's search recorded on it as a replay page (watch.py)."""

from essais.csp.draw.table import DomainTable, describe
from essais.csp.draw.watch import watch_csp

__all__ = ["DomainTable", "describe", "watch_csp"]
