"""Settings of every test run (tests/ and the doctests in src/): the disk cache of misère
quotients goes to a fresh temporary directory, never to the user's ~/.cache."""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ["ZERMELO_CACHE_DIR"] = tempfile.mkdtemp(prefix="zermelo-test-cache-")
