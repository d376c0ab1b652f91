# ruff: noqa: E501  (the golden texts are kept whole, one string each, to be compared and read as printed)
"""Golden "why" texts for the lecture notes' worked examples: the exact explanation `zermelo solve`
gives, read and checked by hand against the notes (where the notes are wrong, against search:
docs/games.md lists their mistakes).  A change of wording must change these on purpose."""

from __future__ import annotations

import pytest

from cli_helper_games import solve_json

GOLDEN = [
    (
        "the Square game, win quickly (notes 003)",
        ["square", "40"],
        "The 6 moves lead to positions of Grundy values {0, 2}; the mex (least value not among them) is 1, so the Grundy value is 1, not 0, so the player to move wins (an N-position). Move to a position of value 0: take 25 (40 -> 15).\nWin quickly: take 25 (40 -> 15) leaves a position of remoteness 4, a win in 5 moves (the fastest of 2 winning moves).",
    ),
    (
        "the Square game, lose slowly (notes 003)",
        ["square", "17"],
        "The 4 moves lead to positions of Grundy values {1}; the mex (least value not among them) is 0, so the Grundy value is 0: no move reaches a P-position (value 0), so the player to move loses (a P-position): every move leads to an N-position.\nLose slowly: the best defence is take 4 (17 -> 13), to a position of remoteness 7, so the game lasts 8 moves.",
    ),
    (
        "Nim: the third example as meant (notes 000)",
        ["nim", "13", "23", "26"],
        "Bouton: write the heaps in binary and add each column without carrying (the nim-sum).\n  heap 1:  13 = 01101\n  heap 2:  23 = 10111\n  heap 3:  26 = 11010\n  ones per column:  2 2 2 2 2 (even even even even even)  →  nim-sum 0 = 00000\nThe nim-sum is 0: every column has an even number of ones, so the player to move loses (a P-position). Any move changes one heap, so some column's count becomes odd and the nim-sum non-zero.\nLose slowly: the best defence is take 1 from heap 1 (13 -> 12) (or take 1 from heap 2 (23 -> 22)), to a position of remoteness 61, so the game lasts 62 moves.",
    ),
    (
        "Nim: the third example as printed",
        ["nim", "11", "23", "26"],
        "Bouton: write the heaps in binary and add each column without carrying (the nim-sum).\n  heap 1:  11 = 01011\n  heap 2:  23 = 10111\n  heap 3:  26 = 11010\n  ones per column:  2 2 1 3 2 (even even odd odd even)  →  nim-sum 6 = 00110\nThe nim-sum is 6, not 0, so the player to move wins (an N-position). Its highest bit is 4; heap 2 (23) has that bit. Reduce heap 2 from 23 to 23 ⊕ 6 = 17: then every column has an even number of ones and the nim-sum is 0.",
    ),
    (
        "the Prime-power game (notes 003)",
        ["primepower", "10000000000"],
        "No prime power is a multiple of 6 (its only prime is 2 or 3, never both), and 1, 2, 3, 4 and 5 are all allowed takes; so the P-positions are exactly the multiples of 6: from a multiple of 6 every move leaves a number that is not one, and from any other n, taking n mod 6 reaches one. 10000000000 ≡ 4 (mod 6), so the player to move wins (an N-position): take a power of 4 (4, 16, 64, …: the prime powers ≡ 4 (mod 6)) to reach a multiple of 6: 16 winning moves, the smallest take 4 (10000000000 -> 9999999996).",
    ),
    (
        "a subtraction game by its proven period",
        ["subtraction:1,2,3", "1000000000001"],
        "S = {1, 2, 3}: the Grundy values have period 4 from 0, proven: G(n) = G(n mod 4) (subtraction game: 3 = max(S) matching values after the preperiod).\n  1000000000001 ≡ 1 (mod 4), so G(1000000000001) = G(1) = 1\nThe Grundy value is 1, so the player to move wins (an N-position). Move to a position of value 0: take 1 (1000000000001 -> 1000000000000).",
    ),
    (
        "dominos 7 x 8 (notes 004, exercise 1.2)",
        ["cram", "7x8"],
        "On an empty 7 × 8 board (one side odd, one even) the first player places the centre domino, d4-e4 (the middle row's two centre squares), and then copies every domino of the opponent point-mirrored through the centre: the mirror image of a free place is always free, so the first player always has a move and the opponent runs out first, so the player to move wins.",
    ),
    (
        "Treblecross on 5 cells",
        ["treblecross", "....."],
        "An X next to another X, or one cell away from it, lets the opponent complete three in a row at once; so neither player puts an X within two cells of another while a safe cell is left. On an empty row of 5 cells the first player puts an X on the centre cell 3 and then answers every X with its mirror image: the mirror cell is always safe when the opponent's was, so the opponent runs out of safe cells first, so the player to move wins.",
    ),
    (
        "Wythoff's P-position (notes 000)",
        ["wythoff", "3", "5"],
        "Wythoff: the P-positions are the pairs (a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k), k = 0, 1, 2, …; every whole number appears in exactly one pair and each difference k once (Beatty's theorem). (3, 5) is the pair k = 2: ⌊2φ⌋ = 3 and 3 + 2 = 5, so the player to move loses (a P-position): taking from one heap keeps the other heap, whose only pair is this one; taking the same from both keeps the difference k, and pair k is the only pair with that difference; so every move leaves the pairs.\nLose slowly: the best defence is take 2 from heap 1 (3 -> 1) (or take 1 from heap 1 (3 -> 2), take 4 from heap 2 (5 -> 1), take 3 from heap 2 (5 -> 2), …), to a position of remoteness 3, so the game lasts 4 moves.",
    ),
    (
        "staircase Nim (notes 001)",
        ["staircase", "0", "3", "2", "5"],
        "Only the odd stairs (1, 3) matter. Moving stones off an odd stair is a Nim move; moving stones onto an odd stair is undone by moving them one stair further down, so the stones on even stairs never count. The odd stairs hold [3, 5], nim-sum 3 ⊕ 5 = 6, so the player to move wins. A winning move: move 2 from stair 2 to stair 1.\nWin quickly: move 2 from stair 2 to stair 1 leaves a position of remoteness 20, a win in 21 moves (the fastest of 2 winning moves).",
    ),
    (
        "split-nim (notes 004, exercise 1.10)",
        ["splitnim", "1", "2", "4"],
        "The position is a sum of 3 independent games; by the Sprague–Grundy theorem its Grundy value is the nim-sum (XOR) of theirs.\n  splitnim 1: Grundy value 1\n  splitnim 2: Grundy value 2\n  splitnim 4: Grundy value 3\n  1 ⊕ 2 ⊕ 3 = 0\nThe nim-sum is 0, so the player to move loses (a P-position): a move changes one component's value, which makes the nim-sum non-zero.\nLose slowly: the best defence is heap 3: 4 -> 1 + 3 (or heap 3: 4 -> 2 + 2, take 1 from heap 3 (4 -> 3)), to a position of remoteness 7, so the game lasts 8 moves.",
    ),
    (
        "Fibonacci Nim (notes 001)",
        ["fibonacci", "20"],
        "Zeckendorf: 20 = 13 + 5 + 2. The player to move may take at most n − 1 on the first move, that is up to 19. The smallest term 2 is allowed: taking it leaves 18, whose smallest Zeckendorf term is more than twice 2 and out of the opponent's reach, so the player to move wins: take 2 (20 -> 18).",
    ),
    (
        "tokens on a digraph (notes 004, exercise 1.7)",
        ["digraph:a->b, b->c, a->c", "a", "b"],
        "The graph is 'a->b, a->c, b->c'. Each of the 2 tokens is a game of its own (a sum), so by the Sprague–Grundy theorem the value is the nim-sum of the values of the tokens' vertices (each by the mex rule on the graph):\n  token 1 on a: 2\n  token 2 on b: 1\nNim-sum 2 ⊕ 1 = 3, so the player to move wins (an N-position). Move token 1 from a (value 2) to a vertex of value 2 ⊕ 3 = 1: a -> b.",
    ),
    (
        "Chomp 2 x 4 (notes 004, exercise 1.3)",
        ["chomp", "2x4"],
        'On a 2 × n board (here n = 4) the first player eats the corner square (2, 4): the bottom row becomes one shorter than the top one (4 and 3). From that "one shorter" shape every bite leaves rows of equal length or a top row at least two longer, and one bite restores the one-shorter shape; she keeps restoring it until the opponent is left with only the poisoned square, so the player to move wins. The winning move: eat (2, 4).',
    ),
    (
        "Chomp 5 x 5 (notes 004, exercise 1.3)",
        ["chomp", "5x5"],
        "On a 5 × 5 square the first player eats (2, 2): that leaves an L, the top row and the left column, with two arms of 4 squares each beside the poisoned corner. From then on she mirrors: whatever the opponent eats from one arm, she eats as much from the other, so the arms stay equal and the opponent is the one left with only the poisoned square. Every other bite loses: it leaves a rectangle or keeps square (2, 2) for the opponent to eat, so the player to move wins. The winning move: eat (2, 2).",
    ),
]


@pytest.mark.parametrize(("what", "words", "why"), GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_why(capsys: pytest.CaptureFixture[str], what: str, words: list[str], why: str) -> None:
    assert solve_json(capsys, *words)["explanation"] == why
