"""Proven periods, computed once per game and kept on disk: instant answers for any heap.

A heap game whose Grundy sequence is proven periodic (a subtraction game by the pigeonhole bound,
an octal or take-and-break code by Guy–Smith's theorem: :mod:`zermelo.search.periodicity`) has
``G(n) = G(n0 + (n - n0) mod p)`` for every ``n >= n0``.  :func:`proven_period` runs
:func:`~zermelo.heaps.sequence.sequence` (the compiled kernels) until the theorem proves the
period, then stores the first ``n0 + p`` values and the proof in the cache directory
(:func:`zermelo.core.files.cache_dir`), so a later call — in this process or the next — reads it instead.  A game
whose period is not proven within :data:`MAX_UPTO` heaps is remembered as such, with how far it
was tried.  Each file carries the SHA-256 of its content (:func:`zermelo.core.files.checked_json`): a
file that cannot be read, was edited or damaged, or was written for another game, is ignored
(a bad one with a warning line on stderr) and computed again.

>>> from zermelo.games import Subtraction
>>> pp = proven_period(Subtraction({1, 2, 3}))
>>> pp.period, pp.preperiod, pp.value(10**12 + 1)
(4, 0, 1)
>>> pp.describe()
'period 4 from 0, proven: G(n) = G(n mod 4)'
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.cache import KeyedCache
from ..core.errors import InvalidPosition
from ..core.files import BadFile, cache_dir, checked_json, ignored, read_text, unchecked_json, write_atomic
from .heap import HeapGame

__all__ = ["MAX_UPTO", "ProvenPeriod", "proven_period"]

#: Heaps computed at most while looking for a proof (a few seconds of the compiled kernels).
MAX_UPTO = 1 << 18
#: The first attempt; each further attempt computes sixteen times as many heaps.
FIRST_UPTO = 1 << 10
#: Bumped when the file format changes: older files are then recomputed (2: arithmetic periods of
#: all-but games, which format 1 stored as "not proven").
FORMAT = 2


@dataclass(frozen=True)
class ProvenPeriod:
    """``G(n) = values[n]`` below ``preperiod + period``, and ``G(n) = G(n - period) + saltus``
    beyond (``saltus`` is 0 except for the arithmetic periods of all-but games)."""

    game: str
    preperiod: int
    period: int
    values: tuple[int, ...]
    proof: str
    saltus: int = 0

    def value(self, n: int) -> int:
        """G(n) for any heap ``n >= 0``, however many digits it has."""
        if n < len(self.values):
            return self.values[n]
        k, r = divmod(n - self.preperiod, self.period)
        return self.values[self.preperiod + r] + k * self.saltus

    def reduced(self, n: int) -> int:
        """The small heap with the same value: ``n`` itself before the period, else its residue."""
        if n < len(self.values):
            return n
        return self.preperiod + (n - self.preperiod) % self.period

    def describe(self) -> str:
        """The period in the notes' words, e.g. ``period 4 from 0, proven: G(n) = G(n mod 4)``.

        >>> ProvenPeriod("x", 3, 5, tuple(range(8)), "").describe()
        'period 5 from 3, proven: G(n) = G(n - 5) for n >= 8'
        """
        if self.saltus:
            rule = f"G(n) = G(n - {self.period}) + {self.saltus} for n >= {self.preperiod + self.period}"
            return f"arithmetic period {self.period} from {self.preperiod} with saltus {self.saltus}, proven: {rule}"
        if self.preperiod == 0:
            rule = f"G(n) = G(n mod {self.period})"
        else:
            rule = f"G(n) = G(n - {self.period}) for n >= {self.preperiod + self.period}"
        return f"period {self.period} from {self.preperiod}, proven: {rule}"

    def p_positions(self) -> list[int]:
        """The residues (or small heaps) of value 0: the P-positions, repeating with the period
        (with a saltus, the values past the first period are never 0 again)."""
        return [n for n, v in enumerate(self.values) if v == 0]

    def heaps_of_value(self, t: int, below: int, first: int) -> tuple[int, list[int]]:
        """How many heaps ``0 <= n < below`` have ``G(n) = t``, and the ``first`` smallest of them.

        Counted per residue class, so ``below`` may have any number of digits.

        >>> pp = ProvenPeriod("subtraction:1,2,3", 0, 4, (0, 1, 2, 3), "")
        >>> pp.heaps_of_value(2, 10**12, 3)
        (250000000000, [2, 6, 10])
        >>> ProvenPeriod("allbut:1,2", 0, 3, (0, 0, 0), "", saltus=1).heaps_of_value(4, 10**12, 5)
        (3, [12, 13, 14])
        """
        n0, p, s = self.preperiod, self.period, self.saltus
        count, found = 0, list[int]()
        for n in range(min(n0, below)):
            if self.values[n] == t:
                count += 1
                if len(found) < first:
                    found.append(n)
        starts: list[int] = []  # the least heap >= n0 of value t in each residue class that has one
        for r in range(p):
            base = self.values[n0 + r]
            if s == 0:
                if base == t:
                    starts.append(n0 + r)
            elif t >= base and (t - base) % s == 0:
                starts.append(n0 + r + (t - base) // s * p)
        for a in starts:
            if a < below:
                count += 1 if s else (below - 1 - a) // p + 1
        if len(found) < first:
            step = p if s == 0 else None
            more: list[int] = []
            for a in starts:
                n = a
                while n < below and len(more) < first:
                    more.append(n)
                    if step is None:
                        break
                    n += step
            found.extend(sorted(more)[: first - len(found)])
        return count, found


def _path(spec: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", spec)[:60]
    digest = hashlib.sha256(spec.encode()).hexdigest()[:12]
    return cache_dir() / "periods" / f"{safe}-{digest}.json"


#: The proven periods of the last games asked (``None``: tried, not proven); the disk keeps them all.
_MEMO: KeyedCache[str, ProvenPeriod | None] = KeyedCache(size=64)
_MISSING = object()


#: The largest period-cache file read (a proof of 2^18 values is a few MiB).
MAX_BYTES = 64 << 20


def _read(spec: str) -> tuple[bool, ProvenPeriod | None]:
    """(found, the period or None for "tried, not proven"); (False, None) for a missing or bad file
    (a bad one, its checksum or its content, is said in one warning line)."""
    path = _path(spec)
    if not os.path.lexists(path):
        return False, None
    try:
        data = unchecked_json(read_text(path, what="period cache", max_bytes=MAX_BYTES), path, "period cache")
        if data.get("format") != FORMAT or data.get("game") != spec:
            return False, None  # an older format, or a name clash: computed again, quietly
        if not data["proven"]:
            return (int(data["tried"]) >= MAX_UPTO), None
        n0, p, values, rise = int(data["preperiod"]), int(data["period"]), data["values"], int(data["saltus"])
        if n0 < 0 or p <= 0 or rise < 0 or len(values) != n0 + p or not all(type(v) is int and v >= 0 for v in values):
            raise BadFile(f"period cache {path}: its values are not a period")
        return True, ProvenPeriod(spec, n0, p, tuple(values), str(data["proof"]), rise)
    except BadFile as exc:
        ignored(exc, "computing the period again")
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        ignored(BadFile(f"period cache {path}: not a period ({exc})"), "computing the period again")
    return False, None


def _write(spec: str, found: ProvenPeriod | None, tried: int) -> None:
    data: dict[str, Any] = {"format": FORMAT, "game": spec, "proven": found is not None, "tried": tried}
    if found is not None:
        data |= {"preperiod": found.preperiod, "period": found.period, "values": list(found.values)}
        data["saltus"] = found.saltus
        data["proof"] = found.proof
    path = _path(spec)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, checked_json(data), what="period cache")  # another process never reads half
    except (OSError, InvalidPosition):
        pass  # a read-only or full cache: the answer is still right, only not remembered


def proven_period(game: HeapGame) -> ProvenPeriod | None:
    """The proven period of a heap game's Grundy sequence, or ``None`` if no theorem proves one.

    Computed at most once per game (memory, then the disk cache of :func:`cache_dir`).
    """
    spec = game.spec()
    kept = _MEMO.get(spec, _MISSING)
    if kept is not _MISSING:
        return kept  # type: ignore[no-any-return]
    found, pp = _read(spec)
    if not found:
        pp, tried = _compute(game)
        _write(spec, pp, tried)
    _MEMO[spec] = pp
    return pp


def _compute(game: HeapGame) -> tuple[ProvenPeriod | None, int]:
    from .sequence import has_theorem, sequence

    if not has_theorem(game):
        return None, MAX_UPTO  # no periodicity theorem for this game: nothing to prove
    upto = FIRST_UPTO
    while True:
        s = sequence(game, upto, max_upto=MAX_UPTO)
        if s.proven and s.period and s.preperiod is not None:
            n0, p = s.preperiod, s.period
            if s.values.size < n0 + p:
                s = sequence(game, n0 + p, max_upto=MAX_UPTO)
            values = tuple(int(v) for v in s.values[: n0 + p])
            return ProvenPeriod(game.spec(), n0, p, values, s.proof, int(s.saltus)), s.computed
        if (s.period is None and upto >= MAX_UPTO // 16) or upto >= MAX_UPTO:
            return None, MAX_UPTO
        upto = min(upto * 16, MAX_UPTO)
