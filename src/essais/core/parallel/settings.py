"""How one search or count runs, made once from a public function's keywords and handed on
whole: the method and engine resolved, the limits, and for a count split into sub-trees its
processes, Dask scheduler, checkpoint file and progress display."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from essais.core.engine import Methods
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl
from essais.core.parallel.split import run_split
from essais.core.parallel.tasks import Progress, Solver, SplitRun, workers_for


@dataclass(frozen=True)
class Settings:
    """A search's settings (see the module's docstring); `workers` already checked."""

    method: str
    engine: str
    limits: Limits | None = None
    workers: int = 1
    scheduler: str | None = None
    checkpoint: str | Path | None = None
    progress: Progress | None = None

    @classmethod
    def of(
        cls,
        methods: Methods,
        method: str | None,
        engine: str | None,
        *,
        count: bool = False,
        limits: Limits | None = None,
        workers: int | None = 1,
        scheduler: str | None = None,
        checkpoint: str | Path | None = None,
        progress: Progress | None = None,
    ) -> Settings:
        """The settings of a public function's keywords: the method resolved in `methods` (its
        count default with `count`), the workers checked (None: one per core for numba)."""
        method, engine = methods.resolve(method, engine, count=count)
        return cls(method, engine, limits, workers_for(workers, engine), scheduler, checkpoint, progress)

    @property
    def split(self) -> bool:
        """A count split into sub-trees: on more than one process, a scheduler, or with a checkpoint."""
        return self.workers > 1 or self.scheduler is not None or self.checkpoint is not None

    def check_split(self) -> None:
        """A split count runs compiled sub-trees: refused in the python engine."""
        if self.split and self.engine != "numba":
            raise InvalidInput("engine: a count split over workers, a scheduler or a checkpoint runs the numba engine")

    def run_split(
        self, problem: dict[str, Any], tasks: list[Any], solve: Solver, control: SearchControl, **best: Any
    ) -> SplitRun:
        """The tasks run as these settings say (core.parallel.run_split; `best`: its keywords
        of a shared best, best_of, best_size, best_start, minimise)."""
        return run_split(problem, tasks, solve, control=control, workers=self.workers, scheduler=self.scheduler,
                         checkpoint=self.checkpoint, progress=self.progress, **best)  # fmt: skip
