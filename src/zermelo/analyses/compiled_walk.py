"""Whole regions valued in compiled code: the driver of :mod:`zermelo.analyses.walk_kernel`.

The value search (:func:`zermelo.analyses.canonical.canonical_form`) hands a region to
:meth:`RegionWalk.value` when the rules list a region's options in compiled code
(``rules.compiled_step()``: the step kernel and the number it reads; ``rules.region_bytes(key)``:
a memo key's bytes, or None when the key is not one region's) and its values are kept as ids of
the compiled forms (:mod:`zermelo.values.compiled_forms`).  The kernel then values the region
and every region below it with no Python per position; this driver runs it in slices of at most
:data:`SLICE_POSITIONS` positions, looking at the budget (and so at Ctrl-C) between them, grows
its arrays and the forms' when the kernel asks, and keeps its state (the regions' values by key
bytes) for the next search of the same rules.

The walk's kernel is compiled once per step (:func:`zermelo.core._jit.specialised`): 20-30 CPU s
on a cold cache, so a search under a time budget uses it only when numba's cache holds it
(:func:`cheap`); ``make kernels`` and the web's warm-up compile it (:func:`warm`).  ``zermelo
compile`` also builds it ahead of time, one extension per step (:func:`ahead_name`, declared with
:data:`SIGNATURE`): a process then loads it with numpy, without numba (:mod:`zermelo.core.aot`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from ..core import aot
from ..core._jit import cached, is_loaded, resolved, specialised
from ..core.cache import KeyedCache
from ..core.errors import Unsupported
from ..core.limits import deep, over_budget
from ..values.compiled_forms import Forms, OutOfRange, current
from ..values.forms_kernel import TABLES, canonical, run
from ..values.game import Game
from . import walk_kernel as wk

__all__ = [
    "ROOTS",
    "SIGNATURE",
    "WALKS",
    "RegionWalk",
    "ahead_name",
    "cheap",
    "kept",
    "load",
    "loaded",
    "region_walk",
    "root_value",
    "warm",
]

#: :func:`~zermelo.analyses.walk_kernel.walk` as ``zermelo compile`` builds it for a step: the state
#: ``W`` (KP, E, HT, STK, CP, C, text, opts, regs, count, work), the forms' tables, the rules'
#: number, the mode and its two numbers.
SIGNATURE = (
    f"i8(Tuple(u1[:], i8[:], i8[:], i8[:], i8[:], i8[:], u1[:], i8[:], i8[:], i8[:], i8[:]), {TABLES}, i8, i8, i8, i8)"
)

#: Positions a slice of the walk expands at most between two looks at the budget, and options it
#: lists (a position of a 10 x 10 Amazons board has 3,682 options; 16,384 of them take ~30 ms).
SLICE_POSITIONS = 4096
SLICE_OPTIONS = 1 << 14
#: Regions past which a rules object's walk state is renewed between searches (about 100 bytes a
#: region with its key, beside the compiled forms' table): ~50 MB.  One search may pass it.
MAX_ENTRIES = 1 << 19
#: The first size of a state's tables (a test makes them tiny to force collisions and growth): small,
#: as a small board's search meets a few dozen regions and zeroing 400 KB took 0.15 ms of its 1 ms;
#: a large one doubles them a few times more.
CAPACITY = 1 << 8
#: Every key's hash planted at 0 (a test's: then only the bytes tell keys apart).
PLANT = False


def ahead_name(step_module: str) -> str:
    """The name under which ``zermelo compile`` builds the walk bound to the options step of the
    module ``step_module`` (``zermelo.analyses.walk_kernel__chargrid_kernel``), declared now."""
    name = f"{wk.__name__}__{step_module.rsplit('.', 1)[-1]}"
    if name not in aot._DECLARED:
        aot.specialisation(name, wk.__name__, (run.__module__, step_module))
        aot.declare(name, "walk", [SIGNATURE])
    return name


#: The walk's numba dispatcher per options step (by the step's Python function: a rules object
#: hands the step's stand-in before numba loads its module and its dispatcher after), found once
#: per process: :func:`specialised` hashes the sources of three modules to name it (0.2-0.6 ms, a
#: third of a warm 3 x 4 Domineering value).
_DISPATCHERS: dict[Any, Any] = {}


def dispatcher(step: Any) -> Any:
    """numba's dispatcher of the walk bound to ``step``: what ``zermelo compile`` compiles (imports numba)."""
    fn = getattr(step, "py_func", step)
    found = _DISPATCHERS.get(fn)
    if found is None:
        name = fn.__module__.rsplit(".", 1)[-1]
        bound = {"options_step": step, "forms_run": run, "forms_canonical": canonical}
        found = _DISPATCHERS[fn] = specialised(wk.walk, bound, name)
    return found


#: The walk built ahead of time per options step (by its Python function): (the step's extension
#: as :func:`zermelo.core.aot.load` gave it, the kernel or None), made again when that changes.
_AHEAD: dict[Any, tuple[Any, aot.Kernel | None]] = {}


def _ahead(step: Any) -> aot.Kernel | None:
    """The walk bound to ``step`` as ``zermelo compile`` built it for this machine, or None."""
    fn = getattr(step, "py_func", step)
    name = ahead_name(fn.__module__)
    ext = aot.load(name)
    hit = _AHEAD.get(fn)
    if hit is None or hit[0] is not ext:  # reading the declarations again costs 0.1-0.4 ms
        hit = _AHEAD[fn] = (ext, aot.kernels(name, lambda _: dispatcher(step)).get("walk") if ext else None)
    return hit[1]


def loaded(step: Any) -> bool:
    """Whether the walk bound to ``step`` built ahead of time is loaded in this process (found by
    :func:`_ahead` before): the caller pays no load for it."""
    hit = _AHEAD.get(getattr(step, "py_func", step))
    return hit is not None and hit[1] is not None


def load(rules: Any) -> bool:
    """Make the rules' walk ready, if ``zermelo compile`` built it ahead of time: the compiled
    forms' table (:func:`zermelo.values.compiled_forms.forms`), the extension (numpy and the file:
    no numba) and an empty state kept for the rules, its types checked — no search.  A search of
    these rules then takes them from its root (:func:`zermelo.analyses.canonical.canonical_form`,
    its short way for a root of one region).  Whether the walk is ready."""
    got = _compiled_step(rules)
    if got is None or _ahead(got[0]) is None:
        return False
    from ..values.compiled_forms import forms

    return region_walk(rules, forms()[0], False, ahead_only=True) is not None


def _kernel(step: Any) -> Any:
    return _ahead(step) or dispatcher(step)


class RegionWalk:
    """One options step's compiled walk: its kernel, its state arrays, the forms it gives ids of.

    One thread at a time walks a state: a search that finds it in use (another thread's search of
    the same rules) values its region with a walk of its own, not kept."""

    def __init__(self, step: Any, code: int, forms: Forms, *, kernel: Any = None) -> None:
        kernel = _kernel(step) if kernel is None else kernel
        self.code, self.forms = code, forms
        self._busy = threading.Lock()
        #: The ``Game`` of every root :func:`root_value` asked, by its key bytes: its entry's value
        #: as the caller wants it, read again with no kernel call (renewed with the state).
        self.roots: dict[bytes, Game] = {}
        n = CAPACITY
        C = np.zeros(wk.COUNTERS, np.int64)
        C[wk.PLANT] = int(PLANT)
        self.W: tuple[Any, ...] = (
            np.zeros(8 * n, np.uint8),  # KP
            np.zeros(wk.FIELDS * n, np.int64),  # E
            np.full(2 * n, -1, np.int64),  # HT
            np.zeros(2 * n, np.int64),  # STK
            np.zeros(4 * n, np.int64),  # CP
            C,
            np.zeros(4096, np.uint8),  # text
            np.zeros(768, np.int64),  # opts
            np.zeros(1280, np.int64),  # regs
            np.zeros(8, np.int64),  # count
            np.zeros(512, np.int64),  # work
        )
        self._views()
        self.unresolved = kernel
        self.kernel = resolved(kernel, self.W, forms.S, code, 0, 0, 0)  # the types checked once

    def _views(self) -> None:
        """The driver's own views of the state's arrays (read and written as Python ints and bytes,
        with no numpy call each: a small root's look-up is a few of them) and the room the root's
        look-up needs, made again whenever the arrays are."""
        W = self.W
        self._counts, self._entries, self._text = W[5].data, W[1].data, W[6].data
        self._room = (W[0].shape[0], min(W[1].shape[0] // wk.FIELDS, W[2].shape[0] // 2))

    def __len__(self) -> int:
        return int(self._counts[wk.ENTRIES])

    def call(self, mode: int, a: int = 0, b: int = 0) -> int:
        """The kernel on the state and the forms' tables (grown first when 3/4 full)."""
        return int(self.kernel(self.W, self.forms.room(), self.code, mode, a, b))

    def value(self, key: bytes, between: Callable[[int, int], tuple[int, int]] | None, cap: int | None = None) -> int:
        """The id (in :attr:`forms`) of the value of the region whose key bytes are ``key``.

        ``between(positions, options)`` is called before the first slice and after each with the
        positions expanded and options listed in it; it looks at the budget (raising past it) and
        returns how many positions and options the next slice may take at most.  ``None``: no
        budget but ``cap`` positions expanded (slices of :data:`SLICE_POSITIONS`, the first in the
        root's look-up's call; the default limits' count, checked between slices).  Raises
        :class:`~zermelo.values.compiled_forms.OutOfRange` for a number too large for the forms
        (the caller values the region in Python) and ``Unsupported`` for a cycle."""
        if not self._busy.acquire(blocking=False):
            return RegionWalk(None, self.code, self.forms, kernel=self.unresolved).value(key, between, cap)
        try:
            return self._value(key, between, cap)
        finally:
            self._busy.release()

    def _value(self, key: bytes, between: Callable[[int, int], tuple[int, int]] | None, cap: int | None) -> int:
        C = self._counts
        n = len(key)
        while len(self._text) < n:
            self._grow(wk.NEED_STEP)
        self._text[:n] = key
        if C[wk.KEYBYTES] + n > self._room[0]:
            self._grow(wk.NEED_KEYS)
        if C[wk.ENTRIES] + 1 > self._room[1]:
            self._grow(wk.NEED_ENTRIES)
        try:
            if between is None:  # no budget: the root's look-up and its walk's first slice in one call
                start = C[wk.EXPANDED]
                status = self.call(wk.ROOT_WALK, n, SLICE_POSITIONS)
                while status != wk.DONE:
                    self._handle(status)
                    if cap is not None and C[wk.EXPANDED] - start > cap:
                        raise over_budget(cap, "positions", positions=int(C[wk.EXPANDED] - start))
                    status = self.call(wk.WALK, SLICE_POSITIONS, SLICE_POSITIONS)
            else:
                e = int(self.kernel(self.W, self.forms.S, self.code, wk.ROOT_MODE, n, 0))  # the forms untouched
                if not C[wk.DEPTH]:  # valued before (by any rules object of these rules): nothing to walk
                    return int(self._entries[wk.FIELDS * e + 3])
                positions, options = between(0, 0)
                while True:
                    before, listed = C[wk.EXPANDED], C[wk.LISTED]
                    status = self.call(wk.WALK, positions, options)
                    self._handle(status)
                    positions, options = between(C[wk.EXPANDED] - before, C[wk.LISTED] - listed)
                    if status == wk.DONE:
                        break
        finally:
            if C[wk.DEPTH]:
                self.call(wk.RESET)  # stopped halfway: what is pending is unknown again
        if self.kernel is self.unresolved:  # numba compiled it (or loaded it) at its first call: now known
            self.kernel = resolved(self.kernel, self.W, self.forms.S, self.code, 0, 0, 0)
        return int(self._entries[wk.FIELDS * C[wk.ROOT] + 3])

    def _handle(self, status: int) -> None:
        """What a slice's status asks before the next: arrays or forms grown, or the error."""
        if status == wk.GROW:
            self._grow(self._counts[wk.NEED])
        elif status == wk.FULL:
            self.forms.room(full=True)
        elif status == wk.OVERFLOW:
            self.forms.overflowed()
            raise OutOfRange("a number too large for the compiled forms")
        elif status == wk.CYCLE:
            raise Unsupported("this analysis needs a game without cycles")

    def _grow(self, need: int) -> None:
        """The arrays ``need`` names (:data:`~zermelo.analyses.walk_kernel.NEED_STEP` ...) doubled."""
        W = list(self.W)

        def doubled(a: Any) -> Any:
            b = np.zeros(2 * a.shape[0], a.dtype)
            b[: a.shape[0]] = a
            return b

        if need & wk.NEED_STEP:
            W[6], W[7], W[8], W[10] = doubled(W[6]), doubled(W[7]), doubled(W[8]), doubled(W[10])
        if need & wk.NEED_KEYS:
            W[0] = doubled(W[0])
        if need & wk.NEED_CHILDREN:
            W[4] = doubled(W[4])
        if need & wk.NEED_STACK:
            W[3] = doubled(W[3])
        if need & wk.NEED_ENTRIES:
            W[1] = doubled(W[1])
            W[2] = np.full(2 * W[2].shape[0], -1, np.int64)
            # hashed before it replaces the state: an interrupt leaves one whole state or the other
            self.kernel(tuple(W), self.forms.room(), self.code, wk.REHASH, 0, 0)
        self.W = tuple(W)
        self._views()


#: The walks kept, by options step (its Python function) and the number it reads: a walk's
#: entries (regions' values by key bytes) depend on these and the forms' table alone, so every rules
#: object of the same rules shares one, and a new ``Domineering()`` in a warm process (a web
#: worker's request, a notebook's cell) finds its regions valued already.  Three steps today.
WALKS: KeyedCache[tuple[Any, int], list[RegionWalk]] = KeyedCache(size=8)


def _step_key(step_kernel: Any, code: int) -> tuple[Any, int]:
    """A walk's key in :data:`WALKS`: its options step's Python function (numba's dispatcher or
    its stand-in alike) and the number it reads."""
    return (getattr(step_kernel, "py_func", step_kernel), code)


def _compiled_step(rules: Any) -> tuple[Any, int] | None:
    """The rules' compiled options step and the number it reads (``rules.compiled_step()``), or
    None: rules without one, or whose step is off."""
    step = getattr(rules, "compiled_step", None)
    return step() if step is not None else None


def _walk_key(rules: Any) -> tuple[Any, int] | None:
    got = _compiled_step(rules)
    return None if got is None else _step_key(*got)


def kept(rules: Any) -> RegionWalk | None:
    """The walk kept for the rules' options step, if any (for tests and the memos' trim)."""
    at = _walk_key(rules)
    held = WALKS.get(at) if at is not None else None
    return held[0] if held else None


def region_walk(rules: Any, forms: Forms, timed: bool, *, ahead_only: bool = False) -> RegionWalk | None:
    """The compiled walk of ``rules`` giving ids of ``forms``, or None: the rules list no options
    compiled, or (``timed``: a search under a time budget) the walk's kernel would have to be
    compiled first, or (``ahead_only``) it was not built ahead of time and numba is not loaded (a
    search still small for numba's load).  A state of another table, or past :data:`MAX_ENTRIES`
    regions, is renewed."""
    got = _compiled_step(rules)
    if got is None:
        return None
    step_kernel, code = got
    at = _step_key(step_kernel, code)
    if "compiled_step" not in getattr(rules, "__dict__", {}):  # the class's own step: its roots' walk
        ROOTS[type(rules)] = at
    held: list[RegionWalk] | None = WALKS.get(at)
    if held is None:
        held = []
        WALKS[at] = held
    if held and (held[0].forms is not forms or len(held[0]) > MAX_ENTRIES):
        held.clear()
    if not held:
        kernel: Any = _ahead(step_kernel)
        if kernel is None:
            if ahead_only and not is_loaded():
                return None
            kernel = dispatcher(step_kernel)
            if timed and not cached(kernel):
                return None
        held.append(RegionWalk(step_kernel, code, forms, kernel=kernel))
    return held[0]


#: The walk's key in :data:`WALKS` by rules class, for every class whose walk was set up in this
#: process (by a search or a warm-up): :func:`zermelo.analyses.canonical.canonical_form` asks
#: :func:`root_value` of a root of these rules first, its options step found without a call.
ROOTS: dict[type, tuple[Any, int]] = {}


def root_value(at: tuple[Any, int], key: bytes, cap: int | None) -> Game | None:
    """The value of the region whose key bytes are ``key`` by the walk kept for ``at`` (an entry
    of :data:`ROOTS`), walked with no budget but the default limits' ``cap`` positions (the caller
    has no limits and no deadline is ambient: past ``cap``, the long way's one-line error),
    the root's look-up and the walk in one kernel call, and kept in the walk's :attr:`~RegionWalk.roots`.
    None when no walk is kept for ``at``, its state or forms are past their bounds or its forms
    are not the process's table (the long way renews them), or a number is too large for the
    forms (the long way values it in Python)."""
    held = WALKS.peek(at)
    if not held:
        return None
    walk: RegionWalk = held[0]
    got = walk.roots.get(key)
    if got is not None:
        return got
    forms = walk.forms
    if walk._counts[wk.ENTRIES] > MAX_ENTRIES or not current(forms):
        return None
    try:
        i = walk.value(key, None, cap)
    except OutOfRange:
        return None
    got = forms.made(i)
    if got is None:
        with deep():  # the options' Games made first, one level a birthday
            got = forms.to_game(i)
    walk.roots[key] = got
    return got


def cheap(rules: Any) -> bool:
    """Whether the rules' compiled walk costs at most a load here (built ahead of time, or numba's
    cache holds it)."""
    got = _compiled_step(rules)
    return got is not None and (_ahead(got[0]) is not None or cached(dispatcher(got[0])))


def warm(rules: Any, board: str) -> None:
    """Compile (or load) the rules' walk and value ``board`` (one region) with it once: for
    ``make kernels`` and the web's warm-up (:mod:`zermelo.web.warmup`).  The walk is kept (with
    the regions of ``board``) for the rules' next search, by any rules object."""
    from ..values.compiled_forms import forms

    key = rules.region_bytes(rules.value_key(rules.parse(board))[0])
    walk = region_walk(rules, forms()[0], False)
    assert walk is not None, "these rules list no options compiled"
    walk.value(key, lambda positions, options: (SLICE_POSITIONS, SLICE_OPTIONS))
