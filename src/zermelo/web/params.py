"""Reading a web request's query parameters: one-line :class:`BadRequest` errors, never a traceback.

The handlers of :mod:`zermelo.web.api` take the query as a plain mapping (it crosses a process
boundary to reach a worker), so these readers work on any ``Mapping[str, str]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import ZermeloError

__all__ = ["MAX_QUERY", "MAX_REQUEST_HEAD", "MAX_TEXT", "BadRequest", "flag", "number", "text"]

#: The longest game spec or position text accepted.
MAX_TEXT = 2_000
#: The longest query string answered (longer ones get a JSON 414); a few parameters of MAX_TEXT.
MAX_QUERY = 64 * 1024
#: The longest request head uvicorn reads (h11's ``max_incomplete_event_size``): its default,
#: 16 KiB, answered a longer query with a plain-text 400 before the app could say why in JSON; a few
#: queries' worth, so a query past MAX_QUERY still reaches the app (a JSON 414), and no more: each
#: connection may buffer this much (at 8 MiB, twenty partial heads held 160 MB).
MAX_REQUEST_HEAD = 256 * 1024


class BadRequest(ZermeloError, ValueError):
    """A missing or malformed query parameter."""


def text(params: Mapping[str, str], name: str, required: bool = True) -> str:
    """A parameter's text, stripped (``""`` when optional and missing)."""
    value = params.get(name)
    if value is None or not value.strip():
        if required:
            raise BadRequest(f"missing parameter {name!r}")
        return ""
    if len(value) > MAX_TEXT:
        raise BadRequest(f"parameter {name!r} is too long ({len(value):,} characters; at most {MAX_TEXT:,})")
    return value.strip()


def flag(params: Mapping[str, str], name: str) -> bool:
    """A yes/no parameter (absent: no)."""
    value = params.get(name, "").strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    raise BadRequest(f"parameter {name!r} must be true or false, got {value!r}")


def number(params: Mapping[str, str], name: str, kind: type, default: Any, low: float, high: float) -> Any:
    """A whole number (``kind=int``) or a number (``kind=float``) between ``low`` and ``high``."""
    raw = params.get(name, "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        what = "whole number" if kind is int else "number"
        raise BadRequest(f"parameter {name!r} must be a {what}, got {raw[:40]!r}") from None
    if not low <= value <= high:
        # Whole-number bounds in full (a seed's 2**63 is not 9.22337e+18).
        lo, hi = (f"{low:,}", f"{high:,}") if kind is int else (f"{low:g}", f"{high:g}")
        raise BadRequest(f"parameter {name!r} must be between {lo} and {hi}, got {raw[:40]}")
    return value
