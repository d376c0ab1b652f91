"""Registry entries of the games in this package (name, parameters, example)."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidGame
from ..registry import GameEntry, no_params, register
from ..rules import Rules
from .digraph import Digraph
from .nim import Nim
from .subtraction import AllBut, PrimePower, Square, Subtraction, parse_set
from .wythoff import Wythoff


def _subtraction(params: str | None) -> Rules[Any]:
    if params is None:
        raise InvalidGame("subtraction: give the subtraction set, like subtraction:1,3,4")
    return Subtraction(parse_set(params, "subtraction"))


def _allbut(params: str | None) -> Rules[Any]:
    if params is None:
        raise InvalidGame("allbut: give the excluded numbers, like allbut:1,2")
    return AllBut(parse_set(params, "allbut"))


def _digraph(params: str | None) -> Rules[Any]:
    if not params:
        raise InvalidGame('digraph: give the graph, like digraph "a->b, b->c" a')
    return Digraph.from_text(params)


register(
    GameEntry("nim", no_params(Nim, "nim"), "Nim: take any number from one heap", "", "nim 3 4 5", table="{r} {c}")
)
register(
    GameEntry(
        "subtraction",
        _subtraction,
        "subtract a number in the set S",
        "S: comma-separated positive numbers",
        "subtraction:1,3,4 21",
        table="{n}",
    )
)
register(
    GameEntry(
        "allbut",
        _allbut,
        "subtract any positive number not in the set S",
        "S: comma-separated positive numbers",
        "allbut:1,2 10",
        table="{n}",
    )
)
register(
    GameEntry(
        "square",
        no_params(Square, "square"),
        "the Square game: subtract a positive square",
        "",
        "square 17",
        table="{n}",
    )
)
register(
    GameEntry(
        "primepower",
        no_params(PrimePower, "primepower"),
        "the Prime-power game: subtract 1 or a prime power",
        "",
        "primepower 40",
        table="{n}",
        aliases=("prime-power",),
    )
)
register(
    GameEntry(
        "wythoff",
        no_params(Wythoff, "wythoff"),
        "Wythoff's game: take from one heap, or the same from both",
        "",
        "wythoff 26 34",
        table="{r} {c}",
    )
)
register(
    GameEntry(
        "digraph",
        _digraph,
        "move a token along an edge of a directed graph (cycles allowed)",
        "GRAPH: edges 'a->b, b->c' or an edge-list file, given as the first POSITION",
        'digraph "a->b, b->a, b->c" a',
        graph_argument=True,
    )
)
