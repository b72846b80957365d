"""HTTP beside gRPC: the oracle's RPCs over the Connect protocol (JSON or binary, and gRPC-Web
for browsers, by the ``connectrpc`` library), and the rule explorer's page, on one port.

Every RPC is answered by the same servicer as over gRPC (:class:`OracleService`), so the answers
and the errors are the same: a bad question is ``invalid_argument`` with the
``google.rpc.BadRequest`` in the error's details (its JSON under ``debug``). A request is the
proto's JSON mapping, posted to ``/shengji.oracle.v1.OracleService/<Method>``::

    curl -H 'Content-Type: application/json' -d '{"variantId": "qq-two-deck"}' \\
        localhost:50052/shengji.oracle.v1.OracleService/GetVariant

``/`` is the rule explorer (:mod:`oracle.explorer`, static files). :func:`start_http` starts it
all in threads of the calling process and returns at once.

>>> running = start_http(port=0, host="127.0.0.1")
>>> import json, urllib.request
>>> request = urllib.request.Request(
...     f"http://127.0.0.1:{running.port}/shengji.oracle.v1.OracleService/GetVariant",
...     data=b'{"variantId": "qq-one-deck"}', headers={"Content-Type": "application/json"})
>>> json.load(urllib.request.urlopen(request))["variant"]["deal"]["decks"]
1
>>> running.stop()
"""

from __future__ import annotations

import logging
import mimetypes
import os
import socket
import socketserver
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, NoReturn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.server import ConnectWSGIApplication, EndpointSync
from google.protobuf import descriptor_pb2, json_format
from google.protobuf.message import DecodeError
from google.rpc import error_details_pb2, status_pb2
from protobuf import Registry
from protobuf._codegen import file_desc
from protobuf.wkt import Any as WireAny
from protobuf.wkt.google.protobuf import duration_pb

from oracle.service.limits import MAX_MESSAGE_BYTES
from oracle.service.questions import ORACLE_SERVICE
from oracle.service.servicer import SERVICE_NAME, OracleService, Undecodable

log = logging.getLogger(__name__)

DEFAULT_HTTP_PORT = 50052
"""The HTTP port with the default gRPC port (50051): one above it."""

HTTP_PORT_ENV = "SHENGJI_ORACLE_HTTP_PORT"


def http_port_from_env() -> int | None:
    """``SHENGJI_ORACLE_HTTP_PORT``, or ``None`` when it is not set (the port then follows the
    gRPC port: see :func:`http_port`).

    >>> os.environ[HTTP_PORT_ENV] = "8080"; http_port_from_env()
    8080
    >>> del os.environ[HTTP_PORT_ENV]; http_port_from_env() is None
    True
    """
    value = os.environ.get(HTTP_PORT_ENV, "")
    try:
        return int(value) if value else None
    except ValueError:
        raise SystemExit(f"shengji-oracle: {HTTP_PORT_ENV}={value!r} is not a port number") from None


def http_port(chosen: int | None, grpc_port: int) -> int | None:
    """The HTTP port: the one chosen (-1: no HTTP, ``None``); else one above the gRPC port,
    or any free port when the gRPC port was left to the system (``--port 0``).

    >>> http_port(None, 50051), http_port(None, 0), http_port(8080, 50051), http_port(-1, 50051)
    (50052, 0, 8080, None)
    """
    if chosen is None:
        return grpc_port + 1 if grpc_port else 0
    return None if chosen < 0 else chosen


EXPLORER = files("oracle.explorer")
"""The rule explorer's static files."""

READ_TIMEOUT_SECONDS = 30
"""A connection silent this long is closed, so slow clients cannot hold the worker threads."""

SLOT_WAIT_SECONDS = 5
"""How long a new connection waits for one of the ``workers`` threads before it is closed."""


def _details_registry() -> Registry:
    """google.rpc's error details for the Connect library, so that an error's JSON shows them
    readably (under ``debug``), with the JSON names the proto's JSON mapping gives them."""
    proto = descriptor_pb2.FileDescriptorProto()
    error_details_pb2.DESCRIPTOR.CopyToProto(proto)
    for message in proto.message_type:
        for nested in (message, *message.nested_type):
            for field in nested.field:
                head, *rest = field.name.split("_")
                field.json_name = head + "".join(word.title() for word in rest)
    return Registry(file_desc(proto.SerializeToString(), [duration_pb.desc()], {}))


_DETAILS = _details_registry()


class _Codec:
    """A Connect codec (``json`` or ``proto``) for google.protobuf messages. JSON is the proto's
    JSON mapping with every field shown (``"legal": false`` too), and a field the message does
    not have is refused, never dropped. A request it cannot parse stands as :class:`Undecodable`,
    so that the servicer refuses it as over gRPC (INVALID_ARGUMENT, field ``""``: the whole
    request).
    """

    def __init__(self, name: str) -> None:
        self._name = name

    def name(self) -> str:
        return self._name

    def encode(self, message: Any) -> bytes:
        if self._name == "json":
            text = json_format.MessageToJson(message, always_print_fields_with_no_presence=True)
            return text.encode()
        return bytes(message.SerializeToString())

    def decode(self, data: bytes | bytearray, message_class: Any) -> Any:
        try:
            if self._name == "json":
                return json_format.Parse(bytes(data), message_class())
            return message_class.FromString(bytes(data))
        except (DecodeError, json_format.ParseError, UnicodeDecodeError) as err:
            return Undecodable(message_class.DESCRIPTOR.full_name, str(err))


class _CallContext:
    """What :meth:`OracleService.handle` asks of a gRPC context, for a Connect call: its
    deadline, and aborting with a status (raised as the same Connect error)."""

    def __init__(self, ctx: Any) -> None:
        timeout_ms = ctx.timeout_ms
        self._deadline = None if timeout_ms is None else time.monotonic() + timeout_ms / 1000

    def time_remaining(self) -> float | None:
        return None if self._deadline is None else max(0.0, self._deadline - time.monotonic())

    def abort(self, code: grpc.StatusCode, details: str) -> NoReturn:
        raise ConnectError(Code[code.name], details)

    def abort_with_status(self, status: Any) -> NoReturn:
        rich = status_pb2.Status()
        for key, value in status.trailing_metadata or ():
            if key == "grpc-status-details-bin":
                rich.ParseFromString(value)
        raise ConnectError(
            Code[status.code.name], status.details, [_detail(d) for d in rich.details]
        )


def _detail(packed: Any) -> ErrorDetail:
    """A google.protobuf Any as the Connect library's detail, readable when it is google.rpc's."""
    wire = WireAny(type_url=packed.type_url, value=packed.value)
    descriptor = _DETAILS.message(packed.type_url.rpartition("/")[2])
    message = wire.unpack(descriptor) if descriptor is not None else None
    return ErrorDetail(message if message is not None else wire)


def _endpoints(service: OracleService) -> dict[str, Any]:
    """One Connect endpoint per RPC of the service descriptor, each answered by ``service``."""
    from oracle import pb

    endpoints: dict[str, Any] = {}
    for method in ORACLE_SERVICE.methods:
        info = MethodInfo(
            name=method.name,
            service_name=SERVICE_NAME,
            input=getattr(pb, method.input_type.name),
            output=getattr(pb, method.output_type.name),
            idempotency_level=IdempotencyLevel.NO_SIDE_EFFECTS,
            stream_type=StreamType.UNARY,
        )
        endpoints[f"/{SERVICE_NAME}/{method.name}"] = EndpointSync.unary(
            method=info, function=_answerer(service, method.name)
        )
    return endpoints


def _answerer(service: OracleService, method: str) -> Callable[[Any, Any], Any]:
    def answer(request: Any, ctx: Any) -> Any:
        return service.handle(method, request, _CallContext(ctx))

    return answer


class _Oracle(ConnectWSGIApplication):
    @property
    def path(self) -> str:
        return f"/{SERVICE_NAME}"


def _static(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """The explorer's files: ``/`` is its page; anything else not found."""
    name = environ.get("PATH_INFO", "/").lstrip("/") or "index.html"
    resource = EXPLORER / name
    if environ.get("REQUEST_METHOD") not in ("GET", "HEAD") or "/" in name or not name or (
        not resource.is_file()
    ):
        start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
        return [b"not found\n"]
    body = resource.read_bytes()
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind == "application/javascript":
        kind += "; charset=utf-8"
    start_response("200 OK", [("Content-Type", kind), ("Content-Length", str(len(body)))])
    return [body]


def application(service: OracleService | None = None) -> Callable[..., Iterable[bytes]]:
    """The WSGI application: the RPCs under ``/shengji.oracle.v1.OracleService/``, the rule
    explorer elsewhere."""
    oracle = _Oracle(
        endpoints=_endpoints(service or OracleService()),
        read_max_bytes=MAX_MESSAGE_BYTES,
        codecs=[_Codec("json"), _Codec("proto")],
    )
    prefix = f"/{SERVICE_NAME}/"

    def route(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO", "").startswith(prefix):
            return oracle(environ, start_response)
        return _static(environ, start_response)

    return route


class _PooledServer(socketserver.ThreadingMixIn, WSGIServer):
    """A WSGI server answering each connection in a thread of its own, at most ``slots`` at
    once; the threads are daemons, so none keeps the process from exiting. A connection that
    finds no thread free within :data:`SLOT_WAIT_SECONDS` is closed unanswered."""

    daemon_threads = True
    allow_reuse_address = True  # SO_REUSEADDR: a port in TIME_WAIT, never a second listener
    reuse_port = False
    slots: threading.BoundedSemaphore

    def server_bind(self) -> None:
        if self.reuse_port:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        super().server_bind()

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(timeout=SLOT_WAIT_SECONDS):
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


class _QuietHandler(WSGIRequestHandler):
    timeout = READ_TIMEOUT_SECONDS

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("http %s", format % args)


@dataclass
class RunningHttp:
    """A started HTTP server and its port."""

    server: _PooledServer
    port: int
    thread: threading.Thread

    def stop(self) -> None:
        """Close the listener; calls in flight finish in their own (daemon) threads."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def start_http(
    port: int = DEFAULT_HTTP_PORT,
    host: str = "localhost",
    *,
    workers: int = 8,
    service: OracleService | None = None,
    reuse_port: bool = False,
) -> RunningHttp:
    """Serve :func:`application` on ``host:port`` (0: a free port) in a thread of its own, calls
    answered on at most ``workers`` threads at once; ``reuse_port`` lets several processes serve one port
    (SO_REUSEPORT). Raises ``OSError`` when the address cannot be bound."""
    family = type(
        "_Server", (_PooledServer,), {"address_family": _family(host), "reuse_port": reuse_port}
    )
    server: Any = make_server(
        host.strip("[]"), port, application(service),
        server_class=family, handler_class=_QuietHandler,
    )
    assert isinstance(server, _PooledServer)
    server.slots = threading.BoundedSemaphore(workers)
    thread = threading.Thread(target=server.serve_forever, name="oracle-http", daemon=True)
    thread.start()
    return RunningHttp(server, int(server.server_address[1]), thread)


def _family(host: str) -> Any:
    """IPv6 for an IPv6 address, else IPv4 (``localhost`` is served on 127.0.0.1)."""
    return socket.AF_INET6 if ":" in host else socket.AF_INET
