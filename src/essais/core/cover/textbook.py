"""Algorithm C of TAOCP 7.2.2.1 (exact covering with colours, by dancing links) in plain
Python, step by step (the teaching version); Algorithm X is the case without colours.

The search at level l (step C2) stops with a solution when no primary item is left; else it
chooses an item i (C3: with method dlx the one with the fewest options left, the first of them
in the items' order; with method first the first item left), covers it (C4), and tries each of
its options x in turn (C5): it commits the option's other items (covers an uncoloured one,
purifies a coloured one) and searches level l + 1; then it uncommits them (C6) and tries the
next. When none is left it uncovers i (C7) and goes back up (C8).

Counters: `nodes` the levels entered (1 + the options chosen), `tries` the options taken from
the chosen item's list, `backtracks` the options taken back, and `updates` (Knuth's count) the
links removed: one for each item unlinked from its list, one for each node unlinked from its
item's list while hiding an option (purification included); restoring counts nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from essais.core.cover.links import Links, option_of_node
from essais.core.engine import PythonCounters, recursion_room
from essais.core.limits import SearchControl
from essais.core.result import Stats


class TextbookCover:
    """Algorithm C on `links` (read into lists of its own), `method` dlx or first."""

    def __init__(self, links: Links, method: str, control: SearchControl) -> None:
        self.top, self.ulink, self.dlink = links.top.tolist(), links.ulink.tolist(), links.dlink.tolist()
        self.color, self.llink, self.rlink = links.color.tolist(), links.llink.tolist(), links.rlink.tolist()
        self.depth = links.depth
        self.choose = self._fewest if method == "dlx" else self._first
        self.chosen: list[int] = []  # the node of the option chosen at each level
        self.counters = PythonCounters(control)
        self.updates = 0
        self.found = 0  # solutions found so far
        # watching the search (essais.core.recording.EventLog): told (level, option index), 1
        # when an option is chosen, 0 when it is taken back; None: nothing is told
        self.record: Callable[[tuple[int, int], int], None] | None = None

    def stats(self) -> Stats:
        stats = self.counters.stats()
        stats.own = {"updates": self.updates}
        return stats

    def count(self) -> int:
        """Every solution counted."""
        for _ in self.solutions():
            pass
        return self.found

    def so_far(self) -> int:
        return self.found

    def solutions(self) -> Iterator[list[int]]:
        """Every solution, as its options' indices in the order they were chosen."""
        with recursion_room(self.depth + 1, "primary item"):
            yield from self._search(0)

    def _search(self, level: int) -> Iterator[list[int]]:
        counters, dlink = self.counters, self.dlink
        counters.enter_node_at(level)  # C2
        if self.rlink[0] == 0:
            self.found += 1
            counters.solution_found()
            yield [option_of_node(self.top, x) for x in self.chosen]
            counters.leave_node()
            return
        i = self.choose()  # C3
        self._cover(i)  # C4
        x = dlink[i]
        while x != i:  # C5
            counters.tries += 1
            self._commit_others(x)
            self.chosen.append(x)
            if self.record is not None:
                self.record((level, option_of_node(self.top, x)), 1)
            yield from self._search(level + 1)
            self.chosen.pop()  # C6
            self._uncommit_others(x)
            counters.backtracks += 1
            if self.record is not None:
                self.record((level, option_of_node(self.top, x)), 0)
            x = dlink[x]
        self._uncover(i)  # C7
        counters.leave_node()

    def _fewest(self) -> int:
        """The primary item with the fewest options left (LEN is TOP of its header), the first
        of them in the items' order."""
        rlink, top = self.rlink, self.top
        best, fewest = 0, -1
        p = rlink[0]
        while p != 0:
            if fewest < 0 or top[p] < fewest:
                best, fewest = p, top[p]
                if fewest == 0:
                    break
            p = rlink[p]
        return best

    def _first(self) -> int:
        return self.rlink[0]

    def _commit_others(self, x: int) -> None:
        """C5: commit every other item of x's option, going right (round through the spacer)."""
        top, ulink = self.top, self.ulink
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = ulink[p]
            else:
                self._commit(p, j)
                p += 1

    def _uncommit_others(self, x: int) -> None:
        """C6: uncommit them in the opposite order, going left."""
        top, dlink = self.top, self.dlink
        p = x - 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = dlink[p]
            else:
                self._uncommit(p, j)
                p -= 1

    def _commit(self, p: int, j: int) -> None:
        if self.color[p] == 0:
            self._cover(j)
        elif self.color[p] > 0:
            self._purify(p)

    def _uncommit(self, p: int, j: int) -> None:
        if self.color[p] == 0:
            self._uncover(j)
        elif self.color[p] > 0:
            self._unpurify(p)

    def _cover(self, i: int) -> None:
        """Hide every option of item i, then unlink i from its list."""
        dlink = self.dlink
        p = dlink[i]
        while p != i:
            self._hide(p)
            p = dlink[p]
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left], self.llink[right] = right, left
        self.updates += 1

    def _uncover(self, i: int) -> None:
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = self.llink[right] = i
        ulink = self.ulink
        p = ulink[i]
        while p != i:
            self._unhide(p)
            p = ulink[p]

    def _hide(self, p: int) -> None:
        """Unlink the other nodes of p's option from their items' lists (a node whose colour
        purification already accepted is left in place)."""
        top, ulink, dlink, color = self.top, self.ulink, self.dlink, self.color
        q = p + 1
        while q != p:
            x, u, d = top[q], ulink[q], dlink[q]
            if x <= 0:
                q = u
            elif color[q] < 0:
                q += 1
            else:
                dlink[u], ulink[d] = d, u
                top[x] -= 1
                self.updates += 1
                q += 1

    def _unhide(self, p: int) -> None:
        top, ulink, dlink, color = self.top, self.ulink, self.dlink, self.color
        q = p - 1
        while q != p:
            x, u, d = top[q], ulink[q], dlink[q]
            if x <= 0:
                q = d
            elif color[q] < 0:
                q -= 1
            else:
                dlink[u] = ulink[d] = q
                top[x] += 1
                q -= 1

    def _purify(self, p: int) -> None:
        """Item TOP(p) takes p's colour: the options that give it another colour are hidden,
        those that give it the same are marked (colour -1) as agreeing."""
        top, dlink, color = self.top, self.dlink, self.color
        c, i = color[p], top[p]
        q = dlink[i]
        while q != i:
            if color[q] == c:
                if q != p:
                    color[q] = -1
            else:
                self._hide(q)
            q = dlink[q]

    def _unpurify(self, p: int) -> None:
        top, ulink, color = self.top, self.ulink, self.color
        c, i = color[p], top[p]
        q = ulink[i]
        while q != i:
            if color[q] < 0:
                color[q] = c
            elif q != p:
                self._unhide(q)
            q = ulink[q]
