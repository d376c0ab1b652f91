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
from .digraph import Digraph
from .heap import HeapGame
from .nim import Nim
from .subtraction import AllBut, PrimePower, Square, Subtraction
from .wythoff import Wythoff

__all__ = ["AllBut", "Digraph", "HeapGame", "Nim", "PrimePower", "Square", "Subtraction", "Wythoff"]
