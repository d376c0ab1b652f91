"""Sensible options (CGSuite's ``SensibleLeftOptions``, ``SensibleRightOptions``,
``SensibleOptions(player)``): golden rows, and the definition checked on random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cgsuite.evaluator import evaluate_value
from zermelo.cgsuite.rulesets import Position
from zermelo.cgsuite.sensible import sensible_lines, sensible_options
from zermelo.cgsuite.values import LEFT, RIGHT
from zermelo.values.game import le


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        # CGSuite's tutorial ("Games and Rulesets"): this Clobber position has one sensible Left option.
        ('game.grid.Clobber("xoxo|ox..").SensibleLeftOptions', '{game.grid.Clobber("xx.o|ox..")}'),
        ('game.grid.Clobber("xoxo|ox..").SensibleOptions(Left)', '{game.grid.Clobber("xx.o|ox..")}'),
        # A canonical form's sensible options are its options.
        ("{2||1|0}.SensibleLeftOptions", "{2}"),
        ("3.SensibleLeftOptions", "{2}"),
        ("0.SensibleRightOptions", "{}"),
        ("*3.SensibleRightOptions", "{0,*,*2}"),
        # As written: the value is the number 1 = {0|}; -1 is dominated, * and 2 are not needed.
        ("'{0, *, -1 | 2}'.SensibleLeftOptions", "{0}"),
        ("'{0, *, -1 | 2}'.SensibleRightOptions", "{}"),
        # A reversible move replaced by what it reverses to: no option of G is that good.
        ("'{{2|-1}|1}'.SensibleLeftOptions", "{}"),
        # A heap: the first option of each nim value below 4, in CGSuite's order of HeapOptions(5).
        (
            "game.heap.Kayles(5).SensibleLeftOptions",
            "{game.heap.Kayles(1) + game.heap.Kayles(3),game.heap.Kayles(2) + game.heap.Kayles(2),"
            "game.heap.Kayles(3),game.heap.Kayles(4)}",
        ),
    ],
)
def test_golden(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


def test_loopy_and_bad_player() -> None:
    loopy = "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`."
    with pytest.raises(CGSuiteError) as info:
        evaluate('game.strip.BackslidingToadsAndFrogs("t..f").SensibleLeftOptions')
    assert str(info.value) == loopy
    with pytest.raises(CGSuiteError, match="SensibleOptions takes one player"):
        evaluate('game.grid.Clobber("xo").SensibleOptions(3)')


@settings(max_examples=25, deadline=None)
@given(row=st.text("xo.", min_size=1, max_size=5), left=st.booleans())
def test_definition_on_clobber(row: str, left: bool) -> None:
    """Each sensible option is an option at least as good as some canonical option; every
    canonical option that some option reaches is reached by one of them."""
    g = evaluate_value(f'game.grid.Clobber("{row}")')
    assert isinstance(g, Position)
    player = LEFT if left else RIGHT
    options = g.options(player)
    found = sensible_options(g, player)
    k = g.canonical_form()
    targets = k.left if left else k.right

    def better(o: Position, t: object) -> bool:
        form = o.canonical_form()
        return le(t, form) if left else le(form, t)  # type: ignore[arg-type]

    assert found <= set(options)
    assert all(any(better(o, t) for t in targets) for o in found)
    assert all(any(better(o, t) for o in found) for t in targets if any(better(o, t) for o in options))
    assert len(found) <= len(targets)


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        # CGSuite's order of Options (GenClobber: stones in reading order, then north, east, south,
        # west), worked by hand from its rules; the first of Right's two options worth v* is found.
        (
            'game.grid.Clobber("xoxo|ox..").RightOptions',
            '[game.grid.Clobber("x.oo|ox.."),game.grid.Clobber("x.xo|oo.."),game.grid.Clobber("o.xo|ox.."),'
            'game.grid.Clobber("xoo.|ox.."),game.grid.Clobber("ooxo|.x.."),game.grid.Clobber("xoxo|.o..")]',
        ),
        ('game.grid.Clobber("xoxo|ox..").SensibleRightOptions', '{game.grid.Clobber("x.xo|oo..")}'),
        # Kings: Coordinates.Compass, north first, clockwise.
        (
            'game.grid.Kings("xo|ox").LeftOptions',
            '[game.grid.Kings(".x|ox"),game.grid.Kings(".o|xx"),game.grid.Kings("xx|o."),game.grid.Kings("xo|x.")]',
        ),
        # Domineering: the domino's first cell in reading order.
        (
            'game.grid.Domineering("...|...").RightOptions',
            '[game.grid.Domineering("##.|..."),game.grid.Domineering(".##|..."),'
            'game.grid.Domineering("...|##."),game.grid.Domineering("...|.##")]',
        ),
        # GenToadsAndFrogs: forward slides, then slides back, then jumps; by piece, then distance.
        (
            'game.strip.GenToadsAndFrogs(minSlide => -2, maxSlide => 2, maxJump => 2)(".t.tf..").LeftOptions',
            '[game.strip.GenToadsAndFrogs(minSlide => -2, maxSlide => 2, maxJump => 2)("..ttf.."),'
            'game.strip.GenToadsAndFrogs(minSlide => -2, maxSlide => 2, maxJump => 2)("t..tf.."),'
            'game.strip.GenToadsAndFrogs(minSlide => -2, maxSlide => 2, maxJump => 2)(".tt.f.."),'
            'game.strip.GenToadsAndFrogs(minSlide => -2, maxSlide => 2, maxJump => 2)(".t..ft.")]',
        ),
        # Amazons (game/grid/Amazons.cgs): amazons in reading order (Grid.FindAll), the move's
        # direction in Coordinates.Compass order (north, then clockwise), nearer squares first,
        # then the arrow's likewise (it may cross or hit the square the amazon left).
        (
            'game.grid.Amazons("x.|..").LeftOptions',
            '[game.grid.Amazons(".x|.#"),game.grid.Amazons(".x|#."),game.grid.Amazons("#x|.."),'
            'game.grid.Amazons(".#|.x"),game.grid.Amazons("..|#x"),game.grid.Amazons("#.|.x"),'
            'game.grid.Amazons("#.|x."),game.grid.Amazons(".#|x."),game.grid.Amazons("..|x#")]',
        ),
        (
            'game.grid.Amazons("#.|.x").LeftOptions',
            '[game.grid.Amazons("#x|.#"),game.grid.Amazons("#x|#."),game.grid.Amazons("##|x."),game.grid.Amazons("#.|x#")]',
        ),
        # All four are worth 1, the one Left option of 2: CGSuite's first is found, not "##|x.".
        ('game.grid.Amazons("#.|.x").SensibleLeftOptions', '{game.grid.Amazons("#x|.#")}'),
        # Fission (game/grid/Fission.cgs): the stones in reading order (Grid.FindAll), one split
        # each; the stone on the right edge cannot split.  Both options are worth -1 (mirrors).
        (
            'game.grid.Fission(".x.|..x|.x.").RightOptions',
            '[game.grid.Fission("x.x|..x|.x."),game.grid.Fission(".x.|..x|x.x")]',
        ),
        ('game.grid.Fission(".x.|..x|.x.").SensibleRightOptions', '{game.grid.Fission("x.x|..x|.x.")}'),
        # TopplingDominoes (game/strip/TopplingDominoes.cgs): each domino of the player's or green
        # from the left, the strip emptied from its start to it, then from it to its end; the
        # strip keeps its length and a repeat stays in the list.
        (
            'game.strip.TopplingDominoes("lre").LeftOptions',
            '[game.strip.TopplingDominoes(".re"),game.strip.TopplingDominoes("..."),'
            'game.strip.TopplingDominoes("..."),game.strip.TopplingDominoes("lr.")]',
        ),
        (
            'game.strip.TopplingDominoes("l.re").RightOptions',
            '[game.strip.TopplingDominoes("...e"),game.strip.TopplingDominoes("l..."),'
            'game.strip.TopplingDominoes("...."),game.strip.TopplingDominoes("l.r.")]',
        ),
        (
            'game.strip.TopplingDominoes("ll").LeftOptions',
            '[game.strip.TopplingDominoes(".l"),game.strip.TopplingDominoes(".."),'
            'game.strip.TopplingDominoes(".."),game.strip.TopplingDominoes("l.")]',
        ),
        # "ll" is 2 = {1|}: of the two options worth 1, CGSuite's first is found.
        ('game.strip.TopplingDominoes("ll").SensibleLeftOptions', '{game.strip.TopplingDominoes(".l")}'),
    ],
)
def test_cgsuite_order_of_options(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


def test_sensible_lines() -> None:
    # ^ = {0|*}: Left's move to 0 is reached through a reversible move and its reversing reply.
    assert evaluate('game.grid.Clobber("xxx|xoo").SensibleLines(Left)') == (
        '{[game.grid.Clobber("xxx|.xo"),game.grid.Clobber("xxo|.x."),game.grid.Clobber("x.x|.x.")]}'
    )
    assert evaluate("'{{2|-1}|1}'.SensibleLines(Left)") == "{}"  # the form 0 has no options
    with pytest.raises(CGSuiteError, match="SensibleLines takes one player"):
        evaluate('game.grid.Clobber("xo").SensibleLines')


@settings(max_examples=25, deadline=None)
@given(row=st.sampled_from([3, 6]).flatmap(lambda n: st.text("xo.", min_size=n, max_size=n)), left=st.booleans())
def test_lines_by_definition(row: str, left: bool) -> None:
    """A line alternates the player's moves and the opponent's replies; every move is at least as
    good as its target K^L, every reply reverses (back to <= G for Left), the last move is K^L."""
    board = row if len(row) == 3 else f"{row[:3]}|{row[3:]}"
    g = evaluate_value(f'game.grid.Clobber("{board}")')
    assert isinstance(g, Position)
    player, other = (LEFT, RIGHT) if left else (RIGHT, LEFT)
    k = g.canonical_form()
    lines = sensible_lines(g, player)
    targets = set(k.left if left else k.right)
    assert {line[-1].canonical_form() for line in lines} == targets
    for line in lines:
        current = g
        for i, step in enumerate(line):
            mover = player if i % 2 == 0 else other
            assert step in set(current.options(mover))
            if i % 2:  # a reply: back to no better than G for the player
                assert le(step.canonical_form(), k) if left else le(k, step.canonical_form())
            current = step
