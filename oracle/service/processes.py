"""Several server processes on one port (``--processes N``), as gRPC's multiprocessing example:
the parent reserves the port (:class:`PortReservation`), forks the children before any gRPC
server exists in it, each child starts its listeners with SO_REUSEPORT by one call (``start``),
and the parent serves nothing but watches them and relays signals (:func:`run_processes`).

A signal to the parent runs the shutdown sequence in every child at once; a second kills them
all and exits at once; a child that dies while serving is replaced, one that dies before it is
ready (or the :data:`MAX_RESTARTS` + 1-th death within :data:`RESTART_WINDOW` s) stops the
server with status 1. Children ignore signals of their own and leave when the parent dies.
docs/operations.md tells it whole.

>>> with PortReservation("127.0.0.1", 0) as reserved:
...     reserved.port > 0
True
"""

from __future__ import annotations

import contextlib
import errno
import gc
import logging
import math
import multiprocessing
import os
import signal
import socket
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Protocol, Self

from oracle.service.signals import Signals

log = logging.getLogger(__name__)

MAX_RESTARTS = 5
"""How many children may die and be replaced within :data:`RESTART_WINDOW` seconds; one more
death stops the whole server (something kills them faster than they can serve)."""

RESTART_WINDOW = 60.0

START_SECONDS = 60.0
"""How long the children may take to start listening."""

EXIT_MARGIN = 5.0
"""Seconds beyond drain + grace after which the parent kills a child still shutting down."""


def default_processes(cgroup: Path = Path("/sys/fs/cgroup")) -> int:
    """The cores this process may use (the default of ``--processes``): those it may run on,
    fewer when its control group's CPU quota (a container's CPU limit) allows less.

    >>> default_processes() >= 1
    True
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    quota = cpu_quota(cgroup)
    if quota is not None:
        cores = min(cores, math.ceil(quota))
    return max(1, cores)


def cpu_quota(cgroup: Path) -> float | None:
    """The CPU limit of the control group mounted at ``cgroup``, in cores (cgroup v2's
    ``cpu.max``, v1's ``cpu/cpu.cfs_quota_us``), or ``None`` without one.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "cpu.max").write_text("150000 100000")
    ...     cpu_quota(Path(folder)), default_processes(Path(folder)) <= 2
    (1.5, True)
    """
    try:
        quota, period = (cgroup / "cpu.max").read_text().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    try:
        quota_us = int((cgroup / "cpu" / "cpu.cfs_quota_us").read_text())
        period_us = int((cgroup / "cpu" / "cpu.cfs_period_us").read_text())
    except (OSError, ValueError):
        return None
    return quota_us / period_us if quota_us > 0 and period_us > 0 else None


class Stoppable(Protocol):
    """What a child's ``start`` returns: its listeners, stopped by the shutdown sequence."""

    def stop(self, grace: float | None = ..., *, drain: float = ...) -> None: ...


class PortReservation:
    """``host:port`` held for the children: a socket bound with SO_REUSEPORT to each address of
    ``host``, never listening, so that the children can bind the same port with SO_REUSEPORT and
    ``port`` 0 becomes one free port. A fixed port another process listens on (without sharing)
    raises ``OSError`` (``EADDRINUSE``), as one server alone would fail to start."""

    def __init__(self, host: str, port: int) -> None:
        if not hasattr(socket, "SO_REUSEPORT"):
            raise OSError(errno.EOPNOTSUPP, "several processes need SO_REUSEPORT")
        infos = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
        found = list(dict.fromkeys((int(info[0]), str(info[4][0])) for info in infos))
        # An address the machine lacks (::1 without IPv6) is left out, as gRPC leaves it.
        addresses = [a for a in found if _probe(*a, port)] or found[:1]
        self.sockets: list[socket.socket] = []
        for _attempt in range(20):  # port 0: the first address's port may be taken at another
            try:
                self.port = self._bind_all(addresses, port)
                return
            except OSError as err:
                self.close()
                if port or err.errno != errno.EADDRINUSE:
                    raise
        raise OSError(errno.EADDRINUSE, f"no port free on every address of {host}")

    def _bind_all(self, addresses: list[tuple[int, str]], port: int) -> int:
        for family, address in addresses:
            sock = socket.socket(family, socket.SOCK_STREAM)
            self.sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((address, port))
            port = sock.getsockname()[1]
        return port

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()
        self.sockets = []

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _probe(family: int, address: str, port: int) -> bool:
    """Whether ``address`` exists here; ``OSError`` when another process listens on
    ``address:port`` (a closed connection still waiting on the port, as a server just stopped
    leaves, is no obstacle).

    >>> _probe(socket.AF_INET, "127.0.0.1", 0), _probe(socket.AF_INET, "192.0.2.1", 0)
    (True, False)
    """
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((address, port))
    except OSError as err:
        if err.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
            return False
        raise
    return True


@dataclass
class _Child:
    index: int
    process: Any  # multiprocessing's forked Process
    conn: Connection
    ready: bool = False


@dataclass
class _Supervisor:
    count: int
    start: Callable[[], Stoppable]
    drain: float
    grace: float | None
    on_ready: Callable[[], None]
    children: dict[int, _Child] = field(default_factory=dict)
    deaths: deque[float] = field(default_factory=deque)
    status: int = 0
    stopping: bool = False
    kill_at: float = 0.0
    announced: bool = False

    def spawn(self, index: int) -> None:
        context = multiprocessing.get_context("fork")
        parent_end, child_end = context.Pipe()
        inherited = [child.conn for child in self.children.values()] + [parent_end]
        process = context.Process(
            target=_child_main,
            args=(child_end, inherited, self.start),
            name=f"shengji-oracle-{index + 1}",
        )
        process.start()
        child_end.close()
        self.children[index] = _Child(index, process, parent_end)

    def stop_all(self) -> None:
        """Start the shutdown sequence in every child (once)."""
        if self.stopping:
            return
        self.stopping = True
        self.kill_at = time.monotonic() + self.drain + (self.grace or 0.0) + EXIT_MARGIN
        for child in self.children.values():
            with contextlib.suppress(OSError):
                child.conn.send(("stop", self.drain, self.grace))

    def kill_all(self) -> None:
        for child in self.children.values():
            child.process.kill()
        for child in self.children.values():
            child.process.join(timeout=2)

    def on_message(self, child: _Child) -> None:
        try:
            message = child.conn.recv()
        except (EOFError, OSError):
            return  # it exited: its sentinel says so
        if message[0] == "ready" and not child.ready:
            child.ready = True
            if self.announced:  # a replacement
                log.info("process %d (pid %d) serving again", child.index + 1, child.process.pid)
            if not self.announced and all(c.ready for c in self.children.values()):
                self.announced = True
                self.on_ready()
        elif message[0] == "failed":
            log.error("process %d could not start: %s", child.index + 1, message[1])
            self.status = 1
            self.stop_all()

    def on_exit(self, child: _Child) -> None:
        child.process.join()
        child.conn.close()
        del self.children[child.index]
        code = child.process.exitcode
        if self.stopping:
            if code != 0:
                log.warning("process %d exited with status %s", child.index + 1, code)
                self.status = self.status or 1
            return
        if not child.ready:
            log.error(
                "process %d exited with status %s before it was ready: stopping",
                child.index + 1,
                code,
            )
            self.status = 1
            self.stop_all()
            return
        now = time.monotonic()
        self.deaths.append(now)
        while self.deaths and self.deaths[0] < now - RESTART_WINDOW:
            self.deaths.popleft()
        if len(self.deaths) > MAX_RESTARTS:
            log.error(
                "process %d (pid %d) exited with status %s, the %d-th within %.0f s: stopping",
                child.index + 1,
                child.process.pid,
                code,
                len(self.deaths),
                RESTART_WINDOW,
            )
            self.status = 1
            self.stop_all()
            return
        log.warning(
            "process %d (pid %d) exited with status %s: starting another",
            child.index + 1,
            child.process.pid,
            code,
        )
        self.spawn(child.index)

    def run(self, signals: Signals) -> int:
        gc.freeze()  # what the parent loaded stays shared: the children's collections skip it
        for index in range(self.count):
            self.spawn(index)
        start_by = time.monotonic() + START_SECONDS
        while self.children:
            if signals.received:
                self.stop_all()
            now = time.monotonic()
            if not self.announced and not self.stopping and now > start_by:
                log.error("the processes did not start within %.0f s: stopping", START_SECONDS)
                self.status = 1
                self.stop_all()
            if self.stopping and now > self.kill_at:
                log.warning(
                    "%d process(es) still running after drain + grace: killed", len(self.children)
                )
                self.kill_all()
            by_object: dict[Any, tuple[_Child, bool]] = {}
            for child in self.children.values():
                by_object[child.conn] = (child, False)
                by_object[child.process.sentinel] = (child, True)
            ready = signals.wait(list(by_object), timeout=0.5)
            # messages first: a child that said "ready" and then died is a death while serving
            for obj in sorted(ready, key=lambda o: by_object[o][1]):
                child, exited = by_object[obj]
                if child.index not in self.children or self.children[child.index] is not child:
                    continue
                if exited:
                    self.on_exit(child)
                else:
                    self.on_message(child)
        return self.status


def _child_main(
    conn: Connection, inherited: list[Connection], start: Callable[[], Stoppable]
) -> None:
    """A child: close the parent's ends of the pipes (so that the parent's death is seen),
    start, say so, then wait for the parent's word to stop (or for its death)."""
    for end in inherited:
        end.close()
    signal.set_wakeup_fd(-1)  # the parent's, inherited
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, signal.SIG_IGN)
    try:
        running = start()
    except BaseException as err:  # noqa: BLE001 - reported to the parent, which stops
        with contextlib.suppress(OSError):
            conn.send(("failed", f"{type(err).__name__}: {err}"))
        os._exit(1)
    conn.send(("ready", os.getpid()))
    try:
        _, drain, grace = conn.recv()
    except (EOFError, OSError):
        log.warning("the parent process is gone: exiting now")
        os._exit(1)
    running.stop(grace, drain=drain)
    os._exit(0)


def run_processes(
    count: int,
    start: Callable[[], Stoppable],
    *,
    drain: float,
    grace: float | None,
    on_ready: Callable[[], None] = lambda: None,
    on_signal: Callable[[str], None] = lambda name: None,
) -> int:
    """Run ``count`` children, each serving what ``start`` starts (call it with the port of a
    :class:`PortReservation` bound in), until SIGTERM or SIGINT and the shutdown sequence of
    every child; ``on_ready`` once all listen. The exit status: 0, or 1 when a child could not
    start or died too often (a second signal exits at once with 128 + its number)."""
    supervisor = _Supervisor(count, start, drain, grace, on_ready)
    with Signals(on_signal, supervisor.kill_all) as signals:
        try:
            return supervisor.run(signals)
        finally:
            supervisor.kill_all()  # none left, unless something above failed
