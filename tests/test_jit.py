"""zermelo.core._jit: kernels are made by numba at their first call, not at import."""

from __future__ import annotations

import contextlib
import importlib.util
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest


def _python(code: str) -> str:
    # The timeout only ends a hang: a cold numba cache on a loaded machine compiles for minutes.
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=True)
    return out.stdout.strip()


def test_import_and_partisan_values_never_load_numba() -> None:
    code = (
        "import sys, zermelo as z; a = 'numba' in sys.modules; d = z.games.Domineering();"
        " z.canonical_form(d, d.parse('...|...')); print(a, 'numba' in sys.modules)"
    )
    assert _python(code) == "False False"


def test_the_value_command_and_canonical_forms_never_load_numpy() -> None:
    # Issue 25's whole-process row: `zermelo value domineering …` and `canonical_form` start as
    # fast as a pure-Python peer only if neither numpy (0.2 s of CPU) nor numba is imported.
    code = (
        "import sys, io, contextlib, zermelo as z; from zermelo.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out: code = main(['value', 'domineering', '...|...|...'])\n"
        "d = z.games.Domineering(); g = z.canonical_form(d, d.parse('....|....'))\n"
        "print(code, 'value        ±1' in out.getvalue(), str(g), *(m in sys.modules for m in ('numpy', 'numba')))"
    )
    assert _python(code) == "0 True {2|0||0} False False"


def test_the_first_kernel_call_loads_numba_and_installs_dispatchers() -> None:
    code = (
        "import sys, zermelo as z, zermelo.search._kernels as k; before = type(k.grundy_values).__name__;"
        " z.grundy(z.games.Square(), 50); print(before, 'numba' in sys.modules, type(k.grundy_values).__name__)"
    )
    assert _python(code) == "function True CPUDispatcher"


KERNELS = """
from zermelo.core._jit import njit

@njit
def double(x):
    return 2 * x

@njit
def quadruple(x):
    return double(double(x))  # a kernel calling a kernel of its own module
"""


def _probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> Any:
    """A fresh module of :data:`KERNELS` named ``name``, its kernels not made yet."""
    path = tmp_path / f"{name}.py"
    path.write_text(KERNELS)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    spec.loader.exec_module(module)
    return module


def test_kernels_calling_kernels_and_two_threads_first_calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = _probe(tmp_path, monkeypatch, "lazy_kernels_probe")
    quadruple = module.quadruple  # the stand-in, as an importer elsewhere would hold it
    results: list[int] = []
    start = threading.Barrier(2)

    def call() -> None:
        start.wait()
        results.append(quadruple(5))

    threads = [threading.Thread(target=call) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [20, 20]
    assert module.quadruple(3) == 12 and type(module.quadruple).__name__ == "CPUDispatcher"
    assert quadruple.py_func(1) == 4  # the plain Python function, as numba's dispatchers offer it


def test_compiled_gives_the_dispatcher_behind_a_stand_in() -> None:
    code = (
        "from zermelo.core._jit import compiled; import zermelo.search._kernels as k; stand_in = k.dense_lookup;"
        " d = compiled(stand_in); print(type(stand_in).__name__, type(d).__name__, compiled(d) is d,"
        " d is k.dense_lookup, compiled(len) is len)"
    )
    assert _python(code) == "function CPUDispatcher True True True"


def test_a_full_disk_as_the_kernel_cache_warns_once_and_answers(tiny_disk: Path) -> None:
    # numba's cache on a full disk ended every command in "internal error: OSError: No space
    # left on device".  A real process, a real full tmpfs: the answer, one warning line, exit 0,
    # and no partial file left on the disk.
    import os

    (tiny_disk / "fill").write_bytes(b"\0" * (60 << 10))
    with contextlib.suppress(OSError), (tiny_disk / "fill2").open("wb") as f:
        f.write(b"\0" * (64 << 10))
    cache = tiny_disk / "numba"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    cli = "import sys; from zermelo.cli import main; sys.exit(main(sys.argv[1:]))"
    argv = [sys.executable, "-c", cli, "sequence", "subtraction:1,2,5", "--upto", "50", "--no-prove", "--quiet"]
    got = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
    assert got.returncode == 0 and "subtraction:1,2,5  heaps 0..50" in got.stdout
    assert got.stderr.startswith(f"zermelo: warning: cannot write the compiled-kernel cache {cache}")
    assert got.stderr.endswith("No space left on device; going on without it (the next run compiles again)\n")
    assert got.stderr.count("\n") == 1
    left = [p for p in cache.rglob("*") if p.is_file()]
    assert all(p.stat().st_size > 0 and ".tmp." not in p.name for p in left), left


# ----------------------------------------------------------------------------- the disk cache is the user's
KERNEL = "from zermelo.core._jit import njit\n\n\n@njit\ndef twice(x):\n    return 2 * x\n"


class _Plant:
    """A pickle that, loaded, creates the file ``marker``: what a planted cache file could do."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


def _kernel_run(tmp: Path, cache: Path | None, module: Path) -> subprocess.CompletedProcess[str]:
    """A process calling a kernel of ``module``, with ``NUMBA_CACHE_DIR=cache`` (None: unset)."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["ZERMELO_CACHE_DIR"] = str(tmp / "private")
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # numba's files alone in the folders compared, not Python's bytecode
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    code = f"import sys; sys.path.insert(0, {str(module)!r}); import planted_kernel as k; print(k.twice(21))"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)


def _caches(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.nbi"))


@pytest.mark.parametrize(("mode", "where"), [(0o777, "NUMBA_CACHE_DIR"), (0o770, "NUMBA_CACHE_DIR"), (0o777, "beside")])
def test_a_cache_others_can_write_is_not_read(tmp_path: Path, mode: int, where: str) -> None:
    """Issue 32 item 13: numba's cache is pickle.  A cache folder group- or world-writable, with a
    planted index in it, is neither read nor written: one warning line, the cache goes to the
    private ``CACHE/numba`` (mode 700), and the planted pickle never runs."""
    import shutil

    module = tmp_path / "src"
    module.mkdir()
    (module / "planted_kernel.py").write_text(KERNEL)
    safe = tmp_path / "safe"
    safe.mkdir(mode=0o700)
    first = _kernel_run(tmp_path, safe, module)  # a safe folder: cached there, silently
    assert first.stdout == "42\n" and first.stderr == "", first.stderr
    made = _caches(safe)
    assert made, "numba wrote no cache index"

    marker = tmp_path / "planted-ran"
    if where == "beside":  # numba's own place, __pycache__ beside the source, open to all
        shutil.rmtree(module / "__pycache__", ignore_errors=True)
        (module / "__pycache__").mkdir()
        for index in made:
            shutil.copy(index, module / "__pycache__" / index.name)
        evil, cache = module / "__pycache__", None
    else:
        evil = cache = tmp_path / "shared"
        shutil.copytree(safe, evil)
    for index in _caches(evil):
        import pickle

        index.write_bytes(pickle.dumps(_Plant(marker)))
    for folder in [evil, *[p for p in evil.rglob("*") if p.is_dir()]]:
        folder.chmod(mode)
    before = sorted(evil.rglob("*"))

    second = _kernel_run(tmp_path, cache, module)
    assert second.stdout == "42\n", second.stderr
    assert not marker.exists(), "the planted pickle ran"
    assert second.stderr.count("\n") == 1 and "is writable by others" in second.stderr, second.stderr
    assert sorted(evil.rglob("*")) == before  # nothing written there either
    private = tmp_path / "private" / "numba"
    assert _caches(private) and (private.stat().st_mode & 0o777) == 0o700


class _Interrupted(Exception):
    pass


def test_a_signal_inside_the_compiler_is_handled_when_the_kernel_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Python signal handler that raises inside numba's compiler (Ctrl-C, a caller's alarm) left
    the dispatcher half made: every later kernel call of the process failed ("returned a result
    with an exception set", seen in CI under load).  The handler now runs once the kernel is made."""
    import signal

    from numba.core import dispatcher as numba_dispatcher

    module = _probe(tmp_path, monkeypatch, "signal_kernels_probe")
    made: list[int] = []
    real = numba_dispatcher.Dispatcher.compile

    def compile_with_a_signal(self: object, sig: object) -> object:
        signal.raise_signal(signal.SIGUSR1)  # lands in the middle of compiling
        made.append(len(made))  # bytecode runs here: an undeferred handler raises now
        return real(self, sig)  # type: ignore[arg-type]

    def handler(signum: int, frame: object) -> None:
        assert made, "the handler ran inside the compiler"
        raise _Interrupted

    old = signal.signal(signal.SIGUSR1, handler)
    try:
        monkeypatch.setattr(numba_dispatcher.Dispatcher, "compile", compile_with_a_signal)
        with pytest.raises(_Interrupted):
            module.quadruple(5)
        monkeypatch.setattr(numba_dispatcher.Dispatcher, "compile", real)
    finally:
        signal.signal(signal.SIGUSR1, old)
    assert module.quadruple(5) == 20 and module.double(4) == 8  # the kernels work afterwards


def test_cached_says_whether_a_first_call_would_compile(tmp_path: Path) -> None:
    """``cached``: False before a kernel was ever compiled, True once it is (in the process, and
    from numba's disk cache in the next process) -- what lets a timed value search refuse a
    kernel that would compile for half a minute inside its budget."""
    import os

    module = tmp_path / "src"
    module.mkdir()
    (module / "planted_kernel.py").write_text(KERNEL)
    cache = tmp_path / "numba"
    cache.mkdir(mode=0o700)
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(ZERMELO_CACHE_DIR=str(tmp_path / "private"), NUMBA_CACHE_DIR=str(cache))
    code = (
        f"import sys; sys.path.insert(0, {str(module)!r}); import planted_kernel as k\n"
        "from zermelo.core._jit import cached\n"
        "before = cached(k.twice); k.twice(21); print(before, cached(k.twice))"
    )
    runs = [
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
        for _ in range(2)
    ]
    assert [r.stdout for r in runs] == ["False True\n", "True True\n"], [r.stderr[-500:] for r in runs]


def test_resolved_calls_the_code_numba_compiled_for_the_types_once_it_has_run() -> None:
    """The compiled forms call their kernel's code directly once numba has it (no dispatch by type
    at every call), with the same answers; a callable that is not a kernel is itself."""
    from zermelo.core import _jit, aot
    from zermelo.values import compiled_forms, forms_kernel, parse_value

    assert _jit.resolved(len, "ab") is len
    kernel = _jit.compiled(forms_kernel.run)
    forms = compiled_forms.Forms()
    if isinstance(kernel, aot.Kernel):
        pytest.skip("the forms were built ahead of time here")
    assert forms.kernel is not kernel and not hasattr(forms.kernel, "overloads")
    a, b = parse_value("{2|-1/2}"), parse_value("^*")
    assert forms.to_game(forms.add(forms.from_game(a), forms.from_game(b))) is a + b
