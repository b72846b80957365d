"""Whether an AuditDeal request holds a deal record at all, validated into the referee's
:class:`~oracle.referee.record.Record`: every card a card, every seat in range, one hand per
seat, whole tricks in play order, sizes bounded. A record of an illegal game passes: judging
it is the referee's work.

The record is read from the request's mirror (:mod:`oracle.service.card_keys`) in which each
card and each play is its bytes: a play of one card or of a pair (most plays) is one look-up
(:data:`PLAYS_BY_KEY`), another's cards one look-up each; a trick is read in one pass when it has
no problem (:func:`_whole_trick`, the common case), and its problems named play by play when it
may have one.

>>> from oracle.service.decoding import pb_cards
>>> from oracle.errors import InvalidQuestion
>>> record = pb.DealRecord(context=pb.Context(variant_id="qq-one-deck", level=pb.RANK_TWO),
...     banker_seat=4, tricks=[pb.Trick(plays=[pb.Play(seat=0, cards=[pb.Card(rank=99)])])])
>>> try:
...     parse_audit_deal(pb.AuditDealRequest(record=record))
... except InvalidQuestion as err:
...     for v in err.violations[:4]:
...         print(v.field, "|", v.description)
record.context.trump_suit | set a trump suit, or no_trump, or the declarations that set it
record.banker_seat | seat 4 is out of range: qq-one-deck has seats 0 to 3
record.hands | 0 hands: qq-one-deck deals one to each of its 4 seats
record.tricks[0].plays | 1 plays: a whole trick of qq-one-deck has 4, one per seat
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from oracle import pb
from oracle.cards import Card, Suit
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.referee.record import Record, RecordedTrick, Reported
from oracle.service.card_keys import cards_of, mirrors
from oracle.service.contexts import Deal, check_context, deal_of
from oracle.service.decoding import (
    Problems,
    check_hand_size,
    check_seat,
    decode_level,
    read_group,
)
from oracle.service.limits import LEVELS, MAX_LIST, MAX_POINTS, points_problem
from oracle.service.trick_plays import PLAYS_BY_KEY as PLAYS_READ
from oracle.service.trick_plays import seat_play


def _hands(msgs: Sequence[Any], field: str, deal: Deal | None,
           problems: Problems) -> tuple[tuple[Card, ...], ...] | None:
    """One hand per seat, by seat."""
    if deal is None:
        return None
    players = deal.players
    if len(msgs) != players:
        problems.add(field, f"{len(msgs)} hands: {deal.variant.id} deals one to each of its {players} seats")
        return None
    by_seat: dict[int, tuple[Card, ...]] = {}
    ok = True
    for i, msg in enumerate(msgs):
        seat_ok = check_seat(msg.seat, f"{field}[{i}].seat", deal, problems)
        if seat_ok and msg.seat in by_seat:
            problems.add(f"{field}[{i}].seat", f"seat {msg.seat} has two hands")
        cards = read_group(msg.cards, f"{field}[{i}].cards", problems).cards
        if cards is None or not seat_ok:
            ok = False
        else:
            by_seat.setdefault(msg.seat, cards)
    return tuple(by_seat[s] for s in range(players)) if ok and len(by_seat) == players else None


_recorded_trick = partial(tuple.__new__, RecordedTrick)
"""A :class:`RecordedTrick` from its four values, built in C."""

_PLAY = pb.Play.DESCRIPTOR.full_name
_MIRRORS = mirrors([pb.AuditDealRequest.DESCRIPTOR, pb.Play.DESCRIPTOR], frozenset({_PLAY}),
                   "record_keys")
_RECORD_KEYS = _MIRRORS[pb.AuditDealRequest.DESCRIPTOR.full_name]
"""The request's mirror (:mod:`oracle.service.card_keys`) in which each play (a trick's, a
declaration) is its bytes too."""
_PLAY_KEYS = _MIRRORS[_PLAY]
"""A play's mirror (its seat, each card as its bytes), parsed from the play's bytes."""

PLAYS_BY_KEY: dict[bytes, SeatPlay] = {key: read[0] for key, read in PLAYS_READ.items()}
"""The plays of one card or of a pair (most plays of a deal) by their bytes
(:data:`~oracle.service.trick_plays.PLAYS_BY_KEY`, without the codes): each such play of a
record is one look-up; a play of any other seat is read as its mirror, and its problem named."""


def _read_play(key: bytes) -> SeatPlay | None:
    """A play by its bytes, its cards read by their keys; ``None`` when a card is no key."""
    play = PLAYS_BY_KEY.get(key)
    if play is not None:
        return play
    msg = _PLAY_KEYS.FromString(key)
    cards = cards_of(msg.cards)
    return None if cards is None else seat_play((msg.seat, cards))


def _read_plays(keys: Sequence[bytes]) -> tuple[SeatPlay, ...] | None:
    """Plays by their bytes (one look-up each when all are in :data:`PLAYS_BY_KEY`); ``None``
    when a card is no card's key."""
    plays = tuple(map(PLAYS_BY_KEY.get, keys))
    if None in plays:
        plays = tuple(map(_read_play, keys))
    return None if None in plays else plays  # type: ignore[return-value]


def _whole_trick(keys: Sequence[bytes], deal: Deal) -> tuple[SeatPlay, ...] | None:
    """The plays of a trick that has no problem, by their bytes, read in one pass (``None`` when
    it may have one, which :func:`_trick_plays` then names): one play per seat in play order,
    each of the lead's count, of one card at least and at most a hand's, every card a card's key.

    >>> from oracle.service.contexts import deal_of
    >>> from oracle.service.decoding import pb_cards
    >>> from oracle.variants import get_variant
    >>> deal = deal_of(get_variant("qq-one-deck"))
    >>> plays = [(2, "AS"), (3, "3S"), (0, "BJ"), (1, "9S")]
    >>> trick = [pb.Play(seat=s, cards=pb_cards(c)) for s, c in plays]
    >>> [str(p.cards[0]) for p in _whole_trick([p.SerializeToString() for p in trick], deal)]
    ['AS', '3S', 'BJ', '9S']
    >>> trick[3].seat = 0  # out of play order: named by _trick_plays
    >>> _whole_trick([p.SerializeToString() for p in trick], deal) is None
    True
    """
    plays = _read_plays(keys)
    players = deal.players
    if not plays or len(plays) != players:
        return None
    first, lead = plays[0]
    count = len(lead)
    if not 0 < count <= deal.most_cards or not 0 <= first < players:
        return None
    for i, (seat, cards) in enumerate(plays):
        if len(cards) != count or seat != (first + i) % players:
            return None
    return plays


def _trick_plays(msgs: Sequence[Any], field: str, deal: Deal,
                 problems: Problems) -> tuple[SeatPlay, ...] | None:
    """One play per seat in play order (seat s + 1 after s), each of the lead's count: the
    problems of a trick that :func:`_whole_trick` did not read, each named."""
    players = deal.players
    if len(msgs) != players:
        problems.add(field, f"{len(msgs)} plays: a whole trick of {deal.variant.id} has {players}, "
                            "one per seat")
        return None
    plays: list[SeatPlay] = []
    first_seat = -1
    lead_count = 0
    for i, msg in enumerate(msgs):
        seat, count = msg.seat, len(msg.cards)
        if i == 0:
            first_seat, lead_count = seat, count
        if not 0 <= seat < players:
            check_seat(seat, f"{field}[{i}].seat", deal, problems)
        elif i and 0 <= first_seat < players and seat != (first_seat + i) % players:
            expected = (first_seat + i) % players
            problems.add(f"{field}[{i}].seat", f"seat {seat} is out of play order: the play "
                                               f"after seat {(expected - 1) % players} is seat {expected}")
        cards = read_group(msg.cards, f"{field}[{i}].cards", problems).cards
        check_hand_size(count, f"{field}[{i}].cards", deal, problems)
        if not count:
            problems.add(f"{field}[{i}].cards", "no cards: every play of a trick has at least one")
        elif count != lead_count:
            problems.add(f"{field}[{i}].cards", f"{count} cards: every play of a trick has as "
                                                f"many cards as the lead ({lead_count})")
        if cards is not None:
            plays.append(SeatPlay(seat, cards))
    return tuple(plays) if len(plays) == players else None


def _tricks(keys: Sequence[Any], msgs: Sequence[pb.Trick], field: str, deal: Deal | None,
            problems: Problems) -> tuple[RecordedTrick, ...] | None:
    """Whole tricks in play order, each play of the lead's count; the reported values in range.
    ``keys`` are the tricks of the request's mirror (the cards), ``msgs`` the same tricks as
    sent (the reported values, which may be set to 0)."""
    if deal is None:
        return None
    hand_size = deal.variant.deal.hand_size
    if len(msgs) > hand_size:
        problems.add(field, f"{len(msgs)} tricks: a deal of {deal.variant.id} has at most "
                            f"{hand_size}, one card a seat at least")
        return None
    tricks: list[RecordedTrick] = []
    players = deal.players
    for i, (trick, msg) in enumerate(zip(keys, msgs)):
        listed = trick.plays[:]
        plays = _whole_trick(listed, deal)
        if plays is None:
            plays = _trick_plays(list(map(_PLAY_KEYS.FromString, listed)), f"{field}[{i}].plays",
                                 deal, problems)
        tried: tuple[Card, ...] | None = None
        thrown = trick.attempted_throw
        if thrown:
            tried = read_group(thrown, f"{field}[{i}].attempted_throw", problems).cards
            check_hand_size(len(thrown), f"{field}[{i}].attempted_throw", deal, problems)
        winner = msg.reported_winner if msg.HasField("reported_winner") else None
        if winner is not None and not 0 <= winner < players:
            check_seat(winner, f"{field}[{i}].reported_winner", deal, problems)
        points = msg.reported_points if msg.HasField("reported_points") else None
        if points is not None and (why := points_problem(points, "a trick holds")) is not None:
            problems.add(f"{field}[{i}].reported_points", why)
        if plays is not None and (tried is not None or not thrown):
            tricks.append(_recorded_trick((plays, tried, winner, points)))
    return tuple(tricks) if len(tricks) == len(msgs) else None


def _reported(msg: pb.ReportedResults, field: str, deal: Deal | None,
              problems: Problems) -> Reported:
    """The client's results, each in range."""
    def optional(name: str, low: int, high: int) -> int | None:
        if not msg.HasField(name):
            return None
        value: int = getattr(msg, name)
        if not low <= value <= high:
            problems.add(f"{field}.{name}", f"{value}: {name} is {low} to {high}")
        return value
    if msg.level_side not in pb.Side.values():
        problems.add(f"{field}.level_side", f"{msg.level_side} is not a Side")
    seat = msg.next_banker_seat if msg.HasField("next_banker_seat") else None
    if seat is not None:
        check_seat(seat, f"{field}.next_banker_seat", deal, problems)
    return Reported(optional("bottom_multiplier", 0, MAX_POINTS),
                    optional("attacker_points", -MAX_POINTS, MAX_POINTS), msg.level_side,
                    optional("levels", 0, LEVELS), seat)


def _plays(msgs: Sequence[Any], field: str, deal: Deal | None,
           problems: Problems) -> tuple[SeatPlay, ...]:
    """Declarations: a seat and the cards it showed."""
    if len(msgs) > MAX_LIST:
        problems.add(field, f"{len(msgs)} declarations: at most {MAX_LIST} in any list")
        return ()
    found = []
    for i, msg in enumerate(map(_PLAY_KEYS.FromString, msgs)):
        seat_ok = check_seat(msg.seat, f"{field}[{i}].seat", deal, problems)
        cards = read_group(msg.cards, f"{field}[{i}].cards", problems).cards
        check_hand_size(len(msg.cards), f"{field}[{i}].cards", deal, problems)
        if seat_ok and cards is not None:
            found.append(SeatPlay(msg.seat, cards))
    return tuple(found)


def parse_audit_deal(req: pb.AuditDealRequest) -> Record:
    """Validate an AuditDeal request into the record the referee replays."""
    msg, problems = req.record, Problems()
    keys = _RECORD_KEYS.FromString(req.SerializeToString()).record  # cards and plays as bytes
    rules = msg.context
    custom = rules.custom_variant if rules.HasField("custom_variant") else None
    trump_given = bool(rules.trump_suit) or rules.no_trump
    if not trump_given and not msg.declarations:
        problems.add("context.trump_suit", "set a trump suit, or no_trump, or the declarations that set it")
    checked = check_context(rules.variant_id, rules.level, rules.trump_suit,
                            rules.no_trump or not trump_given, custom)
    problems.items.extend(v.prefixed("context") for v in checked.violations)
    variant = checked.variant
    if variant is not None and variant.deal.players % 2:
        problems.add("context", f"{variant.id} has {variant.deal.players} seats: the referee plays "
                                "fixed partnerships of every second seat, which an odd number has not")
        variant = None
    level = decode_level(rules.level, "context.level", variant, Problems())
    deal = None if variant is None else deal_of(variant)
    check_seat(msg.banker_seat, "banker_seat", deal, problems)
    hands = _hands(keys.hands, "hands", deal, problems)
    bottom = read_group(keys.bottom, "bottom", problems).cards
    declarations = _plays(keys.declarations, "declarations", deal, problems)
    buried = read_group(keys.buried, "buried", problems).cards
    tricks = _tricks(keys.tricks, msg.tricks, "tricks", deal, problems)
    reported = _reported(msg.reported, "reported", deal, problems)
    attacker_level = None
    if msg.attacker_level:
        attacker_level = decode_level(msg.attacker_level, "attacker_level", variant, problems)
    problems.items[:] = [v.prefixed("record") for v in problems.items]
    problems.raise_if_any()
    assert variant is not None and level is not None and hands is not None
    assert bottom is not None and buried is not None and tricks is not None

    def rules_for(trump: Suit | None) -> Ruleset:
        found = check_context(rules.variant_id, level, trump, trump is None, custom).ruleset
        assert found is not None
        return found

    trump = Suit(rules.trump_suit) if rules.trump_suit else None
    return Record(variant, level, rules_for, trump_given, trump, msg.banker_seat, hands, bottom,
                  declarations, buried, tricks, attacker_level, reported)
