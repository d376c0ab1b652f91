"""A warm ``zermelo`` for the documentation's examples: one process per test worker imports the CLI
and its heavy dependencies (numpy, numba, rich) once, then forks a fresh child for each command.

A child is a real process, as ``$ zermelo ...`` in a terminal is: its own memory (no cache of an
earlier example), its own folder and environment, standard input from ``/dev/null``, standard
output and standard error on one file (block-buffered and line-buffered, as on a pipe), and it ends
through the interpreter's normal exit (``atexit``, threads joined) with the status ``zermelo``
exits with.  Only what every such process would do first, importing, is done once.  The examples'
runner (tests/test_docs.py) uses it for a plain ``zermelo ARGS`` line; a line with pipes,
redirections, variables or globs still runs in bash.

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

import json
import os
import select
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

#: Characters bash would act on outside quotes: then the line runs in bash, not here.
_SHELL = set("|&;<>()$`\\*?[]{}~!")

_CHILD = r"""
import io, json, os, sys, tempfile
import numba, numpy, rich.console  # noqa: F401  (what most commands import first)
import zermelo.cli
for _line in sys.stdin:
    _req = json.loads(_line)
    _pid = os.fork()
    if _pid == 0:
        os.chdir(_req["cwd"])
        os.environ.clear()
        os.environ.update(_req["env"])
        tempfile.tempdir = None  # $TMPDIR read again
        _out = os.open(_req["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        _null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(_null, 0)
        os.dup2(_out, 1)
        os.dup2(_out, 2)
        os.close(_out)
        os.close(_null)
        sys.stdin = io.open(0, "r", encoding="utf-8", closefd=False)
        sys.stdout = io.open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = io.open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False, buffering=1)
        sys.argv = ["zermelo", *_req["argv"]]
        raise SystemExit(zermelo.cli.main())  # the console script's own line; the interpreter exits
    print(json.dumps(_pid), flush=True)
    _, _status = os.waitpid(_pid, 0)
    print(json.dumps(os.waitstatus_to_exitcode(_status)), flush=True)
"""


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
    """The process that forks warm ``zermelo`` children (started on first use)."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env  # the process's own: the locale, TZ and the encodings are read at start
        self.proc: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _CHILD],
                env=self.env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                start_new_session=True,
            )
        return self.proc

    def _reply(self, proc: subprocess.Popen[str], until: float | None) -> int:
        assert proc.stdout is not None
        wait = None if until is None else max(0.0, until - time.monotonic())
        if not select.select([proc.stdout], [], [], wait)[0]:
            raise TimeoutError
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("the warm zermelo process died")
        value: int = json.loads(line)
        return value

    def run(self, argv: list[str], cwd: Path, env: dict[str, str], out: Path, timeout: float) -> int:
        """Run ``zermelo *argv`` in ``cwd`` with ``env``, its output into ``out``; its exit status.
        Past ``timeout`` seconds the child is killed and :class:`subprocess.TimeoutExpired` raised."""
        proc = self._start()
        assert proc.stdin is not None
        proc.stdin.write(json.dumps({"argv": argv, "cwd": str(cwd), "env": env, "out": str(out)}) + "\n")
        proc.stdin.flush()
        pid = self._reply(proc, None)
        until = time.monotonic() + timeout
        try:
            return self._reply(proc, until)
        except TimeoutError:
            os.kill(pid, signal.SIGKILL)
            self._reply(proc, None)
            raise subprocess.TimeoutExpired(["zermelo", *argv], timeout) from None

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
