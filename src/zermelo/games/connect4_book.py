"""A Connect Four opening book built by zermelo's own solver: every position up to K plies with
its exact score.

``zermelo book connect4 --plies K`` (:func:`build`) lists every position reachable in at most K
moves where nobody has won yet, one per mirror pair (a position and its mirror image have the
same score), solves the positions at exactly K plies with the compiled solver of
:mod:`zermelo.games.connect4_kernel` (strong: the exact score), and backs the scores up to the
empty board by negamax over each position's moves — so only the last ply is searched.  The
positions at ply K go to the search in the order they were listed (siblings side by side, so a
worker's table keeps what their searches share), in chunks: on the census's Dask workers (a
local cluster of ``workers`` processes, or an existing scheduler) or in a local loop.

The book is one ``.npz`` file: the sorted keys (``current + mask`` in John Tromp's bitboard
layout, the smaller of a position's and its mirror's), the scores (Pons' scores, int8), the board
size and K.  Solved chunks go to a checkpoint beside it (``FILE.partial.npz``) every few seconds
and when the run stops (Ctrl-C, an error), so running the same command again resumes.
:func:`load` reads the book of a board size from the book directory (``$ZERMELO_CACHE_DIR/books``,
else ``~/.cache/zermelo/books``), where ``zermelo book`` writes by default, or the one shipped with
zermelo (:data:`SHIPPED`: 6x5 to 6 plies), whichever is deeper; ``Connect4``'s ``exact_value``
answers from it for every position up to K plies.

>>> [len(level) for level in levels(4, 4, 4)]
[1, 2, 8, 26, 82]
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..core.cluster import dask_cluster, release
from ..core.errors import InvalidPosition
from ..core.files import BadFile, cache_dir, cannot_write, check_output, check_target, ignored, read_npz, write_npz
from .connect4_bits import NO_BOOK_ENV, four, key

__all__ = [
    "Book",
    "BookProgress",
    "BookSummary",
    "book_path",
    "build",
    "forget",
    "levels",
    "load",
    "read",
    "shipped_path",
    "solve_chunk",
]

#: Bumped when the file format changes (an older file is then not read).
FORMAT = 1
#: Seconds between checkpoints while building.
CHECKPOINT_SECONDS = 10.0


def _children(cur: int, mask: int, w: int, h: int) -> Iterator[tuple[int, int, bool]]:
    """``(child current, child mask, the mover has four)`` for each column that is not full."""
    for c in range(w):
        if mask & (1 << (c * (h + 1) + h - 1)):
            continue
        move = (mask + (1 << (c * (h + 1)))) & (((1 << h) - 1) << (c * (h + 1)))
        yield cur ^ mask, mask | move, four(cur | move, h)


def levels(w: int, h: int, plies: int) -> list[list[tuple[int, int]]]:
    """The positions after 0..``plies`` moves where nobody has won and the board is not full,
    one per mirror pair, as ``(current, mask)`` bitboards, ply by ply."""
    out = [[(0, 0)]]
    for _ in range(min(plies, w * h - 1)):
        seen: set[int] = set()
        nxt = []
        for cur, mask in out[-1]:
            for ccur, cmask, won in _children(cur, mask, w, h):
                k = key(ccur, cmask, w, h)
                if not won and k not in seen:
                    seen.add(k)
                    nxt.append((ccur, cmask))
        out.append(nxt)
    return out


def solve_chunk(w: int, h: int, moves: int, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``(score, positions searched)`` of each ``(current, mask)`` (the task a worker runs)."""
    from .connect4_kernel import solve

    return [solve(cur, mask, moves, w, h) for cur, mask in pairs]


@dataclass(frozen=True)
class BookProgress:
    """Positions at the last ply solved out of all of them, positions searched, seconds."""

    done: int
    total: int
    nodes: int
    seconds: float


@dataclass(frozen=True)
class BookSummary:
    path: Path
    w: int
    h: int
    plies: int
    positions: int  # in the book (every ply)
    leaves: int  # at the last ply, searched
    resumed: int  # leaves read from a checkpoint
    nodes: int  # positions the searches visited in this run
    seconds: float
    workers: int  # 0: a local loop


class Book:
    """A loaded book: the exact score of every position up to ``plies`` moves."""

    def __init__(self, w: int, h: int, plies: int, keys: np.ndarray, scores: np.ndarray) -> None:
        self.w, self.h, self.plies = w, h, plies
        self.scores: dict[int, int] = dict(zip(keys.tolist(), scores.tolist(), strict=True))

    def score(self, cur: int, mask: int, moves: int) -> int | None:
        """Pons' score of the position, or None when it is deeper than the book."""
        if moves > self.plies:
            return None
        return self.scores.get(key(cur, mask, self.w, self.h))

    def __len__(self) -> int:
        return len(self.scores)


def book_path(w: int, h: int) -> Path:
    """Where the book of a board size is kept by default."""
    return cache_dir() / "books" / f"connect4-{w}x{h}.npz"


#: The largest book read (the 6x5 book to 6 plies is 51 KB; 12 plies would be some 60 MB).
MAX_BYTES = 256 << 20


def read(path: str | os.PathLike[str]) -> Book:
    """The book in ``path``: its checksum and every field checked (a :class:`~zermelo.core.files.BadFile`
    if it is not one: edited, damaged, truncated, another file)."""
    data = read_npz(path, what="Connect Four book", max_bytes=MAX_BYTES)
    try:
        if int(data["format"]) != FORMAT:
            raise BadFile(f"Connect Four book {path}: a book of another format; build it again")
        w, h, plies, keys, scores = (int(data["w"]), int(data["h"]), int(data["plies"]), data["keys"], data["scores"])
        if not (w >= 1 and h >= 1 and w * (h + 1) <= 62 and 0 <= plies <= w * h):
            raise ValueError(f"board {w}x{h}, {plies} plies")
        if keys.ndim != 1 or keys.dtype != np.uint64 or scores.shape != keys.shape or scores.dtype != np.int8:
            raise ValueError("keys and scores do not match")
        if keys.size and (np.any(keys[1:] <= keys[:-1]) or int(np.abs(scores.astype(np.int64)).max()) > w * h):
            raise ValueError("keys not sorted or a score out of range")
    except (KeyError, ValueError, TypeError) as exc:
        raise BadFile(f"Connect Four book {path}: not a book ({exc})") from None
    return Book(w, h, plies, keys, scores)


#: Books that come with zermelo, built by its own solver (``make books``): 6x5 to 6 plies (51 KB),
#: so the web explorer answers a new 6x5 game at once (its search takes 1-2 s, more than a
#: loaded server's request may spend, docs/minimax.md).
SHIPPED = Path(__file__).with_name("books")


def shipped_path(w: int, h: int) -> Path:
    """Where zermelo's own book of a board size is (it may not have one)."""
    return SHIPPED / f"connect4-{w}x{h}.npz"


_LOADED: dict[tuple[int, int], Book | None] = {}


def load(w: int, h: int) -> Book | None:
    """The book of this board size, read once per process (None if there is none, or with
    ``$ZERMELO_NO_BOOK`` set): the deeper of the one ``zermelo book`` wrote to the book directory
    and the one shipped with zermelo."""
    if (w, h) not in _LOADED:
        found = []
        paths = () if os.environ.get(NO_BOOK_ENV) else (book_path(w, h), shipped_path(w, h))
        for path in paths:
            if os.path.lexists(path):
                try:
                    found.append(read(path))
                except BadFile as exc:
                    ignored(exc, "positions past the other book are searched")
        good = [b for b in found if (b.w, b.h) == (w, h)]
        _LOADED[(w, h)] = max(good, key=lambda b: b.plies, default=None)
    return _LOADED[(w, h)]


def forget() -> None:
    """Read the books again on next use (after one was written)."""
    _LOADED.clear()


def _save(path: Path, **arrays: Any) -> None:
    """Write an ``.npz`` atomically, with its checksum (a stop mid-write leaves the old file; the
    same arrays give the same bytes: ``make books`` rebuilds the shipped book byte for byte)."""
    write_npz(path, arrays, what="Connect Four book")


def _partial(path: Path) -> Path:
    return path.with_name(path.name + ".partial.npz")


def _read_checkpoint(path: Path, w: int, h: int, plies: int) -> dict[int, int]:
    part = _partial(path)
    if not os.path.lexists(part):
        return {}
    try:
        data = read_npz(part, what="book checkpoint", max_bytes=MAX_BYTES)
        if (int(data["format"]), int(data["w"]), int(data["h"]), int(data["plies"])) != (FORMAT, w, h, plies):
            return {}
        keys, scores = data["keys"], data["scores"]
        if keys.shape != scores.shape or keys.ndim != 1 or (scores.size and int(np.abs(scores).max()) > w * h):
            raise BadFile(f"book checkpoint {part}: its keys and scores do not match")
        return dict(zip(keys.tolist(), scores.tolist(), strict=True))
    except BadFile as exc:
        ignored(exc, "solving every position again")
    except (KeyError, ValueError, TypeError) as exc:
        ignored(BadFile(f"book checkpoint {part}: not a checkpoint ({exc})"), "solving every position again")
    return {}


def _write_checkpoint(path: Path, w: int, h: int, plies: int, solved: dict[int, int]) -> None:
    keys = np.fromiter(solved.keys(), np.uint64, len(solved))
    scores = np.fromiter(solved.values(), np.int8, len(solved))
    _save(_partial(path), format=FORMAT, w=w, h=h, plies=plies, keys=keys, scores=scores)


def build(
    w: int,
    h: int,
    plies: int,
    path: str | os.PathLike[str] | None = None,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[BookProgress], None] | None = None,
    processes: bool = True,
) -> BookSummary:
    """Build (or resume) the book of every position up to ``plies`` moves and write it to ``path``
    (default: :func:`book_path`).  ``workers`` > 1 or a ``scheduler`` address run the searches on
    Dask workers (the census's cluster); otherwise a local loop."""
    if w * (h + 1) > 62:
        raise InvalidPosition(f"connect4:{w}x{h}: a book needs the compiled solver (columns x (rows + 1) <= 62)")
    if plies < 0 or plies > w * h:
        raise InvalidPosition(f"--plies must be from 0 to {w * h}, got {plies}")
    if workers is not None and workers < 1:
        raise InvalidPosition(f"--workers must be at least 1, got {workers}")
    began = time.monotonic()
    out = Path(path) if path is not None else book_path(w, h)
    # A device, FIFO or symbolic link is refused before the work; the user's --out folder must
    # exist too, as for every output (the book directory, the default, is made below).
    (check_output if path is not None else check_target)(out, "Connect Four book")
    check_target(_partial(out), "book checkpoint")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)  # the book directory is made on first use
    except OSError as exc:
        raise cannot_write(out, exc, "Connect Four book") from None
    lv = levels(w, h, plies)
    last = len(lv) - 1  # below plies only when the board fills first
    leaves = lv[last]
    solved = _read_checkpoint(out, w, h, plies)
    resumed = len(solved)
    pending = [p for p in leaves if key(*p, w, h) not in solved]
    nodes = 0
    saved = [time.monotonic()]

    def report() -> None:
        if progress is not None:
            progress(BookProgress(len(leaves) - len(pending) + done[0], len(leaves), nodes, time.monotonic() - began))

    def record(pairs: list[tuple[int, int]], got: list[tuple[int, int]]) -> None:
        nonlocal nodes
        for (cur, mask), (score, n) in zip(pairs, got, strict=True):
            solved[key(cur, mask, w, h)] = score
            nodes += n
        done[0] += len(pairs)
        if time.monotonic() - saved[0] > CHECKPOINT_SECONDS:
            _write_checkpoint(out, w, h, plies, solved)
            saved[0] = time.monotonic()
        report()

    done = [0]
    used = 0
    report()
    try:
        if pending and (scheduler is not None or (workers or 1) > 1):
            used = _on_dask(w, h, last, pending, workers, scheduler, processes, record)
        else:
            for i in range(0, len(pending), 8):
                chunk = pending[i : i + 8]
                record(chunk, solve_chunk(w, h, last, chunk))
    finally:
        if done[0] and len(solved) < len(leaves):
            _write_checkpoint(out, w, h, plies, solved)
    scores = _back_up(w, h, lv, solved)
    keys = np.array(sorted(scores), np.uint64)
    values = np.array([scores[k] for k in keys.tolist()], np.int8)
    _save(out, format=FORMAT, w=w, h=h, plies=last, keys=keys, scores=values)
    _partial(out).unlink(missing_ok=True)
    forget()
    return BookSummary(out, w, h, last, len(keys), len(leaves), resumed, nodes, time.monotonic() - began, used)


def _back_up(w: int, h: int, lv: list[list[tuple[int, int]]], solved: dict[int, int]) -> dict[int, int]:
    """Every position's score from the last ply's: the best of its moves (negamax)."""
    scores = dict(solved)
    wh = w * h
    for n in range(len(lv) - 2, -1, -1):
        for cur, mask in lv[n]:
            best = -wh
            for ccur, cmask, won in _children(cur, mask, w, h):
                # The board cannot fill here: the last ply is below w * h.
                best = max(best, (wh + 1 - n) // 2 if won else -scores[key(ccur, cmask, w, h)])
            scores[key(cur, mask, w, h)] = best
    return scores


def _on_dask(
    w: int,
    h: int,
    moves: int,
    pending: list[tuple[int, int]],
    workers: int | None,
    scheduler: str | None,
    processes: bool,
    record: Callable[[list[tuple[int, int]], list[tuple[int, int]]], None],
) -> int:
    """Solve ``pending`` in chunks on a Dask cluster (:mod:`zermelo.core.cluster`); the number of workers."""
    client, cluster, n = dask_cluster(workers, scheduler, processes)
    futures: dict[Any, list[tuple[int, int]]] = {}
    try:
        as_completed = importlib.import_module("distributed").as_completed
        size = max(1, min(64, len(pending) // (8 * n)))
        for i in range(0, len(pending), size):
            chunk = pending[i : i + size]
            futures[client.submit(solve_chunk, w, h, moves, chunk, pure=False)] = chunk
        for future in as_completed(list(futures), loop=client.loop):
            record(futures.pop(future), future.result())
    finally:
        release(client, cluster, futures)
    return n
