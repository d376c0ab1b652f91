"""Bad input gets a clear answer, for every registered game and every command.

The CLI answers malformed positions, game parameters and flags with exit status 2 and one short
line on stderr (or solves the position, status 0) — never a traceback, an internal error, a hang
or a recursion error.  Every case runs with a small ``--budget`` and ``--timeout`` and under an
alarm, so a hang fails the test instead of stalling the suite.  The games come from the registry:
a new game is checked without touching this file.
"""

from __future__ import annotations

import io
import re
import shlex
import signal
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import partisan_outcome, solve
from zermelo.cli import MAX_MESSAGE, main, one_line
from zermelo.core.errors import InvalidPosition
from zermelo.games.registry import GameEntry, entries, make_game
from zermelo.rules import Impartial, Partisan
from zermelo.search.engine import Limits
from zermelo.search.minimax import negamax

ENTRIES = entries()
NAMES = [e.name for e in ENTRIES]

#: Budget flags of every searching command: no case may search for long.
LIMITS = ["--budget", "5000", "--timeout", "1", "--quiet"]
#: A case that uses more CPU seconds than this is a hang (the budgets above stop searches after
#: 1 s).  CPU time, which a loaded machine does not stretch; WALL_SECONDS only ends a case that
#: blocks without computing, and is generous.
ALARM_SECONDS = 8
WALL_SECONDS = 120
#: Each command a kind of game is given to (the others must refuse it with a one-line error).
COMMANDS = {"impartial": ("solve", "value", "play"), "partisan": ("value", "play"), "scored": ("negamax", "play")}
#: Commands that do not apply to the kind: a clean refusal is the point.
FOREIGN = {"impartial": ("negamax",), "partisan": ("solve", "negamax"), "scored": ("solve", "value")}

HUGE = str(10**400)
BAD_POSITIONS = [
    " ",
    "-1",
    "-5 3",
    HUGE,
    f"{HUGE}x2",
    f"2x{HUGE}",
    "99999999999999999999x2",
    "1" * 5000,  # more digits than Python converts to an int
    "é",
    "３ ４",
    "💥",
    "\x00",
    "1,,2",
    "1/2",
    "1 2 / 3",
    "a",
    "x" * 500,
    "0x3",
    "3x0",
    "1.5",
    "[g-a:B",
    "g-a-b, a-g",
    "a->b",
    "...|..|.",
    "|",
    "XXXXXO...",
    "XXXXXXXXX",
    "X.../..../..../....",
    "TTxFF",
    "xoz",
    "W..W.",
    "LRLR|RLRL",
]
BAD_PARAMS = [
    "",
    " ",
    "0",
    "-1",
    "abc",
    "0.9",
    "0.",
    ".",
    "1,,2",
    ",",
    "1,a",
    "0x0",
    "100x100",
    "-3x4",
    "é",
    HUGE,
    "1" * 5000,
    "0,0,0",
    "3,3",
    "-1,3,3",
    "a,b,c",
    "64,64,64",
    "[99999999999999999999]",
    "4.3...",
    "...",
    "normal",
]


def example(e: GameEntry) -> tuple[str, list[str]]:
    """The spec of an entry's example and its position words (the graph first, for digraph)."""
    words = shlex.split(e.example)
    if words[0] == "zermelo":
        words = words[2:]
    return words[0], words[1:]


class Hang(BaseException):
    """A case ran for :data:`ALARM_SECONDS` of CPU (a BaseException: the CLI's catch-all must not eat it)."""


@pytest.fixture(scope="module")
def kernels_made() -> None:
    """The engine's compiled kernels made before any alarm is armed: on a fresh checkout numba
    compiles them at their first call, several CPU seconds that are not the case's own."""
    from zermelo.games import Chomp, Kayles

    for game, text in ((Chomp(), "3x4"), (Kayles(), "7")):
        position = game.parse(text)
        solve(game, position)
        solve(game, position, misere=True)
    # Connect Four's first 16,384 positions of a process run as plain Python (no numba): a search
    # past them, so its compiled kernel is made here, not inside a case's --timeout.
    assert main(["negamax", "connect4:5x4", ""]) == 0
    # The loopy Grundy kernels (8 CPU s cold): `play digraph` with no --timeout reaches them.
    assert main(["solve", "digraph", "a->b, b->a, b->c", "a"]) == 0


@pytest.fixture
def alarm(kernels_made: None) -> Iterator[None]:
    """Fail a case that runs for :data:`ALARM_SECONDS` (a hang) instead of stalling the suite."""

    def hang(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {ALARM_SECONDS} CPU seconds (or {WALL_SECONDS} s)")

    old = signal.signal(signal.SIGALRM, hang), signal.signal(signal.SIGPROF, hang)
    try:
        yield
    finally:
        _disarm()
        signal.signal(signal.SIGALRM, old[0])
        signal.signal(signal.SIGPROF, old[1])


def _arm() -> None:
    signal.setitimer(signal.ITIMER_PROF, ALARM_SECONDS)  # CPU seconds of this process
    signal.alarm(WALL_SECONDS)


def _disarm() -> None:
    signal.setitimer(signal.ITIMER_PROF, 0)
    signal.alarm(0)


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> tuple[int, str]:
    """``zermelo ARGV`` in-process with an empty standard input; checks the error contract.

    Returns the status and stderr.  The status must be 0 or 2 (``conjecture``: 1 when the set is
    not the P-set); on 2, stderr is one short line without a traceback.
    """
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    _arm()
    try:
        status = main(argv)
    except SystemExit as done:  # a garbage word that is an option: "-h" asks for the help, exit 0
        status = done.code if isinstance(done.code, int) else 2
    except Hang:
        pytest.fail(f"hang: zermelo {shlex.join(argv)[:300]}")
    finally:
        _disarm()
    _, err = capsys.readouterr()
    shown = f"zermelo {shlex.join(argv)[:200]} -> {status}: {err[:300]!r}"
    allowed = (0, 1, 2) if argv[0] == "conjecture" else (0, 2)
    assert status in allowed, shown
    assert "Traceback" not in err and "internal error" not in err and "RecursionError" not in err, shown
    if status == 2:
        assert err.startswith("zermelo: error: ") and err.count("\n") == 1, shown
        assert len(err) <= len("zermelo: error: \n") + MAX_MESSAGE, shown
    return status, err


def argv_for(e: GameEntry, command: str, spec: str, position: list[str]) -> list[str]:
    graph = position[:1] if e.graph_argument and ":" not in spec else []
    return [command, spec, *graph, *position[len(graph) :], *LIMITS]


def position_words(e: GameEntry, text: str) -> list[str]:
    _, words = example(e)
    return [*words[:1], text] if e.graph_argument else [text]


@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize("name", NAMES)
def test_malformed_positions_get_one_line_or_an_answer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    e = next(x for x in ENTRIES if x.name == name)
    spec, _ = example(e)
    for command in COMMANDS[e.kind]:
        for text in BAD_POSITIONS:
            run(capsys, monkeypatch, argv_for(e, command, spec, position_words(e, text)))


def make_game_of(e: GameEntry) -> Any:
    spec, words = example(e)
    return make_game(f"{spec}:{words[0]}" if e.graph_argument else spec)


@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize("spec", ["wythoff", "queen", "rook", "divisor", "fibonacci", "staircase", "pokernim"])
def test_value_of_a_huge_impartial_position_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    run(capsys, monkeypatch, ["value", spec, HUGE, "3", *LIMITS])


@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize("name", NAMES)
def test_the_example_works_and_foreign_commands_refuse_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    e = next(x for x in ENTRIES if x.name == name)
    spec, words = example(e)
    status, err = run(capsys, monkeypatch, argv_for(e, COMMANDS[e.kind][0], spec, words))
    assert status == 0 or "budget" in err, err  # the example itself is a valid position
    for command in FOREIGN[e.kind]:
        status, err = run(capsys, monkeypatch, argv_for(e, command, spec, words))
        assert status == 2, err
    if e.kind != "scored":  # an empty position is an error (scored games start from "")
        for empty in ([], [""]):
            status, err = run(
                capsys, monkeypatch, argv_for(e, COMMANDS[e.kind][0], spec, position_words(e, "")[:-1] + empty)
            )
            assert status == 2 and "give" in err, err


@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize("name", NAMES)
def test_malformed_game_parameters(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    e = next(x for x in ENTRIES if x.name == name)
    _, words = example(e)
    command = COMMANDS[e.kind][0]
    for params in BAD_PARAMS:
        run(capsys, monkeypatch, [command, f"{e.name}:{params}", *words, *LIMITS])
    if not e.params:  # a game without parameters refuses any
        status, err = run(capsys, monkeypatch, [command, f"{e.name}:3", *words, *LIMITS])
        assert status == 2 and "no parameters" in err, err


@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize("name", NAMES)
def test_table_sequence_conjecture_on_every_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    e = next(x for x in ENTRIES if x.name == name)
    spec, words = example(e)
    if e.graph_argument:
        spec = f"{spec}:{words[0]}"
    for size in (["3"], ["0"], ["-2"], ["3", "3"], ["x"], ["99999999", "99999999"], ["1", "2", "3"]):
        run(capsys, monkeypatch, ["table", spec, "--size", *size, *LIMITS])
    for upto in ("5", "-1", "99999999999999999999", "abc"):
        run(capsys, monkeypatch, ["sequence", spec, "--upto", upto, "--no-prove", "--quiet"])
    for predicate in ([], ["n % 2 == 0"], ["a == b"], ["n %"], ["__import__('os')"], ["x"], ["10**10**10"]):
        run(capsys, monkeypatch, ["conjecture", spec, *predicate, "--upto", "4", "--budget", "5000"])
    run(capsys, monkeypatch, ["conjecture", spec, "--upto", "-3"])


@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize("name", NAMES)
def test_play_with_closed_or_garbage_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    e = next(x for x in ENTRIES if x.name == name)
    spec, words = example(e)
    # Budgeted by positions only, never by the clock, so the answer is the same on a loaded machine
    # (with --timeout 1, Amazons' computer move stopped at 3.4 s in a CI run at load 19).  A hang is
    # the alarm's: ALARM_SECONDS of CPU.
    played = [*argv_for(e, "play", spec, words)[: -len(LIMITS)], "--budget", "5000", "--quiet"]
    status, err = run(capsys, monkeypatch, played)  # stdin is empty: ends quietly
    assert status == 0 or ("budget" in err and "time budget" not in err), err  # m,n,k's needs more positions
    if status:
        return
    # Garbage moves get a one-line reason and the prompt again; end of input ends the game.
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(["", "zz", "-1", HUGE, "é", "99", "undo", "hint"]) + "\n"))
    _arm()
    try:
        status = main(played)
    finally:
        _disarm()
    out, err = capsys.readouterr()
    assert status == 0 and "Traceback" not in out + err, err
    for flags in (["--skill", "2"], ["--skill", "nan"], ["--as", "up"], ["--first", "nobody"], ["--seed", "x"]):
        status, _ = run(capsys, monkeypatch, [*argv_for(e, "play", spec, words), *flags])
        assert status == 2


def _garbage() -> st.SearchStrategy[str]:
    pieces = st.sampled_from(["0", "1", "9", "-", ".", "x", "|", "/", ",", " ", ":", "(", ")", "[", "]", "g", "-", ">"])
    letters = st.sampled_from(list("XOTFBRGLWxo.#@é３💥\t"))
    return st.lists(st.one_of(pieces, letters, st.text(max_size=3)), max_size=12).map("".join)


@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_garbage())
def test_random_garbage_positions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str, text: str
) -> None:
    e = next(x for x in ENTRIES if x.name == name)
    spec, _ = example(e)
    run(capsys, monkeypatch, argv_for(e, COMMANDS[e.kind][0], spec, position_words(e, text)))


# ----------------------------------------------------------------------------- regressions
@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "nim", "1" * 5000], "digits, too many"),
        (["solve", "wythoff", "1" * 5000, "3"], "digits, too many"),
        (["negamax", "stone-game-iv", "1" * 5000], "too many digits"),
        (["solve", "digraph", HUGE, "a"], "cannot read edge"),
        (["value", "nim", HUGE], "may reach about 10^400 positions"),
        (["value", "kayles", HUGE], "may reach about 10^400 positions"),
        (["value", "primepower", HUGE], "may reach about 10^400 positions"),
        (["play", "square", HUGE], "too many moves to list"),
        (["play", "allbut:1,2", HUGE], "too many moves to list"),
        (["solve", "chomp", HUGE], "at most 10,000 rows and 10,000 columns"),
        (["solve", "chomp", "99999999999999999999x2"], "at most 10,000 rows"),
        (["negamax", "stone-game-iv", HUGE], "too many moves to list"),
        (["sequence", "octal:0.137", "--upto", "99999999999999999999", "--no-prove"], "not enough memory"),
        (["solve", "nim", "x" * 1000], "whole number"),
        # issue 15: a size estimate of more than 4,300 digits was printed with str()
        (["solve", "nim", *["1"] * 15_000], ""),
        (["solve", "pokernim", "1", "9" * 1500, "/", "0", "0"], ""),
        (["solve", "staircase", "0", "9" * 1000, "0", "0", "0", "0", "0"], ""),
        # issue 15: nested tuples met the recursion limit (repr, ==, sorted) from 500 edges on
        (["value", "hackenbush", "B" * 500], ""),
        (["value", "hackenbush", "G" * 500], ""),
        (["value", "hackenbush", "B(" * 400 + "B" + ")" * 400], ""),
        (["value", "domineering", "..|..", "+", "hackenbush", "B" * 500], ""),
        (["value", "hackenbush", "B" * 2001], "at most 2,000 edges"),
        (["sequence", "subtraction:1000000000000", "--upto", "10"], ""),
        (["sequence", "subtraction:1," + "9" * 300, "--upto", "10"], ""),
        (["sequence", "allbut:" + "9" * 300, "--upto", "10"], ""),
        (["sequence", "kayles", "--upto", "10", "--checkpoint", "/dev/null"], "a character device, not a regular"),
        (["value", "domineering", "..|..", "--thermograph", ""], "give a file name"),
        (["sequence", "kayles", "--upto", "5", "--out", ""], "give a file name"),
        (["table", "wythoff", "--size", "3", "--image", " "], "give a file name"),
        (["table", "nim", "--size", "9" * 5000], "digits, too many"),  # int() past 4,300 digits, unguarded
        (["solve", "nim:", "3"], "nim"),
        (["value", "nim: ", "3"], "nim"),
    ],
)
def test_fixed_defects(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], message: str
) -> None:
    extra = [] if argv[0] == "sequence" else ["--budget", "5000", "--timeout", "1"]
    status, err = run(capsys, monkeypatch, [*argv, *extra])
    if message:
        assert status == 2 and message in err, err
    else:  # an answer, or a true refusal: the budget (never a false cause)
        assert status == 0 or "budget" in err, err


#: A number past the 4,300 digits Python's int() converts.
LONG = "9" * 4400


@pytest.mark.parametrize(
    ("spec", "position", "message"),
    [
        ("arckayles", f"path:{LONG}", "graph: the N of path:N has 4,400 digits, too many"),
        ("weightedarckayles", "12-3", "weightedarckayles: a weight is one digit 0-9"),
        ("fjords", "L-Q", "fjords: unexpected 'Q' (use '(),-.:;LR') at column 3"),
        ("cutcake", f"3x{LONG}", "cutcake: a piece's columns has 4,400 digits"),
        ("cutcake", "３x3", "cutcake: a piece's rows must be a whole number from 0 to 10,000"),
        ("eatcake", f"{LONG}x3", "a piece's rows has 4,400 digits"),
        ("coins:turtles", LONG, "coins: the coin with a head has 4,400 digits"),
        ("treblecross", LONG, "treblecross: a number of empty cells has 4,400 digits"),
        (f"cgtbreak:{{{LONG}}}.0", "3", "TakeAndBreak: a number of heaps in"),
        ("cgtbreak:{²}.0", "3", "TakeAndBreak: a number of heaps must be a whole number from 0 to 63"),
        (f"cgtbreak:&{LONG};.0", "3", "TakeAndBreak: &n; in"),
        (f"tbreak:0.[{LONG}]", "3", "tbreak: a bracketed digit has 4,400 digits"),
        (f"connect4:{LONG}x6", "", "connect4: the columns has 4,400 digits"),
        (f"mnk:3,3,{LONG}", "", "mnk: k has 4,400 digits"),
        ("stone-game-ii:2,7,9,4,4", f"0 {LONG}", "the current M has 4,400 digits"),  # make fuzz, negamax
    ],
)
def test_numbers_in_positions_and_parameters_are_read_by_parse_int(spec: str, position: str, message: str) -> None:
    """Games that read numbers with int() themselves let a 4,301-digit number reach the CLI's
    last-resort handler (a plain ValueError; make fuzz found spawning's): each now reads them with
    core.checks.parse_int, the one numeric parser (a one-line ValueError subclass naming them)."""
    from zermelo.core.errors import ZermeloError
    from zermelo.games.registry import game_and_position

    with pytest.raises(ZermeloError) as e:
        game_and_position(spec, position.split())
    assert isinstance(e.value, ValueError) and message in str(e.value) and "\n" not in str(e.value), str(e.value)


@pytest.mark.parametrize(
    ("read", "text", "message"),
    [
        ("value", "*" + LONG, "a nimber *n has 4,400 digits"),
        ("value", "{0|" + LONG + "}", "a number has 4,400 digits"),
        ("value", "1/2^" + LONG, "a number of ups or downs has 4,400 digits"),
        ("value", "*３", "a nimber *n must be a whole number"),
        ("misere", "*[&" + LONG + ";]", "a nim heap &n; has 4,400 digits"),
        ("misere", "*[&5000;]", "a nim heap &n; must be a whole number from 0 to 4,096"),
        ("misere", "*[²]", "not a misère form"),
        ("cgsuite", LONG, "a number has 4,400 digits"),
        ("cgsuite", "*" + LONG, "a number has 4,400 digits"),
        ("cgsuite", "1/" + LONG, "a number has 4,400 digits"),
    ],
)
def test_numbers_in_values_are_read_by_parse_int(read: str, text: str, message: str) -> None:
    """The value notations (CGSuite's, its misère forms, the CGSuite language) read numbers with
    int() and Fraction() too: past 4,300 digits a plain ValueError, and ``*[²]`` one as well."""
    import zermelo as z
    from zermelo.cgsuite import evaluate
    from zermelo.values.misere_text import parse_misere

    fn = {"value": z.parse_value, "misere": parse_misere, "cgsuite": evaluate}[read]
    with pytest.raises(z.ZermeloError) as e:
        fn(text)
    assert isinstance(e.value, ValueError) and message in str(e.value), str(e.value)


@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize(
    "content",
    [bytes(range(256)) * 4, b"", b"PK\x03\x04" + b"\x00" * 40, "truncated"],
    ids=["random-bytes", "empty", "zip-header", "truncated"],
)
def test_bad_checkpoints_are_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Any, content: Any
) -> None:
    path = tmp_path / "c.npz"
    if content == "truncated":  # a real checkpoint cut short
        assert main(["sequence", "kayles", "--upto", "300", "--no-prove", "--checkpoint", str(path), "--quiet"]) == 0
        capsys.readouterr()
        content = path.read_bytes()[: path.stat().st_size // 2]
    path.write_bytes(content)
    status, err = run(capsys, monkeypatch, ["sequence", "kayles", "--upto", "10", "--checkpoint", str(path)])
    assert status == 2 and err.startswith(f"zermelo: error: checkpoint {path}: "), err
    assert "not a zermelo .npz file" in err or "checksum does not match" in err, err
    assert err.endswith("delete it to start again\n"), err


@pytest.mark.usefixtures("alarm")
def test_a_binary_edge_list_is_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    path = tmp_path / "graph.bin"
    path.write_bytes(bytes(range(128, 256)))
    status, err = run(capsys, monkeypatch, ["solve", "digraph", str(path), "a", *LIMITS])
    assert status == 2 and "not UTF-8 text" in err, err


@pytest.mark.usefixtures("alarm")
@pytest.mark.parametrize("spec", ["grundygame", "hex:0.3F"])
def test_huge_heaps_of_unproven_codes_answer_within_seconds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    # They searched 2**20 heaps for a period (or ran an O(n³) kernel) whatever --timeout said
    # (so did officers, treblecross, tbreak:4.3...: the battery above covers them).
    # CPU seconds, not the wall clock: a loaded machine stretches the second of the timeout but
    # not the work done in it; a search that ignored it would run for minutes.
    started = time.process_time()
    status, err = run(capsys, monkeypatch, ["solve", spec, HUGE, "--timeout", "1"])
    assert status == 2 and ("budget" in err), err
    assert time.process_time() - started < 10


def test_messages_are_cut_to_one_line() -> None:
    assert one_line("a\nb\n  c") == "a b c"
    assert len(one_line("y" * 10_000)) == MAX_MESSAGE


# ----------------------------------------------------------------------------- Python API
GARBAGE = [None, -1, "abc", 1.5, True, (1, -1), (3, "x"), ((1, 2), (3,)), object(), b"..", (-1,), ("",), [1, 2], {}]


def _reachable(e: GameEntry) -> tuple[Any, list[Any]]:
    """The example's rules and a few positions: the example and some reached from it by moves."""
    game = make_game_of(e)
    _, words = example(e)
    start = game.parse(" ".join(words[1:] if e.graph_argument else words))
    out, frontier = [start], [start]
    for _ in range(3):
        nxt = []
        for p in frontier:
            if isinstance(game, Partisan):
                kids = list(game.left_options(p))[:2] + list(game.right_options(p))[:2]
            else:
                kids = [m.position for m in list(game.moves(p))[:3]]
            nxt.extend(kids)
        out.extend(nxt)
        frontier = nxt[:4]
    return game, out


@pytest.mark.parametrize("name", NAMES)
def test_python_positions_are_validated(name: str) -> None:
    e = next(x for x in ENTRIES if x.name == name)
    game, positions = _reachable(e)
    for p in positions:  # every reachable position passes
        game.validate(p)
    for junk in GARBAGE:
        try:
            game.validate(junk)
        except ValueError as exc:  # InvalidPosition (a ValueError): what a Python caller catches
            assert isinstance(exc, InvalidPosition) and len(str(exc)) < 400, exc
            continue
        # Accepted: then it must really be a position the analyses can take.
        if isinstance(game, Impartial):
            solve(game, junk, limits=Limits(2000, 1.0))
        elif isinstance(game, Partisan):
            partisan_outcome(game, junk, limits=Limits(2000, 1.0))
        else:
            negamax(game, junk, limits=Limits(2000, 1.0))


@pytest.mark.parametrize(
    ("spec", "position", "message"),
    [
        ("tictactoe", "XXXXXO...", "X moves first"),
        ("tictactoe", "XXX", "not a legal position"),
        ("connect4:4x4", "X.../..../..../....", "not a position"),
        ("toppling", ("BXR",), "not a legal position"),
        ("stone-game-v:1,2,3", (0, 3, 2), "who 0 or 1"),
        ("stone-game:5,3,4,5", (1, -1), "slice"),
        ("toads", ("TT.Xo",), "not a"),
        ("nim", True, "heap size"),
        ("divisor", True, "whole number"),
        ("cheques:3,1,4", (3, 1), "slice"),
    ],
)
def test_illegal_python_positions_are_refused(spec: str, position: Any, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        make_game(spec).validate(position)


def test_negamax_validates_its_root() -> None:
    with pytest.raises(InvalidPosition):
        negamax(make_game("tictactoe"), "XXXXXO...")


def test_toppling_reads_its_empty_row() -> None:
    t = make_game("toppling")
    assert t.parse(t.format(())) == ()  # format writes "0", which parse refused


def test_hackenbush_graphs_read_back_as_themselves() -> None:
    # The text form renumbered the vertices of some graphs: parse(format(p)) != p.
    h = make_game("hackenbush")
    p = h.parse("[2-2:B, 2-3:B, g-1:B, 1-3:B]")
    assert h.parse(h.format(p)) == p


# ----------------------------------------------------------------------------- web API
@pytest.fixture(scope="module")
def web() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from zermelo.web.app import create_app

    with TestClient(create_app(), raise_server_exceptions=False, base_url="http://localhost") as client:
        yield client


#: Bad for every game ("" is the start of a scored game: a search, not bad input).
WEB_POSITIONS = ["-1", HUGE, "é", "x" * 3000, "\x00", "1/2", "XXXXXO...", "[g-a:B", "3x0"]


@pytest.mark.parametrize("name", NAMES)
def test_web_api_answers_bad_positions_with_4xx_json(web: Any, name: str) -> None:
    from zermelo.web.app import games_json

    g = next(x for x in games_json() if x["name"] == name)
    for endpoint in ("/api/solve", "/api/moves", "/api/play"):
        for position in WEB_POSITIONS:
            params = {"game": g["spec"], "position": position}
            if g["kind"] == "partisan":
                params["turn"] = "left"
            r = web.get(endpoint, params=params)
            assert r.status_code < 500 and r.headers["content-type"].startswith("application/json"), (
                endpoint,
                position[:20],
                r.text[:200],
            )
            if r.status_code >= 400:
                assert r.json()["error"], r.text[:200]


@pytest.mark.parametrize(
    ("endpoint", "params"),
    [
        (e, p)
        for e in ("/api/solve", "/api/moves", "/api/play", "/api/table")
        for p in (
            {},
            {"game": ""},
            {"game": "chess", "position": "1"},
            {"game": "nim:3", "position": "1"},
            {"game": "subtraction:0", "position": "3"},
            {"game": "octal:0.9", "position": "3"},
            {"game": "connect4:100x100", "position": ""},
            {"game": "nim", "position": "3", "misere": "maybe"},
            {"game": "domineering", "position": "..|..", "turn": "up"},
            {"game": "nim", "position": "3", "skill": "nan", "seed": "-1"},
            {"game": "digraph:@/etc/passwd", "position": "a"},
            {"game": "wythoff", "rows": "abc"},
            {"game": "wythoff", "rows": "1000", "cols": "1000"},
            {"game": "subtraction:1,2", "cols": "5", "format": "svg"},
            {"game": "x" * 5000, "position": "1"},
        )
    ],
)
def test_web_api_answers_bad_requests_with_4xx_json(web: Any, endpoint: str, params: dict[str, str]) -> None:
    r = web.get(endpoint, params=params)
    if r.status_code == 200:  # a request that is fine for this endpoint (a table ignores 'position')
        return
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:200])
    assert r.json()["error"], r.text[:200]


@pytest.mark.parametrize(
    ("endpoint", "params"),
    [
        ("/api/solve", {"game": "pokernim", "position": "1 " + "9" * 1500 + " / 0 0"}),
        ("/api/solve", {"game": "nim", "position": " ".join(["1"] * 900)}),
        ("/api/moves", {"game": "hackenbush", "position": "B" * 600, "turn": "left"}),
        ("/api/solve", {"game": "nim:", "position": "3"}),
    ],
)
def test_web_issue_15_inputs_answer_json(web: Any, endpoint: str, params: dict[str, str]) -> None:
    # The size estimate of the first was printed with str() past 4,300 digits: a 500.
    r = web.get(endpoint, params=params)
    assert r.status_code in (200, 400, 422) and r.headers["content-type"].startswith("application/json"), r.text[:200]
    if params["game"] == "nim:":
        assert r.status_code == 400 and "nim" in r.json()["error"]


def test_web_moves_of_a_number_too_hard_to_factor(web: Any) -> None:
    # Pollard's rho on a 1,500-digit repunit ran for ever: the move list needs its divisors.
    r = web.get("/api/moves", params={"game": "divisor", "position": "1" * 1500})
    assert r.status_code == 422 and "cannot factor" in r.json()["error"]


_MIXED_STALK = "".join("BRG"[i % 3] for i in range(2000))


@pytest.mark.usefixtures("kernels_made")  # a cold numba cache compiles inside no case
@pytest.mark.parametrize(
    "argv",
    [
        # issue 15, defect 8 (and the other long runs): silent for minutes, or past their budget.
        ["value", "--expr", "*600 + ^"],
        ["value", "--expr", "*4096 + ^"],
        ["value", "snort", "." * 40],
        ["value", "clobber", "xo" * 50],
        ["value", "toads", "T." * 150],
        ["value", "toppling", "BGRG" * 30],
        ["value", "hackenbush", _MIXED_STALK],
        ["negamax", "connect4", ""],
        ["negamax", "connect4", "", "--json"],
        ["negamax", "connect4:5x4", "", "--compare"],
        ["conjecture", "nim", "a ^ b ^ c == 0", "--heaps", "3", "--upto", "60"],
        ["conjecture", "subtraction:1,3,4", "n % 7 in (0, 2)", "--upto", "999998"],
        ["table", "square", "--size", "1000000", "--json"],
        ["sequence", "tbreak:0.8", "--upto", "100000", "--no-prove", "--json"],
    ],
    ids=lambda argv: " ".join(argv)[:40],
)
def test_long_runs_stop_at_their_timeout_and_show_progress_off_a_terminal(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    # In-process, stderr captured (not a terminal, as with --json piped on): one error line naming
    # the time budget, and progress lines that move before it.  The stop is measured in CPU
    # seconds (at most the 1.5 s of wall clock, and a loaded machine gives fewer): a run that missed
    # its timeout would go on for minutes.  The wall-clock figures it prints are not asserted.
    # (No alarm here: the value arithmetic's budget timer is SIGALRM itself.)
    began = time.process_time()
    status = main([*argv, "--timeout", "1.5"])
    took = time.process_time() - began
    err = capsys.readouterr().err.splitlines()
    assert status == 2 and err, err
    assert re.fullmatch(r"zermelo: error: (\S+: )?time budget exceeded after \d+\.\d s \(.*\)", err[-1]), err[-1]
    assert took < 3.0, took
    progress = err[:-1]
    # A line a second of the wall clock: a run that computed for 1.2 CPU seconds (so ran at least
    # that long) has shown one; on a loaded machine a run may stop with fewer CPU seconds and none.
    assert progress or took < 1.2, err
    assert all(re.fullmatch(r"zermelo: .* \(\d:\d\d:\d\d\)", line) for line in progress), err
    assert all("error" not in line for line in progress)


# ----------------------------------------------------------------------------- issue 32 item 11, the rest
def _api_calls(tmp: str) -> list[tuple[str, Any]]:
    import zermelo as z
    from zermelo.games import Kayles, Nim

    db = f"{tmp}/census.sqlite"
    return [
        ("canonical_form(None, 3)", lambda: z.canonical_form(None, 3)),
        ("canonical_form('nim', 3)", lambda: z.canonical_form("nim", 3)),
        ("canonical_form(Nim, 3, limits=5)", lambda: z.canonical_form(Nim(), 3, limits=5)),
        ("canonical_form(Nim, 10**5000)", lambda: z.canonical_form(Nim(), 10**5000)),
        ("census(None)", lambda: z.census(None, upto=10, db=db)),  # type: ignore[arg-type]
        ("census(upto='x')", lambda: z.census("octal", upto="x", digits=1, db=db)),  # type: ignore[arg-type]
        ("census(upto=2**63)", lambda: z.census("octal", upto=2**63, digits=1, db=db)),
        ("census(workers='x')", lambda: z.census("octal", upto=10, digits=1, workers="x", db=db)),  # type: ignore[arg-type]
        ("census(db=None)", lambda: z.census("octal", upto=10, digits=1, db=None)),  # type: ignore[arg-type]
        ("census(max=2**70)", lambda: z.census("allbut", upto=10, max=2**70, db=db)),
        ("census(digits=2**40)", lambda: z.census("octal", upto=10, digits=2**40, db=db)),
        ("census(size='x')", lambda: z.census("allbut", upto=10, max=3, size="x", db=db)),  # type: ignore[arg-type]
        ("misere_quotient(None, 5)", lambda: z.misere_quotient(None, 5)),  # type: ignore[arg-type]
        ("misere_quotient('nim', 5)", lambda: z.misere_quotient("nim", 5)),  # type: ignore[arg-type]
        ("misere_quotient(seconds='x')", lambda: z.misere_quotient(Nim(), 7, seconds="x", cache=False)),  # type: ignore[arg-type]
        ("misere_quotient(progress=3)", lambda: z.misere_quotient(Kayles(), 7, progress=3, cache=False)),  # type: ignore[arg-type]
        ("fold(3, None, None)", lambda: z.fold(3, None, None)),  # type: ignore[arg-type]
        ("fold(children gives 3)", lambda: z.fold(3, lambda n: 3, lambda p, v: 0)),  # type: ignore[arg-type,return-value]
        ("fold(memo=[])", lambda: z.fold(3, lambda n: [], lambda p, v: 0, memo=[])),  # type: ignore[arg-type]
        ("Limits('x')", lambda: z.Limits("x")),  # type: ignore[arg-type]
        ("Limits(-1)", lambda: z.Limits(-1)),
        ("Limits(True)", lambda: z.Limits(True)),
        ("Limits(10, 'x')", lambda: z.Limits(10, "x")),  # type: ignore[arg-type]
        ("Limits(10, -1.0)", lambda: z.Limits(10, -1.0)),
        ("Limits(10, nan)", lambda: z.Limits(10, float("nan"))),
        ("Limits(progress=3)", lambda: z.Limits(10, progress=3)),  # type: ignore[arg-type]
    ]


def test_the_rest_of_the_python_api_refuses_wrong_arguments(tmp_path: Any) -> None:
    """canonical_form, census, misere_quotient, fold and Limits: a ValueError subclass in one line
    (they gave TypeError, AttributeError, IndexError, UnboundLocal…, or, for census(max=2**70),
    MemoryError after 34 s; Limits('x') was taken silently)."""
    import zermelo as z

    for name, call in _api_calls(str(tmp_path)):
        with pytest.raises(z.ZermeloError) as caught:
            call()
        assert isinstance(caught.value, ValueError) and "\n" not in str(caught.value), name
        assert len(str(caught.value)) <= 240, name
    assert not list(tmp_path.iterdir())  # nothing was started
    assert z.Limits(10, 1.5).max_seconds == 1.5 and z.Limits(None).max_positions is None


def test_misere_quotient_names_a_huge_maxheap_without_printing_it() -> None:
    """`make fuzz` (2,000 examples): `z.misere_quotient(Nim(), (<5,000 digits>, 1))` raised
    Python's own ValueError (more than 4,300 digits to print) from the message's `!r`."""
    from zermelo import misere_quotient
    from zermelo.games import Nim

    with pytest.raises(InvalidPosition, match=r"maxheap must be .* got \(<a number of [\d,]+ bits>, 1\)"):
        misere_quotient(Nim(), (10**5000, 1))  # type: ignore[arg-type]
