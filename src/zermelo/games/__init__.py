"""The games.  Each module holds one family's rules and registers it with the CLI.

>>> from zermelo.games import Nim, Wythoff
>>> Nim().parse("3 4 5"), Wythoff().parse("26 34")
((3, 4, 5), (26, 34))
"""

from __future__ import annotations

from ..heaps import GrundyGame as GrundyGame
from ..heaps import Hexadecimal as Hexadecimal
from ..heaps import Octal as Octal
from ..heaps import TakeAndBreak as TakeAndBreak
from ..heaps import _register as _heaps_register  # noqa: F401  (take-and-break games register here)
from . import _register  # noqa: F401  (after the classes: registers them with the CLI)
from .cheques import Cheques
from .chomp import Chomp
from .connect4 import Connect4
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
from .stones import StoneGame, StoneGameII, StoneGameIII, StoneGameIV, StoneGameV
from .subtraction import AllBut, PrimePower, Square, Subtraction
from .tictactoe import MNK, TicTacToe
from .wythoff import Wythoff

__all__ = [
    "MNK",
    "AllBut",
    "Cheques",
    "Chomp",
    "Connect4",
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
    "StoneGame",
    "StoneGameII",
    "StoneGameIII",
    "StoneGameIV",
    "StoneGameV",
    "Subtraction",
    "TicTacToe",
    "Wythoff",
]
