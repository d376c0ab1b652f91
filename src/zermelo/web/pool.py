"""A bounded pool of worker processes: a class's requests run at once, each in isolation.

Analyses hold the GIL (Python discovery, value arithmetic), so threads would take turns; the
explorer runs each request in one of ``size`` worker processes, forked from a preloaded
forkserver (a new worker costs milliseconds, not an import).  Each worker answers one request at
a time and keeps its own cache of searched games, so one student's huge position cannot evict
everyone's; a request goes to an idle worker that already knows its game when there is one.

Every request has a hard **cap** (seconds): past it the worker is killed and replaced, and the
request answers 422 — the analysis never goes on running.  A worker whose request has used more
than :data:`LONG` seconds of CPU is given a lower CPU priority (``nice``), so the quick requests
of everyone else keep the cores; since the priority cannot be raised back, it is replaced once it
answers.  CPU time, not time on the clock: on a machine loaded by other programs a quick request
may wait longer than that for a core, and must not be demoted (and its warm worker replaced) for it.
The pool answers nothing before every worker is ready, so the first requests never queue behind
the workers' start.
Each worker's address space is limited (``RLIMIT_AS``: a search that needs more meets a
``MemoryError``, a 422, and the worker is replaced) and a worker whose resident memory has grown
past half of it is replaced after its answer.

**Fair shares.**  Requests are queued per client (its address), and a free worker goes to the
waiting clients in turn (round robin), not to the oldest request: one client sending 40
expensive requests at once made another's cheap request wait 29.5 s.  One client runs at most
:attr:`WorkerPool.share` requests at once (half the workers), so the others always find a
worker, and has at most :attr:`WorkerPool.backlog` requests in the pool (running or waiting);
more are answered at once with 429 and ``Retry-After``.  A caller that names no client (a script,
a test of the pool) is not limited.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import os
import resource
import signal
import time
from collections import Counter, deque
from collections.abc import Coroutine, Mapping
from multiprocessing.connection import Connection
from typing import Any

from ..core.limits import Limits
from .api import Reply, error_reply, overtime

__all__ = ["LONG", "MEMORY", "WorkerPool", "default_size"]

#: The waiting line of requests that name no client.
ANYONE = ""

#: Seconds of CPU after which a running request's worker yields the CPU to the others.
LONG = 0.5
#: The niceness it gets then: a third of a normal process's share of a busy CPU (weight 335 of
#: 1024), not less, so a long request still finishes on a machine loaded by other programs.
NICE = 5
#: The address space of one worker (bytes); resident memory past half of it retires the worker.
MEMORY = 3 * 2**30
#: Seconds a request may wait for a free worker before it is told the server is busy (503).
QUEUE_WAIT = 30.0
_PAGE = os.sysconf("SC_PAGE_SIZE")
_TICK = os.sysconf("SC_CLK_TCK")
OUT_OF_MEMORY = "the analysis needs more memory than this server gives one request"


def default_size() -> int:
    """Four workers more than the cores, at least six: three requests running to their cap still
    leave the class a worker per core and more (with four workers on two cores, the one left free
    queued 30 students' requests: p95 0.8 s against 0.15 s with six, docs/benchmarks.md)."""
    return max(6, (os.cpu_count() or 2) + 4)


def _serve(conn: Connection, memory: int, limits: Limits | None, games: tuple[str, ...] = ()) -> None:
    """A worker's life: answer jobs ``(endpoint, params)`` one at a time until told to stop.

    Each answer is sent as ``(reply, going_on)``: False when the worker stops after it (out of
    memory), so the pool replaces it at once rather than hand it the next request while it exits.

    ``games`` are the user's ``FILE.py:NAME`` given to ``zermelo serve --game`` on the command
    line: loaded here at the worker's start, never because a request names a file."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    from ..rules.userfile import load, user_report

    for spec in games:
        load(spec)
    from . import api

    if limits is not None:
        api.LIMITS = limits
    conn.send(("ready", os.getpid()))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        name, params = job
        try:
            reply = api.handle(name, params)
        except Exception as exc:
            if isinstance(exc, MemoryError) or _near(memory):
                # Out of memory (some code turns a failed allocation into another error): the
                # worker may be in any state, so it answers and is replaced.
                conn.send((error_reply(OUT_OF_MEMORY, 422), False))
                return
            report = user_report(exc)  # the user's game raised it: their file, line and position
            reply = error_reply(report, 422) if report else error_reply(f"internal error: {type(exc).__name__}", 500)
        conn.send((reply, True))


def _near(memory: int) -> bool:
    """Has this process's address space come within a tenth of its limit?"""
    if not memory:
        return False
    try:
        with open("/proc/self/status") as f:
            peak = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmPeak"))
    except (OSError, StopIteration, ValueError):
        return False
    return peak >= 0.9 * memory


class _Worker:
    def __init__(self, ctx: Any, memory: int, limits: Limits | None, games: tuple[str, ...] = ()) -> None:
        self.conn, child = ctx.Pipe()
        work = (child, memory, limits, games)
        self.proc = ctx.Process(target=_serve, args=work, name="zermelo-worker", daemon=True)
        self.proc.start()
        child.close()
        self.ready = False
        self.busy = False
        self.niced = False
        self.games: deque[str] = deque(maxlen=16)  # the game specs it has searched lately
        self.idle_since = time.monotonic()

    def rss(self) -> int:
        """Resident memory in bytes (0 once gone)."""
        try:
            with open(f"/proc/{self.proc.pid}/statm") as f:
                return int(f.read().split()[1]) * _PAGE
        except (OSError, IndexError, ValueError):
            return 0

    def cpu(self) -> float:
        """Seconds of CPU the worker has used (user + system), 0 once gone."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as f:
                fields = f.read().rpartition(")")[2].split()
            return (int(fields[11]) + int(fields[12])) / _TICK
        except (OSError, IndexError, ValueError):
            return 0.0

    def nice(self) -> None:
        with contextlib.suppress(OSError, TypeError):
            os.setpriority(os.PRIO_PROCESS, self.proc.pid, NICE)
            self.niced = True

    def stop(self) -> None:
        """Kill the process (``SIGKILL``: at once, whatever it is doing) and close its pipe; not reaped."""
        with contextlib.suppress(OSError, ValueError):
            self.proc.kill()
        self.conn.close()

    def kill(self) -> None:
        """Stop and reap the process (blocking: at shutdown, or in a thread)."""
        self.stop()
        self.proc.join(timeout=5)


async def _receive(conn: Connection) -> Any:
    """The next message on ``conn``, waiting on the event loop (no thread per request)."""
    loop = asyncio.get_running_loop()
    readable: asyncio.Future[None] = loop.create_future()
    fd = conn.fileno()

    def wake() -> None:
        if not readable.done():
            readable.set_result(None)

    loop.add_reader(fd, wake)
    try:
        await readable
    finally:
        loop.remove_reader(fd)
    return conn.recv()  # the whole message follows at once: the worker writes it in one go


class WorkerPool:
    """``size`` worker processes; :meth:`run` sends one request to an idle one, within ``cap`` seconds."""

    def __init__(
        self, size: int, cap: float, memory: int = MEMORY, limits: Limits | None = None, games: tuple[str, ...] = ()
    ) -> None:
        if size < 1:
            raise ValueError(f"a pool needs at least one worker, got {size}")
        self.size, self.cap, self.memory, self.limits = size, cap, memory, limits
        self.games = games  # the user's games of `serve --game`, loaded by every worker
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(["zermelo.web.warm"])
        self._workers: list[_Worker] = []
        #: Requests waiting for a worker, per client, and the clients with any, in turn order.
        self._queues: dict[str, deque[asyncio.Future[_Worker]]] = {}
        self._turns: deque[str] = deque()
        self._running: Counter[str] = Counter()
        self._admitted: Counter[str] = Counter()
        #: The most requests one client runs at once, and has in the pool (running or waiting).
        self.share = max(1, size // 2)
        self.backlog = 4 * self.share
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        #: How many workers were replaced after a cap, a memory limit or a lowered priority.
        self.replaced = 0

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Start the workers and wait until they are all ready (or have failed to start)."""
        for _ in range(self.size):
            self._spawn()
        await asyncio.gather(*list(self._tasks))

    async def close(self) -> None:
        self._closed = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.settled(), 10)  # workers being started or reaped
        for w in self._workers:
            with contextlib.suppress(OSError):
                w.conn.send(None)
        for w in self._workers:
            w.proc.join(timeout=0.5)
            w.kill()
        self._workers.clear()

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settled(self) -> None:
        """Wait until every worker being started or reaped is done (the pool is full again)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks))

    def _spawn(self) -> None:
        """Start a worker in a thread: the fork is a round trip to the forkserver (tens of ms on a
        loaded machine) that must not stall the event loop, and with it every other request."""
        self._later(self._start_worker())

    async def _start_worker(self) -> None:
        w = await asyncio.to_thread(_Worker, self._ctx, self.memory, self.limits, self.games)
        if self._closed:
            await asyncio.to_thread(w.kill)
            return
        self._workers.append(w)
        await self._await_ready(w)

    async def _await_ready(self, w: _Worker) -> None:
        try:
            await asyncio.wait_for(_receive(w.conn), 120)
        except (TimeoutError, EOFError, OSError):
            self._retire(w, replace=False)  # a worker that cannot start is not retried for ever
            return
        w.ready = True
        self._release(w)

    def _retire(self, w: _Worker, replace: bool = True) -> None:
        """Kill a worker at once, reap it in a thread (never waiting on the event loop), replace it."""
        if w in self._workers:
            self._workers.remove(w)
        w.stop()
        self._later(asyncio.to_thread(w.proc.join, 5))
        if replace and not self._closed:
            self.replaced += 1
            self._spawn()

    # ------------------------------------------------------------------ scheduling
    def _may_run(self, client: str) -> bool:
        return client == ANYONE or self._running[client] < self.share

    async def _acquire(self, game: str, client: str) -> _Worker:
        idle = [w for w in self._workers if w.ready and not w.busy]
        # A free worker means no one who may run is waiting (_release hands workers over at once).
        if idle and self._may_run(client) and not self._queues.get(client):
            # One that knows the game, else the one idle longest.
            w = max(idle, key=lambda w: (game in w.games, -w.idle_since))
            w.busy = True
            self._running[client] += 1
            return w
        waiter: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        if client not in self._queues:
            self._queues[client] = deque()
            self._turns.append(client)
        self._queues[client].append(waiter)
        try:
            return await asyncio.wait_for(asyncio.shield(waiter), QUEUE_WAIT)
        except BaseException:
            if waiter.done() and not waiter.cancelled():
                self._running[client] -= 1
                self._release(waiter.result())  # handed over just as this request gave up
            else:
                waiter.cancel()
            raise

    def _next_waiter(self) -> tuple[str, asyncio.Future[_Worker]] | None:
        """The first waiting request of the next client in turn that may run one more, if any."""
        for _ in range(len(self._turns)):
            client = self._turns[0]
            queue = self._queues[client]
            while queue and queue[0].done():
                queue.popleft()  # gave up waiting
            if not queue:
                self._turns.popleft()
                del self._queues[client]
                continue
            self._turns.rotate(-1)  # this client goes to the back of the turn
            if self._may_run(client):
                return client, queue.popleft()
        return None

    def _kick(self) -> None:
        """Hand idle workers to waiting requests that may run now."""
        for w in self._workers:
            if w.ready and not w.busy and self._queues:
                self._release(w)

    def _release(self, w: _Worker) -> None:
        """A worker is free: hand it to the next client in turn that waits and may run, else mark it idle."""
        nxt = self._next_waiter()
        if nxt is not None:
            client, waiter = nxt
            w.busy = True
            self._running[client] += 1
            waiter.set_result(w)
            return
        w.busy = False
        w.idle_since = time.monotonic()

    async def run(self, endpoint: str, params: Mapping[str, str], client: str | None = None) -> Reply:
        """Answer one request in a worker; past the cap the worker is killed and replaced.

        ``client`` (an address) gets its fair share of the workers (the module's docstring);
        None: not limited."""
        who = ANYONE if client is None else client or "?"
        if who != ANYONE and self._admitted[who] >= self.backlog:
            wait = math.ceil(self.cap)
            reply = error_reply(
                f"too many requests at once from this address (at most {self.backlog}); try again in {wait} s", 429
            )
            return Reply(reply.status, reply.body, reply.media_type, (("retry-after", str(wait)),))
        self._admitted[who] += 1
        try:
            return await self._run(endpoint, params, who)
        finally:
            self._admitted[who] -= 1
            if not self._admitted[who]:
                del self._admitted[who]

    async def _run(self, endpoint: str, params: Mapping[str, str], client: str) -> Reply:
        game = params.get("game", "")
        try:
            w = await self._acquire(game, client)
        except TimeoutError:
            return error_reply("the server is busy: every worker is answering someone; try again in a moment", 503)
        slow = asyncio.get_running_loop().create_task(self._demote_when_long(w))
        try:
            w.conn.send((endpoint, dict(params)))
            reply: Reply
            reply, going_on = await asyncio.wait_for(_receive(w.conn), self.cap)
        except TimeoutError:
            self._retire(w)
            return error_reply(overtime(params, self.cap), 422)
        except (EOFError, OSError):
            self._retire(w)  # killed by the system (memory) or crashed
            return error_reply(OUT_OF_MEMORY, 422)
        except BaseException:
            self._retire(w)  # the request was cancelled: its worker must not go on
            raise
        finally:
            slow.cancel()
            self._running[client] -= 1
            if not self._running[client]:
                del self._running[client]
            self._kick()  # the client may run one more: a worker already idle can take it
        if not going_on or w.niced or not w.proc.is_alive() or w.rss() > self.memory // 2:
            self._retire(w)
        else:
            w.games.append(game)
            self._release(w)
        return reply

    @staticmethod
    async def _demote_when_long(w: _Worker) -> None:
        """Lower the worker's priority once this request has used :data:`LONG` seconds of CPU."""
        start = w.cpu()
        await asyncio.sleep(LONG)
        while w.cpu() - start < LONG:
            await asyncio.sleep(LONG / 2)
        w.nice()

    def stats(self) -> dict[str, Any]:
        """Workers, busy ones, waiting requests, replacements, resident memory (bytes) and process ids."""
        return {
            "workers": len(self._workers),
            "busy": sum(w.busy for w in self._workers),
            "waiting": sum(not f.done() for q in self._queues.values() for f in q),
            "replaced": self.replaced,
            "rss": [w.rss() for w in self._workers],
            "pids": [w.proc.pid for w in self._workers],
        }
