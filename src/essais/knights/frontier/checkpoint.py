"""Method frontier's checkpoint (see knights.frontier.sweep): a folder that keeps a sweep's last
step saved, so that a stopped count resumes there."""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from essais.core.errors import InvalidInput
from essais.core.result import SweepStats
from essais.knights.frontier.plan import FrontierPlan
from essais.knights.frontier.spill import EMPTY_KEY, SpilledStates

States = np.ndarray | SpilledStates  # a step's states: a table in memory, or part files on disk

CHECKPOINT_SECONDS = 120.0  # a checkpoint is written at the end of a step at most this often
SAVE_SHARE = 10  # ... and at most once in ten times as long as the last save took


class SweepCheckpoint:
    """A folder that keeps a sweep's last saved step, so that a stopped count (Ctrl-C, a limit,
    kill -9) resumes there: `frontier.json` (what is counted, the step, the states per step,
    the counters, the states' files and their SHA-256) and the states as rows (key, residues):
    `step-K.npy` for a table held in memory, `step-K-P.npy` for the part files of states on
    disk (second links to them: they are not changed once written). Each file is complete
    before `frontier.json` names it (written under a temporary name, then renamed), so the
    folder always holds a whole step; the checksums are checked when it is read back. A
    finished count keeps its residues, so it is read at once."""

    META = "frontier.json"

    def __init__(self, folder: str | Path, plan: FrontierPlan, what: str, every: float = CHECKPOINT_SECONDS) -> None:
        self.folder, self.what, self.every = Path(folder), what, every
        self.fingerprint = plan_fingerprint(plan)
        self.saved_at = time.monotonic()
        self.save_seconds = 0.0  # how long the last save took
        if self.folder.exists() and not self.folder.is_dir():
            raise InvalidInput(f"checkpoint: {self.folder} is a file; method frontier keeps its checkpoint in a folder")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise InvalidInput(f"checkpoint: cannot make the folder {self.folder} ({error.strerror})") from None

    def load(self) -> dict[str, Any] | None:
        """The last step saved (its record, with its states as `states`), or None."""
        meta = self.folder / self.META
        if not meta.exists():
            return None
        record = json.loads(meta.read_text())
        if record.get("fingerprint") != self.fingerprint:
            raise InvalidInput(
                f"checkpoint: {self.folder} holds another count ({record.get('what')}); name another folder"
            )
        paths = [self.folder / name for name in record["tables"]]
        for path, digest in zip(paths, record["sha256"], strict=True):
            if file_sha256(path) != digest:
                raise InvalidInput(f"checkpoint: {path} is damaged (its checksum differs)")
        record["states"] = SpilledStates(paths, record["rows"], record["width"], owned=False)
        return record

    def discard(self) -> None:
        """Forget what the folder holds (a count that must start again)."""
        for kept in [self.folder / self.META, *self.folder.glob("step-*")]:
            kept.unlink(missing_ok=True)

    def due(self) -> bool:
        """Time for a save: `every` seconds since the last, and ten times as long as it took
        (tables of GB take seconds to write and checksum: a tenth of the time at most)."""
        return time.monotonic() - self.saved_at >= max(self.every, SAVE_SHARE * self.save_seconds)

    def save(self, states: States | None, layers: list[int], stats: SweepStats, residues: list[int]) -> None:
        """Keep the step just finished (`states` None: the count is finished, `residues` its
        count): a table in memory as one file, states on disk as links to their part files."""
        began = time.monotonic()
        names: list[str] = []
        rows = width = 0
        if isinstance(states, SpilledStates):
            for p, part in enumerate(states.parts):
                names.append(f"step-{len(layers)}-{p}.npy")
                self._keep(part, names[-1])
            rows, width = states.rows, states.width
        elif states is not None:
            table = np.ascontiguousarray(states[states[:, 0] != EMPTY_KEY])
            names.append(f"step-{len(layers)}.npy")
            self._write(names[-1], lambda file: np.save(file, table))
            rows, width = table.shape
        record: dict[str, Any] = {"what": self.what, "fingerprint": self.fingerprint, "steps": len(layers),
                                  "layers": layers, "stats": stats.to_dict(), "residues": residues,
                                  "tables": names, "sha256": [file_sha256(self.folder / name) for name in names],
                                  "rows": rows, "width": width}  # fmt: skip
        self._write(self.META, lambda file: file.write(json.dumps(record).encode()))
        for old in self.folder.glob("step-*"):
            if old.name not in names:
                old.unlink()
        self.saved_at = time.monotonic()
        self.save_seconds = self.saved_at - began

    def _keep(self, part: Path, name: str) -> None:
        """A part file of spilled states kept under `name`: a second link to it (files on disk
        are not changed once written), or a copy on another file system."""
        target = self.folder / name
        target.unlink(missing_ok=True)
        try:
            os.link(part, target)
        except OSError:
            self._write(name, lambda file: file.write(part.read_bytes()))

    def _write(self, name: str, write: Callable[[Any], object]) -> None:
        temporary = self.folder / (name + ".tmp")
        with open(temporary, "wb") as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, self.folder / name)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while block := file.read(1 << 24):
            digest.update(block)
    return digest.hexdigest()


def plan_fingerprint(plan: FrontierPlan) -> str:
    """A digest of what a plan counts: its steps' arrays, packing and moduli."""
    digest = hashlib.sha256(repr((plan.order, plan.paths, plan.radix, plan.bits, plan.moduli)).encode())
    for array in (plan.old_slots, plan.back, plan.n_back, plan.forced, plan.room, plan.keep, plan.n_keep):
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()
