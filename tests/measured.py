"""A real `zermelo` process under an address-space cap, and what it cost as the kernel counts it:
its peak resident memory and its CPU seconds (``wait4``'s rusage of that one child; never a wall
clock, which a loaded machine stretches)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    status: int
    out: str
    err: str
    peak_mib: float  # the child's largest resident set
    cpu_seconds: float  # user + system


def run_capped(
    argv: list[str], cap_mib: int, stdin: str = "", cwd: str | None = None, cpu_seconds: int | None = None
) -> Measured:
    """``zermelo ARGV`` under ``prlimit --as`` of ``cap_mib`` MiB: past it an allocation fails (a
    MemoryError the program must answer in one line), so a test bounds memory, not the machine.
    ``cpu_seconds`` also caps its CPU time (``--cpu``: killed past it), never the wall clock."""
    cpu = [] if cpu_seconds is None else [f"--cpu={cpu_seconds}"]
    program = ["prlimit", f"--as={cap_mib * 2**20}", *cpu, sys.executable, "-m", "zermelo.cli", *argv]
    with tempfile.TemporaryDirectory() as folder:
        # Started by a small process that reads its children's rusage: Linux keeps a process's
        # peak across fork and exec, so a child forked by this (big) test process, or the rusage
        # of a process forked by it, would report this process's size as the program's peak.
        usage_file = os.path.join(folder, "usage")
        cmd = [sys.executable, "-c", _STARTER, usage_file, *program]
        p = subprocess.run(cmd, input=stdin.encode(), capture_output=True, cwd=cwd, env={**os.environ}, timeout=600)
        with open(usage_file) as f:
            peak_kib, cpu_used = f.read().split()
    return Measured(
        status=p.returncode,
        out=p.stdout.decode(errors="replace"),
        err=p.stderr.decode(errors="replace"),
        peak_mib=int(peak_kib) / 1024,
        cpu_seconds=float(cpu_used),
    )


_STARTER = """
import resource, subprocess, sys
status = subprocess.run(sys.argv[2:]).returncode
u = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as f:
    f.write(f"{u.ru_maxrss} {u.ru_utime + u.ru_stime}")
sys.exit(status if status >= 0 else 128 - status)
"""
