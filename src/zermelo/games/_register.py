"""Registry entries of the games in this package (name, parameters, example)."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidGame
from ..registry import GameEntry, needs_params, no_params, register
from ..rules import Rules
from .digraph import Digraph
from .nim import Nim
from .subtraction import AllBut, PrimePower, Square, Subtraction, parse_set
from .wythoff import Wythoff


def _digraph(params: str | None) -> Rules[Any]:
    # The graph comes as the first POSITION word (`digraph "a->b, b->c" a`), not after a colon.
    if not params:
        raise InvalidGame('digraph: give the graph, like digraph "a->b, b->c" a')
    return Digraph.from_text(params)


register(
    GameEntry("nim", no_params(Nim, "nim"), "Nim: take any number from one heap", "", "nim 3 4 5", table="{r} {c}")
)
register(
    GameEntry(
        "subtraction",
        needs_params(lambda p: Subtraction(parse_set(p, "subtraction")), "subtraction", "the subtraction set", "1,3,4"),
        "subtract a number in the set S",
        "S: comma-separated positive numbers",
        "subtraction:1,3,4 21",
        table="{n}",
    )
)
register(
    GameEntry(
        "allbut",
        needs_params(lambda p: AllBut(parse_set(p, "allbut")), "allbut", "the excluded numbers", "1,2"),
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
