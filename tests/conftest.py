"""Shared test setup: proven periods are cached in a temporary directory, never in ~/.cache."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("ZERMELO_CACHE_DIR", tempfile.mkdtemp(prefix="zermelo-test-cache-"))
