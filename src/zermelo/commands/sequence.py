"""``zermelo sequence GAME --upto N``: Grundy values of heaps 0..N, period, preperiod, proof."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import TYPE_CHECKING, Any

from ..core.errors import InvalidPosition, Unsupported
from ..core.files import check_output, save_figure, write_atomic
from ..core.limits import Limits
from ..games.registry import make_game
from ..heaps.driver import KERNELS, HeapSequence, SequenceProgress, code_of, on_heaps
from ..heaps.heap import HeapGame
from ..rules import Impartial
from . import SUMMARY
from .common import add_limits, emit_json, file_name, limits_from, progress_lines, stopped, whole

if TYPE_CHECKING:
    from pathlib import Path


def add(sub: Any) -> None:
    p = sub.add_parser(
        "sequence",
        help=SUMMARY["sequence"],
        description="Grundy sequence of a heap game (octal, take-and-break, subtraction, ...) with its "
        "period and preperiod, proven by the Guy–Smith theorem where it applies.",
        epilog="Example: zermelo sequence octal:0.16 --upto 400000 --json",
    )
    p.add_argument("game", metavar="GAME", help="e.g. octal:0.137, dawsonchess, grundygame, subtraction:1,3,4")
    p.add_argument("--upto", type=whole(0, None), required=True, metavar="N", help="compute heaps 0..N")
    p.add_argument("--json", action="store_true", help="print one JSON object (without the values unless --values)")
    p.add_argument("--values", action="store_true", help="include every value in the output")
    p.add_argument(
        "--out",
        type=file_name,
        metavar="FILE",
        help="write the values: FILE.npy (numpy), FILE.json, or text (one a line)",
    )
    p.add_argument(
        "--checkpoint", type=file_name, metavar="FILE", help="save progress to FILE (.npz) and resume from it"
    )
    p.add_argument(
        "--checkpoint-every",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="save the checkpoint this often (default 10; a kill loses at most this much work)",
    )
    p.add_argument("--plot", type=file_name, metavar="FILE.png", help="draw G(n) against n with the period marked")
    p.add_argument("--kernel", choices=KERNELS, help="force a kernel (default: the fastest that applies)")
    p.add_argument("--no-prove", action="store_true", help="do not compute past N to prove a period")
    p.add_argument(
        "--max", type=whole(0, None), metavar="M", help="compute at most heaps 0..M for a proof (default 4N+1000)"
    )
    add_limits(
        p,
        budget=None,
        budget_help="compute at most N heaps, the proof's included (default: no limit)",
        timeout_help="stop after this many seconds (with --checkpoint, saved first: run again to resume)",
    )
    p.set_defaults(run=run)


class _Bar:
    """Progress on stderr: a rich bar on a terminal, else a line now and then."""

    def __init__(self, enabled: bool, label: str) -> None:
        self.progress: Any = None
        self.task: Any = None
        self.last = 0
        self.label = label if len(label) <= 60 else label[:59] + "…"  # a spec of 300 nines
        self.lines: Any = None
        if enabled and not sys.stderr.isatty():
            self.lines = progress_lines()
        elif enabled:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self.progress = Progress(
                TextColumn(label),
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=Console(file=sys.stderr),
                transient=True,
            )

    def __call__(self, p: SequenceProgress) -> None:
        self.last = p.done
        if self.lines is not None and p.phase != "done":
            self.lines(p.seconds, f"{self.label}: {p.phase}, {p.done:,} of {p.total:,} heaps")
        if self.progress is None:
            return
        if self.task is None:
            self.progress.start()
            self.task = self.progress.add_task(p.phase, total=p.total)
        self.progress.update(self.task, completed=p.done, total=p.total, description=p.phase)

    def close(self) -> None:
        if self.progress is not None and self.task is not None:
            self.progress.stop()


def run(args: argparse.Namespace) -> int:
    game = make_game(args.game, files=True)
    if not isinstance(game, Impartial) or not on_heaps(game):
        raise Unsupported(f"{game.spec()}: `zermelo sequence` is for games on heaps (a position is one whole number)")
    if args.upto < 0:
        raise InvalidPosition(f"--upto must be a non-negative whole number, got {args.upto}")
    if not (math.isfinite(args.checkpoint_every) and args.checkpoint_every >= 0):
        raise InvalidPosition(f"--checkpoint-every must be a number of seconds >= 0, got {args.checkpoint_every}")
    if args.max is not None and args.max < args.upto:
        raise InvalidPosition(f"--max ({args.max}) must be at least --upto ({args.upto})")
    for name, suffix in ((args.plot, ".png"),):
        if name and not name.lower().endswith(suffix):
            raise InvalidPosition(f"--plot writes a PNG file; give a name ending in {suffix}, got {name!r}")
    for name, what in ((args.out, "values file"), (args.plot, "figure")):
        if name:
            check_output(name, what)  # a FIFO, a device or a missing folder: refused before the work
    limits = limits_from(args).replace(progress=None)  # the heaps' bar is the display
    bar = _Bar(not args.quiet, game.spec())
    try:
        result = _without_numpy(game, args, limits, bar) or _sequence()(
            game,
            args.upto,
            kernel=args.kernel,
            prove=not args.no_prove,
            max_upto=args.max,
            checkpoint=args.checkpoint,
            checkpoint_seconds=args.checkpoint_every,
            progress=bar,
            limits=limits,
        )
    except KeyboardInterrupt as stop:
        bar.close()
        where = ""
        if args.checkpoint and os.path.lexists(args.checkpoint):
            where = f"; checkpoint saved to {args.checkpoint} (run again to resume)"
        elif args.checkpoint:  # stopped before its first heaps were done: nothing was saved
            where = f"; no heap was finished, so no checkpoint was written to {args.checkpoint}"
        how, status = stopped(stop)
        print(f"zermelo: {how} after {bar.last:,} heaps{where}", file=sys.stderr)
        return status
    finally:
        bar.close()
    if args.out or args.plot:
        from pathlib import Path

        if args.out:
            _write_values(Path(args.out), result)
        if args.plot:
            plot(result, Path(args.plot))
    if args.json:
        emit_json(result.to_json(with_values=args.values))
        return 0
    _print(result, args.values)
    return 0


def _sequence() -> Any:
    from ..heaps.sequence import sequence

    return sequence


def _without_numpy(game: Impartial[Any], args: argparse.Namespace, limits: Limits, bar: _Bar) -> HeapSequence | None:
    """The run of :mod:`zermelo.heaps.quick` (no numpy in the process: issue 31's short octal runs)
    when it applies — an octal code leaving at most two heaps, none of ``--kernel``, ``--checkpoint``,
    ``--out``, ``--plot``, ``--budget``, ``--timeout``, and the buffer kernels compiled ahead of time
    (``zermelo compile``), at most 2^24 heaps — else None."""
    if args.kernel or args.checkpoint or args.out or args.plot or limits.max_positions is not None:
        return None
    if limits.max_seconds is not None or limits.deadline is not None or not isinstance(game, HeapGame):
        return None
    if game.subtraction_set is not None or game.excluded is not None:
        return None
    from ..heaps import quick

    code = code_of(game)
    if code is None or not quick.eligible(code, args.upto) or not quick.available():
        return None
    return quick.sequence(game, code, args.upto, prove=not args.no_prove, max_upto=args.max, progress=bar)


def _write_values(path: Path, s: HeapSequence) -> None:
    """The values as ``.npy``, ``.json`` or text (one a line), written atomically (a FIFO, a
    device or a symbolic link is refused, not written through)."""
    import numpy as np

    if path.suffix == ".npy":
        write_atomic(path, lambda f: np.save(f, s.values), what="values file")
    elif path.suffix == ".json":
        write_atomic(path, json.dumps(s.to_json(with_values=True)) + "\n", what="values file")
    else:
        write_atomic(path, "\n".join(map(str, s.values.tolist())) + "\n", what="values file")


def _print(s: HeapSequence, with_values: bool) -> None:
    print(f"{s.game}  heaps 0..{s.upto:,}" + (f" (computed to {s.computed - 1:,})" if s.computed > s.upto + 1 else ""))
    first = " ".join(map(str, s.values[:40].tolist()))
    print(f"  values      {first}{' ...' if len(s.values) > 40 else ''}")
    print(f"  largest     {s.largest}")
    if s.period is None:
        print("  period      none seen")
    else:
        kind = f" (arithmetic, saltus {s.saltus})" if s.saltus else ""
        print(f"  period      {s.period:,}{kind}")
        last = f"last exception at heap {s.preperiod - 1:,}" if s.preperiod else "periodic from heap 0"
        print(f"  preperiod   {s.preperiod:,}  ({last})")
    print(f"  proven      {'yes' if s.proven else 'no'}: {s.proof}")
    if s.rare_mask is not None:
        print(f"  sparse      {s.rare_mask}; {s.rare_count:,} rare heaps")
    print(f"  kernel      {s.kernel}, {s.seconds:.2f} s")
    if with_values:
        print(" ".join(map(str, s.values.tolist())))


def plot(s: HeapSequence, path: Path) -> None:
    """G(n) against n, the preperiod and one period shaded (matplotlib, Agg backend)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    n = np.arange(s.values.size)
    fig, ax = plt.subplots(figsize=(10, 4), dpi=120)
    ax.plot(n, s.values, "," if s.values.size > 5000 else ".", color="tab:blue")
    if s.period is not None and s.preperiod is not None:
        n0, p = s.preperiod, s.period
        ax.axvline(n0, color="tab:red", lw=1, label=f"preperiod {n0:,}")
        if n0 + p <= s.upto:
            ax.axvspan(n0, n0 + p, color="tab:orange", alpha=0.2, label=f"one period ({p:,})")
        ax.legend(loc="upper left")
    proof = "proven" if s.proven else "not proven"
    ax.set_title(f"{s.game}: Grundy values, heaps 0..{s.upto:,} ({proof})")
    ax.set_xlabel("heap size n")
    ax.set_ylabel("G(n)")
    fig.tight_layout()
    save_figure(fig, path)
