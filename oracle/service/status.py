"""What a client is told about a malformed question: the status message, the
``google.rpc.BadRequest`` of a call and the ``QuestionError`` of a batch slot.

>>> err = InvalidQuestion([Violation("play[2]", "4C is not in the hand"), Violation("lead", "x")])
>>> status_message(err)
'invalid question: play[2]: 4C is not in the hand (and 1 more problem)'
>>> question_error(err).field_violations[1].field
'lead'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from oracle import pb
from oracle.errors import InvalidQuestion, Violation
from oracle.service.limits import MAX_VIOLATIONS

INVALID_ARGUMENT = "INVALID_ARGUMENT"
"""The gRPC status code name of a malformed question."""

RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"
"""The gRPC status code name of a question that spent its work budget."""

MAX_ECHO = 64
"""The most characters of a client's value echoed back in a message."""


def echoed(value: str, most: int = MAX_ECHO) -> str:
    """A client's value as a message quotes it: cut short past ``most`` characters.

    >>> echoed("qq-two-deck"), echoed("x" * 100)
    ("'qq-two-deck'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (100 characters)")
    """
    if len(value) <= most:
        return repr(value)
    return f"{value[:most]!r}... ({len(value)} characters)"

INTERNAL_MESSAGE = (
    "internal error: the oracle failed on this question; the server log has the details"
)
"""What a client is told when the oracle itself fails."""


def capped(violations: Sequence[Violation], limit: int = MAX_VIOLATIONS) -> list[Violation]:
    """At most ``limit`` violations; the last one says how many were left out.

    >>> vs = [Violation(f"hand[{i}]", "bad") for i in range(30)]
    >>> out = capped(vs, 5)
    >>> len(out), out[-1].field, out[-1].description
    (5, 'hand[4]', 'bad (and 25 more problems, not listed)')
    """
    if len(violations) <= limit:
        return list(violations)
    last = violations[limit - 1]
    more = len(violations) - limit
    return [
        *violations[: limit - 1],
        Violation(last.field, f"{last.description} (and {more} more problems, not listed)"),
    ]


WHOLE_REQUEST = '""'
"""How a message names the field path ``""``: the whole request (bytes that are not a message)."""


def status_message(err: InvalidQuestion) -> str:
    """A short message for a status: the first problem and how many more.

    >>> status_message(InvalidQuestion([Violation("a", "x"), Violation("b", "y")]))
    'invalid question: a: x (and 1 more problem)'
    """
    first = err.violations[0]
    text = f"invalid question: {first.field or WHOLE_REQUEST}: {first.description}"
    more = len(err.violations) - 1
    if more:
        text += f" (and {more} more problem{'s' if more > 1 else ''})"
    return text


def question_error(err: InvalidQuestion, code: str = INVALID_ARGUMENT) -> pb.QuestionError:
    """The batch form of an error: the same content as the status of a single call.

    >>> question_error(InvalidQuestion.single("check_follow.play[2]", "bad")).field_violations[0].field
    'check_follow.play[2]'
    """
    return pb.QuestionError(
        code=code,
        message=status_message(err),
        field_violations=[
            pb.FieldViolation(field=v.field, description=v.description) for v in err.violations
        ],
    )


def to_status(err: InvalidQuestion) -> Any:
    """The ``INVALID_ARGUMENT`` status of a malformed question, with a BadRequest.

    >>> status = to_status(InvalidQuestion([Violation("play[2]", "4C is not in the hand")]))
    >>> details = status_pb2.Status.FromString(dict(status.trailing_metadata)["grpc-status-details-bin"]).details
    >>> request = error_details_pb2.BadRequest()
    >>> status.code, details[0].Unpack(request), request.field_violations[0].field
    (<StatusCode.INVALID_ARGUMENT: (3, 'invalid argument')>, True, 'play[2]')
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

