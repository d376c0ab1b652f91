"""A position too big for the budget is refused before its search: :func:`check_size`.

Its own module, with the rules and below the engine, so that the value path (canonical forms of
partisan positions) checks sizes without loading the engine and numpy.
"""

from __future__ import annotations

from typing import Any

from ..core.checks import short
from ..core.limits import Limits, too_big
from . import Impartial

__all__ = ["check_size"]


def check_size(rules: Impartial[Any], position: Any, limits: Limits, whole: bool = False) -> None:
    """Refuse a position whose ``size_hint`` (``whole_size_hint`` for a search of whole positions)
    passes ``limits.max_positions``, before any of its options is listed (Wythoff with 400-digit
    heaps has more options than memory; remoteness in Kayles 1000, 10^32 whole positions)."""
    hint = rules.whole_size_hint(position) if whole else rules.size_hint(position)
    if hint is not None and limits.max_positions is not None and hint > limits.max_positions:
        raise too_big(short(rules.format(position)), hint, limits.max_positions)
