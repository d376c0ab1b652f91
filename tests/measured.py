"""A real `zermelo` process under an address-space cap, and what it cost as the kernel counts it:
its peak resident memory and its CPU seconds (``wait4``'s rusage of that one child; never a wall
clock, which a loaded machine stretches)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    status: int
    out: str
    err: str
    peak_mib: float  # the child's largest resident set
    cpu_seconds: float  # user + system


def run_capped(argv: list[str], cap_mib: int, stdin: str = "", cwd: str | None = None) -> Measured:
    """``zermelo ARGV`` under ``prlimit --as`` of ``cap_mib`` MiB: past it an allocation fails (a
    MemoryError the program must answer in one line), so a test bounds memory, not the machine."""
    cmd = ["prlimit", f"--as={cap_mib * 2**20}", sys.executable, "-m", "zermelo.cli", *argv]
    p = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ}, cwd=cwd
    )
    got: dict[str, bytes] = {}

    def read(name: str, stream: object) -> None:
        got[name] = stream.read()  # type: ignore[attr-defined]

    readers = [threading.Thread(target=read, args=(n, s)) for n, s in (("out", p.stdout), ("err", p.stderr))]
    for t in readers:
        t.start()
    assert p.stdin is not None
    p.stdin.write(stdin.encode())
    p.stdin.close()
    _, status, usage = os.wait4(p.pid, 0)  # prlimit execs the program: this pid is the program
    p.returncode = os.waitstatus_to_exitcode(status)
    for t in readers:
        t.join()
    return Measured(
        status=p.returncode,
        out=got["out"].decode(errors="replace"),
        err=got["err"].decode(errors="replace"),
        peak_mib=usage.ru_maxrss / 1024,
        cpu_seconds=usage.ru_utime + usage.ru_stime,
    )
