"""The reference and the rooms it is asked about: a running oracle over gRPC or HTTP/JSON.

``--reference HOST:PORT`` is a gRPC server of ``shengji.oracle.v1.OracleService`` (asked with
``AnswerBatch``, as the runner's ``--target``); ``--reference http://HOST:PORT`` the same service
over HTTP/JSON (the Connect protocol's unary JSON call of ``AnswerBatch``). The variants come
from the reference (``GetVariant``); a room file (``--room``, JSON in the proto3 mapping or TOML
as the variant files are written) is a room's own variant, sent in each question as
``context.custom_variant``, with ``extends`` resolved as the variant files resolve it (tables merge
key by key, arrays and values are replaced) against the reference's variant of that id.

>>> merged({"deal": {"decks": 2, "players": 4}, "levels": [1, 2]}, {"deal": {"decks": 3}, "levels": [5]})
{'deal': {'decks': 3, 'players': 4}, 'levels': [5]}
>>> snake({"cardOrder": {"trumpTiers": [{"noTractors": True}]}})
{'card_order': {'trump_tiers': [{'no_tractors': True}]}}
"""

from __future__ import annotations

import json
import re
import tomllib
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from conformance import protos
from conformance.cases import load_suite
from conformance.claims import Claim
from conformance.fuzz.deck import Room
from conformance.targets import Failure, GrpcTarget, Target

Variant: Any = protos.message_class("Variant")

ANSWER_BATCH_PATH = f"/{protos.SERVICE.full_name}/AnswerBatch"


class SetupError(ValueError):
    """The fuzz cannot start: no reference, an unknown variant, a room that is not a variant."""


class HttpTarget:
    """The reference over HTTP/JSON: ``AnswerBatch`` as a Connect unary call with a JSON body."""

    def __init__(self, base: str, timeout: float = 60.0) -> None:
        self.name = f"http {base}"
        self._url = base.rstrip("/") + ANSWER_BATCH_PATH
        self._timeout = timeout

    def answer(self, questions: Sequence[Any], ids: Sequence[str] = ()) -> list[Any]:
        body = json.dumps({"questions": [json_format.MessageToDict(q) for q in questions]}).encode()
        request = urllib.request.Request(self._url, data=body, method="POST", headers={
            "Content-Type": "application/json", "Connect-Protocol-Version": "1"})
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as reply:
                data = json.loads(reply.read())
        except (urllib.error.URLError, OSError, ValueError) as err:
            return [Failure(f"{self.name}: {err}") for _ in questions]
        batch = protos.AnswerBatchResponse()
        json_format.ParseDict(data, batch, ignore_unknown_fields=True)
        return list(batch.answers)

    def close(self) -> None:
        return None


def reference_target(address: str, timeout: float = 60.0) -> Target:
    """The reference at an address; ``ConnectionError`` when a gRPC server does not answer."""
    if address.startswith(("http://", "https://")):
        return HttpTarget(address, timeout)
    target = GrpcTarget(address, timeout=timeout)
    target.wait_ready(min(timeout, 10.0))
    return target


def ask_one(reference: Target, question: dict[str, Any]) -> dict[str, Any]:
    """The reference's answer to one question in JSON; :class:`SetupError` for no answer."""
    message = protos.Question()
    json_format.ParseDict(question, message)
    answer = reference.answer([message], ["gen/fuzz/setup"])[0]
    if isinstance(answer, Failure):
        raise SetupError(f"the reference gave no answer: {answer.reason}")
    result: dict[str, Any] = json_format.MessageToDict(answer)
    return result


def asking(reference: Target) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """One question at a time to the reference, for generation (an AuditDeal's plays); ``{}`` for no answer."""
    def ask(question: dict[str, Any]) -> dict[str, Any]:
        try:
            return ask_one(reference, question)
        except SetupError:
            return {}
    return ask


def catalogue_variant(reference: Target, variant_id: str) -> dict[str, Any]:
    """The reference's variant of that id (``GetVariant``), in the proto3 JSON mapping."""
    answer = ask_one(reference, {"getVariant": {"variantId": variant_id}})
    if "error" in answer:
        raise SetupError(f"the reference has no variant {variant_id!r}: {answer['error'].get('message', '')}")
    variant: dict[str, Any] = answer["getVariant"]["variant"]
    return variant


def snake(value: Any) -> Any:
    """Every key of a JSON value in snake_case (the proto field names the TOML files use)."""
    if isinstance(value, dict):
        return {re.sub(r"(?<!^)([A-Z])", r"_\1", k).lower(): snake(v) for k, v in value.items()}
    if isinstance(value, list):
        return [snake(v) for v in value]
    return value


def merged(base: dict[str, Any], room: dict[str, Any]) -> dict[str, Any]:
    """``room`` over ``base``: tables merge key by key, arrays and values are replaced."""
    out = dict(base)
    for key, value in room.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def read_room(path: Path, reference: Target) -> dict[str, Any]:
    """A room's own variant from a file, ``extends`` resolved, in the proto3 JSON mapping."""
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (OSError, ValueError) as err:
        raise SetupError(f"--room {path}: {err}") from None
    if not isinstance(data, dict):
        raise SetupError(f"--room {path}: a variant is a JSON object or a TOML table")
    data = snake(data)
    parent = data.pop("extends", "")
    if parent:
        base = snake(catalogue_variant(reference, str(parent)))
        sources = [*base.get("sources", []), *data.get("sources", [])]
        data = merged({k: v for k, v in base.items() if k not in ("id", "name", "description", "extends")}, data)
        data["sources"] = sources
    data.setdefault("id", path.stem)
    variant = Variant()
    try:
        json_format.ParseDict(data, variant, ignore_unknown_fields=False)
    except json_format.ParseError as err:
        raise SetupError(f"--room {path}: not a shengji.oracle.v1.Variant: {err}") from None
    room: dict[str, Any] = json_format.MessageToDict(variant)
    level = (room.get("cardOrder", {}).get("levels") or ["RANK_TWO"])[0]
    answer = ask_one(reference, {"describePlay": {"context": {"customVariant": room, "level": level,
                                                              "noTrump": True},
                                                  "cards": [{"rank": "RANK_BIG_JOKER"}]}})
    if "error" in answer:
        problems = "; ".join(f"{v.get('field')}: {v.get('description')}"
                             for v in answer["error"].get("fieldViolations", []))
        raise SetupError(f"--room {path}: the reference refuses this variant: "
                         f"{problems or answer['error'].get('message', '')}")
    return room


RULE_CHOICES = ("following", "comparison", "throws", "bottom", "compoundFormats", "tractors")
"""The parts of a variant that choose rules: rooms differing only elsewhere (decks, deal) are one choice."""


def suite_rooms(claim: Claim | None) -> list[Room]:
    """The rooms (``custom_variant``) the suite's cases ask about, one per distinct choice of rules.

    Some rules only a room chooses (rbtying's Highest throw evaluation, its draw policies,
    bombs): the catalogue's variants never reach them. The first room met of each choice is
    kept. The claim bounds them as conformance/claims.py bounds the cases: none without the
    ``custom-variants`` feature, and a compatibility profile's rooms (the rooms of its
    ``profile/`` cases, :meth:`Claim.needs`) only with the ``profiles`` feature.

    >>> suite_rooms(Claim(variants=("qq-two-deck",)))
    []
    >>> len(suite_rooms(Claim(variants=("qq-two-deck",), features=("custom-variants",)))) < len(suite_rooms(None))
    True
    """
    if claim is not None and "custom-variants" not in claim.features:
        return []
    rooms: dict[str, Room] = {}
    for case in load_suite(["normative"]):
        body: Any = next(iter(case.question.values()), {})
        variant = body.get("context", {}).get("customVariant") if isinstance(body, dict) else None
        if not variant or case.expects_error or (claim is not None and "profiles" in claim.needs(case)):
            continue
        rules = json.dumps({k: variant.get(k) for k in RULE_CHOICES}, sort_keys=True)
        rooms.setdefault(rules, Room.of(variant, custom=True))
    return list(rooms.values())
