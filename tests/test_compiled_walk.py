"""The compiled value walk (analyses/compiled_walk.py, analyses/walk_kernel.py) against the
Python walk of analyses/canonical.py.

Random boards valued both ways give the same canonical form; a search that switches to the
compiled walk halfway, one stopped by its budget between slices and asked again, one whose
keys all collide in a table too small for them (so that only the byte comparison tells keys
apart: without it these answers go wrong) and one interrupted inside a slice's look at the
budget all give the Python walk's answer.  The kernels are compiled (``make kernels`` warms them).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partisan_check import grid_boards
from zermelo.analyses import canonical, compiled_walk
from zermelo.analyses.canonical import canonical_form
from zermelo.core.errors import SearchLimitExceeded
from zermelo.core.limits import Limits
from zermelo.games.amazons import Amazons
from zermelo.games.domineering import Domineering
from zermelo.games.konane import Konane
from zermelo.values import compiled_forms
from zermelo.values.compiled_forms import OutOfRange

RULES = {"konane": Konane, "amazons": Amazons, "domineering": Domineering}
#: Boards large enough for a few hundred regions, small enough for a test.
BOARDS = {"konane": "x.o.x.|o.xox.|.ox..o|xo.o.x", "amazons": "x..|.#o|.x.", "domineering": "....|....|....|...."}


@pytest.fixture(autouse=True)
def _forms_loaded() -> None:
    compiled_forms.warm()  # as in a warm process: ids, and so the compiled walk, from the first position
    compiled_walk.WALKS.clear()  # the walks are shared by every rules object: each test starts afresh


def python_value(name: str, board: str) -> Any:
    """The Python walk's value (the reference): rules without their compiled step."""
    rules = RULES[name]()
    rules.compiled_step = lambda: None  # type: ignore[method-assign]
    return canonical_form(rules, rules.parse(board))


def walked(rules: Any) -> int:
    """Regions the rules' compiled walk holds."""
    walk = compiled_walk.kept(rules)
    return len(walk) if walk else 0


def boards() -> st.SearchStrategy[tuple[str, str]]:
    """A game and a board of it up to 3 x 4 (Amazons' with more burnt squares: its Python
    reference is slow on open boards; x and o are covered cells in Domineering)."""
    return st.sampled_from(sorted(RULES)).flatmap(
        lambda name: st.tuples(st.just(name), grid_boards(3, 4, "xo.##" if name == "amazons" else "xo...#"))
    )


@settings(max_examples=25, deadline=None)
@given(boards())
def test_values_match_the_python_walk(case: tuple[str, str]) -> None:
    name, board = case
    compiled_walk.WALKS.clear()  # so that what the walk holds below is this board's
    rules = RULES[name]()
    position = rules.parse(board)
    assert canonical_form(rules, position) is python_value(name, board)
    if any(rules.region_bytes(rules.value_key(p)[0]) for p in rules.components(position)):
        assert walked(rules) > 0  # the compiled walk did value it


@pytest.mark.parametrize("name", sorted(RULES))
def test_rules_objects_of_the_same_rules_share_one_walk(name: str) -> None:
    """A walk's regions depend on the options step, its number and the forms alone: a second rules
    object finds the first one's state (a new ``Domineering()`` in a warm process), and its values
    are the Python walk's, the regions valued already not walked again."""
    first, second = RULES[name](), RULES[name]()
    board, part = BOARDS[name], BOARDS[name].rsplit("|", 1)[0]
    assert canonical_form(first, first.parse(board)) is python_value(name, board)
    walk = compiled_walk.kept(first)
    assert walk is not None and compiled_walk.kept(second) is walk
    held = len(walk)
    assert canonical_form(second, second.parse(board)) is python_value(name, board)
    # read from the shared state: nothing walked again but, the short way, the board as it stands
    # (its entry beside its least image's, its options all known)
    assert len(walk) <= held + 1
    assert canonical_form(second, second.parse(part)) is python_value(name, part)
    assert compiled_walk.kept(second) is walk
    others = [compiled_walk.kept(RULES[n]()) for n in RULES if n != name]
    assert all(w is not walk for w in others)  # other rules, other walks


def test_a_walk_in_use_by_another_thread_is_left_alone() -> None:
    """One thread at a time walks a state: a search that finds it busy values its region with a
    walk of its own (the same id), the kept state untouched."""
    from zermelo.games.chargrid_kernel import KONANE, region_options

    table = compiled_forms.forms()[0]
    key = bytes((4, 6)) + b"x.o.x.o.xox..ox..oxo.o.x"
    every = lambda positions, options: (100, 10_000)  # noqa: E731
    walk = compiled_walk.RegionWalk(region_options, KONANE, table)
    with walk._busy:
        busy = walk.value(key, every)
    assert len(walk) == 0
    assert walk.value(key, every) == busy and len(walk) > 0


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_search_switches_halfway(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python walk expands its first 20 positions, then starts again from the root, handing
    each region it meets to the compiled walk (a region valued in Python before is read from the
    memo, its value turned into an id)."""
    monkeypatch.setattr(canonical, "_switch_point", lambda: 20)
    rules = RULES[name]()
    assert canonical_form(rules, rules.parse(BOARDS[name])) is python_value(name, BOARDS[name])
    assert walked(rules) > 0


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_budget_stop_between_slices(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Slices of one position: the cap stops the walk exactly past it, as in Python; asked again
    (the values found kept, the pending ones forgotten), the same answer."""
    monkeypatch.setattr(compiled_walk, "SLICE_POSITIONS", 1)
    rules = RULES[name]()
    position = rules.parse(BOARDS[name])
    with pytest.raises(SearchLimitExceeded) as stop:
        canonical_form(rules, position, limits=Limits(max_positions=50))
    assert stop.value.positions == 51
    found = walked(rules)
    assert found > 0
    assert canonical_form(rules, position) is python_value(name, BOARDS[name])
    assert walked(rules) > found


@pytest.mark.parametrize("name", sorted(RULES))
def test_keys_are_compared_byte_for_byte(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every key hashed to 0 in a table of 4 slots: every look-up walks past keys of the same hash
    (and mostly the same length), and the table grows many times; only the bytes tell them apart."""
    monkeypatch.setattr(compiled_walk, "PLANT", True)
    monkeypatch.setattr(compiled_walk, "CAPACITY", 2)
    rules = RULES[name]()
    assert canonical_form(rules, rules.parse(BOARDS[name])) is python_value(name, BOARDS[name])
    walk = compiled_walk.kept(rules)
    assert walk.W[5][compiled_walk.wk.PLANT] == 1
    assert len(walk) > 100


def test_an_interrupt_inside_a_search_leaves_a_walk_that_answers() -> None:
    """A Ctrl-C (here raised at the third look at the budget) leaves the state whole: the next
    search of the same walk gives the answer a fresh walk gives."""
    from zermelo.games.chargrid_kernel import KONANE, region_options

    table = compiled_forms.forms()[0]
    key = bytes((4, 6)) + b"x.o.x.o.xox..ox..oxo.o.x"
    looks = [0]

    def interrupting(positions: int, options: int) -> tuple[int, int]:
        looks[0] += 1
        if looks[0] == 3:
            raise KeyboardInterrupt
        return 2, 1000

    walk = compiled_walk.RegionWalk(region_options, KONANE, table)
    with pytest.raises(KeyboardInterrupt):
        walk.value(key, interrupting)
    assert walk.W[5][compiled_walk.wk.DEPTH] == 0
    fresh = compiled_walk.RegionWalk(region_options, KONANE, table)
    every = lambda positions, options: (100, 10_000)  # noqa: E731
    assert walk.value(key, every) == fresh.value(key, every)


def test_a_number_too_large_falls_back_on_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The forms' overflow flag (a number past their int64 range) makes the walk refuse
    (``OutOfRange``, the flag cleared); the search then values the region in Python."""
    from zermelo.games.chargrid_kernel import KONANE, region_options

    table = compiled_forms.forms()[0]
    walk = compiled_walk.RegionWalk(region_options, KONANE, table)
    table.S[2][compiled_walk.wk._OVERFLOW] = 1
    with pytest.raises(OutOfRange):
        walk.value(bytes((1, 3)) + b"xo.", lambda positions, options: (100, 10_000))
    assert table.S[2][compiled_walk.wk._OVERFLOW] == 0

    def too_large(self: Any, key: bytes, between: Any) -> int:
        raise OutOfRange("planted")

    monkeypatch.setattr(compiled_walk.RegionWalk, "value", too_large)
    rules = Konane()
    assert canonical_form(rules, rules.parse(BOARDS["konane"])) is python_value("konane", BOARDS["konane"])


def test_a_timed_search_never_compiles_the_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a time budget the walk is used only when numba's cache holds it (compiling it takes
    tens of CPU seconds that nothing interrupts); otherwise the search runs as before."""
    monkeypatch.setattr(compiled_walk, "cached", lambda kernel: False)
    rules = Konane()
    position = rules.parse(BOARDS["konane"])
    assert canonical_form(rules, position, limits=Limits(max_seconds=600)) is python_value("konane", BOARDS["konane"])
    assert walked(rules) == 0
    assert canonical_form(rules, position) is python_value("konane", BOARDS["konane"])


def test_a_large_state_is_renewed_between_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Konane()
    canonical_form(rules, rules.parse(BOARDS["konane"]))
    first = compiled_walk.kept(rules)
    monkeypatch.setattr(compiled_walk, "MAX_ENTRIES", 10)
    canonical_form(rules, rules.parse("x.o.x.|o.xox."))
    assert compiled_walk.kept(rules) is not first


def test_a_timed_search_looks_at_the_clock_between_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a time budget the budget is looked at after every slice: a slice stops once it has
    listed SLICE_OPTIONS options (here 100), so a look comes within one wide position of that."""
    from zermelo.core.budget import Budget

    monkeypatch.setattr(compiled_walk, "SLICE_OPTIONS", 100)
    seen: list[tuple[int, int]] = []
    look = Budget.look

    def counted(self: Budget, doing: str | None = None, **counters: int) -> None:
        look(self, doing, **counters)
        seen.append((self.positions, self.options))

    monkeypatch.setattr(Budget, "look", counted)
    rules = Amazons()
    board = rules.parse(BOARDS["amazons"])
    assert canonical_form(rules, board, limits=Limits(max_seconds=3600)) is python_value("amazons", BOARDS["amazons"])
    steps = [b[1] - a[1] for a, b in itertools.pairwise(seen)]
    widest = max(len(list(rules.left_options(board))), len(list(rules.right_options(board))))
    assert len(seen) > 5 and max(steps) < 100 + 2 * widest  # at most one position past it


def test_the_walk_of_a_step_is_named_once_whichever_form_of_the_step_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rules object hands its step's stand-in before numba loads the step's module and numba's
    dispatcher after: both find the one walk (naming it hashes three sources, 0.2-0.6 ms a search)."""
    from zermelo.core import _jit
    from zermelo.games import chargrid_kernel

    made: list[Any] = []
    specialised = compiled_walk.specialised

    def counted(*args: Any) -> Any:
        made.append(args)
        return specialised(*args)

    monkeypatch.setattr(compiled_walk, "specialised", counted)
    monkeypatch.setattr(compiled_walk, "_DISPATCHERS", {})
    stand_in = _jit._STAND_INS[(chargrid_kernel.__name__, "region_options")]
    numba_form = _jit.dispatcher(stand_in)
    assert stand_in is not numba_form
    assert compiled_walk.dispatcher(stand_in) is compiled_walk.dispatcher(numba_form)
    assert len(made) == 1


def test_a_walk_calls_its_compiled_code_without_numbas_dispatch_once_known() -> None:
    """After its first search a walk calls the code numba compiled for its tables' types directly
    (``_jit.resolved``: no typing of two tuples of ten arrays at every call); the answers stay the
    Python walk's."""
    rules = Domineering()
    board = "...|..#|..."
    assert canonical_form(rules, rules.parse(board)) is python_value("domineering", board)
    walk = compiled_walk.kept(rules)
    if isinstance(walk.unresolved, compiled_walk.aot.Kernel):
        pytest.skip("the walk was built ahead of time here")
    assert walk.kernel is not walk.unresolved and not hasattr(walk.kernel, "overloads")
    second = Domineering()
    assert canonical_form(second, second.parse("....|....|....")) is python_value("domineering", "....|....|....")
    assert compiled_walk.kept(second).kernel is walk.kernel  # resolved once in the process


def _short_way_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(canonical, "_short", lambda *args: None)


@settings(max_examples=25, deadline=None)
@given(boards())
def test_the_short_way_gives_the_python_walks_values(case: tuple[str, str]) -> None:
    """A root asked with no limits where the rules' walk is kept is valued as it stands
    (``rules.root_bytes``), no key or search of the long way set up: the Python walk's value."""
    name, board = case
    rules = RULES[name]()
    compiled_walk.warm(rules, BOARDS[name].split("|", 1)[0])  # the walk kept, as in a warm process
    position = rules.parse(board)
    assert canonical_form(RULES[name](), position) is python_value(name, board)
    kb = rules.root_bytes(position)
    walk = compiled_walk.kept(rules)
    assert walk is not None and (kb is None or kb in walk.roots)  # one region: it did go the short way


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_root_asked_again_makes_no_kernel_call(name: str) -> None:
    """The short way keeps each root's Game with the walk: asked again, by any rules object of
    the same rules, it is read without a kernel call (a board the short way takes: one region)."""
    board = {"amazons": "x..|o.x"}.get(name, BOARDS[name])
    first = RULES[name]()
    value = canonical_form(first, first.parse(board))  # no walk kept yet: the long way sets it up
    walk = compiled_walk.kept(first)
    assert walk is not None
    calls: list[int] = []
    kernel = walk.kernel

    def counted(*args: Any) -> Any:
        calls.append(args[3])
        return kernel(*args)

    walk.kernel = counted
    second = RULES[name]()
    assert canonical_form(second, second.parse(board)) is value
    assert calls[:1] == [4]  # the root's look-up and its walk in one call (ROOT_WALK)
    made = len(calls)
    third = RULES[name]()
    assert canonical_form(third, third.parse(board)) is value
    assert len(calls) == made
    assert value is python_value(name, board)


def test_limits_and_a_deadline_take_the_long_way() -> None:
    """Limits, or a deadline in the context, still stop a big root when its rules' walk is kept
    (the short way is for roots asked with no limits and no deadline)."""
    from zermelo.core.limits import deadline_scope

    board = "....|....|....|...."
    compiled_walk.warm(Domineering(), "...|...")
    d = Domineering()
    with pytest.raises(SearchLimitExceeded, match="more than 5 positions"):
        canonical_form(d, d.parse(board), limits=Limits(max_positions=5))
    with deadline_scope(0.0), pytest.raises(SearchLimitExceeded, match="time budget"):  # passed long ago
        canonical_form(d, d.parse(board))
    assert canonical_form(Domineering(), d.parse(board)) is python_value("domineering", board)


def test_the_short_way_keeps_the_default_position_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A root asked with no limits is still held to the default limits' count of positions (10**7):
    the short way stops past it with the long way's one-line error, between two slices of its walk
    (here the default made 5 positions, slices of 64, so a 5 x 5 board stops after its first)."""
    monkeypatch.setattr(canonical, "_NO_LIMITS", Limits(max_positions=5))
    monkeypatch.setattr(compiled_walk, "SLICE_POSITIONS", 64)
    compiled_walk.warm(Domineering(), "...|...")
    d = Domineering()
    walks: list[Any] = []
    root_value = compiled_walk.root_value

    def counted(at: Any, key: bytes, cap: int | None) -> Any:
        walks.append(cap)
        return root_value(at, key, cap)

    monkeypatch.setattr(compiled_walk, "root_value", counted)
    with pytest.raises(SearchLimitExceeded, match="more than 5 positions"):
        canonical_form(d, d.parse("|".join(["....."] * 5)))
    assert walks == [5]  # the short way stopped it, not the long way after it
    assert canonical_form(Domineering(), d.parse("..|..")) is python_value("domineering", "..|..")  # walk reset


BAD = {
    "domineering": [(2, 2, 10**5000), (2, 2, 1 << 4), (2, 2, -1), (2, 2, "15"), [2, 2, 15], (2, 2), (0, 2, 1)],
    "konane": [(2, 2, "xoz."), (2, 2, "xo."), (2, 2, 10**5000), (2, 2, ("x", "o", ".", ".")), (2, -2, "xo..")],
}


@pytest.mark.parametrize(("name", "position"), [(n, p) for n, ps in BAD.items() for p in ps])
def test_bad_input_gets_the_long_ways_error_when_a_walk_is_kept(
    name: str, position: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled_walk.warm(RULES[name](), BOARDS[name].split("|", 1)[0])

    def error() -> str:
        with pytest.raises(ValueError) as got:
            canonical_form(RULES[name](), position)
        return f"{type(got.value).__name__}: {got.value}"

    short = error()
    _short_way_off(monkeypatch)
    assert short == error()
    assert "\n" not in short


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_short_way_grows_its_state_and_forms(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A root walked the short way in a state of 2 entries, every key hashed to 0, and a new
    forms' table: the one call's walk asks for room again and again, and answers right."""
    monkeypatch.setattr(compiled_walk, "PLANT", True)
    monkeypatch.setattr(compiled_walk, "CAPACITY", 2)
    table = compiled_forms.Forms(8)  # a table of 8 rows, grown by the walk's calls (3/4 full, or FULL)
    monkeypatch.setattr(compiled_forms, "_FORMS", [table])
    compiled_walk.warm(RULES[name](), {"konane": "xo.", "amazons": "x.o", "domineering": ".."}[name])
    board = {"amazons": "x..|o.x"}.get(name, BOARDS[name])
    rules = RULES[name]()
    assert canonical_form(rules, rules.parse(board)) is python_value(name, board)
    walk = compiled_walk.kept(rules)
    assert walk is not None and rules.root_bytes(rules.parse(board)) in walk.roots  # the short way
    assert len(walk) > 50 and walk.W[5][compiled_walk.wk.PLANT] == 1
    assert walk.forms is table and len(table.S[0]) > 8


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_process_without_numba_takes_the_loaded_kernels_from_the_root(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process where numba is not loaded keeps a small search in Python (numpy's import and the
    extensions' loads would cost it more than they save) unless the compiled forms' table is made
    and the rules' walk built ahead of time is loaded already: then the search takes them from its
    root (an earlier large search's switch paid for them), with the Python walk's value."""
    rules = RULES[name]()
    monkeypatch.setattr(canonical, "is_loaded", lambda: False)
    monkeypatch.setattr(compiled_walk, "loaded", lambda step: False)
    assert canonical._IdValues.start(rules, {}, 0, 0, False) is None
    monkeypatch.setattr(compiled_walk, "loaded", lambda step: True)
    assert canonical._IdValues.start(rules, {}, 0, 0, False) is not None
    monkeypatch.setattr(compiled_forms, "_FORMS", [])  # no table made: Python again
    assert canonical._IdValues.start(rules, {}, 0, 0, False) is None
    monkeypatch.undo()

    monkeypatch.setattr(canonical, "is_loaded", lambda: False)
    monkeypatch.setattr(compiled_walk, "loaded", lambda step: True)
    board = BOARDS[name]
    got = canonical_form(rules, rules.parse(board), limits=Limits())  # limits: the long way, not the short one
    assert got is python_value(name, board)
    assert walked(rules) > 0  # valued by the compiled walk from its root


def test_loaded_says_whether_a_walk_built_ahead_was_found() -> None:
    step = Konane().compiled_step()[0]
    fn = getattr(step, "py_func", step)
    saved = compiled_walk._AHEAD.pop(fn, None)
    try:
        assert not compiled_walk.loaded(step)
        compiled_walk._AHEAD[fn] = (None, None)  # looked for, not built
        assert not compiled_walk.loaded(step)
        compiled_walk._AHEAD[fn] = (object(), object())
        assert compiled_walk.loaded(step)
    finally:
        compiled_walk._AHEAD.pop(fn, None)
        if saved is not None:
            compiled_walk._AHEAD[fn] = saved


def test_load_readies_a_walk_built_ahead_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """compiled_walk.load: with the walk built ahead of time (here numba's code standing in for
    the extension), the rules' walk is kept with an empty state and their roots take the short
    way; without it, nothing is kept and it says so."""
    rules = Konane()
    monkeypatch.setattr(compiled_walk, "_ahead", lambda step: None)
    assert not compiled_walk.load(rules) and compiled_walk.kept(rules) is None
    monkeypatch.setattr(compiled_walk, "_ahead", compiled_walk.dispatcher)
    assert compiled_walk.load(rules)
    assert compiled_walk.kept(rules) is not None and walked(rules) == 0  # no search made
    assert Konane in compiled_walk.ROOTS
    board = BOARDS["konane"]
    assert canonical_form(rules, rules.parse(board)) is python_value("konane", board)
    assert walked(rules) > 0
