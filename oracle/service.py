"""The gRPC servicer: every RPC of ``shengji.oracle.v1.OracleService``.

Each call validates its request (:mod:`oracle.requests`), asks the engine and
returns the answer. A malformed question fails with ``INVALID_ARGUMENT`` and a
``google.rpc.BadRequest`` holding one field violation per problem. Anything
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

import logging
import time
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import Message
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc
from oracle.errors import InvalidQuestion
from oracle.requests import (
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

R = TypeVar("R", bound=Message)


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


class OracleService(oracle_service_pb2_grpc.OracleServiceServicer):
    """The rules oracle over gRPC; stateless, so one instance serves every thread."""

    def _run(self, method: str, variant_id: str, context: Any, answer: Callable[[], R]) -> R:
        """Answer, or end the call with INVALID_ARGUMENT or INTERNAL."""
        start = time.perf_counter_ns()
        try:
            response = answer()
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

    def ListVariants(
        self, request: pb.ListVariantsRequest, context: Any
    ) -> pb.ListVariantsResponse:
        """Every variant of the catalogue, fully resolved, by id."""
        return self._run(
            "ListVariants",
            "",
            context,
            lambda: pb.ListVariantsResponse(
                variants=[v for _, v in sorted(load_catalogue().items())]
            ),
        )

    def GetVariant(self, request: pb.GetVariantRequest, context: Any) -> pb.GetVariantResponse:
        """One variant, fully resolved."""
        return self._run(
            "GetVariant", request.variant_id, context, lambda: parse_get_variant(request).answer()
        )

    def ListRules(self, request: pb.ListRulesRequest, context: Any) -> pb.ListRulesResponse:
        """The catalogue of rule ids, sorted by id."""
        return self._run(
            "ListRules",
            "",
            context,
            lambda: pb.ListRulesResponse(
                rules=[
                    pb.Rule(id=rule.id, summary=rule.summary, sources=list(rule.sources))
                    for _, rule in sorted(RULES.items())
                ]
            ),
        )

    def DescribePlay(
        self, request: pb.DescribePlayRequest, context: Any
    ) -> pb.DescribePlayResponse:
        """What a set of cards is."""
        return self._run(
            "DescribePlay",
            request.context.variant_id,
            context,
            lambda: parse_describe_play(request).answer(),
        )

    def CheckFollow(self, request: pb.CheckFollowRequest, context: Any) -> pb.CheckFollowResponse:
        """Is this follow legal?"""
        return self._run(
            "CheckFollow",
            request.context.variant_id,
            context,
            lambda: parse_check_follow(request).answer(),
        )

    def JudgeTrick(self, request: pb.JudgeTrickRequest, context: Any) -> pb.JudgeTrickResponse:
        """Who wins this trick?"""
        return self._run(
            "JudgeTrick",
            request.context.variant_id,
            context,
            lambda: parse_judge_trick(request).answer(),
        )

    def CheckThrow(self, request: pb.CheckThrowRequest, context: Any) -> pb.CheckThrowResponse:
        """Does this throw succeed?"""
        return self._run(
            "CheckThrow",
            request.context.variant_id,
            context,
            lambda: parse_check_throw(request).answer(),
        )

    def ScoreBottom(self, request: pb.ScoreBottomRequest, context: Any) -> pb.ScoreBottomResponse:
        """The bottom's multiplier and points."""
        return self._run(
            "ScoreBottom",
            request.context.variant_id,
            context,
            lambda: parse_score_bottom(request).answer(),
        )

    def ScoreDeal(self, request: pb.ScoreDealRequest, context: Any) -> pb.ScoreDealResponse:
        """How the levels move after a deal."""
        return self._run(
            "ScoreDeal", request.variant_id, context, lambda: parse_score_deal(request).answer()
        )

    def CompareDeclarations(
        self, request: pb.CompareDeclarationsRequest, context: Any
    ) -> pb.CompareDeclarationsResponse:
        """Does the challenger's declaration override the standing one?"""
        return self._run(
            "CompareDeclarations",
            request.variant_id,
            context,
            lambda: parse_compare_declarations(request).answer(),
        )

    def AnswerBatch(self, request: pb.AnswerBatchRequest, context: Any) -> pb.AnswerBatchResponse:
        """Many questions, answered in order; a bad one is reported in its own slot."""
        return self._run("AnswerBatch", "", context, lambda: answer_batch(request))


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
    """Register the oracle on a ``grpc.Server``."""
    register = oracle_service_pb2_grpc.add_OracleServiceServicer_to_server
    register(service or OracleService(), server)  # type: ignore[no-untyped-call]
