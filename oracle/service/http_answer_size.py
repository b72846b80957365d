"""The answer-size budget of the HTTP door: an answer is written in compact JSON or in binary
protobuf, and one that would pass :data:`~oracle.service.limits.MAX_ANSWER_BYTES` in its encoding
is refused with RESOURCE_EXHAUSTED (HTTP 429) instead of being built (docs/http.md, "The answer's
size").

An ``AnswerBatch`` is checked twice. Before any question is answered, :func:`batch_floor` adds up
what its answers cannot be smaller than (a ``GetVariant`` answer is the whole variant, known
exactly; any other answer at least :data:`SMALLEST_ANSWER` bytes), and a batch already past the
budget is refused at once. After the answers are built, :func:`encode` writes them one at a
time, checking the size so far, so the JSON never grows past the budget, and stops as soon as
the client has gone.

>>> from oracle import pb
>>> batch = pb.AnswerBatchRequest(questions=[
...     pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-two-deck"))] * 3)
>>> batch_floor(batch, "json") == 3 * batch_floor(
...     pb.AnswerBatchRequest(questions=batch.questions[:1]), "json")
True
>>> encode(pb.CheckFollowResponse(legal=True), "json", 100)[:30]
b'{"legal":true,"brokenRuleId":"'
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from connectrpc.code import Code
from connectrpc.errors import ConnectError
from google.protobuf import json_format

from oracle import pb
from oracle.service.limits import MAX_ANSWER_BYTES
from oracle.variants import load_catalogue

SMALLEST_ANSWER = 2
"""The fewest bytes of one answer of a batch in either encoding (``{}`` in JSON; the slot's key
and length in binary)."""


class AnswerTooLarge(ConnectError):
    """An answer past the budget: RESOURCE_EXHAUSTED, saying how to ask instead."""

    def __init__(self, budget: int, encoding: str, where: str) -> None:
        super().__init__(
            Code.RESOURCE_EXHAUSTED,
            f"the answer would pass {budget} bytes in {_NAMES[encoding]} ({where}): split the batch"
            f"{' or ask in binary (application/proto)' if encoding == 'json' else ''}",
        )


_NAMES = {"json": "JSON", "proto": "binary protobuf"}


def to_json(message: Any) -> bytes:
    """A message as compact JSON: the proto's JSON mapping, every field shown.

    >>> to_json(pb.GetVariantRequest(variant_id="x"))
    b'{"variantId":"x"}'
    """
    value = json_format.MessageToDict(message, always_print_fields_with_no_presence=True)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


@functools.lru_cache(maxsize=256)
def _variant_answer_bytes(variant_id: str, encoding: str) -> int:
    """The size of a batch's answer to ``GetVariant`` of a catalogue variant (0: not one)."""
    variant = load_catalogue().get(variant_id)
    if variant is None:
        return 0
    answer = pb.Answer(get_variant=pb.GetVariantResponse(variant=variant))
    return len(to_json(answer)) if encoding == "json" else answer.ByteSize()


def batch_floor(request: pb.AnswerBatchRequest, encoding: str) -> int:
    """The fewest bytes the answer to ``request`` can take in ``encoding`` ("json" or "proto"):
    the sum of each answer's least size (see the module's text)."""
    total = 0
    for question in request.questions:
        size = 0
        if question.WhichOneof("question") == "get_variant":
            size = _variant_answer_bytes(question.get_variant.variant_id, encoding)
        total += max(size, SMALLEST_ANSWER) + 1  # the separator or the slot's tag
    return total


def refuse_large_batch(
    request: Any, encoding: str, budget: int = MAX_ANSWER_BYTES
) -> None:
    """Raise :class:`AnswerTooLarge` for an ``AnswerBatch`` whose answer cannot fit ``budget``.

    >>> many = pb.AnswerBatchRequest(questions=[
    ...     pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-two-deck"))] * 10_000)
    >>> try:
    ...     refuse_large_batch(many, "json")
    ... except AnswerTooLarge as err:
    ...     print(err.code.value, err.message[:44])
    resource_exhausted the answer would pass 16777216 bytes in JSON
    """
    if isinstance(request, pb.AnswerBatchRequest):
        floor = batch_floor(request, encoding)
        if floor > budget:
            where = f"at least {floor} bytes for {len(request.questions)} questions"
            raise AnswerTooLarge(budget, encoding, where)


def encode(
    message: Any,
    encoding: str,
    budget: int = MAX_ANSWER_BYTES,
    active: Callable[[], bool] = lambda: True,
) -> bytes:
    """``message`` in ``encoding``, or :class:`AnswerTooLarge` before it passes ``budget``; a
    batch's answers are written one at a time, and writing stops (``ConnectError`` CANCELED) once
    ``active()`` is false."""
    if encoding != "json":
        if message.ByteSize() > budget:
            raise AnswerTooLarge(budget, encoding, f"{message.ByteSize()} bytes")
        return bytes(message.SerializeToString())
    if not isinstance(message, pb.AnswerBatchResponse):
        data = to_json(message)
        if len(data) > budget:
            raise AnswerTooLarge(budget, encoding, f"{len(data)} bytes")
        return data
    parts = [b'{"answers":[']
    size = len(parts[0]) + 2
    for index, answer in enumerate(message.answers):
        if not active():
            raise ConnectError(Code.CANCELED, "the client went away")
        part = (b"," if index else b"") + to_json(answer)
        size += len(part)
        if size > budget:
            raise AnswerTooLarge(budget, encoding, f"at answers[{index}]")
        parts.append(part)
    parts.append(b"]}")
    return b"".join(parts)
