"""Compiled kernels, compiled lazily: numba is imported when a kernel is first called.

Importing numba costs about 0.15 s, more than the rest of zermelo; many uses never run a
compiled kernel (values of partisan games, negamax, the notes' small games answered by closed
forms, ``zermelo games``).  ``@njit`` here records the Python function and returns a stand-in;
the first call of any kernel of a module turns all of that module's kernels into numba
dispatchers (``numba.njit(cache=True)``, compiled code cached on disk as before) and puts them
in the module's globals, so kernels that call kernels of their own module are compiled against
dispatchers.  A stand-in imported elsewhere forwards to its dispatcher.  A kernel decorated with
:func:`ahead` instead may also have been compiled ahead of time (:mod:`zermelo.core.aot`, by
``zermelo compile``): its stand-in then calls that code and numba is not imported at all.

numba's disk cache is pickle: a file planted in the cache directory runs code on the next kernel
call.  So the cache is kept only where no one but the user can write (:func:`cache_place`): numba's
own place (``__pycache__`` beside the source, or ``$NUMBA_CACHE_DIR``) when it is the user's (or
root's) and neither group- nor world-writable, else ``CACHE/numba`` made private (mode 700), else
no disk cache at all — with a one-line warning on stderr, once.

Importing numba and compiling (or loading) a kernel run Python code inside numba; a signal handler
that raises there (Ctrl-C's ``KeyboardInterrupt``, an alarm) leaves numba half imported or a
dispatcher half made, and every later kernel call of the process fails.  So both run with signals
deferred (:func:`zermelo.core.signals.signals_deferred`): the signal is handled as soon as they are done.

>>> @njit
... def twice(x):
...     return 2 * x
>>> twice(21), twice.py_func(4)
(42, 8)
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import threading
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .signals import signals_deferred

if TYPE_CHECKING:  # pathlib loads when a kernel does (12 ms of a short run that runs none: issue 31)
    from pathlib import Path

__all__ = [
    "ahead",
    "cache_place",
    "compiled",
    "dispatcher",
    "interpreted",
    "is_loaded",
    "njit",
    "private_cache",
    "ready",
    "specialised",
]

_PENDING: dict[str, dict[str, Callable[..., Any]]] = {}
_DISPATCHERS: dict[tuple[str, str], Callable[..., Any]] = {}
_LOCK = threading.Lock()
_STAND_INS: dict[tuple[str, str], Callable[..., Any]] = {}
_PY: dict[str, dict[str, Callable[..., Any]]] = {}  # module -> its kernels' Python functions
_PLAIN: dict[str, dict[str, Any]] = {}  # module -> namespace where its kernels are plain Python


def njit(fn: Callable[..., Any]) -> Any:
    """``numba.njit(cache=True)``, applied on the first call of any kernel of ``fn``'s module.

    Typed ``Any`` like numba's own decorator: kernels take numpy arrays and are not annotated.
    """
    key = (fn.__module__, fn.__qualname__)
    _PENDING.setdefault(fn.__module__, {})[fn.__qualname__] = fn
    _PY.setdefault(fn.__module__, {})[fn.__qualname__] = fn

    @functools.wraps(fn)
    def call(*args: Any) -> Any:
        dispatcher = _AHEAD.get(key) or _DISPATCHERS.get(key)
        if dispatcher is None:
            dispatcher = _callable(key)
        return dispatcher(*args)

    call.py_func = fn  # type: ignore[attr-defined]  # as numba's dispatchers have it
    _STAND_INS[key] = call
    return call


def ahead(*signatures: str, buffers: bool = False) -> Callable[[Callable[..., Any]], Any]:
    """:func:`njit`, and compiled ahead of time for these signatures by ``zermelo compile``
    (:mod:`zermelo.core.aot`): a process then calls that code without importing numba
    (``buffers``: the arrays are memoryviews, and the extension does without numpy)."""

    def decorate(fn: Callable[..., Any]) -> Any:
        from . import aot

        aot.declare(fn.__module__, fn.__qualname__, signatures, buffers)
        return njit(fn)

    return decorate


def _only_mine(path: Path) -> bool:
    from .files import only_mine

    return only_mine(path)


def _make_private(path: Path) -> None:
    """Create the folder ``path`` (mode 700) if it is missing; an existing one is left as it is."""
    with contextlib.suppress(OSError):
        path.mkdir(mode=0o700, parents=True, exist_ok=True)


def private_cache() -> Path:
    """``CACHE/numba``: ``$ZERMELO_CACHE_DIR``, else ``$XDG_CACHE_HOME/zermelo``, else
    ``~/.cache/zermelo``, as the other caches."""
    from pathlib import Path

    root = os.environ.get("ZERMELO_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache"), "zermelo"
    )
    return Path(root) / "numba"


#: The decision of :func:`cache_place` for this process: the folder set, or "" (none), or False
#: (numba's place beside the sources is safe).
_PLACE: list[str | bool] = []


def cache_place(config: Any, source: str) -> bool:
    """Make numba's disk cache safe for a kernel in the file ``source``; whether to cache on disk.

    ``config`` is ``numba.config``: its ``CACHE_DIR`` (``$NUMBA_CACHE_DIR``) is kept if only this
    user can write there; else numba would write beside the source (``__pycache__``), kept if that
    folder (or the source's, before it exists) is only the user's and writable; else
    ``CACHE_DIR`` is pointed at :func:`private_cache`.  If that cannot be made private, nothing is
    cached on disk.  One warning line says what was refused.
    """
    if _PLACE and _PLACE[0] is not False:
        return bool(_PLACE[0])  # a folder was chosen (or none) for the whole process
    from pathlib import Path

    wanted = str(config.CACHE_DIR or "")
    if wanted:
        _make_private(Path(wanted))
        if _only_mine(Path(wanted)):
            _PLACE[:] = [wanted]
            return True
        refused = wanted
    else:
        here = Path(source).parent
        beside = here / "__pycache__" if (here / "__pycache__").exists() else here
        if _only_mine(beside) and os.access(beside, os.W_OK):
            _PLACE[:] = [False]  # numba's own place: checked again for the next module's folder
            return True
        refused = str(beside) if not _only_mine(beside) else ""
    mine = private_cache()
    _make_private(mine)
    chosen = str(mine) if _only_mine(mine) else ""
    _PLACE[:] = [chosen]
    config.CACHE_DIR = chosen
    if refused:
        instead = f"kernels are cached in {chosen} instead" if chosen else "kernels are not cached on disk"
        print(
            f"zermelo: warning: numba's cache folder {refused} is writable by others (a file planted there"
            f" would run as you); {instead}",
            file=sys.stderr,
        )
    return bool(chosen)


#: Kernels compiled ahead of time (:mod:`zermelo.core.aot`), and the modules already looked up.
_AHEAD: dict[tuple[str, str], Callable[..., Any]] = {}
_LOOKED_UP: set[str] = set()


def _ahead(module: str) -> None:
    """Load ``module``'s extension compiled ahead of time, if ``zermelo compile`` built one."""
    if module in _LOOKED_UP:
        return
    _LOOKED_UP.add(module)
    from . import aot

    for name, kernel in aot.kernels(module, lambda name: _numba((module, name))).items():
        _AHEAD[(module, name)] = kernel


def _numba(key: tuple[str, str]) -> Callable[..., Any]:
    """The numba dispatcher of a kernel (its module's dispatchers made now if not yet)."""
    if key not in _DISPATCHERS:
        _compile_module(key[0])
    return _DISPATCHERS[key]


def _callable(key: tuple[str, str]) -> Callable[..., Any]:
    """The fastest ready form of a kernel: compiled ahead of time, else numba's dispatcher."""
    _ahead(key[0])
    return _AHEAD.get(key) or _numba(key)


def ready(kernel: Any) -> bool:
    """Whether calling ``kernel`` compiled costs nothing more: numba is loaded, or its module's
    kernels were compiled ahead of time for this machine (then numba is not needed)."""
    fn = getattr(kernel, "py_func", kernel)
    _ahead(fn.__module__)
    return is_loaded() or (fn.__module__, fn.__qualname__) in _AHEAD


def cached(kernel: Any) -> bool:
    """Whether calling ``kernel`` compiled costs at most a load: it is compiled in this process
    already, or numba's disk cache holds it compiled from its present source.  Compiling it may
    cost tens of CPU seconds (the compiled canonical forms: 33-40), which nothing interrupts, so a
    search under a time budget turns to such a kernel only when this holds.  Imports numba.
    False when numba's cache cannot be read."""
    fn = getattr(kernel, "py_func", kernel)
    found: Any = _SPECIAL.get(id(kernel)) or _numba((fn.__module__, fn.__qualname__))
    if getattr(found, "signatures", None):
        return True
    try:
        return bool(found._cache._cache_file._load_index())
    except Exception:  # no cache (uncached code), or numba's layout changed: say "no", compile as before
        return False


#: Kernels compiled by :func:`specialised`, by (module, kernel, tag) and by the id of the dispatcher.
_SPECIAL: dict[Any, Any] = {}


def specialised(kernel: Any, bindings: dict[str, Any], tag: str) -> Any:
    """numba's dispatcher of a copy of ``kernel`` in which the global names of ``bindings`` call
    the kernels given (their dispatchers), with the other kernels of its module copied the same way.

    For a kernel written once over a step that others provide (the engine's value walk over a
    game's compiled options step: :mod:`zermelo.analyses.walk_kernel`): each binding compiles its
    own copy, cached on disk under the kernel's name, ``tag`` and a hash of the sources of its
    module and of the bound kernels' modules (numba's cache does not look at the code a kernel
    calls: a changed step or forms kernel makes a new name, never a stale copy).
    """
    fn = getattr(kernel, "py_func", kernel)
    module = fn.__module__
    py = {name: getattr(k, "py_func", k) for name, k in bindings.items()}
    # core.borrowed's source too: its compiled form of borrowed() is compiled into the copy
    stamp = _source_stamp(sorted({module, "zermelo.core.borrowed", *(f.__module__ for f in py.values())}))
    key = (module, fn.__qualname__, tag, stamp)
    found = _SPECIAL.get(key)
    if found is not None:
        return found
    bound = {name: dispatcher(k) for name, k in bindings.items()}
    with signals_deferred():
        import numba

        from .borrowed import register

        register()
        with _LOCK:
            namespace = dict(sys.modules[module].__dict__)
            namespace.update(bound)
            for name, f in _PY.get(module, {}).items():
                if "." in name or name in bound:
                    continue
                copy = types.FunctionType(f.__code__, namespace, name, f.__defaults__, f.__closure__)
                copy.__qualname__ = f"{name}_{tag}_{stamp}"
                copy.__module__ = module
                cache = cache_place(numba.config, f.__code__.co_filename)
                made = numba.njit(cache=cache)(copy)
                _keep_going_when_the_cache_fails(made)
                _compile_with_signals_deferred(made)
                namespace[name] = made
    found = _SPECIAL[key] = namespace[fn.__qualname__]
    _SPECIAL[id(found)] = found
    return found


def _source_stamp(modules: list[str]) -> str:
    """A short hash of the modules' source files."""
    import hashlib

    h = hashlib.sha256()
    for name in modules:
        source = getattr(sys.modules[name], "__file__", None) or name
        with contextlib.suppress(OSError), open(source, "rb") as f:
            h.update(f.read())
        h.update(name.encode())
    return h.hexdigest()[:10]


def _compile_module(module: str) -> None:
    with signals_deferred():
        _make_dispatchers(module)


def _make_dispatchers(module: str) -> None:
    import numba

    from .borrowed import register

    register()

    with _LOCK:  # two threads' first calls: one makes the dispatchers, the other then finds them
        pending = _PENDING.pop(module, {})
        namespace = sys.modules[module].__dict__
        for name, fn in pending.items():
            # Code with no file to cache beside (a doctest, an interactive session) compiles uncached.
            source = fn.__code__.co_filename
            cache = not source.startswith("<") and cache_place(numba.config, source)
            dispatcher = numba.njit(cache=cache)(fn)
            _keep_going_when_the_cache_fails(dispatcher)
            _compile_with_signals_deferred(dispatcher)
            _DISPATCHERS[(module, name)] = dispatcher
            if "." not in name:
                namespace[name] = dispatcher


_WARNED: list[bool] = []


def _compile_with_signals_deferred(dispatcher: Any) -> None:
    """numba's dispatcher compiles (or loads from its cache) a kernel for new argument types in
    its ``_compile_for_args``, which its C code looks up on the instance: that step runs with
    signals deferred.  Calls of kernels already made go straight to the compiled code, as before."""
    compile_for_args = dispatcher._compile_for_args

    def deferred(*args: Any, **kws: Any) -> Any:
        with signals_deferred():
            return compile_for_args(*args, **kws)

    dispatcher._compile_for_args = deferred


def _keep_going_when_the_cache_fails(dispatcher: Any) -> None:
    """A cache that cannot be written (a full disk, a read-only directory) costs the next run its
    compilation, not this run its answer: numba's save is wrapped to say so once on stderr and go
    on (numba writes each cache file to a temporary name and renames it, removing the temporary
    on failure, so nothing partial is left)."""
    cache = getattr(dispatcher, "_cache", None)
    save = getattr(cache, "save_overload", None)
    if save is None:
        return

    def save_or_warn(sig: Any, data: Any) -> None:
        try:
            save(sig, data)
        except OSError as exc:
            if not _WARNED:
                _WARNED.append(True)
                where = getattr(cache, "cache_path", "")
                print(
                    f"zermelo: warning: cannot write the compiled-kernel cache {where}: {exc.strerror or exc};"
                    " going on without it (the next run compiles again)",
                    file=sys.stderr,
                )

    cache.save_overload = save_or_warn  # type: ignore[union-attr]


def compiled(kernel: Any) -> Any:
    """The compiled form of a kernel, for callers that keep a kernel and call it often (they skip
    the stand-in's forwarding): its extension compiled ahead of time (:mod:`zermelo.core.aot`) if
    ``zermelo compile`` built one, else numba's dispatcher (its module's kernels made now if not yet)."""
    fn = getattr(kernel, "py_func", None)
    if fn is None or kernel is not _STAND_INS.get((fn.__module__, fn.__qualname__)):
        return kernel  # already a dispatcher (or not one of ours)
    return _callable((fn.__module__, fn.__qualname__))


def dispatcher(kernel: Any) -> Any:
    """numba's dispatcher of a kernel (not its ahead-of-time form): what ``zermelo compile`` compiles."""
    fn = getattr(kernel, "py_func", kernel)
    return _numba((fn.__module__, fn.__qualname__))


def resolved(kernel: Any, *args: Any) -> Any:
    """What to call for ``kernel`` with arguments of the types of ``args``, checked once per kernel
    in a process (typing a tuple of arrays costs numba 0.1-0.5 ms): a kernel built ahead of time
    its variant that accepts them (:meth:`zermelo.core.aot.Kernel.resolve`); numba's dispatcher the
    code it compiled for them, called without the dispatch by type at each call (5-10 µs for a
    tuple of arrays, a tenth of a small board's value walk); else the kernel itself.  The caller
    passes arguments of exactly these types to this kernel from then on (the arrays' dtypes,
    dimensions and order), as to a kernel built ahead of time: the compiled forms' and the value
    walk's drivers, whose tables have one layout."""
    found = _RESOLVED.get(kernel)
    if found is None:
        from . import aot

        if isinstance(kernel, aot.Kernel):
            found = kernel.resolve(*args)
        else:
            overloads = getattr(kernel, "overloads", None)
            if not overloads:  # not numba's, or not compiled yet: its first call compiles it
                return kernel
            code = overloads.get(tuple(kernel.typeof_pyval(a) for a in args))
            if code is None:
                return kernel
            found = code.entry_point
        _RESOLVED[kernel] = found
    return found


#: :func:`resolved`'s answers by kernel.
_RESOLVED: dict[Any, Any] = {}


def is_loaded() -> bool:
    """Whether numba is imported already (then compiled kernels cost nothing more to call)."""
    return "numba" in sys.modules


def interpreted(kernel: Any) -> Any:
    """The kernel as plain Python, calling the plain Python of the kernels of its module too.

    For small inputs before numba is loaded: a closed-form game's remoteness searches a few
    hundred nodes, which Python does in milliseconds, and importing numba and loading cached
    kernels takes half a second.  Same code, same answers (the tests run both).

    >>> @njit
    ... def half(x):
    ...     return x // 2
    >>> @njit
    ... def quarter(x):
    ...     return half(half(x))
    >>> interpreted(quarter)(20)
    5
    """
    fn = getattr(kernel, "py_func", kernel)
    module = fn.__module__
    namespace = _PLAIN.get(module)
    if namespace is None:
        namespace = dict(sys.modules[module].__dict__)
        for name, f in _PY.get(module, {}).items():
            if "." not in name:
                namespace[name] = types.FunctionType(f.__code__, namespace, name, f.__defaults__, f.__closure__)
        _PLAIN[module] = namespace
    return namespace.get(fn.__qualname__, fn)
