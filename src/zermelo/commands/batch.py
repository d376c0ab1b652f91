"""``--batch FILE`` of ``zermelo solve``, ``value`` and ``negamax``: one position a line in, one
JSON object a line out, in one process.

A line holds the POSITION words as they would follow GAME on the command line, with the shell's
quoting (``3 4 5``; ``'..|..'``; ``''`` for Connect Four's empty board).  Each answer is the
object ``--json`` prints, on one line, with ``"line"`` (the input's line number) first.  A line
that cannot be answered gets ``{"line": N, "input": ..., "error": ...}`` and the batch goes on;
a blank line is such an error (it is never guessed to be a game's start).  Every line gets its
own ``--budget`` and ``--timeout``; the game object is made once, so its caches serve every line
(:mod:`zermelo.analyses.batch`).  Each line is written and flushed as soon as it is answered, so a program
can feed positions one at a time through a pipe; Ctrl-C stops between two lines (exit status
130), and the lines already written stay whole.  Exit status: 0, or 2 when a line was refused.
On a terminal, stderr shows how many lines are done.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from ..analyses.batch import keep_bounded
from ..core.cache import KeyedCache
from ..core.errors import InvalidPosition, ZermeloError
from ..core.files import read_text
from ..core.limits import Limits
from ..core.signals import signals_deferred
from ..games.registry import entry, game_and_position
from . import one_line
from . import words as cli_words

__all__ = ["run_batch"]

#: The largest batch file read (standard input has no limit: it is read a line at a time).
MAX_BYTES = 1 << 30

#: One line's JSON object from its game, position and limits (what ``--json`` prints).
Answer = Callable[[Any, Any, Limits], dict[str, Any]]


def run_batch(args: argparse.Namespace, answer: Answer, refused: tuple[str, ...] = ()) -> int:
    """Answer every line of ``args.batch`` with ``answer``; ``refused`` names flags that do not go
    with ``--batch`` (given: one error line for the whole command)."""
    for flag in refused:
        if getattr(args, flag.lstrip("-").replace("-", "_"), None) not in (None, False):
            raise InvalidPosition(f"{flag} does not go with --batch")
    if args.position:
        raise InvalidPosition("--batch reads the positions from its file: give GAME only")
    entry(args.game.partition(":")[0])  # an unknown game is one error for the whole command
    made: KeyedCache[str, Any] = KeyedCache()  # one rules object per game for every line: warm caches
    limits = Limits(args.budget, args.timeout)
    if args.timeout is not None and not args.timeout > 0:
        raise InvalidPosition(f"--timeout must be a positive number of seconds, got {args.timeout}")
    stream, total = _lines(args.batch)
    show = _Counter(total) if sys.stderr.isatty() and not args.quiet else None
    status = 0
    for number, line in stream:
        facts = _one(args.game, made, line, limits, answer)
        if "error" in facts:
            status = 2
        text = json.dumps({"line": number, **facts}, ensure_ascii=False)
        with signals_deferred():  # a line is written whole or not at all
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        if show is not None:
            show.step("error" in facts)
    if show is not None:
        show.end()
    return status


def _one(spec: str, made: KeyedCache[str, Any], line: str, limits: Limits, answer: Answer) -> dict[str, Any]:
    """One line's object: the answer, or the error that refused the line."""
    try:
        try:
            words = shlex.split(line)
        except ValueError as exc:  # an unclosed quote
            raise InvalidPosition(f"cannot read the line: {exc}") from None
        if not words:
            raise InvalidPosition("empty line: give a position ('' for a scored game's start)")
        game, position = game_and_position(spec, words, files=True, made=made)
        facts = answer(game, position, limits.started())
        keep_bounded(game, limits)
        return facts
    except ZermeloError as exc:
        return {"input": line, "error": one_line(cli_words(exc))}
    except RecursionError:
        return {"input": line, "error": "the position is too deep to answer"}


def _lines(name: str) -> tuple[Iterator[tuple[int, str]], int | None]:
    """Numbered lines of the file (all read first: the count shows progress) or of standard input
    (read as they come: a program may wait for each answer before it writes the next line)."""
    if name == "-":
        return _numbered(sys.stdin), None
    lines = read_text(name, what="batch file", max_bytes=MAX_BYTES).splitlines()
    return iter(enumerate(lines, 1)), len(lines)


def _numbered(stream: TextIO) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(iter(stream.readline, ""), 1):
        yield number, line.rstrip("\r\n")


class _Counter:
    """``zermelo: 12/30 lines (1 refused) 4.1 lines/s`` on the terminal, redrawn in place."""

    def __init__(self, total: int | None) -> None:
        self.total, self.done, self.bad = total, 0, 0
        self.start = self.last = time.monotonic()

    def step(self, bad: bool) -> None:
        self.done += 1
        self.bad += bad
        now = time.monotonic()
        if now - self.last >= 0.1 or self.done == self.total:
            self.last = now
            of = f"/{self.total}" if self.total is not None else ""
            refused = f" ({self.bad} refused)" if self.bad else ""
            rate = self.done / (now - self.start) if now > self.start else 0.0
            sys.stderr.write(f"\rzermelo: {self.done}{of} lines{refused} {rate:,.1f} lines/s ")
            sys.stderr.flush()

    def end(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()
