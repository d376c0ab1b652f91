"""Imported once by the pool's forkserver: every worker is forked already warm (the steps are in
:mod:`zermelo.web.warmup`).  Importing this module is the warm-up; nothing else imports it.
"""

from __future__ import annotations

from .warmup import warm

warm()
