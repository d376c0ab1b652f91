"""The games.  Each module holds one family's rules and registers it with the CLI.

>>> from zermelo.games import Nim, Wythoff
>>> Nim().parse("3 4 5"), Wythoff().parse("26 34")
((3, 4, 5), (26, 34))
"""

from __future__ import annotations

from . import _register  # noqa: F401  (after the classes: registers them with the CLI)
from .chomp import Chomp
from .cram import Cram
from .digraph import Digraph
from .divisor import Divisor
from .fibonacci import Fibonacci
from .green_hackenbush import GreenHackenbush
from .heap import HeapGame
from .kayles import DawsonKayles, Kayles
from .nim import Nim
from .northcott import Northcott
from .pokernim import PokerNim
from .queen import Queen
from .rook import Rook
from .splitnim import SplitNim
from .staircase import Staircase
from .subtraction import AllBut, PrimePower, Square, Subtraction
from .wythoff import Wythoff

__all__ = [
    "AllBut",
    "Chomp",
    "Cram",
    "DawsonKayles",
    "Digraph",
    "Divisor",
    "Fibonacci",
    "GreenHackenbush",
    "HeapGame",
    "Kayles",
    "Nim",
    "Northcott",
    "PokerNim",
    "PrimePower",
    "Queen",
    "Rook",
    "SplitNim",
    "Square",
    "Staircase",
    "Subtraction",
    "Wythoff",
]
