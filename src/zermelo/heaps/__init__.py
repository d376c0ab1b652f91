"""Heap games at research scale: take-and-break codes, compiled kernels, sparse space, proven periods.

>>> import zermelo as z
>>> s = z.sequence(z.heaps.Octal("0.77"), 300)
>>> s.period, s.preperiod, s.proven
(12, 71, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy

if TYPE_CHECKING:  # at run time each name loads its module on first use (zermelo.core._lazy)
    from ..core.heap_codes import Code, parse_code
    from ..search.periodicity import Periodicity, detect, period, preperiod, proof_length, proven
    from .games import (
        NAMED_CODES,
        DawsonChess,
        DawsonKayles,
        GrundyGame,
        Hexadecimal,
        Kayles,
        LaskersNim,
        Octal,
        Officers,
        TakeAndBreak,
        Treblecross,
        lasker_grundy,
    )
    from .sequence import KERNELS, HeapSequence, SequenceProgress, sequence

__getattr__, __dir__ = lazy(
    __name__,
    {
        "Code": "zermelo.core.heap_codes",
        "parse_code": "zermelo.core.heap_codes",
        "NAMED_CODES": ".games",
        "DawsonChess": ".games",
        "DawsonKayles": ".games",
        "GrundyGame": ".games",
        "Hexadecimal": ".games",
        "Kayles": ".games",
        "LaskersNim": ".games",
        "Octal": ".games",
        "Officers": ".games",
        "TakeAndBreak": ".games",
        "Treblecross": ".games",
        "lasker_grundy": ".games",
        "Periodicity": "zermelo.search.periodicity",
        "detect": "zermelo.search.periodicity",
        "period": "zermelo.search.periodicity",
        "preperiod": "zermelo.search.periodicity",
        "proof_length": "zermelo.search.periodicity",
        "proven": "zermelo.search.periodicity",
        "KERNELS": ".sequence",
        "HeapSequence": ".sequence",
        "SequenceProgress": ".sequence",
        "sequence": ".sequence",
    },
)


__all__ = [
    "KERNELS",
    "NAMED_CODES",
    "Code",
    "DawsonChess",
    "DawsonKayles",
    "GrundyGame",
    "HeapSequence",
    "Hexadecimal",
    "Kayles",
    "LaskersNim",
    "Octal",
    "Officers",
    "Periodicity",
    "SequenceProgress",
    "TakeAndBreak",
    "Treblecross",
    "detect",
    "lasker_grundy",
    "parse_code",
    "period",
    "preperiod",
    "proof_length",
    "proven",
    "sequence",
]
