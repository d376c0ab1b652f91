"""Spawning games (CGSuite's ``game.heap.Spawning("1-3")``): a heap of n is replaced by a set of
distinct smaller heaps — the coin-turning games of Winning Ways ch. 14 in heap form (a head on
coin n is a heap of n; turning it and some coins to its left spawns heaps of those sizes).

The code is a comma-separated list of elements.  An element ``a``, ``a-b`` or ``a+`` says how
many coins a move turns, the heap's own coin included: a move replaces heap n by k − 1 distinct
heaps from 1 to n − 1 for a count k in the range (``1-3``: by nothing, one heap, or two).  After
the count, modifiers narrow which sets are allowed (CGSuite's letters):

* ``C`` the coins are consecutive (the heaps are n − k + 1 … n − 1); ``C(m)`` all within a window
  of m coins ending at n (every heap is at least n − m + 1);
* ``E`` equally spaced (with n); ``S`` symmetric (the coins, n among them, are symmetric about
  their middle); ``F`` the first coin, heap 1, is among them (a move turning coin n alone
  passes when the window reaches coin 1, as in CGSuite).

``1-3`` is Mock Turtles (values: the odious numbers 1, 2, 4, 7, 8, …), ``1-2`` Turning Turtles
(n; Nim), ``1+C`` Ruler (the largest power of 2 dividing n).  Heap 0 is 0.  Each heap's value is
found by the one engine as for any heap game.

>>> from zermelo import grundy
>>> [grundy(Spawning("1-3"), n) for n in range(1, 11)]
[1, 2, 4, 7, 8, 11, 13, 14, 16, 19]
>>> [grundy(Spawning("1+C"), n) for n in range(1, 9)]
[1, 2, 1, 4, 1, 2, 1, 8]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, permutations
from math import comb
from typing import ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidGame
from ..heaps.heap import HeapGame, Heaps, heap_tuple
from ..rules.catalogue import CGSuiteName, GameEntry, needs_params, register

__all__ = ["Spawning"]

_ELEMENT = re.compile(r"^(\d+)(?:(\+)|-(\d+))?((?:[CSEF]|C\(\d+\))*)$")
#: Most coins one element may turn when it has no upper bound (``1+``): all of them.
_ALL = 1 << 62
#: What a count of coins is called in the one-line error for one too long to read.
_COUNT = "spawning: a count of coins"


@dataclass(frozen=True)
class Element:
    """One element of a spawning code: turn ``low`` to ``high`` coins, with modifiers."""

    low: int
    high: int
    window: int  # the coins lie within this many, ending at the heap's own
    spacing: str  # "", "C" consecutive, "E" equally spaced, "S" symmetric
    first: bool  # heap 1 must be among them

    def spawn(self, n: int) -> Iterator[tuple[int, ...]]:
        """The sets of heaps a heap of ``n`` may become under this element."""
        earliest = max(1, n - self.window + 1)
        pool = range(earliest, n)
        for k in range(max(self.low - 1, 0), min(self.high - 1, len(pool)) + 1):
            if self.first and (k == 0 and earliest > 1):
                continue
            for heaps in self._sets(n, k, earliest):
                if not self.first or k == 0 or heaps[0] == 1:
                    yield heaps

    def count(self, n: int, most: int) -> int:
        """At least the number of sets :meth:`spawn` gives for a heap of ``n`` (duplicates and the
        ``F`` rule not taken off), or more than ``most`` as soon as that is certain."""
        earliest = max(1, n - self.window + 1)
        m = n - earliest
        low, high = max(self.low - 1, 0), min(self.high - 1, m)
        if high < low:
            return 0
        if self.spacing == "C":
            return high - low + 1  # one set for each count
        if self.spacing == "E":
            return (high - low + 1) * max(m, 1)  # at most m spacings for each count
        total = 0
        for k in range(low, high + 1):
            if self.spacing != "S" or k == 0:
                total += comb(m, k)
            else:  # S: a first coin p0, then pairs mirrored about (p0 + n) / 2, the centre or not
                for inner in range(m):  # the coins strictly between p0 and n
                    pairs, rest = inner // 2, k - 1
                    total += comb(pairs, rest // 2) if rest % 2 == 0 else comb(pairs, (rest - 1) // 2) * (inner % 2)
            if total > most:
                break
        return total

    def _sets(self, n: int, k: int, earliest: int) -> Iterator[tuple[int, ...]]:
        if k == 0:
            yield ()
        elif self.spacing == "C":
            if n - k >= earliest:
                yield tuple(range(n - k, n))
        elif self.spacing == "E":  # CGSuite's order: the widest spacing first
            for d in range((n - earliest) // k, 0, -1):
                yield tuple(n - d * (k - i) for i in range(k))
        elif self.spacing == "S":
            # Coins p0 < … < p(k-1) < n symmetric about (p0 + n) / 2.
            for p0 in range(earliest, n):
                inner = [h for h in range(p0 + 1, n) if 2 * h <= p0 + n]
                half = k - 1  # coins besides p0 and n, placed in symmetric pairs (or one centre)
                centre = (p0 + n) // 2 if (p0 + n) % 2 == 0 else None
                lower = [h for h in inner if h != centre]
                for with_centre in (False, True):
                    rest = half - (1 if with_centre else 0)
                    if rest < 0 or rest % 2 or (with_centre and centre is None):
                        continue
                    for pick in combinations(lower, rest // 2):
                        mirror = tuple(p0 + n - h for h in pick)
                        yield tuple(sorted((p0, *pick, *mirror, *((centre,) if with_centre else ()))))
        else:
            yield from combinations(range(earliest, n), k)


def parse_spawning(text: str) -> tuple[Element, ...]:
    """The elements of a spawning code; :class:`InvalidGame` naming the bad element."""
    out = []
    for raw in text.upper().replace(" ", "").split(","):
        m = _ELEMENT.match(raw)
        if m is None:
            raise InvalidGame(
                f"spawning: {raw!r} is not an element like 1-3, 2+, 1+C, 3S or 1-2F"
                " (a count of coins, then C, C(m), E, S, F)"
            )
        low = parse_int(m.group(1), _COUNT)
        high = _ALL if m.group(2) else parse_int(m.group(3), _COUNT) if m.group(3) else low
        if low < 1 or high < low:
            raise InvalidGame(f"spawning: {raw!r} needs 1 <= low <= high coins")
        mods = m.group(4)
        window = _ALL
        for w in re.findall(r"C\((\d+)\)", mods):
            window = parse_int(w, _COUNT)
        letters = re.sub(r"C\(\d+\)", "", mods)
        spacing = "".join(ch for ch in letters if ch in "CES")
        if len(set(spacing)) > 1:
            raise InvalidGame(f"spawning: {raw!r} has two spacings (C, E, S: choose one)")
        if window < low:
            continue  # CGSuite drops an element whose window holds fewer coins than it turns
        out.append(Element(low, min(high, window), window, spacing[:1], "F" in letters))
    if not out:
        raise InvalidGame(f"spawning: the code {text.strip()!r} allows no move")
    return tuple(out)


class Spawning(HeapGame):
    """A spawning game from its code (see the module docstring)."""

    name: ClassVar[str] = "spawning"
    breaks: ClassVar[bool] = True
    many_options = True  # a heap's options are counted before they are listed (C(n-1, k-1) of them)

    def __init__(self, code: str) -> None:
        self.code = code.strip().upper().replace(" ", "")
        self.elements = parse_spawning(code)

    def spec(self) -> str:
        return f"spawning:{self.code}"

    def heap_options(self, n: int) -> Iterator[int | tuple[int, ...]]:
        seen: set[tuple[int, ...]] = set()
        for heaps in self.listed(n):
            if heaps not in seen:
                seen.add(heaps)
                yield heaps if len(heaps) != 1 else heaps[0]

    def listed(self, n: int) -> Iterator[tuple[int, ...]]:
        """A heap's options as CGSuite's ``HeapOptions(n)`` lists them: element by element of the
        code, each by its count of heaps, then in increasing order of the heaps; an option two
        elements allow is listed twice.

        >>> list(Spawning("3E").listed(9)), list(Spawning("1,1-2").listed(2))
        ([(1, 5), (3, 6), (5, 7), (7, 8)], [(), (), (1,)])
        """
        if n <= 0:
            return  # heap 0 is no coin: no move
        for e in self.elements:
            yield from e.spawn(n)

    def board_clicks(self, position: Heaps, after: Heaps, side: str | None = None) -> list[list[str]]:
        """A move is clicked as the coins it turns, a heap of n being a head on coin n: the heap's
        last counter (its coin, turned to tails), then the counters at the sizes of the heaps it
        spawns (their coins, turned to heads), in any order when there are two (right to left
        when more).

        >>> Spawning("1-3").board_clicks(7, (2, 5)), Spawning("1-3").board_clicks((3, 7), 3)
        ([['h1:6', 'h1:4', 'h1:1'], ['h1:6', 'h1:1', 'h1:4']], [['h2:6']])
        """
        before = heap_tuple(position)
        gone, came = Counter(before) - Counter(heap_tuple(after)), Counter(heap_tuple(after)) - Counter(before)
        came.pop(0, None)
        if sum(gone.values()) != 1:
            return []
        (n,) = gone
        spawned = sorted(came.elements(), reverse=True)
        orders = list(permutations(spawned)) if len(spawned) <= 2 else [tuple(spawned)]
        return [
            [f"h{i + 1}:{n - 1}", *(f"h{i + 1}:{s - 1}" for s in order)]
            for i, h in enumerate(before)
            if h == n
            for order in orders
        ]

    def option_count(self, n: int) -> int:
        """A bound of heap ``n``'s options, compared with :attr:`most_options` before listing them: a
        move turning k coins has C(n - 1, k - 1) of them (``spawning:10`` at heap 71: 6·10^10).

        >>> Spawning("1-3").option_count(100), Spawning("10").option_count(71) > 10**10
        (4951, True)
        """
        total = 0
        for e in self.elements:
            total += e.count(n, self.most_options - total)
            if total > self.most_options:
                break
        return total


register(
    GameEntry(
        "spawning",
        needs_params(Spawning, "spawning", "the code", "1-3"),
        "spawning games (coin turning as heaps): a heap becomes distinct smaller heaps, by a CGSuite code",
        "CODE: elements like 1-3 (Mock Turtles), 1+C (Ruler), with C, C(m), E, S, F",
        "spawning:1-3 7",
        table="{n}",
        cgsuite=(CGSuiteName("game.heap.Spawning", family=True),),
        rules=Spawning,
    )
)
