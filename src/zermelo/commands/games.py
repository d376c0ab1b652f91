"""``zermelo games``: every game, its parameters and an example."""

from __future__ import annotations

import argparse
from typing import Any

from ..games.registry import entries
from . import SUMMARY
from .common import emit_json


def add(sub: Any) -> None:
    p = sub.add_parser("games", help=SUMMARY["games"])
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    es = entries()
    if args.json:
        emit_json([e.describe() for e in es])
        return 0
    width = max(len(e.name) for e in es)
    for e in es:
        print(f"{e.name:<{width}}  {e.summary}")
        if e.params:
            print(f"{'':<{width}}  parameters: {e.params}")
        print(f"{'':<{width}}  example:    {example_command(e.kind, e.example)}")
    return 0


#: The command that analyses each kind of game.
COMMAND_OF_KIND = {"impartial": "solve", "partisan": "value", "scored": "negamax"}


def example_command(kind: str, example: str) -> str:
    """The whole command line of a registry example (examples may or may not name the command).

    >>> example_command("partisan", "toads TT..FF")
    'zermelo value toads TT..FF'
    >>> example_command("scored", "zermelo negamax tictactoe .........")
    'zermelo negamax tictactoe .........'
    """
    if example.startswith("zermelo "):
        return example
    return f"zermelo {COMMAND_OF_KIND.get(kind, 'solve')} {example}"
