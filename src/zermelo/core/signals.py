"""Signals held off while code that must not be cut short runs.

A Python signal handler runs between two bytecodes of the main thread, wherever it is: Ctrl-C's
``KeyboardInterrupt``, or an alarm a caller set to stop a long run, can land inside numba's import
or compiler (which then stays half made: every later kernel call of the process fails) or inside
the engine's rollback.  :func:`signals_deferred` swaps every Python handler for one that only
notes the signal, and calls the real handlers when the block is over.

>>> import signal
>>> seen = []
>>> old = signal.signal(signal.SIGUSR1, lambda signum, frame: seen.append("handled"))
>>> with signals_deferred():
...     signal.raise_signal(signal.SIGUSR1)  # noted, not handled here
...     seen.append("block done")
>>> seen
['block done', 'handled']
>>> signal.signal(signal.SIGUSR1, old) is not None
True
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

__all__ = ["signals_deferred"]

Handler = Callable[[int, FrameType | None], Any]


@contextmanager
def signals_deferred() -> Iterator[None]:
    """Inside the block, every signal with a Python handler is only noted; after it, each noted
    signal's handler runs once, in the order they came (``KeyboardInterrupt`` is raised then).

    Signals are handled only in the main thread, so elsewhere (a web worker) the block simply
    runs.  An exception leaving the block drops what was noted: the block was cut short anyway.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    handlers: dict[int, Handler] = {}
    for sig in signal.valid_signals():
        try:
            h = signal.getsignal(sig)
        except (ValueError, OSError):  # pragma: no cover - a signal Python cannot ask about
            continue
        if callable(h):
            handlers[sig] = h
    caught: dict[int, FrameType | None] = {}

    def note(signum: int, frame: FrameType | None) -> None:
        caught.setdefault(signum, frame)

    for num in handlers:
        signal.signal(num, note)
    try:
        yield
    finally:
        for num, handler in handlers.items():
            signal.signal(num, handler)
    for signum, frame in caught.items():
        handlers[signum](signum, frame)
