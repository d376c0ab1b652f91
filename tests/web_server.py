"""A real `zermelo serve` process on a free loopback port, for the API and browser tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serving(
    startup_seconds: float = 240.0, *, stderr: int = subprocess.PIPE, args: tuple[str, ...] = (), cwd: str | None = None
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """Start ``zermelo serve``; yield its base URL and process once it answers; stop it afterwards,
    whatever happened.  ``stderr=subprocess.DEVNULL`` for a long run (a load benchmark) that
    would fill an unread pipe.  ``args`` are more ``serve`` flags; ``cwd`` the server's folder.
    With ``ZERMELO_SERVE_SRC`` set, the server runs the zermelo of that source folder (its
    ``PYTHONPATH``): docs/web.md runs today's tests against older code so."""
    port = free_port()
    env = dict(os.environ)
    if os.environ.get("ZERMELO_SERVE_SRC"):  # benchmarks/browser_before.sh
        env["PYTHONPATH"] = os.environ["ZERMELO_SERVE_SRC"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "zermelo.cli", "serve", "--port", str(port), *args],
        stdout=subprocess.DEVNULL,
        cwd=cwd,
        stderr=stderr,
        text=True,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup_seconds
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"zermelo serve exited: {proc.stderr.read() if proc.stderr else ''}")
            try:
                if httpx2.get(f"{base}/api/games", timeout=2.0).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("zermelo serve did not answer in time")
            time.sleep(0.1)
        yield base, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@contextmanager
def running_server(startup_seconds: float = 240.0) -> Iterator[str]:
    """Start ``zermelo serve`` and yield its base URL; stop it afterwards, whatever happened."""
    with serving(startup_seconds) as (base, _proc):
        yield base
