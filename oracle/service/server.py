"""The ``shengji-oracle`` command: the oracle over gRPC with the standard health service and
server reflection, on ``localhost:50051`` unless told otherwise (README, "Running the service").

The oracle has no authentication and no TLS, so it listens on the loopback interfaces unless
``--host`` says otherwise (``0.0.0.0`` or ``::`` in a container). SIGTERM and SIGINT stop it
gracefully: the health status turns NOT_SERVING, new calls are refused and calls in flight get
``--grace`` seconds to finish (a second signal stops at once).

Tests start a server in-process on a free port:

>>> running = serve(port=0)
>>> running.port > 0
True
>>> running.stop(grace=None)
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from collections.abc import Sequence
from concurrent import futures
from dataclasses import dataclass
from types import FrameType
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from oracle import __version__
from oracle.service.limits import MAX_MESSAGE_BYTES
from oracle.service.servicer import SERVICE_NAME, add_to_server
from oracle.variants import VariantFileError, load_catalogue, variant_dirs

log = logging.getLogger(__name__)

DEFAULT_PORT = 50051
"""The port the oracle listens on unless told otherwise."""

DEFAULT_HOST = "localhost"
"""Loopback only (IPv4 and IPv6): the oracle has no authentication."""

DEFAULT_WORKERS = 8
"""Threads answering calls; the engine is pure Python, so more rarely helps."""

DEFAULT_GRACE_SECONDS = 5.0
"""How long calls in flight may take to finish after SIGTERM or SIGINT."""

PORT_ENV = "SHENGJI_ORACLE_PORT"
HOST_ENV = "SHENGJI_ORACLE_HOST"
LOG_LEVEL_ENV = "SHENGJI_ORACLE_LOG_LEVEL"


@dataclass
class RunningServer:
    """A started server, the port it is bound to and its health service."""

    server: Any
    port: int
    health: health.HealthServicer

    def stop(self, grace: float | None = DEFAULT_GRACE_SECONDS) -> None:
        """Report NOT_SERVING, refuse new calls and wait up to ``grace`` seconds for those in flight."""
        self.health.enter_graceful_shutdown()
        self.server.stop(grace).wait()

    def wait(self) -> None:
        """Block until the server has stopped."""
        self.server.wait_for_termination()


def serve(
    port: int = DEFAULT_PORT,
    host: str = DEFAULT_HOST,
    *,
    max_message_bytes: int = MAX_MESSAGE_BYTES,
    workers: int = DEFAULT_WORKERS,
) -> RunningServer:
    """Start the oracle with health checking and reflection; port 0 picks a free port.

    Raises ``RuntimeError`` when the address cannot be bound (a port in use).
    Requests larger than ``max_message_bytes`` fail with RESOURCE_EXHAUSTED.

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
        # One server per port: a second one fails to start instead of sharing it.
        ("grpc.so_reuseport", 0),
    ]
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=workers), options=options)
    add_to_server(server)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ("", SERVICE_NAME):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server
    )
    bound = server.add_insecure_port(_address(host, port))
    server.start()
    return RunningServer(server, int(bound), health_servicer)


def _address(host: str, port: int) -> str:
    """``host:port``, with brackets around a bare IPv6 address.

    >>> _address("::", 50051), _address("[::1]", 1), _address("localhost", 2)
    ('[::]:50051', '[::1]:1', 'localhost:2')
    """
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{host}:{port}"


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise SystemExit(f"shengji-oracle: {name}={value!r} is not a port number") from None


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line; defaults come from the environment, then the built-in values.

    >>> args = parse_args(["--port", "6000", "--log-level", "debug"])
    >>> args.port, args.host, args.log_level
    (6000, 'localhost', 'DEBUG')
    """
    parser = argparse.ArgumentParser(
        prog="shengji-oracle",
        description="A stateless rules oracle for Shengji (升级 / 拖拉机), served over gRPC.",
    )
    parser.add_argument(
        "--host",
        default=os.environ.get(HOST_ENV) or DEFAULT_HOST,
        help=f"interface to listen on (env {HOST_ENV}; default %(default)s, loopback only; "
        "0.0.0.0 or :: for every interface)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=_env_int(PORT_ENV, DEFAULT_PORT),
        help=f"port to listen on, 0 for any free port (env {PORT_ENV}; default %(default)s)",
    )
    parser.add_argument(
        "--log-level",
        type=str.upper,
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        default=(os.environ.get(LOG_LEVEL_ENV) or "INFO").upper(),
        help=f"DEBUG logs one line per call (env {LOG_LEVEL_ENV}; default %(default)s)",
    )
    parser.add_argument(
        "--max-message-bytes",
        type=int,
        default=MAX_MESSAGE_BYTES,
        help="largest request accepted; larger ones fail with RESOURCE_EXHAUSTED (default %(default)s)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=DEFAULT_WORKERS,
        help="threads answering calls (default %(default)s)",
    )
    parser.add_argument(
        "--grace",
        type=float,
        default=DEFAULT_GRACE_SECONDS,
        help="seconds calls in flight may take to finish on SIGTERM or SIGINT (default %(default)s)",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server until SIGTERM or SIGINT; the exit status is 0 after a graceful stop."""
    args = parse_args(argv)
    logging.basicConfig(
        level=args.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    try:
        if not load_catalogue():
            dirs = ", ".join(str(d) for d in variant_dirs())
            log.error("no variant files found (looked in %s): nothing to serve", dirs)
            return 2
        running = serve(
            args.port, args.host, max_message_bytes=args.max_message_bytes, workers=args.workers
        )
    except VariantFileError as err:
        log.error("cannot load the variants: %s", err)
        return 2
    except RuntimeError as err:
        log.error("cannot listen on %s: %s", _address(args.host, args.port), err)
        return 1
    stopping = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        if stopping.is_set():
            log.warning("second %s: stopping now", signal.Signals(signum).name)
            running.server.stop(None)
            return
        log.info(
            "%s: stopping, calls in flight have %.1f s", signal.Signals(signum).name, args.grace
        )
        stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    variants = ", ".join(sorted(load_catalogue()))
    log.info(
        "shengji-oracle %s serving %s on %s (variants: %s)",
        __version__,
        SERVICE_NAME,
        _address(args.host, running.port),
        variants,
    )
    stopping.wait()
    running.stop(args.grace)
    log.info("stopped")
    return 0
