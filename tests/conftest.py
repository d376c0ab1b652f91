"""Shared test setup: proven periods are cached in a temporary directory, never in ~/.cache; the
registry put back after a test that registers a game of its own (a user's file); every test that
drives Chromium (through page_driver's ``browser`` fixture) is marked ``browser``."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("ZERMELO_CACHE_DIR", tempfile.mkdtemp(prefix="zermelo-test-cache-"))


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
