"""core.openblas: ``import zermelo`` asks OpenBLAS for idle workers that sleep at once.

Each case is a fresh interpreter (the variable counts only before numpy loads OpenBLAS)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

READ = "import os, sys; {before}import zermelo; print(os.environ.get('OPENBLAS_THREAD_TIMEOUT'))"

# The CPU time (clock ticks) of the process's threads but the first, after numpy's import and a
# pause: OpenBLAS's workers, which spin on a default timeout and sleep at once on ours.
WORKERS = """
import os, time
import zermelo
import numpy
time.sleep(0.3)
me = str(os.getpid())
ticks = 0
for t in os.listdir('/proc/self/task'):
    if t != me:
        fields = open(f'/proc/self/task/{t}/stat').read().rsplit(') ', 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
print(len(os.listdir('/proc/self/task')), ticks)
"""


def run(code: str, **env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k != "OPENBLAS_THREAD_TIMEOUT"}
    out = subprocess.run([sys.executable, "-c", code], env={**clean, **env}, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_import_zermelo_sets_the_timeout_when_numpy_is_not_loaded() -> None:
    assert run(READ.format(before="")) == "4"


def test_the_users_setting_stays() -> None:
    assert run(READ.format(before=""), OPENBLAS_THREAD_TIMEOUT="28") == "28"


def test_numpy_loaded_first_is_left_alone() -> None:
    assert run(READ.format(before="import numpy; ")) == "None"


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads Linux's /proc")
def test_the_workers_spin_no_longer() -> None:
    """With zermelo's setting numpy's worker threads burn (almost) no CPU; OpenBLAS's default
    spin costs them 70-100 ms of it here (7-10 ticks), measured as ticks, not wall time."""
    threads, ticks = map(int, run(WORKERS).split())
    if threads == 1:
        pytest.skip("numpy's OpenBLAS runs no worker thread here (one core, or a BLAS without threads)")
    assert ticks <= 2
