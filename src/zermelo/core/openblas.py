"""Idle OpenBLAS threads put to sleep at once, not after 0.1 s of spinning.

numpy's wheels link OpenBLAS, which starts a worker thread per core when numpy is imported; each
spins, waiting for work, for 2^28 processor cycles (about 0.1 s here) before it sleeps.  zermelo
calls no BLAS routine, so that spin is pure cost: 0.07-0.1 CPU s on another core for every
process that imports numpy through zermelo (measured: the worker thread's CPU time in
``/proc/self/task``), counted in the process's CPU time, and, in a process that imports numpy just
before a small search, CPU time inside that search's clock (an Amazons endgame of 8 ms read 16 ms
of process time).

:func:`quiet` sets OpenBLAS's own knob, ``OPENBLAS_THREAD_TIMEOUT`` (a power of two of cycles;
4, its least, sleeps at once), when numpy is not imported yet and the variable is not set:
OpenBLAS reads it once, when numpy loads it.  The workers stay (BLAS in the same process keeps
its threads; a call wakes them, some microseconds); set the variable yourself (28 is OpenBLAS's
default) to keep the spin.  ``import zermelo`` calls it.

>>> quiet()  # again: ``import zermelo`` asked already (or numpy is loaded), nothing changes
False
"""

from __future__ import annotations

import os
import sys

__all__ = ["TIMEOUT", "VARIABLE", "quiet"]

VARIABLE = "OPENBLAS_THREAD_TIMEOUT"
#: 2^4 cycles, OpenBLAS's least: an idle worker sleeps at once.
TIMEOUT = "4"


def quiet() -> bool:
    """Ask OpenBLAS for workers that sleep at once when idle, if numpy is not imported yet and the
    environment says nothing; whether it asked."""
    if "numpy" in sys.modules or VARIABLE in os.environ:
        return False
    os.environ[VARIABLE] = TIMEOUT
    return True
