"""``zermelo census game GAME --params 1..8 --upto N``: every member of one game's family of
parameters (a user's ``FILE.py:NAME`` taking parameters, or a built-in game like ``subtraction``),
its Grundy sequence to N heaps with period, preperiod and proof, one row each.

Unlike the code families (``census octal``), which Dask workers compute into a SQLite database,
this runs in the command's own process: a user's file is loaded by the command line only, never
by a worker (as the web explorer never loads one), and a family of a few dozen members needs no
cluster.
"""

from __future__ import annotations

import argparse
import itertools
import time
from typing import Any

from ..core.errors import InvalidGame, InvalidPosition
from .common import emit_json, whole

#: The most members one family census computes.
MAX_MEMBERS = 10_000


def add(kinds: Any, upto_max: int) -> None:
    q = kinds.add_parser(
        "game",
        help="every member of one game's family of parameters (FILE.py:NAME or a built-in), in this process",
        description="Census of one game's family: GAME:P for every parameter P of --params, each game's Grundy "
        "sequence to N heaps with period, preperiod and proof.  Example: "
        "zermelo census game tests/data/divisors_planted.py:bachet --params 1..6 --upto 200",
    )
    q.add_argument("family", metavar="GAME", help="a game taking parameters: FILE.py:NAME or, e.g., subtraction")
    q.add_argument(
        "--params",
        nargs="+",
        required=True,
        metavar="RANGE",
        help="the values of each parameter: 1..8, or 2,3,5 (several parameters: one RANGE each)",
    )
    q.add_argument("--upto", type=whole(0, upto_max), required=True, metavar="N", help="heaps 0..N of each game")
    q.add_argument("--json", action="store_true", help="one JSON list of rows")
    q.set_defaults(run=run)


def values_of(text: str) -> list[int]:
    """``1..4`` -> [1, 2, 3, 4]; ``2,3,5`` -> [2, 3, 5].

    >>> values_of("1..4"), values_of("2,3,5"), values_of("7")
    ([1, 2, 3, 4], [2, 3, 5], [7])
    """
    out: list[int] = []
    for part in text.split(","):
        lo, dots, hi = part.strip().partition("..")
        try:
            a = int(lo)
            b = int(hi) if dots else a
        except ValueError:
            raise InvalidPosition(f"--params takes ranges like 1..8 or 2,3,5, got {text!r}") from None
        if b < a:
            raise InvalidPosition(f"--params: the range {part.strip()} is empty")
        if b - a >= MAX_MEMBERS:
            raise InvalidPosition(f"--params: at most {MAX_MEMBERS:,} values, got {part.strip()}")
        out.extend(range(a, b + 1))
    return out


def run(args: argparse.Namespace) -> int:
    # Imported here: `census octal` prints its first line before numpy and the games load.
    from ..games.registry import make_game
    from ..heaps.sequence import sequence
    from ..rules import Impartial
    from ..rules.userfile import is_file_spec, load

    if args.family.count(":") > (1 if is_file_spec(args.family) else 0):
        family = args.family.rsplit(":", 1)[0]
        raise InvalidGame(f"census game: name the family without its parameters ({family}); --params gives them")
    lists = [values_of(t) for t in args.params]
    members = list(itertools.islice(itertools.product(*lists), MAX_MEMBERS + 1))
    if len(members) > MAX_MEMBERS:
        raise InvalidPosition(f"--params names more than {MAX_MEMBERS:,} games")
    rows: list[dict[str, Any]] = []
    for params in members:
        spec = f"{args.family}:{','.join(map(str, params))}"
        game = load(spec) if is_file_spec(spec) else make_game(spec, files=True)
        if not isinstance(game, Impartial):
            raise InvalidGame(f"{spec} is not an impartial game: a census computes Grundy sequences")
        began = time.process_time()
        s = sequence(game, args.upto)
        rows.append(
            {
                "game": spec,
                "params": list(params),
                "period": s.period,
                "preperiod": s.preperiod,
                "proven": s.proven,
                "theorem": s.proof,
                "largest": s.largest,
                "seconds": round(time.process_time() - began, 3),
            }
        )
    if args.json:
        emit_json(rows)
        return 0
    print(f"census of {args.family}: {len(rows):,} games, heaps 0..{args.upto:,}")
    print(f"  {'params':<10} {'period':>7} {'preperiod':>10} {'largest':>8}  proven")
    for r in rows:
        period = "—" if r["period"] is None else str(r["period"])
        pre = "—" if r["preperiod"] is None else str(r["preperiod"])
        proven = f"yes ({r['theorem']})" if r["proven"] else "no: observed only"
        shown = ",".join(map(str, r["params"]))
        print(f"  {shown:<10} {period:>7} {pre:>10} {r['largest']:>8}  {proven}")
    return 0
