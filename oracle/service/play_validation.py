"""The questions about cards in play, which carry a context (variant, level, trump):
DescribePlay, CheckFollow, JudgeTrick, CheckThrow and ScoreBottom, validated into engine arguments.

>>> from oracle.errors import InvalidQuestion
>>> from oracle.service.decoding import pb_cards
>>> req = pb.CheckFollowRequest(
...     context=pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, no_trump=True),
...     lead=pb_cards("AS AS"), hand=pb_cards("KS 3H"), play=pb_cards("KS 3H 3H"))
>>> try:
...     parse_check_follow(req)
... except InvalidQuestion as err:
...     for v in err.violations:
...         print(v.field, "|", v.description)
play | 3 cards: a follow has as many cards as the lead (2)
play[2] | 3H is played 2 times but the hand holds 1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from oracle import pb
from oracle.cards import Card
from oracle.convert import suit_name
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.service.card_keys import card_keys
from oracle.service.decoding import (
    Group,
    Problems,
    check_copies,
    check_hand_size,
    check_in_hand,
    check_seat,
    decode_cards,
    decode_context,
)
from oracle.service.fast_path import (
    valid_bottom,
    valid_describe,
    valid_follow,
    valid_judge,
    valid_throw,
)
from oracle.service.limits import MAX_LIST, points_problem


def _check_lead(
    cards: Sequence[Card] | None, field: str, ctx: Ruleset | None, problems: Problems
) -> None:
    """A lead has cards, all of one effective suit, or of several where the ruleset allows such
    leads (:meth:`~oracle.engine.ruleset.Ruleset.lead_units`)."""
    if cards is None:
        return
    if not cards:
        problems.add(field, "the lead has no cards: lead at least one")
        return
    if ctx is None:
        return
    suits = sorted({ctx.effective_suit(c) for c in cards})
    if len(suits) > 1 and ctx.lead_units(cards) is None:
        names = " and ".join(suit_name(s) for s in suits)
        rainbow = (" (or, in this room, a rainbow: each rank in at least "
                   f"{ctx.rainbow_min_cards} cards over four effective suits, no jokers)") if ctx.strategies.compound else ""
        problems.add(field, f"a lead is of one effective suit{rainbow}, but these cards are {names}")


def _seat_plays(
    msgs: Sequence[pb.Play],
    keys: Sequence[Any],
    field: str,
    ctx: Ruleset | None,
    variant: pb.Variant | None,
    problems: Problems,
    *,
    complete: bool,
) -> tuple[tuple[SeatPlay, ...] | None, list[Group]]:
    """The plays of a trick, in play order, the first being the lead (``None`` when
    a card is bad), and each play's cards as a group for :func:`check_copies`; ``keys`` are the
    plays' mirrors (:mod:`oracle.service.card_keys`)."""
    groups: list[Group] = []
    if len(msgs) > MAX_LIST:
        problems.add(field, f"{len(msgs)} plays: at most {MAX_LIST} in any list")
        return None, groups
    if not msgs:
        problems.add(field, "no plays: a trick has at least the lead")
        return None, groups
    players = variant.deal.players if variant is not None else 0
    if variant is not None:
        if len(msgs) > players:
            problems.add(
                field, f"{len(msgs)} plays, but {variant.id} has {players} seats: one play per seat"
            )
        elif complete and len(msgs) != players:
            problems.add(
                field,
                f"{len(msgs)} plays: a whole trick of {variant.id} has {players}, one per seat",
            )
    plays: list[SeatPlay] = []
    ok = True
    first_seat: int | None = None
    where_seat: dict[int, int] = {}
    lead_size = len(msgs[0].cards)
    for i, msg in enumerate(msgs):
        seat_field = f"{field}[{i}].seat"
        if check_seat(msg.seat, seat_field, variant, problems):
            assert variant is not None
            if i == 0:
                first_seat = msg.seat
            if msg.seat in where_seat:
                problems.add(
                    seat_field,
                    f"seat {msg.seat} already played, in {field}[{where_seat[msg.seat]}]",
                )
            elif first_seat is not None and msg.seat != (first_seat + i) % players:
                expected = (first_seat + i) % players
                problems.add(
                    seat_field,
                    f"seat {msg.seat} is out of play order: the play after seat "
                    f"{(expected - 1) % players} is seat {expected}",
                )
            where_seat.setdefault(msg.seat, i)
        cards_field = f"{field}[{i}].cards"
        cards = decode_cards(msg.cards, cards_field, problems, keys[i].cards)
        groups.append((cards_field, cards))
        check_hand_size(len(msg.cards), cards_field, variant, problems)
        if i == 0:
            _check_lead(cards, cards_field, ctx, problems)
        elif lead_size and len(msg.cards) != lead_size:
            problems.add(
                cards_field,
                f"{len(msg.cards)} cards: every play of a trick has as many cards as the lead "
                f"({lead_size})",
            )
        if cards is None:
            ok = False
        else:
            plays.append(SeatPlay(msg.seat, cards))
    return (tuple(plays) if ok else None), groups


class DescribePlayArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.describe_play`."""

    ctx: Ruleset
    cards: tuple[Card, ...]


def parse_describe_play(req: pb.DescribePlayRequest) -> DescribePlayArgs:
    """Validate a DescribePlay request.

    >>> from oracle.cards import format_cards
    >>> from oracle.service.decoding import pb_cards
    >>> ctx = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> format_cards(parse_describe_play(pb.DescribePlayRequest(context=ctx, cards=pb_cards("3S 3S"))).cards)
    '3S 3S'
    >>> parse_describe_play(pb.DescribePlayRequest(context=ctx, cards=[pb.Card(rank=99)]))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: cards[0]: unknown rank 99: a rank is RANK_TWO (2) to RANK_BIG_JOKER (16)
    """
    keys = card_keys(req)
    valid = valid_describe(keys)
    if valid is not None:
        return DescribePlayArgs(*valid)
    problems = Problems()
    ctx, variant = decode_context(req.context, "context", problems)
    cards = decode_cards(req.cards, "cards", problems, keys.cards)
    if cards is not None and not cards:
        problems.add("cards", "no cards: describe at least one")
    check_hand_size(len(req.cards), "cards", variant, problems)
    check_copies([("cards", cards)], "the cards", variant, problems)
    problems.raise_if_any()
    assert ctx is not None and cards is not None
    return DescribePlayArgs(ctx, cards)


class CheckFollowArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.check_follow`."""

    ctx: Ruleset
    lead: tuple[Card, ...]
    hand: tuple[Card, ...]
    play: tuple[Card, ...]


def parse_check_follow(req: pb.CheckFollowRequest) -> CheckFollowArgs:
    """Validate a CheckFollow request.

    >>> from oracle.cards import format_cards
    >>> from oracle.service.decoding import pb_cards
    >>> ctx = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> args = parse_check_follow(pb.CheckFollowRequest(
    ...     context=ctx, lead=pb_cards("AH"), hand=pb_cards("3H 4C"), play=pb_cards("4C")))
    >>> format_cards(args.play)
    '4C'
    >>> parse_check_follow(pb.CheckFollowRequest(
    ...     context=ctx, lead=pb_cards("AH"), hand=pb_cards("3H"), play=pb_cards("4C")))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: play[0]: 4C is not in the hand
    """
    keys = card_keys(req)
    valid = valid_follow(keys)
    if valid is not None:
        return CheckFollowArgs(*valid)
    problems = Problems()
    ctx, variant = decode_context(req.context, "context", problems)
    lead = decode_cards(req.lead, "lead", problems, keys.lead)
    _check_lead(lead, "lead", ctx, problems)
    check_hand_size(len(req.lead), "lead", variant, problems)
    hand = decode_cards(req.hand, "hand", problems, keys.hand)
    check_hand_size(len(req.hand), "hand", variant, problems)
    play = decode_cards(req.play, "play", problems, keys.play)
    if req.lead and len(req.play) != len(req.lead):
        problems.add(
            "play",
            f"{len(req.play)} cards: a follow has as many cards as the lead ({len(req.lead)})",
        )
    check_in_hand(play, hand, "play", problems)
    check_copies([("lead", lead), ("hand", hand)], "the lead and the hand", variant, problems)
    problems.raise_if_any()
    assert ctx is not None and lead is not None and hand is not None and play is not None
    return CheckFollowArgs(ctx, lead, hand, play)


class JudgeTrickArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.judge_trick`."""

    ctx: Ruleset
    plays: tuple[SeatPlay, ...]


def parse_judge_trick(req: pb.JudgeTrickRequest) -> JudgeTrickArgs:
    """Validate a JudgeTrick request. A trick may be judged before every seat has played.

    >>> from oracle.service.decoding import pb_cards
    >>> ctx = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> plays = [pb.Play(seat=3, cards=pb_cards("AH")), pb.Play(seat=0, cards=pb_cards("3H"))]
    >>> [p.seat for p in parse_judge_trick(pb.JudgeTrickRequest(context=ctx, plays=plays)).plays]
    [3, 0]
    >>> plays[1].seat = 1
    >>> parse_judge_trick(pb.JudgeTrickRequest(context=ctx, plays=plays))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: plays[1].seat: seat 1 is out of play order: the play after seat 3 is seat 0
    """
    keys = card_keys(req)
    valid = valid_judge(keys)
    if valid is not None:
        return JudgeTrickArgs(*valid)
    problems = Problems()
    ctx, variant = decode_context(req.context, "context", problems)
    plays, groups = _seat_plays(
        req.plays, keys.plays, "plays", ctx, variant, problems, complete=False
    )
    check_copies(groups, "the trick", variant, problems)
    problems.raise_if_any()
    assert ctx is not None and plays is not None
    return JudgeTrickArgs(ctx, plays)


class CheckThrowArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.check_throw`."""

    ctx: Ruleset
    thrower: SeatPlay
    other_hands: tuple[SeatPlay, ...]


def parse_check_throw(req: pb.CheckThrowRequest) -> CheckThrowArgs:
    """Validate a CheckThrow request. Other hands may leave seats out.

    >>> from oracle.service.decoding import pb_cards
    >>> ctx = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> args = parse_check_throw(pb.CheckThrowRequest(context=ctx,
    ...     throw=pb.Play(seat=0, cards=pb_cards("AH KH")),
    ...     other_hands=[pb.Hand(seat=1, cards=pb_cards("QH"))]))
    >>> args.thrower.seat, [h.seat for h in args.other_hands]
    (0, [1])
    """
    keys = card_keys(req)
    valid = valid_throw(keys)
    if valid is not None:
        return CheckThrowArgs(*valid)
    problems = Problems()
    ctx, variant = decode_context(req.context, "context", problems)
    thrower_ok = check_seat(req.throw.seat, "throw.seat", variant, problems)
    throw = decode_cards(req.throw.cards, "throw.cards", problems, keys.throw.cards)
    _check_lead(throw, "throw.cards", ctx, problems)
    check_hand_size(len(req.throw.cards), "throw.cards", variant, problems)
    groups: list[Group] = [("throw.cards", throw)]
    hands: list[SeatPlay] = []
    if len(req.other_hands) > MAX_LIST:
        problems.add("other_hands", f"{len(req.other_hands)} hands: at most {MAX_LIST} in any list")
    elif variant is not None and len(req.other_hands) >= variant.deal.players:
        problems.add(
            "other_hands",
            f"{len(req.other_hands)} hands, but {variant.id} has {variant.deal.players} seats, "
            "one of them the thrower's",
        )
    where_seat: dict[int, int] = {}
    hand_keys = keys.other_hands
    for i, hand_msg in enumerate(req.other_hands if len(req.other_hands) <= MAX_LIST else ()):
        seat_field = f"other_hands[{i}].seat"
        if check_seat(hand_msg.seat, seat_field, variant, problems):
            if thrower_ok and hand_msg.seat == req.throw.seat:
                problems.add(
                    seat_field,
                    f"seat {hand_msg.seat} is the thrower's: other_hands are the other seats",
                )
            elif hand_msg.seat in where_seat:
                problems.add(
                    seat_field,
                    f"seat {hand_msg.seat} is already in other_hands[{where_seat[hand_msg.seat]}]",
                )
            where_seat.setdefault(hand_msg.seat, i)
        cards_field = f"other_hands[{i}].cards"
        cards = decode_cards(hand_msg.cards, cards_field, problems, hand_keys[i].cards)
        groups.append((cards_field, cards))
        check_hand_size(len(hand_msg.cards), cards_field, variant, problems)
        if cards is not None:
            hands.append(SeatPlay(hand_msg.seat, cards))
    check_copies(groups, "the throw and the other hands", variant, problems)
    problems.raise_if_any()
    assert ctx is not None and throw is not None
    return CheckThrowArgs(ctx, SeatPlay(req.throw.seat, throw), tuple(hands))


class ScoreBottomArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.score_bottom`."""

    ctx: Ruleset
    last_trick: tuple[SeatPlay, ...]
    banker_seats: frozenset[int]
    bottom: tuple[Card, ...]
    banker_side_points: int = 0
    attacker_points: int = 0


def _banker_seats(
    seats: Sequence[int], field: str, variant: pb.Variant | None, problems: Problems
) -> frozenset[int]:
    """The seats of the banker's side: at least one, not every seat, none twice."""
    if len(seats) > MAX_LIST:
        problems.add(field, f"{len(seats)} seats: at most {MAX_LIST} in any list")
        return frozenset()
    if not seats:
        problems.add(field, "no seats: the banker's side has at least the banker")
    where_seat: dict[int, int] = {}
    for i, seat in enumerate(seats):
        if check_seat(seat, f"{field}[{i}]", variant, problems):
            if seat in where_seat:
                problems.add(
                    f"{field}[{i}]", f"seat {seat} is already in {field}[{where_seat[seat]}]"
                )
            where_seat.setdefault(seat, i)
    if variant is not None and len(where_seat) == variant.deal.players:
        problems.add(field, "every seat is on the banker's side: the attackers need at least one")
    return frozenset(where_seat)


def parse_score_bottom(req: pb.ScoreBottomRequest) -> ScoreBottomArgs:
    """Validate a ScoreBottom request: a whole last trick and a whole bottom.

    >>> from oracle.service.decoding import pb_cards
    >>> ctx = pb.Context(variant_id="qq-one-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> trick = [pb.Play(seat=s, cards=pb_cards(c)) for s, c in enumerate(["AH", "3H", "4H", "5H"])]
    >>> parse_score_bottom(pb.ScoreBottomRequest(context=ctx, last_trick=trick, banker_seats=[0, 2],
    ...     bottom=pb_cards("6C 7C")))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: bottom: 2 cards: the bottom of qq-one-deck has 6
    """
    keys = card_keys(req)
    valid = valid_bottom(keys)
    if valid is not None:
        return ScoreBottomArgs(*valid, req.banker_side_points, req.attacker_points)
    problems = Problems()
    ctx, variant = decode_context(req.context, "context", problems)
    trick, groups = _seat_plays(
        req.last_trick, keys.last_trick, "last_trick", ctx, variant, problems, complete=True
    )
    seats = _banker_seats(req.banker_seats, "banker_seats", variant, problems)
    bottom = decode_cards(req.bottom, "bottom", problems, keys.bottom)
    if bottom is not None and variant is not None and len(bottom) != variant.deal.bottom_size:
        problems.add(
            "bottom",
            f"{len(bottom)} cards: the bottom of {variant.id} has {variant.deal.bottom_size}",
        )
    groups.append(("bottom", bottom))
    check_copies(groups, "the last trick and the bottom", variant, problems)
    for name in ("banker_side_points", "attacker_points"):
        if (why := points_problem(getattr(req, name))) is not None:
            problems.add(name, why)
    problems.raise_if_any()
    assert ctx is not None and trick is not None and bottom is not None
    return ScoreBottomArgs(ctx, trick, seats, bottom, req.banker_side_points, req.attacker_points)
