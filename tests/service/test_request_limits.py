"""Every number of every request is bounded: the walk of the request messages finds each number
(int32, int64, ...) and fails on one that ``oracle.service.limits.REQUEST_NUMBERS`` does not
bound; then each bounded number is sent just past its bounds, inside an otherwise answered
question of the conformance suite, and must be refused ``INVALID_ARGUMENT`` naming its field
(on the fast path and the full validation alike: the answered question would take the fast
path). A ``custom_variant`` is bounded by ``oracle.variants.limits`` (tests/variants/test_variant_limits.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor

from conformance import CASES_DIR
from oracle import pb
from oracle.service.limits import REQUEST_NUMBERS, SEAT
from oracle.service.questions import QUESTION_KINDS, dispatch

NUMBERS = {
    FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT32,
    FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_SINT32, FieldDescriptor.TYPE_SINT64,
    FieldDescriptor.TYPE_FIXED32, FieldDescriptor.TYPE_FIXED64, FieldDescriptor.TYPE_SFIXED32,
    FieldDescriptor.TYPE_SFIXED64, FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT,
}
REQUESTS = {kind.request.DESCRIPTOR.full_name for kind in QUESTION_KINDS.values()}
BOUNDED_ELSEWHERE = {pb.Variant.DESCRIPTOR.full_name, *REQUESTS}
"""Messages whose numbers are walked apart: a variant's (``oracle.variants.limits.LIMITS``), and
each request's (walked from itself, also where an ``AnswerBatch`` question holds it)."""


def numbers(message: Any, path: str, seen: frozenset[str] = frozenset()) -> Iterator[str]:
    """The path of every number field under ``message`` (recursion cut where a message repeats)."""
    for field in message.fields:
        here = f"{path}.{field.name}"
        if field.message_type is not None:
            name = field.message_type.full_name
            if name not in BOUNDED_ELSEWHERE and name not in seen:
                yield from numbers(field.message_type, here, seen | {name})
        elif field.type in NUMBERS:
            yield here


def request_numbers() -> list[str]:
    walked = [pb.AnswerBatchRequest.DESCRIPTOR]
    walked += [kind.request.DESCRIPTOR for kind in QUESTION_KINDS.values()]
    found: list[str] = []
    for request in walked:
        found += numbers(request, request.name)
    return found


def test_every_number_of_every_request_is_bounded() -> None:
    found = request_numbers()
    assert "ScoreDealRequest.attacker_points" in found  # the walk reaches the numbers
    unbounded = [path for path in found if path not in REQUEST_NUMBERS]
    assert not unbounded, f"add to oracle.service.limits.REQUEST_NUMBERS: {unbounded}"
    stale = [path for path in REQUEST_NUMBERS if path not in found]
    assert not stale, f"no such number in the requests: {stale}"


def answered_question(kind: str) -> pb.Question:
    """The first question of this kind in the conformance cases that is answered, not refused."""
    json_name = QUESTION_KINDS[kind].json_name
    for path in sorted(CASES_DIR.glob("hand-*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line) if line.startswith("{") else {}
            if json_name in case.get("question", {}) and "error" not in case.get("expected", {}):
                question = json_format.ParseDict(case["question"], pb.Question())
                assert dispatch(question).WhichOneof("answer") != "error", case["id"]
                return question
    raise AssertionError(f"no answered {kind} question in the cases")


def set_number(message: Any, parts: list[str], value: int) -> None:
    """Set the number at ``parts`` (the first item of a list; one added to an empty list)."""
    *through, last = parts
    for name in through:
        field = message.DESCRIPTOR.fields_by_name[name]
        if field.is_repeated:
            held = getattr(message, name)
            message = held[0] if len(held) else held.add()
        else:
            message = getattr(message, name)
    if message.DESCRIPTOR.fields_by_name[last].is_repeated:
        held = getattr(message, last)
        if len(held):
            held[0] = value
        else:
            held.append(value)
    else:
        setattr(message, last, value)


def past_bounds(bound: tuple[int, int] | str) -> list[int]:
    """Just below and just above the bounds; for a seat, -1 and the largest int32 (no variant
    has that many seats)."""
    if isinstance(bound, tuple):
        return [bound[0] - 1, bound[1] + 1]
    assert bound == SEAT
    return [-1, 2**31 - 1]


KINDS = {kind.request.DESCRIPTOR.name: name for name, kind in QUESTION_KINDS.items()}
CASES = [(path, value) for path, bound in REQUEST_NUMBERS.items() for value in past_bounds(bound)]


@pytest.mark.parametrize(("path", "value"), CASES, ids=[f"{p}={v}" for p, v in CASES])
def test_a_number_past_its_bounds_is_refused_naming_it(path: str, value: int) -> None:
    request, *parts = path.split(".")
    kind = KINDS[request]
    question = answered_question(kind)
    set_number(getattr(question, kind), parts, value)
    answer = dispatch(question)
    assert answer.WhichOneof("answer") == "error", (path, value, answer)
    assert answer.error.code == "INVALID_ARGUMENT"
    fields = [re.sub(r"\[\d+\]", "", v.field) for v in answer.error.field_violations]
    assert ".".join([kind, *parts]) in fields, (path, value, list(answer.error.field_violations))
