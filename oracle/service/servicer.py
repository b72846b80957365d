"""The gRPC servicer: every RPC of ``shengji.oracle.v1.OracleService``.

Each call validates its request (:mod:`oracle.service.requests`), asks the engine and
returns the answer. A malformed question fails with ``INVALID_ARGUMENT`` and a
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
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError, Message
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2
from oracle.errors import InvalidQuestion
from oracle.service.requests import (
    MAX_QUESTIONS,
    capped,
    dispatch,
    parse_check_follow,
    parse_check_throw,
    parse_compare_declarations,
    parse_describe_play,
    parse_get_variant,
    parse_judge_trick,
    parse_score_bottom,
    parse_score_deal,
    status_message,
)
from oracle.rules import RULES
from oracle.variants import load_catalogue

log = logging.getLogger(__name__)

SERVICE_NAME = "shengji.oracle.v1.OracleService"
"""The full name of the service, as health checks and reflection know it."""

INTERNAL_MESSAGE = (
    "internal error: the oracle failed on this question; the server log has the details"
)
"""What a client is told when the oracle itself fails."""


def to_status(err: InvalidQuestion) -> Any:
    """The ``INVALID_ARGUMENT`` status of a malformed question, with a BadRequest.

    >>> from oracle.errors import Violation
    >>> status = to_status(InvalidQuestion([Violation("play[2]", "4C is not in the hand")]))
    >>> status.code, bad_request_of(status).field_violations[0].field
    (<StatusCode.INVALID_ARGUMENT: (3, 'invalid argument')>, 'play[2]')
    """
    bad_request = error_details_pb2.BadRequest(
        field_violations=[
            error_details_pb2.BadRequest.FieldViolation(field=v.field, description=v.description)
            for v in err.violations
        ]
    )
    detail = any_pb2.Any()
    detail.Pack(bad_request)
    proto_status = status_pb2.Status(
        code=code_pb2.INVALID_ARGUMENT, message=status_message(err), details=[detail]
    )
    return rpc_status.to_status(proto_status)


def bad_request_of(status: Any) -> error_details_pb2.BadRequest:
    """The BadRequest detail inside a ``grpc.Status`` made by :func:`to_status`."""
    for key, value in status.trailing_metadata:
        if key == "grpc-status-details-bin":
            proto_status = status_pb2.Status.FromString(value)
            for detail in proto_status.details:
                bad_request = error_details_pb2.BadRequest()
                if detail.Unpack(bad_request):
                    return bad_request
    raise ValueError("the status has no BadRequest detail")


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
    "GetVariant": lambda request: parse_get_variant(request).answer(),
    "ListRules": _list_rules,
    "DescribePlay": lambda request: parse_describe_play(request).answer(),
    "CheckFollow": lambda request: parse_check_follow(request).answer(),
    "JudgeTrick": lambda request: parse_judge_trick(request).answer(),
    "CheckThrow": lambda request: parse_check_throw(request).answer(),
    "ScoreBottom": lambda request: parse_score_bottom(request).answer(),
    "ScoreDeal": lambda request: parse_score_deal(request).answer(),
    "CompareDeclarations": lambda request: parse_compare_declarations(request).answer(),
    "AnswerBatch": lambda request: answer_batch(request),
}
"""How each RPC is answered: validate (raising InvalidQuestion), then ask the engine."""


class OracleService:
    """The rules oracle over gRPC; stateless, so one instance serves every thread."""

    def handle(self, method: str, request: Any, context: Any) -> Message:
        """Answer one call of ``method``, or end it with INVALID_ARGUMENT or INTERNAL.

        >>> answer = OracleService().handle("ListVariants", pb.ListVariantsRequest(), None)
        >>> "qq-two-deck" in [variant.id for variant in answer.variants]
        True
        """
        start = time.perf_counter_ns()
        variant_id = str(getattr(getattr(request, "context", request), "variant_id", ""))
        try:
            if isinstance(request, Undecodable):
                raise InvalidQuestion.single(
                    "", f"the request is not a valid {request.type_name}: {request.error}"
                )
            response = ANSWERS[method](request)
        except InvalidQuestion as err:
            _log_call(method, variant_id, "INVALID_ARGUMENT", start)
            _abort(context, InvalidQuestion(capped(err.violations)))
        except Exception:
            log.exception("%s failed on variant %r", method, variant_id)
            _log_call(method, variant_id, "INTERNAL", start)
            context.abort(grpc.StatusCode.INTERNAL, INTERNAL_MESSAGE)
            raise AssertionError("unreachable: abort raises") from None
        _log_call(method, variant_id, "OK", start)
        return response


def answer_batch(request: pb.AnswerBatchRequest) -> pb.AnswerBatchResponse:
    """Answer every question in order; one that fails does not fail the others.

    >>> qs = [pb.Question(get_variant=pb.GetVariantRequest(variant_id=v)) for v in ("qq-one-deck", "x")]
    >>> [a.WhichOneof("answer") for a in answer_batch(pb.AnswerBatchRequest(questions=qs)).answers]
    ['get_variant', 'error']
    """
    if len(request.questions) > MAX_QUESTIONS:
        raise InvalidQuestion.single(
            "questions", f"{len(request.questions)} questions: at most {MAX_QUESTIONS} in one batch"
        )
    answers: list[pb.Answer] = []
    for i, question in enumerate(request.questions):
        try:
            answers.append(dispatch(question))
        except Exception:
            log.exception(
                "AnswerBatch failed on questions[%d] (%s)", i, question.WhichOneof("question")
            )
            answers.append(
                pb.Answer(error=pb.QuestionError(code="INTERNAL", message=INTERNAL_MESSAGE))
            )
    return pb.AnswerBatchResponse(answers=answers)


def _log_call(method: str, variant_id: str, outcome: str, start_ns: int) -> None:
    """One DEBUG line per call: method, variant, outcome, microseconds."""
    if log.isEnabledFor(logging.DEBUG):
        micros = (time.perf_counter_ns() - start_ns) // 1000
        log.debug(
            "method=%s variant=%s outcome=%s us=%d", method, variant_id or "-", outcome, micros
        )


def _abort(context: Any, err: InvalidQuestion) -> NoReturn:
    context.abort_with_status(to_status(err))
    raise AssertionError("unreachable: abort_with_status raises")


def add_to_server(server: Any, service: OracleService | None = None) -> None:
    """Register every RPC of the contract on a ``grpc.Server``.

    The requests are parsed here rather than by gRPC, so that bytes which are
    not a valid message (a string that is not UTF-8, a truncated message) are a
    client's INVALID_ARGUMENT, not an INTERNAL error.
    """
    service = service or OracleService()
    handlers = {}
    for method in oracle_service_pb2.DESCRIPTOR.services_by_name["OracleService"].methods:
        handlers[method.name] = grpc.unary_unary_rpc_method_handler(
            functools.partial(service.handle, method.name),
            request_deserializer=_decoder(getattr(pb, method.input_type.name)),
            response_serializer=lambda response: response.SerializeToString(),
        )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE_NAME, handlers),))
    server.add_registered_method_handlers(SERVICE_NAME, handlers)
