"""The one table of question kinds, read at import from the proto ``Question`` oneof: each
kind's request, answer field and RPC, its validating parser and its engine call.

An engine call writes its answer into the message it is given (an empty message of the kind's
response: :func:`dispatch` gives the field of the ``Answer`` it returns, so the answer is built
in its place, not built apart and copied there), or into a new message when given none (a unary
call's response, a batch's answer serialized in its place).

>>> kind = QUESTION_KINDS["check_follow"]
>>> kind.rpc, kind.request.__name__, kind.answer_field, kind.json_name
('CheckFollow', 'CheckFollowRequest', 'check_follow', 'checkFollow')
>>> dispatch(pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-two-deck"))).get_variant.variant.deal.decks
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from google.protobuf.descriptor import ServiceDescriptor
from google.protobuf.message import Message

from oracle import pb
from oracle.dispatch import questions as engine
from oracle.engine.budget import DeadlinePassed, WorkExceeded, enter_question, leave_question
from oracle.errors import InvalidQuestion
from oracle.referee.record import Record
from oracle.referee.replay import audit_deal
from oracle.service.bottom_validation import ScoreBottomArgs, parse_score_bottom
from oracle.service.legal_play_validation import (
    ListLegalPlaysArgs,
    answer_list_legal_plays,
    parse_list_legal_plays,
)
from oracle.service.play_validation import (
    CheckFollowArgs,
    CheckThrowArgs,
    DescribePlayArgs,
    JudgeTrickArgs,
    parse_check_follow,
    parse_check_throw,
    parse_describe_play,
    parse_judge_trick,
)
from oracle.service.record_validation import parse_audit_deal
from oracle.service.status import RESOURCE_EXHAUSTED, capped, question_error
from oracle.service.variant_validation import (
    CompareDeclarationsArgs,
    GetVariantArgs,
    ScoreDealArgs,
    parse_compare_declarations,
    parse_get_variant,
    parse_score_deal,
)

_Request = TypeVar("_Request", bound=Message)
_Args = TypeVar("_Args")
_Args_contra = TypeVar("_Args_contra", contravariant=True)


class Ask(Protocol[_Args_contra]):
    """A kind's engine call on validated arguments: the answer written into ``answer`` (an empty
    message of the kind's response) when one is given, else into a new message; either returned."""

    def __call__(self, args: _Args_contra, answer: Any = None, /) -> Message: ...


@dataclass(frozen=True)
class Handler:
    """How one request message is answered: its parser, then the engine call on what it returns."""

    request: type[Message]
    parse: Callable[[Any], Any]
    ask: Ask[Any]


def handler(request: type[_Request], parse: Callable[[_Request], _Args], ask: Ask[_Args]) -> Handler:
    """A :class:`Handler` whose request, parser and engine call the type checker sees agree."""
    return Handler(request, parse, ask)


def _describe_play(
    args: DescribePlayArgs, answer: pb.DescribePlayResponse | None = None
) -> pb.DescribePlayResponse:
    return engine.describe_play(args.rules, args.cards, answer)


def _check_follow(
    args: CheckFollowArgs, answer: pb.CheckFollowResponse | None = None
) -> pb.CheckFollowResponse:
    return engine.check_follow(args.rules, args.lead, args.hand, args.play, answer)


def _judge_trick(
    args: JudgeTrickArgs, answer: pb.JudgeTrickResponse | None = None
) -> pb.JudgeTrickResponse:
    return engine.judge_trick(args.rules, args.plays, answer)


def _check_throw(
    args: CheckThrowArgs, answer: pb.CheckThrowResponse | None = None
) -> pb.CheckThrowResponse:
    return engine.check_throw(args.rules, args.thrower, args.other_hands, answer)


def _score_bottom(
    args: ScoreBottomArgs, answer: pb.ScoreBottomResponse | None = None
) -> pb.ScoreBottomResponse:
    return engine.score_bottom(
        args.rules,
        args.last_trick,
        args.banker_seats,
        args.bottom,
        banker_side_points=args.banker_side_points,
        attacker_points=args.attacker_points,
        answer=answer,
    )


def _score_deal(
    args: ScoreDealArgs, answer: pb.ScoreDealResponse | None = None
) -> pb.ScoreDealResponse:
    return engine.score_deal(
        args.variant, args.attacker_points, args.banker_seat, args.banker_level, args.attacker_level,
        answer,
    )


def _compare_declarations(
    args: CompareDeclarationsArgs, answer: pb.CompareDeclarationsResponse | None = None
) -> pb.CompareDeclarationsResponse:
    return engine.compare_declarations(
        args.variant, args.level, args.standing, args.challenger, args.rebury, answer
    )


def _get_variant(
    args: GetVariantArgs, answer: pb.GetVariantResponse | None = None
) -> pb.GetVariantResponse:
    if answer is None:
        answer = pb.GetVariantResponse()
    answer.variant.CopyFrom(args.variant)
    return answer


def _list_legal_plays(
    args: ListLegalPlaysArgs, answer: pb.ListLegalPlaysResponse | None = None
) -> pb.ListLegalPlaysResponse:
    return engine.into(answer, answer_list_legal_plays(args))  # built apart: the one copy left, on >50 µs


def _audit_deal(args: Record, answer: pb.AuditDealResponse | None = None) -> pb.AuditDealResponse:
    return engine.into(answer, audit_deal(args))  # built apart as the replay goes: the one copy left, on >1 ms


HANDLERS: tuple[Handler, ...] = (
    handler(pb.DescribePlayRequest, parse_describe_play, _describe_play),
    handler(pb.CheckFollowRequest, parse_check_follow, _check_follow),
    handler(pb.JudgeTrickRequest, parse_judge_trick, _judge_trick),
    handler(pb.CheckThrowRequest, parse_check_throw, _check_throw),
    handler(pb.ScoreBottomRequest, parse_score_bottom, _score_bottom),
    handler(pb.ScoreDealRequest, parse_score_deal, _score_deal),
    handler(pb.CompareDeclarationsRequest, parse_compare_declarations, _compare_declarations),
    handler(pb.GetVariantRequest, parse_get_variant, _get_variant),
    handler(pb.ListLegalPlaysRequest, parse_list_legal_plays, _list_legal_plays),
    handler(pb.AuditDealRequest, parse_audit_deal, _audit_deal),
)
"""The parser and engine call of every request message a ``Question`` can hold."""


@dataclass(frozen=True)
class QuestionKind:
    """One kind of question: its field in ``Question`` (``name``, and ``json_name`` in the JSON
    mapping), its request message, its field in ``Answer``, its unary RPC and its handler."""

    name: str
    json_name: str
    request: type[Message]
    answer_field: str
    rpc: str
    parse: Callable[[Any], Any]
    ask: Ask[Any]

    def answer(self, request: Message) -> Message:
        """Validate the request (raising :class:`InvalidQuestion`), then ask the engine."""
        return self.ask(self.parse(request))


def question_kinds(
    question: Any, answer: Any, service: ServiceDescriptor, handlers: Sequence[Handler]
) -> dict[str, QuestionKind]:
    """One kind per field of the ``question`` oneof (a ``OneofDescriptor``, as ``answer``), in
    field order, by field name.

    ``LookupError`` names every field without a handler, an RPC taking its request or a field
    of ``answer`` holding that RPC's response, and every handler of no field.

    >>> question_kinds(QUESTION_ONEOF, ANSWER_ONEOF, ORACLE_SERVICE, HANDLERS[1:])
    Traceback (most recent call last):
    ...
    LookupError: Question.describe_play has no handler
    """
    by_request = {h.request.DESCRIPTOR.full_name: h for h in handlers}
    methods = {m.input_type.full_name: m for m in service.methods}
    answer_fields = {f.message_type.full_name: f.name for f in answer.fields if f.message_type}
    kinds: dict[str, QuestionKind] = {}
    missing: list[str] = []
    for field in question.fields:
        request_name = field.message_type.full_name
        found = by_request.pop(request_name, None)
        method = methods.get(request_name)
        answer_field = answer_fields.get(method.output_type.full_name) if method else None
        if found is None or method is None or answer_field is None:
            what = "handler" if found is None else "RPC" if method is None else "answer field"
            missing.append(f"{question.containing_type.name}.{field.name} has no {what}")
            continue
        kinds[field.name] = QuestionKind(
            field.name, field.json_name, found.request, answer_field, method.name,
            found.parse, found.ask,
        )
    missing.extend(f"the handler of {name} answers no question" for name in by_request)
    if missing:
        raise LookupError("; ".join(missing))
    return kinds


QUESTION_ONEOF = pb.Question.DESCRIPTOR.oneofs_by_name["question"]
"""The oneof of ``Question``: one field per kind of question."""

ANSWER_ONEOF = pb.Answer.DESCRIPTOR.oneofs_by_name["answer"]
"""The oneof of ``Answer``: one field per kind of question, and ``error``."""

ORACLE_SERVICE = pb.oracle_service_pb2.DESCRIPTOR.services_by_name["OracleService"]
"""The service, whose unary RPCs answer one question each."""

QUESTION_KINDS: dict[str, QuestionKind] = question_kinds(
    QUESTION_ONEOF, ANSWER_ONEOF, ORACLE_SERVICE, HANDLERS
)
"""Every kind of question, by its field name in ``Question``, in the proto's order."""


def dispatch(question: pb.Question) -> pb.Answer:
    """Answer one question of a batch; a bad question gets ``Answer.error``.

    Field paths of the error start with the name of the question's kind. Each question has its
    own work budget (:mod:`oracle.engine.budget`): one that spends it gets ``RESOURCE_EXHAUSTED``.

    >>> err = dispatch(pb.Question(get_variant=pb.GetVariantRequest(variant_id="nope"))).error
    >>> err.code, err.field_violations[0].field
    ('INVALID_ARGUMENT', 'get_variant.variant_id')
    >>> dispatch(pb.Question()).error.field_violations[0].description  # doctest: +ELLIPSIS
    'no question: set one of describe_play, check_follow, ...'
    """
    answer = pb.Answer()
    name = question.WhichOneof("question")
    if name is None:
        answer.error.CopyFrom(NO_QUESTION)
        return answer
    kind = QUESTION_KINDS[name]
    built = getattr(answer, kind.answer_field)
    built.SetInParent()  # the kind's field is the answer even if the engine leaves it empty
    token = enter_question()  # question_budget(), without a with's two calls
    try:
        field, message = answer_of(kind, getattr(question, name), built)
    finally:
        leave_question(token)
    if message is not built:  # an error: setting it clears the kind's field, whatever was written there
        getattr(answer, field).CopyFrom(message)
    return answer


def answer_of(kind: QuestionKind, request: Message, answer: Message | None = None) -> tuple[str, Message]:
    """The field of ``Answer`` answering a question of a known ``kind``, and the message it holds:
    the kind's answer (written into ``answer`` when given: an empty message of the kind's
    response), or an ``error`` (``RESOURCE_EXHAUSTED`` for a question spending its work budget;
    one past its call's deadline stops the whole call), under the work budget already current
    (:func:`dispatch` enters one for its question; a batch renews one before each question:
    :meth:`~oracle.engine.budget.Budget.renew`).

    >>> kind = QUESTION_KINDS["get_variant"]
    >>> answer_of(kind, pb.GetVariantRequest(variant_id="qq-one-deck"))[0]
    'get_variant'
    """
    try:
        return kind.answer_field, kind.ask(kind.parse(request), answer)
    except InvalidQuestion as err:
        return "error", question_error(InvalidQuestion(capped(err.prefixed(kind.name).violations)))
    except DeadlinePassed:
        raise  # the whole call stops: its deadline passed or its caller went away
    except WorkExceeded as err:
        return "error", pb.QuestionError(code=RESOURCE_EXHAUSTED, message=str(err))


NO_QUESTION: pb.QuestionError = question_error(
    InvalidQuestion.single("question", f"no question: set one of {', '.join(QUESTION_KINDS)}")
)
"""The answer to a ``Question`` with none of its fields set."""


ANSWER_NUMBERS: dict[str, int] = {field.name: field.number for field in ANSWER_ONEOF.fields}
"""The field number of each field of the ``Answer`` oneof, by name."""
