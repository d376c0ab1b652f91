"""The games.  Each module holds one family's rules and registers it with the CLI.

>>> from zermelo.games import Nim, Wythoff
>>> Nim().parse("3 4 5"), Wythoff().parse("26 34")
((3, 4, 5), (26, 34))
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # at run time a name loads its module on first use (see __getattr__)
    from ..heaps.games import GrundyGame as GrundyGame
    from ..heaps.games import Hexadecimal as Hexadecimal
    from ..heaps.games import Octal as Octal
    from ..heaps.games import TakeAndBreak as TakeAndBreak
    from ..heaps.heap import HeapGame as HeapGame
    from ..heaps.subtraction import AllBut as AllBut
    from ..heaps.subtraction import PrimePower as PrimePower
    from ..heaps.subtraction import Square as Square
    from ..heaps.subtraction import Subtraction as Subtraction
    from .amazons import Amazons
    from .arckayles import ArcKayles, PartizanArcKayles
    from .cheques import Cheques
    from .childish import ChildishHackenbush
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
    from .fission import Fission
    from .fjords import Fjords
    from .genclobber import GenClobber
    from .gencutcake import GenCutcake
    from .gentoads import Elephants, GenToads
    from .genwythoff import GenWythoff
    from .graphcol import GraphCol, GraphSnort
    from .green_hackenbush import GreenHackenbush
    from .hackenbush import Hackenbush
    from .kayles import DawsonKayles, Kayles
    from .konane import Konane
    from .mem import Mem
    from .nim import Nim
    from .nogo import NoGo
    from .northcott import Northcott
    from .partizaneuclid import PartizanEuclid
    from .partizanheap import PartizanHeap
    from .pokernim import PokerNim
    from .queen import Queen
    from .rook import Rook
    from .spawning import Spawning
    from .splitnim import SplitNim
    from .staircase import Staircase
    from .stones import StoneGame, StoneGameII, StoneGameIII, StoneGameIV, StoneGameV
    from .tictactoe import MNK, TicTacToe
    from .toads import ToadsAndFrogs
    from .toppling import TopplingDominoes
    from .weightedarckayles import WeightedArcKayles
    from .wythoff import Wythoff


__all__ = [
    "MNK",
    "AllBut",
    "Amazons",
    "ArcKayles",
    "Cheques",
    "ChildishHackenbush",
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
    "Elephants",
    "Fibonacci",
    "Fission",
    "Fjords",
    "GenClobber",
    "GenCutcake",
    "GenToads",
    "GenWythoff",
    "GraphCol",
    "GraphSnort",
    "GreenHackenbush",
    "Hackenbush",
    "HeapGame",
    "Kayles",
    "Konane",
    "Mem",
    "Nim",
    "NoGo",
    "Northcott",
    "PartizanArcKayles",
    "PartizanEuclid",
    "PartizanHeap",
    "PokerNim",
    "PrimePower",
    "Queen",
    "Rook",
    "Snort",
    "Spawning",
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
    "WeightedArcKayles",
    "Wythoff",
]

#: Names offered here that live a floor below, in :mod:`zermelo.heaps`: the heap-game base class,
#: the subtraction games and the take-and-break games (their sequences, periods and census are
#: computed there, so they must not import this floor).
_ELSEWHERE = {
    **{name: "zermelo.heaps.games" for name in ("GrundyGame", "Hexadecimal", "Octal", "TakeAndBreak")},
    **{name: "zermelo.heaps.subtraction" for name in ("AllBut", "PrimePower", "Square", "Subtraction")},
    "HeapGame": "zermelo.heaps.heap",
}


def modules() -> list[ModuleType]:
    """Every module of this package, imported (importing a game module registers its games).

    Compiled solvers (``*_kernel``) and opening books (``*_book``) are left to the game module
    that uses them: they are no games, and they import numpy.  ``registry`` is no game either: it
    looks the games up (and calls this function).
    """
    import pkgutil  # here: 6 ms of every short command that names one game

    return [
        importlib.import_module(f"{__name__}.{m.name}")
        for m in pkgutil.iter_modules(__path__)
        if not m.name.endswith(("_kernel", "_book")) and m.name != "registry"
    ]


def __getattr__(name: str) -> Any:
    # Importing zermelo.games loads no game: `zermelo.games.Nim` loads the game modules on first use.
    # A submodule is itself (`from zermelo.games import registry` asks this first): only that loads.
    home = _ELSEWHERE.get(name)
    if home is not None:
        value = getattr(importlib.import_module(home), name)
    elif not name.startswith("__") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f"{__name__}.{name}")
    else:
        # The module named after the game first (`Domineering` in `domineering`): the others
        # load only when the name is elsewhere (a whole process asking for one game starts fast).
        own = name.lower()
        mine = importlib.import_module(f"{__name__}.{own}") if _has_module(own) else None
        candidates = [mine] if mine is not None and name in getattr(mine, "__all__", ()) else modules()
        found = [vars(m)[name] for m in candidates if name in getattr(m, "__all__", ())]
        if not found:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = found[0]
    globals()[name] = value
    return value


def _has_module(name: str) -> bool:
    return name.isidentifier() and importlib.util.find_spec(f"{__name__}.{name}") is not None


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_ELSEWHERE})
