"""The python engine: the search of 000 §3.1 read like the course (search.py), over the domains
as bit sets with their trail and the linear and table propagators (domains.py) and the global
constraints' propagators (global_propagators.py)."""

from essais.csp.textbook.search import TextbookCsp, luby

__all__ = ["TextbookCsp", "luby"]
