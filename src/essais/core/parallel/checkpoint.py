"""The checkpoint of a split run: an SQLite file with a row per finished sub-tree, each with a
checksum, naming the count it belongs to."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from essais.core.errors import InvalidInput
from essais.core.parallel.tasks import TaskResult
from essais.core.result import Stats

# 2: each row carries a checksum of its count, its sub-tree and its numbers; 3: and a method's own counters
CHECKPOINT_FORMAT = 3


class Checkpoint:
    """An SQLite file (standard library) of finished sub-trees. Each is committed on its own,
    so a crash loses only the sub-trees in flight. The file records the count it belongs to and
    refuses to resume another; each row carries a checksum of that count, its sub-tree, its
    numbers and counters, so that a damaged or edited row is refused, not added to a total.
    (It guards against accidents, not against forgery.)"""

    def __init__(self, path: Path, problem: Mapping[str, Any]) -> None:
        self.path = path
        self.problem = problem
        self.recorded_as = json.dumps(dict(problem), sort_keys=True)
        try:
            # autocommit: every INSERT is its own transaction
            self.connection = sqlite3.connect(path, isolation_level=None)
            # a write-ahead log, synced at SQLite's checkpoints rather than at every commit: a
            # commit survives the process's end however it ends (kill -9), not a power cut, and
            # costs microseconds, not a disk sync (3,199 sub-trees: 3.4 s of syncs before)
            self.connection.execute("PRAGMA journal_mode=WAL")
            self.connection.execute("PRAGMA synchronous=NORMAL")
            tables = {row[0] for row in self.connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if tables and tables != {"count_", "subtree"}:
                self._refuse("it is not an essais checkpoint")
            self.connection.execute(
                "CREATE TABLE IF NOT EXISTS count_ (problem TEXT NOT NULL, format INTEGER NOT NULL)"
            )
            self.connection.execute(
                "CREATE TABLE IF NOT EXISTS subtree (id INTEGER PRIMARY KEY, result_values TEXT NOT NULL,"
                " nodes INTEGER, tries INTEGER, backtracks INTEGER, seconds REAL, own TEXT NOT NULL,"
                " checksum TEXT NOT NULL)"
            )
            rows = self.connection.execute("SELECT problem, format FROM count_").fetchall()
            if not rows:
                self.connection.execute("INSERT INTO count_ VALUES (?, ?)", (self.recorded_as, CHECKPOINT_FORMAT))
        except sqlite3.Error as error:
            self._refuse(f"not a usable checkpoint file ({error})")
        if len(rows) > 1 or (rows and rows[0][1] != CHECKPOINT_FORMAT):
            self._refuse("it was written by another version of essais; start a new checkpoint file")
        if rows and rows[0][0] != self.recorded_as:
            try:
                theirs = _describe(json.loads(rows[0][0]))
            except (ValueError, AttributeError):
                self._refuse("its record of the count is damaged")
            self._refuse(f"it records another split search ({theirs}), not this one ({_describe(problem)})")

    def _refuse(self, why: str) -> NoReturn:
        if hasattr(self, "connection"):
            self.connection.close()
        raise InvalidInput(f"checkpoint {self.path}: {why}")

    def _checksum(self, index: int, values: str, stats: tuple[Any, ...]) -> str:
        text = json.dumps([self.recorded_as, index, values, *stats])
        return hashlib.sha256(text.encode()).hexdigest()

    def finished(self) -> dict[int, TaskResult]:
        """The finished sub-trees, each verified."""
        try:
            rows = self.connection.execute(
                "SELECT id, result_values, nodes, tries, backtracks, seconds, own, checksum FROM subtree"
            ).fetchall()
        except sqlite3.Error as error:
            self._refuse(f"not a usable checkpoint file ({error})")
        results = {}
        for index, values, nodes, tries, backtracks, seconds, own, checksum in rows:
            counters = (nodes, tries, backtracks, seconds, own)
            if not (isinstance(index, int) and 0 <= index < self.problem["subtrees"]) or not isinstance(values, str):
                self._refuse(f"sub-tree {index!r} is not one of this count's {self.problem['subtrees']:,}")
            if checksum != self._checksum(index, values, counters):
                self._refuse(f"the row of sub-tree {index} does not match its checksum (damaged or edited)")
            numbers = json.loads(values)
            results[index] = TaskResult(tuple(numbers), Stats(nodes, tries, backtracks, seconds, own=json.loads(own)))
        return results

    def record(self, index: int, result: TaskResult) -> None:
        stats = result.stats
        values = json.dumps(list(result.values))
        counters = (stats.nodes, stats.tries, stats.backtracks, stats.seconds, json.dumps(stats.own))
        self.connection.execute(
            "INSERT OR REPLACE INTO subtree VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (index, values, *counters, self._checksum(index, values, counters)),
        )

    def close(self) -> None:
        self.connection.close()


def _describe(problem: Mapping[str, Any]) -> str:
    return " ".join(f"{key}={value}" for key, value in problem.items())
