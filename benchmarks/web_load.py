"""A class at once: 30 students playing and solving while three requests run to their cap.

Starts ``zermelo serve`` on a free port of 127.0.0.1 (nothing else is contacted) and, for
``SECONDS`` (60; ``python -m benchmarks.web_load 20`` for a shorter run):

* three "heavy" clients, each asking again as soon as it is answered, for requests that run to
  the cap: the value of an empty 5 × 6 Domineering board (the search stops at its 5 s budget, a
  422) twice, and the thermograph of a long Blue-Red-Green Hackenbush stalk (value arithmetic that
  polls no clock: the worker is killed at the 10 s cap, a 422);
* 30 "students", each playing and solving small positions (Nim, Wythoff, Kayles, Domineering,
  tic-tac-toe, Chomp) with a think time of 0.3-1.5 s between requests (seeded).

Reports p50 / p95 / max latency of the students' requests, the count of 5xx, and the resident
memory of the server and its workers: over the run (first, largest, last sample; the median of each
third) and at rest, no request running, before the runs and after them (a leak would show there:
the capped searches' memory goes with their killed workers).  The peer, measured in the same run, is the
same students for ``SECONDS / 3`` without the heavy clients: the ratio says what the capped
requests cost everyone else.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2

SECONDS = 60.0
STUDENTS = 30
STALK = "BRRBRBRBRBRBRBRGGGGBRBRBRBRBBRBRBRBRRRRGGGGGBBRBRBRRBRBR"
HEAVY = [
    ("/api/value", {"game": "domineering", "position": "|".join(["......"] * 5)}),
    ("/api/value", {"game": "domineering", "position": "|".join(["......"] * 5)}),
    ("/api/thermograph.png", {"game": "hackenbush", "position": STALK}),
]
CHEAP: list[tuple[str, dict[str, str]]] = [
    ("/api/solve", {"game": "nim", "position": "3 4 5"}),
    ("/api/moves", {"game": "nim", "position": "3 4 5"}),
    ("/api/play", {"game": "nim", "position": "2 4 5"}),
    ("/api/solve", {"game": "wythoff", "position": "4 7"}),
    ("/api/play", {"game": "wythoff", "position": "4 6"}),
    ("/api/moves", {"game": "kayles", "position": "12"}),
    ("/api/moves", {"game": "domineering", "position": "...|...|...", "turn": "left"}),
    ("/api/play", {"game": "domineering", "position": "...|...", "turn": "right"}),
    ("/api/solve", {"game": "tictactoe", "position": "X...O...."}),
    ("/api/play", {"game": "tictactoe", "position": "X........"}),
    ("/api/moves", {"game": "chomp", "position": "3x4"}),
]


def _load() -> str:
    """The machine's load averages (1, 5, 15 minutes), as ``uptime`` shows them."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def _tree_rss(pid: int) -> int:
    """Resident memory (bytes) of a process and all its descendants."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            total += int(Path(f"/proc/{p}/statm").read_text().split()[1]) * 4096
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
    return total


async def _student(client: httpx2.AsyncClient, rng: random.Random, until: float, out: list[tuple[float, int]]) -> None:
    await asyncio.sleep(rng.uniform(0, 1.0))
    while time.monotonic() < until:
        path, params = rng.choice(CHEAP)
        t = time.perf_counter()
        r = await client.get(path, params=params)
        out.append((time.perf_counter() - t, r.status_code))
        await asyncio.sleep(rng.uniform(0.3, 1.5))


async def _heavy(client: httpx2.AsyncClient, path: str, params: dict[str, str], until: float, out: list[int]) -> None:
    while time.monotonic() < until:
        r = await client.get(path, params=params)
        out.append(r.status_code)


async def _run(base: str, seconds: float, heavy: bool, pid: int) -> dict[str, Any]:
    rng = random.Random(16)
    cheap: list[tuple[float, int]] = []
    capped: list[int] = []
    memory: list[int] = []
    async with contextlib.AsyncExitStack() as stack:
        # Each student and each heavy client is a machine of its own (a loopback address of its
        # own): the server shares its workers fairly between addresses.
        clients = [
            await stack.enter_async_context(
                httpx2.AsyncClient(
                    base_url=base,
                    timeout=60.0,
                    transport=httpx2.AsyncHTTPTransport(local_address=f"127.0.0.{10 + n}"),
                )
            )
            for n in range(STUDENTS + len(HEAVY))
        ]
        until = time.monotonic() + seconds
        tasks = [_student(clients[i], random.Random(rng.random()), until, cheap) for i in range(STUDENTS)]
        if heavy:
            tasks += [
                _heavy(clients[STUDENTS + i], path, params, until, capped) for i, (path, params) in enumerate(HEAVY)
            ]

        async def sample() -> None:
            while time.monotonic() < until:
                memory.append(_tree_rss(pid))
                await asyncio.sleep(1.0)

        await asyncio.gather(*tasks, sample())
    times = sorted(t for t, _ in cheap)
    return {
        "requests": len(times),
        "p50": statistics.median(times),
        "p95": times[int(0.95 * (len(times) - 1))],
        "max": times[-1],
        "5xx": sum(s >= 500 for _, s in cheap) + sum(s >= 500 for s in capped),
        "capped": len(capped),
        "capped_422": sum(s == 422 for s in capped),
        "memory": memory,
    }


def _floor(base: str) -> float:
    """The median time of the cheap requests asked one at a time, nothing else running."""
    times = []
    with httpx2.Client(base_url=base, timeout=60.0) as client:
        for _ in range(5):
            for path, params in CHEAP:
                t = time.perf_counter()
                client.get(path, params=params)
                times.append(time.perf_counter() - t)
    return statistics.median(times)


def _report(label: str, r: dict[str, Any]) -> None:
    mb = [m / 2**20 for m in r["memory"]]
    print(
        f"{label:<28} {r['requests']:>6} {r['p50'] * 1000:>7.1f} {r['p95'] * 1000:>7.1f} {r['max'] * 1000:>7.1f}"
        f" {r['5xx']:>4} {r['capped']:>4} {mb[0]:>7.0f} {max(mb):>7.0f} {mb[-1]:>7.0f}"
    )


def _thirds(samples: list[int]) -> str:
    """The median memory (MB) of each third of a run: flat means no third grows on the one before."""
    k = max(1, len(samples) // 3)
    parts = [samples[:k], samples[k : 2 * k], samples[2 * k :] or samples[-1:]]
    return " / ".join(f"{statistics.median(p) / 2**20:.0f}" for p in parts)


def _at_rest(pid: int, seconds: float = 12.0) -> int:
    """The server's memory once every capped request has ended (its worker killed at the cap,
    10 s at most, and replaced): the smallest of a few samples over ``seconds``."""
    samples = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        samples.append(_tree_rss(pid))
        time.sleep(1.0)
    return min(samples)


def main(seconds: float = SECONDS) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from web_server import serving  # the tests' server: a free loopback port, stopped whatever happens

    started = time.monotonic()
    with serving(stderr=subprocess.DEVNULL) as (base, proc):
        print(f"load average before: {_load()}; server ready after {time.monotonic() - started:.1f} s")
        floor = _floor(base)
        print(f"one request at a time (the floor): median {floor * 1000:.1f} ms over HTTP")
        rest_before = _at_rest(proc.pid, 3.0)
        print(f"{STUDENTS} students; heavy: {len(HEAVY)} requests run to the cap, again and again; times in ms")
        heads = ("reqs", 6), ("p50", 7), ("p95", 7), ("max", 7), ("5xx", 4), ("cap", 4), ("MB0", 7), ("MBmax", 7)
        print(f"{'run':<28}" + "".join(f" {h:>{w}}" for h, w in heads) + f" {'MBend':>7}")
        peer = asyncio.run(_run(base, seconds / 3, False, proc.pid))
        _report("students alone (peer)", peer)
        loaded = asyncio.run(_run(base, seconds, True, proc.pid))
        _report("students + 3 capped", loaded)
        ratio = loaded["p95"] / peer["p95"]
        print(f"p95 ratio loaded / alone: {ratio:.2f}; capped answers 422: {loaded['capped_422']}")
        print(f"memory by thirds of the loaded run (median MB, capped searches included): {_thirds(loaded['memory'])}")
        rest_after = _at_rest(proc.pid)
        print(
            f"memory at rest (no request running): {rest_before / 2**20:.0f} MB before the runs, "
            f"{rest_after / 2**20:.0f} MB after ({(rest_after - rest_before) / 2**20:+.0f} MB)"
        )
        print(f"load average after: {_load()}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS)
