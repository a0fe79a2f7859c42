"""The plain-Python engines: the course notes' algorithms (docs/sources.md), line by line (the teaching version).

Each search numbers the start square 1 before it starts, then calls itself once per square it
numbers (000 §3.5). Counters follow 000's scheme:
- nodes: calls of the search function (the first and the final call included);
- tries: candidate squares handed to the promising test (on the board or not);
- backtracks: squares un-numbered after their sub-search failed (or, when every tour is
  wanted, after it recorded tours).
A limit or Ctrl-C unwinds the recursion with `SearchStopped`; the counters stay as they were.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from essais.core.board import Board, Move, Square, attacks, neighbours
from essais.core.engine import PythonCounters, recursion_room
from essais.core.errors import InvalidInput
from essais.core.limits import SearchControl
from essais.core.result import Stats
from essais.knights.model import WalkTally

FREE = -1  # 000 §3.6: a square not yet visited holds -1


class TextbookTour:
    """One textbook search for tours on `board` from `start` with `moves` in their order.

    `closed`: a tour counts only if its last square attacks the first (a move of the set
    leads from the last square back to the start).
    """

    def __init__(
        self,
        board: Board,
        moves: Sequence[Move],
        start: Square,
        closed: bool,
        control: SearchControl,
    ) -> None:
        self.board = board
        self.moves = tuple(moves)
        self.start = start
        self.closed = closed
        self.counters = PythonCounters(control)
        self.path: list[Square] = [start]
        self.solutions = 0  # tours counted so far by `count`
        self.tally = WalkTally(board.n_squares)  # method random's results
        # told (square, number) when a square is numbered and (square, 0) when it is erased, for
        # watching the search (essais.core.recording.EventLog); None: nothing is told
        self.record: Callable[[Square, int], None] | None = None

    def stats(self) -> Stats:
        return self.counters.stats()

    def _is_final_ok(self, last: Square) -> bool:
        """At the final node: an open tour is always good; a closed one must return to the start."""
        return not self.closed or attacks(self.moves, last, self.start)

    # -- basic (000 §3.8, §5.1) and band (000 §6.1) ------------------------------------------
    def tours(self, method: str) -> Iterator[list[Square]]:
        """Every tour in depth-first order. The first one is exactly what 000 §3.8's
        "first success is enough" search finds, with the same counters: stopping after it
        leaves the parents' loops where the notes' `renvoyer Vrai` leaves them."""
        rows, cols = self.board.rows, self.board.cols
        counters = self.counters
        on_step = None
        if method == "basic":
            # 000 §3.7: the board itself, every square -1 (free); the promising test makes 5 checks.
            offset = 0
            echiquier = [[FREE] * cols for _ in range(rows)]

            def prometteur(x: int, y: int) -> bool:
                counters.tries += 1
                return 0 <= x < rows and 0 <= y < cols and echiquier[x][y] == FREE

        elif method == "band":
            # 000 §6.1: a border as wide as the longest move, marked as visited, so a move can
            # never leave the array and the promising test is one comparison.
            offset = max(max(abs(dr), abs(dc)) for dr, dc in self.moves)
            border = self.board.n_squares + 1
            echiquier = [[border] * (cols + 2 * offset) for _ in range(rows + 2 * offset)]
            for x in range(rows):
                for y in range(cols):
                    echiquier[x + offset][y + offset] = FREE

            def prometteur(x: int, y: int) -> bool:
                counters.tries += 1
                return echiquier[x][y] == FREE

        elif method == "prune":
            offset = 0
            echiquier = [[FREE] * cols for _ in range(rows)]
            leaves_a_way, on_step = self._pruning(echiquier)

            def prometteur(x: int, y: int) -> bool:
                counters.tries += 1
                return 0 <= x < rows and 0 <= y < cols and echiquier[x][y] == FREE and leaves_a_way((x, y))

        else:
            raise InvalidInput(f"method: {method!r} has no depth-first enumeration")

        x0, y0 = self.start
        echiquier[x0 + offset][y0 + offset] = 1
        with recursion_room(self.board.n_squares):
            yield from self._all_solutions(echiquier, prometteur, (x0 + offset, y0 + offset), 2, offset, on_step)

    def _pruning(
        self, echiquier: list[list[int]]
    ) -> tuple[Callable[[Square], bool], Callable[[Square, Square, int], None]]:
        """Method prune's extra promising test, "once the head moves there, can every free
        square still be visited?", and the update of what it needs as the head moves. The
        argument for its cuts is in knights._kernels._leaves_a_way, which this mirrors."""
        # Each free square needs two ways in and out ("ports": free neighbours, the head, and
        # for a closed tour the start, for its last square); an open path may have one square
        # with a single port, its end. The move set is symmetric, so a square's neighbours are
        # also the squares that reach it.
        board, moves, closed = self.board, self.moves, self.closed
        rows, cols = board.rows, board.cols

        def around(square: Square) -> list[Square]:
            return [
                (square[0] + dr, square[1] + dc) for dr, dc in moves if board.contains((square[0] + dr, square[1] + dc))
            ]

        # ports[u]: neighbours of u that are free or the head; at the start, all of them
        ports = [[len(around((x, y))) for y in range(cols)] for x in range(rows)]
        next_to_start = {square: True for square in around(self.start)} if closed else {}
        start_free = [len(next_to_start)]  # free squares next to the start (closed tours)
        # free squares (all but the start) with a single way in or out, over the whole board
        one_way = [sum(1 for x, y in board.squares() if ports[x][y] == 1 and (x, y) != self.start)]

        def free(square: Square) -> bool:
            return echiquier[square[0]][square[1]] == FREE

        def leaves_a_way(candidate: Square) -> bool:
            remaining = board.n_squares - len(self.path) - 1
            if remaining == 0:
                return True
            if ports[candidate[0]][candidate[1]] - 1 < 1:  # it must go on to a free square
                return False
            if closed and start_free[0] - (candidate in next_to_start) < 1:
                return False  # a free square must remain next to the start
            ends = one_way[0] - (ports[candidate[0]][candidate[1]] == 1)
            for x, y in around(self.path[-1]):
                if (x, y) != candidate and free((x, y)):
                    left = ports[x][y] - 1  # the old head is no longer a way in
                    if closed:
                        if left + ((x, y) in next_to_start) < 2:
                            return False
                    elif left < 1:
                        return False
                    elif left == 1:
                        ends += 1
            return closed or ends <= 1

        def on_step(head: Square, square: Square, change: int) -> None:
            """The head moves from `head` to `square` (change -1) or back (change +1); `square`
            is then already numbered (-1), or already erased (+1)."""
            if ports[square[0]][square[1]] == 1:  # `square` stops (or starts again) being free
                one_way[0] += change
            for x, y in around(head):
                before = ports[x][y]
                ports[x][y] += change
                if free((x, y)):
                    one_way[0] += (ports[x][y] == 1) - (before == 1)
            if square in next_to_start:
                start_free[0] += change

        return leaves_a_way, on_step

    def _all_solutions(
        self,
        echiquier: list[list[int]],
        prometteur: Callable[[int, int], bool],
        case_actuelle: Square,
        num_etape: int,
        offset: int,
        on_step: Callable[[Square, Square, int], None] | None = None,
    ) -> Iterator[list[Square]]:
        """000 §5.1 AES_parcours_cavalier_toutes_solutions, yielding each tour it finds.
        `on_step(head, square, -1 or +1)` is told when a square is numbered and erased."""
        self.counters.enter_node_at(num_etape - 2)  # (the first call numbers the second square)
        if num_etape > self.board.n_squares:
            if self._is_final_ok(self.path[-1]):
                self.counters.solution_found()
                yield list(self.path)
            self.counters.leave_node()
            return
        x, y = case_actuelle
        record = self.record
        for dx, dy in self.moves:
            next_x, next_y = x + dx, y + dy
            if prometteur(next_x, next_y):
                echiquier[next_x][next_y] = num_etape
                self.path.append((next_x - offset, next_y - offset))
                if on_step:
                    on_step(self.path[-2], self.path[-1], -1)
                if record is not None:
                    record(self.path[-1], num_etape)
                yield from self._all_solutions(echiquier, prometteur, (next_x, next_y), num_etape + 1, offset, on_step)
                echiquier[next_x][next_y] = FREE  # it did not work: erase our traces
                if on_step:
                    on_step(self.path[-2], self.path[-1], +1)
                erased = self.path.pop()
                self.counters.backtracks += 1
                if record is not None:
                    record(erased, 0)
        self.counters.leave_node()

    # -- warnsdorff (000 §7.2, §10) ------------------------------------------------------------
    def warnsdorff(self) -> list[Square] | None:
        """000 §7.2: move to a free neighbour with the fewest free neighbours, backtracking
        over the tied best ones only. Returns the tour, or None when there is none."""
        rows, cols = self.board.rows, self.board.cols
        counters = self.counters
        moves = self.moves
        echiquier = [[FREE] * cols for _ in range(rows)]
        nb_voisins = [[0] * cols for _ in range(rows)]

        def prometteur(x: int, y: int) -> bool:
            return 0 <= x < rows and 0 <= y < cols and echiquier[x][y] == FREE

        def init_voisins() -> None:
            # 000 §10: computed once the start square is numbered (its neighbours count one less).
            for i in range(rows):
                for j in range(cols):
                    nb_voisins[i][j] = sum(1 for dx, dy in moves if prometteur(i + dx, j + dy))

        def trouver_meilleurs_voisins_libres(case: Square) -> list[Square]:
            x, y = case
            min_k = len(moves) + 1  # more than any square can have
            for dx, dy in moves:  # the first pass: each candidate is one try
                counters.tries += 1
                nx, ny = x + dx, y + dy
                if prometteur(nx, ny) and min_k > nb_voisins[nx][ny]:
                    min_k = nb_voisins[nx][ny]
            return [
                (x + dx, y + dy)
                for dx, dy in moves
                if prometteur(x + dx, y + dy) and nb_voisins[x + dx][y + dy] == min_k
            ]

        def mise_a_jour_voisins(case: Square) -> None:
            x, y = case
            for dx, dy in moves:
                nx, ny = x + dx, y + dy
                if prometteur(nx, ny) and nb_voisins[nx][ny] > 0:
                    nb_voisins[nx][ny] -= 1

        def remise_a_jour_voisins(case: Square) -> None:
            x, y = case
            for dx, dy in moves:
                nx, ny = x + dx, y + dy
                if prometteur(nx, ny):
                    nb_voisins[nx][ny] += 1  # undoes mise_a_jour_voisins

        def aes_heuristique(case: Square, num_etape: int) -> bool:
            counters.enter_node_at(num_etape - 2)
            if num_etape > rows * cols:
                if not self._is_final_ok(case):
                    counters.leave_node()
                    return False
                counters.solution_found()
                return True
            for next_x, next_y in trouver_meilleurs_voisins_libres(case):
                echiquier[next_x][next_y] = num_etape
                self.path.append((next_x, next_y))
                if self.record is not None:
                    self.record((next_x, next_y), num_etape)
                mise_a_jour_voisins((next_x, next_y))
                if aes_heuristique((next_x, next_y), num_etape + 1):
                    return True
                echiquier[next_x][next_y] = FREE  # it did not work: erase our traces
                self.path.pop()
                remise_a_jour_voisins((next_x, next_y))
                counters.backtracks += 1
                if self.record is not None:
                    self.record((next_x, next_y), 0)
            counters.leave_node()
            return False

        x0, y0 = self.start
        echiquier[x0][y0] = 1
        init_voisins()
        with recursion_room(self.board.n_squares):
            found = aes_heuristique(self.start, 2)
        return list(self.path) if found else None

    def count(self, method: str) -> int:
        """The number of tours: 000 §5.1's exhaustive search, recording instead of printing."""
        for _ in self.tours(method):
            self.solutions += 1
        return self.solutions

    # -- accessibility and lookahead (001 §4.1, §4.3) --------------------------------------------
    def accessibility(self, lookahead: bool = False) -> list[Square]:
        """001 §4.1 heuristiqueCV: no backtracking. Each square's accessibility is the number of
        unvisited squares from which it can be reached; standing on a square decrements its
        unvisited neighbours, and the knight goes to the first of them (in move order) with the
        strictly smallest accessibility. It stops when no move is left and returns the squares
        visited (a tour if it visited them all).

        With `lookahead` (001 §4.3 heuristiqueSeq), ties are broken by the lowest accessibility
        that the tied square's best next move would reach; then by move order."""
        board, moves, counters = self.board, self.moves, self.counters
        null_access = len(moves) + 1  # more than any square can have: "visited"
        # 001's initHeuristiq: on the empty board, the moves from each square that stay on the board
        hb = [[len(neighbours(board, (x, y), moves)) for y in range(board.cols)] for x in range(board.rows)]
        cb = [[0] * board.cols for _ in range(board.rows)]
        pos, step = self.start, 0
        self.path = []
        while True:
            counters.enter_node_at(step)
            step += 1
            cb[pos[0]][pos[1]] = step
            hb[pos[0]][pos[1]] = null_access
            self.path.append(pos)
            naces, nextpos = null_access, pos
            for dx, dy in moves:
                counters.tries += 1
                nvpos = (pos[0] + dx, pos[1] + dy)
                if board.contains(nvpos) and cb[nvpos[0]][nvpos[1]] == 0:
                    hb[nvpos[0]][nvpos[1]] -= 1  # pos no longer leads to it
                    if hb[nvpos[0]][nvpos[1]] < naces:
                        naces, nextpos = hb[nvpos[0]][nvpos[1]], nvpos
            if naces == null_access:  # no move left: the walk ends here
                return list(self.path)
            if lookahead:
                nextpos = self._break_tie(pos, naces, cb, hb, null_access)
            pos = nextpos

    def _break_tie(self, pos: Square, naces: int, cb: list[list[int]], hb: list[list[int]], null_access: int) -> Square:
        """001 §4.3: among the squares tied at accessibility `naces`, the one whose best next
        move reaches the lowest accessibility (as it would be once the knight stands there:
        one less); the first in move order if still tied. A single best square is kept."""
        board, moves, counters = self.board, self.moves, self.counters
        tied = [
            (pos[0] + dx, pos[1] + dy)
            for dx, dy in moves
            if board.contains((pos[0] + dx, pos[1] + dy))
            and cb[pos[0] + dx][pos[1] + dy] == 0
            and hb[pos[0] + dx][pos[1] + dy] == naces
        ]
        if len(tied) == 1:
            return tied[0]
        best, best_reach = tied[0], null_access + 1
        for candidate in tied:
            reach = null_access  # no next move at all
            for dx, dy in moves:
                counters.tries += 1
                after = (candidate[0] + dx, candidate[1] + dy)
                if board.contains(after) and cb[after[0]][after[1]] == 0:
                    reach = min(reach, hb[after[0]][after[1]] - 1)
            if reach < best_reach:
                best, best_reach = candidate, reach
        return best

    def current_path(self) -> list[Square]:
        """The squares numbered so far, in order."""
        return list(self.path)

    # -- random walks (001 §5) -----------------------------------------------------------------
    def random_walks(self, seed: int, attempts: int | None, until_found: bool) -> None:
        """001 §5 forceBruteCV, repeated: from the start, move to a random free neighbour (each
        equally likely) until none is left. `self.tally` keeps the results; with `until_found`
        it stops at the first full tour. Limits are checked between walks."""
        board, moves, counters = self.board, self.moves, self.counters
        rng = random.Random(seed)
        cb = [[0] * board.cols for _ in range(board.rows)]
        tally = self.tally
        while attempts is None or tally.attempts < attempts:
            counters.check()
            tally.attempts += 1
            pos, walk = self.start, []
            while True:
                counters.nodes += 1
                walk.append(pos)
                cb[pos[0]][pos[1]] = len(walk)
                free = []
                for dx, dy in moves:
                    counters.tries += 1
                    nvpos = (pos[0] + dx, pos[1] + dy)
                    if board.contains(nvpos) and cb[nvpos[0]][nvpos[1]] == 0:
                        free.append(nvpos)
                if not free:
                    break
                pos = free[rng.randrange(len(free))]
            for x, y in walk:
                cb[x][y] = 0
            full = len(walk) == board.n_squares and self._is_final_ok(walk[-1])
            tally.record(walk, full)
            if full and until_found:
                tally.found_path = walk
                return
