"""Run every benchmark module (``python -m benchmarks [NAME ...]``) and print its table.

Each module in this folder with a ``main()`` is one area (engine, heaps, minimax, values, ...).
Timings are ratios against a baseline or peer measured in the same run; the figures belong in
docs/benchmarks.md together with this command.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if not m.name.startswith("_"))
    chosen = [n for n in names if not argv or n in argv]
    unknown = [a for a in argv if a not in names]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(names)}", file=sys.stderr)
        return 2
    for name in chosen:
        module = importlib.import_module(f"benchmarks.{name}")
        if hasattr(module, "main"):
            print(f"\n## {name}\n", flush=True)
            module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
