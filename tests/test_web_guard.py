"""The explorer's defences, against a real `zermelo serve`: no request opens a file, a foreign
``Host`` is refused (DNS rebinding), every answer carries the security headers."""

from __future__ import annotations

import contextlib
import ctypes
import os
import socket
import struct
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from web_server import serving
from zermelo.cli import main
from zermelo.web.guard import CSP, Guard, host_name

#: What the planted files hold: no answer may ever contain it.
TOKEN = "zq-secret-7f3a"
ALLOWED = "explorer.example"


class OpenWatch:
    """Every open of a file in a folder, by any process (Linux inotify): the server is another
    process, so only the kernel can tell whether it opened one."""

    IN_ACCESS, IN_OPEN = 0x1, 0x20

    def __init__(self, folder: Path) -> None:
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0 or self.libc.inotify_add_watch(self.fd, bytes(folder), self.IN_OPEN | self.IN_ACCESS) < 0:
            pytest.skip("no inotify here")

    def opened(self) -> list[str]:
        """The files opened or read since the last call (not the folder itself: the server runs in
        it, and imports list it)."""
        names = []
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return names
            at = 0
            while at < len(data):
                _wd, _mask, _cookie, size = struct.unpack_from("iIII", data, at)
                name = data[at + 16 : at + 16 + size].rstrip(b"\0").decode()
                names += [name] if name else []
                at += 16 + size

    def close(self) -> None:
        os.close(self.fd)


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, OpenWatch]]:
    """A folder with an edge-list file holding the token (a name with '-', as the issue found),
    one without, and a FIFO (opening it for reading would block: a request that tried hangs)."""
    folder = tmp_path_factory.mktemp("planted")
    for name in ("edge-list.txt", "secret"):
        (folder / name).write_text(f"a b\nb {TOKEN}\n{TOKEN} a\n", encoding="utf-8")
    os.mkfifo(folder / "fifo")
    watch = OpenWatch(folder)
    (folder / "secret").read_text()  # the watch sees an open: the check below can fail
    assert watch.opened() == ["secret", "secret"]
    yield folder, watch
    watch.close()


@pytest.fixture(scope="module")
def base(planted: tuple[Path, OpenWatch]) -> Iterator[str]:
    folder, _ = planted  # the server runs in the planted folder: relative names reach the files
    with serving(args=("--allow-host", ALLOWED), cwd=str(folder)) as (url, _proc):
        yield url


FILES = ["edge-list.txt", "secret", "fifo"]


def spellings(folder: Path) -> st.SearchStrategy[str]:
    """The ways a request could name a planted file."""
    rel = os.path.relpath(folder, "/")
    forms = st.sampled_from(
        [
            "{abs}",
            "{name}",
            "./{name}",
            "../{dir}/{name}",
            "//{rel}//{name}",
            "/{rel}/./{name}",
            "file://{abs}",
            "~/{name}",
            "{abs}/",
            "/{rel}/{name}\u0000",
            "\uff0f{rel}\uff0f{name}",  # fullwidth solidus
        ]
    )
    space = st.sampled_from(["", " ", "  ", "\t", "\n", "\u00a0", "\u3000"])
    at = st.sampled_from(["", "@", "@ "])

    @st.composite
    def build(draw: st.DrawFn) -> str:
        name = draw(st.sampled_from(FILES))
        path = draw(forms).format(abs=folder / name, name=name, dir=folder.name, rel=rel)
        return f"{draw(space)}{draw(at)}{path}{draw(space)}"

    return build()


#: Where a graph can stand in a request; True where the graph is the game (not a summand of Nim's
#: position, which /api/table, reading no position, answers with Nim's table).
PLACES = [
    (lambda s: {"game": f"digraph:{s}", "position": "a", "move": "b"}, True),
    (lambda s: {"game": "digraph", "position": f"{s} a"}, True),
    (lambda s: {"game": "nim", "position": f"3 + digraph:{s} a"}, False),
    (lambda s: {"game": "nim", "position": f"3 + digraph {s} a"}, False),
    (lambda s: {"game": f"digraph:{s}", "rows": "3"}, True),
]
#: httpx2's own encoding, every byte percent-encoded, or encoded twice (the server decodes once).
QUOTES = [
    lambda q: urllib.parse.urlencode(q),
    lambda q: "&".join(f"{k}={urllib.parse.quote(v, safe='')}" for k, v in q.items()),
    lambda q: "&".join(f"{k}={''.join(f'%{b:02X}' for b in v.encode())}" for k, v in q.items()),
    lambda q: urllib.parse.urlencode({k: urllib.parse.quote(v) for k, v in q.items()}),
]


def test_no_request_opens_a_file(base: str, planted: tuple[Path, OpenWatch]) -> None:
    """Issue 32 item 1: whatever the spelling, a graph named in a request is read as text: a 4xx
    that quotes nothing of the file, and the kernel saw no open."""
    folder, watch = planted
    endpoints = st.sampled_from(["solve", "moves", "play", "value", "find", "table"])

    # No shrinking: each example is a request to a real server, and the failing query is in the report.
    @settings(
        max_examples=80,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
        phases=[Phase.explicit, Phase.generate],
    )
    @given(endpoints, st.sampled_from(PLACES), st.sampled_from(QUOTES), spellings(folder))
    def check(endpoint: str, place: Any, quote: Any, spelling: str) -> None:
        build, graph_is_game = place
        query = quote(build(spelling))
        r = client.get(f"/api/{endpoint}?{query}")
        if graph_is_game or endpoint != "table":
            assert 400 <= r.status_code < 500, (query, r.status_code, r.text[:300])
        else:
            assert r.status_code == 200, (query, r.status_code, r.text[:300])
        assert TOKEN not in r.text, (query, r.text[:300])
        assert watch.opened() == [], query

    with httpx2.Client(base_url=base, timeout=30.0) as client:
        check()


def test_foreign_hosts_are_refused(base: str) -> None:
    """DNS rebinding: a page of evil.example that resolves to 127.0.0.1 sends ``Host: evil.example``."""
    port = base.rsplit(":", 1)[1]
    for host in ["evil.example", f"evil.example:{port}", "localhost.evil.example", "127.0.0.1.nip.io", "0.0.0.0"]:
        r = httpx2.get(f"{base}/api/games", headers={"Host": host})
        assert r.status_code == 421, host
        assert "evil" not in r.text and "nip" not in r.text and r.json()["error"].startswith("this server answers")
        assert r.headers["x-content-type-options"] == "nosniff"
        r = httpx2.get(f"{base}/", headers={"Host": host})
        assert r.status_code == 421 and "<html" not in r.text.lower()
    for host in [f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}", ALLOWED]:
        assert httpx2.get(f"{base}/api/games", headers={"Host": host}).status_code == 200, host


def test_a_loopback_host_must_name_this_servers_port(base: str) -> None:
    """``Host: 127.0.0.1:9999`` reaching the server of another port was meant for another server
    of this machine (forwarded here by whatever rebinds or proxies it): refused, as is a loopback
    name with no port (HTTP's 80).  An --allow-host name is matched by name: its proxy owns the port."""
    port = int(base.rsplit(":", 1)[1])
    other = port + 1 if port < 65535 else port - 1
    for host in [f"127.0.0.1:{other}", f"localhost:{other}", f"[::1]:{other}", "127.0.0.1", "localhost", "[::1]"]:
        r = httpx2.get(f"{base}/api/games", headers={"Host": host})
        assert r.status_code == 421 and r.headers["x-frame-options"] == "DENY", host
    for host in [f"{ALLOWED}:{other}", f"{ALLOWED}:443", f"127.0.0.1:{port}"]:
        assert httpx2.get(f"{base}/api/games", headers={"Host": host}).status_code == 200, host


def _has_security_headers(head: bytes) -> bool:
    lines = head.lower().split(b"\r\n")
    return all(
        any(line.startswith(name + b": ") for line in lines)
        for name in (b"content-security-policy", b"x-content-type-options", b"x-frame-options")
    )


def test_answers_before_the_app_carry_the_security_headers(base: str) -> None:
    """The HTTP layer's own refusals (a malformed request line: 400; a head over 256 KiB: 431)
    went out without CSP, nosniff and frame options; the 408 is checked in the slow-loris test."""
    port = int(base.rsplit(":", 1)[1])
    for request in [b"NOT HTTP AT ALL\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 2**19 + b"\r\n\r\n"]:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
            with contextlib.suppress(OSError):
                s.sendall(request)
            answer = b""
            with contextlib.suppress(ConnectionResetError):
                while chunk := s.recv(65536):
                    answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head[9:12] in (b"400", b"431") and b'"error"' in body, answer[:200]
        assert _has_security_headers(head), head


def test_the_last_resort_500_carries_the_security_headers() -> None:
    """Starlette sends the 500 of a bug from outside every middleware: the Guard never saw it."""
    from starlette.routing import Route
    from starlette.testclient import TestClient

    from zermelo.web.app import create_app

    async def boom(request: Any) -> Any:
        raise RuntimeError("a bug")

    app = create_app(workers=1)
    app.router.routes.insert(0, Route("/boom", boom))
    # Not entered as a context: the lifespan (the worker pool, seconds to start) is not needed here.
    r = TestClient(app, base_url="http://localhost", raise_server_exceptions=False).get("/boom")
    assert r.status_code == 500 and r.json() == {"error": "internal error: RuntimeError"}
    assert r.headers["content-security-policy"] == CSP and r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"


def test_a_request_without_host_is_refused(base: str) -> None:
    """HTTP/1.0 may leave ``Host`` out; no browser does, and no answer goes to an unnamed host."""
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET /api/games HTTP/1.0\r\n\r\n")
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 421"), answer[:100]


def test_every_answer_carries_the_security_headers(base: str) -> None:
    for path in ["/", "/static/app.js", "/api/games", "/api/solve?game=nim&position=3", "/api/solve?game=x", "/nope"]:
        r = httpx2.get(base + path)
        assert r.headers["content-security-policy"] == CSP, path
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY" and "frame-ancestors 'none'" in CSP
        assert r.headers["referrer-policy"] == "no-referrer"


def test_host_names() -> None:
    assert host_name("Evil.Example:8000") == "evil.example"
    assert host_name("[::1]") == "[::1]" and host_name("[::1]:8000") == "[::1]"
    assert host_name("localhost:80:80") == "localhost:80"  # no name: refused
    guard = Guard(lambda scope, receive, send: None, hosts=["::1", "Explorer.Example", "10.0.0.5"])  # type: ignore[arg-type,return-value]
    assert all(guard.allows(h) for h in ["explorer.example:443", "10.0.0.5:8000", "[::1]", "localhost"])
    assert guard.allows("localhost:8000", 8000) and guard.allows("explorer.example:443", 8000)
    assert not guard.allows("localhost:9999", 8000) and not guard.allows("localhost", 8000)
    bound = Guard(guard.app, local=["10.0.0.7"])
    assert bound.allows("10.0.0.7:8000", 8000) and not bound.allows("10.0.0.7:8001", 8000)
    assert not any(guard.allows(h) for h in [None, "", "10.0.0.6", "explorer.example.evil", "[::2]"])
    assert Guard(guard.app, hosts=["*"]).allows("anything.example")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().err


def test_serve_refuses_an_empty_host(capsys: pytest.CaptureFixture[str]) -> None:
    """uvicorn binds every interface for ``--host ''``: refused in one line."""
    for host in ["", "  "]:
        status, err = run(capsys, "serve", "--host", host, "--port", "0")
        assert status == 2 and err.count("\n") == 1 and "--host is empty" in err


def test_serve_warns_when_it_listens_everywhere(capsys: pytest.CaptureFixture[str], monkeypatch: Any) -> None:
    import uvicorn

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw))
    status, err = run(capsys, "serve", "--host", "0.0.0.0", "--port", "0")
    assert status == 0 and seen["host"] == "0.0.0.0"
    assert "warning: listening on every interface (0.0.0.0)" in err
    status, err = run(capsys, "serve", "--port", "0")
    assert status == 0 and seen["host"] == "127.0.0.1" and "warning" not in err


# ----------------------------------------------------------------------------- slow clients, greedy clients
HEAD_TIMEOUT = 2.0  # the server's own deadline in these tests; every bound below is a multiple of it
STALK = "BRRBRBRBRBRBRBRGGGGBRBRBRBRBBRBRBRBRRRRGGGGGBBRBRBRRBRBR"  # a value that runs to the cap


@pytest.fixture(scope="module")
def strict() -> Iterator[tuple[str, int]]:
    """A server with a short head deadline and four workers (a client's share: two)."""
    with serving(args=("--head-timeout", str(HEAD_TIMEOUT), "--workers", "4")) as (url, proc):
        yield url, proc.pid


def _rss(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS"))


def test_slow_heads_are_cut_off_and_others_are_served(strict: tuple[str, int]) -> None:
    """Slow-loris: 100 connections from one address trickling a request head, 20 from another
    sending long ones.  A normal client is served meanwhile; the first 64 slow ones (an address's
    limit) each get a JSON 408 within a few head deadlines, the others are closed at once; each long
    one gets a 431 at once; the server's memory is not held by them."""
    from zermelo.web.protocol import MAX_CONNECTIONS_PER_CLIENT

    base, pid = strict
    port = int(base.rsplit(":", 1)[1])
    before = _rss(pid)

    def connect(source: str) -> socket.socket:
        return socket.create_connection(("127.0.0.1", port), timeout=10 * HEAD_TIMEOUT, source_address=(source, 0))

    slow = []
    for _ in range(100):
        s = connect("127.0.0.4")
        with contextlib.suppress(OSError):
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        slow.append(s)
    long = []
    for _ in range(20):  # 1 MiB of header each: past the 256 KiB head limit
        s = connect("127.0.0.5")
        with contextlib.suppress(OSError):
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + b"a" * 2**20)
        long.append(s)
    r = httpx2.get(f"{base}/api/solve", params={"game": "nim", "position": "3 4 5"}, timeout=30)
    assert r.status_code == 200 and r.json()["outcome"] == "N"
    for s in slow[:50]:
        with contextlib.suppress(OSError):
            s.sendall(b"x")  # a byte now and then does not extend the deadline
    answers: dict[bytes, int] = {}
    for s in slow + long:
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := s.recv(65536):  # the socket's timeout (10 head deadlines) bounds the wait
                answer += chunk
        s.close()
        status = answer[9:12]
        answers[status] = answers.get(status, 0) + 1
        if status == b"408":
            assert answer.endswith(b'{"error": "the request head did not arrive within 2 s"}'), answer
        if status in (b"408", b"431"):
            assert _has_security_headers(answer.partition(b"\r\n\r\n")[0]), answer[:500]
    assert answers == {b"408": MAX_CONNECTIONS_PER_CLIENT, b"": 100 - MAX_CONNECTIONS_PER_CLIENT, b"431": 20}
    assert _rss(pid) - before < 64 * 2**20  # twenty 8 MiB heads held 160 MB before


def test_an_idle_connection_is_closed_without_an_answer(strict: tuple[str, int]) -> None:
    """A connection that sent nothing gets no 408 (a client could read it as its next answer)."""
    base, _ = strict
    with socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])), timeout=10 * HEAD_TIMEOUT) as s:
        assert s.recv(100) == b""  # closed, nothing sent


def test_one_address_cannot_starve_another(strict: tuple[str, int]) -> None:
    """40 expensive requests at once from one address: two run (its share of four workers), the
    rest past its backlog get 429 with Retry-After at once, and another address's cheap request is
    answered before any of them ends (they run to the cap)."""
    import asyncio

    base, _ = strict

    async def scenario() -> tuple[list[str], list[httpx2.Response], httpx2.Response]:
        order: list[str] = []
        greedy = httpx2.AsyncClient(
            base_url=base, timeout=60, transport=httpx2.AsyncHTTPTransport(local_address="127.0.0.2")
        )
        other = httpx2.AsyncClient(
            base_url=base, timeout=60, transport=httpx2.AsyncHTTPTransport(local_address="127.0.0.3")
        )
        async with greedy, other:

            async def heavy() -> httpx2.Response:
                r = await greedy.get("/api/thermograph.png", params={"game": "hackenbush", "position": STALK})
                order.append(f"heavy {r.status_code}")
                return r

            burst = [asyncio.ensure_future(heavy()) for _ in range(40)]

            async def refused() -> None:
                while sum(o == "heavy 429" for o in order) < 40 - 8:  # backlog: 4 × share
                    await asyncio.sleep(0.05)

            with contextlib.suppress(TimeoutError):  # (a server without shares refuses none)
                await asyncio.wait_for(refused(), 60)
            cheap = await other.get("/api/solve", params={"game": "nim", "position": "3 4 5"})
            order.append("cheap")
            for f in burst:
                f.cancel()
            done = [f.result() for f in burst if f.done() and not f.cancelled()]
            return order, done, cheap

    order, refused, cheap = asyncio.run(scenario())
    assert cheap.status_code == 200 and cheap.json()["outcome"] == "N"
    assert order == ["heavy 429"] * 32 + ["cheap"], order
    assert all(r.headers["retry-after"] == "10" and "too many requests" in r.json()["error"] for r in refused)


def test_a_stop_does_not_wait_for_answers_still_running() -> None:
    """SIGTERM (or Ctrl-C) stops the server while a request runs toward its cap: the answer still
    running is cancelled after ``STOP_SECONDS`` rather than awaited (uvicorn's default waits for
    it without end: the server outlived the request, which got its 422 at the cap first), and
    the request is told so in JSON (a 503; uvicorn's own answer was a plain-text 500).

    The request would end by itself at the search budget (5 s of the clock, a 422): the stop is
    sent once its worker has computed for a tenth of a second (half a second took 4.4 s of the
    clock on a loaded machine, and the stop lost the race once in CI)."""
    import signal
    import threading

    got: list[object] = []
    with serving(args=("--workers", "1")) as (base, proc):

        def heavy() -> None:
            try:
                r = httpx2.get(
                    f"{base}/api/thermograph.png", params={"game": "hackenbush", "position": STALK}, timeout=60
                )
                got.append((r.status_code, r.text[:200]))
            except httpx2.TransportError as e:
                got.append(type(e).__name__)

        before = _descendants_cpu(proc.pid)
        asker = threading.Thread(target=heavy)
        asker.start()
        while not any(cpu - before.get(pid, 0) > 10 for pid, cpu in _descendants_cpu(proc.pid).items()):
            assert asker.is_alive(), got  # a worker has computed for a tenth of a second: the request runs
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
        asker.join(timeout=60)
    stopping = (503, '{"error":"the server is stopping: ask again once it is back"}')
    assert proc.returncode == 0 and got == [stopping], got  # stopped before the request's budget and cap


def _descendants_cpu(root: int) -> dict[int, int]:
    """The CPU ticks (user + system) of each process below ``root``."""
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parent[int(entry)] = int(fields[1])
            ticks[int(entry)] = int(fields[11]) + int(fields[12])

    def below(pid: int) -> bool:
        while pid > 1:
            pid = parent.get(pid, 0)
            if pid == root:
                return True
        return False

    return {pid: t for pid, t in ticks.items() if below(pid)}
