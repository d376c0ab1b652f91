"""Why an analysis has its answer, as data: a small typed union of reasons.

An analysis says its "why" twice: in words (:attr:`~zermelo.analyses.analysis.Analysis.explanation`, the
notes' prose) and as these typed parts (:attr:`~zermelo.analyses.analysis.Analysis.reasons`), which a front
end reads instead of the prose (the web page says "strategy stealing" from :class:`StrategyStealing`,
never by matching the explanation).  Each reason has a ``kind`` — its name in the literature — and
the facts it rests on.

>>> reason_json(Period(preperiod=0, period=4))
{'kind': 'period', 'preperiod': 0, 'period': 4, 'saltus': 0}
>>> [r.kind for r in (Mirror("point-mirrored through the centre"), StrategyStealing(), Loopy("∞(0)"))]
['mirror strategy', 'strategy stealing', 'loopy']
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import ClassVar

__all__ = [
    "ClosedForm",
    "Loopy",
    "Mirror",
    "NimSum",
    "Period",
    "Reason",
    "Search",
    "StrategyStealing",
    "Why",
    "reason_json",
]


@dataclass(frozen=True)
class Period:
    """The Grundy values are (arithmetically) periodic, and it is proven: ``G(n + p) = G(n) + s``
    for ``n >= preperiod`` (``s`` the saltus, 0 for a plain period)."""

    kind: ClassVar[str] = "period"
    preperiod: int
    period: int
    saltus: int = 0


@dataclass(frozen=True)
class Mirror:
    """A mirror (copycat) strategy wins: ``how`` the answer mirrors the opponent's move."""

    kind: ClassVar[str] = "mirror strategy"
    how: str = ""


@dataclass(frozen=True)
class StrategyStealing:
    """The first player wins by strategy stealing: the argument does not name the move."""

    kind: ClassVar[str] = "strategy stealing"


@dataclass(frozen=True)
class ClosedForm:
    """A closed form of the game settled ``of`` (``"outcome"``, ``"Grundy value"``, ...) without a search."""

    kind: ClassVar[str] = "closed form"
    of: str = "outcome"


@dataclass(frozen=True)
class Loopy:
    """The game has cycles: the position's generalized Sprague–Grundy ``value`` (``∞(0)``, or
    ``"draw"`` for a position neither player can force)."""

    kind: ClassVar[str] = "loopy"
    value: str


@dataclass(frozen=True)
class NimSum:
    """A sum of ``parts`` independent games: the nim-sum of their Grundy values (Sprague–Grundy)."""

    kind: ClassVar[str] = "nim-sum"
    parts: int


@dataclass(frozen=True)
class Search:
    """Backward induction by the engine's search: ``rule`` is ``"mex"`` (Grundy values) or
    ``"outcome"`` (P/N under misère play or with cycles)."""

    kind: ClassVar[str] = "search"
    rule: str = "mex"


Reason = Period | Mirror | StrategyStealing | ClosedForm | Loopy | NimSum | Search


@dataclass(frozen=True)
class Why:
    """A "why" in words and the typed reasons it rests on (what an ``explain`` hook may return)."""

    text: str
    reasons: tuple[Reason, ...] = field(default=())


def reason_json(reason: Reason) -> dict[str, object]:
    """A reason as JSON: its ``kind``, then its facts."""
    return {"kind": reason.kind, **asdict(reason)}
