"""The house's rules, read from the code: floors and cycles of the imports, file sizes, start-up.

The floors are the table in docs/architecture.md ("Floors"): each floor is a set of packages, and
a module is on its package's floor (the folders are the floors).  Every module's imports are read
with ``ast``, imports inside functions included (those under ``if TYPE_CHECKING:`` never run).
The allowlists below name today's known violations, each with why; they may only shrink: a
listed violation that is gone fails the test too, so the list is kept exact.
"""

from __future__ import annotations

import ast
import functools
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from zermelo.core.traversal import components

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "zermelo"

#: Upward or sideways imports known today: (importer, imported) -> why it is still there.
KNOWN_UPWARD: dict[tuple[str, str], str] = {}

#: Modules in an import cycle known today -> why.  Each cycle is named by its sorted members.
KNOWN_CYCLES: dict[tuple[str, ...], str] = {}

#: Source files over MAX_LINES known today -> why (arch splits play.py and explain.py).
MAX_LINES = 600
KNOWN_LONG: dict[str, str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in SRC.rglob("*.py")}


def _type_checking_lines(tree: ast.Module) -> set[int]:
    """Lines of the ``if TYPE_CHECKING:`` blocks (their imports never run)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def from_imports(name: str) -> Iterator[tuple[ast.ImportFrom, str]]:
    """Each ``from … import …`` of a zermelo module in ``name``, with the module it names (relative
    imports resolved)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        if target.split(".")[0] == "zermelo":
            yield node, target


def imports_of(name: str) -> set[str]:
    """The zermelo modules that importing ``name`` (and running its functions) may import."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) not in skip and isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "zermelo")
    for node, target in from_imports(name):
        if node.lineno in skip:
            continue
        for a in node.names:  # `from . import games` imports a module
            sub = f"{target}.{a.name}"
            found.add(sub if sub in MODULES else target)
    # Importing a.b.c runs the packages a and a.b first: they count, except the importer's own.
    own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 2)}
    for target in list(found):
        pieces = target.split(".")
        found.update(".".join(pieces[:i]) for i in range(1, len(pieces)) if ".".join(pieces[:i]) not in own)
    return {t for t in found if t in MODULES and t != name}


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each module's zermelo imports: built when a test first asks (it parses every file; at
    collection every pytest worker would build it, whether or not it runs these tests)."""
    return {name: imports_of(name) for name in MODULES}


def floors() -> list[list[str]]:
    """The floor table of docs/architecture.md: the packages of each floor, lowest first."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Floors", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if re.match(r"\|\s*\d", line)]
    return [[p for p in re.findall(r"`([^`]+)`", row.split("|")[2]) if p.startswith("zermelo")] for row in rows]


#: The modules at the top of the package, beside the floor packages: the front doors, floor 6
#: with the root package itself (``import zermelo``; the console script ``zermelo.cli:main``;
#: ``python -m zermelo.demo``, the tour ``make demo`` runs).  Every other module is in the package
#: of its floor.
TOP_LEVEL = {"zermelo", "zermelo.cli", "zermelo.demo"}


def package_of(name: str) -> str:
    """The floor package a module is in: ``zermelo.X`` for ``zermelo.X.…``, the root for the front doors."""
    return "zermelo" if name in TOP_LEVEL else ".".join(name.split(".")[:2])


def floor_of(name: str) -> int:
    """A module's floor is its package's floor, one row of the table."""
    found = [i for i, packages in enumerate(floors()) if package_of(name) in packages]
    assert len(found) == 1, f"{name}: its package {package_of(name)} is on {len(found)} floors of docs/architecture.md"
    return found[0]


def test_every_module_has_a_floor() -> None:
    for name in MODULES:
        floor_of(name)


def test_the_folders_are_the_floors() -> None:
    # No module at the top but the front doors: a module lives in the package of its floor, and
    # every package of the table exists.
    top = {name for name in MODULES if name.count(".") == 1 and MODULES[name].name != "__init__.py"}
    assert top | {"zermelo"} == TOP_LEVEL, sorted(top - TOP_LEVEL)
    listed = {p for packages in floors() for p in packages}
    packages = {name for name, path in MODULES.items() if path.name == "__init__.py" and name.count(".") <= 1}
    assert listed == packages, (sorted(listed - packages), sorted(packages - listed))


def upward_imports() -> set[tuple[str, str]]:
    bad = {(a, b) for a, targets in graph().items() for b in targets if floor_of(b) > floor_of(a)}
    front = ("zermelo.cli", "zermelo.commands")  # the front ends do not import each other
    bad |= {
        (a, b) for a, targets in graph().items() if a.startswith("zermelo.web") for b in targets if b.startswith(front)
    }
    return bad


def test_no_module_imports_upward() -> None:
    bad = upward_imports()
    assert bad <= set(KNOWN_UPWARD), f"imports of a higher floor: {sorted(bad - set(KNOWN_UPWARD))}"
    assert set(KNOWN_UPWARD) <= bad, f"fixed, remove from KNOWN_UPWARD: {sorted(set(KNOWN_UPWARD) - bad)}"


def cycles() -> set[tuple[str, ...]]:
    """The strongly connected components of more than one module."""
    members: dict[int, list[str]] = {}
    for module, number in components(graph()).items():
        members.setdefault(number, []).append(module)
    return {tuple(sorted(c)) for c in members.values() if len(c) > 1}


def test_the_imports_form_no_cycle() -> None:
    found = cycles()
    assert found <= set(KNOWN_CYCLES), f"import cycles: {sorted(found - set(KNOWN_CYCLES))}"
    assert set(KNOWN_CYCLES) <= found, f"fixed, remove from KNOWN_CYCLES: {sorted(set(KNOWN_CYCLES) - found)}"


def test_the_reader_counts_function_level_imports() -> None:
    # The reader itself: a lazy import inside a function counts, a TYPE_CHECKING one does not.
    source = "if TYPE_CHECKING:\n    from . import rules\ndef f():\n    from . import errors\n"
    tree = ast.parse(source)
    assert _type_checking_lines(tree) == {2}
    limits = graph()["zermelo.core.limits"]
    assert "zermelo.core.errors" in limits and "zermelo.rules" not in limits
    assert "zermelo.heaps.sequence" in graph()["zermelo.heaps.games"]  # imported inside a function


def test_no_source_file_is_too_long() -> None:
    long = {
        str(p.relative_to(SRC)): n
        for p in SRC.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert set(long) <= set(KNOWN_LONG), f"files over {MAX_LINES} lines: {sorted(set(long) - set(KNOWN_LONG))}"
    assert set(KNOWN_LONG) <= set(long), f"now short, remove from KNOWN_LONG: {sorted(set(KNOWN_LONG) - set(long))}"


def loaded_by(code: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``code``."""
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint('\\n'.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_import_rules_loads_no_game() -> None:
    loaded = loaded_by("import zermelo.rules")
    assert "zermelo.rules" in loaded
    assert not {m for m in loaded if m.startswith(("zermelo.games", "zermelo.heaps"))}
    assert "numpy" not in loaded and "numba" not in loaded


def test_a_game_by_its_name_loads_its_own_module_only() -> None:
    # `zermelo.games.Domineering` imported every game module to find the name (0.1 s of a whole
    # process valuing one board, issue 25); a name found in the module named after it loads that.
    loaded = loaded_by("import zermelo\nzermelo.games.Domineering()")
    games = {m for m in loaded if m.startswith(("zermelo.games.", "zermelo.heaps"))}
    assert games <= {"zermelo.games.domineering", "zermelo.games._grid", "zermelo.games._frame"}, games
    assert "zermelo.games.domineering" in games


def test_the_bottom_floor_imports_nothing_above_errors() -> None:
    for name in ("zermelo.core.sprague_grundy", "zermelo.core.limits", "zermelo.core.cache", "zermelo.core.traversal"):
        assert graph()[name] <= {"zermelo", "zermelo.core.errors", "zermelo.core.frozen"}, name
        loaded = {m for m in loaded_by(f"import {name}") if m.startswith("zermelo")}
        # the package's own import: its lazy names and OpenBLAS's timeout (core.openblas: os, sys)
        package = {"zermelo", "zermelo.core", "zermelo.core._lazy", "zermelo.core.openblas"}
        below = package | {"zermelo.core.errors", "zermelo.core.frozen", name}
        assert loaded <= below, (name, loaded)


def test_a_value_in_a_fresh_process_does_not_import_dataclasses() -> None:
    # dataclasses brings inspect, dis and tokenize: 10-20 ms of a 90 ms process valuing a small
    # board (issue 31's Domineering 3x3 against pycgt); the records on this path are Frozen or
    # named tuples (zermelo.core.frozen).
    loaded = loaded_by(
        "import zermelo\nd = zermelo.games.Domineering()\nprint(zermelo.canonical_form(d, d.parse('...|...|...')))"
    )
    assert "zermelo.values.notation" in loaded  # the value was printed
    assert not {"dataclasses", "inspect"} & loaded


def loaded_by_command(*argv: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``zermelo ARGV...``."""
    words = ", ".join(repr(a) for a in argv)
    return loaded_by(
        "import contextlib, io\nfrom zermelo.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n    main([{words}])"
    )


def test_the_first_commands_load_only_what_they_use() -> None:
    # Start-up (issue 19): numba, rich, matplotlib and starlette load only where used; the CLI
    # builds the command it runs; `zermelo --help` loads no command and no numpy.
    heavy = {"numba", "rich", "matplotlib", "starlette"}
    solve = loaded_by_command("solve", "nim", "3", "4", "5")
    assert not heavy & solve
    assert {m for m in solve if m.startswith("zermelo.commands.")} == {
        "zermelo.commands.common",
        "zermelo.commands.solve",
    }
    # Nim stands on the heap-game base class (floor 3); nothing else of heaps/ (sequences, numpy) loads.
    assert {m for m in solve if m.startswith(("zermelo.values", "zermelo.heaps"))} == {
        "zermelo.heaps",
        "zermelo.heaps.heap",
    }
    games = loaded_by_command("games")
    assert not (heavy | {"numpy"}) & games and "zermelo.games.nim" in games
    helped = loaded_by_command("--help")
    assert not (heavy | {"numpy"}) & helped
    assert not {m for m in helped if m.startswith(("zermelo.commands.", "zermelo.games"))}


def test_small_answers_load_no_compiler(tmp_path: Path) -> None:
    # Issue 31 item 2: a small answer pays for no machinery it does not run.  A 3 x 3 Domineering
    # value is pure Python (no numpy); a 40-disc Connect Four position is searched by the kernel's
    # plain Python (no numba); a batch file loads what its lines need, no more.
    heavy = {"numba", "llvmlite", "dask", "distributed", "rich", "matplotlib", "starlette"}
    value = loaded_by_command("value", "domineering", "...|...|...")
    assert not (heavy | {"numpy"}) & value
    late = loaded_by_command("negamax", "connect4", "7526576515141727663526411613424253744273")
    assert not heavy & late
    # Nor what only some answers need: hashlib (OpenSSL's load: checksums of files read or written;
    # the compiled kernels' key is hashed by BLAKE2's own module), the typed reasons and the
    # alpha-beta trace (their dataclasses: about a millisecond each).
    assert not {"hashlib", "_hashlib", "zermelo.core.reasons", "zermelo.search.minimax_trace"} & (value | late)
    batch = tmp_path / "nim.txt"
    batch.write_text("3 4 5\n1 2 3\n")
    assert not heavy & loaded_by_command("solve", "nim", "--batch", str(batch))


def private_imports() -> set[tuple[str, str]]:
    """(importer, name) for every ``from zermelo.x import _name`` of a name that is not a module."""
    found: set[tuple[str, str]] = set()
    for name in MODULES:
        for node, target in from_imports(name):
            for a in node.names:
                dunder = a.name.startswith("__") and a.name.endswith("__")
                if a.name.startswith("_") and not dunder and f"{target}.{a.name}" not in MODULES:
                    found.add((name, f"{target}.{a.name}"))
    return found


def test_no_private_name_crosses_modules() -> None:
    # What one module shares with another is public; the web imports no private name either.
    assert not private_imports(), sorted(private_imports())


def game_class_names() -> set[str]:
    """The classes defined by the game modules (games/ and the take-and-break games)."""
    paths = [p for name, p in MODULES.items() if name.startswith("zermelo.games.")]
    paths += [MODULES[f"zermelo.heaps.{m}"] for m in ("heap", "subtraction", "games")]
    return {
        n.name
        for p in paths
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(n, ast.ClassDef) and not n.name.startswith("_")
    }


def code_names(name: str) -> set[str]:
    """The identifiers a module's code uses (names, attributes, imported names; not its docstrings)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            out.update(a.asname or a.name for a in node.names)
    return out


def test_explain_play_and_the_web_know_no_game() -> None:
    # A game is one place: the generic explanations, the player and the web app name no game
    # (their doctests may show one as an example; the code does not).
    assert not {m for m in graph()["zermelo.analyses.explain"] if m.startswith(("zermelo.games", "zermelo.heaps"))}
    classes = game_class_names()
    assert {"Nim", "Wythoff", "Domineering", "Kayles", "Connect4"} <= classes
    front = [n for n in MODULES if n.startswith("zermelo.play")] + ["zermelo.web.app"]
    for name in front:
        assert not code_names(name) & classes, (name, code_names(name) & classes)
