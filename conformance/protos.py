"""The proto messages of the contract, built from a descriptor set: no generated code needed.

The runner needs ``shengji.oracle.v1.Question``, ``Answer`` and the batch
messages. It builds them at import from ``descriptors.binpb``, a
``FileDescriptorSet`` of every proto file of the contract (written by
``scripts/generate/generate_proto.py``), in a descriptor pool of its own: so the
conformance package depends on ``protobuf`` only, and never clashes with an
engine's generated code loaded in the same process.

Where the descriptor set is found: inside the package (``conformance/proto/``,
as the wheel and the release archive ship it), else in a checkout of the
project (``oracle/_gen/descriptors.binpb``).

:data:`QUESTION_KINDS` is the table of question kinds, read from the
``Question`` oneof: a kind added to the proto flows through the runner, its
reports and its claims with no change here.

>>> QUESTION_KINDS["check_follow"].json_name, QUESTION_KINDS["check_follow"].rpc
('checkFollow', 'CheckFollow')
>>> Question.DESCRIPTOR.full_name, Answer().WhichOneof("answer") is None
('shengji.oracle.v1.Question', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

PACKAGE_DIR = Path(__file__).resolve().parent
DESCRIPTOR_SET_NAME = "descriptors.binpb"
PACKAGED_DESCRIPTORS = PACKAGE_DIR / "proto" / DESCRIPTOR_SET_NAME
"""The descriptor set shipped inside the package (wheel, release archive)."""

CHECKOUT_DESCRIPTORS = PACKAGE_DIR.parent / "oracle" / "_gen" / DESCRIPTOR_SET_NAME
"""The descriptor set of a checkout of the project (generated with the Python code)."""

PROTO_PACKAGE = "shengji.oracle.v1"


def descriptor_set_path() -> Path:
    """The descriptor set this package reads (``FileNotFoundError`` when there is none)."""
    for path in (PACKAGED_DESCRIPTORS, CHECKOUT_DESCRIPTORS):
        if path.is_file():
            return path
    raise FileNotFoundError(
        f"no {DESCRIPTOR_SET_NAME}: looked in {PACKAGED_DESCRIPTORS} and {CHECKOUT_DESCRIPTORS}"
    )


def _pool() -> descriptor_pool.DescriptorPool:
    files = descriptor_pb2.FileDescriptorSet.FromString(descriptor_set_path().read_bytes())
    pool = descriptor_pool.DescriptorPool()
    for file in files.file:
        pool.Add(file)
    return pool


POOL = _pool()


def message_class(name: str) -> Any:
    """The message class of ``shengji.oracle.v1.<name>`` in this package's pool."""
    return message_factory.GetMessageClass(POOL.FindMessageTypeByName(f"{PROTO_PACKAGE}.{name}"))


Question: Any = message_class("Question")
Answer: Any = message_class("Answer")
AnswerBatchRequest: Any = message_class("AnswerBatchRequest")
AnswerBatchResponse: Any = message_class("AnswerBatchResponse")
SERVICE = POOL.FindServiceByName(f"{PROTO_PACKAGE}.OracleService")


@dataclass(frozen=True)
class QuestionKind:
    """One field of the ``Question`` oneof: its names and the RPC that asks it alone."""

    name: str
    json_name: str
    number: int
    request: str
    rpc: str


def _question_kinds() -> dict[str, QuestionKind]:
    rpcs = {m.input_type.full_name: m.name for m in SERVICE.methods}
    kinds: dict[str, QuestionKind] = {}
    for field in Question.DESCRIPTOR.oneofs_by_name["question"].fields:
        request = field.message_type.full_name
        rpc = rpcs.get(request, field.message_type.name.removesuffix("Request"))
        kinds[field.name] = QuestionKind(field.name, field.json_name, field.number,
                                         field.message_type.name, rpc)
    return kinds


QUESTION_KINDS: dict[str, QuestionKind] = _question_kinds()
"""The kinds of question by field name, in the oneof's order."""

__all__ = [
    "QUESTION_KINDS",
    "SERVICE",
    "Answer",
    "AnswerBatchRequest",
    "AnswerBatchResponse",
    "Question",
    "QuestionKind",
    "descriptor_set_path",
    "message_class",
]
