"""Which tests are slow, measured: a pytest plugin that records each test's CPU seconds and its
span on the clock, and the list of slow tests made from such a record (tests/slow_tests.txt, read
by conftest.py).

A test's cost is the larger of its CPU seconds and its seconds on the clock.  Its CPU is its
worker's own and that of the processes it started and waited for (a CLI run, a census's workers);
but most of what a browser or server test costs is in processes it does not reap (Chromium's
renderers, a server's workers), which no CPU count of the worker sees (a browser test that kept its
worker 14 s counted 0.3 CPU s), while the clock of a quiet machine does.  So ``make slow-list``
is run on a quiet machine; it runs the whole suite with the plugin on and rewrites
tests/slow_tests.txt:

    ZERMELO_CPU_LOG=cpu.log pytest -p cpu_times ...   # a line per test: CPU s, node id, worker, start, end
    python tests/cpu_times.py cpu.log > tests/slow_tests.txt

A test function is slow when its runs (every parameter) took :data:`SLOW_SECONDS` or more in all.

>>> slow_functions(["0.7\\ttests/t.py::test_x[1]", "0.6\\ttests/t.py::test_x[2]", "0.2\\ttests/t.py::test_y"])
['tests/t.py::test_x']
>>> slow_functions(["0.1\\ttests/t.py::test_server\\tgw0\\t100.00\\t101.50"])  # waited 1.5 s on a server
['tests/t.py::test_server']
"""

from __future__ import annotations

import os
import re
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator

import pytest

#: Seconds (CPU or clock, the larger) of one test function, all its parameters together, from which it is slow.
SLOW_SECONDS = 1.0


def _cpu() -> float:
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    before, start = _cpu(), time.time()
    yield
    # After the CPU and the node id: the worker and the test's start and end on the clock, to draw
    # the workers' timelines (where a run's wall time goes); never an assert.
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(os.environ.get("ZERMELO_CPU_LOG", "cpu.log"), "a", encoding="utf-8") as log:
        log.write(f"{_cpu() - before:.3f}\t{item.nodeid}\t{worker}\t{start:.2f}\t{time.time():.2f}\n")


def function_of(nodeid: str) -> str:
    """The test function of a node id: its parameters dropped."""
    return re.sub(r"\[.*\]$", "", nodeid)


def spent(lines: Iterable[str]) -> dict[str, float]:
    """Seconds by test function (all its parameters), from a log's lines: each run's CPU or its span
    on the clock, the larger (a line without the span counts its CPU)."""
    by: dict[str, float] = defaultdict(float)
    for line in lines:
        fields = line.rstrip("\n").split("\t")
        nodeid = fields[1] if len(fields) > 1 else ""
        if nodeid and "::" in nodeid and nodeid.startswith("tests/"):
            cpu = float(fields[0])
            clock = float(fields[4]) - float(fields[3]) if len(fields) >= 5 else 0.0
            by[function_of(nodeid)] += max(cpu, clock)
    return by


def slow_functions(lines: Iterable[str]) -> list[str]:
    """The test functions whose runs took :data:`SLOW_SECONDS` or more in all, sorted."""
    return sorted(f for f, s in spent(lines).items() if s >= SLOW_SECONDS)


def main(argv: list[str]) -> int:
    with open(argv[0], encoding="utf-8") as log:
        by = spent(log)
    print(f"# Test functions that took {SLOW_SECONDS:g} s or more (CPU or clock, the larger; all parameters),")
    print("# marked slow by conftest.py: `make check` leaves them out, `make test` runs them, the longest")
    print("# first (the seconds after each name order the work).  Made by `make slow-list` on a quiet machine.")
    for name in sorted(f for f, s in by.items() if s >= SLOW_SECONDS):
        print(f"{name}\t{by[name]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
