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
from oracle.service.contexts import Deal
from oracle.service.decoding import (
    Group,
    Problems,
    check_copies,
    check_hand_size,
    check_in_hand,
    check_seat,
    read_context,
    read_group,
)
from oracle.service.limits import MAX_LIST, points_problem


def check_lead(
    cards: Sequence[Card] | None, field: str, rules: Ruleset | None, problems: Problems
) -> None:
    """A lead has cards, all of one effective suit, or of several where the ruleset allows such
    leads (:meth:`~oracle.engine.ruleset.Ruleset.lead_units`)."""
    if cards is None:
        return
    if not cards:
        problems.add(field, "the lead has no cards: lead at least one")
        return
    if rules is None:
        return
    table = rules.suits
    if len({table[c.code] for c in cards}) == 1:
        return
    suits = sorted({rules.effective_suit(c) for c in cards})
    if rules.lead_units(cards) is None:
        names = " and ".join(suit_name(s) for s in suits)
        rainbow = (" (or, in this room, a rainbow: each rank in at least "
                   f"{rules.rainbow_min_cards} cards over four effective suits, no jokers)") if rules.strategies.compound else ""
        problems.add(field, f"a lead is of one effective suit{rainbow}, but these cards are {names}")


def _seat_plays(
    msgs: Sequence[Any],
    field: str,
    rules: Ruleset | None,
    deal: Deal | None,
    problems: Problems,
    *,
    complete: bool,
) -> tuple[tuple[SeatPlay, ...] | None, list[Group]]:
    """The plays of a trick, in play order, the first being the lead (``None`` when
    a card is bad), and each play's cards as a group for :func:`check_copies`; ``msgs`` are the
    plays' mirrors (:mod:`oracle.service.card_keys`)."""
    groups: list[Group] = []
    count = len(msgs)
    if count > MAX_LIST:
        problems.add(field, f"{count} plays: at most {MAX_LIST} in any list")
        return None, groups
    if not count:
        problems.add(field, "no plays: a trick has at least the lead")
        return None, groups
    players = deal.players if deal is not None else 0
    if deal is not None:
        name = deal.variant.id
        if count > players:
            problems.add(field, f"{count} plays, but {name} has {players} seats: one play per seat")
        elif complete and count != players:
            problems.add(field, f"{count} plays: a whole trick of {name} has {players}, one per seat")
    most = deal.most_cards if deal is not None else MAX_LIST  # the hand-size check's bound
    plays: list[SeatPlay] = []
    ok = True
    first_seat: int | None = None
    where_seat: dict[int, int] = {}
    lead_size = len(msgs[0].cards)
    for i, msg in enumerate(msgs):
        seat = msg.seat
        if deal is not None and 0 <= seat < players:
            if i == 0:
                first_seat = seat
            if seat in where_seat:
                problems.add(f"{field}[{i}].seat",
                             f"seat {seat} already played, in {field}[{where_seat[seat]}]")
            elif first_seat is not None and seat != (first_seat + i) % players:
                expected = (first_seat + i) % players
                problems.add(
                    f"{field}[{i}].seat",
                    f"seat {seat} is out of play order: the play after seat "
                    f"{(expected - 1) % players} is seat {expected}",
                )
            where_seat.setdefault(seat, i)
        else:
            check_seat(seat, f"{field}[{i}].seat", deal, problems)
        cards_field = f"{field}[{i}].cards"
        group = read_group(msg.cards, cards_field, problems)
        groups.append(group)
        cards = group.cards
        size = len(group.keys)
        if size > most:
            check_hand_size(size, cards_field, deal, problems)
        if i == 0:
            check_lead(cards, cards_field, rules, problems)
        elif lead_size and size != lead_size:
            problems.add(
                cards_field,
                f"{size} cards: every play of a trick has as many cards as the lead ({lead_size})",
            )
        if cards is None:
            ok = False
        else:
            plays.append(SeatPlay(seat, cards))
    return (tuple(plays) if ok else None), groups


class DescribePlayArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.describe_play`."""

    rules: Ruleset
    cards: tuple[Card, ...]


def parse_describe_play(req: pb.DescribePlayRequest) -> DescribePlayArgs:
    """Validate a DescribePlay request.

    >>> from oracle.cards import format_cards
    >>> from oracle.service.decoding import pb_cards
    >>> rules = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> format_cards(parse_describe_play(pb.DescribePlayRequest(context=rules, cards=pb_cards("3S 3S"))).cards)
    '3S 3S'
    >>> parse_describe_play(pb.DescribePlayRequest(context=rules, cards=[pb.Card(rank=99)]))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: cards[0]: unknown rank 99: a rank is RANK_TWO (2) to RANK_BIG_JOKER (16)
    """
    keys = card_keys(req)
    problems = Problems()
    rules, deal = read_context(keys.context, "context", problems)
    group = read_group(keys.cards, "cards", problems)
    cards = group.cards
    if cards is not None and not cards:
        problems.add("cards", "no cards: describe at least one")
    check_hand_size(len(group.keys), "cards", deal, problems)
    check_copies([group], "the cards", deal, problems)
    problems.raise_if_any()
    assert rules is not None and cards is not None
    return DescribePlayArgs(rules, cards)


class CheckFollowArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.check_follow`."""

    rules: Ruleset
    lead: tuple[Card, ...]
    hand: tuple[Card, ...]
    play: tuple[Card, ...]


def parse_check_follow(req: pb.CheckFollowRequest) -> CheckFollowArgs:
    """Validate a CheckFollow request.

    >>> from oracle.cards import format_cards
    >>> from oracle.service.decoding import pb_cards
    >>> rules = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> args = parse_check_follow(pb.CheckFollowRequest(
    ...     context=rules, lead=pb_cards("AH"), hand=pb_cards("3H 4C"), play=pb_cards("4C")))
    >>> format_cards(args.play)
    '4C'
    >>> parse_check_follow(pb.CheckFollowRequest(
    ...     context=rules, lead=pb_cards("AH"), hand=pb_cards("3H"), play=pb_cards("4C")))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: play[0]: 4C is not in the hand
    """
    keys = card_keys(req)
    problems = Problems()
    rules, deal = read_context(keys.context, "context", problems)
    lead = read_group(keys.lead, "lead", problems)
    check_lead(lead.cards, "lead", rules, problems)
    led = len(lead.keys)
    check_hand_size(led, "lead", deal, problems)
    hand = read_group(keys.hand, "hand", problems)
    check_hand_size(len(hand.keys), "hand", deal, problems)
    play = read_group(keys.play, "play", problems)
    played = len(play.keys)
    if led and played != led:
        problems.add("play", f"{played} cards: a follow has as many cards as the lead ({led})")
    check_in_hand(play, hand, problems)
    check_copies([lead, hand], "the lead and the hand", deal, problems)
    problems.raise_if_any()
    assert rules is not None and lead.cards is not None and hand.cards is not None
    assert play.cards is not None
    return CheckFollowArgs(rules, lead.cards, hand.cards, play.cards)


class JudgeTrickArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.judge_trick`."""

    rules: Ruleset
    plays: tuple[SeatPlay, ...]


def parse_judge_trick(req: pb.JudgeTrickRequest) -> JudgeTrickArgs:
    """Validate a JudgeTrick request. A trick may be judged before every seat has played.

    >>> from oracle.service.decoding import pb_cards
    >>> rules = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> plays = [pb.Play(seat=3, cards=pb_cards("AH")), pb.Play(seat=0, cards=pb_cards("3H"))]
    >>> [p.seat for p in parse_judge_trick(pb.JudgeTrickRequest(context=rules, plays=plays)).plays]
    [3, 0]
    >>> plays[1].seat = 1
    >>> parse_judge_trick(pb.JudgeTrickRequest(context=rules, plays=plays))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: plays[1].seat: seat 1 is out of play order: the play after seat 3 is seat 0
    """
    keys = card_keys(req)
    problems = Problems()
    rules, deal = read_context(keys.context, "context", problems)
    plays, groups = _seat_plays(keys.plays, "plays", rules, deal, problems, complete=False)
    check_copies(groups, "the trick", deal, problems)
    problems.raise_if_any()
    assert rules is not None and plays is not None
    return JudgeTrickArgs(rules, plays)


class CheckThrowArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.check_throw`."""

    rules: Ruleset
    thrower: SeatPlay
    other_hands: tuple[SeatPlay, ...]


def parse_check_throw(req: pb.CheckThrowRequest) -> CheckThrowArgs:
    """Validate a CheckThrow request. Other hands may leave seats out.

    >>> from oracle.service.decoding import pb_cards
    >>> rules = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> args = parse_check_throw(pb.CheckThrowRequest(context=rules,
    ...     throw=pb.Play(seat=0, cards=pb_cards("AH KH")),
    ...     other_hands=[pb.Hand(seat=1, cards=pb_cards("QH"))]))
    >>> args.thrower.seat, [h.seat for h in args.other_hands]
    (0, [1])
    """
    keys = card_keys(req)
    problems = Problems()
    rules, deal = read_context(keys.context, "context", problems)
    thrower = keys.throw.seat
    thrower_ok = check_seat(thrower, "throw.seat", deal, problems)
    thrown = read_group(keys.throw.cards, "throw.cards", problems)
    throw = thrown.cards
    check_lead(throw, "throw.cards", rules, problems)
    check_hand_size(len(thrown.keys), "throw.cards", deal, problems)
    groups: list[Group] = [thrown]
    hands: list[SeatPlay] = []
    mirrors = keys.other_hands
    count = len(mirrors)
    if count > MAX_LIST:
        problems.add("other_hands", f"{count} hands: at most {MAX_LIST} in any list")
        mirrors = ()
    elif deal is not None and count >= deal.players:
        problems.add(
            "other_hands",
            f"{count} hands, but {deal.variant.id} has {deal.players} seats, "
            "one of them the thrower's",
        )
    where_seat: dict[int, int] = {}
    for i, mirror in enumerate(mirrors):
        seat = mirror.seat
        if check_seat(seat, f"other_hands[{i}].seat", deal, problems):
            if thrower_ok and seat == thrower:
                problems.add(f"other_hands[{i}].seat",
                             f"seat {seat} is the thrower's: other_hands are the other seats")
            elif seat in where_seat:
                problems.add(f"other_hands[{i}].seat",
                             f"seat {seat} is already in other_hands[{where_seat[seat]}]")
            where_seat.setdefault(seat, i)
        cards_field = f"other_hands[{i}].cards"
        group = read_group(mirror.cards, cards_field, problems)
        groups.append(group)
        check_hand_size(len(group.keys), cards_field, deal, problems)
        if group.cards is not None:
            hands.append(SeatPlay(seat, group.cards))
    check_copies(groups, "the throw and the other hands", deal, problems)
    problems.raise_if_any()
    assert rules is not None and throw is not None
    return CheckThrowArgs(rules, SeatPlay(thrower, throw), tuple(hands))


class ScoreBottomArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.score_bottom`."""

    rules: Ruleset
    last_trick: tuple[SeatPlay, ...]
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
    keys = card_keys(req)
    problems = Problems()
    rules, deal = read_context(keys.context, "context", problems)
    trick, groups = _seat_plays(
        keys.last_trick, "last_trick", rules, deal, problems, complete=True
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
