"""Registry entries of the take-and-break games (imported by :mod:`zermelo.games`)."""

from __future__ import annotations

from ..registry import GameEntry, needs_params, no_params, register
from .games import DawsonChess, DawsonKayles, GrundyGame, Hexadecimal, Octal, Officers, TakeAndBreak, Treblecross

register(
    GameEntry(
        "octal",
        needs_params(Octal, Octal.name, "the code", "0.137"),
        "octal game: digit d_k says how many heaps may be left after removing k (bits 1, 2, 4: 0, 1, 2 heaps)",
        "CODE: d0.d1d2... with octal digits, e.g. 0.137, .77, 4.7, 0.6",
        "octal:0.137 20",
        table="{n}",
    )
)
register(
    GameEntry(
        "hex",
        needs_params(Hexadecimal, Hexadecimal.name, "the code", "0.3F"),
        "hexadecimal game: like octal, and bit 8 leaves three heaps",
        "CODE: d0.d1d2... with hex digits, e.g. 0.3F, 0.F",
        "hex:0.F 10",
        table="{n}",
        aliases=("hexadecimal",),
    )
)
register(
    GameEntry(
        "tbreak",
        needs_params(TakeAndBreak, TakeAndBreak.name, "the code", "0.77"),
        "take-and-break game: bit 2^j of d_k lets a move remove k and leave j heaps",
        "CODE: digits 0-9 A-Z or [n]; '!' after a digit: split heaps must differ; '...' repeats the last digit",
        "tbreak:4.3... 10",
        table="{n}",
    )
)
_NAMED: tuple[tuple[type[TakeAndBreak], str, str, tuple[str, ...]], ...] = (
    (GrundyGame, "Grundy's game: split a heap into two heaps of different sizes", "grundygame 20", ()),
    (DawsonChess, "Dawson's Chess, the octal game 0.137", "dawsonchess 20", ()),
    (Treblecross, "Treblecross counted in heaps, octal 0.007 (n empty cells = heap n + 2)", "treblecrossheap 17", ()),
    (Officers, "Officers, the octal game 0.6", "officers 20", ()),
    # "dawson": the notes' name of the same class (zermelo.games.DawsonKayles).
    (DawsonKayles, "Dawson's Kayles: knock down two adjacent pins (octal 0.07)", "dawsonkayles 20", ("dawson",)),
)
for _cls, _summary, _example, _aliases in _NAMED:
    register(GameEntry(_cls.name, no_params(_cls, _cls.name), _summary, "", _example, table="{n}", aliases=_aliases))
