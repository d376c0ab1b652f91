"""Floor 4, the analyses: what the front ends ask (``analysis.solve``, explanations, tables,
patterns, canonical forms, genus, drawings), built on the games and the engine
(docs/architecture.md, Floors)."""
