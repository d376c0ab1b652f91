"""CGSuite's coordinate rulesets made in the evaluator (zermelo.cgsuite.coordinate_ruleset):
CoordinateRuleset(fn), PartizanCoordinateRuleset(L, R), CoordinateOptions and Adjoin.  CGSuite's
library rulesets rebuilt from their definitions give the rows of its worksheet tests; values
against zermelo's own games searched by the engine; bad procedures refused in one line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import grundy
from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cli import main
from zermelo.games.mem import Mem
from zermelo.games.wythoff import cgsuite_options
from zermelo.rules import Impartial

# CGSuite's definitions (its game.heap library), written as procedures.
MEM = "game.heap.CoordinateRuleset((n, k) -> [(n - a, a) for a from 1 to n where a >= k])"
ONE_HEAP = "game.heap.CoordinateRuleset((m, n) -> [(a, n) for a from 0 to m - 1] Concat [(m, b) for b from 0 to n - 1])"
DIAGONAL = "game.heap.CoordinateRuleset((m, n) -> [(m - k, n - k) for k from 1 to m Min n])"
EUCLID_L = "game.heap.CoordinateRuleset((p, q) -> if q == 0 or p % q == 0 then [] else [(q, p % q)] end)"
EUCLID_R = "game.heap.CoordinateRuleset((p, q) -> if q == 0 or p % q == 0 then [] else [(q, q - p % q)] end)"


def test_cgsuites_worksheet_rows() -> None:
    # CGSuite's GameHeapTest (commit e909ab8b): Mem's (10, n), Wythoff's (10, n), Partizan Euclid's (8, n).
    assert evaluate(f"[{MEM}((10,n)).NimValue for n from 0 to 20]") == "[3,3,3,3,2,2,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0]"
    wythoff = f"{ONE_HEAP}.Adjoin({DIAGONAL})"
    # (CGSuite's row goes to n = 20: its first 13, each procedure asked in the evaluator, keep this fast)
    assert evaluate(f"[{wythoff}((10,n)).NimValue for n from 0 to 12]") == "[10,11,9,8,13,12,0,15,16,17,14,18,7]"
    euclid = f"game.heap.PartizanCoordinateRuleset({EUCLID_L}, {EUCLID_R})"
    assert evaluate(f"[{euclid}((8,n)).CanonicalForm for n from 0 to 8]") == "[0,0,0,v,0,0,^,^5,0]"
    assert evaluate(f"{MEM}((10,10)).Options.Size") == evaluate("game.heap.Mem((10,10)).Options.Size") == "1"


def test_coordinate_options_are_cgsuites() -> None:
    # GenWythoff's: heap 1, heap 2, then both (k <= l, then k > l); Mem's by the take.
    assert evaluate("game.heap.Wythoff.CoordinateOptions((2,3))") == "[(1,3),(0,3),(2,2),(2,1),(2,0),(1,2),(0,1)]"
    assert evaluate("game.heap.Mem.CoordinateOptions((3,1))") == "[(2,1),(1,2),(0,3)]"
    assert (
        evaluate("game.heap.Mem((3,1)).Options") == "[game.heap.Mem((2,1)),game.heap.Mem((1,2)),game.heap.Mem((0,3))]"
    )
    # A product's: R's heap options on m, then S's on n (Kayles' 3 -> 1 + 1 is two pairs).
    assert evaluate("game.heap.Nim.AcrosticProduct(game.heap.Kayles).CoordinateOptions((2,3))") == (
        "[[(1,3)],[],[(2,2)],[(2,1),(2,1)],[(2,1)]]"
    )
    assert evaluate("game.heap.Nim.DirectProduct(game.heap.Nim).CoordinateOptions((2,2))") == (
        "[[(1,2),(2,1),(1,1)],[(1,2)],[(2,1)],[]]"
    )
    # A procedure's: as it lists them; the position prints as CGSuite's.
    r = "game.heap.CoordinateRuleset((m, n) -> [(m - 1, n), [(0, n), (1, n)]])"
    assert evaluate(f"{r}.CoordinateOptions((2,5))") == "[(1,5),[(0,5),(1,5)]]"
    assert evaluate(f"{r}((2,5))") == f"{r}((2,5))"


def test_a_ruleset_of_a_products_options_is_the_product() -> None:
    product = 'game.heap.Kayles.AcrosticProduct(game.heap.Spawning("1-3"))'
    again = f"game.heap.CoordinateRuleset((m, n) -> {product}.CoordinateOptions((m, n)))"
    assert evaluate(f"{again}.NimValueTable(4, 4)") == evaluate(f"{product}.NimValueTable(4, 4)")


class _Union(Impartial[tuple[int, int]]):
    """Wythoff's moves and Mem's together, in Python (each pair as it stands: (1, 0) is not (0, 1)):
    the engine searches it."""

    name = "union"

    def options(self, position: tuple[int, int]) -> list[tuple[int, int]]:
        return [*cgsuite_options(position), *Mem().options(position)]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 9), st.integers(0, 9))
def test_adjoin_against_the_engine(m: int, n: int) -> None:
    got = evaluate(f"game.heap.Wythoff.Adjoin(game.heap.Mem)(({m},{n})).NimValue")
    assert got == str(grundy(_Union(), (m, n)))


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6), st.integers(0, 12), st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))
def test_sums_and_partizan_negation(k: int, a: int, b: int, c: int, d: int) -> None:
    """A sum's nim value is the nim sum; Left's and Right's rulesets swapped negate the value."""
    r = f"game.heap.CoordinateRuleset((m, n) -> [(m - j, n + j) for j from 1 to m Min {k}])"
    one, two = (evaluate(f"{r}(({x},{y})).NimValue") for x, y in ((a % 7, b), (c % 7, d)))
    assert evaluate(f"({r}(({a % 7},{b})) + {r}(({c % 7},{d}))).NimValue") == str(int(one) ^ int(two))
    left, right = EUCLID_L, EUCLID_R
    p, q = max(a, c) + 1, min(a, c)
    g = evaluate(f"game.heap.PartizanCoordinateRuleset({left}, {right})(({p},{q})).CanonicalForm")
    assert evaluate(f"-game.heap.PartizanCoordinateRuleset({right}, {left})(({p},{q})).CanonicalForm") == g


def test_tables_of_procedures() -> None:
    # Partizan Euclid's table is CGSuite's GameValueTable (rows and columns from 1).
    euclid = f"game.heap.PartizanCoordinateRuleset({EUCLID_L}, {EUCLID_R})"
    table = [
        [c.strip() for c in row.split(" | ")] for row in evaluate(f"{euclid}.GameValueTable(3, 4)").split("\n")[::2]
    ]
    assert table == [[evaluate(f"{euclid}(({p},{q})).GameValue") for q in range(1, 5)] for p in range(1, 4)]
    assert table[0][:3] == ["0", "*", "^"]  # (1,2) = {(2,1)|(2,1)} = {0|0}; (1,3) = {(3,1)|(3,2)} = {0|*}
    assert evaluate(f"{MEM}.NimValueTable(2, 2)") == evaluate("game.heap.Mem.NimValueTable(2, 2)")


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        ("game.heap.CoordinateRuleset(3)", "takes one procedure of the coordinates"),
        ("game.heap.CoordinateRuleset((m, n) -> 3)((1,1)).NimValue", "must be a list of coordinates"),
        ("game.heap.CoordinateRuleset((m, n) -> [3])((1,1)).NimValue", "must be a pair (m, n) or a list of pairs"),
        ("game.heap.CoordinateRuleset((m, n) -> [(m + 6000, n)])((1,1)).NimValue", "a coordinate goes from"),
        ("game.heap.CoordinateRuleset((m, n) -> [(m, n)])((1,1)).NimValue", "is loopy"),
        ("game.heap.CoordinateRuleset(m -> [])((1,1)).NimValue", "takes 1 arguments, not 2"),
        ("game.heap.Wythoff.Adjoin(game.heap.Kayles)", "Adjoin takes impartial coordinate rulesets"),
        ("game.heap.Wythoff.Adjoin(3)", "Adjoin takes impartial coordinate rulesets"),
        ("game.heap.Kayles.CoordinateOptions((1,1))", "CoordinateOptions is a method of impartial coordinate"),
        ("game.heap.Wythoff.CoordinateOptions(1)", "takes one pair of coordinates"),
        ("game.heap.PartizanCoordinateRuleset(game.heap.Wythoff)", "takes two coordinate rulesets"),
        ("game.heap.PartizanCoordinateRuleset(game.heap.Wythoff, game.heap.Nim)", "takes impartial coordinate"),
        ("game.heap.FunctionalCoordinateRuleset((m, n) -> [])((1,2,3))", "coordinates are a pair"),
    ],
)
def test_errors(expr: str, words: str) -> None:
    with pytest.raises(CGSuiteError) as info:
        evaluate(expr)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_cli_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--cgsuite", "--expr", "game.heap.CoordinateRuleset((m, n) -> 3)((1,1)).NimValue"]) == 2
    out = capsys.readouterr().out.strip()
    assert out.startswith("!! CoordinateRuleset: the options of (1,1)") and "\n" not in out
