"""The class of bad-input defects closed: generated inputs never reach a last-resort handler.

Hypothesis draws command lines over every registered game (its spec, parameters and position
grammar, mutated, repeated, nested, huge), every subcommand and every flag the parser declares,
and web API queries over every endpoint and parameter.  Each runs in-process.  Whatever the
input, the answer is an answer (status 0), or one line naming the cause (status 2) — never
``internal error``, a traceback, a ``RecursionError``, a 500, a hang, or a message whose cause
cannot be the input (more than 4,300 digits where the input has none).  The CLI's last-resort
handler records what it catches (:data:`zermelo.cli.LAST_RESORT`): it must catch nothing.

The number of examples per test is ``ZERMELO_FUZZ_EXAMPLES`` (default 60: about two minutes in
``make test``); ``make fuzz`` runs many more.

Every case runs under an address-space cap (:data:`MEMORY_MIB`, inherited by the real processes
the tests start): a case that grows without bound meets a ``MemoryError`` and fails with its
example printed, instead of growing until the kernel kills the worker and the example with it (a
``play`` case of ``make fuzz`` was killed so at 23 GB resident, its input lost).  With
``ZERMELO_FUZZ_LAST`` set to a folder (``make fuzz`` sets it), each worker writes the case it is
about to run there first, so a worker that dies anyway (a signal, a crash in compiled code) leaves
its input behind.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import resource
import shlex
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zermelo import cli
from zermelo.cli import build_parser, main
from zermelo.core.limits import Limits
from zermelo.games.registry import GameEntry, entries

EXAMPLES = int(os.environ.get("ZERMELO_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
#: A case that runs longer than this is a hang (every search below is capped at 1 s).
HANG_SECONDS = 20
#: Budget flags put first on every searching command (a drawn flag later may override them
#: only with values the flag strategies allow: at most these).
LIMITS = ["--budget", "20000", "--timeout", "1"]
SEARCHING = {"solve", "value", "negamax", "table", "play"}
#: Not fuzzed: `serve` starts a server and never returns.
COMMANDS = ("games", "solve", "value", "sequence", "negamax", "table", "conjecture", "play")

ENTRIES = entries()

#: The address space (MiB) of the process running the cases.  A worker's own peak is under 1 GiB
#: (numba's compiled kernels, the web's warm-up, hypothesis); every case is capped at 20,000
#: positions and 1 s, and the memory tests' real processes at 3 GiB.
MEMORY_MIB = int(os.environ.get("ZERMELO_FUZZ_MEMORY_MIB", "6144"))


@pytest.fixture(scope="module", autouse=True)
def memory_cap() -> Iterator[None]:
    """This module's cases (and the processes they start) under :data:`MEMORY_MIB` of address
    space: the soft limit only, put back afterwards (the worker runs other modules too)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = MEMORY_MIB * 2**20
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def note_case(case: str) -> None:
    """Write the case about to run to ``$ZERMELO_FUZZ_LAST/<worker>.txt`` (when set): what a
    worker killed from outside was running."""
    folder = os.environ.get("ZERMELO_FUZZ_LAST")
    if folder:
        name = os.environ.get("PYTEST_XDIST_WORKER", "main")
        Path(folder, f"{name}.txt").write_text(case[:20_000] + "\n", errors="backslashreplace")


# ----------------------------------------------------------------------------- the watchdog
class Hang(BaseException):
    """A case ran for :data:`HANG_SECONDS` (a BaseException: no handler of the CLI eats it)."""


@pytest.fixture(scope="module")
def kernels_made() -> None:
    """The compiled kernels the cases reach, made before any watchdog is armed: on a fresh
    checkout numba compiles each at its first call, and on a loaded machine one compile took
    more than :data:`HANG_SECONDS` (`value digraph 'a->b, b->a, b->c' a` was called a hang, then
    answered at once when tried again).  The web workers' warm-up reaches the engine's kernels
    (retrograde, loopy, dense, Grundy) and Connect Four's; the sequence kernels are run here."""
    import zermelo.web.warm  # noqa: F401  (importing it runs the warm-up)
    from zermelo.games.registry import make_game
    from zermelo.heaps import sequence

    for spec in ("octal:0.16", "hex:0.9", "octal:4.007", "octal:0.1337", "subtraction:1,3,4", "allbut:1,2", "kayles"):
        sequence(make_game(spec), 300)


@pytest.fixture
def watchdog(kernels_made: None) -> Iterator[None]:
    """SIGUSR1 from a timer thread ends a hung case (SIGALRM is the value budget's own timer)."""

    def hang(signum: int, frame: Any) -> None:
        raise Hang

    old = signal.signal(signal.SIGUSR1, hang)
    try:
        yield
    finally:
        signal.signal(signal.SIGUSR1, old)


def _guarded(run: Any) -> Any:
    main_thread = threading.main_thread().ident
    assert main_thread is not None
    timer = threading.Timer(HANG_SECONDS, signal.pthread_kill, (main_thread, signal.SIGUSR1))
    timer.start()
    try:
        return run()
    finally:
        timer.cancel()


# ----------------------------------------------------------------------------- strategies
def _example(e: GameEntry) -> tuple[str, list[str]]:
    words = shlex.split(e.example)
    if words[0] == "zermelo":
        words = words[2:]
    return words[0], words[1:]


def huge_number() -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(-(10**30), 10**30).map(str),
        st.integers(1, 6000).map(lambda k: "9" * k),
        st.sampled_from(["0", "-1", "1e9", "0x10", "1_000", "٣", "nan", "inf", "-0", "+3", " 4 "]),
    )


def garbage() -> st.SearchStrategy[str]:
    pieces = st.sampled_from(list("0123456789-.x|/,:()[]{}<>+*^v↑↓±gBRGTFXOWLxo# \t\né３💥\x00"))
    return st.one_of(st.lists(pieces, max_size=20).map("".join), st.text(max_size=12))


def mutated(text: str) -> st.SearchStrategy[str]:
    """``text`` with a few characters replaced, inserted or deleted."""
    alphabet = sorted(set(text) | set("0129-.|,()x \x00é"))

    def apply(edits: list[tuple[int, int, str]]) -> str:
        out = list(text)
        for kind, where, ch in edits:
            i = where % (len(out) + 1)
            if kind == 0 and out:
                out[min(i, len(out) - 1)] = ch
            elif kind == 1:
                out.insert(i, ch)
            elif out:
                del out[min(i, len(out) - 1)]
        return "".join(out)

    edit = st.tuples(st.integers(0, 2), st.integers(0, 10**6), st.sampled_from(alphabet))
    return st.lists(edit, min_size=1, max_size=4).map(apply)


def scaled(text: str) -> st.SearchStrategy[str]:
    """The text repeated, a character of it repeated, or nested: user-sized structures."""
    chars = sorted(set(text) - {" "}) or ["1"]
    return st.one_of(
        st.tuples(st.sampled_from(chars), st.integers(1, 2500)).map(lambda t: t[0] * t[1]),
        st.integers(1, 400).map(lambda n: " ".join([text] * n)),
        st.tuples(st.sampled_from(chars), st.integers(1, 1500)).map(lambda t: f"{t[0]}(" * t[1] + t[0] + ")" * t[1]),
    )


def position_text(e: GameEntry) -> st.SearchStrategy[list[str]]:
    _, words = _example(e)
    graph, pos = (words[:1], words[1:]) if e.graph_argument else ([], words)
    text = " ".join(pos) or "1"
    body = st.one_of(
        st.just(pos),
        mutated(text).map(lambda t: [t]),
        mutated(text).map(lambda t: [t]),
        scaled(text).map(lambda t: [t]),
        st.lists(st.one_of(garbage(), huge_number()), max_size=4),
    )
    return body.map(lambda b: [*graph, *b])


def spec_of(e: GameEntry) -> st.SearchStrategy[str]:
    spec, _ = _example(e)
    params = spec.partition(":")[2]
    if not e.params:  # a game without parameters: a few tries are enough to see them refused
        return st.one_of(*[st.just(spec)] * 9, garbage().map(lambda p: f"{e.name}:{p}"))
    return st.one_of(
        *[st.just(spec)] * 6,
        (mutated(params) if params else garbage()).map(lambda p: f"{e.name}:{p}"),
        huge_number().map(lambda p: f"{e.name}:{p}"),
    )


#: The kinds of game each command answers (others are refused at once: drawn less often).
KINDS = {
    "solve": ("impartial",),
    "value": ("impartial", "partisan"),
    "negamax": ("scored",),
    "play": ("impartial", "partisan", "scored"),
    "table": ("impartial",),
    "sequence": ("impartial",),
    "conjecture": ("impartial",),
    "games": (),
}


def game_and_words(command: str = "play") -> st.SearchStrategy[tuple[str, list[str]]]:
    def one(e: GameEntry) -> st.SearchStrategy[tuple[str, list[str]]]:
        return st.tuples(spec_of(e), position_text(e))

    fitting = [e for e in ENTRIES if e.kind in KINDS[command]] or ENTRIES
    single = st.one_of(st.sampled_from(fitting), st.sampled_from(fitting), st.sampled_from(ENTRIES)).flatmap(one)
    # Sums: GAME POSITION + GAME POSITION (the CLI's "+" between games).
    pair = st.tuples(single, single).map(lambda t: (t[0][0], [*t[0][1], "+", t[1][0], *t[1][1]]))
    return st.one_of(single, single, single, pair)


def _actions(command: str) -> list[argparse.Action]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [a for a in sub.choices[command]._actions if a.option_strings and not isinstance(a, argparse._HelpAction)]


def _mostly(good: list[str], bad: list[str]) -> st.SearchStrategy[str]:
    """A good value seven times in eight, else a bad one."""
    return st.one_of(*[st.sampled_from(good)] * 7, st.sampled_from(bad))


def flag_value(action: argparse.Action) -> st.SearchStrategy[list[str]]:
    """Values for one flag: mostly valid (so the run goes on to the game), sometimes not; bounded
    where a value is a budget (a drawn flag comes after ours)."""
    name = action.option_strings[-1]
    if action.nargs == 0:
        return st.just([name])
    if name == "--timeout":
        values: st.SearchStrategy[str] = _mostly(["0.001", "0.3", "1"], ["0", "-1", "nan", "inf", "abc", ""])
    elif name in ("--budget", "--depth"):
        values = _mostly(["1", "2", "100", "5000", "20000"], ["0", "-5", "abc", "", "1e3"])
    elif name in ("--upto", "--max"):
        values = st.one_of(st.integers(-3, 3000).map(str), st.sampled_from(["abc", "", str(10**20), "9" * 5000]))
    elif name == "--checkpoint-every":
        values = _mostly(["0", "0.01", "10"], ["-1", "nan", "inf", "x"])
    elif name in ("--out", "--image", "--thermograph", "--plot", "--checkpoint"):
        good = ["f.png", "f.json", "f.npy", "f.npz", "f.txt", "out"]
        values = _mostly(good, ["", " ", "nodir/x.png", "\x00.png", "f/", ".", "f.PNG"])
    elif name == "--size":
        return st.lists(st.one_of(st.integers(-2, 40).map(str), huge_number()), min_size=0, max_size=3).map(
            lambda v: [name, *v]
        )
    elif name == "--seed":
        values = st.one_of(st.integers(-5, 10**6).map(str), huge_number())
    elif name == "--skill":
        values = _mostly(["0", "0.5", "1"], ["2", "-1", "nan", "x"])
    elif action.choices is not None:
        values = st.one_of(st.sampled_from(sorted(map(str, action.choices))), garbage())
    elif name == "--expr":
        values = expressions()
    else:
        values = st.one_of(huge_number(), garbage())
    return values.map(lambda v: [name, v])


def flags_for(command: str) -> st.SearchStrategy[list[str]]:
    skip = ("--port", "--host", "--workers", "--expr")
    actions = [a for a in _actions(command) if a.option_strings[-1] not in skip]
    return st.lists(st.sampled_from(actions).flatmap(flag_value), max_size=2).map(lambda v: [w for f in v for w in f])


def expressions() -> st.SearchStrategy[str]:
    atoms = st.sampled_from(["0", "1", "-1", "1/2", "*", "*2", "*600", "^", "v", "^*", "±1", "{1|0}", "↑", "3/7"])
    return st.one_of(
        st.recursive(
            atoms,
            lambda inner: st.one_of(
                st.tuples(inner, inner).map(lambda t: f"{t[0]} + {t[1]}"),
                st.tuples(inner, inner).map(lambda t: f"{{{t[0]} | {t[1]}}}"),
                inner.map(lambda t: f"-({t})"),
            ),
            max_leaves=6,
        ),
        st.integers(1, 3000).map(lambda n: "{" * n + "0|" + "}" * n),
        st.integers(1, 3000).map(lambda n: "(" * n + "1" + ")" * n),
        garbage(),
    )


# ----------------------------------------------------------------------------- the contract
_DIGITS = re.compile(r"\d{4301,}")


def check_cli(argv: list[str], status: int, err: str, out: str = "") -> None:
    shown = f"zermelo {shlex.join(argv)[:300]} -> {status}: {err[:300]!r}"
    assert not cli.LAST_RESORT, f"{shown}: the last-resort handler caught {cli.LAST_RESORT}"
    assert status in ((0, 1, 2) if argv[0] == "conjecture" else (0, 2)), shown
    assert "Traceback" not in err and "internal error" not in err and "RecursionError" not in err, shown
    if status == 2 and "--cgsuite" in argv and not err:
        # CGSuite's worksheet: an expression's error is its own output line, `!! message`
        assert any(line.startswith("!! ") for line in out.splitlines()), f"{shown} {out[:300]!r}"
    elif status == 2:
        assert err.startswith("zermelo: error: ") and err.count("\n") == 1, shown
    # A message's cause must be in the input.
    if "too many digits" in err:
        assert any(_DIGITS.search(w) for w in argv), shown
    if "too deep" in err:
        assert any(len(w) >= 100 for w in argv), shown


def run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    note_case(f"zermelo {shlex.join(argv)}  (stdin {stdin!r})")
    cli.LAST_RESORT.clear()
    try:
        status = _guarded(lambda: main(argv))
    except Hang:
        pytest.fail(f"hang: zermelo {shlex.join(argv)[:300]}")
    out, err = capsys.readouterr()
    check_cli(argv, status, err, out)
    return status


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # files the flags name are written here
    return tmp_path


@pytest.mark.usefixtures("watchdog", "sandbox")
@pytest.mark.parametrize("command", COMMANDS)
@FUZZ
@given(data=st.data())
def test_cli_inputs_never_reach_the_last_resort(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str, data: st.DataObject
) -> None:
    spec, words = data.draw(game_and_words(command), label="game and position")
    flags = data.draw(flags_for(command), label="flags")
    head = LIMITS if command in SEARCHING else ["--budget", "20000"] if command == "conjecture" else []
    if command == "sequence":  # a game with no compiled kernel is searched: 128 heaps of Spawning take hours
        head = ["--timeout", "1"]
    if command == "games":
        argv = [command, *flags]
    elif command == "sequence":
        upto = data.draw(st.integers(-1, 2000).map(str), label="upto")
        argv = [command, spec, "--upto", upto, *head, "--quiet", *flags]
    elif command == "conjecture":
        predicate = data.draw(st.one_of(st.just([]), garbage().map(lambda p: [p])), label="predicate")
        argv = [command, spec, *predicate, "--upto", "5", *head, *flags]
    elif command == "table":
        argv = [command, spec, *head, "--quiet", *flags]
    elif command == "value" and data.draw(st.booleans(), label="an expression"):
        argv = [command, "--expr", data.draw(expressions(), label="expression"), *head, "--quiet", *flags]
    else:
        argv = [command, spec, *words, *head, "--quiet", *flags]
    stdin = data.draw(st.lists(st.one_of(garbage(), st.sampled_from(["undo", "hint", "1", "0 1"])), max_size=5))
    run_cli(capsys, monkeypatch, argv, "\n".join(stdin) + "\n")


# ----------------------------------------------------------------------------- web API
def _web_params() -> st.SearchStrategy[dict[str, str]]:
    def one(e: GameEntry) -> st.SearchStrategy[dict[str, str]]:
        extras = st.dictionaries(
            st.sampled_from(["turn", "misere", "grundy", "skill", "seed", "rows", "cols", "format", "x"]),
            st.one_of(
                st.sampled_from(["left", "right", "up", "1", "0", "true", "png", "json", "svg", "0.5", "nan"]),
                huge_number(),
                garbage(),
            ),
            max_size=4,
        )
        base = st.tuples(spec_of(e), position_text(e)).map(
            lambda t: {"game": t[0], "position": " ".join(t[1][1:] if e.graph_argument else t[1])}
        )
        return st.tuples(base, extras).map(lambda t: {**t[0], **t[1]})

    return st.sampled_from(ENTRIES).flatmap(one)


@pytest.mark.usefixtures("watchdog")
@FUZZ
@given(data=st.data())
def test_web_queries_answer_json_below_500(monkeypatch: pytest.MonkeyPatch, data: st.DataObject) -> None:
    from zermelo.web import api

    monkeypatch.setattr(api, "LIMITS", Limits(20_000, 1.0))
    endpoint = data.draw(st.sampled_from(sorted(api.HANDLERS)), label="endpoint")
    params = data.draw(_web_params(), label="params")
    note_case(f"/api/{endpoint} {params!r}")
    try:
        reply = _guarded(lambda: api.handle(endpoint, params))  # an unexpected exception fails here
    except Hang:
        pytest.fail(f"hang: /api/{endpoint} {params!r:.300}")
    shown = f"/api/{endpoint} {params!r:.300} -> {reply.status} {reply.body[:200]!r}"
    assert reply.status < 500, shown
    if reply.status >= 400:
        assert reply.media_type == "application/json" and b'"error"' in reply.body, shown
        assert b"internal error" not in reply.body and b"RecursionError" not in reply.body, shown


# ----------------------------------------------------------------------------- signals
#: Real processes interrupted (about 4 s each): a few in `make test`, 20 in `make fuzz`.
SIGNAL_RUNS = max(4, min(20, EXAMPLES // 100))


def test_a_real_process_interrupted_at_random_moments_exits_130_with_one_line() -> None:
    rng = random.Random(4)  # seeded: the same moments every run
    argv = ["solve", "square", "30000000", "--budget", "100000000"]
    code = f"import sys; from zermelo.cli import main; sys.exit(main({argv!r}))"
    env = {**os.environ, "ZERMELO_DEBUG": "1"}  # a bug would print its traceback
    for _ in range(SIGNAL_RUNS):
        p = subprocess.Popen(
            [sys.executable, "-c", code],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        assert p.stderr is not None
        first = p.stderr.readline()  # the first progress line: the search is under way
        assert first.startswith("zermelo: searching"), first
        try:
            p.wait(rng.uniform(0, 0.8))
        except subprocess.TimeoutExpired:
            p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=120)
        *progress, last = err.splitlines() or [""]
        assert (p.returncode, last) == (130, "zermelo: interrupted"), err[-2000:]
        assert all(line.startswith("zermelo: searching") for line in progress), err[-2000:]


# ----------------------------------------------------------------------------- predicates
def predicates() -> st.SearchStrategy[str]:
    """Expressions of the predicate language and just past it: shifts by negative numbers, tuples
    compared with numbers and with nested tuples, calls on the wrong kinds of value."""
    atoms = st.one_of(
        st.sampled_from(["n", "a", "b", "heaps", "0", "1", "-1", "2", "True", "()", "(n,)", "((n,),)", "{1, (2,)}"]),
        st.integers(-(10**30), 10**30).map(str),
    )
    ops = ["+", "-", "*", "/", "//", "%", "**", "^", "&", "|", "<<", ">>", "<", "<=", ">", ">=", "==", "!=", "in"]
    funcs = ["abs", "min", "max", "len", "sum", "nim_sum", "floor", "isqrt"]
    return st.recursive(
        atoms,
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(ops), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(st.sampled_from(funcs), st.lists(inner, max_size=3)).map(lambda t: f"{t[0]}({', '.join(t[1])})"),
            st.lists(inner, max_size=3).map(lambda v: f"({', '.join(v)},)"),
            st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
            st.tuples(st.sampled_from(["-", "~", "not ", "+"]), inner).map("".join),
            st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        ),
        max_leaves=8,
    )


@FUZZ
@given(text=predicates(), position=st.one_of(st.integers(0, 10**6), st.tuples(st.integers(0, 99), st.integers(0, 99))))
def test_predicates_answer_or_refuse_in_one_line(text: str, position: object) -> None:
    from zermelo.core.errors import ZermeloError
    from zermelo.rules.predicates import predicate

    note_case(f"predicate {text!r} at {position!r}")
    try:
        answer = predicate(text)(position)
    except ZermeloError as exc:  # InvalidPredicate, or Unsupported
        assert isinstance(exc, ValueError) and "\n" not in str(exc), (text, position, exc)
    else:
        assert type(answer) is bool, (text, position)


# ----------------------------------------------------------------------------- the Python API
#: The public functions taking (game, position): wrong kinds of argument get a ValueError subclass.
API_CALLS = (
    "solve",
    "outcome",
    "grundy",
    "remoteness",
    "winning_moves",
    "partisan_outcome",
    "negamax",
    "move_values",
    "genus",
    "canonical_form",
    "misere_quotient",
)
#: The keyword arguments each call is given besides (game, position): a budget, or none.
API_KEYWORDS: dict[str, dict[str, Any]] = {"misere_quotient": {"seconds": 1.0, "cache": False}}


def wrong_values() -> st.SearchStrategy[Any]:
    from zermelo import games

    return st.one_of(
        st.sampled_from([None, 3, -1, 1.5, "nim", "3 4 5", "", [], (), {}, b"3", object(), 10**5000, (10**5000, 1)]),
        st.sampled_from([games.Nim(), games.Kayles(), games.Wythoff()]),
        st.integers(-5, 50),
        st.tuples(st.integers(-2, 9), st.integers(-2, 9)),
        garbage(),
    )


@pytest.mark.usefixtures("watchdog")
@FUZZ
@given(call=st.sampled_from(API_CALLS), game=wrong_values(), position=wrong_values())
def test_public_functions_refuse_wrong_arguments_with_a_value_error(call: str, game: Any, position: Any) -> None:
    import zermelo as z

    fn = getattr(z, call)
    kw = API_KEYWORDS.get(call, {"limits": Limits(20_000, 1.0)})
    try:
        _guarded(lambda: fn(game, position, **kw))
    except z.ZermeloError as exc:
        assert isinstance(exc, ValueError) and "\n" not in str(exc), (call, exc)


@FUZZ
@given(values=wrong_values())
def test_mex_and_nim_sum_take_only_whole_numbers(values: Any) -> None:
    import zermelo as z

    for fn, args in ((z.mex, (values,)), (z.nim_sum, values if isinstance(values, tuple) else (values,))):
        try:
            answer = fn(*args)
        except z.InvalidArgument:
            continue
        assert type(answer) is int and answer >= 0, (fn, values)


@FUZZ
@given(spec=wrong_values())
def test_make_game_and_parse_value_refuse_what_is_not_text(spec: Any) -> None:
    import zermelo as z

    for fn in (z.make_game, z.parse_value):
        try:
            fn(spec)
        except z.ZermeloError as exc:
            assert isinstance(exc, ValueError), (fn, spec)


@FUZZ
@given(
    fields=st.fixed_dictionaries(
        {},
        optional={
            "max_positions": wrong_values(),
            "max_seconds": st.one_of(wrong_values(), st.sampled_from([float("nan"), float("inf"), -0.5, 2.5])),
            "progress": wrong_values(),
            "max_options": wrong_values(),
        },
    )
)
def test_limits_refuse_what_is_not_a_budget(fields: dict[str, Any]) -> None:
    """``Limits('x')`` was taken silently and failed deep inside the next search."""
    import zermelo as z

    try:
        lim = Limits(**fields)
    except z.InvalidArgument as exc:
        assert "\n" not in str(exc)
        return
    for name in ("max_positions", "max_options"):
        v = getattr(lim, name)
        assert v is None or (type(v) is int and v >= 0), (name, v)
    assert lim.max_seconds is None or (lim.max_seconds >= 0 and lim.max_seconds == lim.max_seconds)
    assert lim.progress is None or callable(lim.progress)


# ----------------------------------------------------------------------------- numbers past every bound (item 6)
def past_bounds() -> st.SearchStrategy[str]:
    """Numbers no census flag takes: negative, past its range, past 2^63, past 4,300 digits."""
    return st.one_of(
        st.integers(-(10**30), -1).map(str),
        st.sampled_from([str(2**63), str(2**63 + 1), str(10**10), "1e9", "9" * 5000, "0x10", "", "nan"]),
        st.integers(10**10, 10**40).map(str),
    )


@pytest.mark.usefixtures("watchdog", "sandbox")
@FUZZ
@given(data=st.data())
def test_census_numbers_past_every_bound_are_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, data: st.DataObject
) -> None:
    """`census octal --digits 9223372036854775808` grew to 2.5 GB; `--upto 2**63` was an
    OverflowError: each flag past its range is one line, exit 2, and no cluster starts."""
    import importlib

    census_run = importlib.import_module("zermelo.heaps.census.run")

    def no_cluster(*args: Any, **kw: Any) -> Any:
        raise AssertionError("a cluster was started")

    monkeypatch.setattr(census_run, "dask_cluster", no_cluster)
    family = data.draw(st.sampled_from(["octal", "hex", "subtraction", "allbut", "report"]), label="family")
    sizes = {"octal": "--digits", "hex": "--digits", "subtraction": "--max", "allbut": "--max"}
    flags = {
        "octal": ["--digits", "1"],
        "hex": ["--digits", "1"],
        "subtraction": ["--max", "2"],
        "allbut": ["--max", "2"],
    }
    argv = ["census", family, *flags.get(family, []), "--upto", "10", "--db", "c.sqlite", "--quiet"]
    bad_flag = data.draw(
        st.sampled_from(
            ["--upto"]
            + ([sizes[family], "--workers", "--proof-max"] if family in sizes else ["--period-over"])
            + (["--size"] if family in ("subtraction", "allbut") else [])
        ),
        label="flag",
    )
    argv += [bad_flag, data.draw(past_bounds(), label="value")]
    assert run_cli(capsys, monkeypatch, argv, "") == 2, argv


# ----------------------------------------------------------------------------- memory before the limit (item 7)
#: Real processes at the documented limits, under an address-space cap (make fuzz only: each is
#: seconds of a real process).
MEMORY_RUNS = EXAMPLES // 200


def limit_commands() -> st.SearchStrategy[list[str]]:
    near = st.integers(900, 1000).map(str)
    return st.one_of(
        st.tuples(st.sampled_from(["wythoff", "chomp"]), near, near).map(
            lambda t: ["table", t[0], "--size", t[1], t[2]]
        ),
        st.integers(5_001, 300_000).map(lambda n: ["play", "nim", *["1"] * n]),
        st.tuples(st.sampled_from(["octal:0.16", "octal:0.07", "subtraction:1,2,3"]), st.integers(10**8, 10**9)).map(
            lambda t: ["sequence", t[0], "--upto", str(t[1]), "--timeout", "3"]
        ),
        st.sampled_from(
            [
                ["census", "compare", "/dev/zero"],
                ["census", "compare", "/dev/null"],
                ["census", "compare", "/proc/self/mem"],
            ]
        ),
    )


@pytest.mark.skipif(MEMORY_RUNS < 1, reason="make fuzz only (ZERMELO_FUZZ_EXAMPLES >= 200)")
@settings(max_examples=max(MEMORY_RUNS, 1), deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(argv=limit_commands())
def test_at_the_documented_limits_memory_holds(tmp_path_factory: pytest.TempPathFactory, argv: list[str]) -> None:
    """Each answers, or refuses in one line, within 3 GiB of address space: never MemoryError."""
    from measured import run_capped

    folder = tmp_path_factory.mktemp("limits")
    if argv[:2] == ["census", "compare"]:
        assert (
            main(["census", "octal", "--digits", "1", "--upto", "20", "--db", str(folder / "c.sqlite"), "--quiet"]) == 0
        )
        argv = [*argv, "--db", str(folder / "c.sqlite")]
    note_case(f"capped at 3 GiB: zermelo {shlex.join(argv)}")
    got = run_capped(
        [*argv, "--quiet"] if argv[0] != "play" else argv, 3072, stdin="quit\n", cwd=str(folder), cpu_seconds=300
    )
    shown = f"zermelo {shlex.join(argv)[:200]} -> {got.status}: {got.err[-300:]!r} ({got.peak_mib:.0f} MiB)"
    assert got.status in (0, 2), shown
    assert "internal error" not in got.err and "MemoryError" not in got.err, shown
    if got.status == 2:
        assert got.err.startswith("zermelo: error: ") and got.err.count("\n") == 1, shown


# ----------------------------------------------------------------------------- output paths (item 3)
#: Output flags of every command that writes a file, with a command line that reaches the write.
OUTPUTS = (
    (["sequence", "kayles", "--upto", "30", "--out"], ""),
    (["sequence", "kayles", "--upto", "30", "--plot"], ".png"),
    (["sequence", "kayles", "--upto", "30", "--checkpoint"], ".npz"),
    (["table", "nim", "--size", "3", "--image"], ".png"),
    (["value", "domineering", "..|..", "--thermograph"], ".png"),
    (["negamax", "connect4:4x4", "", "--trace", "--plies", "1", "--svg"], ".svg"),
    (["book", "connect4:4x4", "--plies", "1", "--out"], ".npz"),
)
TARGETS = ("device", "fifo", "symlink", "directory", "missing folder", "regular file", "new file")


def _planted(folder: Path, kind: str, suffix: str) -> tuple[Path, str]:
    """A path of ``kind`` in ``folder``, and the kind it must still be afterwards."""
    import stat as stat_

    path = folder / f"target{suffix}"
    if kind == "device":
        try:
            os.mknod(path, 0o666 | stat_.S_IFCHR, os.makedev(1, 3))
        except PermissionError:
            return Path("/dev/null"), "character device"
        return path, "character device"
    if kind == "fifo":
        os.mkfifo(path)
        return path, "fifo"
    if kind == "symlink":
        (folder / "kept").write_text("kept")
        path.symlink_to(folder / "kept")
        return path, "symlink"
    if kind == "directory":
        path.mkdir()
        return path, "directory"
    if kind == "missing folder":
        return folder / "no" / path.name, "missing"
    if kind == "regular file":
        path.write_text("old")
    return path, "regular file or missing"


def _kind(path: Path) -> str:
    import stat as stat_

    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return "missing"
    for test, name in ((stat_.S_ISCHR, "character device"), (stat_.S_ISFIFO, "fifo"), (stat_.S_ISLNK, "symlink")):
        if test(mode):
            return name
    return "directory" if stat_.S_ISDIR(mode) else "regular file"


@pytest.mark.skipif(EXAMPLES < 200, reason="make fuzz only (tests/test_files.py checks each kind once)")
@pytest.mark.usefixtures("watchdog", "sandbox")
@settings(FUZZ, max_examples=max(4, EXAMPLES // 20))
@given(output=st.sampled_from(OUTPUTS), kind=st.sampled_from(TARGETS))
def test_every_output_flag_refuses_what_is_not_a_regular_file(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
    output: tuple[list[str], str],
    kind: str,
) -> None:
    """Issue 32 item 3: a device, a FIFO, a symbolic link or a directory named as an output is
    refused in one line (exit 2) and is the same thing afterwards; a symbolic link's file is not
    written through; a missing folder is one line; a regular file or a new name is written."""
    folder = tmp_path_factory.mktemp("out")
    monkeypatch.setenv("ZERMELO_CACHE_DIR", str(folder / "cache"))  # book --out's own directory
    path, after = _planted(folder, kind, output[1])
    argv = [*output[0], str(path), "--quiet"]
    status = run_cli(capsys, monkeypatch, argv, "")
    if output[0][-1] == "--checkpoint" and kind == "regular file":
        # A checkpoint is read before it is written: a file that is not one is refused, untouched.
        assert status == 2 and path.read_text() == "old", (argv, status)
        return
    assert status == (0 if after == "regular file or missing" else 2), (argv, status)
    got = _kind(path)
    if after == "regular file or missing":
        assert got in ("regular file", "missing"), (argv, got)  # --checkpoint: a short run may save none
    else:
        assert got == after, (argv, got)
    if kind == "symlink":
        assert (folder / "kept").read_text() == "kept", argv


# ----------------------------------------------------------------------------- crafted checkpoints (item 2)
@pytest.mark.usefixtures("watchdog", "sandbox")
@settings(FUZZ, max_examples=max(4, EXAMPLES // 20))
@given(
    spec=st.sampled_from(
        ["hex:0.9", "octal:0.1337", "octal:0.16", "kayles", "subtraction:1,3,4", "allbut:1,2", "octal:4.007"]
    ),
    where=st.integers(0, 199),
    value=st.one_of(st.integers(0, 70), st.sampled_from([255, 65_535, 100_000, 2**20, 10**7, 2**31 - 1, 2**62])),
)
def test_crafted_checkpoints_are_refused_or_resumed_in_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
    spec: str,
    where: int,
    value: int,
) -> None:
    """Issue 32 item 2: a checkpoint valid but for one value (its checksum made again, as an
    attacker would) never reaches a kernel unchecked: the run resumes (a value in range) or
    refuses it in one line (a value past what the game's kernel allows) — no crash, no hang."""
    import numpy as np

    from zermelo.core.files import read_npz, write_npz

    ck = tmp_path_factory.mktemp("ck") / "ck.npz"  # one a case (the fixtures are the test's)
    argv = ["sequence", spec, "--upto", "200", "--no-prove", "--checkpoint", str(ck), "--quiet"]
    assert run_cli(capsys, monkeypatch, argv, "") == 0
    data = read_npz(ck, what="checkpoint", max_bytes=1 << 30)
    values = data["values"].astype(np.int64)
    values[where % values.size] = value
    data["values"] = values
    write_npz(ck, data, what="checkpoint")
    argv[3] = "400"
    run_cli(capsys, monkeypatch, argv, "")
