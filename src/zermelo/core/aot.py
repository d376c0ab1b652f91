"""Kernels compiled ahead of time: numba's code for this machine, loaded without numba.

A process that runs a compiled kernel pays for importing numba and for numba's loading of its
cached kernels (it builds its typing and target contexts first): about 0.5 s of CPU, three
times ``import numpy``, before the first heap or Connect Four position (issue 31).  So a kernel
module may declare the argument types its hot kernels are called with (:func:`declare`); then
``zermelo compile`` has numba (``numba.pycc``) compile them, for this CPU, into one Python
extension module per kernel module, kept in ``CACHE/aot`` (:func:`folder`), and a later process
imports that extension — which needs numpy, not numba — when it first calls one of those kernels.

It is a cache, not a second implementation: the same Python source, compiled by the same numba.
Its file name carries a key (:func:`key`) of the kernel module's source, numba's version,
Python's ABI and this CPU, so an edited kernel, another numba or another machine finds no file
and runs numba as before; ``zermelo compile`` builds it again (``ZERMELO_NO_AOT=1`` ignores it).
The extension checks no argument type, so :class:`Kernel` calls it only with arguments that match
a declared signature exactly (dtype, dimensions, C order) and gives any other call to numba.

An extension is code run on import: it is loaded only from a folder that no one but the user can
write (mode 700), as numba's own cache (:func:`zermelo.core._jit.cache_place`).

A module declared with ``buffers=True`` takes ``memoryview`` s of ``array.array`` s where the
others take numpy arrays, and its extension is built without numpy's ``import_array()`` (numba's
module code, otherwise unchanged) and without the environments of the kernels it calls
(:func:`_linked_alone`): loading it and calling it never import numpy
(:mod:`zermelo.search.heap_buffers`, for :mod:`zermelo.heaps.quick`).  Its key covers the sources of
the modules whose kernels it calls (:func:`depends`).

>>> Signature.parse("i8(i4[:], i8, b1)").numba()
'i8(i4[::1], i8, b1)'
>>> Signature.parse("UniTuple(i8, 2)(u1[:, :])").numba()
'UniTuple(i8, 2)(u1[:, ::1])'
>>> import numpy as np
>>> sig = Signature.parse("none(i8[:, :], u1[:])")
>>> sig.accepts((np.zeros((2, 2), np.int64), np.zeros(3, np.uint8)))
True
>>> sig.accepts((np.zeros((2, 2), np.int64), np.zeros(3, np.int8)))
False
>>> import array
>>> buf = Signature.parse("i8(i4[:], i8)", buffers=True)
>>> buf.numba()
"i8(MemoryView(int32, 1, 'C'), i8)"
>>> buf.accepts((memoryview(array.array("i", [1, 2])), 3)), buf.accepts((memoryview(array.array("q", [1])), 3))
(True, False)
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a run that loads an extension does without pathlib (5-12 ms: issue 31)
    from pathlib import Path

__all__ = [
    "Kernel",
    "Signature",
    "available",
    "build",
    "built",
    "check",
    "declare",
    "declared",
    "depends",
    "folder",
    "key",
    "load",
    "specialisation",
]

#: Argument type codes (numba's short names) and the numpy dtype each stands for.
DTYPES = {
    **{f"i{n}": f"int{8 * n}" for n in (1, 2, 4, 8)},
    **{f"u{n}": f"uint{8 * n}" for n in (1, 2, 4, 8)},
}
#: ``array.array`` typecodes of the argument types a buffers module takes (memoryviews of them).
FORMATS = {"i1": "b", "i2": "h", "i4": "i", "i8": "q", "u1": "B", "u2": "H", "u4": "I", "u8": "Q"}
#: How many extensions of other sources of a module a build keeps (the newest).
KEEP_OTHERS = 3
#: Set to 1 to ignore compiled extensions (a benchmark of numba's own path).
OFF_ENV = "ZERMELO_NO_AOT"


@dataclass(frozen=True)
class Signature:
    """One declared call: the result type and each argument's (code, dimensions; 0 for a scalar)."""

    result: str
    args: tuple[tuple[str, int], ...]
    buffers: bool = False
    #: The members of each tuple argument (an argument ``(TUPLE, k)`` has ``members[k]``).
    members: tuple[tuple[tuple[str, int], ...], ...] = ()

    @classmethod
    def parse(cls, text: str, buffers: bool = False) -> Signature:
        """``"i8(i4[:], i8, b1)"``: arrays as ``CODE[:]`` or ``CODE[:, :]`` (C order), scalars as
        ``i8`` or ``b1``, a tuple of them as ``Tuple(i8[:, :], u1[:])``; the result as numba writes
        it (``none``, ``UniTuple(i8, 2)``).  With ``buffers``, each array is a one-dimensional
        ``memoryview`` instead (and no tuple)."""
        cut = text.rfind(")(") + 1 or text.index("(")
        result, inner = text[:cut], text[cut + 1 : text.rindex(")")]
        args: list[tuple[str, int]] = []
        members: list[tuple[tuple[str, int], ...]] = []
        for word in _split(inner):
            if word.startswith("Tuple(") and word.endswith(")"):
                if buffers:
                    raise ValueError(f"a buffers kernel takes no tuple, got {word!r} in {text!r}")
                members.append(tuple(_arg(w, text, buffers) for w in _split(word[6:-1])))
                args.append((TUPLE, len(members) - 1))
            else:
                args.append(_arg(word, text, buffers))
        return cls(result.strip(), tuple(args), buffers, tuple(members))

    def numba(self) -> str:
        """The signature in numba's words, arrays C-contiguous."""
        words = []
        for code, dims in self.args:
            if code == TUPLE:
                words.append(f"Tuple(({', '.join(self._word(m) for m in self.members[dims])}))")
            else:
                words.append(self._word((code, dims)))
        return f"{self.result}({', '.join(words)})"

    def _word(self, arg: tuple[str, int]) -> str:
        code, dims = arg
        if dims and self.buffers:
            return f"MemoryView({DTYPES[code]}, 1, 'C')"
        return code if not dims else f"{code}[{', '.join([':'] * (dims - 1) + ['::1'])}]"

    def accepts(self, args: Sequence[Any]) -> bool:
        """Whether ``args`` are exactly what the compiled code reads: each array of the dtype,
        dimensions and C order declared, each scalar an integer (or bool), each tuple a tuple of
        exactly such."""
        if len(args) != len(self.args):
            return False
        for a, (code, dims) in zip(args, self.args, strict=True):
            if code == TUPLE:
                members = self.members[dims]
                if type(a) is not tuple or len(a) != len(members):
                    return False
                if not all(self._takes(x, m) for x, m in zip(a, members, strict=True)):
                    return False
            elif not self._takes(a, (code, dims)):
                return False
        return True

    def _takes(self, a: Any, arg: tuple[str, int]) -> bool:
        code, dims = arg
        if dims and self.buffers:
            return type(a) is memoryview and a.format == FORMATS[code] and a.ndim == 1 and a.c_contiguous
        if dims:
            # The dtype by kind and size (C attributes: ``dtype.name`` is Python code in numpy,
            # 2 ms a 2^16-heap sequence of 26 calls).
            return (
                type(a).__name__ == "ndarray"
                and a.ndim == dims
                and a.dtype.kind == code[0]
                and a.dtype.itemsize == int(code[1])
                and bool(a.flags.c_contiguous)
            )
        return hasattr(a, "__index__")


#: The code of a tuple argument in :attr:`Signature.args` (its dimensions: its index in ``members``).
TUPLE = "()"


def _split(text: str) -> list[str]:
    """``text`` cut at its commas outside brackets and parentheses, each part stripped."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def _arg(word: str, text: str, buffers: bool) -> tuple[str, int]:
    code, _, dims = word.partition("[")
    if code not in DTYPES and code != "b1":
        raise ValueError(f"unknown argument type {word!r} in {text!r}")
    if buffers and dims.count(":") > 1:
        raise ValueError(f"a buffer is one-dimensional, got {word!r} in {text!r}")
    return code, dims.count(":")


#: Kernel module -> kernel name -> its declared signatures (parsed when first needed).
_DECLARED: dict[str, dict[str, tuple[str, ...]]] = {}
#: The modules whose kernels take buffers (memoryviews), built without numpy.
_BUFFERS: set[str] = set()
#: Module -> the other kernel modules whose sources its compiled code includes.
_DEPENDS: dict[str, tuple[str, ...]] = {}


def declare(module: str, kernel: str, signatures: Sequence[str], buffers: bool = False) -> None:
    """Declare the signatures ``zermelo compile`` compiles for the kernel ``kernel`` of ``module``
    (:func:`zermelo.core._jit.ahead` does, for the kernels it decorates); ``buffers``: the module's
    kernels take memoryviews, and its extension does without numpy."""
    _DECLARED.setdefault(module, {})[kernel] = tuple(signatures)
    if buffers:
        _BUFFERS.add(module)


def depends(module: str, others: Sequence[str]) -> None:
    """``module``'s kernels call those of ``others``: their sources are part of its key."""
    _DEPENDS[module] = tuple(others)


#: A specialisation's name -> the module whose kernels it compiles (:func:`specialisation`).
_SOURCE_OF: dict[str, str] = {}


def specialisation(name: str, module: str, others: Sequence[str]) -> None:
    """``name`` (a module's name with a suffix, ``pkg.walk_kernel__step``) stands for the kernels of
    ``module`` compiled with names bound to kernels of ``others``
    (:func:`zermelo.core._jit.specialised`): declared and built under ``name``, keyed by the sources
    of all of them; the caller declares its kernels and gives :func:`build` their dispatchers."""
    _SOURCE_OF[name] = module
    _DEPENDS[name] = tuple(others)


def declared() -> dict[str, dict[str, tuple[Signature, ...]]]:
    """Every declaration made so far (by the kernel modules imported): module -> kernel -> signatures."""
    return {
        m: {k: tuple(Signature.parse(sig, m in _BUFFERS) for sig in sigs) for k, sigs in ks.items()}
        for m, ks in _DECLARED.items()
    }


def folder() -> Path:
    """``CACHE/aot`` (:func:`zermelo.core.files.cache_dir`)."""
    from pathlib import Path

    return Path(_folder())


def _folder() -> str:
    from .files import cache_root

    return os.path.join(cache_root(), "aot")


def _private(path: str | os.PathLike[str]) -> bool:
    from .files import only_mine

    return only_mine(path)


def _numba_version() -> str:
    """numba's version, read from its files without importing it."""
    spec = importlib.util.find_spec("numba")
    origin = spec.origin if spec is not None else None
    if origin is None:
        return "none"
    version = os.path.join(os.path.dirname(origin), "_version.py")
    with contextlib.suppress(OSError), open(version, encoding="utf-8") as f:
        return f.read()
    return origin


def _cpu() -> str:
    """This CPU's model and features (code compiled for one may not run on another)."""
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
        lines = [ln for ln in (f.readline() for _ in range(40)) if ln.startswith(("model name", "flags", "vendor_id"))]
        if lines:
            return "".join(lines)
    import platform

    return platform.machine() + platform.processor()


def _source(module: str) -> bytes:
    module = _SOURCE_OF.get(module, module)
    loaded = sys.modules.get(module)
    if loaded is not None:
        source = loaded.__file__ or ""
    else:  # not imported yet: its file, found as import would find it
        spec = importlib.util.find_spec(module)
        source = (spec.origin if spec is not None else None) or ""
    with open(source, "rb") as f:
        return f.read()


#: The module whose numba extension (:func:`zermelo.core.borrowed.register`) every build compiles in.
BORROWED = "zermelo.core.borrowed"


def key(module: str) -> str:
    """The extension's name for ``module``: its short name and 16 hex digits of the BLAKE2b (256 bits)
    of its source (and those of :func:`depends` and of this module, which builds it), numba's
    version, Python's ABI and this CPU."""
    try:  # hashlib's own BLAKE2, without hashlib's load of OpenSSL (4 ms of every short run)
        from _blake2 import blake2b
    except ImportError:  # an interpreter without the module: hashlib finds one
        from hashlib import blake2b
    h = blake2b(digest_size=32)
    # This module's own source too: it is the build's recipe (an extension built by another
    # version of it, from another checkout sharing the cache, is another file).
    # And core.borrowed's: the compiled form of its borrowed() is part of every build (register()).
    sources = [_source(m) for m in (module, *_DEPENDS.get(module, ()), __name__, BORROWED)]
    parts: list[bytes | str] = [*sources, _numba_version(), sys.implementation.cache_tag, _cpu()]
    for part in parts:
        h.update(blake2b(part if isinstance(part, bytes) else part.encode(), digest_size=32).digest())
    return f"{module.rsplit('.', 1)[-1].lstrip('_')}_{h.hexdigest()[:16]}"


def _file(module: str) -> Path:
    from pathlib import Path

    return Path(_file_name(module))


def _file_name(module: str) -> str:
    return os.path.join(_folder(), f"{key(module)}{importlib.machinery.EXTENSION_SUFFIXES[0]}")


def built(module: str) -> Path | None:
    """The extension of ``module`` for its current source on this machine, if it was built."""
    path = _file(module)
    return path if path.is_file() else None


def available(module: str) -> bool:
    """Whether ``module``'s kernels would load compiled ahead of time (built for its current
    source on this machine, and not turned off), asked before ``module`` is imported."""
    return not os.environ.get(OFF_ENV) and os.path.isfile(_file_name(module))


#: Module -> its loaded extension, or None (none built, refused, or turned off).
_LOADED: dict[str, ModuleType | None] = {}


def load(module: str) -> ModuleType | None:
    """The compiled extension of ``module`` if ``zermelo compile`` built one for its current source
    on this machine, in a private folder; else None (numba then compiles or loads as always)."""
    if module in _LOADED:
        return _LOADED[module]
    ext = None
    if module in _DECLARED and not os.environ.get(OFF_ENV):
        path = _file_name(module)
        if os.path.isfile(path) and _private(os.path.dirname(path)):
            name = os.path.basename(path).split(".", 1)[0]
            spec = importlib.util.spec_from_file_location(name, path)
            if spec is not None and spec.loader is not None:
                try:
                    ext = importlib.util.module_from_spec(spec)
                    spec.loader.exec_module(ext)
                except ImportError as exc:  # damaged or foreign: numba instead, and say so
                    name = os.path.basename(path)
                    print(f"zermelo: warning: ignoring the compiled kernels {name}: {exc}", file=sys.stderr)
                    ext = None
    _LOADED[module] = ext
    return ext


class Kernel:
    """A kernel's compiled variants: the first whose signature accepts the arguments runs; any
    other call goes to ``fallback`` (numba's dispatcher, made on demand)."""

    def __init__(self, variants: Sequence[tuple[Signature, Callable[..., Any]]], fallback: Callable[[], Any]) -> None:
        self.variants = tuple(variants)
        self.fallback = fallback

    def __call__(self, *args: Any) -> Any:
        return self.resolve(*args)(*args)

    def resolve(self, *args: Any) -> Callable[..., Any]:
        """The function that :meth:`__call__` runs for ``args``: for a caller that calls the kernel
        often with arguments of the same types (checking them costs more than a short call)."""
        for sig, fn in self.variants:
            if sig.accepts(args):
                return fn
        return self.fallback()  # type: ignore[no-any-return]


def kernels(module: str, fallback: Callable[[str], Any]) -> dict[str, Kernel]:
    """The compiled kernels of ``module`` by name (none if it has no extension); ``fallback(name)``
    is the numba dispatcher of a kernel, for calls no declared signature accepts."""
    ext = load(module)
    if ext is None:
        return {}
    found = {}
    for name, sigs in declared()[module].items():
        fns: list[Any] = [getattr(ext, f"{name}__{i}", None) for i in range(len(sigs))]
        if all(fn is not None for fn in fns):
            found[name] = Kernel(list(zip(sigs, fns, strict=True)), functools.partial(fallback, name))
    return found


def build(module: str, functions: dict[str, Callable[..., Any]]) -> Path:
    """Compile the declared kernels of ``module`` (``functions``: name -> numba dispatcher, so the
    kernels they call are compiled too) into its extension in :func:`folder`; its path.

    Needs numba's ``pycc`` and a C compiler; raises ``OSError`` or ``ImportError`` without them.
    The file is written under a temporary name and renamed: a reader never sees half of it.
    """
    import tempfile
    import warnings
    from pathlib import Path

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pycc: Any = importlib.import_module("numba.pycc")
    from .borrowed import register

    register()

    where = folder()
    with contextlib.suppress(OSError):
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not _private(where):
        raise OSError(f"{where} is not a folder only you can write; refusing to keep compiled code there")
    target = _file(module)
    with tempfile.TemporaryDirectory(dir=where) as tmp:
        name = target.name.split(".", 1)[0]
        cc = _without_numpy(pycc.CC)(name) if module in _BUFFERS else pycc.CC(name)
        cc.output_dir = tmp
        cc.target_cpu = "host"
        cc.verbose = False
        for kname, sigs in declared()[module].items():
            fn = functions[kname]
            for i, sig in enumerate(sigs):
                cc.export(f"{kname}__{i}", sig.numba())(getattr(fn, "py_func", fn))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cc.compile()
        built = [p for p in Path(tmp).iterdir() if p.name.startswith(name) and p.suffix == target.suffix]
        if len(built) != 1:
            raise OSError(f"numba's pycc wrote no extension for {module}")
        problem = check(module, built[0])
        if problem is not None:
            raise OSError(f"the extension numba's pycc built for {module} is not kept: {problem}")
        os.replace(built[0], target)
    # Extensions of other sources: the newest few are kept (another checkout sharing this cache,
    # a branch switched back and forth), the rest removed.
    others = [p for p in where.glob(f"{name.rsplit('_', 1)[0]}_*") if p != target and p.is_file()]
    others.sort(key=_age, reverse=True)
    for old in others[KEEP_OTHERS:]:
        with contextlib.suppress(OSError):
            old.unlink()
    _LOADED.pop(module, None)
    return target


#: Run by :func:`check` in a new interpreter: load the file as a module, say what it exports and
#: whether loading it imported numpy.
_CHECK = """
import importlib.util, json, sys
name, path, names = sys.argv[1], sys.argv[2], sys.argv[3:]
spec = importlib.util.spec_from_file_location(name, path)
ext = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ext)
print(json.dumps({"numpy": "numpy" in sys.modules, "missing": [n for n in names if not hasattr(ext, n)]}))
"""


def check(module: str, path: str | os.PathLike[str]) -> str | None:
    """What is wrong with the extension at ``path`` for ``module``, or None: it is loaded in a new
    interpreter (never in this one: it is code run on import), must export every declared kernel
    and, for a buffers module, must not import numpy when it loads (the whole point of that build:
    a numpy-importing build kept under a lean build's name once went unnoticed, issue 31).

    ``zermelo compile`` checks what it builds before keeping it, and what it finds before calling
    it up to date."""
    import json
    import subprocess

    names = [f"{k}__{i}" for k, sigs in _DECLARED.get(module, {}).items() for i in range(len(sigs))]
    name = os.path.basename(path).split(".", 1)[0]
    argv = [sys.executable, "-I", "-c", _CHECK, name, os.fspath(path), *names]
    try:
        run = subprocess.run(argv, capture_output=True, text=True, timeout=300, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"it could not be loaded in a new process ({type(exc).__name__}: {exc})"
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        return f"loading it failed ({last})"
    found = json.loads(run.stdout)
    if found["missing"]:
        return f"it lacks the kernels {', '.join(found['missing'])}"
    if module in _BUFFERS and found["numpy"]:
        return "loading it imports numpy, which the build of a buffers module must not"
    return None


def _age(path: Path) -> float:
    """``path``'s modification time; 0 for a file gone meanwhile (another checkout's build
    removing it)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _without_numpy(cc_class: Any) -> Any:
    """numba's ``pycc.CC`` whose extension does not call numpy's ``import_array()`` when it loads:
    numba's module code (``modulemixin.c``) copied with that one line left out.  Only for kernels
    that take no numpy array (buffers are unpacked by Python's buffer protocol): numpy's C API is
    never set up in such an extension.

    Nor does it keep the environments of the kernels its kernels call (:func:`_linked_alone`):
    numba's ``pycc`` pickles them into the extension, which unpickles them when it loads, and the
    environment of a called kernel that returns an array (``np.frombuffer`` of a buffer) holds
    numpy's ``dtype``, for numba's Python wrapper of it, which the extension never runs."""
    from pathlib import Path

    compiler = _linked_alone(importlib.import_module("numba.pycc.compiler").ModuleCompiler)

    class WithoutNumpy(cc_class):  # type: ignore[misc]
        def _get_mixin_sources(self) -> list[str]:
            sources = [os.path.normpath(s) for s in super()._get_mixin_sources()]
            mixin = Path(sources[0])
            text = mixin.read_text(encoding="utf-8")
            lean = text.replace("    import_array();\n", "")
            if mixin.name != "modulemixin.c" or lean == text:
                raise OSError("numba's pycc changed (no import_array() line in modulemixin.c); not compiled")
            copy = Path(self._zermelo_build) / "modulemixin_without_numpy.c"
            copy.write_text(lean, encoding="utf-8")
            self._zermelo_include = str(mixin.parent)  # its #include "../…" lines, found from there
            return [str(copy), *sources[1:]]

        def _compile_mixins(self, build_dir: str) -> list[str]:
            self._zermelo_build = build_dir
            sources = self._get_mixin_sources()
            include_dirs = [*self._toolchain.get_python_include_dirs(), self._zermelo_include]
            objects: list[str] = self._toolchain.compile_objects(
                sources,
                build_dir,
                include_dirs=include_dirs,
                macros=self._get_mixin_defines(),
                extra_cflags=self._get_extra_cflags(),
            )
            return objects

        def _compile_object_files(self, build_dir: str) -> tuple[list[str], list[str]]:
            # numba's CC._compile_object_files, with the compiler above
            lean = compiler(self._export_entries, self._basename, self._use_nrt, cpu_name=self._target_cpu)
            lean.external_init_function = self._init_function
            obj = os.path.join(build_dir, os.path.splitext(self._output_file)[0] + ".o")
            lean.write_native_object(obj, wrap=True)
            return [obj], lean.dll_exports

    return WithoutNumpy


def _linked_alone(compiler_class: Any) -> Any:
    """numba's ``pycc`` compiler without the environments of the kernels the exported ones call.

    An exported kernel that calls another kernel links that kernel's code as numba compiled it for
    itself, and numba's ``pycc`` pickles each environment it finds in that code (the constants of
    numba's Python wrapper of the kernel, never called in the extension) into the extension, which
    recreates them when it loads.  It finds them only in code compiled in this process: code loaded
    from numba's disk cache comes without them.  So a build on an empty cache kept numpy's
    ``dtype`` of ``np.frombuffer``'s result in :mod:`zermelo.search.heap_buffers`' extension,
    which then imported numpy when it loaded (refused by :func:`check`: ``zermelo compile`` failed
    on its first run and passed on its second).  Left out always, the build is the one a warm cache
    gives.  The called kernels' native code reads its environment only to call Python (a
    ``print``, an object), which a buffers kernel never does; if one did, numba's check of the
    environment would raise ``RuntimeError`` (missing Environment), not crash."""

    class LinkedAlone(compiler_class):  # type: ignore[misc]
        def _emit_python_wrapper(self, llvm_module: Any) -> None:
            if not isinstance(getattr(self, "extra_environments", None), dict):
                raise OSError("numba's pycc changed (no extra_environments of linked code); not compiled")
            self.extra_environments: dict[str, Any] = {}
            super()._emit_python_wrapper(llvm_module)

    return LinkedAlone
