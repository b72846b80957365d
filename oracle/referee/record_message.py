"""A record as the proto ``DealRecord`` (and so as JSON, docs/records.md), with the results the
referee found written in as the client's reported ones when asked.

>>> from oracle.referee.random_deal import random_record
>>> message = record_to_pb(random_record("qq-one-deck", seed=1), report=True)
>>> len(message.hands), len(message.bottom), message.reported.HasField("attacker_points")
(4, 6, True)
"""

from __future__ import annotations

from oracle import pb
from oracle.convert import cards_to_pb
from oracle.referee.record import Record
from oracle.referee.replay import audit_deal


def record_to_pb(record: Record, *, report: bool = False) -> pb.DealRecord:
    """The record as a message; with ``report`` its reported results are the referee's own
    (each trick's winner and points, the multiplier, the points, the levels, the next banker)."""
    context = pb.Context(variant_id=record.variant.id, level=int(record.level))  # type: ignore[arg-type]
    if record.trump_given:
        if record.trump is None:
            context.no_trump = True
        else:
            context.trump_suit = int(record.trump)  # type: ignore[assignment]
    message = pb.DealRecord(
        context=context,
        banker_seat=record.banker_seat,
        hands=[pb.Hand(seat=s, cards=cards_to_pb(h)) for s, h in enumerate(record.hands)],
        bottom=cards_to_pb(record.bottom),
        declarations=[pb.Play(seat=d.seat, cards=cards_to_pb(d.cards)) for d in record.declarations],
        buried=cards_to_pb(record.buried),
    )
    if record.attacker_level is not None:
        message.attacker_level = int(record.attacker_level)  # type: ignore[assignment]
    for trick in record.tricks:
        out = message.tricks.add(plays=[pb.Play(seat=p.seat, cards=cards_to_pb(p.cards))
                                        for p in trick.plays])
        if trick.attempted_throw is not None:
            out.attempted_throw.extend(cards_to_pb(trick.attempted_throw))
        if trick.reported_winner is not None:
            out.reported_winner = trick.reported_winner
        if trick.reported_points is not None:
            out.reported_points = trick.reported_points
    if report:
        totals = audit_deal(record).totals
        message.reported.CopyFrom(pb.ReportedResults(
            bottom_multiplier=totals.bottom_multiplier, attacker_points=totals.attacker_points,
            level_side=totals.level_side, levels=totals.levels,
            next_banker_seat=totals.next_banker_seat))
    return message
