"""A heap ruleset's ``.CheckPeriodicity(n)`` and ``.code``, by CGSuite's names: the period of its
nim values that the heap engine proves from heaps 0..n (:func:`zermelo.heaps.sequence.sequence`:
the Guy–Smith octal periodicity theorem, the subtraction games' bound), and the take-and-break
code CGSuite writes for it.

``CheckPeriodicity(n)`` prints ``Periodicity(Period => p, Preperiod => n0, Saltus => 0)`` for a
period proven within heaps 0..n, else ``Nothing`` (as CGSuite, which looks for periods of saltus 0
only: Nim's arithmetic period is ``Nothing``; so is a game for which no theorem applies).

>>> from zermelo.cgsuite import evaluate
>>> evaluate("game.heap.Kayles.CheckPeriodicity(2000)"), evaluate("game.heap.Nim.CheckPeriodicity(2000)")
('Periodicity(Period => 12, Preperiod => 71, Saltus => 0)', 'Nothing')
>>> evaluate("game.heap.Subtraction([2,3,7]).code"), evaluate("game.heap.GrundysGame.code")
('"0.0330003"', '"4!.0"')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import CGSuiteError
from .named import NOTHING, Symbol
from .printer import CGString
from .values import as_int

__all__ = ["Periodicity", "check_periodicity", "heap_code"]

_MAX_HEAPS = 100_000  # CheckPeriodicity(n): the heaps computed
# The rulesets CGSuite defines by a take-and-break code of their own (its game.heap constants).
_CODES = {"game.heap.Nim": "0.[3]", "game.heap.Kayles": "0.77", "game.heap.DawsonsKayles": "0.07"}
_CODES["game.heap.GrundysGame"] = "4!.0"


@dataclass(frozen=True)
class Periodicity:
    """A proven period of a nim-value sequence: G(n + period) = G(n) + saltus past the preperiod."""

    period: int
    preperiod: int
    saltus: int = 0

    def cgsuite_text(self, _printer: Any = None) -> str:
        return f"Periodicity(Period => {self.period}, Preperiod => {self.preperiod}, Saltus => {self.saltus})"


def check_periodicity(name: str, rules: Any, args: list[Any]) -> Periodicity | Symbol:
    """``R.CheckPeriodicity(n)`` for the heap ruleset ``rules`` (CGSuite's ``name``)."""
    from ..heaps.sequence import on_heaps, sequence

    if len(args) != 1:
        raise CGSuiteError("CheckPeriodicity needs one argument: the largest heap to compute")
    n = as_int(args[0])
    if not 0 <= n <= _MAX_HEAPS:
        raise CGSuiteError(f"CheckPeriodicity computes heaps 0 to {_MAX_HEAPS:,}, not {n}")
    if not on_heaps(rules):
        raise CGSuiteError(f"Not a method or member variable: `CheckPeriodicity` (of the ruleset {name})")
    s = sequence(rules, n, max_upto=n)
    if s.proven and s.period and s.preperiod is not None and int(s.saltus) == 0:
        return Periodicity(int(s.period), int(s.preperiod))
    return NOTHING


def heap_code(name: str, rules: Any) -> CGString:
    """``R.code``: the take-and-break code CGSuite writes for a heap ruleset."""
    if name in _CODES:
        return CGString(_CODES[name])
    if name.startswith('game.heap.TakeAndBreak("'):
        return CGString(name[len('game.heap.TakeAndBreak("') : -2])
    subtraction = getattr(rules, "subtraction_set", None)
    if name.startswith("game.heap.Subtraction(") and subtraction:
        return CGString("0." + "".join("3" if k in subtraction else "0" for k in range(1, max(subtraction) + 1)))
    raise CGSuiteError(f"Not a method or member variable: `code` (of the ruleset {name})")
