"""Token games on directed graphs: text and files, cycles and draws, several tokens."""

from __future__ import annotations

from pathlib import Path

import pytest

from zermelo import InvalidGame, InvalidPosition, Loopy, Outcome, grundy, outcome, remoteness, solve, winning_moves
from zermelo.games import Digraph
from zermelo.games.digraph import parse_edges
from zermelo.games.registry import make_game


def test_parse_edges_forms() -> None:
    assert parse_edges("a->b, b->c") == [("a", "b"), ("b", "c")]
    assert parse_edges("a -> b -> c") == [("a", "b"), ("b", "c")]
    assert parse_edges("a b\nb c # comment\n\n") == [("a", "b"), ("b", "c")]
    assert parse_edges("x->y; y->x") == [("x", "y"), ("y", "x")]


@pytest.mark.parametrize("text", ["", "   ", "a->", "->b", "a->b c", "a b c", "a", "# nothing"])
def test_bad_graph_text(text: str) -> None:
    with pytest.raises(InvalidGame):
        Digraph.from_text(text)


def test_edge_list_file(tmp_path: Path) -> None:
    f = tmp_path / "g.txt"
    f.write_text("a b\nb c\n# a comment\nc a\nc d\n", encoding="utf-8")
    g = Digraph.from_file(f)
    assert g.successors == {"a": ("b",), "b": ("c",), "c": ("a", "d"), "d": ()}
    # The CLI's make_game (files=True) reads a file a spec names, bare or after '@'.
    for spec in (f"digraph:{f}", f"digraph:@{f}", f"digraph: {f} "):
        assert make_game(spec, files=True).successors == g.successors  # type: ignore[attr-defined]
    with pytest.raises(InvalidGame, match="cannot read"):
        make_game(f"digraph:@{tmp_path / 'missing.txt'}", files=True)


def test_text_is_never_a_file_name(tmp_path: Path) -> None:
    """Without files=True (the web's, the Python API's default) no spelling of a file's name opens
    it: the text is read as edges, and the error quotes the text, not the file."""
    f = tmp_path / "g.txt"
    f.write_text("secret-token-a secret-token-b\n", encoding="utf-8")
    for text in (str(f), f"@{f}", f" {f}", f"{f}\t", f"./{f.relative_to(tmp_path)}"):
        with pytest.raises(InvalidGame) as info:
            make_game(f"digraph:{text}")
        assert "secret-token" not in str(info.value)
        with pytest.raises(InvalidGame):
            Digraph.from_text(text)


def test_the_done_means_graph() -> None:
    g = Digraph.from_text("a->b, b->a, b->c")
    assert [str(outcome(g, v)) for v in "abc"] == ["P", "N", "P"]
    a = solve(g, "a")
    assert a.outcome is Outcome.P and a.grundy == 0 and a.remoteness == 2 and a.winning_moves == []
    assert [m.position for m in winning_moves(g, "b")] == ["a", "c"]  # a is a P-position too


def test_cycles_give_draws_and_infinite_values() -> None:
    g = Digraph.from_text("a->b, b->a, b->c, c->d, d->e, e->c")
    # c, d, e run round a cycle with no exit: draws.  b can move into it (∞) or back to a.
    for v in "cde":
        assert outcome(g, v) is Outcome.DRAW and remoteness(g, v) is None
        assert grundy(g, v) == Loopy(frozenset())
    assert outcome(g, "a") is Outcome.DRAW and outcome(g, "b") is Outcome.DRAW
    assert solve(g, "a").winning_moves == []


def test_a_draw_next_to_a_win() -> None:
    # a can move to the terminal t, so a wins; b's only move is to a, so b loses, and a -> b wins too.
    # On the cycle a <-> b the generalized values are finite: γ(b) = 0, γ(a) = mex{0, 0} = 1.
    g = Digraph.from_text("a->t, a->b, b->a")
    assert outcome(g, "a") is Outcome.N and outcome(g, "b") is Outcome.P
    assert grundy(g, "a") == 1 and grundy(g, "b") == 0
    assert [m.position for m in winning_moves(g, "a")] == ["t", "b"]
    assert remoteness(g, "b") == 2 and remoteness(g, "a") == 1


def test_several_tokens_are_a_sum() -> None:
    g = Digraph.from_text("a->b, b->c, c->d")  # a path: values 1, 0, 1, 0 from the end... d=0
    assert [grundy(g, v) for v in "abcd"] == [1, 0, 1, 0]
    assert grundy(g, ("a", "c")) == 0 and outcome(g, ("a", "c")) is Outcome.P
    assert outcome(g, ("a", "b")) is Outcome.N
    assert g.parse("a c") == ("a", "c") and g.format(("a", "c")) == "a c"
    # Two tokens each stuck on a cycle: a draw; a cycle token beside a won token: the sum is decided
    # by the generalized values, checked against the product-graph search.
    h = Digraph.from_text("x->y, y->x, p->q")
    assert outcome(h, ("x", "x")) is Outcome.DRAW
    assert outcome(h, ("x", "p")) is Outcome.DRAW
    assert outcome(h, ("p", "q")) is Outcome.N


def test_unknown_vertex() -> None:
    g = Digraph.from_text("a->b")
    with pytest.raises(InvalidPosition, match="no vertex 'z'"):
        g.parse("z")
    with pytest.raises(InvalidPosition):
        g.parse("  ")


def test_misere_on_a_digraph() -> None:
    g = Digraph.from_text("a->b, b->c")
    # Misère: the token at c cannot move, so the player to move there wins.
    assert [str(outcome(g, v, misere=True)) for v in "abc"] == ["N", "P", "N"]
    assert remoteness(g, "c", misere=True) == 0


def test_a_vertex_without_edges_can_be_declared(capsys) -> None:
    from zermelo.cli import main

    assert main(["solve", "digraph", "A->B, P", "P", "--json"]) == 0
    import json as _json

    data = _json.loads(capsys.readouterr().out)
    assert data["outcome"] == "P" and data["game"] == "digraph:A->B, P"


def test_table_lists_every_vertex_the_notes_dag_done_right(capsys) -> None:
    from zermelo.cli import main

    assert main(["table", "digraph", "0->1, 0->2, 1->3, 2->3"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert rows == [["0", "0", "P"], ["1", "1", "N"], ["2", "1", "N"], ["3", "0", "P"]]  # the notes print 2 for 0
    assert main(["table", "nim", "a->b"]) == 2


def test_an_edge_list_that_is_a_fifo_or_a_device_is_refused_at_once(tmp_path: Path) -> None:
    # `digraph:@FIFO` blocked forever waiting for a writer; `@/dev/zero` read 16 MiB of zeros.
    import os
    import subprocess
    import sys

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cli = "import sys; from zermelo.cli import main; sys.exit(main(sys.argv[1:]))"
    for path, kind in ((fifo, "a FIFO"), (Path("/dev/zero"), "a character device")):
        got = subprocess.run(
            [sys.executable, "-c", cli, "solve", f"digraph:@{path}", "a"], capture_output=True, text=True, timeout=60
        )
        assert (got.returncode, got.stdout) == (2, "")
        refused = f"digraph: cannot read edge-list file {path}: it is {kind}, not a regular file"
        assert got.stderr == f"zermelo: error: {refused}\n"
