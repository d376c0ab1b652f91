"""Arrays a kernel reads without counting references to them: :func:`borrowed`.

numba counts the references to every array a compiled function holds: each call of a kernel
that takes a tuple of ten arrays adds one to each of their counts on entry and takes it back
on exit, twenty atomic operations on ten cache lines.  The compiled forms' comparison ``le``,
called hundreds of thousands of times a search, spent a third of its time there (``perf``, the
18-stone Konane).  An array whose record has no owner (numba's ``meminfo`` null, as its
``carray`` of a pointer) is not counted: :func:`borrowed` gives such a view of an array, or of
each array of a tuple, for the duration of the call that made it.  The caller keeps the arrays
alive while the kernel runs (the driver holds them), and a borrowed view is never returned to
Python (a kernel's entry point takes the views and returns numbers).

In Python (a kernel run as plain Python, :func:`zermelo.core._jit.interpreted`) it is the array
itself.  numba learns its compiled form from :func:`register`, which :mod:`zermelo.core._jit` and
:mod:`zermelo.core.aot` call after importing numba and before compiling anything (so importing
this module imports no numba).  This module's source is part of the key of every extension
``zermelo compile`` builds and of every copy :func:`zermelo.core._jit.specialised` caches;
numba's own disk cache of a plain kernel is keyed by its module's source alone, so a change to the
compiled form here should come with ``make kernels`` on a clean cache.

>>> import numpy as np
>>> a = np.arange(3)
>>> borrowed(a) is a, borrowed((a, a))[1] is a
(True, True)
"""

from __future__ import annotations

import threading
from typing import Any, TypeVar

__all__ = ["borrowed", "register"]

T = TypeVar("T")


def borrowed(arrays: T) -> T:
    """``arrays`` (an array, or a tuple of them) as views numba does not count; in Python, themselves."""
    return arrays


_REGISTERED: list[bool] = []
_LOCK = threading.Lock()


def register() -> None:
    """Teach numba :func:`borrowed` (once per process; numba imported by the caller)."""
    with _LOCK:
        if not _REGISTERED:
            _register()
            _REGISTERED.append(True)


def _register() -> None:
    import importlib

    cgutils: Any = importlib.import_module("numba.core.cgutils")
    types: Any = importlib.import_module("numba.core.types")
    extending: Any = importlib.import_module("numba.extending")

    def view(context: Any, builder: Any, ty: Any, value: Any) -> Any:
        if not isinstance(ty, types.Array):
            return value  # a number in a tuple of tables: as it is
        src = context.make_array(ty)(context, builder, value=value)
        dst = context.make_array(ty)(context, builder)
        for field in ("nitems", "itemsize", "data", "shape", "strides"):
            setattr(dst, field, getattr(src, field))
        dst.meminfo = cgutils.get_null_value(dst.meminfo.type)  # no owner: never counted
        dst.parent = cgutils.get_null_value(dst.parent.type)
        return dst._getvalue()

    def typer(typingctx: Any, arrays: Any) -> Any:
        if isinstance(arrays, types.Array):

            def one(context: Any, builder: Any, sig: Any, args: Any) -> Any:
                return view(context, builder, arrays, args[0])

            return arrays(arrays), one
        if isinstance(arrays, types.BaseTuple) and all(isinstance(t, (types.Array, types.Integer)) for t in arrays):

            def each(context: Any, builder: Any, sig: Any, args: Any) -> Any:
                items = [view(context, builder, t, builder.extract_value(args[0], i)) for i, t in enumerate(arrays)]
                return context.make_tuple(builder, arrays, items)

            return arrays(arrays), each
        return None

    borrow = extending.intrinsic(typer)

    def implement(arrays):  # type: ignore[no-untyped-def]  # numba compares the signatures, annotations too
        return lambda arrays: borrow(arrays)

    extending.overload(borrowed)(implement)
