"""A dispatched question's answer is written into the field of the ``Answer`` it returns
(:func:`oracle.service.questions.dispatch`), a batch's and a unary call's into a new message
(:func:`~oracle.service.questions.answer_of` given none): both must be the same answer, for every
kind, and an answer left half written by a question that spends its budget must not show."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from google.protobuf.message import Message

from oracle import pb
from oracle.convert import wire_field
from oracle.engine.budget import DEFAULT_STEPS, spend
from oracle.engine.ruleset import SeatPlay
from oracle.service.questions import ANSWER_NUMBERS, QUESTION_KINDS, answer_of, dispatch
from scripts.bench.bench import random_play_questions, sample_questions


def _questions() -> list[pb.Question]:
    asked = list(sample_questions().values())
    for variant in ("botzone-tractor", "qq-two-deck", "rbtying-default"):
        for questions in random_play_questions(variant, 12).values():
            asked.extend(questions)
    for name in QUESTION_KINDS:  # an empty request of each kind: an error
        bad = pb.Question()
        getattr(bad, name).SetInParent()
        asked.append(bad)
    return asked


def test_every_kind_answers_alike_in_place_and_in_a_new_message() -> None:
    kinds = set()
    for question in _questions():
        name = question.WhichOneof("question")
        assert name is not None
        field, message = answer_of(QUESTION_KINDS[name], getattr(question, name))
        apart = wire_field(ANSWER_NUMBERS[field], message.SerializeToString())
        in_place = dispatch(question)
        assert in_place.SerializeToString() == apart, question
        assert in_place.WhichOneof("answer") == field
        kinds.add((name, field))
    assert {name for name, field in kinds if field != "error"} == set(QUESTION_KINDS)
    assert {name for name, field in kinds if field == "error"} == set(QUESTION_KINDS)


def _patched(monkeypatch: pytest.MonkeyPatch, name: str, ask: Any) -> None:
    monkeypatch.setitem(QUESTION_KINDS, name, dataclasses.replace(QUESTION_KINDS[name], ask=ask))


def test_an_answer_half_written_when_the_budget_is_spent_does_not_show(monkeypatch: pytest.MonkeyPatch) -> None:
    question = sample_questions()["judge_trick"]
    judge = QUESTION_KINDS["judge_trick"].ask

    def judged_then_spent(args: Any, answer: Any = None) -> Message:
        judged = judge(args, answer)
        spend(DEFAULT_STEPS + 1)
        return judged

    _patched(monkeypatch, "judge_trick", judged_then_spent)
    answer = dispatch(question)
    assert answer.WhichOneof("answer") == "error"
    assert answer.error.code == "RESOURCE_EXHAUSTED"
    assert not answer.HasField("judge_trick")
    assert answer.SerializeToString() == wire_field(ANSWER_NUMBERS["error"], answer.error.SerializeToString())


def test_an_answer_with_every_field_at_its_default_is_still_the_kind_s(monkeypatch: pytest.MonkeyPatch) -> None:
    def nothing_written(args: Any, answer: Any = None) -> Message:
        return pb.ScoreDealResponse() if answer is None else answer

    _patched(monkeypatch, "score_deal", nothing_written)
    answer = dispatch(sample_questions()["score_deal"])
    assert answer.WhichOneof("answer") == "score_deal"
    assert answer.SerializeToString() == wire_field(ANSWER_NUMBERS["score_deal"], b"")


@pytest.mark.parametrize("variant", ["botzone-tractor", "qq-two-deck", "rbtying-default"])
def test_a_judge_reads_plain_pairs_as_it_reads_seat_plays(variant: str) -> None:
    """A trick read from its bytes is a tuple of (seat, cards) pairs, one read otherwise of
    ``SeatPlay``s: every trick judge must give the same answer for both."""
    kind = QUESTION_KINDS["judge_trick"]
    for question in random_play_questions(variant, 40)["judge_trick"]:
        args = kind.parse(question.judge_trick)
        pairs = tuple((seat, tuple(cards)) for seat, cards in args.plays)
        named = tuple(SeatPlay(seat, cards) for seat, cards in pairs)
        assert type(pairs[0]) is tuple and type(named[0]) is SeatPlay
        assert kind.ask(args._replace(plays=pairs)) == kind.ask(args._replace(plays=named)), question
