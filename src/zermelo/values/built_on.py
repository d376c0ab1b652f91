"""What :class:`~zermelo.values.game.Game`'s methods call in the modules built on it (a slot each).

Kept apart from :mod:`zermelo.values.game`, which imports it: the slots need the class only
for their types.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game
    from .thermograph import Thermograph

__all__ = ["BUILT_ON", "BuiltOn"]


class BuiltOn:
    """The functions of the modules built on :class:`Game` that its methods call.

    Printing (``str``), pickling, the thermograph (``mean``, ``temperature``), cooling and the
    reduced canonical form live in :mod:`~zermelo.values.notation`,
    :mod:`~zermelo.values.thermograph` and :mod:`~zermelo.values.reduced`, which build values
    with :mod:`zermelo.values.game`, so that module cannot import them (no import cycle, not even inside a
    function).  Each of them fills its slots here when it loads — as the games register
    themselves with the catalogue — and the package :mod:`zermelo.values`, which Python runs
    before any module in it, loads all three: a :class:`Game` is never seen without them.
    """

    format_value: Callable[[Game], str]
    parse_value: Callable[[str], Game]
    thermograph: Callable[[Game], Thermograph]
    cool: Callable[[Game, Fraction], Game]
    reduced_canonical_form: Callable[[Game], Game]


BUILT_ON = BuiltOn()
