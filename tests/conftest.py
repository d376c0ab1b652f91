"""Shared test setup: proven periods are cached in a temporary directory, never in ~/.cache; the
registry put back after a test that registers a game of its own (a user's file); every test that
drives Chromium (through page_driver's ``browser`` fixture) is marked ``browser``, and every test
function measured slow (tests/slow_tests.txt) ``slow``: ``make check`` leaves both out; hypothesis
draws the same examples on every run (below)."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from cpu_times import function_of
from page_driver import base_url, browser, desk, page, tab  # noqa: F401  (one server, one browser: every browser test's)

os.environ.setdefault("ZERMELO_CACHE_DIR", tempfile.mkdtemp(prefix="zermelo-test-cache-"))

# `make test` and `make check` run the same examples every time: each test's random positions come
# from a seed made of its name, so a red run is red again when run again, and the suite's time does
# not depend on what was drawn.  `make fuzz` draws new ones each run (--hypothesis-profile=explore).
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("repeatable")


@pytest.fixture
def registry_restored() -> Iterator[None]:
    """A loaded file's game is registered; the tests that walk every game never see it."""
    from zermelo.games.registry import entries
    from zermelo.rules.catalogue import registered

    entries()  # every built-in game loaded first: the registry is put back as it was, loaded
    before = dict(registered())
    try:
        yield
    finally:
        registered().clear()
        registered().update(before)


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs: a disk that fills (mounting needs root; skipped without)."""
    where = tmp_path / "disk"
    where.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)], capture_output=True).returncode:
        pytest.skip("mounting a tmpfs needs root")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


SLOW_LIST = Path(__file__).with_name("slow_tests.txt")


def slow_seconds() -> dict[str, float]:
    """The test functions measured slow and their CPU seconds, all parameters together
    (tests/slow_tests.txt, made by ``make slow-list``: a name, a tab, the seconds)."""
    lines = SLOW_LIST.read_text(encoding="utf-8").splitlines()
    found: dict[str, float] = {}
    for line in lines:
        name, _, seconds = line.strip().partition("\t")
        if name and not name.startswith("#"):
            found[name] = float(seconds or 1.0)
    return found


def slow_tests() -> set[str]:
    """The test functions measured slow (tests/slow_tests.txt)."""
    return set(slow_seconds())


#: The seconds a test not in the slow list is counted for when the work is ordered.
QUICK_SECONDS = 0.1


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = slow_seconds()
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if function_of(item.nodeid) in slow:
            item.add_marker(pytest.mark.slow)
    if hasattr(config, "workerinput"):  # an xdist worker: its collection is the order work is handed out
        items[:] = longest_first(items, slow)


def longest_first(items: list[pytest.Item], slow: dict[str, float]) -> list[pytest.Item]:
    """The items with each unit of work together (:func:`unit_of`), the units in decreasing order
    of their measured seconds: the longest start first and the short ones fill the end, so both
    workers finish together (the longest-processing-time rule).  Within a unit the order stays."""
    cases: dict[str, int] = {}
    for item in items:
        f = function_of(item.nodeid)
        cases[f] = cases.get(f, 0) + 1
    units = [unit_of(item.nodeid) for item in items]
    weight: dict[str, float] = {}
    first: dict[str, int] = {}
    for i, (item, unit) in enumerate(zip(items, units, strict=True)):
        f = function_of(item.nodeid)
        weight[unit] = weight.get(unit, 0.0) + (slow[f] / cases[f] if f in slow else QUICK_SECONDS)
        first.setdefault(unit, i)
    order = sorted(range(len(items)), key=lambda i: (-weight[units[i]], first[units[i]], i))
    return [items[i] for i in order]


@pytest.hookimpl(optionalhook=True)  # pytest -p no:xdist has no such hook
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup``: every test is its own unit of work, so the two workers stay busy to
    the end (``loadfile`` left one worker idle while the other ran a long file), except the tests
    that share an expensive fixture, kept on one worker: each module with a module-scoped
    fixture (a server, or a Chromium: each browser test file is one unit, and its worker's
    session-long server serves every browser file it runs).  All the browser tests in one unit
    kept one worker busy for 10 minutes while the other had finished.

    pytest-xdist's own ``loadgroup`` reads ``xdist_group`` marks by rewriting ``item._nodeid``,
    which pytest 9 no longer reads; the groups are found here from the test files instead.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False  # the workers' collection is already longest first

    class SharedFixturesTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    return SharedFixturesTogether(config, log)


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to: its documentation page's, its file's (a module-scoped
    fixture), or its own."""
    path, _, name = nodeid.partition("::")
    return _page_of(path, name) or _group(path) or nodeid


def _page_of(path: str, name: str) -> str | None:
    """A documentation page's examples stay together, in order, on one worker: an example runs
    after its block's earlier commands in the same folder (tests/test_docs.py), which another
    worker would run all over again."""
    found = re.search(r"\[(.+?):\d+\]$", name) if path.endswith("test_docs.py") else None
    return f"{path}::{found.group(1)}" if found else None


@functools.cache
def _group(path: str) -> str | None:
    """The unit of work of every test in the file ``path``, when its tests must stay together."""
    if Path(path).name.startswith("test_browser"):
        return path  # page_driver's module-scoped Chromium
    if path.endswith(".py") and Path(path).is_file() and 'scope="module"' in Path(path).read_text(encoding="utf-8"):
        return path
    return None
