"""The games.  Each module holds one family's rules and registers it with the CLI.

>>> from zermelo.games import Nim, Wythoff
>>> Nim().parse("3 4 5"), Wythoff().parse("26 34")
((3, 4, 5), (26, 34))
"""

from __future__ import annotations

from . import _register  # noqa: F401  (after the classes: registers them with the CLI)
from .clobber import Clobber
from .col import Col, Snort
from .cutcake import Cutcake
from .digraph import Digraph
from .domineering import Domineering
from .hackenbush import Hackenbush
from .heap import HeapGame
from .nim import Nim
from .subtraction import AllBut, PrimePower, Square, Subtraction
from .toads import ToadsAndFrogs
from .toppling import TopplingDominoes
from .wythoff import Wythoff

__all__ = [
    "AllBut",
    "Clobber",
    "Col",
    "Cutcake",
    "Digraph",
    "Domineering",
    "Hackenbush",
    "HeapGame",
    "Nim",
    "PrimePower",
    "Snort",
    "Square",
    "Subtraction",
    "ToadsAndFrogs",
    "TopplingDominoes",
    "Wythoff",
]
