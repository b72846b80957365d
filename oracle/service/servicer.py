"""The gRPC servicer: every RPC of ``shengji.oracle.v1.OracleService``.

Each call validates its request and asks the engine through the table of question kinds
(:mod:`oracle.service.questions`). A malformed question fails with ``INVALID_ARGUMENT`` and a
``google.rpc.BadRequest`` holding one field violation per problem; so do bytes
that are not a message of the request's type (field path ``""``). Anything
unexpected is logged with its traceback and fails with ``INTERNAL`` and a
short message; no exception escapes to gRPC. Every call logs one line at
DEBUG level: the method, the variant, the outcome and the time taken.

>>> qs = [pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-two-deck")),
...       pb.Question(check_follow=pb.CheckFollowRequest())]
>>> for answer in answer_batch(pb.AnswerBatchRequest(questions=qs)).answers:
...     print(answer.WhichOneof("answer"), [v.field for v in answer.error.field_violations][:2])
get_variant []
error ['check_follow.context.variant_id', 'check_follow.context.level']
"""

from __future__ import annotations

import functools
import logging
import operator
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

import grpc
from google.protobuf.message import DecodeError, Message

from oracle import pb
from oracle.convert import wire_field
from oracle.engine.budget import (
    DEFAULT_STEPS,
    DeadlinePassed,
    WorkExceeded,
    limited,
    question_budget,
)
from oracle.errors import InvalidQuestion
from oracle.rules import RULES
from oracle.service.limits import MAX_QUESTIONS
from oracle.service.questions import (
    ANSWER_NUMBERS,
    NO_QUESTION,
    ORACLE_SERVICE,
    QUESTION_KINDS,
    answer_of,
)
from oracle.service.status import INTERNAL_MESSAGE, capped, to_status
from oracle.variants import load_catalogue

log = logging.getLogger(__name__)

SERVICE_NAME = "shengji.oracle.v1.OracleService"
"""The full name of the service, as health checks and reflection know it."""


class ShareSpent(Exception):
    """A call given a share of the work budget (its context's ``work_steps``, as on the event
    loop) spent it: its caller answers it again with the whole budget, in the worker pool."""


_UNKNOWN = object()


@dataclass(frozen=True)
class Undecodable:
    """A request whose bytes are not a message of the method's request type."""

    type_name: str
    error: str


def _decoder(message_class: Any) -> Callable[[bytes], Any]:
    """Parse a request, or stand for it with :class:`Undecodable` (gRPC itself would say INTERNAL).

    >>> decode = _decoder(pb.GetVariantRequest)
    >>> decode(pb.GetVariantRequest(variant_id="qq-two-deck").SerializeToString()).variant_id
    'qq-two-deck'
    >>> decode(b"\\x0a\\x02\\xff\\xfe").type_name  # a string that is not UTF-8
    'shengji.oracle.v1.GetVariantRequest'
    """

    def decode(data: bytes) -> Any:
        try:
            return message_class.FromString(data)
        except DecodeError as err:
            return Undecodable(message_class.DESCRIPTOR.full_name, str(err))

    return decode


def _list_variants(request: pb.ListVariantsRequest) -> pb.ListVariantsResponse:
    return pb.ListVariantsResponse(variants=[v for _, v in sorted(load_catalogue().items())])


def _list_rules(request: pb.ListRulesRequest) -> pb.ListRulesResponse:
    return pb.ListRulesResponse(
        rules=[
            pb.Rule(id=rule.id, summary=rule.summary, sources=list(rule.sources))
            for _, rule in sorted(RULES.items())
        ]
    )


ANSWERS: dict[str, Callable[[Any], Message]] = {
    "ListVariants": _list_variants,
    "ListRules": _list_rules,
    "AnswerBatch": lambda request: answer_batch(request),
    **{kind.rpc: kind.answer for kind in QUESTION_KINDS.values()},
}
"""How each RPC is answered: validate (raising InvalidQuestion), then ask the engine."""


class OracleService:
    """The rules oracle over gRPC; stateless, so one instance serves every thread."""

    def handle(self, method: str, request: Any, context: Any) -> Message:
        """Answer one call of ``method``, or end it with INVALID_ARGUMENT, RESOURCE_EXHAUSTED
        (its work budget spent), DEADLINE_EXCEEDED (its deadline passed or its client went away)
        or INTERNAL. The work budget is the context's ``work_steps`` when it has one: spending a
        share smaller than :data:`~oracle.engine.budget.DEFAULT_STEPS` raises :class:`ShareSpent`.

        >>> answer = OracleService().handle("ListVariants", pb.ListVariantsRequest(), None)
        >>> "qq-two-deck" in [variant.id for variant in answer.variants]
        True
        """
        response: Message = self.answer(ANSWERS[method], method, request, context)
        return response

    def handle_serialized(self, method: str, request: Any, context: Any) -> bytes:
        """:meth:`handle` for gRPC of a method whose answer is built as its bytes
        (:data:`WIRE_ANSWERS`)."""
        response: bytes = self.answer(WIRE_ANSWERS[method], method, request, context)
        return response

    def answer(self, answer: Callable[[Any], Any], method: str, request: Any, context: Any) -> Any:
        """What :meth:`handle` does, with ``answer`` answering the request."""
        start = time.perf_counter_ns()
        steps: int = getattr(context, "work_steps", DEFAULT_STEPS)
        try:
            if isinstance(request, Undecodable):
                raise InvalidQuestion.single(
                    "", f"the whole request (field path \"\") is not a valid {request.type_name}: "
                    f"{request.error}"
                )
            with limited(steps, deadline=_deadline(context), gone=_gone(context)):
                response = answer(request)
        except InvalidQuestion as err:
            _log_call(method, request, "INVALID_ARGUMENT", start)
            _abort(context, InvalidQuestion(capped(err.violations)))
        except DeadlinePassed as err:
            _log_call(method, request, "DEADLINE_EXCEEDED", start)
            context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, str(err))
            raise AssertionError("unreachable: abort raises") from None
        except WorkExceeded as err:
            if steps < DEFAULT_STEPS:
                raise ShareSpent(method) from err
            _log_call(method, request, "RESOURCE_EXHAUSTED", start)
            context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, str(err))
            raise AssertionError("unreachable: abort raises") from None
        except Exception:
            log.exception("%s failed on variant %r", method, _variant_id(request))
            _log_call(method, request, "INTERNAL", start)
            context.abort(grpc.StatusCode.INTERNAL, INTERNAL_MESSAGE)
            raise AssertionError("unreachable: abort raises") from None
        _log_call(method, request, "OK", start)
        return response


def answer_batch(request: pb.AnswerBatchRequest) -> pb.AnswerBatchResponse:
    """Answer every question in order; one that fails does not fail the others.

    >>> qs = [pb.Question(get_variant=pb.GetVariantRequest(variant_id=v)) for v in ("qq-one-deck", "x")]
    >>> [a.WhichOneof("answer") for a in answer_batch(pb.AnswerBatchRequest(questions=qs)).answers]
    ['get_variant', 'error']
    """
    return pb.AnswerBatchResponse.FromString(serialized_batch(request))


def serialized_batch(request: pb.AnswerBatchRequest) -> bytes:
    """:func:`answer_batch` as the bytes of its response, which gRPC sends as they are: each
    answer serialized once, in its place, inside the ``Answer`` field that holds it (no
    ``Answer`` message built, nothing copied). One work budget serves the whole batch, renewed
    before each question (:func:`~oracle.service.questions.answer_of`): each question has all
    of its steps, as alone, without a budget built and entered for each.

    The questions are answered kind by kind (each kind's in the batch's order), their answers
    put back in the batch's order: one kind's code and tables stay warm in the processor's
    caches from one question to the next (mixed 1,000 two-deck questions: about a quarter less
    time than in the batch's order). Each question's answer is its own, whatever the order.

    >>> qs = [pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-one-deck"))]
    >>> serialized_batch(pb.AnswerBatchRequest(questions=qs)) == answer_batch(
    ...     pb.AnswerBatchRequest(questions=qs)).SerializeToString()
    True
    """
    questions = request.questions
    if len(questions) > MAX_QUESTIONS:
        raise InvalidQuestion.single(
            "questions", f"{len(questions)} questions: at most {MAX_QUESTIONS} in one batch"
        )
    by_kind: dict[str, list[int]] = {}
    for i, question in enumerate(questions):
        by_kind.setdefault(question.WhichOneof("question") or "", []).append(i)
    pieces: list[bytes] = [b""] * len(questions)
    message: Message
    with question_budget() as budget:  # one budget, renewed for each question
        for name, indices in by_kind.items():
            kind = QUESTION_KINDS.get(name)
            for i in indices:
                try:
                    if kind is None:
                        field, message = "error", NO_QUESTION
                    else:
                        budget.renew()
                        field, message = answer_of(kind, getattr(questions[i], name))
                    answer = wire_field(ANSWER_NUMBERS[field], message.SerializeToString())
                except DeadlinePassed:
                    raise  # the call stops: its deadline passed or its client went away
                except Exception:
                    log.exception("AnswerBatch failed on questions[%d] (%s)", i, name or None)
                    answer = _FAILED
                pieces[i] = wire_field(_ANSWERS_FIELD, answer)
    return b"".join(pieces)


_FAILED = wire_field(
    ANSWER_NUMBERS["error"],
    pb.QuestionError(code="INTERNAL", message=INTERNAL_MESSAGE).SerializeToString(),
)
"""The ``Answer`` of a question of a batch that failed unexpectedly (logged), as its bytes."""

_ANSWERS_FIELD = pb.AnswerBatchResponse.DESCRIPTOR.fields_by_name["answers"].number


WIRE_ANSWERS: dict[str, Callable[[Any], Any]] = {
    "AnswerBatch": serialized_batch,
}
"""The RPCs whose gRPC answer is built as its bytes, sent as they are; HTTP and in-process callers
use :data:`ANSWERS`."""


def _deadline(context: Any) -> float | None:
    """The call's deadline on the ``time.monotonic`` clock, if the client set one."""
    known: Any = getattr(context, "deadline", _UNKNOWN)  # a CallContext's
    if known is not _UNKNOWN:
        return None if known is None else float(known)
    remaining = getattr(context, "time_remaining", None)
    left = remaining() if callable(remaining) else None
    return None if left is None else time.monotonic() + left


def _gone(context: Any) -> Callable[[], bool] | None:
    """A test for the client having gone (cancelled, or the connection lost): a
    :class:`~oracle.service.workers.CallContext`'s own, or one made of ``is_active``."""
    gone: Callable[[], bool] | None = getattr(context, "gone", None)
    if gone is not None:
        return gone
    active = getattr(context, "is_active", None)
    return None if not callable(active) else (lambda: not active())


def _variant_id(request: Any) -> str:
    """The variant a request names, for the log."""
    return str(getattr(getattr(request, "context", request), "variant_id", ""))


def _log_call(method: str, request: Any, outcome: str, start_ns: int) -> None:
    """One DEBUG line per call: method, variant, outcome, microseconds."""
    if log.isEnabledFor(logging.DEBUG):
        micros = (time.perf_counter_ns() - start_ns) // 1000
        variant_id = _variant_id(request) or "-"
        log.debug("method=%s variant=%s outcome=%s us=%d", method, variant_id, outcome, micros)


def _abort(context: Any, err: InvalidQuestion) -> NoReturn:
    context.abort_with_status(to_status(err))
    raise AssertionError("unreachable: abort_with_status raises")


def _serializer(method: str) -> Callable[[Any], bytes] | None:
    """How a method's response becomes its bytes: ``None`` (sent as they are) for
    :data:`WIRE_ANSWERS`, else the message's own ``SerializeToString``, called from C.

    >>> _serializer("AnswerBatch"), _serializer("GetVariant")(pb.GetVariantResponse())
    (None, b'')
    """
    return None if method in WIRE_ANSWERS else _SERIALIZE


_SERIALIZE: Callable[[Any], bytes] = operator.methodcaller("SerializeToString")


def add_to_server(server: Any, service: OracleService | None = None) -> None:
    """Register every RPC of the contract on a ``grpc.Server``.

    The requests are parsed here rather than by gRPC, so that bytes which are
    not a valid message (a string that is not UTF-8, a truncated message) are a
    client's INVALID_ARGUMENT, not an INTERNAL error.
    """
    service = service or OracleService()
    handlers = {}
    for method in ORACLE_SERVICE.methods:
        handlers[method.name] = grpc.unary_unary_rpc_method_handler(
            functools.partial(
                service.handle_serialized if method.name in WIRE_ANSWERS else service.handle,
                method.name,
            ),
            request_deserializer=_decoder(getattr(pb, method.input_type.name)),
            response_serializer=_serializer(method.name),
        )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE_NAME, handlers),))
    server.add_registered_method_handlers(SERVICE_NAME, handlers)
