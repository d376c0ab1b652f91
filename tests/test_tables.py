"""``zermelo table``: golden tables in the notes' notation, JSON, pictures and errors."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from cli_helper_games import run
from zermelo.analyses.tables import render_png, render_text, table
from zermelo.cli import main
from zermelo.core.errors import InvalidPosition, SearchLimitExceeded, Unsupported
from zermelo.games import Subtraction
from zermelo.rules import Impartial, Outcome
from zermelo.search.engine import Engine


def test_subtraction_row_is_the_notes_row() -> None:
    # Slides 002: S = {1, 3, 4} gives P N P N N N N P N P N N ... (period 7: P at 0, 2 mod 7).
    t = table("subtraction:1,3,4", size=12)
    assert render_text(t) == ("n  0  1  2  3  4  5  6  7  8  9 10 11\n   P  N  P  N  N  N  N  P  N  P  N  N")
    assert t.shape == "row" and t.row_labels == [] and t.col_labels == list(range(12))


def test_square_row_p_positions() -> None:
    t = table("square", size=40)
    ps = [n for n, v in zip(t.col_labels, t.cells[0], strict=True) if v is Outcome.P]
    assert ps == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39]


def test_wythoff_grid_p_positions_are_beatty_pairs() -> None:
    t = table("wythoff", size=(11, 11))
    ps = {
        (r, c)
        for r, row in zip(t.row_labels, t.cells, strict=True)
        for c, v in zip(t.col_labels, row, strict=True)
        if v is Outcome.P
    }
    pairs = {(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)}
    assert ps == pairs | {(b, a) for a, b in pairs}


def test_rook_table_figure_1_2() -> None:
    # Figure 1.2 of the notes: the rook-move game (= Nim on two heaps) has the value i ⊕ j.
    t = table("nim", size=(11, 11), grundy=True)
    assert t.cells == [[i ^ j for j in range(11)] for i in range(11)]
    text = render_text(table("nim", size=(4, 4), grundy=True))
    assert text == "r\\c 0 1 2 3\n  0 0 1 2 3\n  1 1 0 3 2\n  2 2 3 0 1\n  3 3 2 1 0"


def test_queen_table_figure_1_4() -> None:
    # Figure 1.4 (queen = Wythoff): row 3 column 4 is *2; and the completed columns 5 and 6.
    t = table("wythoff", size=(4, 7), grundy=True)
    assert t.cells[3][4] == 2
    assert [row[5] for row in t.cells] == [5, 3, 4, 0]
    assert [row[6] for row in t.cells] == [6, 7, 8, 1]


def test_one_engine_call_per_table(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = Engine.outcomes

    def counting(self: Engine, positions, misere=False, limits=None):  # type: ignore[no-untyped-def]
        calls.append(len(positions))
        return original(self, positions, misere, limits)

    from zermelo.games import Wythoff

    class Searched(Wythoff):  # no closed forms: every cell is searched
        def outcome_formula(self, position, misere=False):  # type: ignore[no-untyped-def]
            return None

        def grundy_formula(self, position):  # type: ignore[no-untyped-def]
            return None

    monkeypatch.setattr(Engine, "outcomes", counting)
    searched = table(Searched(), size=(6, 7))
    assert calls == [42]
    assert table("wythoff", size=(6, 7)).cells == searched.cells and calls == [42]  # the closed form: no search


def test_misere_row() -> None:
    t = table(Subtraction({1, 2}), size=7, misere=True)
    # Misère: 0 is a win for the player to move; P-positions are n ≡ 1 (mod 3).
    assert "".join(t.cell_text(v) for v in t.cells[0]) == "NPNNPNN"


class _Boards(Impartial[tuple[int, int]]):
    """Shrink an r x c board (r, c >= 1) by one row or one column; 0 x c is no board."""

    name = "boards"

    def options(self, p: tuple[int, int]) -> list[tuple[int, int]]:
        r, c = p
        return [q for q in ((r - 1, c), (r, c - 1)) if min(q) >= 1]

    def parse(self, text: str) -> tuple[int, int]:
        r, c = (int(w) for w in text.split("x"))
        if r < 1 or c < 1:
            raise InvalidPosition("a board has at least one row and one column")
        return r, c


def test_template_drops_illegal_first_row_and_column() -> None:
    t = table(_Boards(), size=(3, 4), template="{r}x{c}")
    assert t.row_labels == [1, 2, 3] and t.col_labels == [1, 2, 3, 4]
    assert t.positions[0][0] == "(1, 1)"
    # (r - 1) + (c - 1) moves are played whatever happens: P iff r + c is even.
    assert [[v.value for v in row] for row in t.cells] == [
        ["P", "N", "P", "N"],
        ["N", "P", "N", "P"],
        ["P", "N", "P", "N"],
    ]


def test_long_row_wraps() -> None:
    text = render_text(table("subtraction:1,2", size=100), width=60)
    blocks = text.split("\n\n")
    assert len(blocks) > 1 and all(len(line) <= 60 for line in text.splitlines())


def test_errors() -> None:
    with pytest.raises(Unsupported, match="no table layout"):
        table("digraph:a->b")
    with pytest.raises(InvalidPosition, match="positive"):
        table("wythoff", size=(0, 3))
    with pytest.raises(InvalidPosition, match="too big"):
        table("wythoff", size=(10_000, 10_000))
    with pytest.raises(Unsupported, match="normal play"):
        table("nim", grundy=True, misere=True)


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "table", "subtraction:1,3,4", "--size", "8")
    assert status == 0
    assert out.splitlines()[-1].split() == ["P", "N", "P", "N", "N", "N", "N", "P"]


def test_cli_row_period(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "table", "subtraction:1,3,4", "--size", "30")
    assert status == 0 and "periodic from n = 0 on with period 7" in out and "not a proof" in out
    status, out, _ = run(capsys, "table", "square", "--size", "30")
    assert "periodic" not in out
    status, out, _ = run(capsys, "table", "subtraction:2,3", "--grundy", "--size", "40", "--json")
    assert json.loads(out)["period"] == {"preperiod": 0, "period": 5, "start": 0}


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "table", "nim", "--size", "3", "2", "--grundy", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["kind"] == "grundy" and data["shape"] == "grid"
    assert data["cells"] == [[0, 1], [1, 0], [2, 3]]
    assert data["positions"][2][1] == "2 1"
    assert data["row_labels"] == [0, 1, 2] and data["col_labels"] == [0, 1] and data["period"] is None


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--size", "0"], "--size"),
        (["--size", "x", "3"], "--size"),
        (["--size", "1", "2", "3"], "--size"),
    ],
)
def test_cli_bad_size(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, "table", "wythoff", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_cli_no_template(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "table", "digraph:a->b")
    assert status == 2 and "no table layout" in err and err.count("\n") == 1


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_cli_png_grid_and_row(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    grid = tmp_path / "wythoff.png"
    status, out, _ = run(capsys, "table", "wythoff", "--size", "8", "8", "--image", str(grid))
    assert status == 0 and str(grid) in out
    w, h = _png_size(grid)
    assert 300 <= w <= 4000 and 200 <= h <= 4000 and grid.stat().st_size > 5_000
    row = tmp_path / "row.png"
    assert main(["table", "square", "--grundy", "--size", "20", "--image", str(row)]) == 0
    w, h = _png_size(row)
    assert w > 2 * h  # one strip


def test_cli_png_unwritable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "table", "nim", "--size", "2", "--image", str(tmp_path / "no" / "dir.png"))
    assert status == 2 and "cannot write" in err


def test_png_leaves_the_backend_alone(tmp_path: Path) -> None:
    import matplotlib

    before = matplotlib.get_backend()
    render_png(table("subtraction:1,2", size=6), str(tmp_path / "t.png"))
    assert matplotlib.get_backend() == before and (tmp_path / "t.png").stat().st_size > 1000


@pytest.mark.parametrize("name", ["table.txt", "table"])
def test_cli_png_written_exactly_where_asked(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    # QA: '--image x.txt' was an internal error (exit 1) and '--image x' wrote x.png while saying x.
    path = tmp_path / name
    status, out, err = run(capsys, "table", "nim", "--size", "2", "--image", str(path))
    assert status == 0, err
    assert f"picture written to {path}" in out
    _png_size(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_cli_png_to_a_directory_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "table", "nim", "--size", "2", "--image", str(tmp_path))
    assert status == 2 and "cannot write" in err and err.count("\n") == 1
    assert list(tmp_path.parent.glob(tmp_path.name + ".png")) == []


def test_cli_heading_says_what_a_cell_is(capsys: pytest.CaptureFixture[str]) -> None:
    # QA: the heading showed the raw template, "wythoff: P/N positions of '{r} {c}'".
    _, out, _ = run(capsys, "table", "wythoff", "--size", "2", "2")
    assert out.splitlines()[0] == "wythoff: P/N positions; row r, column c is the position 'r c'"
    _, out, _ = run(capsys, "table", "chomp", "--size", "2", "2", "--grundy")
    assert out.splitlines()[0] == "chomp: Grundy values; row r, column c is the position 'rxc'"
    _, out, _ = run(capsys, "table", "subtraction:1,2", "--size", "4", "--misere")
    assert out.splitlines()[0] == "subtraction:1,2: P/N positions (misère play); n = 0, 1, 2, …"
    assert "{" not in table("wythoff", size=(2, 2)).caption()


def test_remoteness_table_is_the_notes_square_game_table() -> None:
    from zermelo.analyses.tables import render_text, table

    t = table("square", size=41, remoteness=True)
    assert t.remoteness is not None
    # The notes' worked example: 17 is lost, its options 16, 13, 8, 1 have remoteness 1, 7, 5, 1.
    assert [t.remoteness[0][n] for n in (17, 16, 13, 8, 1)] == [8, 1, 7, 5, 1]
    assert t.to_json()["remoteness"][0][40] == 5
    text = render_text(t)
    assert text.splitlines()[2].startswith("r  0  1  2  3  1")
    grid = render_text(table("wythoff", size=(2, 3), remoteness=True))
    assert grid.splitlines()[1].split() == ["0", "P0", "N1", "N1"]


HEAP_ROWS = ["kayles", "dawsonkayles", "officers", "grundygame", "octal:0.137", "subtraction:1,3,4", "allbut:1,2"]


@pytest.mark.parametrize("spec", [*HEAP_ROWS, "tbreak:0.8", "tbreak:4.3..."])
def test_heap_rows_come_from_the_compiled_kernels_and_agree_with_the_engine(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from zermelo.games.registry import make_game

    game = make_game(spec)
    reference = Engine(game).grundies(list(range(60)))  # type: ignore[arg-type]
    searched: list[int] = []
    original = Engine.grundies

    def counting(self: Engine, positions, limits=None):  # type: ignore[no-untyped-def]
        searched.append(len(positions))
        return original(self, positions, limits)

    monkeypatch.setattr(Engine, "grundies", counting)
    assert table(spec, size=60, grundy=True).cells[0] == reference
    pn = table(spec, size=60).cells[0]
    assert pn == [Outcome.P if g == 0 else Outcome.N for g in reference]
    assert searched == []  # the kernel, not the engine


def test_a_row_of_100000_kayles_heaps_within_its_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    # The engine examined every split of every heap (killed at 600 s); the kernel takes seconds.
    assert main(["table", "kayles", "--grundy", "--size", "100000", "--json", "--timeout", "30"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["cells"][0]) == 100_000 and out["period"]["period"] == 12
    assert out["cells"][0][99_999] == out["cells"][0][99_999 - 12]


def test_a_kernel_row_keeps_the_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "kayles", "--grundy", "--size", "5000", "--budget", "1000"]) == 2
    assert "more than the budget of 1,000" in capsys.readouterr().err


def test_a_size_given_as_a_graph_suggests_size(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "table", "square", "40")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "say --size 40" in err


def test_a_grids_remoteness_is_not_named_like_its_rows() -> None:
    grid = table("wythoff", size=(3, 3), remoteness=True).caption()
    assert "row r, column c" in grid and "(r:" not in grid and "the number after P or N" in grid
    assert "(r: moves to the end" in table("square", size=5, remoteness=True).caption()  # a row's r row


def test_cram_closed_forms_answer_and_cells_beyond_the_budget_are_unknown(tmp_path) -> None:
    # Issue 30: `table cram` aborted on the budget although even boards have closed forms.
    from zermelo.analyses.tables import UNKNOWN, render_png
    from zermelo.core.limits import Limits

    t = table("cram", size=(7, 7), limits=Limits(max_positions=2_000))
    cell = {(r, c): t.cells[i][j] for i, r in enumerate(t.row_labels) for j, c in enumerate(t.col_labels)}
    for (r, c), v in cell.items():
        if r % 2 == 0 or c % 2 == 0:  # the mirror strategy's closed form, never searched
            assert v is (Outcome.P if r % 2 == 0 and c % 2 == 0 else Outcome.N)
    assert cell[(3, 3)] is Outcome.P and cell[(1, 5)] is Outcome.P  # small odd boards: searched
    assert cell[(7, 7)] is UNKNOWN  # 2,000 positions are too few for it
    assert "?: beyond the search budget" in t.caption() and "?" in render_text(t)
    assert t.to_json()["cells"][6][6] == "unknown"
    render_png(t, str(tmp_path / "cram.png"))
    from zermelo.analyses.tables import cell_values
    from zermelo.games.cram import Cram

    with pytest.raises(SearchLimitExceeded):  # nothing answerable at all: the error, not a table of ?
        cell_values(Cram(), [Cram().parse("7x7")], False, False, Limits(max_positions=2_000), unknown=True)


def test_a_big_table_keeps_no_position_a_closed_form_answered() -> None:
    """Issue 32 item 7: `table chomp --size 1000 1000` (the documented million cells) held every
    rectangle as a tuple of its rows (5.8 GB, then MemoryError) and transposed each to find it was
    a rectangle.  Now a cell a closed form answers keeps only its outcome and text: 200 × 200
    Chomp rectangles in a real process within 80 MiB and 10 CPU seconds (prlimit's caps)."""
    from measured import run_capped

    got = run_capped(["table", "chomp", "--size", "200", "200", "--quiet"], 1000, cpu_seconds=10)
    assert got.status == 0, got.err[-300:]
    assert len(got.out.splitlines()) == 202 and got.out.splitlines()[2].split()[1:3] == ["P", "N"]
    assert got.peak_mib < 80, got.peak_mib
