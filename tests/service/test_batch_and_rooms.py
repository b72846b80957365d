"""The batch's one work budget, renewed for each question, and rooms found by their context's
bytes: each question of a batch is answered as alone, and a room is never taken for another."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from google.protobuf.message import Message

from oracle import pb
from oracle.engine.budget import DEFAULT_STEPS, WorkExceeded, limited, spend
from oracle.service.contexts import _room_ends, check_context, known_context
from oracle.service.questions import QUESTION_KINDS
from oracle.service.servicer import answer_batch
from oracle.variants import get_variant


def test_a_renewed_budget_has_all_its_steps_again() -> None:
    with limited(steps=10) as budget:
        spend(8)
        budget.renew()
        spend(10)  # the whole of it again, not the 2 left
        try:
            spend(1)
        except WorkExceeded:
            pass
        else:
            raise AssertionError("the eleventh step of a renewed budget of 10 was allowed")


def test_every_question_of_a_batch_has_its_whole_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Questions that each spend 60% of a question's budget: every one of a batch is answered
    (one budget serves the batch, renewed for each), and one spending more is refused alone."""
    kind = QUESTION_KINDS["get_variant"]

    def costly(args: Any, answer: Any = None) -> Message:
        spend(int(DEFAULT_STEPS * (1.2 if args.variant.id == "qq-one-deck" else 0.6)))
        return kind.ask(args, answer)

    monkeypatch.setitem(QUESTION_KINDS, "get_variant", dataclasses.replace(kind, ask=costly))
    ask = [pb.Question(get_variant=pb.GetVariantRequest(variant_id=v))
           for v in ("qq-two-deck", "qq-one-deck", "four-deck")]
    answers = answer_batch(pb.AnswerBatchRequest(questions=[ask[0], ask[0], ask[1], ask[2]])).answers
    assert [a.WhichOneof("answer") for a in answers] == ["get_variant", "get_variant", "error",
                                                         "get_variant"]
    assert answers[2].error.code == "RESOURCE_EXHAUSTED"
    assert answers[3].get_variant.variant.id == "four-deck"


def _room_context(variant: pb.Variant, level: pb.Rank = pb.RANK_TEN) -> bytes:
    return pb.Context(level=level, trump_suit=pb.SUIT_HEARTS, custom_variant=variant).SerializeToString()


def test_rooms_with_the_same_ends_are_never_taken_for_each_other() -> None:
    first = pb.Variant()
    first.CopyFrom(get_variant("qq-two-deck"))
    first.id = "same-ends-room"
    second = pb.Variant()
    second.CopyFrom(first)
    second.tractors.min_length = 3  # a field in the middle: the same length and the same ends
    blobs = [_room_context(first), _room_context(second)]
    assert _room_ends(blobs[0]) == _room_ends(blobs[1]) and blobs[0] != blobs[1]
    made = [check_context("", pb.RANK_TEN, pb.SUIT_HEARTS, custom=v).ruleset for v in (first, second)]
    assert made[0] is not made[1]
    for _ in range(3):  # in turns: each found as itself, never the other's
        for blob, ruleset in zip(blobs, made):
            known = known_context(blob)
            assert known is not None and known.ruleset is ruleset
            assert known.ruleset.variant.tractors.min_length == (2 if blob == blobs[0] else 3)


def test_a_room_at_another_level_is_another_context() -> None:
    variant = pb.Variant()
    variant.CopyFrom(get_variant("qq-two-deck"))
    variant.id = "levels-room"
    ten = check_context("", pb.RANK_TEN, pb.SUIT_HEARTS, custom=variant).ruleset
    assert known_context(_room_context(variant, pb.RANK_NINE)) is None  # not compiled yet
    nine = check_context("", pb.RANK_NINE, pb.SUIT_HEARTS, custom=variant).ruleset
    assert ten is not None and nine is not None and ten is not nine
    found_ten = known_context(_room_context(variant, pb.RANK_TEN))
    found_nine = known_context(_room_context(variant, pb.RANK_NINE))
    assert found_ten is not None and found_ten.ruleset is ten
    assert found_nine is not None and found_nine.ruleset is nine
