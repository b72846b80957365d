#!/usr/bin/env python3
"""A stdio adapter: the conformance suite's protocol for engines without gRPC.

The runner (``shengji-conformance --stdio "python examples/stdio_adapter/adapter.py"
--claim examples/stdio_adapter/claim.json``) starts this program and writes one
question per line on its stdin: in protocol 2, the case's id and a
``shengji.oracle.v1.Question`` in the proto3 JSON mapping. For each line the
program writes one line on stdout, in the same order: the id again and the
``shengji.oracle.v1.Answer``, also in the JSON mapping. A question it finds
malformed gets an ``Answer`` with ``error`` (code INVALID_ARGUMENT and the field
paths). At the end of stdin it exits. Protocol 1 (a bare question per line, a
bare answer per line) is answered too: a line without ``id`` is one. See
conformance/INTERPRETING.md, "The stdio protocol".

This adapter answers with this project's engine; an adapter for another
engine keeps the loop and replaces :func:`answer`.

One question and its answer (protocol 2)::

    in:  {"id":"hand/get_variant/qq-one-deck","question":{"getVariant":{"variantId":"qq-one-deck"}}}
    out: {"id":"hand/get_variant/qq-one-deck","answer":{"getVariant":{"variant":{"id":"qq-one-deck", ...}}}}
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from google.protobuf import json_format

try:
    from oracle import pb
except ModuleNotFoundError:  # run from a checkout without installing: use the checkout's engine
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from oracle import pb
from oracle.service.questions import dispatch

Json = dict[str, Any]


def answer(question: dict[str, Any]) -> dict[str, Any]:
    """The answer to one question, both in the proto3 JSON mapping."""
    message = pb.Question()
    try:
        json_format.ParseDict(question, message, ignore_unknown_fields=False)
    except json_format.ParseError as err:
        return {"error": {"code": "INVALID_ARGUMENT", "message": str(err),
                          "fieldViolations": [{"field": "question", "description": str(err)}]}}
    result: dict[str, Any] = json_format.MessageToDict(dispatch(message))
    return result


def reply_to(line: str) -> Json:
    """The output line's object for one input line, in the line's protocol (2 when it has ``id``)."""
    data = json.loads(line)
    v2 = isinstance(data, dict) and "id" in data and "question" in data
    try:
        result = answer(data["question"] if v2 else data)
    except Exception as err:  # noqa: BLE001 - one bad question must not end the run
        result = {"error": {"code": "INTERNAL", "message": f"{type(err).__name__}: {err}"}}
    return {"id": data["id"], "answer": result} if v2 else result


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = reply_to(line)
        sys.stdout.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
