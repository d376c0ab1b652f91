"""Floor 2, the one engine: the game-graph search (``engine``, ``graph``, the compiled kernels),
negamax / alpha-beta (``minimax*``), the heap kernels and the period detector
(docs/architecture.md, Floors)."""
