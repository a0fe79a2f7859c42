"""Exact covering with colours by Knuth's dancing links (Algorithms X and C of TAOCP 7.2.2.1),
for every problem that is one: problem.py (the problem, Knuth's text format, the checker),
links.py (the links both engines start from), textbook.py (the python engine), compiled.py
over _kernels.py (the numba engine), search.py (the first solution, counts split over workers).
"""
