"""The games.  Each module holds one family's rules and registers it with the CLI.

>>> from zermelo.games import Nim, Wythoff
>>> Nim().parse("3 4 5"), Wythoff().parse("26 34")
((3, 4, 5), (26, 34))
"""

from __future__ import annotations

from . import _register  # noqa: F401  (after the classes: registers them with the CLI)
from .cheques import Cheques
from .connect4 import Connect4
from .digraph import Digraph
from .heap import HeapGame
from .nim import Nim
from .stones import StoneGame, StoneGameII, StoneGameIII, StoneGameIV, StoneGameV
from .subtraction import AllBut, PrimePower, Square, Subtraction
from .tictactoe import MNK, TicTacToe
from .wythoff import Wythoff

__all__ = [
    "MNK",
    "AllBut",
    "Cheques",
    "Connect4",
    "Digraph",
    "HeapGame",
    "Nim",
    "PrimePower",
    "Square",
    "StoneGame",
    "StoneGameII",
    "StoneGameIII",
    "StoneGameIV",
    "StoneGameV",
    "Subtraction",
    "TicTacToe",
    "Wythoff",
]
