"""Which tests are slow, measured: a pytest plugin that records each test's CPU seconds, and the
list of slow tests made from such a record (tests/slow_tests.txt, read by conftest.py).

CPU time, not the clock: the machine is shared, and a test waiting for a core is not slow.  A
test's CPU is its worker's own and that of the processes it started and waited for (a CLI run, a
census's workers); a server it leaves running is charged when it stops.

``make slow-list`` runs the whole suite with the plugin on and rewrites tests/slow_tests.txt:

    ZERMELO_CPU_LOG=cpu.log pytest -p cpu_times ...   # one line per test: seconds, node id
    python tests/cpu_times.py cpu.log > tests/slow_tests.txt

A test function is slow when its runs (every parameter) took :data:`SLOW_SECONDS` or more in all.

>>> slow_functions(["0.7\\ttests/t.py::test_x[1]", "0.6\\ttests/t.py::test_x[2]", "0.2\\ttests/t.py::test_y"])
['tests/t.py::test_x']
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

#: CPU seconds of one test function, all its parameters together, from which it is slow.
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
    """CPU seconds by test function (all its parameters), from a log's lines."""
    by: dict[str, float] = defaultdict(float)
    for line in lines:
        seconds, _, rest = line.rstrip("\n").partition("\t")
        nodeid = rest.split("\t", 1)[0]
        if nodeid and "::" in nodeid and nodeid.startswith("tests/"):
            by[function_of(nodeid)] += float(seconds)
    return by


def slow_functions(lines: Iterable[str]) -> list[str]:
    """The test functions whose runs took :data:`SLOW_SECONDS` of CPU or more in all, sorted."""
    return sorted(f for f, s in spent(lines).items() if s >= SLOW_SECONDS)


def main(argv: list[str]) -> int:
    with open(argv[0], encoding="utf-8") as log:
        by = spent(log)
    print(f"# Test functions that took {SLOW_SECONDS:g} CPU s or more (all parameters), marked slow by")
    print("# conftest.py: `make check` leaves them out, `make test` runs them, the longest first (the")
    print("# seconds after each name order the work).  Made by `make slow-list`.")
    for name in sorted(f for f, s in by.items() if s >= SLOW_SECONDS):
        print(f"{name}\t{by[name]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
