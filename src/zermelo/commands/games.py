"""``zermelo games``: every game, its parameters and an example."""

from __future__ import annotations

import argparse
from typing import Any

from ..registry import entries
from .common import emit_json


def add(sub: Any) -> None:
    p = sub.add_parser("games", help="list every game with its parameters and an example")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    es = entries()
    if args.json:
        emit_json(
            [
                {
                    "name": e.name,
                    "kind": e.kind,
                    "summary": e.summary,
                    "params": e.params,
                    "example": e.example,
                    "aliases": list(e.aliases),
                }
                for e in es
            ]
        )
        return 0
    width = max(len(e.name) for e in es)
    for e in es:
        print(f"{e.name:<{width}}  {e.summary}")
        if e.params:
            print(f"{'':<{width}}  parameters: {e.params}")
        print(
            f"{'':<{width}}  example:    zermelo solve {e.example}"
            if e.kind == "impartial"
            else f"{'':<{width}}  example:    {e.example}"
        )
    return 0
