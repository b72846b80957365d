"""Structure-aware fuzzing of the oracle over gRPC: every status classified, answers checked.

Usage::

    python -m scripts.fuzz.fuzz [--requests N] [--seconds S] [--seed K] [--rpc NAME ...]
                           [--target HOST:PORT] [--jobs J] [--failures FILE]

It starts a server of its own on a free loopback port (``python -m oracle --port 0 --host
127.0.0.1``), unless ``--target`` names one already running (loopback only), and sends
``--requests`` calls to each RPC of ``shengji.oracle.v1.OracleService``, one RPC after the other
in turn, stopping early when ``--seconds`` have passed. Each request is built from the
questions of the conformance suite (``conformance/cases/*.jsonl``) and from the shipped
variants, changed one thing at a time:

* a number set to an edge value (0, -1, the int32 extremes, just past a limit...);
* an enum set to a number the proto does not define, or to another value;
* a string emptied, made long (up to past the request size limit) or odd (unicode, NUL);
* a list emptied, truncated, reversed, one element dropped or duplicated, the whole list
  doubled, or grown to the list limit and one past it;
* two cards swapped between the lists of a question (a card of the hand into the play);
* a shipped variant (``GetVariant``'s answer) sent as ``context.custom_variant``, as it is,
  with one of its fields changed as above, or with a follow ladder's rungs changed (the last
  dropped, so a hand may reach none; one dropped; cut to the first; reversed);
* the request's bytes cut short, a byte flipped, garbage appended, or a string that is not
  UTF-8 spliced in;
* for ``AnswerBatch``, a batch of such questions of every kind (sometimes past the batch limit).

Every call ends in a status: OK, INVALID_ARGUMENT, RESOURCE_EXHAUSTED and DEADLINE_EXCEEDED
are counted; INTERNAL, UNKNOWN, UNAVAILABLE or any other status, a server that died (a crash:
it is restarted and the run goes on), an answer breaking an invariant, or a call taking over
``--slow`` seconds (2 by default) is a failure. The invariants checked on OK answers include:
an illegal follow's legal example comes from the hand and is legal when asked again; a trick's
winner is one of its seats and there is one verdict per play; points are never negative and
are those of the cards; a bottom's multiplier is 0 or more; a failed throw's forced play comes
from the throw; the next banker is a seat of the deal; a batch has one answer per question, of
the question's kind or an error; an INVALID_ARGUMENT call names at least one field.

An answer the contract leaves unclear (today: a variant where either side digs, which the
proto says deals no bottom, dealing one all the same) is a note: counted and printed with its
request, not a failure.

It prints one row per RPC (calls, each status, invariant failures, notes, slow calls, p50,
p99 and the slowest call in milliseconds), then every failure and note kept with its request
in the proto's JSON mapping (cut short when long; ``--failures FILE`` writes them in full, one
JSON object a line), and exits 1 when there was any failure, 0 otherwise. Each client prints a
progress line on stderr every minute.
"""

from __future__ import annotations

import argparse
import copy
import ipaddress
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import DecodeError, Message
from google.rpc import error_details_pb2, status_pb2

ROOT = Path(__file__).resolve().parents[2]

from oracle import pb

SERVICE = "shengji.oracle.v1.OracleService"
CASES = ROOT / "conformance" / "cases"
REGRESSION = ROOT / "conformance" / "regression"
"""The conformance suite's regression set: engine-answered random deals, questions as good as any."""

QUESTION_RPCS = {
    "describe_play": "DescribePlay",
    "check_follow": "CheckFollow",
    "judge_trick": "JudgeTrick",
    "check_throw": "CheckThrow",
    "score_bottom": "ScoreBottom",
    "score_deal": "ScoreDeal",
    "compare_declarations": "CompareDeclarations",
    "get_variant": "GetVariant",
    "list_legal_plays": "ListLegalPlays",
    "audit_deal": "AuditDeal",
}
"""The field of each kind in ``Question``, and its unary RPC."""

RPCS = [*QUESTION_RPCS.values(), "ListVariants", "ListRules", "AnswerBatch"]
"""Every RPC of the service, in the order the table prints them."""

KIND_OF_RPC = {rpc: kind for kind, rpc in QUESTION_RPCS.items()}

_METHODS = {m.name: m for m in pb.oracle_service_pb2.DESCRIPTOR.services_by_name["OracleService"].methods}
REQUEST_CLASS: dict[str, type[Message]] = {
    name: getattr(pb, m.input_type.name) for name, m in _METHODS.items()
}
RESPONSE_CLASS: dict[str, type[Message]] = {
    name: getattr(pb, m.output_type.name) for name, m in _METHODS.items()
}
assert sorted(RPCS) == sorted(_METHODS), "fuzz.py: the service's RPCs changed; update RPCS"

ACCEPTED = ("OK", "INVALID_ARGUMENT", "RESOURCE_EXHAUSTED")
"""Statuses that are a normal end of a fuzzed call; anything else is a failure."""

COLUMNS = ("OK", "INVALID_ARGUMENT", "RESOURCE_EXHAUSTED", "DEADLINE_EXCEEDED", "INTERNAL",
           "UNAVAILABLE", "crash", "other")
SHORT = {"OK": "OK", "INVALID_ARGUMENT": "INVALID", "RESOURCE_EXHAUSTED": "EXHAUSTED",
         "DEADLINE_EXCEEDED": "DEADLINE", "INTERNAL": "INTERNAL", "UNAVAILABLE": "UNAVAIL",
         "crash": "crash", "other": "other"}

INT32_MAX = 2**31 - 1
INT32_MIN = -(2**31)
INT_EDGES = (0, 1, -1, 2, 3, 4, 5, 8, 13, 27, 54, 100, 107, 108, 109, 200, 999, 1000, 1001,
             99_999, 100_000, 100_001, 10**6, INT32_MAX, INT32_MAX - 1, INT32_MIN, INT32_MIN + 1)
STRING_EDGES = ("", " ", "qq-two-deck ", "QQ-TWO-DECK", "升级拖拉机", "\x00", "\x00qq-two-deck",
                "../variants/qq-two-deck", "a" * 200, "\U0001f0cf" * 50, "x" * 100_000)
NOTE = "note: "
"""Marks what an answer does that the contract leaves unclear: printed, never a failure."""

CARD_POINTS = {5: 5, 10: 10, 13: 10}
"""Points on a card by rank, as the proto says (5 = 5, 10 and K = 10)."""


# ---------------------------------------------------------------------------------------------
# The corpus: the conformance questions and the shipped variants.


class Corpus:
    """The questions of the conformance cases, by kind (its field in ``Question``).

    The JSON is read at once but each question is parsed into a message only when first
    drawn, which keeps a short run's start quick.
    """

    def __init__(self) -> None:
        self.raw: dict[str, list[Any]] = {kind: [] for kind in QUESTION_RPCS}
        self.laddered: dict[str, list[int]] = {kind: [] for kind in QUESTION_RPCS}
        """The questions of each kind tagged ``follow-ladder`` (their index in ``raw``)."""
        self.parsed: dict[tuple[str, int], Message] = {}
        camel = {pb.Question.DESCRIPTOR.fields_by_name[k].json_name: k for k in QUESTION_RPCS}
        for path in [*sorted(CASES.glob("*.jsonl")), *sorted(REGRESSION.glob("*.jsonl"))]:
            for line in path.read_text(encoding="utf-8").splitlines():
                if not line.strip():
                    continue
                case = json.loads(line)
                question = case.get("question") or {}
                for key, body in question.items():
                    kind = camel.get(key, key if key in QUESTION_RPCS else None)
                    if kind is not None:
                        if "follow-ladder" in (case.get("tags") or []):
                            self.laddered[kind].append(len(self.raw[kind]))
                        self.raw[kind].append(body)
        missing = [kind for kind, qs in self.raw.items() if not qs]
        if missing:
            raise SystemExit(f"fuzz.py: no conformance question of {', '.join(missing)}")

    def draw(self, kind: str, rng: random.Random, *, laddered: bool = False) -> Message:
        """A copy of one request of ``kind``, chosen at random (among those tagged
        ``follow-ladder`` when ``laddered``)."""
        i = rng.choice(self.laddered[kind]) if laddered else rng.randrange(len(self.raw[kind]))
        request = self.parsed.get((kind, i))
        if request is None:
            request = getattr(pb.Question(), kind).__class__()
            try:
                json_format.ParseDict(self.raw[kind][i], request)
            except json_format.ParseError:
                request.Clear()  # a case that is not even a message: an empty request
            self.parsed[(kind, i)] = request
        return copy.deepcopy(request)


# ---------------------------------------------------------------------------------------------
# Mutations: one field at a time, found through the descriptors.


def _is_map(field_: FieldDescriptor) -> bool:
    return bool(field_.message_type is not None and field_.message_type.GetOptions().map_entry)


@dataclass
class Slot:
    """One field of one message inside a request, and its path with and without indices."""

    message: Message
    field: FieldDescriptor
    path: str
    pattern: str


def slots(message: Message, path: str = "", pattern: str = "") -> Iterator[Slot]:
    """Every field of ``message`` and of the messages set inside it (list elements included)."""
    for fd in message.DESCRIPTOR.fields:
        name = fd.name
        yield Slot(message, fd, path + name, pattern + name)
        if fd.type != FieldDescriptor.TYPE_MESSAGE or _is_map(fd):
            continue
        if fd.is_repeated:
            for i, element in enumerate(getattr(message, name)):
                yield from slots(element, f"{path}{name}[{i}].", f"{pattern}{name}[].")
        elif message.HasField(name):
            yield from slots(getattr(message, name), f"{path}{name}.", f"{pattern}{name}.")


def pick_slot(message: Message, rng: random.Random) -> Slot | None:
    """A field chosen evenly among the kinds of field (``hand[].rank`` is one kind)."""
    by_pattern: dict[str, list[Slot]] = {}
    for slot in slots(message):
        by_pattern.setdefault(slot.pattern, []).append(slot)
    if not by_pattern:
        return None
    return rng.choice(by_pattern[rng.choice(sorted(by_pattern))])


def edge_int(rng: random.Random) -> int:
    if rng.random() < 0.15:
        return rng.randint(INT32_MIN, INT32_MAX)
    return rng.choice(INT_EDGES)


def edge_enum(fd: FieldDescriptor, rng: random.Random) -> int:
    numbers = [v.number for v in fd.enum_type.values]
    if rng.random() < 0.5:
        return rng.choice(numbers)
    return rng.choice((max(numbers) + 1, min(numbers) - 1, 1, 17, 99, INT32_MAX, INT32_MIN))


def edge_scalar(fd: FieldDescriptor, rng: random.Random) -> Any:
    if fd.type == FieldDescriptor.TYPE_ENUM:
        return edge_enum(fd, rng)
    if fd.type == FieldDescriptor.TYPE_BOOL:
        return rng.random() < 0.5
    if fd.type == FieldDescriptor.TYPE_STRING:
        return rng.choice(STRING_EDGES)
    if fd.type == FieldDescriptor.TYPE_BYTES:
        return rng.choice((b"", b"\xff" * 10))
    return edge_int(rng)


LIST_OPS = ("empty", "truncate", "drop", "duplicate", "double", "reverse", "swap", "grow_limit",
            "grow_past_limit", "element")


def mutate_list(message: Message, fd: FieldDescriptor, rng: random.Random) -> str:
    """Change the list ``fd`` of ``message``; returns what was done."""
    values = getattr(message, fd.name)
    is_message = fd.type == FieldDescriptor.TYPE_MESSAGE
    items: list[Any] = [copy.deepcopy(v) for v in values] if is_message else list(values)
    op = rng.choice(LIST_OPS)
    if not items and op not in ("element",):
        op = "element"
    if op == "empty":
        items = []
    elif op == "truncate":
        items = items[: rng.randrange(len(items))]
    elif op == "drop":
        del items[rng.randrange(len(items))]
    elif op == "duplicate":
        i = rng.randrange(len(items))
        items.insert(i, copy.deepcopy(items[i]))
    elif op == "double":
        items = items + [copy.deepcopy(v) for v in items]
    elif op == "reverse":
        items.reverse()
    elif op == "swap":
        i, j = rng.randrange(len(items)), rng.randrange(len(items))
        items[i], items[j] = items[j], items[i]
    elif op in ("grow_limit", "grow_past_limit"):
        size = 1000 if op == "grow_limit" else 1001
        items = [copy.deepcopy(items[k % len(items)]) for k in range(size)]
    else:  # element: set one element (or add one to an empty list)
        if is_message:
            element = _message_class(fd)()
            if items and rng.random() < 0.5:
                element = copy.deepcopy(rng.choice(items))
                sub = pick_slot(element, rng)
                if sub is not None:
                    mutate_slot(sub, rng)
            if items:
                items[rng.randrange(len(items))] = element
            else:
                items.append(element)
        else:
            value = edge_scalar(fd, rng)
            if items:
                items[rng.randrange(len(items))] = value
            else:
                items.append(value)
    message.ClearField(fd.name)
    target = getattr(message, fd.name)
    if is_message:
        for item in items:
            target.add().CopyFrom(item)
    else:
        target.extend(items)
    return f"list {op}"


_CLASSES: dict[str, type[Message]] = {}


def _message_class(fd: FieldDescriptor) -> type[Message]:
    name = fd.message_type.full_name
    if name not in _CLASSES:
        from google.protobuf import message_factory

        _CLASSES[name] = message_factory.GetMessageClass(fd.message_type)
    return _CLASSES[name]


def mutate_map(message: Message, fd: FieldDescriptor, rng: random.Random) -> str:
    target = getattr(message, fd.name)
    if target and rng.random() < 0.3:
        target.clear()
        return "map clear"
    target[edge_int(rng)] = edge_int(rng)
    return "map add"


def mutate_slot(slot: Slot, rng: random.Random) -> str:
    """Change the field of one slot; returns what was done."""
    message, fd = slot.message, slot.field
    if _is_map(fd):
        return mutate_map(message, fd, rng)
    if fd.is_repeated:
        return mutate_list(message, fd, rng)
    if fd.type == FieldDescriptor.TYPE_MESSAGE:
        if message.HasField(fd.name) and rng.random() < 0.6:
            message.ClearField(fd.name)
            return "clear"
        getattr(message, fd.name).SetInParent()
        sub = pick_slot(getattr(message, fd.name), rng)
        if sub is not None and rng.random() < 0.5:
            return mutate_slot(sub, rng)
        return "set empty"
    if fd.has_presence and message.HasField(fd.name) and rng.random() < 0.3:
        message.ClearField(fd.name)
        return "clear"
    setattr(message, fd.name, edge_scalar(fd, rng))
    return "edge value"


def cards_of(message: Message) -> list[tuple[str, Message]]:
    """Every ``Card`` inside a message, with its path."""
    found = []
    for slot in slots(message):
        fd = slot.field
        if fd.type == FieldDescriptor.TYPE_MESSAGE and fd.message_type.full_name == "shengji.oracle.v1.Card":
            if fd.is_repeated:
                for i, card in enumerate(getattr(slot.message, fd.name)):
                    found.append((f"{slot.path}[{i}]", card))
            elif slot.message.HasField(fd.name):
                found.append((slot.path, getattr(slot.message, fd.name)))
    return found


def swap_cards(message: Message, rng: random.Random) -> str | None:
    """Swap two cards of different places in the question (a card of the hand into the play)."""
    cards = cards_of(message)
    if len(cards) < 2:
        return None
    (path_a, a), (path_b, b) = rng.sample(cards, 2)
    if rng.random() < 0.3:
        b.CopyFrom(a)  # the same card twice: one more copy than some list holds
        return f"copy card {path_a} onto {path_b}"
    saved = copy.deepcopy(a)
    a.CopyFrom(b)
    b.CopyFrom(saved)
    return f"swap cards {path_a} and {path_b}"


LADDER_CHANGES = ("drop the last rung", "drop a rung", "keep the first rung", "reverse the rungs")
"""What :func:`mutate_ladder` does to a follow ladder's rungs."""


def mutate_ladder(variant: pb.Variant, rng: random.Random) -> str | None:
    """One change to a follow ladder of ``variant``, None when it has none: its last rung (the
    shipped ones end in 散牌, which every hand reaches) dropped, so that a hand may reach no rung;
    a rung dropped; the rungs cut to the first; or their order reversed (alternatives included)."""
    ladders = variant.following.ladders
    if not ladders:
        return None
    index = rng.randrange(len(ladders))
    rungs = ladders[index].rungs
    change = rng.choice(LADDER_CHANGES)
    kept = [copy.deepcopy(rung) for rung in rungs]
    if change == "drop the last rung":
        kept = kept[:-1]
    elif change == "drop a rung" and kept:
        del kept[rng.randrange(len(kept))]
    elif change == "keep the first rung":
        kept = kept[:1]
    else:
        kept.reverse()
    del rungs[:]
    rungs.extend(kept)
    return f"following.ladders[{index}]: {change}"


def mutate_structure(message: Message, rng: random.Random) -> str:
    """One structural change to ``message``; returns what was done."""
    if rng.random() < 0.12:
        done = swap_cards(message, rng)
        if done:
            return done
    slot = pick_slot(message, rng)
    if slot is None:
        return "none"
    return f"{slot.path}: {mutate_slot(slot, rng)}"


# ---------------------------------------------------------------------------------------------
# Raw bytes: what a protobuf library would not build.


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _string_field(number: int, data: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(data)) + data


def mutate_bytes(rpc: str, data: bytes, rng: random.Random) -> tuple[bytes, str]:
    op = rng.choice(("truncate", "flip", "append", "utf8", "unknown_field"))
    if op == "truncate" and data:
        return data[: rng.randrange(len(data))], "bytes truncated"
    if op == "flip" and data:
        i = rng.randrange(len(data))
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :], f"byte {i} flipped"
    if op == "utf8":
        bad = rng.choice((b"\xff\xfe", b"\xc3", b"qq-two-deck\x80", b"\xed\xa0\x80"))
        if rpc in ("ScoreDeal", "CompareDeclarations", "GetVariant"):
            return data + _string_field(1, bad), "variant_id not UTF-8"
        if rpc in ("DescribePlay", "CheckFollow", "JudgeTrick", "CheckThrow", "ScoreBottom"):
            return data + _string_field(1, _string_field(1, bad)), "context.variant_id not UTF-8"
    if op == "unknown_field":
        return data + _string_field(rng.choice((99, 536_870_911)), b"junk"), "unknown field"
    return data + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))), "garbage appended"


# ---------------------------------------------------------------------------------------------
# Building one request per RPC.


@dataclass
class Built:
    rpc: str
    how: str
    message: Message | None  # None when raw bytes were mutated (data then is what is sent)
    data: bytes


class Builder:
    """Makes fuzzed requests from the corpus and the shipped variants."""

    def __init__(self, corpus: Corpus, variants: dict[str, pb.Variant],
                 rng: random.Random) -> None:
        self.corpus = corpus
        self.variants = variants
        self.rng = rng

    def question(self, kind: str) -> tuple[Message, str]:
        """A request of ``kind``, changed one thing at a time (or not at all)."""
        rng = self.rng
        request = self.corpus.draw(kind, rng)
        roll = rng.random()
        if roll < 0.08:
            return request, "unchanged"
        has_context = "context" in request.DESCRIPTOR.fields_by_name
        if has_context and roll < 0.30 and self.variants:
            rules = request.context
            variant_id = rules.variant_id if rules.variant_id in self.variants else ""
            if not variant_id or rng.random() < 0.15:
                variant_id = rng.choice(sorted(self.variants))
            rules.custom_variant.CopyFrom(self.variants[variant_id])
            rules.variant_id = ""
            if rng.random() < 0.2:
                return request, f"custom_variant {variant_id} unchanged"
            done = mutate_structure(rules.custom_variant, rng)
            return request, f"custom_variant {variant_id}: {done}"
        if roll < 0.40 and self.corpus.laddered.get(kind):
            # A question of a variant with follow ladders, asked in a room whose ladder changed.
            laddered: Any = self.corpus.draw(kind, rng, laddered=True)
            variant = self.variants.get(laddered.context.variant_id)
            if variant is not None:
                laddered.context.custom_variant.CopyFrom(variant)
                changed = mutate_ladder(laddered.context.custom_variant, rng)
                laddered.context.variant_id = ""
                return laddered, f"custom_variant {variant.id}: {changed}"
        return request, mutate_structure(request, rng)

    def build(self, rpc: str) -> Built:
        rng = self.rng
        message: Message
        if rpc in KIND_OF_RPC:
            message, how = self.question(KIND_OF_RPC[rpc])
        elif rpc == "AnswerBatch":
            message, how = self.batch()
        else:
            message, how = REQUEST_CLASS[rpc](), "empty"
        data = message.SerializeToString()
        if rpc in ("ListVariants", "ListRules") or rng.random() < 0.06:
            data, how = mutate_bytes(rpc, data, rng)
            return Built(rpc, how, None, data)
        return Built(rpc, how, message, data)

    def batch(self) -> tuple[pb.AnswerBatchRequest, str]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.01:
            return pb.AnswerBatchRequest(questions=[pb.Question()] * 10_001), "10001 questions"
        if roll < 0.03:
            return pb.AnswerBatchRequest(), "no questions"
        questions = []
        for _ in range(rng.randint(1, 12)):
            kind = rng.choice(list(QUESTION_RPCS))
            request, _ = self.question(kind)
            question = pb.Question()
            getattr(question, kind).CopyFrom(request)
            questions.append(question)
        if rng.random() < 0.05:
            questions.insert(rng.randrange(len(questions) + 1), pb.Question())
        return pb.AnswerBatchRequest(questions=questions), f"batch of {len(questions)}"


# ---------------------------------------------------------------------------------------------
# Invariants of OK answers.


def _key(card: pb.Card) -> tuple[int, int]:
    return (int(card.rank), int(card.suit))


def _points(cards: Sequence[pb.Card]) -> int:
    return sum(CARD_POINTS.get(int(c.rank), 0) for c in cards)


def _within(part: Sequence[pb.Card], whole: Sequence[pb.Card]) -> bool:
    need = Counter(_key(c) for c in part)
    have = Counter(_key(c) for c in whole)
    return all(have[k] >= n for k, n in need.items())


Ask = Callable[[str, Message], tuple[str, Any]]
"""Ask the server again: (rpc, request) to (status name, response)."""


def check_answer(rpc: str, request: Any, response: Any, variants: dict[str, pb.Variant],
                 ask: Ask | None) -> list[str]:
    """What is wrong with an OK answer to ``request``; empty when nothing."""
    problems: list[str] = []
    if rpc == "CheckFollow":
        if response.legal:
            if response.broken_rule_id:
                problems.append("legal, yet a broken rule is named")
        else:
            if not response.broken_rule_id:
                problems.append("illegal without a broken rule id")
            if not response.example:
                problems.append("illegal without a legal example")
            elif not _within(response.example, request.hand):
                problems.append("the legal example is not from the hand")
            elif ask is not None:
                again = copy.deepcopy(request)
                del again.play[:]
                again.play.extend(response.example)
                status, answer = ask("CheckFollow", again)
                if status != "OK" or answer is None:
                    problems.append(f"the legal example, asked again, gives {status}")
                elif not answer.legal:
                    problems.append(
                        f"the legal example, asked again, is illegal ({answer.broken_rule_id})")
    elif rpc == "JudgeTrick":
        seats = [p.seat for p in request.plays]
        if response.winning_seat not in seats:
            problems.append(f"winning seat {response.winning_seat} is not one of {seats}")
        if len(response.verdicts) != len(request.plays):
            problems.append(f"{len(response.verdicts)} verdicts for {len(request.plays)} plays")
        elif [v.seat for v in response.verdicts] != seats:
            problems.append("the verdicts are not in play order")
        cards = [c for p in request.plays for c in p.cards]
        if response.points != _points(cards):
            problems.append(f"points {response.points}, the cards hold {_points(cards)}")
    elif rpc == "ScoreBottom":
        seats = [p.seat for p in request.last_trick]
        if response.multiplier < 0:
            problems.append(f"multiplier {response.multiplier} < 0")
        if response.winning_seat not in seats:
            problems.append(f"winning seat {response.winning_seat} is not one of {seats}")
        if response.bottom_points != _points(request.bottom):
            variant = (request.context.custom_variant if request.context.HasField("custom_variant")
                       else variants.get(request.context.variant_id))
            what = (f"bottom points {response.bottom_points}, the cards hold "
                    f"{_points(request.bottom)}")
            if variant is not None and variant.bottom.dig == pb.DIG_RULE_EITHER_SIDE:
                # The proto says no bottom is dealt where either side digs, yet this variant
                # deals one: which answer is right is the contract's to say.
                problems.append(f"{NOTE}{what}, in a variant where either side digs "
                                f"(dig DIG_RULE_EITHER_SIDE) that deals a bottom of "
                                f"{variant.deal.bottom_size}")
            else:
                problems.append(what)
        if response.points_to_attackers < 0 or response.points_to_banker < 0:
            problems.append("negative points scored")
        if response.attackers_won != (response.winning_seat not in request.banker_seats):
            problems.append("attackers_won disagrees with the winner's side")
    elif rpc == "DescribePlay":
        if response.points != _points(request.cards):
            problems.append(f"points {response.points}, the cards hold {_points(request.cards)}")
        rainbow = response.valid_lead and all(u.rainbow for u in response.units)
        if response.effective_suit == pb.EFFECTIVE_SUIT_MIXED and not rainbow:
            if response.units or response.valid_lead:
                problems.append("a mixed play, no rainbow, with units or a valid lead")
        elif sorted(_key(c) for u in response.units for c in u.cards) != sorted(
                _key(c) for c in request.cards):
            problems.append("the units do not hold exactly the cards")
        if response.is_throw and len(response.units) < 2:
            problems.append("a throw of fewer than two units")
    elif rpc == "CheckThrow":
        thrown = request.throw.cards
        if response.penalty_points < 0:
            problems.append(f"penalty {response.penalty_points} < 0")
        if response.succeeds:
            if response.blocks or response.forced_play:
                problems.append("a throw that succeeds has blocks or a forced play")
        elif response.is_throw:
            if not response.forced_play:
                problems.append("a failed throw without a forced play")
            elif not _within(response.forced_play, thrown):
                problems.append("the forced play is not from the throw")
            if not response.blocks:
                problems.append("a failed throw without a block")
        other_seats = {h.seat for h in request.other_hands}
        for block in response.blocks:
            if block.seat not in other_seats:
                problems.append(f"a block by seat {block.seat}, not one of the other hands")
    elif rpc == "ScoreDeal":
        variant = variants.get(request.variant_id)
        if response.levels < 0:
            problems.append(f"levels {response.levels} < 0")
        if response.side == pb.SIDE_UNSPECIFIED:
            problems.append("no side")
        if variant is not None and not 0 <= response.next_banker_seat < variant.deal.players:
            problems.append(f"next banker {response.next_banker_seat} is not a seat of "
                            f"{variant.deal.players}")
    elif rpc == "CompareDeclarations":
        if response.overrides and not response.challenger_valid:
            problems.append("an invalid challenger overrides")
    elif rpc == "GetVariant":
        if response.variant.id != request.variant_id:
            problems.append(f"asked for {request.variant_id!r}, got {response.variant.id!r}")
    elif rpc == "AnswerBatch":
        if len(response.answers) != len(request.questions):
            problems.append(f"{len(response.answers)} answers to {len(request.questions)} questions")
            return problems
        for i, (question, answer) in enumerate(zip(request.questions, response.answers)):
            kind = question.WhichOneof("question")
            got = answer.WhichOneof("answer")
            if got == "error":
                if answer.error.code not in ACCEPTED:
                    problems.append(f"answers[{i}] ({kind}): error code {answer.error.code}")
                elif answer.error.code == "INVALID_ARGUMENT" and not answer.error.field_violations:
                    problems.append(f"answers[{i}] ({kind}): INVALID_ARGUMENT naming no field")
            elif got != kind:
                problems.append(f"answers[{i}]: a {got} answer to a {kind} question")
            elif kind is not None:
                sub = check_answer(QUESTION_RPCS[kind], getattr(question, kind),
                                   getattr(answer, got), variants, None)
                problems.extend(f"answers[{i}] ({kind}): {p}" for p in sub)
    return problems


def batch_slot_codes(response: Any) -> Counter[str]:
    return Counter(a.error.code for a in response.answers if a.WhichOneof("answer") == "error")


def names_a_field(err: grpc.RpcError) -> bool:
    for key, value in err.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                bad = error_details_pb2.BadRequest()
                if detail.Unpack(bad):
                    return bool(bad.field_violations)
    return False


# ---------------------------------------------------------------------------------------------
# The server.


def _loopback(target: str) -> bool:
    host = target.rsplit(":", 1)[0].strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


DIE_WITH_PARENT = (
    "import ctypes, os, sys\n"
    "try:\n"
    "    ctypes.CDLL(None).prctl(1, 15)  # PR_SET_PDEATHSIG, SIGTERM: kept across exec\n"
    "except (OSError, AttributeError):\n"
    "    pass\n"
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])\n"
)
"""Runs the rest of its command line as Python, ended when the process that started it ends
(Linux): a server outlives no client process, even one killed from outside."""


class Server:
    """``python -m oracle`` on a free loopback port, its log in a temporary file."""

    def __init__(self) -> None:
        # Kept open for the server's whole life (and its restarts), removed by main().
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115
            prefix="oracle-fuzz-", suffix=".log", delete=False)
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.starts = 0

    def start(self) -> str:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
        self.log.flush()
        offset = os.path.getsize(self.log.name)  # a restart's log line comes after the last
        self.proc = subprocess.Popen(
            # One process: a crash ends the server (with several, a dead child is replaced).
            [sys.executable, "-c", DIE_WITH_PARENT, "-m", "oracle", "--port", "0",
             "--host", "127.0.0.1", "--processes", "1"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=self.log, env=env)
        self.starts += 1
        deadline = time.monotonic() + 60
        pattern = re.compile(r"serving \S+ on 127\.0\.0\.1:(\d+)")
        while time.monotonic() < deadline:
            with open(self.log.name, encoding="utf-8", errors="replace") as f:
                f.seek(offset)
                found = pattern.search(f.read())
            if found:
                self.port = int(found.group(1))
                return f"127.0.0.1:{self.port}"
            if self.proc.poll() is not None:
                raise SystemExit(f"fuzz.py: the server exited ({self.proc.returncode}) on start; "
                                 f"log: {self.log.name}")
            time.sleep(0.05)
        self.stop()
        raise SystemExit(f"fuzz.py: the server did not start in 60 s; log: {self.log.name}")

    def exited_within(self, seconds: float) -> bool:
        """The server process has ended, or does within ``seconds`` (a crash takes a moment)."""
        if self.proc is None:
            return False
        try:
            self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return False
        return True

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

    def tracebacks(self) -> int:
        with open(self.log.name, encoding="utf-8", errors="replace") as f:
            return f.read().count("Traceback (most recent call last)")


# ---------------------------------------------------------------------------------------------
# Running.


@dataclass
class Stats:
    statuses: Counter[str] = field(default_factory=Counter)
    slot_codes: Counter[str] = field(default_factory=Counter)
    invariant: int = 0
    notes: int = 0
    unnamed: int = 0  # INVALID_ARGUMENT calls whose status names no field
    slow: int = 0
    reasks: int = 0
    latencies: list[float] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)

    def merge(self, other: Stats) -> None:
        self.statuses.update(other.statuses)
        self.slot_codes.update(other.slot_codes)
        self.invariant += other.invariant
        self.notes += other.notes
        self.unnamed += other.unnamed
        self.slow += other.slow
        self.reasks += other.reasks
        self.latencies.extend(other.latencies)
        self.failures.extend(other.failures)


MAX_KEPT = 20
"""Failures kept per RPC and kind of failure (the counts are always complete)."""

PROGRESS_EVERY = 60.0
"""Seconds between the progress lines each client prints on stderr."""


def _request_json(built: Built) -> Any:
    if built.message is None:
        return {"bytes_hex": built.data.hex()}
    return json_format.MessageToDict(built.message)


class Fuzzer:
    def __init__(self, target: str, server: Server | None, deadline: float, slow: float,
                 variants: dict[str, pb.Variant]) -> None:
        self.server = server
        self.target = target
        self.deadline = deadline
        self.slow = slow
        self.variants = variants
        self.channel: grpc.Channel | None = None
        self.calls: dict[str, Any] = {}
        self.connect()

    def connect(self) -> None:
        if self.channel is not None:
            self.channel.close()
        self.channel = grpc.insecure_channel(self.target, options=[
            ("grpc.max_receive_message_length", 256 * 1024 * 1024),
            ("grpc.max_send_message_length", 256 * 1024 * 1024),
            ("grpc.enable_retries", 0),
        ])
        grpc.channel_ready_future(self.channel).result(timeout=30)
        self.calls = {
            rpc: self.channel.unary_unary(
                f"/{SERVICE}/{rpc}", request_serializer=None,
                response_deserializer=RESPONSE_CLASS[rpc].FromString)
            for rpc in RPCS
        }

    def raw(self, rpc: str, data: bytes) -> tuple[str, Message | None, grpc.RpcError | None, float]:
        start = time.perf_counter()
        try:
            response = self.calls[rpc](data, timeout=self.deadline)
            return "OK", response, None, time.perf_counter() - start
        except grpc.RpcError as err:
            return err.code().name, None, err, time.perf_counter() - start

    def ask(self, rpc: str, request: Message) -> tuple[str, Message | None]:
        status, response, _, _ = self.raw(rpc, request.SerializeToString())
        return status, response

    def run_one(self, built: Built, stats: Stats) -> None:
        status, response, err, seconds = self.raw(built.rpc, built.data)
        stats.latencies.append(seconds)
        crashed = False
        if status in ("UNAVAILABLE", "CANCELLED", "UNKNOWN") and self.server is not None:
            crashed = self.server.exited_within(2.0)
        column = "crash" if crashed else status if status in COLUMNS else "other"
        stats.statuses[column] += 1
        problems: list[str] = []
        if column not in ACCEPTED:
            detail = err.details() if err is not None else ""
            problems.append(f"status {status}: {detail}")
        if status == "INVALID_ARGUMENT" and err is not None and not names_a_field(err):
            stats.unnamed += 1
            problems.append("INVALID_ARGUMENT without a BadRequest naming a field")
        if status == "OK" and response is not None:
            if built.rpc == "AnswerBatch":
                codes = batch_slot_codes(response)
                stats.slot_codes.update(codes)
            request = built.message
            if request is None:  # raw bytes: read back what the server read
                try:
                    request = REQUEST_CLASS[built.rpc].FromString(built.data)
                except DecodeError:
                    request = None
            if request is not None:
                def counted_ask(rpc: str, message: Message) -> tuple[str, Message | None]:
                    stats.reasks += 1
                    return self.ask(rpc, message)
                found = check_answer(built.rpc, request, response, self.variants, counted_ask)
                invariant = [p for p in found if NOTE not in p]
                if invariant:
                    stats.invariant += 1
                    problems.extend(f"invariant: {p}" for p in invariant)
                notes = [p.replace(NOTE, "") for p in found if NOTE in p]
                if notes:
                    stats.notes += 1
                    if sum(1 for f in stats.failures if f["kind"] == "note") < MAX_KEPT:
                        stats.failures.append({
                            "rpc": built.rpc, "kind": "note", "problems": notes, "status": status,
                            "seconds": round(seconds, 3), "mutation": built.how,
                            "request": _request_json(built),
                        })
        if seconds > self.slow:
            stats.slow += 1
            problems.append(f"slow: {seconds:.2f} s")
        if problems:
            kinds = Counter(f["kind"] for f in stats.failures)
            kind = problems[0].split(":")[0]
            if kinds[kind] < MAX_KEPT:
                stats.failures.append({
                    "rpc": built.rpc, "kind": kind, "problems": problems, "status": status,
                    "seconds": round(seconds, 3), "mutation": built.how,
                    "request": _request_json(built),
                })
        if crashed and self.server is not None:
            self.server.start()
            self.target = f"127.0.0.1:{self.server.port}"
            self.connect()


def load_variants(target: str) -> dict[str, pb.Variant]:
    """Every shipped variant, as GetVariant answers it (ListVariants names them)."""
    with grpc.insecure_channel(target, options=[
            ("grpc.max_receive_message_length", 64 * 1024 * 1024)]) as channel:
        grpc.channel_ready_future(channel).result(timeout=30)
        listed = channel.unary_unary(
            f"/{SERVICE}/ListVariants", request_serializer=pb.ListVariantsRequest.SerializeToString,
            response_deserializer=pb.ListVariantsResponse.FromString)(pb.ListVariantsRequest(),
                                                                      timeout=30)
        get = channel.unary_unary(
            f"/{SERVICE}/GetVariant", request_serializer=pb.GetVariantRequest.SerializeToString,
            response_deserializer=pb.GetVariantResponse.FromString)
        return {v.id: get(pb.GetVariantRequest(variant_id=v.id), timeout=30).variant
                for v in listed.variants}


@dataclass
class Job:
    index: int
    jobs: int
    target: str | None
    requests: int
    seconds: float
    seed: int
    rpcs: list[str]
    deadline: float
    slow: float


@dataclass
class JobResult:
    stats: dict[str, Stats]
    elapsed: float
    stopped_by_time: bool
    server_starts: int
    server_log: str | None
    tracebacks: int


def run_job(job: Job) -> JobResult:
    """One client: its own server unless a target is given, its share of every RPC's requests."""
    server = None if job.target else Server()
    try:
        target = job.target or server.start()  # type: ignore[union-attr]
        variants = load_variants(target)
        corpus = Corpus()
        rng = random.Random(f"{job.seed}/{job.index}")
        builder = Builder(corpus, variants, rng)
        fuzzer = Fuzzer(target, server, job.deadline, job.slow, variants)
        stats = {rpc: Stats() for rpc in job.rpcs}
        share = [job.requests // job.jobs + (1 if job.index < job.requests % job.jobs else 0)]
        start = time.monotonic()
        stopped = False
        next_report = start + PROGRESS_EVERY
        for done in range(share[0]):
            now = time.monotonic()
            if now - start > job.seconds:
                stopped = True
                break
            if now > next_report:
                next_report = now + PROGRESS_EVERY
                bad = sum(len(s.failures) for s in stats.values())
                print(f"fuzz: client {job.index}: {done}/{share[0]} rounds in {now - start:.0f} s, "
                      f"{bad} failure(s) kept so far", file=sys.stderr, flush=True)
            for rpc in job.rpcs:
                fuzzer.run_one(builder.build(rpc), stats[rpc])
        elapsed = time.monotonic() - start
        if fuzzer.channel is not None:
            fuzzer.channel.close()
        return JobResult(stats, elapsed, stopped, server.starts if server else 0,
                         server.log.name if server else None,
                         server.tracebacks() if server else 0)
    finally:
        if server is not None:
            server.stop()


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def print_table(stats: dict[str, Stats]) -> None:
    header = ["rpc", "calls", *(SHORT[c] for c in COLUMNS), "invariant", "notes", "slow", "p50 ms",
              "p99 ms", "max ms"]
    rows = []
    total = Stats()
    for rpc, s in stats.items():
        total.merge(Stats(s.statuses, s.slot_codes, s.invariant, s.notes, s.unnamed, s.slow,
                          s.reasks, s.latencies))
        rows.append(_row(rpc, s))
    rows.append(_row("all", total))
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join(h.ljust(widths[0]) if i == 0 else h.rjust(widths[i]) for i, h in enumerate(header))
    print(line)
    print("-" * len(line))
    for r in rows:
        if r[0] == "all":
            print("-" * len(line))
        print("  ".join(str(v).ljust(widths[0]) if i == 0 else str(v).rjust(widths[i])
                        for i, v in enumerate(r)))


def _row(name: str, s: Stats) -> list[Any]:
    calls = sum(s.statuses.values())
    return [name, calls, *(s.statuses[c] for c in COLUMNS), s.invariant, s.notes, s.slow,
            f"{_percentile(s.latencies, 0.5) * 1e3:.1f}", f"{_percentile(s.latencies, 0.99) * 1e3:.1f}",
            f"{max(s.latencies, default=0.0) * 1e3:.1f}"]


def _short(value: Any, limit: int = 1500) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=1000,
                        help="calls per RPC (default %(default)s)")
    parser.add_argument("--seconds", type=float, default=3600.0,
                        help="stop sending after this many seconds (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default %(default)s)")
    parser.add_argument("--rpc", action="append", choices=RPCS, metavar="RPC",
                        help=f"fuzz only this RPC (repeatable; one of {', '.join(RPCS)})")
    parser.add_argument("--target", help="a running server, host:port on loopback "
                        "(default: start one on a free loopback port)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="client processes, each with its own server unless --target "
                        "(default %(default)s)")
    parser.add_argument("--deadline", type=float, default=10.0,
                        help="deadline of each call in seconds (default %(default)s)")
    parser.add_argument("--slow", type=float, default=2.0,
                        help="a call longer than this many seconds is a failure (default %(default)s)")
    parser.add_argument("--failures", type=Path, help="write every failure kept here, as JSON lines")
    args = parser.parse_args(argv)
    if args.target and not _loopback(args.target):
        parser.error("--target must be a loopback address (127.0.0.0/8, ::1 or localhost)")
    if args.requests < 0 or args.jobs < 1 or args.seconds <= 0:
        parser.error("--requests must be 0 or more, --jobs 1 or more, --seconds more than 0")
    rpcs = [rpc for rpc in RPCS if not args.rpc or rpc in args.rpc]
    jobs = [Job(i, args.jobs, args.target, args.requests, args.seconds, args.seed, rpcs,
                args.deadline, args.slow) for i in range(args.jobs)]
    wall = time.monotonic()
    if args.jobs == 1:
        results = [run_job(jobs[0])]
    else:
        try:
            with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as ex:
                results = list(ex.map(run_job, jobs))
        except BrokenProcessPool:
            print("fuzz: a client process died (killed from outside?); no figures", file=sys.stderr)
            return 2
    wall = time.monotonic() - wall
    stats = {rpc: Stats() for rpc in rpcs}
    for result in results:
        for rpc, s in result.stats.items():
            stats[rpc].merge(s)
    calls = sum(sum(s.statuses.values()) for s in stats.values())
    sending = max(r.elapsed for r in results)
    reasks = sum(s.reasks for s in stats.values())
    print(f"fuzz: seed {args.seed}, {args.requests} requests per RPC asked, {len(rpcs)} RPCs, "
          f"{args.jobs} client process(es), {calls} calls (+{reasks} re-asked for invariants) "
          f"in {sending:.1f} s of sending ({calls / max(sending, 1e-9):.0f} calls/s; "
          f"{wall:.1f} s in all)")
    if any(r.stopped_by_time for r in results):
        print(f"fuzz: stopped by --seconds {args.seconds:g} before all requests were sent")
    print()
    print_table(stats)
    slot_codes: Counter[str] = Counter()
    for s in stats.values():
        slot_codes.update(s.slot_codes)
    if slot_codes:
        print("\nAnswerBatch error slots: " + ", ".join(f"{k} {v}" for k, v in sorted(slot_codes.items())))
    restarts = sum(max(0, r.server_starts - 1) for r in results)
    tracebacks = sum(r.tracebacks for r in results)
    if not args.target:
        print(f"server: {restarts} restart(s) after a crash, {tracebacks} traceback(s) logged")
    kept = [f for s in stats.values() for f in s.failures]
    failures = [f for f in kept if f["kind"] != "note"]
    notes = [f for f in kept if f["kind"] == "note"]
    failed = sum(s.invariant + s.slow + s.unnamed for s in stats.values()) + sum(
        s.statuses[c] for s in stats.values() for c in COLUMNS if c not in ACCEPTED)
    if args.failures:
        with args.failures.open("w", encoding="utf-8") as out:
            for f in kept:
                out.write(json.dumps(f, ensure_ascii=False) + "\n")
    for title, found, total in (("failure(s)", failures, failed),
                                ("note(s), not failures: answers the contract leaves unclear",
                                 notes, sum(s.notes for s in stats.values()))):
        if not found:
            continue
        print(f"\n{len(found)} {title} kept (of {total} counted):")
        for f in found[:40]:
            print(f"- {f['rpc']} [{f['mutation']}] {'; '.join(f['problems'])}")
            print(f"  request: {_short(f['request'])}")
        if len(found) > 40:
            print(f"... and {len(found) - 40} more" + (f" in {args.failures}" if args.failures else
                                                      " (--failures FILE writes them all)"))
    logs = [r.server_log for r in results if r.server_log and r.tracebacks]
    if logs:
        print("server logs with tracebacks: " + ", ".join(logs))
    for r in results:
        if r.server_log and not r.tracebacks:
            try:
                os.unlink(r.server_log)
            except OSError:
                pass
    print("\nfuzz: " + ("FAILED" if failed else "passed") +
          f": {sum(s.statuses['INTERNAL'] for s in stats.values()) + slot_codes['INTERNAL']} INTERNAL"
          f" ({slot_codes['INTERNAL']} of them in AnswerBatch slots), "
          f"{sum(s.statuses['crash'] + s.statuses['UNAVAILABLE'] for s in stats.values())} crashes, "
          f"{sum(s.slow for s in stats.values())} calls over {args.slow:g} s, "
          f"{sum(s.invariant for s in stats.values())} invariant failures, "
          f"{sum(s.unnamed for s in stats.values())} INVALID_ARGUMENT naming no field "
          f"({sum(s.notes for s in stats.values())} notes)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
