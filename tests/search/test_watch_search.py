"""Watching a search of one's own (essais.watch with a SearchProblem): the events of each
strategy, the counters of the search unwatched, the page and its drawings."""

import pytest

from essais import watch
from essais.core.errors import InvalidInput
from essais.core.recording import StateLog
from essais.core.search import SearchProblem, best_first, breadth_first, depth_first


class Jugs(SearchProblem[tuple[int, int], str]):
    """Measure 2 litres with jugs of 4 and 3 litres (no state twice on a path)."""

    def initial(self):
        return (0, 0)

    def successors(self, state):
        a, b = state
        pour, back = min(a, 3 - b), min(b, 4 - a)
        moves = [("fill 4", (4, b)), ("fill 3", (a, 3)), ("empty 4", (0, b)), ("empty 3", (a, 0)),
                 ("4 into 3", (a - pour, b + pour)), ("3 into 4", (a + back, b - back))]  # fmt: skip
        return [(move, after) for move, after in moves if after != state]

    def is_goal(self, state):
        return 2 in state

    def promising(self, state, path):
        return state not in path

    def priority(self, state):
        return abs(state[0] - 2) + abs(state[1] - 2)


def kinds(replay):
    return [StateLog.KINDS[kind] for kind in replay.events.kinds]


def test_a_depth_first_search_is_watched_state_by_state_with_its_counters():
    replay = watch(Jugs())
    plain = depth_first(Jugs())
    assert replay.result == plain and replay.events.complete
    events = kinds(replay)
    assert events.count("enter") - events.count("leave") == len(plain.solution.states)  # the path at the end
    assert events.count("enter") == plain.stats.nodes and events.count("leave") == plain.stats.backtracks
    assert events.count("refused") == plain.stats.tries - (plain.stats.nodes - 1)  # each try refused or entered
    assert events[-1] == "goal" and replay.events.states[replay.events.state[-1]] == plain.solution.states[-1]
    assert replay.tree_svg().startswith("<svg")
    tree = replay.tree  # a dot a call, a mark a try refused: the counters
    assert len(tree) == plain.stats.nodes and sum(tree.refused()) == events.count("refused")


@pytest.mark.parametrize(
    ("strategy", "search", "goal_counted"), [("breadth-first", breadth_first, 0), ("best-first", best_first, 1)]
)
def test_breadth_and_best_first_searches_are_watched_as_states_discovered_and_expanded(strategy, search, goal_counted):
    replay = watch(Jugs(), strategy=strategy)
    plain = search(Jugs())
    assert replay.result == plain
    events = kinds(replay)
    # a node is a state expanded (best first counts the goal it takes from the queue too)
    assert events.count("expanded") + goal_counted == plain.stats.nodes
    assert events.count("discovered") == len(replay.events.states)  # each state recorded was discovered first
    assert events[-1] == "goal" and len(plain.solution.states) == 5
    assert replay.tree_svg().startswith("<svg")
    tree = replay.tree  # each state under the one that discovered it; a try that found none is refused
    assert len(tree) == len(replay.events.states) and sum(tree.refused()) == plain.stats.tries - (len(tree) - 1)
    assert [tree.depths[node] for node in tree.solutions] == [4]


def test_the_page_draws_each_state_with_the_problem_s_drawing_or_as_text():
    def picture(state):
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><text y="15">{state[0]}</text></svg>'

    drawn, plain = watch(Jugs(), "breadth-first", draw=picture).to_html(), watch(Jugs()).to_html()
    assert '"svg":true' in drawn and "window.essais" in drawn
    assert '"svg":false' in plain and '"(0, 0)"' in plain
    with pytest.raises(InvalidInput, match="draw: it returned int"):
        watch(Jugs(), draw=lambda state: 3).to_html()


def test_a_watch_of_one_s_own_refuses_what_it_cannot_do():
    with pytest.raises(InvalidInput, match="strategy: 'sideways' is not one of"):
        watch(Jugs(), strategy="sideways")
    with pytest.raises(InvalidInput, match="draw: 3 is not a function"):
        watch(Jugs(), draw=3)
    with pytest.raises(InvalidInput, match="or a SearchProblem of one's own"):
        watch("jugs")
    short = watch(Jugs(), max_events=3)
    assert len(short.events) == 3 and not short.events.complete and short.result == depth_first(Jugs())
