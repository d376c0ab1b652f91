"""zermelo._jit: kernels are made by numba at their first call, not at import."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import threading
from pathlib import Path

import pytest


def _python(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return out.stdout.strip()


def test_import_and_partisan_values_never_load_numba() -> None:
    code = (
        "import sys, zermelo as z; a = 'numba' in sys.modules; d = z.games.Domineering();"
        " z.canonical_form(d, d.parse('...|...')); print(a, 'numba' in sys.modules)"
    )
    assert _python(code) == "False False"


def test_the_first_kernel_call_loads_numba_and_installs_dispatchers() -> None:
    code = (
        "import sys, zermelo as z, zermelo._kernels as k; before = type(k.grundy_values).__name__;"
        " z.grundy(z.games.Square(), 50); print(before, 'numba' in sys.modules, type(k.grundy_values).__name__)"
    )
    assert _python(code) == "function True CPUDispatcher"


KERNELS = """
from zermelo._jit import njit

@njit
def double(x):
    return 2 * x

@njit
def quadruple(x):
    return double(double(x))  # a kernel calling a kernel of its own module
"""


def test_kernels_calling_kernels_and_two_threads_first_calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "lazy_kernels_probe.py"
    path.write_text(KERNELS)
    spec = importlib.util.spec_from_file_location("lazy_kernels_probe", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "lazy_kernels_probe", module)
    spec.loader.exec_module(module)
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
        "from zermelo._jit import compiled; import zermelo._kernels as k; stand_in = k.dense_lookup;"
        " d = compiled(stand_in); print(type(stand_in).__name__, type(d).__name__, compiled(d) is d,"
        " d is k.dense_lookup, compiled(len) is len)"
    )
    assert _python(code) == "function CPUDispatcher True True True"
