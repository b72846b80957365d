"""The record's validation reads plays by their bytes (``service/record_validation.py``): each
play of the table of plays of one card or a pair is what its own message says, and a record
none of whose trick cards is a key (each card carrying a field the contract lacks) is read card
by card into the same record and audited the same."""

from __future__ import annotations

import pytest

from oracle import pb
from oracle.convert import cards_from_pb
from oracle.errors import InvalidQuestion
from oracle.referee.random_deal import random_record
from oracle.referee.record_message import record_to_pb
from oracle.service.questions import dispatch
from oracle.service.record_validation import PLAYS_BY_KEY, parse_audit_deal

UNKNOWN_FIELD = b"\x18\x05"
"""Field 3 of a ``Card``, a varint: a field the contract lacks, kept by the parser."""


def test_every_play_of_the_table_is_what_its_message_says() -> None:
    seen = set()
    for key, play in PLAYS_BY_KEY.items():
        message = pb.Play.FromString(key)
        assert (message.seat, cards_from_pb(message.cards)) == (play.seat, list(play.cards))
        seen.add((play.seat, len(play.cards), play.cards[0].code))
    assert len(seen) == 8 * 2 * 54  # eight seats, one card or a pair, 54 cards


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("variant", ["qq-one-deck", "qq-two-deck", "lianzhong-two-deck"])
def test_cards_that_are_no_keys_are_read_into_the_same_record(variant: str, seed: int) -> None:
    record = record_to_pb(random_record(variant, seed=seed), report=True)
    odd = pb.DealRecord()
    odd.CopyFrom(record)
    for trick in odd.tricks:
        for play in trick.plays:
            for card in play.cards:
                card.MergeFromString(UNKNOWN_FIELD)
    plain = parse_audit_deal(pb.AuditDealRequest(record=record))
    read = parse_audit_deal(pb.AuditDealRequest(record=odd))
    assert read.tricks == plain.tricks and len(read.tricks) == len(record.tricks)
    assert (read.hands, read.declarations, read.buried) == (plain.hands, plain.declarations,
                                                            plain.buried)
    asked = [dispatch(pb.Question(audit_deal=pb.AuditDealRequest(record=r))) for r in (record, odd)]
    assert asked[0].audit_deal.clean and asked[0] == asked[1]


def test_a_play_of_a_seat_beyond_the_table_is_named() -> None:
    record = record_to_pb(random_record("qq-two-deck", seed=5), report=True)
    record.tricks[2].plays[1].seat = 9
    with pytest.raises(InvalidQuestion) as err:
        parse_audit_deal(pb.AuditDealRequest(record=record))
    assert [(v.field, v.description) for v in err.value.violations] == [
        ("record.tricks[2].plays[1].seat", "seat 9 is out of range: qq-two-deck has seats 0 to 3")]
