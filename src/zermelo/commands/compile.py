"""``zermelo compile``: the hot kernels compiled ahead of time for this machine (issue 31).

A run that computes heaps, searches Connect Four or values a large Konane or Amazons board
otherwise imports numba and loads its cached kernels first, about half a second of CPU.  This
command has numba compile the kernels that declare their signatures
(:func:`zermelo.core.aot.declare`) into extensions kept in ``CACHE/aot``, which later runs import
without numba.  They are a cache: a changed kernel,
another numba or another CPU finds none and uses numba as before; run the command again to
rebuild (it needs a C compiler; an extension up to date is kept unless ``--force``).  Each
extension is loaded in a new process before it is kept, and before one found is called up to date
(:func:`zermelo.core.aot.check`): one that lacks a kernel, or a lean build that imports numpy, is
built again.  One that cannot be built (no C compiler, a failed compile, a build refused by that
check) does not stop the others: they are built, and then one line names what was not (exit
status 2).  ``ZERMELO_NO_AOT=1`` ignores them.
"""

from __future__ import annotations

import argparse
import importlib
import time
from typing import Any

from ..core import _jit, aot
from ..core.errors import Unsupported
from . import SUMMARY
from .common import emit_json

#: The modules whose kernels declare signatures for ahead-of-time compilation.
KERNEL_MODULES = (
    "zermelo.search.heap_kernels",
    "zermelo.search.periodicity",
    "zermelo.search.heap_buffers",
    "zermelo.games.connect4_kernel",
    "zermelo.games.chargrid_kernel",
    "zermelo.games.domineering_kernel",
    "zermelo.misere.kernels",
    "zermelo.values.forms_kernel",
)
#: The modules of the compiled options steps (``region_options``) that the compiled value walk is
#: built for, one extension each (:func:`zermelo.analyses.compiled_walk.ahead_name`).
WALK_STEPS = ("zermelo.games.chargrid_kernel", "zermelo.games.domineering_kernel")


def _builds() -> list[tuple[str, Any]]:
    """(module or specialisation, a function giving its kernels' dispatchers) for every extension."""
    from ..analyses import compiled_walk

    out: list[tuple[str, Any]] = []
    for name in KERNEL_MODULES:
        module = importlib.import_module(name)
        out.append((name, lambda module=module, name=name: _dispatchers(module, aot.declared()[name])))
    for name in WALK_STEPS:
        step = importlib.import_module(name).region_options
        out.append((compiled_walk.ahead_name(name), lambda step=step: {"walk": compiled_walk.dispatcher(step)}))
    return out


def _dispatchers(module: Any, kernels: Any) -> dict[str, Any]:
    return {name: _jit.dispatcher(getattr(module, name)) for name in kernels}


def add(sub: Any) -> None:
    p = sub.add_parser("compile", help=SUMMARY["compile"])
    p.add_argument("--force", action="store_true", help="compile again even where an extension is up to date")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    builds = _builds()
    done = []
    failed: list[tuple[str, str]] = []  # (module, why), said in one line once the others are built
    declared = aot.declared()
    for module, dispatchers in builds:
        kernels = declared[module]
        start = time.perf_counter()
        found = None if args.force else aot.built(module)
        problem = None if found is None else aot.check(module, found)
        if found is not None and problem is None:
            done.append({"module": module, "kernels": sorted(kernels), "path": str(found), "seconds": 0})
            if not args.json:
                print(f"{module}: up to date ({found})")
            continue
        if problem is not None and not args.json:
            print(f"{module}: {found} is not right ({problem}): compiling it again")
        try:
            path = aot.build(module, dispatchers())
        except Exception as exc:  # no pycc, no C compiler, a failed compile or link: the others still built
            why = f"{type(exc).__name__}: {exc}"
            failed.append((module, why))
            done.append({"module": module, "kernels": sorted(kernels), "error": why})
            if not args.json:
                print(f"{module}: not compiled: {why}")
            continue
        seconds = time.perf_counter() - start
        entry: dict[str, Any] = {
            "module": module,
            "kernels": sorted(kernels),
            "path": str(path),
            "seconds": round(seconds, 1),
        }
        if problem is not None:
            entry["replaced"] = problem
        done.append(entry)
        if not args.json:
            print(f"{module}: {', '.join(sorted(kernels))} in {seconds:.1f} s -> {path}")
    if args.json:
        emit_json(done)
    if failed:
        raise Unsupported(_failure(failed, len(builds)))
    return 0


def _failure(failed: list[tuple[str, str]], total: int) -> str:
    """The one line for the extensions not built (each has its line above, its reason in full)."""
    (first, why), reasons = failed[0], {why for _, why in failed}
    if len(failed) == 1:
        return f"cannot compile {first} ahead of time: {why}"
    if len(reasons) == 1:
        which = f"any of the {total}" if len(failed) == total else f"{len(failed)} of {total}"
        return f"cannot compile {which} extensions ahead of time: {why}"
    said = "each named above with its reason"
    return f"cannot compile {len(failed)} of {total} extensions ahead of time ({said}): {first}: {why}"
