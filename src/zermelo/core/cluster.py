"""A Dask cluster for the long computations (the heap census, the Connect Four books): a local
one of worker processes on this machine, or a client of a running scheduler.

Infrastructure, on the bottom floor: it knows no game.  The tasks it runs are the caller's
(:mod:`zermelo.heaps.census.run`, :mod:`zermelo.games.connect4_book`).
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Iterable
from typing import Any

from .errors import InvalidPosition

__all__ = ["LOOPBACK", "QUIET_ROUTES", "dask_cluster", "release"]

#: Where a local cluster listens: this machine only (Dask's dashboard listened on 0.0.0.0, and
#: answered on the machine's external address with the workers' addresses).
LOOPBACK = "127.0.0.1"
#: What a local cluster's HTTP servers answer without ``dashboard``: a health check, nothing that
#: lists the workers (the servers themselves always listen, on :data:`LOOPBACK`).
QUIET_ROUTES = ["distributed.http.health"]


def dask_cluster(
    workers: int | None, scheduler: str | None, processes: bool, dashboard: bool = False
) -> tuple[Any, Any, int]:
    """A Dask client (and the LocalCluster it owns, if any) and the number of workers.

    A local cluster listens on :data:`LOOPBACK` only, its scheduler, workers and nannies alike;
    its dashboard (Dask's status pages) is on only with ``dashboard`` (``census --dashboard``),
    and its address is printed then."""
    if scheduler is not None:
        distributed: Any = importlib.import_module("distributed")  # untyped: used through Any
        try:
            client = distributed.Client(scheduler, timeout=20, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise InvalidPosition(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        try:
            client.wait_for_workers(1, timeout=60)
        except TimeoutError:
            client.close()
            raise InvalidPosition(f"the Dask scheduler at {scheduler} has no worker (start `dask worker`)") from None
        return client, None, len(client.scheduler_info(n_workers=-1)["workers"])
    n = workers or os.cpu_count() or 1
    # Ctrl-C is the coordinator's: it cancels the tasks and closes the cluster, which ends the
    # workers.  The worker processes must not see SIGINT themselves (a terminal sends it to the
    # whole process group), or each prints a KeyboardInterrupt traceback.  So the first workers
    # start with SIGINT ignored (inherited), and SIGINT is *blocked* while Dask is imported and the
    # cluster built: every thread Dask starts inherits that mask, so the workers its nannies start
    # later (a restart after a crash) begin with SIGINT blocked too (a mask survives fork and exec).
    # (multiprocessing's resource tracker, started on first use, *unblocks* SIGINT in the thread
    # that starts it: it is started first, outside the blocked stretch.)
    main_thread = threading.current_thread() is threading.main_thread()
    if processes:
        importlib.import_module("multiprocessing.resource_tracker").ensure_running()
    old = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if main_thread else None
    try:
        distributed = importlib.import_module("distributed")
        dask = importlib.import_module("dask")
        quiet = {} if dashboard else {"distributed.scheduler.http.routes": QUIET_ROUTES}
        quiet |= {} if dashboard else {"distributed.worker.http.routes": QUIET_ROUTES}
        with dask.config.set(quiet):  # the nannies keep this config for the workers they start
            cluster = distributed.LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                processes=processes,
                host=LOOPBACK if processes else None,  # threads talk in-process ("inproc://"): no socket
                dashboard_address=f"{LOOPBACK}:0",
                worker_dashboard_address=f"{LOOPBACK}:0",
                scheduler_kwargs={"dashboard": dashboard},
                silence_logs=logging.CRITICAL,  # a dying worker is the census's to report (stored with its error)
            )
        client = distributed.Client(cluster, set_as_default=False)
        if dashboard:
            print(f"zermelo: Dask dashboard on {cluster.dashboard_link}", file=sys.stderr, flush=True)
    finally:
        if main_thread:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask or set())
            signal.signal(signal.SIGINT, old)
    return client, cluster, n


def release(client: Any, cluster: Any, futures: Iterable[Any]) -> None:
    """Cancel what is left of ``futures``, then close the client and (a local one) the cluster,
    which ends its workers; a failure to close is not the caller's error."""
    for f in futures:
        f.cancel()
    with contextlib.suppress(Exception):
        client.close(timeout=10)
    if cluster is not None:
        with contextlib.suppress(Exception):
            cluster.close(timeout=10)
