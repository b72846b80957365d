"""The last trick's question, ScoreBottom, validated into engine arguments: a whole last trick,
the banker's side and a whole bottom.

>>> from oracle.service.decoding import pb_cards
>>> rules = pb.Context(variant_id="qq-one-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
>>> trick = [pb.Play(seat=s, cards=pb_cards(c)) for s, c in enumerate(["AH", "3H", "4H", "5H"])]
>>> args = parse_score_bottom(pb.ScoreBottomRequest(context=rules, last_trick=trick,
...     banker_seats=[0, 2], bottom=pb_cards("6C 7C 8C 9C 10C JC")))
>>> sorted(args.banker_seats), len(args.bottom)
([0, 2], 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, NamedTuple

from oracle import pb
from oracle.cards import Card
from oracle.engine.ruleset import Play, Ruleset
from oracle.service.card_keys import cards_by_code, codes_of, within_copies
from oracle.service.contexts import Deal
from oracle.service.decoding import (
    Problems,
    check_copies,
    check_seat,
    read_context,
    read_group,
    validated,
)
from oracle.service.limits import MAX_LIST, MAX_POINTS, points_problem
from oracle.service.trick_bytes import plain_trick_of
from oracle.service.trick_plays import PlaysRead, seat_plays


class ScoreBottomArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.score_bottom`."""

    rules: Ruleset
    last_trick: tuple[Play, ...]
    banker_seats: frozenset[int]
    bottom: tuple[Card, ...]
    banker_side_points: int = 0
    attacker_points: int = 0


def _banker_seats(
    seats: Sequence[int], field: str, deal: Deal | None, problems: Problems
) -> frozenset[int]:
    """The seats of the banker's side: at least one, not every seat, none twice."""
    if len(seats) > MAX_LIST:
        problems.add(field, f"{len(seats)} seats: at most {MAX_LIST} in any list")
        return frozenset()
    if not seats:
        problems.add(field, "no seats: the banker's side has at least the banker")
    where_seat: dict[int, int] = {}
    for i, seat in enumerate(seats):
        if check_seat(seat, f"{field}[{i}]", deal, problems):
            if seat in where_seat:
                problems.add(
                    f"{field}[{i}]", f"seat {seat} is already in {field}[{where_seat[seat]}]"
                )
            where_seat.setdefault(seat, i)
    if deal is not None and len(where_seat) == deal.players:
        problems.add(field, "every seat is on the banker's side: the attackers need at least one")
    return frozenset(where_seat)


_bottom_args = partial(tuple.__new__, ScoreBottomArgs)
"""A :class:`ScoreBottomArgs` from its six values, built in C (as
:func:`~oracle.service.trick_plays.seat_play`)."""


BOTTOM_PLAYS = PlaysRead(pb.ScoreBottomRequest, "last_trick", "bottom")
"""A ScoreBottom request's last trick, as its plays' bytes (read as JudgeTrick's are).

>>> from oracle.service.decoding import pb_cards
>>> mirror = BOTTOM_PLAYS.read(pb.ScoreBottomRequest(last_trick=[pb.Play(seat=1, cards=pb_cards("AS AS"))]))
>>> mirror.last_trick[0], [(p.seat, len(p.cards)) for p in BOTTOM_PLAYS.plays(mirror)]
(b'\\x08\\x01\\x12\\x04\\x08\\x0e\\x10\\x01\\x12\\x04\\x08\\x0e\\x10\\x01', [(1, 2)])
"""


def _plain_bottom(keys: Any, rules: Ruleset, deal: Deal) -> ScoreBottomArgs | None:
    """A ScoreBottom on the happy path (each test one of :func:`_described_bottom`'s), or
    ``None``: a whole last trick (read as JudgeTrick's, :func:`~oracle.service.trick_bytes.plain_trick_of`),
    the banker's side some seats of the deal but not all, none twice, a whole bottom of good
    cards, the sides' points within bounds and no card more often than the decks hold (tested
    on the cards' codes)."""
    trick = plain_trick_of(keys, rules, deal, BOTTOM_PLAYS, complete=True)
    if trick is None:
        return None
    seats = keys.banker_seats[:]
    banker = frozenset(seats)
    listed = keys.bottom[:]
    codes = codes_of(listed)
    points = keys.banker_side_points, keys.attacker_points
    if (
        codes is None
        or len(listed) != deal.bottom_size
        or len(listed) > MAX_LIST
        or not 0 < len(seats) == len(banker) < deal.players
        or min(seats) < 0
        or max(seats) >= deal.players
        or not (0 <= points[0] <= MAX_POINTS and 0 <= points[1] <= MAX_POINTS)
        or not within_copies([*trick[1], *codes], deal.decks)
    ):
        return None
    return _bottom_args((rules, trick[0], banker, cards_by_code(codes), *points))


def parse_score_bottom(req: pb.ScoreBottomRequest) -> ScoreBottomArgs:
    """Validate a ScoreBottom request: a whole last trick and a whole bottom.

    >>> from oracle.service.decoding import pb_cards
    >>> rules = pb.Context(variant_id="qq-one-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> trick = [pb.Play(seat=s, cards=pb_cards(c)) for s, c in enumerate(["AH", "3H", "4H", "5H"])]
    >>> parse_score_bottom(pb.ScoreBottomRequest(context=rules, last_trick=trick, banker_seats=[0, 2],
    ...     bottom=pb_cards("6C 7C")))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: bottom: 2 cards: the bottom of qq-one-deck has 6
    """
    return validated(req, _plain_bottom, _described_bottom, BOTTOM_PLAYS.read)


def _described_bottom(keys: Any) -> ScoreBottomArgs:
    problems = Problems()
    rules, deal = read_context(keys.context, "context", problems)
    trick, groups = seat_plays(
        BOTTOM_PLAYS.plays(keys), "last_trick", rules, deal, problems, complete=True
    )
    seats = _banker_seats(keys.banker_seats, "banker_seats", deal, problems)
    bottom_group = read_group(keys.bottom, "bottom", problems)
    bottom = bottom_group.cards
    if bottom is not None and deal is not None and len(bottom) != deal.bottom_size:
        problems.add(
            "bottom", f"{len(bottom)} cards: the bottom of {deal.variant.id} has {deal.bottom_size}"
        )
    groups.append(bottom_group)
    check_copies(groups, "the last trick and the bottom", deal, problems)
    banker_side_points, attacker_points = keys.banker_side_points, keys.attacker_points
    for name, value in (("banker_side_points", banker_side_points),
                        ("attacker_points", attacker_points)):
        if (why := points_problem(value, "a side's points are")) is not None:
            problems.add(name, why)
    problems.raise_if_any()
    assert rules is not None and trick is not None and bottom is not None
    return ScoreBottomArgs(rules, trick, seats, bottom, banker_side_points, attacker_points)
