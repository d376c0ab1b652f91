"""A labelled move: what a person would say ("take 3 from heap 2") and the position it leads to.

Its own module so that :mod:`zermelo.rules` stays one file of the rules' classes; imported from
there (``from zermelo.rules import Move``).

>>> m = Move("take 3 from heap 2", (1, 0, 5))
>>> str(m), m.position, m == Move("take 3 from heap 2", (1, 0, 5))
('take 3 from heap 2', (1, 0, 5), True)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

from ..core.frozen import Frozen

P = TypeVar("P", bound=Hashable)

_SET = object.__setattr__  # a frozen record's own fields, set once in __init__


class Move(Frozen, Generic[P]):
    """A labelled move: what a person would say ("take 3 from heap 2") and the position it leads to.
    Frozen, compared and hashed by both (a :class:`~zermelo.core.frozen.Frozen` record)."""

    __match_args__ = ("label", "position")
    __slots__ = __match_args__
    label: str
    position: P

    def __init__(self, label: str, position: P) -> None:
        # The two fields set directly, not by Frozen._fill's loop: every labelled option of a
        # search (negamax over a scored game's moves) makes one (0.6 µs here, 1.5 µs by _fill;
        # the dataclass it replaced took 0.6 µs).
        _SET(self, "label", label)
        _SET(self, "position", position)

    def __str__(self) -> str:
        return self.label
