"""What :class:`~zermelo.values.game.Game`'s methods call in the modules built on it (a slot each).

Kept apart from :mod:`zermelo.values.game`, which imports it: the slots need the class only
for their types.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .thermograph import Thermograph

__all__ = ["BUILT_ON", "BuiltOn"]


class BuiltOn:
    """The functions of the modules built on :class:`Game` that its methods call.

    Printing (``str``), pickling, the thermograph (``mean``, ``temperature``), cooling and the
    reduced canonical form live in :mod:`~zermelo.values.notation`,
    :mod:`~zermelo.values.thermograph` and :mod:`~zermelo.values.reduced`, which build values
    with :mod:`zermelo.values.game`, so that module has no import statement of them, not even
    inside a function (the import graph stays without a cycle).  Each of them fills its slots
    here when it loads — as the games register themselves with the catalogue — and a slot asked
    for before its module loaded loads that module by its name in :data:`_HOMES`, at run time, as
    a lazy package does (:mod:`zermelo.core._lazy`): a :class:`Game` is never seen
    without them, and a process that only values a position never loads the thermographs (a few
    milliseconds of a short run, issue 31).

    >>> import subprocess, sys
    >>> code = ("import sys; from zermelo.values.game import star; s = str(star(2)); "
    ...         "t = star(2).temperature; print(s, t, 'zermelo.values.reduced' in sys.modules)")
    >>> print(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip())
    *2 0 False
    """

    format_value: Callable[[Game], str]
    parse_value: Callable[[str], Game]
    thermograph: Callable[[Game], Thermograph]
    cool: Callable[[Game, Fraction], Game]
    reduced_canonical_form: Callable[[Game], Game]

    def __getattr__(self, name: str) -> Any:  # only for a slot not filled yet
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(name)
        importlib.import_module(home)  # fills its slots as it loads
        return self.__dict__[name]


#: The module that fills each slot.
_HOMES = {
    "format_value": "zermelo.values.notation",
    "parse_value": "zermelo.values.notation",
    "thermograph": "zermelo.values.thermograph",
    "cool": "zermelo.values.thermograph",
    "reduced_canonical_form": "zermelo.values.reduced",
}


BUILT_ON = BuiltOn()
