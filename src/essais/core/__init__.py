"""What every problem shares: errors, results and counters (result), limits and Ctrl-C (limits),
board geometry (board), the engine layer (engine: method registries, the python counters,
run_search, solution streams), the base of the numba engines (sliced, bits), the general search
strategies (search), the parallel split of counts (parallel) and the checkers' helpers (checking).
Nothing here imports a problem package."""
