"""Parts, partitions and primes of misère forms (zermelo.values.misere_parts): CGSuite's own
answers, brute force over small games, and sums checked by plain misère search."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

from test_values_misere import born_by
from zermelo.cgsuite import evaluate
from zermelo.cgsuite.errors import CGSuiteError
from zermelo.heaps import Octal
from zermelo.misere.forms import misere_canonical_form
from zermelo.rules import Impartial
from zermelo.search.engine import PREVIOUS_WINS, engine_for
from zermelo.values.misere import ZERO, MisereGame, add, even_part, misere_game, nim_heap, total
from zermelo.values.misere_parts import (
    is_extraverted,
    is_introverted,
    is_prime,
    pairs,
    partitions,
    parts,
    subtract,
)
from zermelo.values.misere_text import misere_text, parse_misere


def texts(games: Sequence[MisereGame]) -> set[str]:
    return {misere_text(g) for g in games}


# CGSuite's answers (its MisereCanonicalGame test cases): form, IsPrime, IsExtraverted, Parts (as a
# set: CGSuite lists them in the order its search finds them), Partitions.
CGSUITE = [
    ("*[0]", False, True, set(), [[]]),
    ("*[1]", False, True, set(), [["*[1]"]]),
    ("*[2]", True, True, set(), [["*[2]"]]),
    ("*[2#]", False, True, {"*[2]", "*[2[#-2]]"}, [["*[2]", "*[2[#-2]]"]]),
    (
        "*[2##]",
        False,
        True,
        {"*[2]", "*[2[##-2]]", "*[2#]", "*[2[##-2]0]", "*[2[#-2]]", "*[(2[##-2]0)[2]]"},
        [["*[2]", "*[2[#-2]]", "*[2[##-2]0]"]],
    ),
    ("*[2[2]]", False, True, {"*[2]"}, [["*[2]", "*[2]"]]),
    (
        "*[2[#2#]]",
        False,
        True,
        {"*[2]", "*[2[#2#-2]]", "*[2#]", "*[2[2]]", "*[2[#2#-2-2]]", "*[2[#-2]]", "*[2[#2]]"},
        [["*[2]", "*[2]", "*[2[#-2]]", "*[2[#-2]]"]],
    ),
    ("*[2#1]", True, False, set(), [["*[2#1]"]]),
    (
        "*[4[2#]]",
        False,
        False,
        {"*[2]", "*[4[2#-2]]", "*[4]", "*[4[2#-4]]"},
        [["*[2]", "*[4[2#-2]]"], ["*[4]", "*[4[2#-4]]"]],
    ),
    ("*[((2#0)2[#1]2#)(2#1)[1]]", True, False, set(), [["*[((2#0)2[#1]2#)(2#1)[1]]"]]),
]


@pytest.mark.parametrize(("text", "prime", "extraverted", "its_parts", "its_partitions"), CGSUITE)
def test_cgsuites_answers(
    text: str, prime: bool, extraverted: bool, its_parts: set[str], its_partitions: list[list[str]]
) -> None:
    g = parse_misere(text)
    assert (is_prime(g), is_extraverted(g), is_introverted(g)) == (prime, extraverted, text in ("*[0]", "*[1]"))
    assert texts(parts(g)) == its_parts
    assert [[misere_text(p) for p in q] for q in partitions(g)] == its_partitions
    assert all(parse_misere(misere_text(p)) is p for p in parts(g))  # "-k" subscripts read back


def test_every_pair_of_small_games_is_found_and_every_pair_found_is_right() -> None:
    """Brute force: for each sum of two games born by day 4 and of random games born on day 5 (sets
    of those 22), the pair is among the sum's pairs; every pair listed adds up to the sum; parts
    are the pairs' even members; primes and partitions agree with them."""
    small = born_by(4)
    rng = random.Random(27)
    day5 = [misere_game(g for g in small if rng.random() < 0.3) for _ in range(3)]
    for x, y in [*itertools.combinations_with_replacement(small, 2), *itertools.product(day5, small[:6])]:
        g = add(x, y)
        found = dict(pairs(g))
        assert found[x] is y and found[y] is x  # X + Y = Y + X
        assert all(add(a, b) is g for a, b in found.items())
        e = even_part(g)
        assert set(parts(g)) == {even_part(a) for a in found} - {ZERO, e}
        assert is_prime(g) == (g not in (ZERO, nim_heap(1)) and not parts(g))
        for q in partitions(g):
            assert total(q) is g and all(is_prime(p) or p is nim_heap(1) for p in q)
    for g in small:  # only 0 and * are parts of every option (Conway)
        assert is_introverted(g) == (g in (ZERO, nim_heap(1)))


def test_subtract_and_extraverted_by_brute_force() -> None:
    small = born_by(4)
    for g, x in itertools.product(small, repeat=2):
        d = subtract(g, x)
        assert d is None or add(x, d) is g
        assert all(d is y for y in small if add(x, y) is g), (g, x)  # cancellation: at most one
    for g in small:  # extraverted: G is a part of {G}
        sharp = misere_game([g])
        d = subtract(sharp, g)
        assert is_extraverted(g) == (d is not None) and (d is None or add(g, d) is sharp)
        assert all(d is y for y in small if add(g, y) is sharp)


class _Forms(Impartial[tuple[MisereGame, ...]]):
    """A sum of forms played as it stands: a move is a move in one of them."""

    def options(self, p: tuple[MisereGame, ...]) -> list[tuple[MisereGame, ...]]:
        return [(*p[:i], o, *p[i + 1 :]) for i, g in enumerate(p) for o in g.options]

    def key(self, p: tuple[MisereGame, ...]) -> Any:
        return tuple(sorted(g.id for g in p))


def test_kayles_parts_by_plain_misere_search() -> None:
    """Misère Kayles 2 + 7 + 8: each part X found and its G - X, played beside every game born by
    day 3, have the outcome of G itself, by the engine's plain misère search of the sums."""
    kayles = Octal("0.77")
    g = total(misere_canonical_form(kayles, h) for h in (2, 7, 8))
    assert len(parts(g)) >= 2
    engine = engine_for(_Forms())
    for x in parts(g)[:4]:
        y = subtract(g, x)
        assert y is not None
        for t in born_by(3):
            whole = engine.outcome((g, t), True)[0] == PREVIOUS_WINS
            split = engine.outcome((x, y, t), True)[0] == PREVIOUS_WINS
            assert whole == split == (add(g, t).gminus == 0)


def test_in_the_cgsuite_evaluator() -> None:
    """Norton's example (CGSuite's tutorial): misère games do not factor uniquely."""
    assert evaluate("*[[*[4] + *[2]]].Partitions") == "[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]"
    assert evaluate("*[2#].Parts") == "[*[2],*[2[#-2]]]"
    assert evaluate("(*[2] + *[2#0]).IsPrime") == "false" and evaluate("*[2#0].IsPrime") == "true"
    assert evaluate("*[4[2#]].IsExtraverted") == "false" and evaluate("*[1].IsIntroverted") == "true"
    assert evaluate("(*[2] + *[2#0]).MisereMinus(*[2])") == "*[2#0]"
    with pytest.raises(CGSuiteError, match="not subtractable"):
        evaluate("*[2].MisereMinus(*[2#])")
