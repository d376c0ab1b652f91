"""The errors of the CGSuite evaluator: each a ``ValueError`` (and a ``ZermeloError``) whose
message is the one line a worksheet prints after ``!!``."""

from __future__ import annotations

from ..core.errors import ZermeloError

__all__ = ["BudgetExceeded", "CGSuiteError", "CGSuiteSyntaxError", "NotSupported"]


class CGSuiteError(ZermeloError, ValueError):
    """An expression CGSuite would refuse, in CGSuite's words."""


class CGSuiteSyntaxError(CGSuiteError):
    """Text that is not an expression, with its line and column."""


class NotSupported(CGSuiteError):
    """Valid CGScript that zermelo does not evaluate (loops, definitions, classes)."""


class BudgetExceeded(CGSuiteError):
    """A value's search met its budget (positions, comparisons or time) before it finished; the
    message says which, and what was under way."""
