"""The options of kept sums, differences and negatives of ruleset positions, as CGSuite gives them.

Golden rows worked by hand from CGSuite's source:

* core/CompoundGame.scala, ``CompoundGame.compoundOptions`` (DisjunctiveSum): ``g.options(p)``
  each added to h, then ``h.options(p)`` each added to g, as ``CompoundGame(DisjunctiveSum, …)``
  built directly (no simplification: ``0 + H``); ``CompoundImpartialGame.compoundOptions`` the
  same with one collection for both players (resources/game/CompoundImpartialGame.cgs:
  ``Options(player) := Options``).  Scala's ``map`` and ``++`` keep the first collection's kind:
  a list when g's options are a list (a ruleset's ``Options``, a ``for … yield``), a set when a
  set (core/SmallInteger.scala, Nimber.scala: ``Set``); lang/OutputBuilder.scala prints a list
  in order.
* resources/game/Game.cgs: ``LeftOptions := Options(Left)``, ``Options := Options(Left) Concat
  Options(Right)`` (lang/SpecialMethods.scala: ``Concat`` is ``++``), ``Options(player)`` an error
  unless a subclass implements it; resources/game/NegativeGame.cgs implements no ``Options``
  (core/NegativeGame.scala's ``options`` serves the Scala side: sensible options, followers).
* core/Game.scala: ``sensibleOptions`` finds the first option (in order) at least as good as each
  canonical option; ``followers`` is every game reached from this one, itself included.
* resources/game/heap/HeapRuleset.cgs: an option of several heaps is their ``Sum`` (a
  ``CompoundImpartialGame``, folded left: resources/cgsuite/lang/Collection.cgs).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cgsuite.evaluator import evaluate_value
from zermelo.cgsuite.instances import class_of_any
from zermelo.cgsuite.printer import cgsuite_text
from zermelo.cgsuite.values import Compound
from zermelo.cli import main

DOM22 = 'game.grid.Domineering("..|..")'
DOM13 = 'game.grid.Domineering("...")'
DOM12 = 'game.grid.Domineering("..")'
NIM2_K1 = "game.heap.Nim(2) + game.heap.Kayles(1)"
PTB = 'game.heap.PartizanTakeAndBreak("0.07","0.7")'


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        # Left moves in the 2x2 board only (no vertical room in a row of 3): a list, each board's
        # move in Domineering's order, the other part kept.
        (
            f"({DOM22} + {DOM13}).LeftOptions",
            '[game.grid.Domineering("#.|#.") + game.grid.Domineering("..."),'
            'game.grid.Domineering(".#|.#") + game.grid.Domineering("...")]',
        ),
        (
            f"({DOM22} + {DOM13}).Options(Left)",
            (
                '[game.grid.Domineering("#.|#.") + game.grid.Domineering("..."),'
                'game.grid.Domineering(".#|.#") + game.grid.Domineering("...")]'
            ),
        ),
        (
            f"({DOM22} + {DOM13}).RightOptions",
            '[game.grid.Domineering("##|..") + game.grid.Domineering("..."),'
            'game.grid.Domineering("..|##") + game.grid.Domineering("..."),'
            'game.grid.Domineering("..|..") + game.grid.Domineering("##."),'
            'game.grid.Domineering("..|..") + game.grid.Domineering(".##")]',
        ),
        # Options: Left's, then Right's.
        (
            f"({DOM12} + {DOM13}).Options",
            '[game.grid.Domineering("##") + game.grid.Domineering("..."),'
            'game.grid.Domineering("..") + game.grid.Domineering("##."),'
            'game.grid.Domineering("..") + game.grid.Domineering(".##")]',
        ),
        # A difference: G + -H, -H's options the negatives of H's other side's.
        (
            f"({DOM12} - {DOM13}).LeftOptions",
            '[game.grid.Domineering("..") + -game.grid.Domineering("##."),'
            'game.grid.Domineering("..") + -game.grid.Domineering(".##")]',
        ),
        (f"({DOM12} - {DOM13}).RightOptions", '[game.grid.Domineering("##") + -game.grid.Domineering("...")]'),
        # An impartial sum: one list for every player; a heap taken to nothing leaves 0, kept.
        (
            f"({NIM2_K1}).Options",
            "[game.heap.Nim(1) + game.heap.Kayles(1),0 + game.heap.Kayles(1),game.heap.Nim(2) + 0]",
        ),
        (
            f"({NIM2_K1}).LeftOptions",
            "[game.heap.Nim(1) + game.heap.Kayles(1),0 + game.heap.Kayles(1),game.heap.Nim(2) + 0]",
        ),
        (
            f"({NIM2_K1}).RightOptions",
            "[game.heap.Nim(1) + game.heap.Kayles(1),0 + game.heap.Kayles(1),game.heap.Nim(2) + 0]",
        ),
        (
            f"({NIM2_K1}).Options(Right)",
            "[game.heap.Nim(1) + game.heap.Kayles(1),0 + game.heap.Kayles(1),game.heap.Nim(2) + 0]",
        ),
        # An option of two heaps is their sum, printed without parentheses.
        (
            "(game.heap.Kayles(3) + game.heap.Nim(1)).Options",
            "[game.heap.Kayles(2) + game.heap.Nim(1),game.heap.Kayles(1) + game.heap.Kayles(1) + game.heap.Nim(1),"
            "game.heap.Kayles(1) + game.heap.Nim(1),game.heap.Kayles(3) + 0]",
        ),
        # A difference of impartial games is a plain CompoundGame: its Options are Left's then Right's.
        (
            "(game.heap.Nim(1) - game.heap.Nim(1)).Options",
            "[0 + game.heap.Nim(1),game.heap.Nim(1) + 0,0 + game.heap.Nim(1),game.heap.Nim(1) + 0]",
        ),
        # An integer's options are a set: first, it makes a set; second, its one option follows.
        (f"({DOM12} + 1).Options", '[game.grid.Domineering("..") + 0,game.grid.Domineering("##") + 1]'),
        (f"(1 + {DOM12}).Options", '{0 + game.grid.Domineering(".."),1 + game.grid.Domineering("##")}'),
        # A nimber's options (a set, *2's in the order 0, *) follow a list in that order.
        ("(game.heap.Nim(1) + *2).Options", "[0 + *2,game.heap.Nim(1) + 0,game.heap.Nim(1) + *]"),
        # Sensible options from the sum's own options: value {1|-1/2}... Left's K^L = 1/2 + 0 first reached.
        (f"({DOM22} + {DOM13}).SensibleLeftOptions", '{game.grid.Domineering("#.|#.") + game.grid.Domineering("...")}'),
        (
            "(game.heap.Kayles(3) + game.heap.Nim(1)).SensibleOptions(Left)",
            "{game.heap.Kayles(1) + game.heap.Kayles(1) + game.heap.Nim(1),game.heap.Kayles(1) + game.heap.Nim(1)}",
        ),
        (f"(-{DOM12}).SensibleLeftOptions", '{-game.grid.Domineering("##")}'),
        # Followers: the pairs of the parts' followers (Kayles(3): 3, 2, 1+1, 1, 0, 0+1, 1+0, 0+0).
        ("game.heap.Kayles(3).FollowerCount", "8"),
        # Kayles(4): 4, 3, 2, 1, 0, 1+2, 1+1 (an option of 4 and of 1+2 alike), 0+2, 1+0, 0+1, 0+0.
        ("game.heap.Kayles(4).FollowerCount", "11"),
        ("(game.heap.Kayles(3) + game.heap.Nim(1)).FollowerCount", "16"),
        (f"({DOM12} - {DOM13}).FollowerCount", "6"),
        (
            f"(-{DOM13}).Followers",
            '{-game.grid.Domineering("##."),-game.grid.Domineering(".##"),-game.grid.Domineering("...")}',
        ),
        # A partizan heap's option of two heaps is their sum; the followers of a difference
        # are pairs: 11 of the heap of 4 (4, 3, 2, 1, 0, 1+1, 1+2, 0+1, 1+0, 0+2, 0+0), 3 of 2 (2, 1, 0).
        (f"({PTB}(4) - {PTB}(2)).FollowerCount", "33"),
        # Game.cgs's Decomposition: the game alone.
        (f"({DOM12} + game.heap.Nim(1)).Decomposition", '[game.grid.Domineering("..") + game.heap.Nim(1)]'),
        (f"(-{DOM12}).Decomposition", '[-game.grid.Domineering("..")]'),
        # Sensible lines through the sum's options: K3 + D(".|.") = 1*3, each of 1, 1*, 1*2 reached at once.
        (
            '(game.heap.Kayles(3) + game.grid.Domineering(".|.")).SensibleLines(Left)',
            '{[game.heap.Kayles(1) + game.grid.Domineering(".|.")],'
            '[game.heap.Kayles(1) + game.heap.Kayles(1) + game.grid.Domineering(".|.")],'
            '[game.heap.Kayles(2) + game.grid.Domineering(".|.")]}',
        ),
        # G ConjunctiveSum H: each G^L with each H^L, G's options outer (CompoundGame.scala's
        # ConjunctiveSum case); a sum as a part binds as tightly, so no parentheses.
        (
            "(game.heap.Nim(2) ConjunctiveSum game.heap.Kayles(3)).LeftOptions",
            "[game.heap.Nim(1) ConjunctiveSum game.heap.Kayles(2),"
            "game.heap.Nim(1) ConjunctiveSum game.heap.Kayles(1) + game.heap.Kayles(1),"
            "game.heap.Nim(1) ConjunctiveSum game.heap.Kayles(1),0 ConjunctiveSum game.heap.Kayles(2),"
            "0 ConjunctiveSum game.heap.Kayles(1) + game.heap.Kayles(1),0 ConjunctiveSum game.heap.Kayles(1)]",
        ),
        (
            f"({DOM22} ConjunctiveSum {DOM13}).RightOptions",
            '[game.grid.Domineering("##|..") ConjunctiveSum game.grid.Domineering("##."),'
            'game.grid.Domineering("##|..") ConjunctiveSum game.grid.Domineering(".##"),'
            'game.grid.Domineering("..|##") ConjunctiveSum game.grid.Domineering("##."),'
            'game.grid.Domineering("..|##") ConjunctiveSum game.grid.Domineering(".##")]',
        ),
        # G : H: G's options bare, then G : H^L; a sum after `:` binds looser, in parentheses.
        (
            "(game.heap.Nim(2) : game.heap.Kayles(3)).Options",
            "[game.heap.Nim(1),0,game.heap.Nim(2) : game.heap.Kayles(2),"
            "game.heap.Nim(2) : (game.heap.Kayles(1) + game.heap.Kayles(1)),game.heap.Nim(2) : game.heap.Kayles(1)]",
        ),
        (
            f"({DOM22} : {DOM13}).RightOptions",
            '[game.grid.Domineering("##|.."),game.grid.Domineering("..|##"),'
            'game.grid.Domineering("..|..") : game.grid.Domineering("##."),'
            'game.grid.Domineering("..|..") : game.grid.Domineering(".##")]',
        ),
        # Nim(2)'s 3 followers, and Kayles(3)'s 8 each after `:` (the 7 but 0 and Nim(2) : 0).
        ("(game.heap.Nim(2) : game.heap.Kayles(3)).FollowerCount", "10"),
        # G OrdinalProduct H: for each H^L, (G OrdinalProduct H^L) : G^P; then for each H^R,
        # (G OrdinalProduct H^R) : (-G)^P (CompoundGame.scala's OrdinalProduct case).
        ("('{1|}' OrdinalProduct '{0|}').LeftOptions", "[('{1|}' OrdinalProduct 0) : 1]"),
        (
            f'({DOM12} OrdinalProduct game.grid.Domineering(".|.")).Options',
            '[(game.grid.Domineering("..") OrdinalProduct game.grid.Domineering("#|#")) : game.grid.Domineering("##")]',
        ),
        # Its negative is a NegativeGame (CompoundGame's unary minus for a product): its sensible
        # options are the negatives of the product's Right options.
        (
            f'(-({DOM12} OrdinalProduct game.grid.Domineering(".|."))).SensibleLeftOptions',
            '{-(game.grid.Domineering("..") OrdinalProduct game.grid.Domineering("#|#"))'
            ' : -game.grid.Domineering("##")}',
        ),
        ("(-(2 * '{0|}')).Class", "⟪game.NegativeGame⟫"),
        ("(-(2 * '{0|}')).Decomposition", "[-(2 * '{0|}')]"),
    ],
)
def test_options_of_kept_sums(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        # CompoundGame.toOutput: a part in parentheses only when its compound binds looser
        # (precedence: ConwayProduct 1, : 2, + ConjunctiveSum SelectiveSum 3, OrdinalProduct 4).
        ("'{0|}' ConjunctiveSum ('{0|}' + 1)", "'{0|}' ConjunctiveSum '{0|}' + 1"),
        ("2 * (2 * '{0|}')", "2 * 2 * '{0|}'"),
        ("('{0|}' OrdinalProduct 1) ConjunctiveSum '{0|}'", "('{0|}' OrdinalProduct 1) ConjunctiveSum '{0|}'"),
    ],
)
def test_compounds_print_with_cgsuites_precedence(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


def test_the_options_are_compounds_of_cgsuites_classes() -> None:
    # Options of an impartial sum are CompoundImpartialGames; of a difference (a plain
    # CompoundGame), plain CompoundGames even with impartial parts.
    impartial = evaluate_value(f"({NIM2_K1}).Options")
    assert {str(class_of_any(x)) for x in impartial} == {"game.CompoundImpartialGame"}
    plain = evaluate_value("(game.heap.Nim(2) - game.heap.Kayles(1)).LeftOptions")
    assert {str(class_of_any(x)) for x in plain} == {"game.CompoundGame"}


@pytest.mark.parametrize(
    ("expr", "error"),
    [
        # NegativeGame implements no Options: Game.cgs's own error.
        (f"(-{DOM12}).LeftOptions", "Subclasses of `Game` must implement the `Options` method."),
        (f"(-{DOM12}).RightOptions", "Subclasses of `Game` must implement the `Options` method."),
        (f"(-{DOM12}).Options", "Subclasses of `Game` must implement the `Options` method."),
        (f"(-{DOM12}).Options(Left)", "Subclasses of `Game` must implement the `Options` method."),
        (
            f"(-({DOM12} OrdinalProduct {DOM12})).LeftOptions",
            "Subclasses of `Game` must implement the `Options` method.",
        ),
        ("(-(2 * '{0|}')).Options", "Subclasses of `Game` must implement the `Options` method."),
        # SortedOptions is a canonical game's member.
        (
            f"({DOM12} + {DOM13}).SortedOptions",
            "Not a method or member variable: `SortedOptions` (in object of class `game.CompoundGame`)",
        ),
        (
            f"({NIM2_K1}).SortedOptions",
            "Not a method or member variable: `SortedOptions` (in object of class `game.CompoundImpartialGame`)",
        ),
        (
            f"(-{DOM12}).SortedOptions",
            "Not a method or member variable: `SortedOptions` (in object of class `game.NegativeGame`)",
        ),
    ],
)
def test_members_cgsuite_lacks(expr: str, error: str) -> None:
    with pytest.raises(CGSuiteError) as exc:
        evaluate(expr)
    assert str(exc.value) == error


def test_cli_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--cgsuite", "--expr", f"(-{DOM12}).LeftOptions"]) == 2
    out = capsys.readouterr().out
    assert out.strip() == "!! Subclasses of `Game` must implement the `Options` method."


_BOARDS = st.builds(
    lambda rows, cells: "|".join("".join(cells[r * 3 : r * 3 + 3]) for r in range(rows)),
    st.integers(1, 2),
    st.lists(st.sampled_from(".#"), min_size=6, max_size=6),
)
_PART = st.one_of(
    st.builds(lambda n: f"game.heap.Kayles({n})", st.integers(1, 5)),
    st.builds(lambda n: f"game.heap.Nim({n})", st.integers(1, 4)),
    st.builds(lambda b: f'game.grid.Domineering("{b}")', _BOARDS),
)


def _texts(expr: str) -> list[str]:
    return [cgsuite_text(x) for x in evaluate_value(expr)]


@settings(max_examples=30, deadline=None)
@given(_PART, _PART, st.sampled_from(["+", "-"]), st.sampled_from(["Left", "Right"]))
def test_sum_options_are_one_part_moved(a: str, b: str, op: str, player: str) -> None:
    # The options of a ± b are, in order, each a^P ± b then each a ± b^P (b^P: for a difference,
    # the negatives of b's options for the other player), from the parts' own options.
    b_neg = evaluate_value(f"-{b}")
    other = player if op == "+" or b_neg == evaluate_value(b) else ("Right" if player == "Left" else "Left")
    mine, theirs = _texts(f"{a}.Options({player})"), _texts(f"{b}.Options({other})")
    shown_b = cgsuite_text(b_neg) if op == "-" else cgsuite_text(evaluate_value(b))
    neg = (lambda t: cgsuite_text(evaluate_value(f"-({t})"))) if op == "-" else (lambda t: t)
    expected = [f"{x} + {shown_b}" for x in mine] + [f"{cgsuite_text(evaluate_value(a))} + {neg(y)}" for y in theirs]
    assert _texts(f"({a} {op} {b}).Options({player})") == expected
    assert evaluate(f"({a} {op} {b}).CanonicalForm") == evaluate(f"{a}.CanonicalForm {op} {b}.CanonicalForm")
    # Every follower of the sum is a pair of the parts' followers, each pair reached.
    counts = [int(evaluate(f"{x}.FollowerCount")) for x in (a, b)]
    assert int(evaluate(f"({a} {op} {b}).FollowerCount")) == counts[0] * counts[1]


@settings(max_examples=20, deadline=None)
@given(_PART, _PART, st.sampled_from(["ConjunctiveSum", ":"]), st.sampled_from(["Left", "Right"]))
def test_conjunctive_and_ordinal_sum_options_from_the_parts(a: str, b: str, op: str, player: str) -> None:
    # G ConjunctiveSum H: each G^P with each H^P, G's outer; G : H: each G^P itself, then G : H^P.
    mine, theirs = evaluate_value(f"{a}.Options({player})"), evaluate_value(f"{b}.Options({player})")
    g = evaluate_value(a)
    if op == "ConjunctiveSum":
        expected = [Compound(op, x, y) for x in mine for y in theirs]
    else:
        expected = [*mine, *(Compound(op, g, y) for y in theirs)]
    assert _texts(f"({a} {op} {b}).Options({player})") == [cgsuite_text(x) for x in expected]
