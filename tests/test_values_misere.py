"""Misère canonical forms (zermelo.values.misere, misere_text, misere_genus; zermelo.misere.forms):
Conway's counts, CGSuite's order and notation, and every outcome checked against the engine's
plain misère search (closed forms are claims)."""

from __future__ import annotations

import itertools
import random

import pytest

from zermelo.analyses.genus import genus as searched_genus
from zermelo.games import Cram, Nim
from zermelo.heaps import Octal
from zermelo.misere.forms import misere_canonical_form
from zermelo.rules import Impartial, Sum
from zermelo.search.engine import PREVIOUS_WINS, engine_for
from zermelo.values.misere import ZERO, MisereGame, add, mate, misere_game, nim_heap, subtract_nim_heap, total
from zermelo.values.misere_genus import PHYLA, MisereGenus, discriminator, genus, link
from zermelo.values.misere_text import MisereSyntaxError, misere_text, parse_misere


def born_by(day: int) -> list[MisereGame]:
    """Every misère canonical form born by ``day``: forms of all sets of earlier forms."""
    games = [ZERO]
    for _ in range(day):
        new = {misere_game(c) for r in range(len(games) + 1) for c in itertools.combinations(games, r)}
        games = sorted(new, key=MisereGame.order_key)
    return games


def searched_is_p(game: Impartial, position: object) -> bool:
    """The misère outcome by the engine's plain search."""
    status, _ = engine_for(game).outcome(position, True)
    return bool(status == PREVIOUS_WINS)


def test_conways_counts_of_games_born_by_each_day() -> None:
    """ONAG ch. 12: 1, 2, 3, 5, 22 misère impartial games are born by days 0–4."""
    assert [len(born_by(d)) for d in range(5)] == [1, 2, 3, 5, 22]


def test_cgsuite_order_and_names_of_the_first_games() -> None:
    """CGSuite's table of the games born by day 4 (its source, MisereCanonicalGameOps), in its order."""
    names = [
        "0",
        "1",
        "2",
        "3",
        "2#",
        "2[#1]",
        "3#",
        "2##",
        "2[2]",
        "2#2",
        "2#0",
        "2#1",
        "2#32",
        "2#30",
        "2#20",
        "2#31",
        "2#21",
        "2#320",
        "2#210",
        "2#321",
        "4",
        "2#3210",
    ]
    assert [misere_text(g) for g in born_by(4)] == [f"*[{n}]" for n in names]


def test_notation_reads_back_and_two_routes_give_one_form() -> None:
    two = nim_heap(2)
    assert parse_misere("*[2[2]]") is add(two, two) is misere_canonical_form(Nim(), (2, 2))
    assert parse_misere("*[2[2]321]") is misere_game([add(two, two), nim_heap(3), two, nim_heap(1)])
    assert parse_misere("2#") is misere_game([two]) and parse_misere("*[&11;]") is nim_heap(11)
    assert misere_text(nim_heap(12)) == "*[&12;]"
    # A Cram board with a wall between its parts is the sum of the parts' forms.
    cram = Cram()
    assert misere_canonical_form(cram, "..#...") is add(
        misere_canonical_form(cram, ".."), misere_canonical_form(cram, "...")
    )
    for bad in ("*[]", "*[2", "*[x]", "*[2[-5]]", "*[(2]"):
        with pytest.raises(MisereSyntaxError):
            parse_misere(bad)


def test_the_cram_board_of_the_issue() -> None:
    assert misere_text(misere_canonical_form(Cram(), ".........|##.######")) == "*[2[2]321]"


def test_every_3x3_cram_board_against_search_and_read_back() -> None:
    """All 512 boards of 3×3 Cram (any cells blocked): outcome of the form = plain misère search."""
    cram = Cram()
    for mask in range(512):
        rows = ["".join("#" if mask >> (3 * r + c) & 1 else "." for c in range(3)) for r in range(3)]
        board = cram.parse("|".join(rows))
        form = misere_canonical_form(cram, board)
        assert (form.gminus == 0) == searched_is_p(cram, board), rows
        assert parse_misere(misere_text(form)) is form


def test_random_sums_against_search() -> None:
    """Sums as forms: the form of each part, added, has the outcome of searching the whole sum."""
    rng = random.Random(27)
    for codes in (("0.77", "0.07"), ("0.137", "4.7", "0.77"), ("0.07", "0.07", "0.07")):
        games = [Octal(c) for c in codes]
        s = Sum(*games)
        for _ in range(80):
            position = tuple(rng.randint(0, 7) for _ in games)
            form = total(misere_canonical_form(g, p) for g, p in zip(games, position, strict=True))
            assert form is misere_canonical_form(s, position)
            assert (form.gminus == 0) == searched_is_p(s, position), (codes, position)
    cram = Cram()
    pair = Sum(cram, cram)
    boards = ["..|..", "...|..#", "...", "....", "..#|...", ".#.|...", "...|...", ".|.|."]
    for a, b in itertools.product(boards, repeat=2):
        position = (cram.parse(a), cram.parse(b))
        form = add(misere_canonical_form(cram, a), misere_canonical_form(cram, b))
        assert (form.gminus == 0) == searched_is_p(pair, position), (a, b)


def test_sums_of_forms_are_commutative_associative_and_cancel() -> None:
    games = [*born_by(3), parse_misere("*[2#1]"), parse_misere("*[2#20]")]
    for a, b, c in itertools.product(games, repeat=3):
        assert add(a, b) is add(b, a)
        assert add(add(a, b), c) is add(a, add(b, c))
    for a in games:
        for k in range(4):
            assert subtract_nim_heap(add(a, nim_heap(k)), k) is a
    assert add(nim_heap(1), nim_heap(1)) is ZERO


def test_genus_matches_search_in_every_phylum() -> None:
    """CGSuite's genus (γ0 and the phylum's rule for the rest) against the γ's by misère search."""
    seen = set()
    for code, top in (("0.77", 9), ("0.07", 12), ("0.137", 12), ("0.75", 12), ("0.312", 12)):
        game = Octal(code)
        for heap in range(top + 1):
            g = genus(misere_canonical_form(game, heap))
            seen.add(g.phylum)
            s = searched_genus(game, heap)
            gammas = [*s.minus, *([s.minus[-2], s.minus[-1]] * 4)]
            assert g.plus == s.plus and [g.gamma(i) for i in range(8)] == gammas[:8], (code, heap)
    assert {"nim heap", "hereditarily tame", "hereditarily restive", "restless", "wild"} <= seen
    assert str(genus(misere_canonical_form(Octal("0.77"), 5))) == "4^146"
    assert str(genus(misere_canonical_form(Octal("0.07"), 10))) == "3^1431"
    assert str(genus(nim_heap(5))) == "5" and str(MisereGenus(6, (1, 9, 10, 8), "wild")) == "6^(1,9,10,8)"
    assert set(PHYLA) >= seen


def test_link_discriminator_and_mate() -> None:
    games = born_by(4)
    for g, h in itertools.product(games, repeat=2):
        t = link(g, h)
        assert (t is None) == (g in h.options or h in g.options)
        if t is not None:
            assert add(g, t).gminus == 0 and add(h, t).gminus == 0
        d = discriminator(g, h)
        if g is h:
            assert d is None
        else:
            assert d is not None and add(g, d).gminus == 0 and add(h, d).gminus != 0
    assert mate(ZERO) is nim_heap(1) and mate(nim_heap(1)) is ZERO
    assert misere_text(mate(parse_misere("*[2#0]"))) == "*[2#1]"
