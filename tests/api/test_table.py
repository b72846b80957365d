"""The public Python API (``oracle.table.Table``): the service's answers in frozen dataclasses, cards in
notation or codes, errors by kind naming the field; and the records' lossless proto mapping."""

from __future__ import annotations

import dataclasses

import pytest

from oracle import pb
from oracle.cards import parse_card, parse_cards
from oracle.convert import cards_to_pb
from oracle.engine.budget import enter_question
from oracle.referee.random_deal import random_record
from oracle.referee.record_message import record_to_pb
from oracle.service import questions
from oracle.service.questions import dispatch
from oracle.table import InvalidQuestion, Table, TooMuchWork, records

TABLE = Table("qq-two-deck", level="10", trump="H")
CONTEXT = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)

RECORDS = [value for value in vars(records).values()
           if isinstance(value, type) and issubclass(value, records.Record) and value is not records.Record]


def test_a_follow_that_keeps_back_the_led_suit_is_illegal() -> None:
    """002_ 跟牌: a follower with cards of the led suit must play them (rule ``follow.suit``)."""
    verdict = TABLE.check_follow(lead="8S 8S", hand="AS 5S 5S 3C 4D", play="AS 3C")
    assert (verdict.legal, verdict.broken_rule_id) == (False, "follow.suit")
    assert all(parse_card(c).suit == parse_card("AS").suit for c in verdict.example)
    assert TABLE.check_follow(lead="8S 8S", hand="AS 5S 5S 3C 4D", play="5S 5S").legal


def test_cards_in_notation_codes_or_cards_are_the_same_question() -> None:
    as_text = TABLE.check_follow(lead="8S 8S", hand="AS 5S 5S 3C", play="AS 3C")
    as_codes = TABLE.check_follow(lead=[c.code for c in parse_cards("8S 8S")],
                                  hand=[c.code for c in parse_cards("AS 5S 5S 3C")], play=parse_cards("AS 3C"))
    assert as_text == as_codes


def test_each_answer_is_the_service_answer() -> None:
    """No parallel path: the table's answer is what the service's dispatch answers, field by field."""
    lead, hand, play = parse_cards("8S 8S"), parse_cards("AS 5S 5S 3C 4D"), parse_cards("AS 3C")
    wire = dispatch(pb.Question(check_follow=pb.CheckFollowRequest(
        context=CONTEXT, lead=cards_to_pb(lead), hand=cards_to_pb(hand), play=cards_to_pb(play))))
    assert TABLE.check_follow(lead, hand, play).to_proto() == wire.check_follow
    wire = dispatch(pb.Question(list_legal_plays=pb.ListLegalPlaysRequest(
        context=CONTEXT, hand=cards_to_pb(parse_cards("AS AS KS 5S 3C")), lead=cards_to_pb(lead))))
    assert TABLE.legal_plays("AS AS KS 5S 3C", lead=lead).to_proto() == wire.list_legal_plays


def test_a_trump_pair_ruffs_a_side_suit_pair() -> None:
    """002_ 毙牌: trump of the lead's structure beats a side-suit lead (rule ``trick.ruff``)."""
    verdict = TABLE.judge_trick(["8S 8S", "5S 5S", "10C 10C", "3D 4D"], seats=[3, 0, 1, 2])
    assert verdict.winning_seat == 1
    assert [v.kind for v in verdict.verdicts] == ["PLAY_KIND_LEAD", "PLAY_KIND_FOLLOW", "PLAY_KIND_RUFF",
                                                  "PLAY_KIND_DISCARD"]
    assert verdict.points == 30  # 5S 5S and 10C 10C


def test_a_throw_beaten_by_another_hand_fails() -> None:
    """A throw stands only if no other seat beats a unit of it (rule ``throw.unbeatable``)."""
    assert TABLE.check_throw("AS KS", {1: "QS 3C", 2: "2S 4D", 3: "3D 3D"}).succeeds
    failed = TABLE.check_throw("KS QS", {1: "AS 3C", 2: "2S 4D", 3: "3D 3D"})
    assert not failed.succeeds and failed.blocks[0].seat == 1 and failed.forced_play == ("QS",)


def test_describe_and_score_bottom() -> None:
    assert [u.name for u in TABLE.describe("JH JH QH QH").units] == ["tractor of 2 pairs"]
    score = TABLE.score_bottom(["AS", "3S", "4S", "5S"], banker_seats=[0, 2], bottom="KD KD 5C 3C 4C 6C 7C 8C")
    assert (score.attackers_won, score.bottom_points, score.points_to_attackers) == (False, 25, 0)


def test_a_random_deal_audits_clean() -> None:
    """The referee's random legal player makes a deal the audit finds nothing wrong with."""
    record = record_to_pb(random_record("qq-two-deck", 3), report=True)
    audit = TABLE.audit(record)
    assert audit.clean and audit.first_violation is None and audit.totals is not None
    assert audit.to_proto() == dispatch(pb.Question(audit_deal=pb.AuditDealRequest(record=record))).audit_deal


@pytest.mark.parametrize(("ask", "field"), [
    (lambda: TABLE.check_follow(lead="8S", hand="AS 3C", play="3C XS"), "check_follow.play[1]"),
    (lambda: Table("qq-two-deck", level="1", trump="H"), "context.level"),
    (lambda: Table("qq-two-deck", level="10", trump="Z"), "context.trump_suit"),
    (lambda: Table("no-such-variant", level="10").describe("AS"), "describe_play.context.variant_id"),
    (lambda: TABLE.check_follow(lead="8S", hand="3C", play="AS"), "check_follow.play[0]"),
    (lambda: TABLE.describe([999]), "describe_play.cards[0]"),
])
def test_a_bad_question_names_its_field(ask: object, field: str) -> None:
    with pytest.raises(InvalidQuestion) as raised:
        ask()  # type: ignore[operator]
    assert field in [v.field for v in raised.value.violations]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.__name__)
def test_every_record_holds_every_field_of_its_message(record: type[records.Record]) -> None:
    """Lossless: one attribute per proto field, so to and from the proto loses nothing."""
    names = [f.name for f in dataclasses.fields(record)]
    assert names == [f.name for f in record.PROTO.DESCRIPTOR.fields]


def test_records_are_frozen_and_round_trip() -> None:
    verdict = TABLE.judge_trick(["8S 8S", "5S 5S", "10C 10C", "3D 4D"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        verdict.winning_seat = 0  # type: ignore[misc]
    assert records.TrickVerdict.from_proto(verdict.to_proto()) == verdict


def test_a_question_past_its_budget_raises_too_much_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """The service's RESOURCE_EXHAUSTED, here under a budget of one step."""
    monkeypatch.setattr(questions, "enter_question", lambda: enter_question(1))
    with pytest.raises(TooMuchWork, match="RESOURCE_EXHAUSTED"):
        TABLE.legal_plays("AS AS KS QS QS 5S 3C", lead="8S 8S 7S 7S")
