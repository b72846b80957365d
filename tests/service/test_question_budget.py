"""The budget of one dispatched question (:func:`oracle.engine.budget.enter_question`): the same
steps, deadline and caller as ``question_budget``'s, made at the question's first step when no
call encloses it, and gone after the question."""

from __future__ import annotations

import pytest

from oracle import pb
from oracle.engine import budget
from oracle.engine.budget import (
    DEFAULT_STEPS,
    WorkExceeded,
    enter_question,
    leave_question,
    limited,
    spend,
)
from oracle.service import questions
from oracle.service.decoding import pb_cards


def test_an_unspent_question_budget_becomes_a_fresh_one_at_its_first_step() -> None:
    token = enter_question()
    try:
        spend(5)
        current = budget._current.get()
        assert isinstance(current, budget.Budget)
        assert (current.steps, current.limit, current.deadline, current.gone) == (DEFAULT_STEPS - 5, DEFAULT_STEPS,
                                                                                   None, None)
        with pytest.raises(WorkExceeded):
            spend(DEFAULT_STEPS)
    finally:
        leave_question(token)
    assert budget._current.get() is None
    spend(DEFAULT_STEPS * 2)  # outside any question, spending is free


def test_a_question_inside_a_call_keeps_the_call_s_deadline_and_caller() -> None:
    def gone() -> bool:
        return False

    with limited(steps=10, deadline=123.0, gone=gone) as call:
        call.spend(9)
        token = enter_question()
        try:
            current = budget._current.get()
            assert isinstance(current, budget.Budget) and current is not call
            assert (current.steps, current.deadline, current.gone) == (DEFAULT_STEPS, 123.0, gone)
            spend(100)  # charged to the question, not to the call
        finally:
            leave_question(token)
        assert budget._current.get() is call and call.steps == 1


def test_dispatch_answers_a_question_that_spends_steps_as_under_question_budget() -> None:
    request = pb.ListLegalPlaysRequest(
        context=pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_HEARTS),
        lead=pb_cards("8S 8S 7S 7S"), hand=pb_cards("AS AS KS QS QS 5S 3C 3C 4D"))
    kind = questions.QUESTION_KINDS["list_legal_plays"]
    with budget.question_budget() as own:
        field, expected = questions.answer_of(kind, request)
    assert own.steps < DEFAULT_STEPS  # the listing spends steps: the unspent budget is made
    answer = questions.dispatch(pb.Question(list_legal_plays=request))
    assert field == "list_legal_plays" and answer.list_legal_plays == expected
    assert budget._current.get() is None
