"""Settings of every test run (tests/ and the doctests in src/): the disk cache of misère
quotients goes to a fresh temporary directory, never to the user's ~/.cache."""

from __future__ import annotations

import os
import tempfile

import pytest

# The doctests are collected by importing every module of src/; importing the explorer's warm-up
# runs it (~6 CPU s of analyses), which the forkserver wants and a test worker does not.  It has no
# doctest; tests/test_web_warm.py imports it on purpose.
collect_ignore = ["src/zermelo/web/warm.py"]


def pytest_configure(config: pytest.Config) -> None:
    os.environ["ZERMELO_CACHE_DIR"] = tempfile.mkdtemp(prefix="zermelo-test-cache-")
