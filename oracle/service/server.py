"""The ``shengji-oracle`` command: the oracle over gRPC with the standard health service and
server reflection, on ``localhost:50051`` unless told otherwise (docs/operations.md).

Health, reflection and small questions are answered on an event loop, the rest in the worker
pool (:mod:`oracle.service.workers`), so a heavy question never delays a health check. SIGTERM or
SIGINT: NOT_SERVING at once, new calls still answered for ``--drain`` seconds, then calls in
flight get at most ``--grace`` seconds and the process exits; a second signal exits at once.
``--processes N`` (default: the cores) runs N such servers on one port
(:mod:`oracle.service.processes`), the same sequence in each; the options are
:mod:`oracle.service.options`.

>>> running = serve(port=0)
>>> running.port > 0
True
>>> running.stop(grace=None)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
import threading
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from oracle.service.http import HttpLimits, RunningHttp, http_port, start_http
from oracle.service.http_cors import CorsPolicy
from oracle.service.limits import MAX_MESSAGE_BYTES
from oracle.service.options import (
    DEFAULT_GRACE_SECONDS,
    DEFAULT_HOST,
    DEFAULT_PORT,
    DEFAULT_WORKERS,
    address,
    parse_args,
)
from oracle.service.processes import PortReservation, run_processes
from oracle.service.reflection import enable_reflection
from oracle.service.servicer import SERVICE_NAME, OracleService
from oracle.service.signals import Signals
from oracle.service.workers import WorkerPool, add_to_aio_server
from oracle.variants import VariantFileError, load_catalogue, variant_dirs
from oracle.version import __version__

log = logging.getLogger(__name__)

T = TypeVar("T")

_loop_lock = threading.Lock()
_loops: list[asyncio.AbstractEventLoop] = []


def event_loop() -> asyncio.AbstractEventLoop:
    """The event loop every server of the process runs on, in a daemon thread of its own.

    One loop for all the process's servers, which never ends: gRPC's asyncio layer keeps
    process-wide state, so servers started and stopped in any order share it.
    """
    with _loop_lock:
        if not _loops:
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="oracle-event-loop", daemon=True).start()
            _loops.append(loop)
        return _loops[0]


def _on_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on :func:`event_loop` and wait for its result (never call it there)."""
    return asyncio.run_coroutine_threadsafe(coroutine, event_loop()).result()


class Health:
    """The statuses of the health service, set from any thread; the servicer (``servicer``, a
    ``grpc_health`` aio servicer) answers on the event loop."""

    def __init__(self, servicer: Any) -> None:
        self.servicer = servicer

    def set(self, service: str, status: Any) -> None:
        _on_loop(self.servicer.set(service, status))

    def enter_graceful_shutdown(self) -> None:
        """NOT_SERVING for every service, for good."""
        _on_loop(self.servicer.enter_graceful_shutdown())


@dataclass
class RunningServer:
    """A started server (a ``grpc.aio.Server`` on :func:`event_loop`), its port, its health
    service and the worker pool its oracle calls run in."""

    server: Any
    port: int
    health: Health
    pool: WorkerPool
    http: RunningHttp | None = None
    """HTTP/JSON and the rule explorer beside it, stopped with it (after gRPC's grace)."""
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _stopping: bool = field(default=False, repr=False)
    _stopped: threading.Event = field(default_factory=threading.Event, repr=False)

    def stop(self, grace: float | None = DEFAULT_GRACE_SECONDS, *, drain: float = 0.0) -> None:
        """The shutdown sequence: health NOT_SERVING at once; new calls still answered for
        ``drain`` seconds; then new calls refused and those in flight given at most ``grace``
        seconds (``None``: none) before they are cancelled. A call still computing in a worker
        after that is abandoned: its context is no longer active and its thread, a daemon, never
        keeps the process alive; over HTTP its client is answered ``unavailable``. The HTTP door
        (``http``) follows the same sequence beside gRPC. A second ``stop`` waits for the first."""
        with self._lock:
            first, self._stopping = not self._stopping, True
        if not first:
            self._stopped.wait()
            return
        try:
            _on_loop(self._not_serving(drain))
            stopping_http = None
            if self.http is not None:  # both doors stop together, each with the same grace
                stopping_http = threading.Thread(
                    target=self.http.stop, args=(grace,), name="oracle-http-stop", daemon=True
                )
                stopping_http.start()
            _on_loop(self.server.stop(grace))
            if stopping_http is not None:
                stopping_http.join()
        finally:
            self.pool.shutdown(wait=False)
            self._stopped.set()
        abandoned = self.pool.busy + (self.http.abandoned if self.http is not None else 0)
        if abandoned:
            log.warning("%d call(s) still computing after the grace period: abandoned", abandoned)

    async def _not_serving(self, drain: float) -> None:
        await self.health.servicer.enter_graceful_shutdown()
        if drain > 0:
            await asyncio.sleep(drain)

    def wait(self) -> None:
        """Block until the server has stopped."""
        self._stopped.wait()


def serve(
    port: int = DEFAULT_PORT,
    host: str = DEFAULT_HOST,
    *,
    max_message_bytes: int = MAX_MESSAGE_BYTES,
    workers: int = DEFAULT_WORKERS,
    service: OracleService | None = None,
    reuse_port: bool = False,
) -> RunningServer:
    """Start the oracle with health checking and reflection; port 0 picks a free port.

    Raises ``RuntimeError`` when the address cannot be bound (a port in use; with
    ``reuse_port``, only by a socket that does not share it).
    Requests larger than ``max_message_bytes`` fail with RESOURCE_EXHAUSTED. Oracle calls run
    on ``workers`` threads; health checks and reflection never wait for them.

    >>> running = serve(port=0, host="127.0.0.1", workers=2)
    >>> channel = grpc.insecure_channel(f"127.0.0.1:{running.port}")
    >>> check = channel.unary_unary("/grpc.health.v1.Health/Check",
    ...     request_serializer=health_pb2.HealthCheckRequest.SerializeToString,
    ...     response_deserializer=health_pb2.HealthCheckResponse.FromString)
    >>> check(health_pb2.HealthCheckRequest(service=SERVICE_NAME)).status == health_pb2.HealthCheckResponse.SERVING
    True
    >>> channel.close(); running.stop(grace=None)
    """
    load_catalogue()  # a broken variant file fails here, not on the first call
    options = [
        ("grpc.max_receive_message_length", max_message_bytes),
        # One server per port, unless the processes of one server share it (SO_REUSEPORT): a
        # second server fails to start instead of sharing it.
        ("grpc.so_reuseport", int(reuse_port)),
    ]
    pool = WorkerPool(workers)
    try:
        server, health_servicer, bound = _on_loop(
            _start(address(host, port), options, pool, service)
        )
    except BaseException:
        pool.shutdown(wait=False)
        raise
    return RunningServer(server, bound, Health(health_servicer), pool)


async def _start(
    address: str, options: list[tuple[str, Any]], pool: WorkerPool, service: OracleService | None
) -> tuple[Any, Any, int]:
    server = grpc.aio.server(options=options)
    add_to_aio_server(server, pool, service)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    enable_reflection(server, (SERVICE_NAME, health.SERVICE_NAME))
    try:
        bound = server.add_insecure_port(address)
    except BaseException:
        await server.stop(None)
        raise
    await server.start()
    return server, health_servicer, int(bound)


def http_options(args: argparse.Namespace) -> dict[str, Any]:
    """The HTTP door's options from the command line: its workers, the request-size limit
    shared with gRPC (``--max-message-bytes``) and the CORS policy (``--cors-origins``)."""
    return {
        "workers": args.workers,
        "cors": CorsPolicy.parse(args.cors_origins),
        "limits": HttpLimits(max_message_bytes=args.max_message_bytes),
    }


def _start_http(args: argparse.Namespace) -> RunningHttp | None:
    """HTTP/JSON and the rule explorer beside gRPC (``--http-port``), or None without them."""
    port = http_port(args.http_port, args.port)
    if port is None:
        return None
    http = start_http(port, args.host, **http_options(args))
    log.info("HTTP/JSON and the rule explorer on http://%s/", address(args.host, http.port))
    return http


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server until SIGTERM or SIGINT, then the shutdown sequence of
    :meth:`RunningServer.stop` (in every process); the exit status is 0 after it, 128 + the
    signal's number (143, 130) when a second signal cut it short, 1 when the port is taken (or
    a process could not start or kept dying), 2 without variants."""
    args = parse_args(argv)
    pid = " [%(process)d]" if args.processes > 1 else ""
    logging.basicConfig(
        level=args.log_level,
        format=f"%(asctime)s %(levelname)s %(name)s{pid}: %(message)s",
        stream=sys.stderr,
    )
    try:
        if not load_catalogue():  # in the parent too: its children share what it loaded
            dirs = ", ".join(str(d) for d in variant_dirs())
            log.error("no variant files found (looked in %s): nothing to serve", dirs)
            return 2
    except VariantFileError as err:
        log.error("cannot load the variants: %s", err)
        return 2
    if args.processes > 1:
        return _serve_in_processes(args)
    try:
        running = serve(
            args.port, args.host, max_message_bytes=args.max_message_bytes, workers=args.workers
        )
    except RuntimeError as err:
        log.error("cannot listen on %s: %s", address(args.host, args.port), err)
        return 1
    stopped = threading.Event()
    try:
        running.http = _start_http(args)
    except OSError as err:
        port = http_port(args.http_port, args.port) or 0
        log.error("cannot listen for HTTP on %s: %s", address(args.host, port), err)
        running.stop(grace=None)
        return 1

    def stop() -> None:
        try:
            running.stop(args.grace, drain=args.drain)
        finally:
            stopped.set()
            signals.wake()

    with Signals(lambda name: _log_signal(name, args)) as signals:
        _log_serving(args, running.port)
        signals.sleep_until(lambda: signals.received is not None)
        threading.Thread(target=stop, name="oracle-stop", daemon=True).start()
        signals.sleep_until(stopped.is_set)
    log.info("stopped")
    return 0


def _serve_in_processes(args: argparse.Namespace) -> int:
    """``--processes N``: the port reserved here, N children serving it (SO_REUSEPORT)."""
    try:
        reserved = PortReservation(args.host, args.port)
    except OSError as err:
        log.error("cannot listen on %s: %s", address(args.host, args.port), err)
        return 1
    port = http_port(args.http_port, args.port)
    try:
        http_reserved = PortReservation(args.host, port) if port is not None else None
    except OSError as err:
        reserved.close()
        log.error("cannot listen for HTTP on %s: %s", address(args.host, port or 0), err)
        return 1
    with reserved, http_reserved or contextlib.nullcontext():

        def start() -> RunningServer:
            running = serve(
                reserved.port,
                args.host,
                max_message_bytes=args.max_message_bytes,
                workers=args.workers,
                reuse_port=True,
            )
            if http_reserved is not None:  # HTTP/JSON and the explorer in every process too
                running.http = start_http(
                    http_reserved.port, args.host, reuse_port=True, **http_options(args)
                )
            return running

        def ready() -> None:
            if http_reserved is not None:
                log.info(
                    "HTTP/JSON and the rule explorer on http://%s/",
                    address(args.host, http_reserved.port),
                )
            _log_serving(args, reserved.port)

        status = run_processes(
            args.processes,
            start,
            drain=args.drain,
            grace=args.grace,
            on_ready=ready,
            on_signal=lambda name: _log_signal(name, args),
        )
    if status:
        log.error("stopped, status %d", status)
    else:
        log.info("stopped")
    return status


def _log_serving(args: argparse.Namespace, port: int) -> None:
    log.info(
        "shengji-oracle %s serving %s on %s (variants: %s; %d process%s)",
        __version__,
        SERVICE_NAME,
        address(args.host, port),
        ", ".join(sorted(load_catalogue())),
        args.processes,
        "" if args.processes == 1 else "es",
    )


def _log_signal(name: str, args: argparse.Namespace) -> None:
    log.info(
        "%s: NOT_SERVING; new calls answered for %.1f s more, then calls in flight have %.1f s",
        name,
        args.drain,
        args.grace,
    )
