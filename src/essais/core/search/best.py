"""Best first: the state with the smallest priority expanded first (an ordering key such as
"first fail"), each state once."""

from __future__ import annotations

import heapq
import itertools

from essais.core.limits import Limits, limits_from
from essais.core.recording import StateLog
from essais.core.search.problem import A, Counter, S, SearchProblem, SearchResult, Solution, rebuild, run_strategy


# -- best first ----------------------------------------------------------------------------------
def best_first(
    problem: SearchProblem[S, A],
    *,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SearchResult[S, A]:
    """Expand the state with the smallest `priority` first (ties in the order reached); the
    first goal expanded is the solution. Each state is expanded once."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)

    def search(counter: Counter) -> Solution[S, A] | None:
        start = problem.initial()
        parent: dict[S, tuple[S, A] | None] = {start: None}
        depth = {start: 0}
        order = itertools.count()
        frontier = [(problem.priority(start), next(order), start)]
        counter.tell(StateLog.DISCOVERED, start, None, 0)
        while frontier:
            _, _, state = heapq.heappop(frontier)
            counter.enter_node_at(depth[state])
            link = parent[state]
            if problem.is_goal(state):
                counter.tell(StateLog.GOAL, state, None if link is None else link[0], depth[state])
                return rebuild(parent, state)
            counter.tell(StateLog.EXPANDED, state, None if link is None else link[0], depth[state])
            for action, successor in problem.successors(state):
                counter.tries += 1
                if successor not in parent:
                    parent[successor] = (state, action)
                    depth[successor] = depth[state] + 1
                    counter.tell(StateLog.DISCOVERED, successor, state, depth[successor])
                    heapq.heappush(frontier, (problem.priority(successor), next(order), successor))
        return None

    return run_strategy("best-first", search, limits)
