"""Misère properties of sums of positions in the CGSuite evaluator (zermelo.cgsuite.misere_sums).

Every golden value below was derived twice, independently of the evaluator: (a) by the engine's
brute-force misère search of the sum as one impartial game (``misere_grundy`` and ``genus`` of
``zermelo.analyses.genus`` on :class:`zermelo.rules.Sum` of the parts' rules, whose positions are
tuples of the parts' positions: G⁻ is 1 at a position with no move, else the mex of the options'
G⁻), and (b) by adding the parts' misère canonical forms (``misere_canonical_form`` of each part,
``zermelo.values.misere.add``) and reading the sum's G⁻.  The two agree on each; the hypothesis
test at the end checks the evaluator against (a) on random sums.  Before this module the evaluator
valued a sum from its normal-play canonical form (Kayles 5 as ``*4``), so most of these failed.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import outcome
from zermelo.analyses.genus import genus, misere_grundy
from zermelo.cgsuite import evaluate
from zermelo.cgsuite.errors import CGSuiteError, NotSupported
from zermelo.games import Kayles, Nim, Octal, TakeAndBreak
from zermelo.rules import Outcome, Sum

K, N, D = "game.heap.Kayles", "game.heap.Nim", "game.heap.DawsonsKayles"
T = 'game.heap.TakeAndBreak("0.137")'


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        # (a) misere_grundy(Sum(Nim(), Kayles()), (3, 4)) == 2; (b) *[3] + *[1] = *[2], G⁻ 2.  The
        # old answer was 2 as well: Kayles 4's misère form happens to be *[1], its nimber's heap.
        (f"({N}(3) + {K}(4)).MisereNimValue", "2"),
        # Kayles 5 is *[2[2]321] in misère play, not *[4]: (a) 0, (b) G⁻ of *[(2[2]321)[1]] is 0.
        (f"({K}(5) + {N}(1)).MisereNimValue", "0"),  # old: 5, the G⁻ of *[4] + *[1] = *[5]
        (f"({K}(5) + {N}(1)).MisereOutcomeClass", "P"),  # old: N
        (f"({K}(5) + {N}(0)).MisereNimValue", "1"),  # (a), (b): 1; old: 4
        (f"({K}(5) + {N}(2)).MisereNimValue", "4"),  # (a), (b): 4; old: 6
        (f"({K}(5) + *[2]).MisereNimValue", "4"),  # *[2] is the nim heap 2: as the line above
        (f"({K}(5) + {N}(1) + {N}(1)).MisereNimValue", "1"),  # *1 + *1 = 0 in misère play: (a), (b) 1
        (f"({K}(5) + {N}(0) + {N}(1)).MisereNimValue", "0"),  # (a), (b): 0
        (f"({K}(5) + {D}(4) + {N}(1)).MisereNimValue", "5"),  # (a), (b): 5
        (f"({T}(5) + {D}(4)).MisereNimValue", "1"),  # (a), (b): 1
        (f"({K}(5) + {K}(5)).MisereNimValue", "1"),  # (a), (b): 1 (old: 1, *[4] + *[4] being 0 too)
        (f"({N}(1) + {N}(1)).MisereNimValue", "1"),  # 0 in misère play: G⁻ 1
        # the genus: (a) genus(Sum(Kayles(), Nim()), (5, 1)) == 5^057, (b) that of the form
        (f"({K}(5) + {N}(1)).Genus", "5^057"),  # old: 5 (the nim heap *[5]'s genus)
        (f"({K}(5) + {K}(5)).Genus", "0^120"),
        (f"({K}(5) + {N}(1)).MisereCanonicalForm", "*[(2[2]321)[1]]"),  # (b); old: *[5]
        (f"({K}(5) + {N}(1)).MisereCanonicalForm == *[2[2]321] + *[1]", "true"),
        (f"({K}(5) + {N}(1)).IsTame", "false"),  # old: true (a nim heap)
        (f"({K}(5) + {N}(1)).IsPPosition", "true"),
    ],
)
def test_misere_properties_of_sums(expr: str, value: str) -> None:
    assert evaluate(expr) == value


def test_a_single_position_is_unchanged() -> None:
    # the position's own misère form, as before: Kayles 5 is *[2[2]321], G⁻ 1 (brute force: 1)
    assert evaluate(f"{K}(5).MisereNimValue") == "1" == str(misere_grundy(Kayles(), 5))
    assert evaluate(f"{K}(5).MisereCanonicalForm") == "*[2[2]321]"
    assert evaluate(f"{N}(3).MisereNimValue") == "3"


def test_a_misere_form_added_to_a_position_is_kept_as_written() -> None:
    # CGSuite's CompoundImpartialGame of the position and the form (was `*4 + *[2]`, Kayles 5 lost)
    assert evaluate(f"{K}(5) + *[2]") == f"{K}(5) + *[2]"
    assert evaluate(f"({K}(5) + *[2]).Class") == "⟪game.CompoundImpartialGame⟫"
    assert evaluate(f"({K}(5) + *[2]).CanonicalForm") == "*6"


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        # a difference of impartial games is the tree of their sum: Kayles 5 + Nim 3, (a) G⁻ 6
        (f"({N}(3) - {K}(5)).MisereOutcomeClass", "N"),
        (f"({N}(1) - {N}(1)).MisereOutcomeClass", "N"),  # *1 + *1: take one, the other must take the last
        (f"({K}(5) - {N}(1)).MisereOutcomeClass", "P"),  # as Kayles 5 + Nim 1 above
        # partizan parts, searched as they stand; by hand: Domineering ".." is {|0} (Right's
        # domino), so with a heap of 1 whoever moves first leaves the other the last move: N
        ('(game.grid.Domineering("..") + game.heap.Nim(1)).MisereOutcomeClass', "N"),
        ('(game.grid.Domineering("..") + 1).MisereOutcomeClass', "N"),  # {|0} + {0|}: the same
        ('(game.grid.Domineering("..") + *[2]).MisereOutcomeClass', "L"),  # Left takes *2 to 0, or waits
        ('(-game.grid.Domineering("..")).MisereOutcomeClass', "R"),  # {0|}: Right never has to move
    ],
)
def test_misere_outcome_of_games_that_are_not_impartial(expr: str, value: str) -> None:
    assert evaluate(expr) == value


@pytest.mark.parametrize(
    ("expr", "cls"),
    [
        (f"({N}(3) - {K}(4)).MisereNimValue", "game.CompoundGame"),
        (f"({N}(3) - {K}(4)).Genus", "game.CompoundGame"),
        ('(game.heap.Nim(3) + game.grid.Domineering("..")).MisereCanonicalForm', "game.CompoundGame"),
        ('(-game.grid.Domineering("..")).MisereNimValue', "game.NegativeGame"),
    ],
)
def test_no_impartial_property_on_other_games(expr: str, cls: str) -> None:
    # CGSuite: only an ImpartialGame has them (a difference is Game.-'s plain CompoundGame)
    name = expr.rsplit(".", 1)[1]
    with pytest.raises(CGSuiteError, match=f"member variable: `{name}` \\(in object of class `{cls}`\\)"):
        evaluate(expr)


def test_an_unsupported_part_is_said_so() -> None:
    with pytest.raises(NotSupported, match="MisereOutcomeClass"):
        evaluate("(game.grid.Domineering(\"..\") + '{0|*}').MisereOutcomeClass")


_PARTS = {  # a CGSuite ruleset and zermelo's rules of it, for the brute force
    K: Kayles(),
    N: Nim(),
    D: Octal("0.07"),
    T: TakeAndBreak("0.137"),
}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(_PARTS)), st.integers(0, 6)), min_size=2, max_size=3))
def test_sums_agree_with_brute_force(parts: list[tuple[str, int]]) -> None:
    expr = "(" + " + ".join(f"{name}({n})" for name, n in parts) + ")"
    game = Sum(*(_PARTS[name] for name, _ in parts))
    position = tuple(n for _, n in parts)
    g_minus = misere_grundy(game, position)
    assert evaluate(expr + ".MisereNimValue") == str(g_minus)
    p_position = outcome(game, position, misere=True) is Outcome.P
    assert (g_minus == 0) == p_position
    assert evaluate(expr + ".MisereOutcomeClass") == ("P" if p_position else "N")
    if len(parts) == 2:  # CGSuite prints a tame genus short (0 for 0^120): its γ's begin the engine's
        plus, _, gammas = evaluate(expr + ".Genus").partition("^")
        found = genus(game, position)
        assert int(plus) == found.plus and found.minus[: len(gammas)] == tuple(int(c) for c in gammas)


@pytest.mark.parametrize(
    ("expr", "g_minus"),
    [
        (f"{K}(5) : {N}(1)", "4"),
        (f"{K}(5) ConjunctiveSum {N}(1)", "0"),  # K5's options ∧ N0: no move (G⁻ 1), so mex {1}
        (f"{K}(5) SelectiveSum {N}(2)", "7"),
        (f"{N}(1) + {K}(5) : {N}(1)", "5"),  # `:` binds tighter than `+`, as CGSuite prints it
    ],
)
def test_other_compounds_of_positions_are_kept_with_their_misere_properties(expr: str, g_minus: str) -> None:
    # CGSuite keeps the position in the compound (was `*5`, `*4 ConjunctiveSum ...`: Kayles 5 lost);
    # their misère properties are their trees' (zermelo.cgsuite.misere_compounds; the values are
    # the brute force's of tests/test_cgsuite_misere_compounds.py, the last one that of
    # K5 : N1's misère form plus *[1])
    assert evaluate(expr) == expr
    assert evaluate(f"({expr}).MisereNimValue") == g_minus


def test_an_ordinal_sum_of_impartial_positions() -> None:
    # Ops.OrdinalPlus: two ImpartialGames make a CompoundImpartialGame; K5's options have nim values
    # 0..3 and K5 is *4, so K5 : *1 is *5 (its options' values and 4)
    assert evaluate(f"({K}(5) : {N}(1)).Class") == "⟪game.CompoundImpartialGame⟫"
    assert evaluate(f"({K}(5) : {N}(1)).CanonicalForm") == "*5"
