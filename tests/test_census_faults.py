"""The census with real processes: a `dask scheduler` and two `dask worker` processes started
apart on 127.0.0.1, a worker and the coordinator killed with SIGKILL mid-run, and a LocalCluster
coordinator killed likewise; each time a re-run completes, checked by independent SQL queries."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from zermelo.heaps import Octal, sequence
from zermelo.heaps.census import members

CLI = [sys.executable, "-c", "import sys; from zermelo.cli import main; sys.exit(main())"]
CODES = len(members("octal", digits=2))  # 63


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(argv: list[str], log: Path) -> subprocess.Popen[bytes]:
    """A process in its own session, so the test can end it and everything it started."""
    with log.open("ab") as out:
        return subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


def stop(p: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(p.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        p.wait(timeout=10)


def rows(db: Path, where: str = "1") -> dict[tuple[str, str, int], float]:
    """(family, code, upto) -> finished_at of the done rows: an independent look at the file."""
    if not db.exists():
        return {}
    con = sqlite3.connect(db, timeout=30)
    try:
        got = con.execute(f"SELECT family, code, upto, finished_at FROM results WHERE status='done' AND {where}")
        return {(f, c, u): t for f, c, u, t in got}
    except sqlite3.OperationalError:  # the table is not there yet
        return {}
    finally:
        con.close()


def wait_for(db: Path, count: int, proc: subprocess.Popen[bytes], limit: float = 240) -> None:
    end = time.monotonic() + limit
    while len(rows(db)) < count:
        assert proc.poll() is None, "the census ended before the kill"
        assert time.monotonic() < end, f"fewer than {count} rows after {limit} s"
        time.sleep(0.05)


def check(db: Path, upto: int, before: dict[tuple[str, str, int], float]) -> None:
    con = sqlite3.connect(db)
    dups = con.execute("SELECT family, code, upto FROM results GROUP BY 1, 2, 3 HAVING COUNT(*) > 1").fetchall()
    done = con.execute("SELECT COUNT(*) FROM results WHERE member = 1 AND status = 'done' AND upto = ?", (upto,))
    bad = con.execute("SELECT COUNT(*) FROM results WHERE status != 'done'").fetchone()[0]
    n = done.fetchone()[0]
    con.close()
    assert dups == [] and bad == 0
    assert n == CODES  # every code of the census, once
    after = rows(db)
    assert {k: after[k] for k in before} == before  # nothing finished was lost or computed again
    from zermelo.heaps.census import Store

    with Store(db) as s:  # a few codes' stored values against a plain run
        for code in ("0.04", "0.6", "0.77", "0.16"):
            values = s.values("octal", code, upto)
            assert values is not None
            assert values[:3001].tolist() == sequence(Octal(code), 3000, prove=False).values.tolist()


@pytest.fixture
def dask_cluster(tmp_path: Path) -> Iterator[str]:
    """`dask scheduler` and two `dask worker` processes on 127.0.0.1, free ports; all killed after."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    log = tmp_path / "dask.log"
    procs = [
        start(
            [sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            log,
        )
    ]
    try:
        worker = [sys.executable, "-m", "dask", "worker", address, "--nthreads", "1", "--nworkers", "1"]
        worker += ["--no-dashboard", "--host", "127.0.0.1", "--local-directory", str(tmp_path)]
        procs += [start(worker, log) for _ in range(2)]
        from distributed import Client

        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        for p in procs:
            stop(p)


@pytest.mark.faults
def test_separate_scheduler_two_workers_kill_a_worker_and_the_coordinator(dask_cluster: str, tmp_path: Path) -> None:
    from distributed import Client

    db = tmp_path / "census.sqlite"
    upto = 60_000
    argv = [*CLI, "census", "octal", "--digits", "2", "--upto", str(upto), "--db", str(db)]
    argv += ["--scheduler", dask_cluster, "--quiet"]
    log = tmp_path / "coordinator.log"
    coordinator = start(argv, log)
    try:
        wait_for(db, 3, coordinator)
        with Client(dask_cluster, timeout=30) as client:
            pids = client.run(os.getpid)
            busy = [w for w, keys in client.processing().items() if keys and w in pids]
            assert busy, "no worker is computing a game"
            os.kill(pids[busy[0]], signal.SIGKILL)  # a worker dies mid-game; its nanny starts another
            wait_for(db, len(rows(db)) + 2, coordinator)
        before = rows(db)
        os.kill(coordinator.pid, signal.SIGKILL)  # then the coordinator, mid-census
        coordinator.wait(timeout=10)
        assert len(rows(db, "member = 1")) < CODES, "the census finished before the coordinator was killed"
    finally:
        stop(coordinator)
    again = subprocess.run(argv, capture_output=True, text=True, timeout=400)
    assert again.returncode == 0, again.stderr + log.read_text()
    assert "0 failed" in again.stdout and "already stored" in again.stdout
    check(db, upto, before)


def session(pid: int) -> list[tuple[int, str]]:
    """The live processes of the session ``pid`` leads: (pid, command line)."""
    out = subprocess.run(["ps", "-ww", "-o", "pid=,stat=,args=", "-s", str(pid)], capture_output=True, text=True).stdout
    found = [line.split(None, 2) for line in out.splitlines() if line.strip()]
    return [(int(p), args) for p, stat, args in found if not stat.startswith("Z")]


def workers_of(pid: int) -> set[int]:
    return {p for p, args in session(pid) if "multiprocessing.spawn" in args}


@pytest.mark.faults
def test_ctrl_c_then_kill_the_local_cluster_coordinator(tmp_path: Path) -> None:
    db = tmp_path / "census.sqlite"
    upto = 60_000
    argv = [*CLI, "census", "octal", "--digits", "2", "--upto", str(upto), "--db", str(db), "--workers", "2"]
    argv.append("--quiet")
    # Ctrl-C on a terminal interrupts the whole process group: one line, exit 130, no traceback —
    # also from a worker its nanny restarted after a crash (it does not inherit the ignored SIGINT).
    with subprocess.Popen(argv, stderr=subprocess.PIPE, text=True, start_new_session=True) as first:
        try:
            wait_for(db, 2, first)
            old = workers_of(first.pid)
            assert len(old) == 2, session(first.pid)
            os.kill(min(old), signal.SIGKILL)
            end = time.monotonic() + 60
            while not workers_of(first.pid) - old:  # the nanny starts another worker
                assert time.monotonic() < end and first.poll() is None, "no worker was restarted"
                time.sleep(0.1)
            time.sleep(1)  # let the new worker join
            os.killpg(first.pid, signal.SIGINT)
            _, err = first.communicate(timeout=120)
            time.sleep(1)
            left = session(first.pid)
        finally:
            stop(first)
    assert first.returncode == 130, err
    assert err.startswith("zermelo: census interrupted after ") and err.count("\n") == 1, err
    assert left == [], left  # every worker, the restarted one too, has stopped
    coordinator = start(argv, tmp_path / "coordinator.log")
    try:
        wait_for(db, len(rows(db)) + 3, coordinator)
        before = rows(db)
        os.kill(coordinator.pid, signal.SIGKILL)
        coordinator.wait(timeout=10)
        assert len(rows(db, "member = 1")) < CODES, "the census finished before the coordinator was killed"
    finally:
        stop(coordinator)  # and its LocalCluster's worker processes, if they outlived it
    again = subprocess.run(argv, capture_output=True, text=True, timeout=400)
    assert again.returncode == 0, again.stderr
    check(db, upto, before)
