"""The command line: ``zermelo COMMAND ...``.  It only parses, calls an analysis and renders.

Every user error is one line on stderr and exit status 2; Ctrl-C stops cleanly (status 130), and
SIGTERM the same way (status 143: checkpoints are saved as on Ctrl-C).
Each command lives in :mod:`zermelo.commands` and registers its own sub-parser.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import importlib
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any, NoReturn

from .commands import MAX_MESSAGE, SUMMARY, one_line
from .commands import words as cli_words
from .core.checks import recursion_room
from .core.errors import Terminated, ZermeloError

__all__ = ["MAX_MESSAGE", "main", "one_line"]

#: The command modules, in the order ``zermelo --help`` lists them.
COMMANDS = tuple(SUMMARY)


class UsageError(ZermeloError):
    """Bad command-line words."""


def _columns() -> int:
    """``shutil.get_terminal_size().columns``, without importing shutil (argparse's formatter does,
    and shutil imports bz2 and lzma: 10 ms of every command's start)."""
    with contextlib.suppress(KeyError, ValueError):
        if (columns := int(os.environ["COLUMNS"])) > 0:
            return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class _Formatter(argparse.HelpFormatter):
    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    _intermixing = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # A command's flags may stand anywhere among its POSITION words
        # (`zermelo solve nim --misere 1 1 1`): plain argparse stops taking positionals after the
        # first flag.  Intermixed parsing fixes that, but only parsers without sub-commands allow it.
        if self._subparsers is None and not self._intermixing:
            self._intermixing = True
            try:
                return self.parse_known_intermixed_args(args, namespace)
            finally:
                self._intermixing = False
        return super().parse_known_args(args, namespace)


def command_word(words: Sequence[str]) -> str:
    """The command ``words`` run: their first word that is not a flag ("" when there is none).

    >>> command_word(["--version"]), command_word(["solve", "--json", "nim", "3"])
    ('', 'solve')
    """
    return next((w for w in words if not w.startswith("-")), "")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser, with every command's sub-parser; given ``argv``, only the sub-parser
    of the command it runs, so a command imports only what it uses (the others are named with
    their one-line help, as ``zermelo --help`` shows them, when ``argv`` names no known command
    or asks for the top-level help)."""
    parser = _Parser(
        prog="zermelo",
        description="Solve, analyse and play combinatorial games.",
        epilog="Example: zermelo solve nim 3 4 5",
    )
    from . import __version__

    parser.add_argument("--version", action="version", version=f"zermelo {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    wanted = None if argv is None else command_word(argv)
    # A known command's run needs no other sub-parser (each costs an argparse parser: 15-25 ms of a
    # short run's CPU for all of them); `zermelo --help CMD` and an unknown word list them all.
    alone = argv is not None and wanted in SUMMARY and not {"-h", "--help"} & set(argv[: list(argv).index(wanted)])
    for name in COMMANDS:
        if wanted is None or name == wanted:
            importlib.import_module(f".commands.{name}", __package__).add(sub)
        elif not alone:
            sub.add_parser(name, help=SUMMARY[name])
    return parser


#: The parsers built so far in this thread, by the command they were built for: a program or a
#: test calling :func:`main` many times spent most of each call building argparse's sub-parsers
#: again (gettext looks up the help texts' translation on disk each time), more than the
#: command itself took for small questions.  A parser keeps nothing of what it parsed.
_PARSERS = threading.local()


def parser_for(words: Sequence[str]) -> argparse.ArgumentParser:
    """:func:`build_parser` for ``words``, built once a command and thread."""
    wanted = command_word(words)
    if wanted not in SUMMARY:
        return build_parser(words)  # an unknown command: its error, never a cache entry
    built: dict[str, argparse.ArgumentParser] = _PARSERS.__dict__.setdefault("by_command", {})
    if wanted not in built:
        built[wanted] = build_parser(words)
    return built[wanted]


#: What the last-resort handler of :func:`main` caught: each is a bug (an input no check named),
#: even when its guess at the cause is printed as an error.  The fuzz test asserts it stays empty.
LAST_RESORT: list[str] = []


def _on_sigterm(signum: int, frame: object) -> None:
    """SIGTERM in the process that installed this handler: :class:`Terminated`, raised as Ctrl-C
    is; in a child that inherited it (a forked worker), die of SIGTERM as if never installed."""
    if os.getpid() != _TERM_PID[0]:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        return
    raise Terminated


_TERM_PID = [0]


def _catch_sigterm() -> None:
    """Turn SIGTERM into :class:`Terminated` while a command runs (only from the main thread, and
    only over the default action: a server installs its own)."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        _TERM_PID[0] = os.getpid()
        signal.signal(signal.SIGTERM, _on_sigterm)


def _one_blas_thread() -> None:
    """numpy's OpenBLAS starts a pool of threads when numpy is imported, and zermelo does no linear
    algebra: the console script asks for one thread (unless the user set it), 0.03-0.04 s of CPU
    less per process that loads numpy (issue 31: a short answer as a whole process)."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; return the exit status (the console script exits with it)."""
    if argv is None:
        _one_blas_thread()
    _catch_sigterm()
    try:
        words = glue_option_values(sys.argv[1:] if argv is None else list(argv))
        args = parser_for(words).parse_args(words)
        if any(".py" in w for w in words):  # a game of the user's file: loaded here, by the CLI only
            from .rules.userfile import prepare

            prepare(args)
        with recursion_room():  # positions as deep as their games allow (a Hackenbush stalk of 2,000)
            status: int = args.run(args)
        return status if argv is not None else exit_fast(status)
    except ZermeloError as exc:
        print(f"zermelo: error: {one_line(cli_words(exc))}", file=sys.stderr)
        return 2
    except Terminated:
        print("zermelo: terminated", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("zermelo: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: still no traceback for the user, unless asked for
        report = _users_bug(exc)
        if report is not None:  # the user's game raised it: their file, line and position
            print(f"zermelo: {report}", file=sys.stderr)
            return 2
        LAST_RESORT.append(f"{type(exc).__name__}: {exc}"[:300])
        if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
            # A number of more than 4300 digits met a parser that calls int() itself: bad input.
            limit = sys.get_int_max_str_digits()
            print(f"zermelo: error: a number has too many digits (at most {limit:,})", file=sys.stderr)
            return 2
        if os.environ.get("ZERMELO_DEBUG"):
            raise
        print(
            f"zermelo: internal error: {type(exc).__name__}: {one_line(str(exc))} (set ZERMELO_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return 1


def exit_fast(status: int) -> int:
    """End the console script's process now: the interpreter's teardown frees every module's
    objects one by one after the answer is printed — LLVM's and numba's 0.1-0.3 s of CPU, numpy's
    about 0.04 s, and even without them 0.02 s of a 0.13 s octal run without numpy (issue 31: a
    whole process against a C++ peer).  The output is flushed and the ``atexit`` handlers run
    first; with other threads alive, or output that cannot be flushed, the process ends the
    ordinary way (``status`` is returned)."""
    if threading.active_count() > 1:
        return status
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return status
    atexit._run_exitfuncs()
    os._exit(status)


#: Options whose value may start with "-" (an expression such as -1/2): argparse would take
#: ``--expr -1/2`` for two options, so the value is glued on as ``--expr=-1/2`` first.
GLUED = ("--expr",)


def glue_option_values(words: list[str]) -> list[str]:
    """``--expr -1/2`` as ``--expr=-1/2`` (the same meaning, which argparse then reads).

    >>> glue_option_values(["value", "--expr", "-1/2", "--json"])
    ['value', '--expr=-1/2', '--json']
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in GLUED and i + 1 < len(words) and words[i + 1].startswith("-") and words[i + 1] != "--":
            out.append(f"{w}={words[i + 1]}")
            i += 2
            continue
        out.append(w)
        i += 1
    return out


def _users_bug(exc: BaseException) -> str | None:
    if "zermelo.rules.userfile" not in sys.modules:
        return None
    from .rules.userfile import user_report

    return user_report(exc)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
