"""The python engine: the search of 000 §3.1 read like the course (search.py), over the domains
as bit sets with their trail (domains.py), which run each constraint's propagator (its kind's:
essais.csp.kinds)."""

from essais.csp.textbook.restarts import luby
from essais.csp.textbook.search import TextbookCsp

__all__ = ["TextbookCsp", "luby"]
