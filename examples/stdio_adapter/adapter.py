#!/usr/bin/env python3
"""A stdio adapter: the conformance suite's protocol for engines without gRPC.

The runner (``shengji-conformance --stdio "python examples/stdio_adapter/adapter.py"``)
starts this program and writes one question per line on its stdin: a
``shengji.oracle.v1.Question`` in the proto3 JSON mapping. For each line the
program writes one line on stdout: the ``shengji.oracle.v1.Answer``, also in
the JSON mapping, in the same order. A question it finds malformed gets an
``Answer`` with ``error`` (code INVALID_ARGUMENT and the field paths). At the
end of stdin it exits. See conformance/INTERPRETING.md, "The stdio protocol".

This adapter answers with this project's engine; an adapter for another
engine keeps the loop and replaces :func:`answer`.

One question and its answer::

    in:  {"getVariant":{"variantId":"qq-one-deck"}}
    out: {"getVariant":{"variant":{"id":"qq-one-deck", ...}}}
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
from oracle.service.requests import dispatch


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


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = answer(json.loads(line))
        except Exception as err:  # noqa: BLE001 - one bad question must not end the run
            reply = {"error": {"code": "INTERNAL", "message": f"{type(err).__name__}: {err}"}}
        sys.stdout.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
