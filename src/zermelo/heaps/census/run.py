"""The census coordinator: which games are left, Dask to compute them, SQLite to keep them.

Without a scheduler address it starts a :class:`dask.distributed.LocalCluster` of worker processes
(one thread each); with ``scheduler="tcp://host:port"`` the same code runs on an existing cluster
(``dask scheduler`` and ``dask worker``, docs/census.md).  Each game is one task,
:func:`zermelo.heaps.census.work.compute`; the coordinator writes each result as it arrives, in one
transaction with the rows of the codes stored as it.

Faults:

* the coordinator killed (``kill -9``, power cut): every committed row stays, none is half
  written; the next run skips them and resumes the others from their checkpoints (a game that had
  finished on a worker but was not yet stored resumes from its final checkpoint at once);
* a worker killed mid-game: the scheduler gives the task to another worker (it resumes from the
  game's checkpoint when the workers share a file system);
* a game that keeps failing (an exception, or workers dying on it past Dask's
  ``allowed-failures``): each failure is stored with its error; after ``max_attempts`` it is not
  tried again (``retry_failed=True`` tries again).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.metadata
import itertools
import logging
import os
import re
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.checks import shown
from ...core.cluster import dask_cluster, release
from ...core.errors import InvalidPosition
from .families import Member
from .store import Store
from .work import compute

__all__ = ["CensusProgress", "CensusSummary", "checkpoint_dir", "run"]

#: How many times a game may fail before it is left marked with its error.
MAX_ATTEMPTS = 3


@dataclass(frozen=True)
class CensusProgress:
    """Games done (stored, skipped or given up) out of the total, and the time so far."""

    done: int
    total: int
    failed: int
    seconds: float
    computed: int  # games computed in this run (the rate counts these)

    @property
    def rate(self) -> float:
        """Games computed per second in this run."""
        return self.computed / self.seconds if self.seconds > 0 else 0.0

    @property
    def eta(self) -> float | None:
        """Seconds left at the current rate (None before the first game)."""
        return (self.total - self.done) / self.rate if self.rate > 0 else None


@dataclass(frozen=True)
class CensusSummary:
    """What one run did."""

    codes: int  # codes of the family
    games: int  # distinct games they are stored as
    stored: int  # games already in the database
    computed: int  # games computed and stored by this run
    failed: int  # games marked with an error
    seconds: float
    workers: int


def _version() -> str:
    """zermelo's version, from the installed package's metadata (no import of the front end)."""
    try:
        return importlib.metadata.version("zermelo")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - run from a bare source tree
        return "unknown"


def checkpoint_dir(db: str | os.PathLike[str]) -> Path:
    """Where the games' checkpoints live: beside the database (``census.sqlite.checkpoints``)."""
    p = Path(db).resolve()
    return p.with_name(p.name + ".checkpoints")


def _checkpoint(db: str | os.PathLike[str], game: tuple[str, str], upto: int) -> Path:
    safe = re.sub(r"[^0-9A-Za-z.,-]", "_", f"{game[0]}_{game[1]}_{upto}")
    return checkpoint_dir(db) / f"{safe}.npz"


#: Games sent to the cluster ahead of each worker (the rest wait here, sent as games end).
IN_FLIGHT = 4
#: The most heaps a census computes of each game (each worker holds one to eight bytes a heap).
MAX_UPTO = 1_000_000_000


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def run(
    members: list[Member],
    upto: int,
    db: str | os.PathLike[str],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    max_upto: int | None = None,
    progress: Callable[[CensusProgress], None] | None = None,
    max_attempts: int = MAX_ATTEMPTS,
    retry_failed: bool = False,
    task: Callable[..., dict[str, Any]] = compute,
    processes: bool = True,
    dashboard: bool = False,
) -> CensusSummary:
    """Compute every game of ``members`` to ``upto`` heaps not yet in ``db``; store each result.

    ``task`` is the function the workers run (:func:`zermelo.heaps.census.work.compute`); ``processes``
    False runs the local workers as threads of this process (tests); ``dashboard`` turns on Dask's
    dashboard of a local cluster (:func:`dask_cluster`).
    """
    __version__ = _version()
    if not _whole(upto) or upto > MAX_UPTO:
        raise InvalidPosition(f"--upto must be a whole number from 0 to {MAX_UPTO:,}, got {shown(upto)}")
    if workers is not None and (not _whole(workers) or workers < 1):
        raise InvalidPosition(f"--workers must be a whole number of at least 1, got {shown(workers)}")
    if max_upto is not None and (not _whole(max_upto) or max_upto < upto):
        raise InvalidPosition(f"--max must be a whole number of at least --upto ({upto}), got {shown(max_upto)}")
    if not isinstance(db, (str, os.PathLike)):
        raise InvalidPosition(f"the census database must be a file name, got {shown(db)}")
    if progress is not None and not callable(progress):
        raise InvalidPosition(f"progress must be a function of a CensusProgress, got {shown(progress)}")
    began = time.monotonic()
    by_game: dict[tuple[str, str], list[Member]] = defaultdict(list)
    for m in members:
        by_game[(m.game_family, m.game_code)].append(m)
    pending: dict[tuple[str, str], int] = {}  # game -> attempts so far
    stored = failed = 0
    if progress is not None:  # the display starts now: looking up 131,072 games takes seconds
        progress(CensusProgress(0, len(by_game), 0, time.monotonic() - began, 0))
    with Store(db) as store:
        known = store.statuses(upto)
        for game, ms in by_game.items():
            status, attempts = known.get(game, (None, 0))
            if status == "done":
                store.link(game, upto, ms)  # codes new to this census get their rows
                stored += 1
            elif status == "failed" and attempts >= max_attempts and not retry_failed:
                failed += 1
            else:
                pending[game] = 0 if retry_failed else attempts
        total = len(by_game)
        done = stored + failed
        computed = 0

        def report() -> None:
            if progress is not None:
                progress(CensusProgress(done, total, failed, time.monotonic() - began, computed))

        report()
        if not pending:
            return CensusSummary(len(members), total, stored, 0, failed, time.monotonic() - began, 0)
        checkpoint_dir(db).mkdir(parents=True, exist_ok=True)
        client, cluster, nworkers = dask_cluster(workers, scheduler, processes, dashboard)
        token = uuid.uuid4().hex[:8]
        futures: dict[Any, tuple[str, str]] = {}
        try:
            as_completed = importlib.import_module("distributed").as_completed

            def submit(game: tuple[str, str]) -> Any:
                path = str(_checkpoint(db, game, upto))
                key = f"census-{game[0]}:{game[1]}-{upto}-{token}-{pending[game]}"
                f = client.submit(task, *game, upto, max_upto, path, __version__, key=key, pure=False)
                futures[f] = game
                return f

            # A few games a worker in flight, the next one sent as one ends: 131,072 games sent at
            # once took 40 s before the first could start (and the scheduler held them all).
            waiting = iter(list(pending))
            ahead = itertools.islice(waiting, IN_FLIGHT * max(nworkers, 4))
            queue = as_completed([submit(g) for g in ahead], loop=client.loop)
            for future in queue:
                game = futures.pop(future)
                try:
                    result = future.result()
                except Exception as exc:  # the game's own error, or KilledWorker
                    pending[game] += 1
                    error = f"{type(exc).__name__}: {exc}"
                    store.fail(game, upto, error, pending[game], by_game[game])
                    if pending[game] < max_attempts:
                        queue.add(submit(game))
                        continue
                    failed += 1
                else:
                    result["attempts"] = pending[game]
                    store.save(game, upto, result, by_game[game])
                    with contextlib.suppress(OSError):
                        _checkpoint(db, game, upto).unlink(missing_ok=True)
                    computed += 1
                done += 1
                report()
                following = next(waiting, None)
                if following is not None:
                    queue.add(submit(following))
        except KeyboardInterrupt:
            # Ctrl-C: the command prints one line; Dask's loggers would add tracebacks of the
            # futures being torn down ("Task exception was never retrieved").
            for name in ("asyncio", "distributed", "tornado"):
                logging.getLogger(name).setLevel(logging.CRITICAL + 1)
            raise
        finally:
            release(client, cluster, futures)
            with contextlib.suppress(OSError):
                checkpoint_dir(db).rmdir()  # only when empty: no game is left to resume
    return CensusSummary(len(members), total, stored, computed, failed, time.monotonic() - began, nworkers)
