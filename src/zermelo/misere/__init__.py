"""Misère play of heap games: misère quotients (Plambeck–Siegel) and the genus (Conway–Guy–Smith).

* :func:`misere_quotient` — the quotient of a heap game up to a heap bound (the whole game once
  its pretending function's period is proven), cached on disk; :class:`MisereQuotient` answers
  the misère outcome of any sum by multiplying its heaps' elements.
* :mod:`zermelo.misere.monoid` — bipartite monoids: reduction, presentations, named quotients.
* :mod:`zermelo.misere.verify` — the proof that a candidate quotient is right for every position.
* :mod:`zermelo.misere.quotient` — the heap-by-heap computation.
* :mod:`zermelo.analyses.genus` — Conway's genus, tameness and the tame / restive / restless / wild
  classes (``genus``, ``classify``, ``genera``; an analysis, a floor above this package, so not
  imported here: ``from zermelo.analyses.genus import ...`` or ``z.genus``, ``z.genera``).
"""

from __future__ import annotations

from .api import MisereQuotient, cache_dir, misere_quotient
from .monoid import Bipartite

__all__ = ["Bipartite", "MisereQuotient", "cache_dir", "misere_quotient"]
