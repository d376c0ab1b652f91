"""zermelo.core.aot: kernels compiled ahead of time, called only with the arguments they were
compiled for, loaded only from a private folder, and numba whenever they are missing."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from zermelo.core import aot

KERNEL = """
import numpy as np
from zermelo.core._jit import ahead

@ahead("i8(i8[:], i8)")
def total(a, k):
    return a.sum() * k
"""


def test_a_signature_accepts_exactly_the_arrays_it_was_compiled_for() -> None:
    sig = aot.Signature.parse("UniTuple(i8, 2)(i4[:], i8, b1, u1[:, :])")
    assert sig.result == "UniTuple(i8, 2)"
    assert sig.numba() == "UniTuple(i8, 2)(i4[::1], i8, b1, u1[:, ::1])"
    good = (np.zeros(4, np.int32), 3, True, np.zeros((2, 3), np.uint8))
    assert sig.accepts(good)
    assert sig.accepts((good[0], np.int64(3), False, good[3]))
    tables = aot.Signature.parse("i8(Tuple(i8[:, :], i1[:]), i8)")
    assert tables.numba() == "i8(Tuple((i8[:, ::1], i1[::1])), i8)"
    pair = (np.zeros((2, 2), np.int64), np.zeros(3, np.int8))
    assert tables.accepts((pair, 1))
    assert not tables.accepts(((pair[0], np.zeros(3, np.int64)), 1))  # a member of another dtype
    assert not tables.accepts((list(pair), 1)) and not tables.accepts(((pair[0],), 1))
    wrong = [
        (np.zeros(4, np.int64), 3, True, good[3]),  # another dtype: the compiled code would misread it
        (np.zeros(8, np.int32)[::2], 3, True, good[3]),  # not C-contiguous
        (good[0], 3, True, np.zeros(6, np.uint8)),  # one dimension, not two
        (good[0], 3.0, True, good[3]),  # a float where an integer goes
        ([0, 0], 3, True, good[3]),  # a list, not an array
        good[:3],  # an argument short
    ]
    for args in wrong:
        assert not sig.accepts(args), args
    with pytest.raises(ValueError, match="unknown argument type"):
        aot.Signature.parse("i8(f8[:])")


def test_a_call_no_signature_accepts_goes_to_numba() -> None:
    calls: list[str] = []

    def compiled(a: np.ndarray) -> str:
        calls.append("compiled")
        return "compiled"

    def numba() -> Any:
        calls.append("numba made")
        return lambda a: "numba"

    kernel = aot.Kernel([(aot.Signature.parse("i8(i4[:])"), compiled)], numba)
    assert kernel(np.zeros(2, np.int32)) == "compiled"
    assert kernel(np.zeros(2, np.int64)) == "numba"
    assert calls == ["compiled", "numba made"]


def test_the_runs_call_the_compiled_kernels_with_declared_signatures(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short octal run, a Connect Four solve, Amazons' and Domineering's move lists and a misère quotient with
    stand-in extensions (each compiled kernel the kernel's plain Python): every call of a declared
    kernel must match a declared signature — if a runner changed a dtype, its runs would silently
    go back to numba (the fallback fails here)."""
    from zermelo.core import _jit
    from zermelo.games import connect4_kernel, domineering_kernel
    from zermelo.games.chargrid_kernel import KeyedOptions
    from zermelo.heaps import Octal, sequence
    from zermelo.misere import kernels as misere_kernels  # noqa: F401  (its kernels declared)
    from zermelo.misere.quotient import compute

    called: set[tuple[str, str]] = set()

    def compiled(module: str, name: str, kernel: Any) -> Any:
        def call(*args: Any) -> Any:
            called.add((module, name))
            return _jit.interpreted(kernel)(*args)

        return call

    def refused(name: str) -> Any:
        raise AssertionError(f"{name} called with arguments no declared signature accepts")

    # The buffer kernels (the command's run without numpy) have their own such test (test_heaps_quick.py),
    # the value search's forms and walks the one below.
    declared = {m: ks for m, ks in aot.declared().items() if m not in aot._BUFFERS and not m.startswith(VALUE_MODULES)}
    for module, kernels in declared.items():
        namespace = sys.modules[module]
        ext = type(sys)("stand-in")
        for name, sigs in kernels.items():
            for i in range(len(sigs)):
                setattr(ext, f"{name}__{i}", compiled(module, name, getattr(namespace, name)))
        monkeypatch.setitem(aot._LOADED, module, ext)
        for name, kernel in aot.kernels(module, refused).items():
            monkeypatch.setitem(_jit._AHEAD, (module, name), kernel)
            # A kernel an earlier test made with numba replaced its module's global by the numba
            # dispatcher, which calls never leave: the stand-in (it asks _AHEAD first) goes back.
            monkeypatch.setitem(namespace.__dict__, name, _jit._STAND_INS[(module, name)])
    monkeypatch.setattr(connect4_kernel, "_RUN", [])
    monkeypatch.setattr(connect4_kernel, "_TABLES", {})

    s = sequence(Octal("0.16"), 600)
    assert s.values[:12].tolist() == [0, 1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4]
    assert connect4_kernel.solve(0, 0, 0, 4, 4, weak=True)[0] == 0  # 4x4 is a draw
    table = connect4_kernel.table_for(6, 5)  # grows (4x4 and 5x4 tables never do)
    table.grow(connect4_kernel.GROW_AFTER * table.table.shape[0])
    assert KeyedOptions("amazons", {}, {})((2, 2, "x..o"))[0] == 4  # 2 cells to go, 2 to shoot at
    framed = domineering_kernel.KeyedOptions({}, {}, lambda key: 0)
    assert framed(2, 0b111_00000_111)[0] == 3  # two rows of three: Left's 3 vertical dominoes
    assert compute(Octal("0.07"), 14).quotient.order == 24  # the misère search and marking, compiled when ready
    assert called == {(module, name) for module, kernels in declared.items() for name in kernels}


#: The value search's kernels compiled ahead of time: the forms and one walk per options step.
VALUE_MODULES = ("zermelo.values.forms_kernel", "zermelo.analyses.walk_kernel__")


@pytest.mark.parametrize(("name", "board"), [("konane", "x.o.x.|o.xox.|.ox..o"), ("domineering", "....|....|....")])
def test_the_value_search_calls_the_forms_and_walk_with_declared_signatures(
    name: str, board: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A value search in a process where ``zermelo compile`` built the compiled forms and the
    rules' walk (stand-in extensions: numba's dispatchers, reached only through the declared
    signatures — a call they do not accept fails here): the forms' table and the walk take them,
    and the value is the Python walk's."""
    import zermelo as z
    from zermelo.analyses import canonical, compiled_walk
    from zermelo.core import _jit
    from zermelo.values import compiled_forms, forms_kernel

    reference = z.make_game(name)
    reference.compiled_step = lambda: None  # type: ignore[attr-defined]  # the Python walk
    monkeypatch.setattr(canonical, "COMPILED_AFTER", [1 << 62] * 3)  # and no switch to ids
    plain = z.canonical_form(reference, reference.parse(board))
    monkeypatch.undo()

    rules = z.make_game(name)
    step = rules.compiled_step()[0]  # type: ignore[attr-defined]
    walk_module = compiled_walk.ahead_name(step.py_func.__module__)
    called: list[str] = []

    def stand_in(label: str, fn: Any) -> Any:
        def call(*args: Any) -> Any:
            called.append(label)
            return fn(*args)

        return call

    def refused(kernel: str) -> Any:
        raise AssertionError(f"{kernel} called with arguments no declared signature accepts")

    for module, fn in ((forms_kernel.__name__, _jit.dispatcher(forms_kernel.run)),):
        ext = type(sys)("stand-in")
        ext.run__0 = stand_in("forms", fn)  # type: ignore[attr-defined]
        monkeypatch.setitem(aot._LOADED, module, ext)
        monkeypatch.setitem(_jit._AHEAD, (module, "run"), aot.kernels(module, refused)["run"])
    ext = type(sys)("stand-in")
    ext.walk__0 = stand_in("walk", compiled_walk.dispatcher(step))  # type: ignore[attr-defined]
    monkeypatch.setitem(aot._LOADED, walk_module, ext)
    monkeypatch.setattr(compiled_walk, "dispatcher", refused)  # the walk only as built ahead of time
    monkeypatch.setattr(compiled_forms, "_FORMS", [])  # a new table: its kernel the stand-in
    compiled_forms.forms()
    assert z.canonical_form(rules, rules.parse(board)) is plain
    assert {"forms", "walk"} <= set(called)
    assert compiled_walk.kept(rules).kernel.__name__ == "call"  # the stand-in itself, resolved once


def test_a_specialisation_is_keyed_by_every_source_it_compiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk built for a step is stale when the walk's, the forms' or the step's source changes."""
    from zermelo.analyses import compiled_walk

    name = compiled_walk.ahead_name("zermelo.games.domineering_kernel")
    assert aot.key(name).startswith("walk_kernel__domineering_kernel_")
    first = aot.key(name)
    source = aot._source
    for module in ("zermelo.analyses.walk_kernel", "zermelo.values.forms_kernel", "zermelo.games.domineering_kernel"):

        def edited(m: str, module: str = module) -> bytes:
            return source(m) + (b"#" if aot._SOURCE_OF.get(m, m) == module else b"")

        monkeypatch.setattr(aot, "_source", edited)
        assert aot.key(name) != first, module
    monkeypatch.setattr(aot, "_source", source)
    assert aot.key(name) == first


def test_a_damaged_or_unsafe_extension_is_not_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that is no extension, in the private folder: one warning line, and None (numba then
    answers).  The same file in a folder others can write is not even opened (it could be anyone's
    code); with ``ZERMELO_NO_AOT=1`` no file is looked at."""
    monkeypatch.setenv("ZERMELO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.syspath_prepend(str(tmp_path))
    for i, (mode, env, warned) in enumerate([(0o700, "", True), (0o777, "", False), (0o700, "1", False)]):
        name = f"planted_aot_{i}"
        (tmp_path / f"{name}.py").write_text(KERNEL)
        __import__(name)
        path = aot._file(name)
        assert path.parent == tmp_path / "cache" / "aot"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"not an extension")
        path.parent.chmod(mode)
        monkeypatch.setenv(aot.OFF_ENV, env)
        assert aot.load(name) is None
        err = capsys.readouterr().err
        assert (err.count("\n") == 1 and "ignoring the compiled kernels" in err) if warned else err == "", err
        path.parent.chmod(0o700)


def test_compile_keeps_the_extensions_that_are_up_to_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from zermelo.cli import main
    from zermelo.commands.compile import KERNEL_MODULES, WALK_STEPS, _builds

    monkeypatch.setenv("ZERMELO_CACHE_DIR", str(tmp_path))
    checked: list[str] = []
    monkeypatch.setattr(aot, "check", lambda module, path: checked.append(module))  # each loads (the test below)
    modules = [module for module, _ in _builds()]  # the kernel modules, then a walk per step
    assert modules[: len(KERNEL_MODULES)] == list(KERNEL_MODULES) and len(modules) == len(KERNEL_MODULES) + len(
        WALK_STEPS
    )
    for module in modules:
        path = aot._file(module)
        path.parent.mkdir(mode=0o700, exist_ok=True)
        path.write_bytes(b"")  # built for this source, this numba and this CPU: nothing to do
    assert main(["compile", "--json"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert [d["module"] for d in done] == modules
    assert all(d["seconds"] == 0 and d["path"] == str(aot._file(d["module"])) for d in done)
    assert checked == modules


def test_compile_builds_again_an_extension_found_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file under the right name that does not load right is not called up to date: it is built
    again, and the output says why."""
    import json

    from zermelo.cli import main
    from zermelo.commands.compile import _builds

    monkeypatch.setenv("ZERMELO_CACHE_DIR", str(tmp_path))
    bad = "zermelo.search.heap_buffers"
    for module, _ in _builds():
        aot._file(module).parent.mkdir(mode=0o700, exist_ok=True)
        aot._file(module).write_bytes(b"")
    monkeypatch.setattr(aot, "check", lambda module, path: "loading it imports numpy" if module == bad else None)
    rebuilt: list[str] = []
    monkeypatch.setattr(aot, "build", lambda module, functions: rebuilt.append(module) or aot._file(module))
    assert main(["compile", "--json"]) == 0
    done = {d["module"]: d for d in json.loads(capsys.readouterr().out)}
    assert rebuilt == [bad] and done[bad]["replaced"] == "loading it imports numpy"
    assert all("replaced" not in d for m, d in done.items() if m != bad)
    assert main(["compile"]) == 0
    said = f"{bad}: {aot._file(bad)} is not right (loading it imports numpy): compiling it again"
    assert said in capsys.readouterr().out


def test_check_loads_an_extension_in_a_new_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`aot.check` on stand-ins (Python files load as extensions do, by path): all kernels
    and no numpy is right; a missing kernel, a failing load, or numpy imported by a buffers
    module's build is named — and this process never runs the file."""
    monkeypatch.setitem(aot._DECLARED, "probe_mod", {"total": ("i8(i8[:], i8)",), "pair": ("i8(i8)", "i8(i4)")})
    monkeypatch.setattr(aot, "_BUFFERS", {"probe_mod"})
    files = {
        "good": "total__0 = pair__0 = pair__1 = 1\n",
        "short": "total__0 = pair__0 = 1\n",
        "numpy": "import numpy\ntotal__0 = pair__0 = pair__1 = 1\n",
        "broken": "raise ImportError('undefined symbol: NRT_foo')\n",
    }
    found = {}
    for name, text in files.items():
        (tmp_path / f"{name}.py").write_text(text)
        found[name] = aot.check("probe_mod", tmp_path / f"{name}.py")
    assert found["good"] is None
    assert found["short"] == "it lacks the kernels pair__1"
    assert found["numpy"] == "loading it imports numpy, which the build of a buffers module must not"
    assert found["broken"] == "loading it failed (ImportError: undefined symbol: NRT_foo)"
    monkeypatch.setattr(aot, "_BUFFERS", set())  # a build with numpy may import it
    assert aot.check("probe_mod", tmp_path / "numpy.py") is None
    assert not {"good", "short", "broken"} & set(sys.modules)  # run in a child, not here


def test_the_key_covers_the_build_recipe(monkeypatch: pytest.MonkeyPatch) -> None:
    """An extension built by another version of :mod:`zermelo.core.aot` (another checkout sharing
    the cache) has another name."""
    before = aot.key("zermelo.search.heap_buffers")
    real = aot._source
    monkeypatch.setattr(aot, "_source", lambda m: real(m) + (b"# edited" if m == aot.__name__ else b""))
    assert aot.key("zermelo.search.heap_buffers") != before


#: A buffers module whose kernel calls a kernel that makes a numpy array of a buffer, as
#: :mod:`zermelo.search.heap_buffers` does (``_i8`` boxes an array in numba's own Python wrapper:
#: its environment holds numpy's ``dtype``).
BUFFERS_KERNEL = """
import numpy as np
from zermelo.core._jit import ahead, njit

@njit
def _i8(b):
    return np.frombuffer(b, np.int64)

@ahead("i8(i8[:], i8)", buffers=True)
def total(b, k):
    a = _i8(b)
    s = 0
    for i in range(a.shape[0]):
        s += a[i]
    return s * k
"""


def test_a_buffers_module_builds_without_numpy_from_a_cold_numba_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real build, its called kernel compiled here for the first time (a new file: nothing of it
    in numba's cache).  numba's ``pycc`` then finds that kernel's environment in its code and would
    pickle it into the extension (numpy's ``dtype`` of its result: loading the extension imported
    numpy, and ``zermelo compile`` refused heap_buffers' on an empty cache, passing only when run
    again); from numba's disk cache the same code comes without it.  The build leaves it out
    either way: the extension loads without numpy and computes."""
    import array
    import subprocess

    monkeypatch.setenv("ZERMELO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.syspath_prepend(str(tmp_path))
    name = f"buffers_aot_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(BUFFERS_KERNEL)
    module = __import__(name)
    assert name in aot._BUFFERS
    from zermelo.core import _jit

    path = aot.build(name, {"total": _jit.dispatcher(module.total)})
    assert aot.check(name, path) is None
    probe = (
        "import array, importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location({path.name.split('.', 1)[0]!r}, {str(path)!r})\n"
        "ext = importlib.util.module_from_spec(spec)\nspec.loader.exec_module(ext)\n"
        "print(ext.total__0(memoryview(array.array('q', [1, 2, 3, 4])), 10), 'numpy' in sys.modules)\n"
    )
    run = subprocess.run([sys.executable, "-I", "-c", probe], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["100", "False"]
    assert module.total(memoryview(array.array("q", [1, 2, 3, 4])), 10) == 100  # numba's, the same answer


def test_compile_builds_the_others_when_one_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An extension that cannot be built stops none after it: each is built, each failure has its
    line with its reason, then one error line and status 2."""
    import json

    from zermelo.cli import main
    from zermelo.commands.compile import _builds

    monkeypatch.setenv("ZERMELO_CACHE_DIR", str(tmp_path))
    modules = [module for module, _ in _builds()]
    bad = {"zermelo.search.heap_buffers": "OSError: loading it imports numpy", modules[0]: "OSError: no cc"}
    built: list[str] = []

    def build(module: str, functions: Any) -> Path:
        if module in bad:
            raise OSError(bad[module].split(": ", 1)[1])
        built.append(module)
        return aot._file(module)

    monkeypatch.setattr(aot, "build", build)
    assert main(["compile"]) == 2
    out, err = capsys.readouterr()
    assert built == [m for m in modules if m not in bad]
    assert all(f"{m}: " in out for m in built)
    assert f"{modules[0]}: not compiled: OSError: no cc\n" in out
    assert "zermelo.search.heap_buffers: not compiled: OSError: loading it imports numpy\n" in out
    said = (
        f"cannot compile 2 of {len(modules)} extensions ahead of time (each named above with its reason): {modules[0]}:"
    )
    assert err == f"zermelo: error: {said} OSError: no cc\n"
    bad = {"zermelo.search.heap_buffers": "OSError: no cc"}
    assert main(["compile", "--json"]) == 2
    out, err = capsys.readouterr()
    assert [d.get("error") for d in json.loads(out)] == [bad.get(m) for m in modules]
    assert err == "zermelo: error: cannot compile zermelo.search.heap_buffers ahead of time: OSError: no cc\n"
    bad = dict.fromkeys(modules, "OSError: no cc")
    assert main(["compile"]) == 2
    err = capsys.readouterr().err
    assert err == f"zermelo: error: cannot compile any of the {len(modules)} extensions ahead of time: OSError: no cc\n"
