"""The games.  Each module holds one family's rules and registers it with the CLI.

>>> from zermelo.games import Nim, Wythoff
>>> Nim().parse("3 4 5"), Wythoff().parse("26 34")
((3, 4, 5), (26, 34))
"""

from __future__ import annotations

import importlib
import pkgutil

from ..heaps import GrundyGame as GrundyGame
from ..heaps import Hexadecimal as Hexadecimal
from ..heaps import Octal as Octal
from ..heaps import TakeAndBreak as TakeAndBreak
from .cheques import Cheques
from .chomp import Chomp
from .clobber import Clobber
from .col import Col, Snort
from .connect4 import Connect4
from .cram import Cram
from .cutcake import Cutcake
from .digraph import Digraph
from .divisor import Divisor
from .domineering import Domineering
from .fibonacci import Fibonacci
from .green_hackenbush import GreenHackenbush
from .hackenbush import Hackenbush
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
from .toads import ToadsAndFrogs
from .toppling import TopplingDominoes
from .wythoff import Wythoff

__all__ = [
    "MNK",
    "AllBut",
    "Cheques",
    "Chomp",
    "Clobber",
    "Col",
    "Connect4",
    "Cram",
    "Cutcake",
    "DawsonKayles",
    "Digraph",
    "Divisor",
    "Domineering",
    "Fibonacci",
    "GreenHackenbush",
    "Hackenbush",
    "HeapGame",
    "Kayles",
    "Nim",
    "Northcott",
    "PokerNim",
    "PrimePower",
    "Queen",
    "Rook",
    "Snort",
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
    "ToadsAndFrogs",
    "TopplingDominoes",
    "Wythoff",
]

# Every module of this package, imported: a game module registers itself, so a new game is one
# new file here and nothing else.
for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
