"""The questions about cards in play, which carry a context (variant, level, trump):
DescribePlay, CheckFollow, JudgeTrick and CheckThrow, validated into engine arguments.

Each is read once, as its mirror (:mod:`oracle.service.card_keys`; a trick's with each play as
its bytes, :data:`~oracle.service.trick_plays.TRICK_PLAYS`), and first tried on its happy path
(:func:`~oracle.service.decoding.validated`): a context seen before, every card a known key
read as its code (one look-up each, a play of one card or a pair one look-up), and a few cheap
tests on the codes (counts, seats, the lead's one suit, cards held, copies), no field path or
description built. A question failing any of them is read again by the describing checks
(``_described_*``), which name every problem; the happy path (``_plain_*``) accepts nothing they
refuse (each of its tests is one of theirs, or stricter: a lead of several suits, allowed or
not, is left to them).

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

from functools import partial
from typing import Any, NamedTuple

from oracle import pb
from oracle.cards import Card
from oracle.engine.ruleset import Play, Ruleset, SeatPlay
from oracle.service.card_keys import cards_by_code, codes_of, held, within_copies
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
    validated,
)
from oracle.service.limits import MAX_LIST
from oracle.service.trick_bytes import plain_trick_of
from oracle.service.trick_plays import (
    TRICK_PLAYS,
    check_lead,
    one_suit,
    seat_play,
    seat_plays,
)


class DescribePlayArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.describe_play`."""

    rules: Ruleset
    cards: tuple[Card, ...]


_describe_play_args = partial(tuple.__new__, DescribePlayArgs)


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
    return validated(req, _plain_play, _described_play)


def _plain_play(keys: Any, rules: Ruleset, deal: Deal) -> DescribePlayArgs | None:
    codes = codes_of(keys.cards[:])
    if codes and len(codes) <= deal.most_cards and within_copies(codes, deal.decks):
        return _describe_play_args((rules, cards_by_code(codes)))
    return None


def _described_play(keys: Any) -> DescribePlayArgs:
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


_check_follow_args = partial(tuple.__new__, CheckFollowArgs)


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
    return validated(req, _plain_follow, _described_follow)


def _plain_follow(keys: Any, rules: Ruleset, deal: Deal) -> CheckFollowArgs | None:
    led, hand, play = keys.lead[:], keys.hand[:], keys.play[:]
    n, h = len(led), len(hand)
    if not 0 < n <= deal.most_cards >= h or len(play) != n:
        return None
    codes = codes_of(led + hand + play)  # one look-up a card; the three lists are its slices
    if (
        codes is None
        or not one_suit(codes[:n], rules)
        or not held(codes[n + h:], codes[n:n + h])
        or not within_copies(codes[:n + h], deal.decks)
    ):
        return None
    cards = cards_by_code(codes)
    return _check_follow_args((rules, cards[:n], cards[n:n + h], cards[n + h:]))


def _described_follow(keys: Any) -> CheckFollowArgs:
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
    plays: tuple[Play, ...]


_judge_trick_args = partial(tuple.__new__, JudgeTrickArgs)


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
    return validated(req, _plain_judge, _described_trick, TRICK_PLAYS.read)


def _plain_judge(keys: Any, rules: Ruleset, deal: Deal) -> JudgeTrickArgs | None:
    trick = plain_trick_of(keys, rules, deal)
    if trick is not None and within_copies(trick[1], deal.decks):
        return _judge_trick_args((rules, trick[0]))
    return None


def _described_trick(keys: Any) -> JudgeTrickArgs:
    problems = Problems()
    rules, deal = read_context(keys.context, "context", problems)
    plays, groups = seat_plays(TRICK_PLAYS.plays(keys), "plays", rules, deal, problems, complete=False)
    check_copies(groups, "the trick", deal, problems)
    problems.raise_if_any()
    assert rules is not None and plays is not None
    return JudgeTrickArgs(rules, plays)


class CheckThrowArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.check_throw`."""

    rules: Ruleset
    thrower: SeatPlay
    other_hands: tuple[SeatPlay, ...]


_check_throw_args = partial(tuple.__new__, CheckThrowArgs)


def _plain_throw(keys: Any, rules: Ruleset, deal: Deal) -> CheckThrowArgs | None:
    players, most = deal.players, deal.most_cards
    thrown = keys.throw
    thrower = thrown.seat
    throw = codes_of(thrown.cards[:])
    mirrors = keys.other_hands
    if (
        not 0 <= thrower < players
        or not throw
        or len(throw) > most
        or not one_suit(throw, rules)
        or len(mirrors) >= players
    ):
        return None
    seats = {thrower}
    every = list(throw)
    hands: list[SeatPlay] = []
    for mirror in mirrors:
        seat = mirror.seat
        codes = codes_of(mirror.cards[:])
        if codes is None or len(codes) > most or not 0 <= seat < players or seat in seats:
            return None
        seats.add(seat)
        hands.append(seat_play((seat, cards_by_code(codes))))
        every += codes
    if not within_copies(every, deal.decks):
        return None
    return _check_throw_args((rules, seat_play((thrower, cards_by_code(throw))), tuple(hands)))


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
    return validated(req, _plain_throw, _described_throw)


def _described_throw(keys: Any) -> CheckThrowArgs:
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
