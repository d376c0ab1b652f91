"""The argument types of :mod:`zermelo.search.heap_buffers`' kernels, without numpy.

Read by that module (it declares them for ``zermelo compile``) and by the driver that calls its
extension, :mod:`zermelo.heaps.quick`, which must not import numpy: so they live here, apart.
Arrays are ``memoryview`` s of ``array.array`` s (``i4``: typecode ``i``, ``u1``: ``B``, ``i8``: ``q``).
"""

from __future__ import annotations

__all__ = ["CALLS", "MODULE", "SIGNATURES", "declare"]

#: The kernel module these signatures belong to.
MODULE = "zermelo.search.heap_buffers"

SIGNATURES = {
    "octal_plain": "i8(i4[:], i8, i8, u1[:], u1[:], u1[:], u1[:], i8[:])",
    "octal_sparse": (
        "UniTuple(i8, 2)(i4[:], i8, i8, u1[:], u1[:], i8[:], u1[:], u1[:], i8[:], u1[:], i8[:], i8, i8, i8)"
    ),
    "tail_runs": "UniTuple(i8, 3)(i4[:], i8, i8, b1)",
    "tally": "none(i4[:], i8[:], i8[:])",
    "walsh": "none(i8[:])",
    "rare_list": "i8(i4[:], u1[:], i8, i8, i8[:])",
    "largest": "i8(i4[:])",
}

#: The kernel modules whose compiled loops these kernels call (part of the extension's key).
CALLS = ("zermelo.search.heap_kernels", "zermelo.search.periodicity")


def declare() -> None:
    """Declare these kernels to :mod:`zermelo.core.aot` (without importing their module)."""
    from ..core import aot

    for name, signature in SIGNATURES.items():
        aot.declare(MODULE, name, (signature,), buffers=True)
    aot.depends(MODULE, CALLS)
