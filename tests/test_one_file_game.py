"""A new game is one file: the worked example of docs/architecture.md, run as written.

The block after the ``one-file game`` marker is saved as a module of its own and imported; the
game must then be in the registry, solved and explained, played with its own notation, drawn
from its board hook and reached by the CLI — without touching any other file.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import pkgutil
import sys
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from types import ModuleType

import pytest

import zermelo.games
from zermelo.analyses.analysis import solve
from zermelo.cli import main
from zermelo.games.registry import entries, make_game
from zermelo.play import Session, heaps
from zermelo.rules.catalogue import registered
from zermelo.search.engine import engine_for

DOC = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"
MARK = "<!-- one-file game: tests/test_one_file_game.py runs the block below -->"


def example_source() -> str:
    text = DOC.read_text(encoding="utf-8")
    after = text[text.index(MARK) + len(MARK) :]
    start = after.index("```python\n") + len("```python\n")
    return after[start : after.index("```", start)]


@pytest.fixture
def bachet(tmp_path: Path) -> Iterator[ModuleType]:
    """The example, saved as one file and imported (registering it); unregistered afterwards."""
    before = dict(registered())
    path = tmp_path / "bachet_one_file.py"
    path.write_text(example_source(), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("bachet_one_file", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)
        registered().clear()
        registered().update(before)


def test_the_one_file_game_is_registered(bachet: ModuleType) -> None:
    g = make_game("bachet:3")
    assert isinstance(g, bachet.Bachet) and g.spec() == "bachet:3"
    assert "bachet" in [e.name for e in entries()]


def test_its_closed_form_agrees_with_search(bachet: ModuleType) -> None:
    g = make_game("bachet:3")
    searched = engine_for(g).grundies(list(range(60)))
    assert searched == [g.grundy_formula(n) for n in range(60)]


def test_it_is_solved_and_explained_by_its_own_why(bachet: ModuleType) -> None:
    a = solve(make_game("bachet:3"), 21)
    assert [m.label for m in a.winning_moves] == ["take 1 (21 -> 20)"]
    assert a.explanation.startswith("The multiples of 4 are the P-positions")
    assert "21 = 5·4 + 1, so the player to move wins. A winning move: take 1 (21 -> 20)." in a.explanation
    assert solve(make_game("bachet:3"), 3, misere=True).explanation.startswith("Misère play: ")  # generic reasons


def test_it_is_played_in_its_own_notation_and_drawn(bachet: ModuleType) -> None:
    g = make_game("bachet:3")
    s = Session(g, 21, seed=1)
    assert s.play("-1").label == "take 1 (21 -> 20)"  # its parse_move hook
    assert s.computer_move().position in (17, 18, 19)
    assert heaps(g, 21) == [21] and g.board(21) == {"kind": "heaps", "heaps": [21]}


def test_the_cli_reaches_it(bachet: ModuleType) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["solve", "bachet:3", "21"]) == 0
    assert "The multiples of 4 are the P-positions" in out.getvalue()
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["games"]) == 0
    assert "Bachet's game" in out.getvalue()


def test_every_module_of_the_games_package_is_loaded_by_the_registry() -> None:
    # So a new file in zermelo/games needs no line anywhere else to be registered (compiled
    # solvers, *_kernel, are no games: their game module loads them).
    entries()
    names = {m.name for m in pkgutil.iter_modules(zermelo.games.__path__) if not m.name.endswith("_kernel")}
    missed = {n for n in names if f"zermelo.games.{n}" not in sys.modules}
    # A module the registry does not load must register no game (an opening book is loaded by its
    # game when a position is first solved): read with ast, so a `register(` in a comment is no call.
    registers = {
        n
        for n in missed
        for node in ast.walk(ast.parse((Path(zermelo.games.__path__[0]) / f"{n}.py").read_text()))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "register"
    }
    assert names - missed and not registers, registers
