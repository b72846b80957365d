"""The size limits of a question, of a batch and of a request, in one place, and the bound of
every number a request carries (:data:`REQUEST_NUMBERS`).

>>> MAX_LIST, MAX_QUESTIONS, MAX_VIOLATIONS, MAX_MESSAGE_BYTES // 1024 // 1024
(1000, 10000, 20, 4)
>>> REQUEST_NUMBERS["ScoreDealRequest.attacker_points"]
(-100000, 100000)
>>> points_problem(100_001, "the attackers' points are", low=-MAX_POINTS)
"100001 points: the attackers' points are -100000 to 100000"
"""

from __future__ import annotations

from typing import Final

from oracle.cards import Rank

MAX_LIST = 1_000
"""The most items in any one repeated field of a question (cards, plays, hands, seats)."""

MAX_QUESTIONS = 10_000
"""The most questions in one ``AnswerBatch`` call."""

MAX_VIOLATIONS = 20
"""The most problems listed for one question; they travel in the status trailer,
which clients cap (8 KiB by default in gRPC), so a flood is summarised."""

MAX_POINTS = 100_000
"""The most points either way in a points field of a question (far above any deck's total)."""

MAX_MESSAGE_BYTES = 4 * 1024 * 1024
"""The largest request the server accepts, in bytes (the gRPC default)."""

MAX_ANSWER_BYTES = 16 * 1024 * 1024
"""The largest answer the HTTP door writes, in its encoding (compact JSON or binary protobuf);
a larger one is refused before it is written (:mod:`oracle.service.http_answer_size`)."""

SEAT: Final = "seat"
"""The bound of a seat: 0 to the variant's players less one (``decoding.check_seat``)."""

LEVELS = len(Rank)
"""The most levels a side can go up in one deal: one per rank."""

REQUEST_NUMBERS: dict[str, tuple[int, int] | str] = {
    "JudgeTrickRequest.plays.seat": SEAT,
    "CheckThrowRequest.throw.seat": SEAT,
    "CheckThrowRequest.other_hands.seat": SEAT,
    "ScoreBottomRequest.last_trick.seat": SEAT,
    "ScoreBottomRequest.banker_seats": SEAT,
    "ScoreBottomRequest.banker_side_points": (0, MAX_POINTS),
    "ScoreBottomRequest.attacker_points": (0, MAX_POINTS),
    # A deal's final points can be below 0: a failed throw's penalty goes to the other side
    # (seed fixed-two's level table has a band for it; conformance case seed/fixed-two/level-table--10).
    "ScoreDealRequest.attacker_points": (-MAX_POINTS, MAX_POINTS),
    "ScoreDealRequest.banker_seat": SEAT,
    "CompareDeclarationsRequest.standing.seat": SEAT,
    "CompareDeclarationsRequest.challenger.seat": SEAT,
    "ListLegalPlaysRequest.page_size": (0, MAX_LIST),
    "AuditDealRequest.record.banker_seat": SEAT,
    "AuditDealRequest.record.hands.seat": SEAT,
    "AuditDealRequest.record.declarations.seat": SEAT,
    "AuditDealRequest.record.tricks.plays.seat": SEAT,
    "AuditDealRequest.record.tricks.reported_winner": SEAT,
    "AuditDealRequest.record.tricks.reported_points": (0, MAX_POINTS),
    "AuditDealRequest.record.reported.bottom_multiplier": (0, MAX_POINTS),
    "AuditDealRequest.record.reported.attacker_points": (-MAX_POINTS, MAX_POINTS),
    "AuditDealRequest.record.reported.levels": (0, LEVELS),
    "AuditDealRequest.record.reported.next_banker_seat": SEAT,
}
"""Every number of every request message, by its path from the request (indices left out; an
``AnswerBatch`` question is one of these requests; a ``custom_variant`` is bounded by
``oracle.variants.limits``): its lowest and highest value, or :data:`SEAT`. A value outside is
refused, ``INVALID_ARGUMENT`` naming the field. tests/service/test_request_limits.py walks the request
messages and fails on a number missing here, and sends each one past its bounds."""


def points_problem(value: int, what: str, *, low: int = 0) -> str | None:
    """Why ``value`` is not ``low`` to :data:`MAX_POINTS` points (``what`` says whose points, as
    ``"a side's points are"``), or None when it is."""
    if low <= value <= MAX_POINTS:
        return None
    return f"{value} points: {what} {low} to {MAX_POINTS}"
