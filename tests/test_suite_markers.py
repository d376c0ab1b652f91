"""The suite's own rules (tests/conftest.py): the measured list of slow tests names tests that exist,
and a listed test is marked ``slow`` whatever its parameters, so ``make check`` leaves it out."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from conftest import SLOW_LIST, slow_tests
from cpu_times import SLOW_SECONDS, slow_functions

ROOT = Path(__file__).resolve().parent.parent


def _defined(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_every_listed_slow_test_exists() -> None:
    """A renamed or deleted test must leave the list (else ``make check`` silently runs it again)."""
    listed = slow_tests()
    assert len(listed) >= 50
    for name in sorted(listed):
        path, *inside = name.split("::")
        assert (ROOT / path).is_file(), f"{SLOW_LIST.name}: {name}: no such file"
        assert inside and inside[-1] in _defined(ROOT / path), f"{SLOW_LIST.name}: {name}: no such test"


def test_a_listed_function_is_slow_with_every_parameter() -> None:
    listed = next(n for n in sorted(slow_tests()) if n.startswith("tests/test_docs.py::test_shell_example"))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:xdist",
            "-o",
            "addopts=",
            "--co",
            "-q",
            "-m",
            "slow",
            "tests/test_docs.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    shown = [line for line in out.splitlines() if line.startswith(listed + "[")]
    assert len(shown) >= 20  # every page's examples, not one parameter


def test_slowness_is_the_sum_over_parameters() -> None:
    half = SLOW_SECONDS / 2 + 0.01
    log = [
        f"{half}\ttests/t.py::test_x[1]",
        f"{half}\ttests/t.py::test_x[2]",
        f"{half}\ttests/t.py::test_y",
    ]
    assert slow_functions(log) == ["tests/t.py::test_x"]
    assert slow_functions([f"{SLOW_SECONDS}\tsrc/zermelo/x.py::zermelo.x.f"]) == []  # doctests are not listed


def test_every_browser_wait_is_an_arrow_function() -> None:
    """The page's Content-Security-Policy is ``script-src 'self'``: a bare expression given to
    ``wait_for_function`` is re-evaluated with ``eval`` while it polls, which the page refuses — so it
    passes when the condition already holds and fails when the page is slow (stop 37's red CI).
    An arrow function is compiled once, outside the page's policy."""
    bare = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function"
                and node.args
            ):
                first = node.args[0]
                text = first.value if isinstance(first, ast.Constant) else None
                if isinstance(first, ast.JoinedStr) and first.values and isinstance(first.values[0], ast.Constant):
                    text = first.values[0].value
                if not (isinstance(text, str) and text.lstrip().startswith(("() =>", "(arg) =>", "function"))):
                    bare.append(f"{path.name}:{node.lineno}")
    assert bare == []


def test_the_longest_units_of_work_go_first() -> None:
    """Under xdist each worker's collection is the order work is handed out: a page's examples stay
    together and in order, and the units go longest first (measured seconds, 0.1 s otherwise)."""
    from conftest import longest_first

    class Item:
        def __init__(self, nodeid: str) -> None:
            self.nodeid = nodeid

    ids = [
        "tests/test_a.py::test_quick",
        "tests/test_docs.py::test_shell_example[docs/x.md:1]",
        "tests/test_docs.py::test_shell_example[docs/x.md:9]",
        "tests/test_b.py::test_long[1]",
        "tests/test_b.py::test_long[2]",
        "tests/test_docs.py::test_shell_example[docs/y.md:3]",
    ]
    items = [Item(i) for i in ids]
    slow = {"tests/test_b.py::test_long": 30.0, "tests/test_docs.py::test_shell_example": 3.0}
    order = [i.nodeid for i in longest_first(items, slow)]  # type: ignore[arg-type]
    assert order == [
        "tests/test_b.py::test_long[1]",  # 15 s each, a unit of its own
        "tests/test_b.py::test_long[2]",
        "tests/test_docs.py::test_shell_example[docs/x.md:1]",  # the page x.md: 2 x 1 s, in order
        "tests/test_docs.py::test_shell_example[docs/x.md:9]",
        "tests/test_docs.py::test_shell_example[docs/y.md:3]",
        "tests/test_a.py::test_quick",
    ]
