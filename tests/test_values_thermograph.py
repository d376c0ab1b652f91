"""Thermographs: exact walls, temperature and mean; cooling; the PNG picture."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.thermograph_plot import save_thermograph
from zermelo.values import Game, game, number, parse_value

F = Fraction


def walls(text: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    th = parse_value(text).thermograph
    return (
        [(str(t), str(v)) for t, v in th.left_wall.points],
        [(str(t), str(v)) for t, v in th.right_wall.points],
    )


def test_switch_walls() -> None:
    # {2|-1/2}: walls 2 - t and -1/2 + t meet at t = 5/4, value 3/4.
    assert walls("{2|-1/2}") == ([("-1", "3"), ("5/4", "3/4")], [("-1", "-3/2"), ("5/4", "3/4")])


def test_star_and_up_are_tepid() -> None:
    for text in ("*", "^", "^*", "{0||0|-1}"):
        assert parse_value(text).temperature == 0


def test_numbers_follow_cgsuite() -> None:
    assert [number(x).temperature for x in (F(0), F(3), F(-2), F(1, 2), F(3, 8))] == [-1, -1, -1, F(-1, 2), F(-1, 8)]


def test_compound_thermograph() -> None:
    g = parse_value("{{5|3}|{1|-3}} + {1/2|0}")
    th = g.thermograph
    assert (th.mast, th.temperature) == (F(7, 4), F(5, 2))
    # The left wall bends where the options' walls do.
    assert th.left_wall(F(1)) == F(13, 4) and th.right_wall(F(1)) == F(5, 4)


def test_cooling() -> None:
    g = parse_value("{3|-1}")
    assert str(g.cool(1)) == "{2|0}"
    assert g.cool(3) is number(1)
    assert parse_value("{2|-1/2}").cool(F(5, 4)) == parse_value("3/4*")


ATOMS = ["0", "1", "-1", "1/2", "*", "^", "±1", "{2|-1/2}", "{1|0}", "3/4"]
games = st.recursive(
    st.sampled_from(ATOMS).map(parse_value),
    lambda inner: st.tuples(st.lists(inner, max_size=3), st.lists(inner, max_size=3)).map(lambda lr: game(*lr)),
    max_leaves=6,
)


@settings(max_examples=60, deadline=None)
@given(games, games)
def test_mean_is_additive_and_temperature_is_subadditive(g: Game, h: Game) -> None:
    s = g + h
    assert s.mean == g.mean + h.mean
    assert s.temperature <= max(g.temperature, h.temperature, F(0)) or s.is_number


@settings(max_examples=60, deadline=None)
@given(games)
def test_walls_meet_at_the_mast(g: Game) -> None:
    th = g.thermograph
    assert th.left_wall(th.temperature) == th.right_wall(th.temperature) == th.mast
    assert th.left_wall(F(0)) == g.left_stop and th.right_wall(F(0)) == g.right_stop


def test_png(tmp_path: Path) -> None:
    out = save_thermograph(parse_value("{{5|3}|{1|-3}} + {1/2|0}"), tmp_path / "t.png")
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


@pytest.mark.parametrize("text", ["0", "*", "5/8"])
def test_png_of_numbers_and_nimbers(tmp_path: Path, text: str) -> None:
    assert save_thermograph(parse_value(text), tmp_path / "n.png").stat().st_size > 1000
