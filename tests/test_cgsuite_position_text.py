"""A position's text between CGSuite's arguments and a game's own (cgsuite/position_text.py)."""

from __future__ import annotations

import pytest

from zermelo.cgsuite.errors import CGSuiteError
from zermelo.cgsuite.position_text import position_text, shown_args
from zermelo.values.surreal import surreal


def test_position_text() -> None:
    assert position_text(["..|#."]) == "..|#."
    assert position_text([surreal(3)]) == "3"
    assert position_text([(surreal(3), surreal(5))]) == "3 5"
    with pytest.raises(CGSuiteError, match="Give a position"):
        position_text([])


def test_shown_args() -> None:
    assert shown_args("1 3", None, False) == ["1", "3"]
    assert shown_args("3 5", None, True) == ["(3,5)"]
    assert shown_args("T.F", lambda t: ['"' + t.lower() + '"'], False) == ['"t.f"']
