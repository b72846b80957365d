"""The oracle's RPCs over the Connect protocol (JSON or binary, and gRPC-Web), as the
``connectrpc`` library's ASGI application: each call answered by :meth:`OracleService.handle`
in a worker pool, as over gRPC, with the same errors (a bad question is ``invalid_argument``
with the ``google.rpc.BadRequest`` in the error's details, its JSON under ``debug``).

A call's deadline (``Connect-Timeout-Ms``, gRPC-Web's ``grpc-timeout``) and its client's going
away end the work in the worker (its context is no longer active); the answer is written in the
worker too, within the answer-size budget (:mod:`oracle.service.http_answer_size`). A small
question is answered on the door's event loop with a share of the work budget, as over gRPC
(:func:`oracle.service.workers.on_loop`), and again in the pool if it spends it. At most
``max_calls`` calls are in the door at once: one more is refused at once with ``unavailable``
(HTTP 503). :meth:`OracleCalls.abandon` ends the calls still running when the server's grace
period is over with ``unavailable``, and counts them.

>>> import asyncio
>>> from oracle import pb
>>> from oracle.service.workers import WorkerPool
>>> calls = OracleCalls(OracleService(), WorkerPool(1), max_calls=2)
>>> request = Decoded(pb.GetVariantRequest(variant_id="qq-one-deck"), "json")
>>> answer = asyncio.run(calls.answer("GetVariant", request, None))
>>> answer.data[:22]
b'{"variant":{"id":"qq-o'
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.server import ConnectASGIApplication, Endpoint
from google.protobuf import descriptor_pb2, json_format
from google.protobuf.message import DecodeError
from google.rpc import error_details_pb2, status_pb2
from protobuf import Registry
from protobuf._codegen import file_desc
from protobuf.wkt import Any as WireAny
from protobuf.wkt.google.protobuf import duration_pb

from oracle.service.http_answer_size import encode, refuse_large_batch
from oracle.service.limits import MAX_ANSWER_BYTES, MAX_MESSAGE_BYTES
from oracle.service.questions import ORACLE_SERVICE
from oracle.service.servicer import SERVICE_NAME, OracleService, ShareSpent, Undecodable
from oracle.service.workers import INLINE_STEPS, Aborted, CallContext, WorkerPool, on_loop


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


@dataclass(frozen=True)
class Decoded:
    """A request as the codec read it, and the encoding (``json`` or ``proto``) its answer is
    written in; the request is :class:`Undecodable` when its bytes are not one."""

    message: Any
    encoding: str


@dataclass(frozen=True)
class Encoded:
    """An answer already written, in the worker, in its request's encoding."""

    data: bytes


class _Codec:
    """A Connect codec (``json`` or ``proto``). JSON is the proto's JSON mapping with every field
    shown (``"legal": false`` too), and a field the message does not have is refused, never
    dropped. A request it cannot parse stands as :class:`Undecodable`, so that the servicer
    refuses it as over gRPC (INVALID_ARGUMENT, field ``""``: the whole request). Answers come
    written (:class:`Encoded`)."""

    def __init__(self, name: str) -> None:
        self._name = name

    def name(self) -> str:
        return self._name

    def encode(self, message: Any) -> bytes:
        if isinstance(message, Encoded):
            return message.data
        return encode(message, self._name)

    def decode(self, data: bytes | bytearray, message_class: Any) -> Any:
        try:
            if self._name == "json":
                message = json_format.Parse(bytes(data), message_class())
            else:
                message = message_class.FromString(bytes(data))
        except (DecodeError, json_format.ParseError, UnicodeDecodeError) as err:
            message = Undecodable(message_class.DESCRIPTOR.full_name, str(err))
        return Decoded(message, self._name)


def connect_error(aborted: Aborted) -> ConnectError:
    """A call's abort (a status, its details in the trailing metadata) as a Connect error."""
    rich = status_pb2.Status()
    for key, value in aborted.trailing_metadata or ():
        if key == "grpc-status-details-bin":
            rich.ParseFromString(value)
    return ConnectError(
        Code[aborted.code.name], aborted.details, [_detail(d) for d in rich.details]
    )


def _detail(packed: Any) -> ErrorDetail:
    """A google.protobuf Any as the Connect library's detail, readable when it is google.rpc's."""
    wire = WireAny(type_url=packed.type_url, value=packed.value)
    descriptor = _DETAILS.message(packed.type_url.rpartition("/")[2])
    message = wire.unpack(descriptor) if descriptor is not None else None
    return ErrorDetail(message if message is not None else wire)


class OracleCalls:
    """The door's calls: admitted up to ``max_calls`` at once, answered in ``pool``."""

    def __init__(
        self,
        service: OracleService,
        pool: WorkerPool,
        *,
        max_calls: int,
        answer_bytes: int = MAX_ANSWER_BYTES,
    ) -> None:
        self.service = service
        self.pool = pool
        self.max_calls = max_calls
        self.answer_bytes = answer_bytes
        self.in_flight = 0
        self.abandoned = 0
        """Calls still computing when the grace period ended, answered ``unavailable``."""
        self._abandoning = False
        self._waiting: set[asyncio.Future[Any]] = set()
        self._inline = functools.lru_cache(maxsize=None)(on_loop)

    def endpoints(self) -> dict[str, Endpoint[Any, Any]]:
        """One Connect endpoint per RPC of the service descriptor."""
        from oracle import pb

        endpoints: dict[str, Endpoint[Any, Any]] = {}
        for method in ORACLE_SERVICE.methods:
            info = MethodInfo(
                name=method.name,
                service_name=SERVICE_NAME,
                input=getattr(pb, method.input_type.name),
                output=getattr(pb, method.output_type.name),
                idempotency_level=IdempotencyLevel.NO_SIDE_EFFECTS,
                stream_type=StreamType.UNARY,
            )
            endpoints[f"/{SERVICE_NAME}/{method.name}"] = Endpoint.unary(
                method=info, function=self._answerer(method.name)
            )
        return endpoints

    def _answerer(self, method: str) -> Callable[[Any, Any], Awaitable[Any]]:
        async def answer(request: Any, ctx: Any) -> Any:
            return await self.answer(method, request, ctx)

        return answer

    async def answer(self, method: str, request: Decoded, ctx: Any) -> Encoded:
        """Answer ``request`` in the pool; ``ctx`` is the Connect library's request context."""
        if self._abandoning:
            raise ConnectError(Code.UNAVAILABLE, "the server is shutting down")
        if self.in_flight >= self.max_calls:
            raise ConnectError(
                Code.UNAVAILABLE,
                f"the server is answering {self.in_flight} calls, its most: try again shortly",
            )
        timeout_ms = None if ctx is None else ctx.timeout_ms
        seconds = None if timeout_ms is None else timeout_ms / 1000
        if self._inline(method)(request.message):  # as over gRPC (oracle.service.workers)
            try:
                return self._work(method, request, CallContext(seconds, INLINE_STEPS))
            except ShareSpent:
                pass  # answered again, in the pool, with the whole budget
        context = CallContext(seconds)
        self.in_flight += 1
        waiting = asyncio.wrap_future(self.pool.submit(self._work, method, request, context))
        self._waiting.add(waiting)
        try:
            return await waiting
        except asyncio.CancelledError:
            context.cancel()  # the client went, its deadline passed, or the grace period ended
            task = asyncio.current_task()
            if self._abandoning and task is not None and not task.cancelling():
                self.abandoned += 1
                raise ConnectError(
                    Code.UNAVAILABLE,
                    "the server is shutting down: the call was still running after its grace "
                    "period",
                ) from None
            raise
        finally:
            self._waiting.discard(waiting)
            self.in_flight -= 1

    def _work(self, method: str, request: Decoded, context: CallContext) -> Encoded:
        """In a worker: refuse a batch too large to write, answer, write the answer."""
        refuse_large_batch(request.message, request.encoding, self.answer_bytes)
        try:
            response = self.service.handle(method, request.message, context)
        except Aborted as aborted:
            raise connect_error(aborted) from None
        return Encoded(encode(response, request.encoding, self.answer_bytes, context.is_active))

    def abandon(self) -> None:
        """On the server's loop, once the grace period is over: every call still waiting for
        its worker is answered ``unavailable`` and its work told to stop; new ones refused."""
        self._abandoning = True
        for waiting in list(self._waiting):
            waiting.cancel()


class _Oracle(ConnectASGIApplication[OracleCalls]):
    @property
    def path(self) -> str:
        return f"/{SERVICE_NAME}"


def connect_application(
    calls: OracleCalls, max_message_bytes: int = MAX_MESSAGE_BYTES
) -> ConnectASGIApplication[OracleCalls]:
    """The Connect library's ASGI application answering ``calls``; a request larger than
    ``max_message_bytes`` is refused with ``resource_exhausted``, as over gRPC."""
    return _Oracle(
        service=calls,
        endpoints=OracleCalls.endpoints,  # type: ignore[arg-type]  # Endpoint.unary's type
        read_max_bytes=max_message_bytes,
        codecs=[_Codec("json"), _Codec("proto")],
    )
