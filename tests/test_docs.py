"""The documentation is a test: every example in README.md and docs/*.md runs, and a page whose
output drifts from the program's fails the build.  docs/architecture.md ("Docs are tests") says
the same for authors.

Shell examples.  In a fenced block (```` ``` ```` with no language), a line ``$ zermelo ...`` is
a command and the lines after it, up to the next ``$`` line or the end of the block, are what it
prints (stdout and stderr together, as a terminal shows them).  The command runs in bash (pipes
such as ``| tail -1`` and ``; echo $?`` are part of it) with this checkout's ``zermelo`` first on
PATH (run warm: tests/warm_cli.py), with the fixed environment ``ENV`` (so that rich draws the
same everywhere), in a fresh temporary folder holding a copy of ``tests/data`` and an empty
``docs/images``.  The commands of one block run in order in one folder (a census, then its
report).  Trailing blank lines and trailing spaces are not compared.

Varying output, the one rule.  Progress lines (``zermelo: ... (0:00:01)``, printed to stderr
once a second when it is not a terminal) are dropped: their number depends on the clock.  A
number that differs from run to run (a time, a rate, the work done within a time limit, a memory
size, a temporary path) is written in the page as a placeholder of ``PLACEHOLDERS``
(``<seconds>``, ``<count>``, ...), each matching one kind of text.  Nothing else is masked.

Markers, a shell comment ending the command line (visible in the page): ``# slow`` -- more than
a few seconds: it runs in ``test_slow_shell_example`` (marked ``slow``: ``make test`` runs it,
``make check`` does not), never skipped; ``# until Ctrl-C`` -- a server: it runs until it has
printed the lines shown, then gets Ctrl-C.

Python examples.  A ```` ```python ```` block with ``>>>`` lines runs as a doctest (ELLIPSIS
on), after the page's earlier such blocks, in one namespace per page.

By hand: ``python tests/test_docs.py [--slow] [--update] [PAGE...]`` runs the examples, prints the
diffs and times, and with ``--update`` writes the program's output into the pages (read the
diff before committing it: a drift may be the program's bug, and placeholders must be put back).
"""

from __future__ import annotations

import atexit
import contextlib
import difflib
import doctest
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import zermelo_shim
from warm_cli import WarmCLI, simple_argv

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BIN = Path(sys.executable).parent

# The one list of what may vary between runs, and how it is written in a page.
PLACEHOLDERS = {
    "<seconds>": r"\d+(?:\.\d+)?",  # a duration in seconds: "kernel octal-sparse, <seconds> s"
    "<clock>": r"\d+:\d\d:\d\d",  # an elapsed time as h:mm:ss (progress lines)
    "<count>": r"\d[\d,]*",  # work done within a time limit, or a rate: "<count> nodes/s"
    "<size>": r"\d[\d,.]*\s?[kKMGT]?i?B",  # a memory or file size: "<size>"
    "<path>": r"\S+",  # a temporary file or folder
}
_PLACEHOLDER = re.compile("|".join(re.escape(p) for p in PLACEHOLDERS))
# Off a terminal the CLI reports progress on stderr once a second ("zermelo: ... (0:00:01)"): how
# many such lines a run prints depends on the clock, so they are dropped, and pages show none.
PROGRESS = re.compile(r"zermelo: .* \(\d+:\d\d:\d\d\)")

# Rich and the CLI read these; a fixed value keeps the drawing the same on every machine.
ENV = {
    "COLUMNS": "100",
    "LINES": "50",
    "NO_COLOR": "1",
    "TERM": "dumb",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "PYTHONIOENCODING": "utf-8",
    "TZ": "UTC",
}
# Seconds; a command that hangs fails rather than stalling the suite.
TIMEOUT = int(os.environ.get("ZERMELO_DOCS_TIMEOUT", "300"))
SLOW = "slow"
SERVER = "until Ctrl-C"


def _comment(command: str) -> str:
    """The shell comment ending a command line (`` # slow``), or ''."""
    m = re.search(r"\s#\s+(.*)$", command)
    return m.group(1) if m else ""


@dataclass(frozen=True)
class Example:
    page: Path
    line: int  # 1-based, of the ``$`` line
    command: str  # without the leading "$ "
    expected: tuple[str, ...]
    block: int  # the line of its block's first command
    before: tuple[str, ...]  # the block's earlier commands, run first in the same folder

    @property
    def id(self) -> str:
        return f"{_name(self.page)}:{self.line}"

    @property
    def slow(self) -> bool:
        """Marked ``# slow``, or after a slow command of its block (which it needs)."""
        return any(_comment(c).startswith(SLOW) for c in (*self.before, self.command))

    @property
    def server(self) -> bool:
        return _comment(self.command).startswith(SERVER)


@dataclass(frozen=True)
class PythonBlock:
    page: Path
    line: int  # 1-based, of the first line inside the block
    text: str

    @property
    def id(self) -> str:
        return f"{_name(self.page)}:{self.line}"


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT)) if page.is_relative_to(ROOT) else page.name


def _blocks(page: Path) -> list[tuple[str, int, list[str]]]:
    """The fenced blocks of a page: (language, line of the first content line, lines)."""
    blocks: list[tuple[str, int, list[str]]] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"\s*```(\S*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        start, body = i + 2, []
        i += 1
        while i < len(lines) and not re.match(r"\s*```\s*$", lines[i]):
            body.append(lines[i])
            i += 1
        blocks.append((m.group(1), start, body))
        i += 1
    return blocks


def is_zermelo_command(line: str) -> bool:
    """``$ zermelo ...``, or a pipeline that runs zermelo (``$ printf 'quit\\n' | zermelo play ...``)."""
    return line.startswith("$ ") and re.search(r"(?:^|[|;&]\s*)zermelo\s", line[2:]) is not None


def shell_examples(page: Path) -> list[Example]:
    found: list[Example] = []
    for lang, start, body in _blocks(page):
        if lang:
            continue
        current: tuple[int, str] | None = None
        output: list[str] = []
        commands: list[str] = []
        first = 0
        for offset, text in enumerate([*body, "$ "]):
            if text.startswith("$ "):
                if current is not None:
                    first = first or current[0]
                    found.append(Example(page, *current, _trim(output), first, tuple(commands)))
                    commands.append(current[1])
                current, output = None, []
                if is_zermelo_command(text):
                    current = (start + offset, text[2:])
            elif current is not None:
                output.append(text)
    return found


def python_blocks(page: Path) -> list[PythonBlock]:
    return [
        PythonBlock(page, start, "\n".join(body) + "\n")
        for lang, start, body in _blocks(page)
        if lang == "python" and any(line.lstrip().startswith(">>>") for line in body)
    ]


def _trim(lines: list[str]) -> tuple[str, ...]:
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return tuple(out)


def _line_pattern(expected: str) -> re.Pattern[str]:
    """Spaces just before a placeholder match any number of spaces: a column of varying numbers
    keeps its right alignment in the program's output, whatever their width."""
    parts, last = [], 0
    for m in _PLACEHOLDER.finditer(expected):
        before = expected[last : m.start()]
        gap = " +" if before.endswith(" ") else ""
        parts += [re.escape(before.rstrip(" ") if gap else before), gap, f"(?:{PLACEHOLDERS[m.group()]})"]
        last = m.end()
    parts.append(re.escape(expected[last:]))
    return re.compile("".join(parts))


def matches(expected: tuple[str, ...], actual: tuple[str, ...]) -> bool:
    """Line by line; a placeholder matches its kind of text, every other character itself."""
    return len(expected) == len(actual) and all(
        _line_pattern(e).fullmatch(a) is not None for e, a in zip(expected, actual, strict=True)
    )


def _sandbox(tmp: Path) -> dict[str, str]:
    if not (tmp / "cache").exists():
        shutil.copytree(ROOT / "tests" / "data", tmp / "tests" / "data")
        (tmp / "docs" / "images").mkdir(parents=True)
        (tmp / "cache").mkdir()
    env = {
        **ENV,
        "PATH": f"{BIN}{os.pathsep}/usr/local/bin:/usr/bin:/bin",
        "HOME": str(tmp),
        "TMPDIR": str(tmp),
        "ZERMELO_CACHE_DIR": str(tmp / "cache"),
    }
    return env


# The folder of each block, and how many of its commands have run there (one pytest worker runs
# a page's examples in order, so a block's commands run once each).
_SESSIONS: dict[tuple[Path, int], tuple[Path, int]] = {}


def run(example: Example, tmp: Path) -> tuple[str, ...]:
    """What the command prints, run as the page says, in the folder of its block (``tmp`` when
    it is the block's first): the block's earlier commands have run there first."""
    folder, done = _SESSIONS.get((example.page, example.block), (tmp, 0))
    if done > len(example.before):
        folder, done = tmp, 0  # run again on its own (pytest -k, a rerun): start afresh
    env = _sandbox(folder)
    for command in example.before[done:]:
        _run_command(command, folder, env)
    _SESSIONS[(example.page, example.block)] = (folder, len(example.before) + 1)
    if example.server:
        return _run_server(example, folder, env)
    return _run_command(example.command, folder, env)


def _shell(command: str, folder: Path, env: dict[str, str]) -> dict[str, Any]:
    """How a page's command runs: bash in the block's folder, no input, stderr into stdout."""
    return {
        "args": ["bash", "-c", command],
        "cwd": folder,
        "env": env,
        "stdin": subprocess.DEVNULL,
        "stdout": subprocess.PIPE,
        "stderr": subprocess.STDOUT,
    }


#: One warm ``zermelo`` per worker (tests/warm_cli.py): a plain ``zermelo ARGS`` line runs in a child
#: it forks, a real process that skips only the imports; a line bash must read runs in bash, whose
#: ``zermelo`` (the shim first on PATH) has the same warm process run it on the shell's own
#: standard input, output and error.
_WARM: list[WarmCLI] = []
_WARM_LOCK = threading.Lock()  # ``main`` below runs blocks in two threads


def _warm() -> WarmCLI:
    with _WARM_LOCK:
        if not _WARM:
            _WARM.append(WarmCLI({**ENV, "PATH": f"{BIN}{os.pathsep}/usr/local/bin:/usr/bin:/bin"}))
            atexit.register(_WARM[0].close)
        return _WARM[0]


def _run_command(command: str, folder: Path, env: dict[str, str], *, warm: bool = True) -> tuple[str, ...]:
    """What ``command`` prints, progress lines dropped; ``warm=False``: bash and the real console
    script, no warm process."""
    argv = simple_argv(command) if warm else None
    if argv is not None:
        handle, name = tempfile.mkstemp(prefix="zermelo-output-")  # not in the folder, which a command may list
        os.close(handle)
        out = Path(name)
        try:
            _warm().run(argv, folder, env, out, TIMEOUT)
            text = out.read_bytes()
        finally:
            out.unlink()
    else:
        text = _bash(command, folder, _warm().path(env) if warm else env)
    lines = text.decode("utf-8", errors="replace").splitlines()
    return _trim([line for line in lines if not PROGRESS.fullmatch(line)])


def _bash(command: str, folder: Path, env: dict[str, str]) -> bytes:
    """What bash prints running ``command``; past ``TIMEOUT`` its whole session is killed (and with
    a shim its warm child: tests/zermelo_shim.py)."""
    with subprocess.Popen(**_shell(command, folder, env), start_new_session=True) as proc:
        try:
            return proc.communicate(timeout=TIMEOUT)[0]
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise


def _run_server(example: Example, folder: Path, env: dict[str, str]) -> tuple[str, ...]:
    """A server prints its lines and runs on: read as many lines as the page shows, then Ctrl-C."""
    proc = subprocess.Popen(**_shell(f"exec {example.command}", folder, env), start_new_session=True)
    assert proc.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60  # not an assertion on speed: only how long to wait for a line
    try:
        while len(lines) < len(example.expected) and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.decode("utf-8", errors="replace"))
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        proc.stdout.close()
    return _trim(lines)


def diff(example: Example, actual: tuple[str, ...]) -> str:
    lines = difflib.unified_diff(
        list(example.expected), list(actual), f"{example.id} (the page)", "the program", lineterm=""
    )
    return f"$ {example.command}\n" + "\n".join(lines)


def _all_shell() -> list[Example]:
    return [e for page in PAGES for e in shell_examples(page)]


def _params(slow: bool) -> list[object]:
    marks = [pytest.mark.slow] if slow else []
    return [pytest.param(e, id=e.id, marks=marks) for e in _all_shell() if e.slow == slow]


def _check(example: Example, tmp_path: Path) -> None:
    actual = run(example, tmp_path)
    if not matches(example.expected, actual):
        pytest.fail(diff(example, actual), pytrace=False)


@pytest.mark.parametrize("example", _params(slow=False))
def test_shell_example(example: Example, tmp_path: Path) -> None:
    _check(example, tmp_path)


@pytest.mark.parametrize("example", _params(slow=True))
def test_slow_shell_example(example: Example, tmp_path: Path) -> None:
    _check(example, tmp_path)


@pytest.mark.parametrize("block", [pytest.param(b, id=b.id) for page in PAGES for b in python_blocks(page)])
def test_python_example(block: PythonBlock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    parser = doctest.DocTestParser()
    globs: dict[str, object] = {}
    # The page's earlier blocks run first in the same namespace (a page reads top to bottom).
    for earlier in python_blocks(block.page):
        if earlier.line >= block.line:
            break
        quiet = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        quiet.run(parser.get_doctest(earlier.text, globs, earlier.id, str(earlier.page), 0), out=lambda _: None)
    test = parser.get_doctest(block.text, globs, block.id, str(block.page), block.line - 1)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)


# --- the runner's own rules ---------------------------------------------------------------


def test_every_page_has_its_examples_found() -> None:
    """The parser sees the pages' examples (a change of fence style would silently drop them)."""
    found = _all_shell()
    assert len(found) >= 100
    assert sum(len(python_blocks(p)) for p in PAGES) >= 3
    run = {(e.page, e.line) for e in found}
    for page in PAGES:
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("$ ") and "zermelo" in line:
                assert (page, number) in run, f"{_name(page)}:{number} shows a command that is not run: {line}"


def test_a_placeholder_matches_its_kind_only() -> None:
    assert matches(("kernel octal-sparse, <seconds> s",), ("kernel octal-sparse, 0.46 s",))
    assert matches(("<count> nodes/s",), ("1,234,567 nodes/s",))
    assert not matches(("kernel octal-sparse, <seconds> s",), ("kernel octal-dense, 0.46 s",))
    assert not matches(("grundy 3",), ("grundy 4",))  # a number without a placeholder is compared
    assert not matches(("a", "b"), ("a",))
    assert not matches(("<seconds> s",), ("fast s",))
    assert matches(("mtdf    <seconds>",), ("mtdf     0.059",)) and matches(("mtdf    <seconds>",), ("mtdf  24.614",))


def test_a_drifted_page_fails(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```\n$ zermelo nim '*3 * *5' | head -1\n*3 ⊗ *5 = *14\n```\n", encoding="utf-8")
    (example,) = shell_examples(page)
    actual = run(example, tmp_path)
    assert actual == ("*3 ⊗ *5 = *15",)
    assert not matches(example.expected, actual)
    assert "-*3 ⊗ *5 = *14" in diff(example, actual).replace(str(tmp_path) + "/", "")


def test_a_plain_line_prints_what_bash_would_run(tmp_path: Path) -> None:
    """A plain ``zermelo ARGS`` line runs in a warm child; the same line through bash (``exec``
    stops it being plain) prints the same, errors and exit status included, in the same folder."""
    env = _sandbox(tmp_path)
    for command, status in [
        ("zermelo solve nim 3 4 5", 0),
        ("zermelo solve nim 3 x", 2),
        ("zermelo sequence octal:0.07 --upto 20 --out seq.txt", 0),
    ]:
        assert simple_argv(command) is not None
        warm = _run_command(command, tmp_path, env)
        (tmp_path / "seq.txt").unlink(missing_ok=True)
        cold = _run_command(f"exec {command}", tmp_path, env, warm=False)
        assert warm and matches(tuple(re.sub(r"\d+\.\d+ s$", "<seconds> s", line) for line in warm), cold)
        assert _warm().run(command.split()[1:], tmp_path, env, tmp_path / "out", 60) == status
    assert (tmp_path / "seq.txt").is_file()  # written in the example's folder


def test_the_shim_prints_what_the_console_script_prints(tmp_path: Path) -> None:
    """A line bash must read finds the shim first on PATH (tests/zermelo_shim.py): input piped in,
    ``$?``, a pipe's statuses, stderr apart from stdout and files in the folder come out as with
    the real console script (bash, no warm process), in the same folder."""
    env = _sandbox(tmp_path)
    assert _bash("command -v zermelo", tmp_path, _warm().path(env)).decode().strip() == str(_warm().bin / "zermelo")
    for command in [
        "echo '{0|*}' | zermelo value --cgsuite | tr '*' '#'; echo \"${PIPESTATUS[@]}\"",
        'zermelo solve nim 3 x 2>err.txt >out.txt; echo "status $?"; cat err.txt out.txt',
        'zermelo games | head -2; echo "${PIPESTATUS[@]}"',
    ]:
        assert simple_argv(command) is None
        shim = _run_command(command, tmp_path, env)
        assert shim and shim == _run_command(command, tmp_path, env, warm=False), command


def _on_terminal(command: str, folder: Path, env: dict[str, str]) -> bytes:
    """What bash prints running ``command`` with a terminal as its stdout and stderr."""
    import pty

    master, slave = pty.openpty()
    chunks = []
    with subprocess.Popen(
        ["bash", "-c", command],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    ) as proc:
        os.close(slave)
        while select.select([master], [], [], TIMEOUT)[0]:
            try:
                chunks.append(os.read(master, 65536))
            except OSError:  # EIO: every process holding the terminal has ended
                break
        proc.wait(TIMEOUT)
    os.close(master)
    return b"".join(chunks)


def test_the_shim_sees_a_terminal_as_the_console_script_does(tmp_path: Path) -> None:
    """``isatty`` answers what the descriptor is: on a terminal ``zermelo play`` colours its moves."""
    env = _sandbox(tmp_path)
    command = "printf 'moves\\nquit\\n' | zermelo play nim 1 2 --seed 1; echo \"status $?\""
    shim = _on_terminal(command, tmp_path, _warm().path(env))
    assert b"\x1b[" in shim and shim.endswith(b"status 0\r\n")
    assert shim == _on_terminal(command, tmp_path, env)


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            if int(stat.read_text().rpartition(")")[2].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def _one_child(pid: int) -> int:
    deadline = time.monotonic() + 60  # not an assertion on speed: only how long to wait
    while not (found := _children(pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    (child,) = found
    return child


def test_a_killed_or_timed_out_zermelo_ends_as_the_shell_says(tmp_path: Path) -> None:
    """A warm child killed by a signal ends its shim the same way (``$?`` is 128 + N, as for the
    console script); a timeout kills the child, through the shim or the test's own client."""
    env = _sandbox(tmp_path)
    warm_env = _warm().path(env)  # started on first use: its socket is bound from here on
    with socket.socket(socket.AF_UNIX) as early:  # an asker that hangs up before asking is let go
        early.connect(_warm().socket)
    command = 'zermelo value --cgsuite; echo "status $?"'  # reads its input, which never ends
    said = []
    for shell_env, parent in [(warm_env, lambda bash: _warm().proc.pid), (env, lambda bash: bash)]:
        read, write = os.pipe()
        with subprocess.Popen(
            **{**_shell(command, tmp_path, shell_env), "stdin": read}, start_new_session=True
        ) as proc:
            os.close(read)
            os.kill(_one_child(parent(proc.pid)), signal.SIGKILL)  # zermelo handles SIGTERM itself
            said.append(re.sub(r"\d+ Killed", "<pid> Killed", proc.communicate(timeout=TIMEOUT)[0].decode()))
        os.close(write)
    assert said[0] == said[1] and said[0].endswith("status 137\n"), said

    warm = _warm()
    read, write = os.pipe()
    try:
        environ = {os.fsencode(k): os.fsencode(v) for k, v in env.items()}
        with pytest.raises(TimeoutError):
            zermelo_shim.call(warm.socket, str(tmp_path), ["value", "--cgsuite"], environ, {0: read, 1: 1, 2: 2}, 0.5)
        os.close(read)
        with pytest.raises(BrokenPipeError):  # the child, which had the pipe's other end, is dead
            os.write(write, b"0\n")
    finally:
        os.close(write)
    assert warm.proc is not None and warm.proc.poll() is None and not _children(warm.proc.pid)


# --- by hand: `python tests/test_docs.py [--update] [PAGE...]` ----------------------------


def _rewrite(page: Path, results: dict[int, tuple[str, ...]]) -> None:
    """Write the program's output under each failed ``$`` line of ``page`` (placeholders are lost
    there: put them back by hand)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    examples = {e.line: e for e in shell_examples(page)}
    for line in sorted(results, reverse=True):
        e = examples[line]
        first = line  # index (0-based) of the first output line
        end = first
        while end < len(lines) and not lines[end].startswith("$ ") and not lines[end].strip().startswith("```"):
            end += 1
        kept_blank = [""] if end > first and not lines[end - 1].strip() and e.expected else []
        lines[first:end] = [*results[line], *kept_blank]
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    from concurrent.futures import ThreadPoolExecutor

    update = "--update" in argv
    wanted = [ROOT / a for a in argv if not a.startswith("--")] or PAGES
    examples = [e for page in wanted for e in shell_examples(page) if "--slow" in argv or not e.slow]

    blocks: dict[tuple[Path, int], list[Example]] = {}
    for e in examples:
        blocks.setdefault((e.page, e.block), []).append(e)

    def one_block(block: list[Example]) -> list[tuple[Example, tuple[str, ...], float]]:
        done = []
        with tempfile.TemporaryDirectory() as tmp:
            for e in block:
                began = time.monotonic()
                try:
                    actual = run(e, Path(tmp))
                except subprocess.TimeoutExpired:
                    actual = (f"(timed out after {TIMEOUT} s)",)
                done.append((e, actual, time.monotonic() - began))
        return done

    failed: dict[Path, dict[int, tuple[str, ...]]] = {}
    with ThreadPoolExecutor(int(os.environ.get("ZERMELO_DOCS_JOBS", "2"))) as pool:
        for results in pool.map(one_block, blocks.values()):
            for e, actual, took in results:
                ok = matches(e.expected, actual)
                print(f"{'ok  ' if ok else 'FAIL'} {took:6.1f} s  {e.id}  $ {e.command}", flush=True)
                if not ok:
                    print(diff(e, actual), flush=True)
                    failed.setdefault(e.page, {})[e.line] = actual
    if update:
        for page, results in failed.items():
            _rewrite(page, results)
    print(f"{sum(map(len, failed.values()))} of {len(examples)} examples differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
