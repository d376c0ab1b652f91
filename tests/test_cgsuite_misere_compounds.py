"""Misère properties of CGSuite's compounds of positions (zermelo.cgsuite.misere_compounds):
``G : H``, ``G ConjunctiveSum H``, ``G SelectiveSum H``, ``G OrdinalProduct H``.

CGSuite's source (aaron-siegel/cgsuite): ``lib/core/src/main/scala/org/cgsuite/core/CompoundGame.scala``
gives each compound's options (the definitions used by the brute force below);
``lib/core/src/main/scala/org/cgsuite/core/Game.scala`` (``misereOutcomeClass``) and
``GameReducer.scala`` (``MisereOutcomeReducer``) find any game's misère outcome by a search of its
tree; ``ImpartialGame.scala`` and ``resources/.../game/ImpartialGame.cgs`` give an impartial game's
misère canonical form from its options' (``MisereCanonicalGameReducer``), its ``MisereNimValue``
and ``Genus`` from that.  Before this module each of these was refused on a compound holding a
ruleset's position ("misère properties of a conjunctive sum … are not supported"), and a compound
of nimbers was valued by an unmemoised walk of its options (``*5 SelectiveSum *5``: ~56 s).

The golden rows are derived by hand in the comments; the hypothesis tests build each compound's
game tree themselves from those definitions, with zermelo's rules of Kayles, Nim and Domineering
as the leaves, and compare the evaluator with the engine's plain misère searches of that tree
(``misere_grundy``, ``genus``, ``outcome``, ``partisan_outcome``), which never form a misère
canonical form.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo.cgsuite.compounds as compounds
import zermelo.cgsuite.misere as cg_misere
import zermelo.misere.forms as misere_forms
from zermelo.analyses.analysis import outcome, partisan_outcome
from zermelo.analyses.genus import genus, misere_grundy
from zermelo.cgsuite import evaluate
from zermelo.cgsuite.errors import BudgetExceeded, CGSuiteError
from zermelo.games import Domineering, Kayles, Nim
from zermelo.rules import Impartial, Outcome, Partisan

K, N = "game.heap.Kayles", "game.heap.Nim"
D = "game.grid.Domineering"


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        # K3's options are K2, K1+K1, K1 (each with a move), N2's N1, N0.  X ∧ N0 has no move
        # (G⁻ 1); X ∧ N1 moves only to X' ∧ N0 (G⁻ mex{1} = 0) when X has a move; so
        # K3 ∧ N2 has options of G⁻ 0 and 1: G⁻ 2, an N-position.
        (f"({K}(3) ConjunctiveSum {N}(2)).MisereNimValue", "2"),
        (f"({K}(3) ConjunctiveSum {N}(2)).MisereOutcomeClass", "N"),
        # N1 ∧ N1 moves only to N0 ∧ N0 (no move, G⁻ 1): G⁻ 0, a P-position
        (f"({N}(1) ConjunctiveSum {N}(1)).MisereNimValue", "0"),
        (f"({N}(1) ConjunctiveSum {N}(1)).MisereOutcomeClass", "P"),
        # N1 ∨ N1 → N0 ∨ N1 and N1 ∨ N0 (each *1 as a tree) and N0 ∨ N0 (0): the tree of *2
        (f"({N}(1) SelectiveSum {N}(1)).MisereNimValue", "2"),
        (f"({N}(1) SelectiveSum {N}(1)).MisereCanonicalForm", "*[2]"),
        # N1 ⊛ N2 → (N1⊛N1) : N0 and (N1⊛N0) : N0; X : N0 has X's options, N1⊛N0 none and
        # N1⊛N1 one, to (N1⊛N0) : N0 = 0: the options are *1 and 0, the tree of *2
        (f"({N}(1) OrdinalProduct {N}(2)).MisereNimValue", "2"),
        (f"({N}(1) OrdinalProduct {N}(2)).Genus", "2"),
        # K1 : N1 → K0 (0) and K1 : N0 (K1's one option): *2's tree, G⁻ 2
        (f"({K}(1) : {N}(1)).MisereNimValue", "2"),
        # K5 : N1 → K5's options and K5 : N0, whose options are K5's: so its form is K5's
        # form (*[2[2]321], the engine's) with K5's form added as an option
        (f"({K}(5) : {N}(1)).MisereCanonicalForm", "*[(2[2]321)2[2]321]"),
        (f"({K}(5) : {N}(1)).MisereCanonicalForm == *[{K}(5).MisereCanonicalForm, *[2] + *[2], 3, 2, 1]", "true"),
    ],
)
def test_misere_properties_of_impartial_compounds(expr: str, value: str) -> None:
    assert evaluate(expr) == value


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        # Domineering 2x2 ∧ 1: Left's moves go to X ∧ 0 (no move for either); Right has none
        # (1 = {0|}). Left to move must move and leave Right without a move: Right wins;
        # Right to move cannot move: Right wins.
        (f'({D}("..|..") ConjunctiveSum 1).MisereOutcomeClass', "R"),
        # 1 ∧ 2 = {0 ∧ 1 |}: the same shape
        ("(1 ConjunctiveSum 2).MisereOutcomeClass", "R"),
        ("(-1 ConjunctiveSum -2).MisereOutcomeClass", "L"),  # its negative
        # D = Domineering(".|.") is {0|}. D : N1 → Left: 0, D : N0; Right: D : N0, where Left
        # must move to 0 and Right, without a move, wins.  Left first leaves Right without a
        # move either way.  R.
        (f'({D}(".|.") : {N}(1)).MisereOutcomeClass', "R"),
    ],
)
def test_misere_outcome_of_partizan_compounds(expr: str, value: str) -> None:
    assert evaluate(expr) == value


@pytest.mark.parametrize(
    "expr",
    [
        f'({D}("..|..") ConjunctiveSum 1).MisereNimValue',
        f'({D}("..|..") ConjunctiveSum {N}(2)).Genus',
        f'({K}(3) SelectiveSum {D}("..")).MisereCanonicalForm',
        f'({D}(".|.") : {N}(1)).IsTame',
    ],
)
def test_no_impartial_property_of_a_partizan_compound(expr: str) -> None:
    # CGSuite: a compound with a partizan part is a plain CompoundGame, no ImpartialGame
    name = expr.rsplit(".", 1)[1]
    with pytest.raises(CGSuiteError, match=f"member variable: `{name}` \\(in object of class `game.CompoundGame`\\)"):
        evaluate(expr)


@pytest.mark.parametrize("prop", ["MisereNimValue", "MisereOutcomeClass"])
def test_a_large_compound_stops_at_the_budget(monkeypatch: pytest.MonkeyPatch, prop: str) -> None:
    monkeypatch.setattr(compounds, "MAX_STEPS", 500)
    with pytest.raises(BudgetExceeded, match="more than 500 pairs, options and forms"):
        evaluate(f"({K}(9) SelectiveSum {N}(9)).{prop}")


def test_each_node_of_a_compound_of_nimbers_is_formed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # *4 ∨ *4 has 25 nodes (a ∨ b, a, b ≤ 4); an unmemoised walk formed one per path (~2.5 s
    # for *4, a minute for *5)
    made = [0]
    for module in (misere_forms, cg_misere):
        real = module.misere_game

        def counted(options: Any, real: Any = real) -> Any:
            made[0] += 1
            return real(options)

        monkeypatch.setattr(module, "misere_game", counted)
    assert evaluate("((*4) SelectiveSum (*4)).MisereNimValue") == "8"  # the tree of *8
    assert made[0] <= 25


# The brute force: a compound's tree from its definitions (CompoundGame.scala), nodes as tuples.
_LEAVES: dict[str, Any] = {"K": Kayles(), "N": Nim(), "D": Domineering()}


def _side(node: tuple[Any, ...], left: bool) -> list[tuple[Any, ...]]:
    kind = node[0]
    if kind in _LEAVES:
        rules = _LEAVES[kind]
        if isinstance(rules, Impartial):
            return [(kind, p) for p in rules.options(node[1])]
        return [(kind, p) for p in (rules.left_options(node[1]) if left else rules.right_options(node[1]))]
    if kind == "I":  # an integer n: {n-1|} or {|n+1}
        n = node[1]
        return [("I", n - 1)] if left and n > 0 else [("I", n + 1)] if not left and n < 0 else []
    if kind == "-":
        return [("-", x) for x in _side(node[1], not left)]
    a, b = node[1], node[2]
    al, bl = _side(a, left), _side(b, left)
    if kind == "ConjunctiveSum":
        return [(kind, x, y) for x in al for y in bl]
    if kind == "SelectiveSum":
        return [(kind, x, b) for x in al] + [(kind, a, y) for y in bl] + [(kind, x, y) for x in al for y in bl]
    if kind == ":":
        return al + [(":", a, y) for y in bl]
    # G⊛H = {G⊛H^L : G^L, G⊛H^R : -G^R | G⊛H^L : G^R, G⊛H^R : -G^L}
    ar = _side(a, not left)
    hl, hr = _side(b, True), _side(b, False)
    return [(":", (kind, a, y), x) for y in hl for x in al] + [(":", (kind, a, y), ("-", x)) for y in hr for x in ar]


class _Brute(Partisan[Any]):
    name = "brute-compound"

    def left_options(self, position: Any) -> list[Any]:
        return _side(position, True)

    def right_options(self, position: Any) -> list[Any]:
        return _side(position, False)

    def key(self, position: Any) -> Hashable:
        return position


class _BruteImpartial(Impartial[Any]):
    name = "brute-compound"

    def options(self, position: Any) -> list[Any]:
        return _side(position, True)


def _text(node: tuple[Any, ...]) -> str:
    kind = node[0]
    if kind == "K":
        return f"{K}({node[1]})"
    if kind == "N":
        return f"{N}({node[1]})"
    if kind == "D":
        return f'{D}("{Domineering().format(node[1])}")'
    if kind == "I":
        return str(node[1])
    return f"({_text(node[1])} {kind} {_text(node[2])})"


_OPS = st.sampled_from([":", "ConjunctiveSum", "SelectiveSum", "OrdinalProduct"])
_HEAP = st.tuples(st.sampled_from(["K", "N"]), st.integers(0, 4))
_SMALL = st.tuples(st.sampled_from(["K", "N"]), st.integers(0, 3))
_IMPARTIAL = st.one_of(
    st.tuples(_OPS, _HEAP, _HEAP),
    st.tuples(_OPS, st.tuples(_OPS, _SMALL, _SMALL), _SMALL),
)


@settings(max_examples=40, deadline=None)
@given(_IMPARTIAL)
def test_impartial_compounds_agree_with_brute_force(node: tuple[Any, ...]) -> None:
    expr, tree = _text(node), _BruteImpartial()
    g_minus = misere_grundy(tree, node)
    assert evaluate(f"{expr}.MisereNimValue") == str(g_minus)
    p_position = outcome(tree, node, misere=True) is Outcome.P
    assert (g_minus == 0) == p_position
    assert evaluate(f"{expr}.MisereOutcomeClass") == ("P" if p_position else "N")
    if node[1][0] not in _LEAVES:
        return  # a compound in a compound: the brute-force genus takes too long for a unit test
    plus, _, gammas = evaluate(f"{expr}.Genus").partition("^")  # CGSuite prints a tame genus short
    found = genus(tree, node)
    listed = [int(c) for c in gammas.strip("()").split(",")] if gammas.startswith("(") else [int(c) for c in gammas]
    assert int(plus) == found.plus and list(found.minus[: len(listed)]) == listed


_BOARDS = [".", "..", ".|.", "..|..", "...", ".#.|...", ".|.|."]
_PARTIZAN_LEAF = st.one_of(
    st.tuples(st.just("D"), st.sampled_from(_BOARDS).map(Domineering().parse)),
    st.tuples(st.just("I"), st.integers(-2, 2)),
    st.tuples(st.just("N"), st.integers(0, 3)),
)


@settings(max_examples=40, deadline=None)
@given(_OPS, _PARTIZAN_LEAF, _PARTIZAN_LEAF, st.booleans())
def test_misere_outcomes_agree_with_brute_force(op: str, a: tuple[Any, ...], b: tuple[Any, ...], negated: bool) -> None:
    node: tuple[Any, ...] = (op, a, b)
    expr = _text(node)
    if negated:  # -(G op H): a NegativeGame of a product, the compound of the negatives otherwise
        node, expr = ("-", node), f"(-{expr})"
    expected = partisan_outcome(_Brute(), node, misere=True)
    assert evaluate(f"{expr}.MisereOutcomeClass") == str(expected)
