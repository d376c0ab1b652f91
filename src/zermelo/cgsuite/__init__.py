"""Speak CGSuite: evaluate CGSuite 2.x expressions for short games and numbers, print CGSuite's text.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("{0|*||*|||*||||*}"), evaluate("^ > 0"), evaluate("*(3+5)")
('^[4]', 'true', '*8')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy

if TYPE_CHECKING:
    from .errors import BudgetExceeded, CGSuiteError, CGSuiteSyntaxError, NotSupported
    from .evaluator import evaluate, evaluate_value
    from .printer import cgsuite_text

__getattr__, __dir__ = lazy(
    __name__,
    {
        "BudgetExceeded": ".errors",
        "CGSuiteError": ".errors",
        "CGSuiteSyntaxError": ".errors",
        "NotSupported": ".errors",
        "evaluate": ".evaluator",
        "evaluate_value": ".evaluator",
        "cgsuite_text": ".printer",
    },
)

__all__ = [
    "BudgetExceeded",
    "CGSuiteError",
    "CGSuiteSyntaxError",
    "NotSupported",
    "cgsuite_text",
    "evaluate",
    "evaluate_value",
]
