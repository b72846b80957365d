"""The ``shengji-oracle`` command line: its options, their defaults and their environment
variables (docs/operations.md).

>>> args = parse_args(["--port", "6000", "--processes", "2"])
>>> args.port, args.host, args.processes, address("::", args.port)
(6000, 'localhost', 2, '[::]:6000')
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from oracle.service.http import HTTP_PORT_ENV, http_port_from_env
from oracle.service.http_cors import CORS_ORIGINS_ENV
from oracle.service.limits import MAX_MESSAGE_BYTES
from oracle.service.processes import default_processes
from oracle.version import __version__

DEFAULT_PORT = 50051
"""The port the oracle listens on unless told otherwise."""

DEFAULT_HOST = "localhost"
"""Loopback only (IPv4 and IPv6): the oracle has no authentication."""

DEFAULT_WORKERS = 8
"""Threads answering oracle calls; the engine is pure Python, so more rarely helps."""

DEFAULT_DRAIN_SECONDS = 1.0
"""How long new calls are still answered after SIGTERM or SIGINT, health saying NOT_SERVING."""

DEFAULT_GRACE_SECONDS = 5.0
"""How long calls in flight may then take to finish before they are cancelled."""

PORT_ENV = "SHENGJI_ORACLE_PORT"
HOST_ENV = "SHENGJI_ORACLE_HOST"
LOG_LEVEL_ENV = "SHENGJI_ORACLE_LOG_LEVEL"
PROCESSES_ENV = "SHENGJI_ORACLE_PROCESSES"


def address(host: str, port: int) -> str:
    """``host:port``, with brackets around a bare IPv6 address.

    >>> address("::", 50051), address("[::1]", 1), address("localhost", 2)
    ('[::]:50051', '[::1]:1', 'localhost:2')
    """
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{host}:{port}"


def _env_int(name: str, default: int, what: str = "a port number") -> int:
    value = os.environ.get(name, "")
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise SystemExit(f"shengji-oracle: {name}={value!r} is not {what}") from None


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive number")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a number of seconds")
    return value


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
        "--http-port",
        type=int,
        default=http_port_from_env(),
        help=f"port for HTTP/JSON (Connect, gRPC-Web) and the rule explorer (env {HTTP_PORT_ENV}; "
        "default one above --port, any free port when --port is 0; -1 for none)",
    )
    parser.add_argument(
        "--cors-origins",
        default=os.environ.get(CORS_ORIGINS_ENV) or "*",
        help=f"origins whose pages may ask the RPCs over HTTP (env {CORS_ORIGINS_ENV}): * for any "
        "(default), a comma-separated list, or none",
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
        help="largest request accepted, over gRPC and HTTP; larger ones fail with "
        "RESOURCE_EXHAUSTED (default %(default)s)",
    )
    parser.add_argument(
        "--processes",
        type=_positive_int,
        default=_env_int(PROCESSES_ENV, default_processes(), "a number of processes"),
        help=f"server processes sharing the port, each with its own workers (env {PROCESSES_ENV}; "
        "default %(default)s, the cores)",
    )
    parser.add_argument(
        "--workers",
        type=_positive_int,
        default=DEFAULT_WORKERS,
        help="threads answering oracle calls; health checks never wait for them (default %(default)s)",
    )
    parser.add_argument(
        "--drain",
        type=_seconds,
        default=DEFAULT_DRAIN_SECONDS,
        help="seconds new calls are still answered after SIGTERM or SIGINT, health saying "
        "NOT_SERVING (default %(default)s)",
    )
    parser.add_argument(
        "--grace",
        type=_seconds,
        default=DEFAULT_GRACE_SECONDS,
        help="seconds calls in flight then have before they are cancelled and the process exits "
        "(default %(default)s)",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser.parse_args(argv)
