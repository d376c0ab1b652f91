"""CGSuite's sums, differences and negatives of a ruleset's positions: what they print and their
``.Class`` and ``is``, golden rows worked from CGSuite's source (lang/Ops.scala's ``Plus``,
``Minus`` and ``Neg``; core/Game.scala, ImpartialGame.scala, CompoundGame.scala, NegativeGame.scala):
``+`` of two impartial games is ``ImpartialGame.+``, a ``CompoundImpartialGame``; of any other
games ``Game.+``, a ``CompoundGame``; ``-`` is always ``Game.-``, ``G + -H`` (a plain
``CompoundGame``); ``-G`` is G for an impartial game, a ``NegativeGame`` for a position, and the
sum of the negatives for a ``CompoundGame``; 0 added or taken away gives the other side."""

from __future__ import annotations

import pytest

from zermelo.cgsuite import evaluate

NIM_KAYLES = "game.heap.Nim(3) + game.heap.Kayles(4)"
DOMINO = 'game.grid.Domineering("..")'


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        (NIM_KAYLES, NIM_KAYLES),
        (f"({NIM_KAYLES}).Class", "⟪game.CompoundImpartialGame⟫"),
        (f"({NIM_KAYLES}) is game.CompoundImpartialGame", "true"),
        (f"({NIM_KAYLES}) is game.CompoundGame", "true"),  # CompoundImpartialGame extends CompoundGame
        (f"({NIM_KAYLES}) is ImpartialGame", "true"),
        (f"({NIM_KAYLES}).NimValue", "2"),  # 3 xor 1
        (f"({NIM_KAYLES}).CanonicalForm", "*2"),
        ("(game.heap.Nim(3) + *2).Class", "⟪game.CompoundImpartialGame⟫"),  # a nimber is an ImpartialGame
        (f"({NIM_KAYLES} + *).Class", "⟪game.CompoundImpartialGame⟫"),
        ("(game.heap.Nim(3) + 1).Class", "⟪game.CompoundGame⟫"),  # 1 is no ImpartialGame
        (f"({DOMINO} + game.heap.Kayles(4)).Class", "⟪game.CompoundGame⟫"),
        (f"({DOMINO} + game.heap.Kayles(4)) is ImpartialGame", "false"),
        (f"{DOMINO} + 1", f"{DOMINO} + 1"),
        (f"({DOMINO} + 1).CanonicalForm", "0"),
        ("game.heap.Nim(3) + 0", "game.heap.Nim(3)"),  # Ops.Plus: (Game, Zero) gives the game itself
        ("(game.heap.Nim(3) + 0).Class", "⟪game.heap.HeapRuleset.Position⟫"),
        # -G: an impartial game is its own negative; a partizan position's is a NegativeGame.
        ("-game.heap.Nim(3)", "game.heap.Nim(3)"),
        ("(-game.heap.Nim(3)).Class", "⟪game.heap.HeapRuleset.Position⟫"),
        (f"-{DOMINO}", f"-{DOMINO}"),
        (f"(-{DOMINO}).Class", "⟪game.NegativeGame⟫"),
        (f"(-{DOMINO}) is Game", "true"),
        (f"(-{DOMINO}).CanonicalForm", "1"),
        (f"(-{DOMINO}).GameValue", "1"),
        (f"-(-{DOMINO})", DOMINO),
        (f"0 - {DOMINO}", f"-{DOMINO}"),
        (f"-({NIM_KAYLES})", NIM_KAYLES),
        (f"-({DOMINO} + game.heap.Kayles(4))", f"-{DOMINO} + game.heap.Kayles(4)"),
        (f"(-({DOMINO} + game.heap.Kayles(4))).Class", "⟪game.CompoundGame⟫"),
        # G - H is Game.-: G + -H, a plain CompoundGame even of two impartial games.
        ("game.heap.Nim(3) - game.heap.Nim(2)", "game.heap.Nim(3) + game.heap.Nim(2)"),
        ("(game.heap.Nim(3) - game.heap.Nim(2)).Class", "⟪game.CompoundGame⟫"),
        ("(game.heap.Nim(3) - game.heap.Nim(2)) is ImpartialGame", "false"),
        ("(-(game.heap.Nim(3) - game.heap.Nim(2))).Class", "⟪game.CompoundGame⟫"),
        (f'{DOMINO} - game.grid.Domineering("...")', f'{DOMINO} + -game.grid.Domineering("...")'),
        (f'({DOMINO} - game.grid.Domineering("...")).CanonicalForm', "0"),
        (f"({DOMINO} - {DOMINO}) == 0", "true"),
    ],
)
def test_sums_of_positions(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


def test_a_loopy_position_is_added_by_its_value() -> None:
    # Backsliding Toads and Frogs' positions repeat: a sum with one is its value, as before.
    assert evaluate('game.strip.BackslidingToadsAndFrogs("t.f") + 1') == "1"
