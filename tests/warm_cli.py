"""A warm ``zermelo`` for the documentation's examples: one process per test worker imports the CLI
and its heavy dependencies (numpy, numba, rich) once, then forks a fresh child for each command.

A child is a real process, as ``$ zermelo ...`` in a terminal is: its own memory (no cache of an
earlier example), its own folder, environment and arguments, and the standard input, output and
error of whoever asked (the very file descriptors, passed over a Unix socket), rebuilt as Python
builds them at start (buffered on a pipe or file, line-buffered on a terminal, ``isatty`` as the
descriptor says); it ends through the interpreter's normal exit (``atexit``, threads joined), and
its exit status -- or the signal that killed it -- goes back to the asker.  Only what such a
process would do first is done once: importing (numpy, numba, rich and every module of zermelo
but the web explorer's: none reads the environment or the folder as it is imported, which the
warm process checks) and readying numba's compiler.

Two kinds of asker (tests/test_docs.py): the test itself for a plain ``zermelo ARGS`` line
(:meth:`WarmCLI.run`: no input, the output into a file), and, for a line bash must read (pipes,
``; echo $?``, redirections, variables), the ``zermelo`` that bash finds first on PATH
(:meth:`WarmCLI.path`): tests/zermelo_shim.py, a client that starts in ~20 ms of CPU where the
console script takes ~1 s, and exits as the child did.

What a child does not share with a real ``zermelo``: the process group and session (the warm
process's: a signal sent to the shell's group does not reach it -- a server that gets Ctrl-C runs
the real console script), limits set by ``ulimit``, descriptors other than 0, 1 and 2, and what
the interpreter reads from the environment only at start (``PYTHON*`` variables, the locale): the
warm process's, which has the examples' fixed environment.

>>> simple_argv("zermelo solve nim 3 4 5  # slow")
['solve', 'nim', '3', '4', '5']
>>> simple_argv("zermelo nim '*3 * *5'")
['nim', '*3 * *5']
>>> simple_argv("zermelo solve nim 3 4 5 | head -1") is None
True
>>> simple_argv("zermelo solve nim $HOME") is None
True
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import select
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import ClassVar, NoReturn

import zermelo_shim

TESTS = Path(__file__).resolve().parent

#: Characters bash would act on outside quotes: then the line runs in bash, not here.
_SHELL = set("|&;<>()$`\\*?[]{}~!")


def simple_argv(command: str) -> list[str] | None:
    """The arguments of ``zermelo ARGS`` when bash would do nothing but split the words (quotes,
    a trailing ``# comment``); ``None`` for anything else."""
    try:
        lex = shlex.shlex(command, posix=False, punctuation_chars=False)
        lex.whitespace_split = True
        raw = list(lex)  # quoted words keep their quotes; the comment is dropped
        words = shlex.split(command, comments=True)
    except ValueError:
        return None
    for word in raw:
        if word[0] in "'\"":
            if word[0] == '"' and any(c in word for c in "$`\\!"):
                return None  # bash expands inside double quotes
            continue
        if _SHELL & set(word):
            return None
    if not words or words[0] != "zermelo" or "=" in raw[0]:
        return None
    return words[1:]


class WarmCLI:
    """The process that forks warm ``zermelo`` children (started on first use), and the shim that
    asks it from a shell.  Thread-safe: each request has its own connection."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env  # the process's own: the locale, TZ and the encodings are read at start
        self.proc: subprocess.Popen[bytes] | None = None
        self.folder = Path(tempfile.mkdtemp(prefix="zermelo-warm-"))
        self.socket = str(self.folder / "socket")
        self.bin = self.folder / "bin"
        self.bin.mkdir()
        shim = self.bin / "zermelo"
        source = (TESTS / "zermelo_shim.py").read_text(encoding="utf-8")
        shim.write_text(f"#!{sys.executable} -IS\n{source}\nmain({self.socket!r})\n", encoding="utf-8")
        shim.chmod(0o755)
        self._lock = threading.Lock()

    def path(self, env: dict[str, str]) -> dict[str, str]:
        """``env`` with the shim first on PATH: the ``zermelo`` a shell then runs is a warm child."""
        self._start()
        return {**env, "PATH": f"{self.bin}{os.pathsep}{env['PATH']}"}

    def _start(self) -> None:
        with self._lock:
            if self.proc is not None and self.proc.poll() is None:
                return
            Path(self.socket).unlink(missing_ok=True)
            # Bound and listening before the warm process has imported anything: an early
            # request waits in the queue.
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
                listener.bind(self.socket)
                listener.listen(64)
                code = f"import sys; sys.path.insert(0, {str(TESTS)!r}); import warm_cli; warm_cli.serve()"
                self.proc = subprocess.Popen(
                    [sys.executable, "-c", code, str(listener.fileno()), str(self.bin)],
                    env={"OPENBLAS_NUM_THREADS": "1", **self.env},  # as the console script asks (cli.py)
                    stdin=subprocess.PIPE,  # closed when this process ends: then so does the warm one
                    stdout=subprocess.DEVNULL,
                    pass_fds=[listener.fileno()],
                    start_new_session=True,
                )

    def run(self, argv: list[str], cwd: Path, env: dict[str, str], out: Path, timeout: float) -> int:
        """Run ``zermelo *argv`` in ``cwd`` with ``env``, no input, its output into ``out``; its
        exit code (negative: killed by that signal).  Past ``timeout`` seconds the child is killed
        and :class:`subprocess.TimeoutExpired` raised."""
        self._start()
        null = os.open(os.devnull, os.O_RDONLY)
        output = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        environ = {os.fsencode(name): os.fsencode(value) for name, value in env.items()}
        try:
            return zermelo_shim.call(self.socket, str(cwd), argv, environ, {0: null, 1: output, 2: output}, timeout)
        except TimeoutError:
            raise subprocess.TimeoutExpired(["zermelo", *argv], timeout) from None
        finally:
            os.close(null)
            os.close(output)

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


# --- the warm process: ``serve`` runs in its own interpreter, started by WarmCLI._start -------


def serve() -> None:
    """Import, then fork a child for each request on the listening socket (descriptor
    ``sys.argv[1]``) until standard input closes (the test process has gone).  ``sys.argv[2]``
    is the shim's folder, taken off a child's PATH."""
    import numba  # (what most commands import first)
    import numpy  # noqa: F401
    import rich.console  # noqa: F401

    import zermelo.cli

    _import_every_module(Path(zermelo.cli.__file__).parent)

    # numba's compiler made ready (LLVM, its typing and target contexts), as the first kernel any
    # child runs, loaded from numba's disk cache or compiled, would make it: ~0.3 CPU s a child.
    # The child still loads or compiles every zermelo kernel it calls itself.
    @numba.njit(cache=False)
    def ready(x: int) -> int:
        return x + 1

    ready(1)
    # What the warm process made, out of the collector's sight (``gc.freeze``, as the gc module's
    # documentation advises before forking): a child's collections, above all the one at its exit,
    # no longer walk (and copy page by page) numba's and numpy's objects: a child's exit took
    # 0.38 CPU s, now 0.07.  The child's own objects are collected as in any process.
    gc.collect()
    gc.freeze()
    listener = socket.socket(fileno=int(sys.argv[1]))
    shim = os.fsencode(sys.argv[2])
    sys.path.remove(str(TESTS))
    sys.path[0] = str(Path(sys.executable).parent)  # "" (-c): a child's is the console script's folder
    stdio = [(s.encoding, s.errors) for s in (sys.stdin, sys.stdout, sys.stderr)]
    running: dict[int, tuple[int, socket.socket]] = {}  # pidfd -> (pid, its asker's connection)
    watched: dict[int, int] = {}  # a connection's descriptor -> the pidfd of its child
    while True:
        for fd in select.select([0, listener.fileno(), *running, *watched], [], [])[0]:
            if fd == 0:
                if not os.read(0, 4096):
                    return
            elif fd == listener.fileno():
                conn, _ = listener.accept()
                request = _receive(conn)
                if request is None:
                    conn.close()
                    continue
                payload, fds = request
                pid = os.fork()
                if pid == 0:  # no try/finally around this: the child's SystemExit leaves through here
                    for other in [listener, conn, *(c for _, c in running.values())]:
                        other.close()
                    for pidfd in running:
                        os.close(pidfd)
                    _child(payload, fds, shim, stdio)
                for received in fds:
                    os.close(received)
                pidfd = os.pidfd_open(pid)
                running[pidfd] = (pid, conn)
                watched[conn.fileno()] = pidfd
            elif fd in running:
                pid, conn = running.pop(fd)
                os.close(fd)
                watched.pop(conn.fileno(), None)
                code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
                with contextlib.suppress(OSError):  # the asker has gone
                    conn.sendall(code.to_bytes(4, "little", signed=True))
                conn.close()
            elif fd in watched:  # the asker hung up (killed, or timed out): the child is killed
                pidfd = watched.pop(fd)
                os.kill(running[pidfd][0], signal.SIGKILL)


class _Watched(type(os.environ)):  # type: ignore[misc]
    """``os.environ`` while the warm process imports: it notes each name read."""

    read: ClassVar[list[str]] = []

    def __getitem__(self, name: str) -> str:
        self.read.append(name)
        return super().__getitem__(name)


def _import_every_module(package: Path) -> None:
    """Import every module of zermelo a command may import, so that no child imports its own
    (0.02-0.1 CPU s a child); not the web explorer's (a server runs the console script).  A module
    that read the environment or the folder as it is imported would read the warm process's, not
    the example's: that stops the warm process, with the culprit named."""
    names = sorted(
        ".".join(("zermelo", *path.relative_to(package).with_suffix("").parts)).removesuffix(".__init__")
        for path in package.rglob("*.py")
    )
    os.environ.__class__, getcwd = _Watched, os.getcwd
    os.getcwd = lambda: _Watched.read.append("the folder") or getcwd()  # type: ignore[func-returns-value]
    try:
        for name in names:
            if not name.startswith(("zermelo.web", "zermelo.demo")):
                importlib.import_module(name)
                if _Watched.read:
                    raise RuntimeError(f"importing {name} read {sorted(set(_Watched.read))}: warm_cli cannot import it")
    finally:
        os.environ.__class__, os.getcwd = type(os.environ).__mro__[1], getcwd


def _receive(conn: socket.socket) -> tuple[bytes, list[int]] | None:
    """A request's payload and descriptors (tests/zermelo_shim.py); ``None`` if the asker hung up
    before it had sent the whole request (its descriptors closed)."""
    head, fds, _, _ = socket.recv_fds(conn, 4, 3)
    data = bytearray(head)
    while len(data) < 4 + int.from_bytes(data[:4], "little") or len(data) < 4:
        more = conn.recv(1 << 16)
        if not more:
            for fd in fds:
                os.close(fd)
            return None
        data += more
    return bytes(data[4:]), fds


def _child(payload: bytes, fds: list[int], shim: bytes, stdio: list[tuple[str, str]]) -> NoReturn:
    """Become ``zermelo`` as the request says, and run it; the interpreter exits as it does."""
    streams, cwd, argc, *rest = payload.split(b"\0")
    argv, environ = rest[: int(argc)], rest[int(argc) :]
    given = dict(zip((int(c) for c in streams.decode()), fds, strict=True))
    for target in (0, 1, 2):
        if target in given:
            os.dup2(given[target], target)
        else:
            os.close(target)
    for fd in set(fds) - {0, 1, 2}:
        os.close(fd)
    os.environb.clear()
    os.environb.update(item.split(b"=", 1) for item in environ if b"=" in item)
    if b"PATH" in os.environb:
        os.environb[b"PATH"] = b":".join(p for p in os.environb[b"PATH"].split(b":") if p != shim)
    tempfile.tempdir = None  # $TMPDIR read again
    os.chdir(cwd)
    # As Python builds them at start: buffered, line-buffered on a terminal (``io.open`` asks
    # ``isatty``) and always for stderr; no newline translation.
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        encoding, errors = stdio[fd]
        stream = None
        if fd in given:
            mode, buffering = ("r" if fd == 0 else "w"), (1 if fd == 2 else -1)
            stream = open(fd, mode, buffering, encoding, errors, newline="\n", closefd=False)  # noqa: SIM115
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)
    sys.argv = [str(Path(sys.executable).parent / "zermelo"), *map(os.fsdecode, argv)]
    import zermelo.cli  # imported already: the name only

    raise SystemExit(zermelo.cli.main())  # the console script's own line; the interpreter exits
