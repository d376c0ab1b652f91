"""The misère quotient of a heap game as one object, cached on disk: :func:`misere_quotient`.

>>> import zermelo as z
>>> q = z.misere_quotient(z.heaps.Octal("0.75"), 30)
>>> q.order, q.name, q.presentation
(8, 'R8', ['a² = 1', 'bc = ab', 'c² = b²', 'b³ = b'])
>>> q.period, q.preperiod, q.proven
(2, 8, True)
>>> str(q.outcome((12, 17, 25, 31, 40))), q.element_text(10**9)
('N', 'b')
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from numbers import Real
from pathlib import Path
from typing import Any

from ..core.cache import KeyedCache
from ..core.checks import game_argument, shown
from ..core.errors import InvalidArgument, InvalidPosition, Unsupported
from ..core.files import BadFile, checked_json, ignored, read_text, unchecked_json, write_atomic
from ..core.files import cache_dir as cache_root
from ..heaps.heap import heap_tuple
from ..rules import Outcome, Rules
from .monoid import Bipartite
from .onheaps import as_heap_game
from .quotient import MAX_CANDIDATE, Progress, compute

__all__ = ["MisereQuotient", "cache_dir", "cached_quotient", "misere_quotient"]

#: Format of the cached files; files of another version are ignored.
_VERSION = 1


@dataclass(frozen=True)
class MisereQuotient:
    """The misère quotient of a heap game's positions with heaps up to :attr:`upto`.

    ``phi[h]`` is heap ``h``'s element; with a proven :attr:`period` every heap has one.
    """

    game: str
    maxheap: int
    upto: int
    monoid: Bipartite
    phi: tuple[int, ...]
    period: int | None
    preperiod: int | None
    expansions: tuple[int, ...]
    complete: bool
    stopped: str | None
    seconds: float
    name: str | None = field(default=None)

    # ------------------------------------------------------------------ facts
    @property
    def order(self) -> int:
        return self.monoid.order

    @property
    def proven(self) -> bool:
        """Whether the pretending function's period is proven: the quotient of the whole game."""
        return self.period is not None

    @property
    def presentation(self) -> list[str]:
        return self.monoid.presentation()

    @property
    def generators(self) -> list[str]:
        return [self.monoid.element_text(g) for g in self.monoid.generators]

    @property
    def generator_heaps(self) -> list[int]:
        """The least heap whose element is each generator."""
        return [self.phi.index(g) for g in self.monoid.generators]

    @property
    def p_portion(self) -> list[str]:
        return [self.monoid.element_text(x) for x in sorted(self.monoid.p_portion)]

    def element(self, heap: int) -> int | None:
        """The element of one heap, or None beyond the heaps this quotient covers."""
        if heap <= self.upto:
            return self.phi[heap]
        if self.period is not None and self.preperiod is not None:
            n0, p = self.preperiod, self.period
            return self.phi[n0 + (heap - n0) % p]
        return None

    def element_text(self, heap: int) -> str:
        x = self.element(heap)
        if x is None:
            raise Unsupported(f"{self.game}: the quotient covers heaps up to {self.upto} only")
        return self.monoid.element_text(x)

    def covers(self, heaps: Iterable[int]) -> bool:
        return self.proven or all(h <= self.upto for h in heaps)

    def element_of(self, heaps: Iterable[int]) -> int:
        """The product of the heaps' elements."""
        xs = []
        for h in heaps:
            x = self.element(h)
            if x is None:
                raise Unsupported(f"{self.game}: the quotient covers heaps up to {self.upto} only, not {h}")
            xs.append(x)
        return self.monoid.product(xs)

    def position_facts(self, heaps: Iterable[int]) -> dict[str, Any]:
        """What the quotient says of one position (its heaps, all covered): the monoid's order and
        name, its P-portion, each heap's element and the position's (the web's Misère panel)."""
        heaps = list(heaps)
        return {
            "order": self.order,
            "name": self.name,
            "p_portion": self.p_portion,
            "upto": self.upto,
            "proven": self.proven,
            "heaps": [{"heap": h, "element": self.element_text(h)} for h in sorted(set(heaps))],
            "position": self.monoid.element_text(self.element_of(heaps)),
        }

    def outcome(self, position: int | Iterable[int]) -> Outcome:
        """P or N under misère play, read off the P-portion."""
        heaps = heap_tuple(position)
        return Outcome.P if self.element_of(heaps) in self.monoid.p_portion else Outcome.N

    def kernel(self) -> list[str]:
        return [self.monoid.element_text(x) for x in self.monoid.kernel()]

    def pretending(self, upto: int | None = None) -> list[str]:
        """Φ(0), Φ(1), ... as words."""
        top = self.upto if upto is None else upto
        return [self.element_text(h) for h in range(top + 1)]

    def summary(self) -> str:
        """One line: order, name, period."""
        name = f" ({self.name})" if self.name else ""
        head = f"{self.order}{name}, |P| = {len(self.monoid.p_portion)}"
        if self.proven:
            tail = f"pretending function periodic from heap {self.preperiod} with period {self.period} (proven)"
        elif self.complete:
            tail = f"no proven period up to heap {self.upto}"
        else:
            tail = f"no finite quotient up to heap {self.upto} (order so far {self.order}): {self.stopped}"
        return f"{head}; {tail}"

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """The facts of ``zermelo misere --json``; :meth:`from_json` reads them back (the table too)."""
        return {
            "game": self.game,
            "maxheap": self.maxheap,
            "upto": self.upto,
            "order": self.order,
            "name": self.name,
            "p_size": len(self.monoid.p_portion),
            "generators": self.generators,
            "generator_heaps": self.generator_heaps,
            "presentation": self.presentation,
            "p_portion": self.p_portion,
            "kernel": self.kernel(),
            "idempotents": [self.monoid.element_text(x) for x in self.monoid.idempotents()],
            "pretending": self.pretending(),
            "period": self.period,
            "preperiod": self.preperiod,
            "proven": self.proven,
            "expansions": list(self.expansions),
            "complete": self.complete,
            "stopped": self.stopped,
            "seconds": round(self.seconds, 3),
            "table": [self.monoid.row(x) for x in range(self.order)],
            "phi": list(self.phi),
            "p_elements": sorted(self.monoid.p_portion),
            "generator_elements": list(self.monoid.generators),
            "version": _VERSION,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MisereQuotient:
        if data.get("version") != _VERSION:
            raise ValueError("another cache version")
        table = [list(map(int, row)) for row in data["table"]]
        m = len(table)
        if any(len(row) != m or any(not 0 <= v < m for v in row) for row in table):
            raise ValueError("malformed table")
        monoid = Bipartite(table, frozenset(map(int, data["p_elements"])), tuple(map(int, data["generator_elements"])))
        phi = tuple(int(x) for x in data["phi"])
        if any(not 0 <= x < m for x in phi) or len(phi) != int(data["upto"]) + 1:
            raise ValueError("malformed pretending function")
        return cls(
            game=str(data["game"]),
            maxheap=int(data["maxheap"]),
            upto=int(data["upto"]),
            monoid=monoid,
            phi=phi,
            period=None if data["period"] is None else int(data["period"]),
            preperiod=None if data["preperiod"] is None else int(data["preperiod"]),
            expansions=tuple(int(x) for x in data["expansions"]),
            complete=bool(data["complete"]),
            stopped=data["stopped"],
            seconds=float(data["seconds"]),
            name=data["name"],
        )


# ---------------------------------------------------------------------- cache
def cache_dir() -> Path:
    """Where quotients are cached: the folder ``misere`` of :func:`zermelo.core.files.cache_dir`."""
    return cache_root() / "misere"


def _file(spec: str, maxheap: int) -> Path:
    safe = re.sub(r"[^A-Za-z0-9.,!_-]", "_", spec)
    return cache_dir() / f"{safe}-{maxheap}.json"


#: The largest cached quotient read.
MAX_BYTES = 64 << 20


def _load(path: Path, spec: str) -> MisereQuotient | None:
    """The cached quotient in ``path``: None when missing, for another game, or bad (edited,
    damaged: its checksum; said in one warning line)."""
    if not os.path.lexists(path):
        return None
    try:
        q = MisereQuotient.from_json(
            unchecked_json(read_text(path, what="misère cache", max_bytes=MAX_BYTES), path, "misère cache")
        )
    except BadFile as exc:
        ignored(exc, "computing the quotient again")
        return None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
        ignored(BadFile(f"misère cache {path}: not a quotient ({exc})"), "computing the quotient again")
        return None
    return q if q.game == spec else None


def _store(q: MisereQuotient) -> None:
    path = _file(q.game, q.maxheap)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, checked_json(q.to_json()), what="misère cache")
    except (OSError, InvalidPosition):
        pass  # a read-only or full cache only costs the next run its time


#: The last quotients computed or read (the disk cache keeps them all).
_MEMORY: KeyedCache[tuple[str, int], MisereQuotient] = KeyedCache()


def cached_quotient(spec: str, heaps: Iterable[int]) -> MisereQuotient | None:
    """A quotient of ``spec`` already computed (in memory or on disk) that covers these heaps."""
    hs = list(heaps)
    for q in _MEMORY.values():
        if q.game == spec and q.covers(hs):
            return q
    folder = cache_dir()
    if not folder.is_dir():
        return None
    safe = re.sub(r"[^A-Za-z0-9.,!_-]", "_", spec)
    for path in sorted(folder.glob(f"{glob_escape(safe)}-*.json")):
        found = _load(path, spec)
        if found is not None and found.covers(hs):
            _MEMORY[(spec, found.maxheap)] = found
            return found
    return None


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


def misere_quotient(
    game: Rules[Any],
    maxheap: int,
    *,
    seconds: float | None = None,
    progress: Callable[[Progress], None] | None = None,
    cache: bool = True,
    max_order: int = MAX_CANDIDATE,
) -> MisereQuotient:
    """The misère quotient of a heap game with heaps up to ``maxheap`` (the whole game once the
    pretending function's period is proven), cached per (game, maxheap).

    ``seconds`` bounds the time and ``max_order`` the size of a candidate quotient: a run that
    stops early says so (``complete`` false, ``stopped``) and is not cached.  ``progress`` gets
    :class:`~zermelo.misere.quotient.Progress` reports.
    """
    game_argument("misere_quotient", game, Rules)
    if seconds is not None and (
        not isinstance(seconds, Real) or isinstance(seconds, bool) or not math.isfinite(seconds) or seconds < 0
    ):
        raise InvalidArgument(f"misere_quotient: seconds must be a finite number >= 0 or None, got {shown(seconds)}")
    if progress is not None and not callable(progress):
        raise InvalidArgument(f"misere_quotient: progress must be a function of a Progress, got {shown(progress)}")
    heaps = as_heap_game(game)
    if heaps is not game:  # a game of the user's file: its rules may change between runs, so never cached
        cache = False
    game = heaps
    if not isinstance(maxheap, int) or isinstance(maxheap, bool) or maxheap < 1:
        raise InvalidPosition(f"maxheap must be a whole number >= 1, got {shown(maxheap)}")
    spec = game.spec()
    key = (spec, maxheap)
    if cache:
        hit = _MEMORY.get(key) or _load(_file(spec, maxheap), spec)
        if hit is not None:
            _MEMORY[key] = hit
            return hit
    if not isinstance(max_order, int) or isinstance(max_order, bool) or max_order < 2:
        raise InvalidPosition(f"max_order must be a whole number >= 2, got {shown(max_order)}")
    run = compute(game, maxheap, seconds=seconds, progress=progress, max_order=max_order)
    q = MisereQuotient(
        game=spec,
        maxheap=maxheap,
        upto=run.upto,
        monoid=run.quotient,
        phi=tuple(run.phi),
        period=run.period,
        preperiod=run.preperiod,
        expansions=tuple(run.expansions),
        complete=run.complete,
        stopped=run.stopped,
        seconds=round(run.seconds, 3),
        name=run.quotient.name() if run.quotient.order <= 16 else None,
    )
    if cache and q.complete:
        _MEMORY[key] = q
        _store(q)
    return q
