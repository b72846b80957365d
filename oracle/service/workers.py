"""Where an oracle call is answered: a small question on the event loop itself, everything else
in the worker pool, a few daemon threads off the loop that answers health checks, each call told
through its context when its client has stopped waiting.

Handing a call to a thread and back costs more than most questions (the hop, and the switches
of the interpreter's lock between the threads), so a question of at most :data:`INLINE_BYTES`
on a catalogue variant is answered on the loop with a share of the work budget
(:data:`INLINE_STEPS`, a few milliseconds); one that needs more is answered again in the pool
with the whole budget. Rooms' own variants (validated and compiled on first sight, up to many
decks), ``AnswerBatch`` and any method not in :data:`INLINE_METHODS` always go to the pool.

>>> pool = WorkerPool(1)
>>> context = CallContext(time_remaining=None)
>>> pool.submit(lambda: context.is_active()).result(), pool.busy
(True, 0)
>>> context.cancel(); context.is_active()
False
>>> pool.shutdown()
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent import futures
from typing import Any, NoReturn, ParamSpec, Protocol, TypeVar

import grpc

from oracle import pb
from oracle.engine.budget import DEFAULT_STEPS
from oracle.service.questions import ORACLE_SERVICE
from oracle.service.servicer import (
    SERVICE_NAME,
    OracleService,
    ShareSpent,
    Undecodable,
    add_to_server,
)

P = ParamSpec("P")
T = TypeVar("T")

_Work = tuple["futures.Future[Any]", Callable[[], Any]]

INLINE_BYTES = 1024
"""The largest request answered on the event loop (98% of the conformance questions are smaller);
it bounds the cards of a question, so the checks that spend no work steps stay short there."""

INLINE_STEPS = 5_000
"""The share of the work budget a call has on the event loop (of
:data:`oracle.engine.budget.DEFAULT_STEPS`): a few milliseconds of counted work. A question that
spends it, such as a long rbtying decomposition walk (bounded apart, at 20,000 steps), is answered
again in the pool."""

INLINE_METHODS = frozenset(
    {
        "ListVariants",
        "GetVariant",
        "ListRules",
        "DescribePlay",
        "CheckFollow",
        "JudgeTrick",
        "CheckThrow",
        "ScoreBottom",
        "ScoreDeal",
        "CompareDeclarations",
    }
)
"""The methods whose small requests are answered on the event loop; a new one goes to the pool
until its cost at :data:`INLINE_BYTES` is known."""


class WorkerPool(futures.Executor):
    """A fixed number of daemon threads: a call still computing never keeps the process alive
    (the standard pool's threads are joined at exit, however long they take)."""

    def __init__(self, workers: int, name: str = "oracle-worker") -> None:
        if workers < 1:
            raise ValueError(f"a worker pool needs at least one thread, not {workers}")
        self._queue: queue.SimpleQueue[_Work | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._busy = 0
        self._closed = False
        self._threads = [
            threading.Thread(target=self._work, name=f"{name}-{i}", daemon=True)
            for i in range(workers)
        ]
        for thread in self._threads:
            thread.start()

    @property
    def busy(self) -> int:
        """How many threads are computing a call now."""
        with self._lock:
            return self._busy

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> futures.Future[T]:
        future: futures.Future[T] = futures.Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the worker pool is shut down")
            self._queue.put((future, lambda: fn(*args, **kwargs)))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Let every thread end once its call is done (``wait``: until they have); calls still
        queued are cancelled when ``cancel_futures``."""
        with self._lock:
            if not self._closed:
                self._closed = True
                if cancel_futures:
                    self._cancel_queued()
                for _ in self._threads:
                    self._queue.put(None)
        if wait:
            for thread in self._threads:
                thread.join()

    def _cancel_queued(self) -> None:
        while True:
            try:
                work = self._queue.get_nowait()
            except queue.Empty:
                return
            if work is not None:
                work[0].cancel()

    def _work(self) -> None:
        while (work := self._queue.get()) is not None:
            future, call = work
            if not future.set_running_or_notify_cancel():
                continue
            with self._lock:
                self._busy += 1
            result: Any = None
            failure: BaseException | None = None
            try:
                result = call()
            except BaseException as err:  # noqa: BLE001 - handed to the caller, as the standard pool does
                failure = err
            with self._lock:
                self._busy -= 1  # before the caller hears of it
            if failure is None:
                future.set_result(result)
            else:
                future.set_exception(failure)
            del work, future, call, result, failure  # hold nothing while idle


class Aborted(Exception):
    """A call ended by ``abort`` in a worker; the event loop passes the status on to gRPC."""

    def __init__(self, code: grpc.StatusCode, details: str, trailing_metadata: Sequence[Any] = ()):
        super().__init__(code, details)
        self.code = code
        self.details = details
        self.trailing_metadata = tuple(trailing_metadata)


class CallContext:
    """The part of a gRPC servicer context a call in a worker thread uses: the time left, whether
    its client still waits (not cancelled, not past the deadline, not dropped on shutdown), and
    ``abort``/``abort_with_status``, which raise :class:`Aborted`."""

    def __init__(self, time_remaining: float | None, work_steps: int = DEFAULT_STEPS) -> None:
        self.deadline = None if time_remaining is None else time.monotonic() + time_remaining
        """The deadline on the ``time.monotonic`` clock, or ``None``."""
        self._cancelled = False  # a flag, not an Event: set once, read by one worker
        self.work_steps = work_steps
        """The call's work budget (less than the whole: a share, see :class:`ShareSpent`)."""

    def time_remaining(self) -> float | None:
        """Seconds until the deadline, or ``None`` when the client set none."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def is_active(self) -> bool:
        past = self.deadline is not None and time.monotonic() >= self.deadline
        return not past and not self._cancelled

    def gone(self) -> bool:
        """Whether its client no longer waits: the work budget's test (:func:`is_active`'s
        opposite)."""
        return not self.is_active()

    def cancel(self) -> None:
        """The client stopped waiting (or the server dropped the call)."""
        self._cancelled = True

    def abort(self, code: grpc.StatusCode, details: str = "") -> NoReturn:
        raise Aborted(code, details)

    def abort_with_status(self, status: Any) -> NoReturn:
        raise Aborted(status.code, status.details, status.trailing_metadata)


class _Recorder:
    """Stands for a ``grpc.Server`` to :func:`add_to_server`, keeping the handlers it is given."""

    handlers: dict[str, grpc.RpcMethodHandler]

    def add_generic_rpc_handlers(self, generic_handlers: Any) -> None:
        pass  # the same handlers come by name below

    def add_registered_method_handlers(self, name: str, handlers: Any) -> None:
        self.handlers = dict(handlers)


def on_loop(method: str) -> InlineTest:
    """Whether a request of ``method`` is answered on the event loop (see the module's text); its
    ``size`` is the bytes it came in (measured again when ``None``, as for JSON).

    >>> small = pb.DescribePlayRequest(context=pb.Context(variant_id="qq-two-deck"))
    >>> room = pb.DescribePlayRequest(context=pb.Context(custom_variant=pb.Variant(id="room")))
    >>> on_loop("DescribePlay")(small), on_loop("DescribePlay")(room), on_loop("AnswerBatch")(None)
    (True, False, False)
    >>> on_loop("DescribePlay")(small, INLINE_BYTES + 1)
    False
    """
    if method not in INLINE_METHODS:
        return lambda request, size=None: False
    fields = ORACLE_SERVICE.methods_by_name[method].input_type.fields_by_name
    has_context = "context" in fields and fields["context"].message_type is pb.Context.DESCRIPTOR

    def small(request: Any, size: int | None = None) -> bool:
        if isinstance(request, Undecodable):
            return True  # refused at once
        if (request.ByteSize() if size is None else size) > INLINE_BYTES:
            return False
        return not (has_context and request.context.HasField("custom_variant"))

    return small


class InlineTest(Protocol):
    """The test :func:`on_loop` returns."""

    def __call__(self, request: Any, size: int | None = None) -> bool: ...


def _sized(decode: Callable[[bytes], Any]) -> Callable[[bytes], tuple[Any, int]]:
    """A request deserializer that also keeps the size of the bytes it read, which
    :func:`on_loop` tests (cheaper than measuring the parsed request again)."""
    return lambda data: (decode(data), len(data))


def _dispatched(
    method: str, behaviour: Callable[[Any, Any], Any], pool: futures.Executor
) -> Callable[[Any, Any], Awaitable[Any]]:
    """An aio method behaviour that runs the sync ``behaviour`` on the loop when the request is
    small (:func:`on_loop`) and in ``pool`` otherwise or when its share of work is spent."""
    inline = on_loop(method)

    async def call(received: tuple[Any, int], context: Any) -> Any:
        request, size = received
        try:
            if inline(request, size):
                try:
                    return behaviour(request, CallContext(context.time_remaining(), INLINE_STEPS))
                except ShareSpent:
                    pass  # answered again, in the pool, with the whole budget
            call_context = CallContext(context.time_remaining())
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(pool, behaviour, request, call_context)
            except asyncio.CancelledError:
                call_context.cancel()  # the client went away, or the grace period ended
                raise
        except Aborted as aborted:
            await context.abort(aborted.code, aborted.details, aborted.trailing_metadata)

    return call


def add_to_aio_server(
    server: grpc.aio.Server, pool: futures.Executor, service: OracleService | None = None
) -> None:
    """Register every RPC of the oracle on a ``grpc.aio`` server, each call run in ``pool``."""
    recorder = _Recorder()
    add_to_server(recorder, service)
    handlers = {
        name: grpc.unary_unary_rpc_method_handler(
            _dispatched(name, handler.unary_unary, pool),
            request_deserializer=_sized(handler.request_deserializer),
            response_serializer=handler.response_serializer,
        )
        for name, handler in recorder.handlers.items()
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE_NAME, handlers),))
    server.add_registered_method_handlers(SERVICE_NAME, handlers)
