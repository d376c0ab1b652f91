"""The Connect Four opening book: its positions, its scores against search, resuming, Dask,
and negamax answering from it."""

from __future__ import annotations

import os
import random
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from cli_helper_games import run
from zermelo import negamax
from zermelo.games import Connect4
from zermelo.games import connect4_book as books
from zermelo.games import connect4_kernel as kernel
from zermelo.games.connect4 import from_score
from zermelo.games.connect4_bits import key
from zermelo.search.minimax_result import WIN_SCORE


@pytest.fixture
def book_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private book directory: the books written here are forgotten afterwards."""
    monkeypatch.setenv("ZERMELO_CACHE_DIR", str(tmp_path))
    books.forget()
    yield tmp_path / "books"
    books.forget()


def test_levels_are_the_reachable_positions_up_to_mirror_images() -> None:
    """Counted again with the plain rules: every sequence of moves where nobody has won yet."""
    g = Connect4(4, 4, compiled=False)
    frontier = {g.parse("")}
    for n, level in enumerate(books.levels(4, 4, 5)):
        keys = {key(*g.bitboards(p)[:2], 4, 4) for p in frontier}
        assert {key(cur, mask, 4, 4) for cur, mask in level} == keys, n
        frontier = {m.position for p in frontier for m in g.moves(p) if g.payoff(m.position) is None}


def test_scores_equal_search_on_a_random_sample(tmp_path: Path) -> None:
    out = tmp_path / "b.npz"
    s = books.build(5, 4, 5, out)
    assert (s.plies, s.leaves, s.resumed) == (5, len(books.levels(5, 4, 5)[5]), 0)
    book = books.read(out)
    assert len(book) == s.positions == sum(map(len, books.levels(5, 4, 5)))
    rng = random.Random(4)
    sample = [*rng.sample([p for level in books.levels(5, 4, 5) for p in level], 40), (0, 0)]
    for cur, mask in sample:
        n = mask.bit_count()
        assert book.score(cur, mask, n) == kernel.solve(cur, mask, n, 5, 4)[0]


def test_scores_equal_the_plain_rules_search(tmp_path: Path) -> None:
    """On 4x4, the plain-Python reference search (no kernel) gives the same values."""
    books.build(4, 4, 4, tmp_path / "b.npz")
    book = books.read(tmp_path / "b.npz")
    g = Connect4(4, 4)
    ref = Connect4(4, 4, compiled=False)
    rng = random.Random(16)
    for text in ["23", "1234", *("".join(rng.choice("1234") for _ in range(rng.randint(2, 4))) for _ in range(6))]:
        p = ref.parse(text)
        if ref.payoff(p) is not None:
            continue
        cur, mask, n = g.bitboards(p)
        score = book.score(cur, mask, n)
        assert score is not None and from_score(score, n, 16, WIN_SCORE) == negamax(ref, p).raw, text


def test_an_interrupted_build_resumes_to_the_same_book(tmp_path: Path) -> None:
    whole = books.build(5, 4, 4, tmp_path / "whole.npz")
    out = tmp_path / "resumed.npz"
    calls = [0]

    def stop(p: books.BookProgress) -> None:
        calls[0] += 1
        if calls[0] == 3:  # after two chunks of 8
            raise KeyboardInterrupt

    old = books.CHECKPOINT_SECONDS
    with pytest.raises(KeyboardInterrupt):
        books.build(5, 4, 4, out, progress=stop)
    assert not out.exists() and out.with_name(out.name + ".partial.npz").exists()
    s = books.build(5, 4, 4, out)
    assert old == books.CHECKPOINT_SECONDS
    assert s.resumed == 16 and s.leaves == whole.leaves
    assert not out.with_name(out.name + ".partial.npz").exists()
    a, b = np.load(tmp_path / "whole.npz"), np.load(out)
    assert np.array_equal(a["keys"], b["keys"]) and np.array_equal(a["scores"], b["scores"])


def test_dask_workers_build_the_same_book(tmp_path: Path) -> None:
    local = books.build(4, 4, 6, tmp_path / "local.npz")
    on_dask = books.build(4, 4, 6, tmp_path / "dask.npz", workers=2, processes=False)
    assert (local.workers, on_dask.workers) == (0, 2)
    a, b = np.load(tmp_path / "local.npz"), np.load(tmp_path / "dask.npz")
    assert np.array_equal(a["keys"], b["keys"]) and np.array_equal(a["scores"], b["scores"])


def test_negamax_answers_inside_the_book_without_searching(book_dir: Path) -> None:
    g = Connect4(5, 4)
    before = {t: negamax(g, g.parse(t)) for t in ("", "3", "32")}
    books.build(5, 4, 4)
    assert (book_dir / "connect4-5x4.npz").is_file()
    for text, r in before.items():
        got = negamax(g, g.parse(text))
        assert (got.value, got.distance, got.nodes) == (r.value, r.distance, 0), text
        assert [m.label for m in got.best_moves] == [m.label for m in r.best_moves]
        assert "opening book" in got.method and len(got.pv) == 4 - len(text) == got.book_end
        assert (
            f"as far as the opening book goes: {', '.join(m.label for m in got.pv)} — the book ends there" in got.why()
        )
    deeper = negamax(g, g.parse("3232"))  # at the book's last ply: the line goes on by search
    assert deeper.nodes > 0 and deeper.method == "compiled" and len(deeper.pv) > 1 and deeper.book_end is None
    assert "opening book" not in deeper.why()


def test_cli(capsys: pytest.CaptureFixture[str], book_dir: Path) -> None:
    status, out, err = run(capsys, "book", "connect4:4x4", "--plies", "3", "--quiet")
    assert status == 0 and not err
    assert "4x4 opening book, 3 plies: 37 positions (26 at ply 3 solved" in out
    assert (book_dir / "connect4-4x4.npz").is_file()
    status, out, _ = run(capsys, "negamax", "connect4:4x4", "2")
    assert status == 0 and "0 searched" in out and "opening book" in out


def test_the_shipped_6x5_line_says_where_the_book_ends(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 30 item 7: the 6x5 answer (make demo, README) read "compiled solver" and its line
    # "X 1  O 3  X 1  O 1  X 1  O 1" read like a whole game.  Before: "line        X 1  O 3  X 1  O 1  X 1  O 1"
    # and "Best play (X first): X 1, O 3, X 1, O 1, X 1, O 1; neither side can force a win".  (Since
    # issue 31 the line tries the centre columns first, as the search does.)
    status, out, _ = run(capsys, "negamax", "connect4:6x5", "")
    lines = out.splitlines()
    assert (
        status == 0
        and lines[3] == "  line        X 3  O 3  X 3  O 4  X 3  O 4  (the opening book ends here, after 6 plies)"
    )
    assert (
        "Best play (X first), as far as the opening book goes: X 3, O 3, X 3, O 4, X 3, O 4 — the book ends there, "
        "after 6 plies, and the line is not played further; neither side can force a win: it is a draw."
    ) in lines[4]
    assert lines[5].startswith("  nodes       0 searched (compiled, opening book, ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nim", "--plies", "3"], "Connect Four only"),
        (["connect4:4x4", "--plies", "-1"], "--plies: must be a whole number from 0"),
        (["connect4:4x4", "--plies", "17"], "--plies must be from 0 to 16"),  # the board's own bound
        (["connect4:4x4", "--plies", "3", "--workers", "0"], "--workers: must be a whole number from 1 to 256"),
        (["connect4:9x9", "--plies", "3"], "needs the compiled solver"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], book_dir: Path, argv: list[str], message: str) -> None:
    status, out, err = run(capsys, "book", *argv)
    assert status == 2 and not out and message in err and err.count("\n") == 1


def test_the_shipped_6x5_book_is_every_position_to_6_plies_and_agrees_with_search() -> None:
    """zermelo's own book (``make books``): the positions are exactly the reachable ones, and the
    scores equal the solver's on a random sample of every ply (the empty board: a draw)."""
    book = books.read(books.shipped_path(6, 5))
    assert (book.w, book.h, book.plies) == (6, 5, 6)
    lv = books.levels(6, 5, 6)
    assert set(book.scores) == {key(cur, mask, 6, 5) for level in lv for cur, mask in level}
    assert book.score(0, 0, 0) == 0
    rng = random.Random(65)
    for n, level in enumerate(lv[1:], start=1):
        for cur, mask in rng.sample(level, min(len(level), 2 * n)):
            assert book.score(cur, mask, n) == kernel.solve(cur, mask, n, 6, 5)[0], (n, cur, mask)


def test_the_shipped_book_answers_a_new_6x5_game_without_search(book_dir: Path) -> None:
    r = negamax(Connect4(6, 5), Connect4(6, 5).parse(""))
    assert r.nodes == 0 and r.raw == 0  # 6x5 is a draw


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    cli = "import sys; from zermelo.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", cli, *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("damage", ["flip", "truncate", "resaved"])
def test_a_damaged_book_is_ignored_with_a_warning_and_search_answers(tmp_path: Path, damage: str) -> None:
    # A flipped bit, a truncated file or one edited with numpy itself (a score changed, saved
    # again): `negamax` and `play` warn in one line and search, never an internal error.
    env = {**os.environ, "ZERMELO_CACHE_DIR": str(tmp_path)}
    assert _cli("book", "connect4:4x4", "--plies", "2", "--quiet", env=env).returncode == 0
    path = tmp_path / "books" / "connect4-4x4.npz"
    whole = path.read_bytes()
    if damage == "flip":
        at = whole.index(b"scores.npy") + 200  # inside the scores array
        path.write_bytes(whole[:at] + bytes([whole[at] ^ 0x40]) + whole[at + 1 :])
    elif damage == "truncate":
        path.write_bytes(whole[: len(whole) // 2])
    else:
        with np.load(path) as data:
            arrays = {k: np.array(data[k]) for k in data.files}
        arrays["scores"][0] = 5
        np.savez(path, **arrays)
    for argv in (["negamax", "connect4:4x4", "2"], ["play", "connect4:4x4", "--first", "computer"]):
        got = subprocess.run(
            [sys.executable, "-c", "import sys; from zermelo.cli import main; sys.exit(main(sys.argv[1:]))", *argv],
            capture_output=True,
            text=True,
            env=env,
            input="quit\n",
            timeout=120,
        )
        assert got.returncode == 0, got.stderr
        assert got.stderr.startswith(f"zermelo: warning: Connect Four book {path}: ") and got.stderr.count("\n") == 1
        assert "positions past the other book are searched" in got.stderr


def test_book_out_refuses_a_device_a_fifo_and_a_symlink(tmp_path: Path) -> None:
    env = {**os.environ, "ZERMELO_CACHE_DIR": str(tmp_path)}
    dev, fifo, link = tmp_path / "dev", tmp_path / "fifo", tmp_path / "link"
    try:
        os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("mknod needs root")
    os.mkfifo(fifo)
    link.symlink_to(tmp_path / "elsewhere.npz")
    for path, kind in ((dev, "a character device"), (fifo, "a FIFO"), (link, "a symbolic link")):
        got = _cli("book", "connect4:4x4", "--plies", "1", "--out", str(path), env=env)
        assert (got.returncode, got.stdout) == (2, "")
        assert (
            got.stderr == f"zermelo: error: cannot write Connect Four book {path}: it is {kind}, not a regular file\n"
        )
    assert stat.S_ISCHR(os.lstat(dev).st_mode) and os.major(os.lstat(dev).st_rdev) == 1
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and link.is_symlink() and not (tmp_path / "elsewhere.npz").exists()


def test_book_out_into_a_missing_folder_is_one_line_as_for_every_output(tmp_path: Path) -> None:
    """An explicit --out names the user's folder: it must exist (the book directory, the default, is
    made on first use).  `make fuzz` found the book making it, unlike every other output flag."""
    env = {**os.environ, "ZERMELO_CACHE_DIR": str(tmp_path / "cache")}
    target = tmp_path / "no" / "book.npz"
    got = _cli("book", "connect4:4x4", "--plies", "1", "--out", str(target), env=env)
    assert (got.returncode, got.stdout, got.stderr.count("\n")) == (2, "", 1), got.stderr
    assert got.stderr.startswith(f"zermelo: error: cannot write Connect Four book {target}")
    assert not (tmp_path / "no").exists()
