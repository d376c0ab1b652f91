"""Floor 0, the bottom: errors, budgets, caches, files, the compiled-kernel loader and the
number types every floor above uses.  Imports nothing of zermelo but ``zermelo.core.errors``
(docs/architecture.md, Floors)."""
