"""A trick's plays and a lead read from a request's mirror (:mod:`oracle.service.card_keys`):
on the happy path (:func:`plain_trick`, no field path built) and by the describing checks
(:func:`seat_plays`, :func:`check_lead`), which name every problem.

>>> from oracle import pb
>>> from oracle.service.card_keys import card_keys
>>> from oracle.service.decoding import pb_cards
>>> from oracle.service.contexts import known_context
>>> context = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
>>> known = known_context(context.SerializeToString())
>>> plays = [pb.Play(seat=3, cards=pb_cards("AS")), pb.Play(seat=0, cards=pb_cards("3S"))]
>>> mirror = card_keys(pb.JudgeTrickRequest(context=context, plays=plays))
>>> [(p.seat, str(p.cards[0])) for p in plain_trick(mirror.plays, *known)[0]]
[(3, 'AS'), (0, '3S')]
>>> plays[1].seat = 1  # out of play order: for the describing checks to name
>>> plain_trick(card_keys(pb.JudgeTrickRequest(plays=plays)).plays, *known) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from operator import itemgetter
from typing import Any, cast

from google.protobuf.message import Message

from oracle import pb
from oracle.cards import Card
from oracle.convert import suit_name
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.service.card_keys import (
    CARDS_BY_KEY,
    cards_by_code,
    cards_of,
    codes_of,
    mirrors,
)
from oracle.service.contexts import Deal
from oracle.service.decoding import Group, Problems, check_hand_size, check_seat, read_group
from oracle.service.limits import MAX_LIST
from oracle.variants.limits import LIMITS


def one_suit(codes: Sequence[int], rules: Ruleset) -> bool:
    """Whether the cards of these codes are all of one effective suit (the plain lead's test).

    >>> from oracle.cards import parse_cards
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", 10, 2)
    >>> def codes(text): return [c.code for c in parse_cards(text)]
    >>> one_suit(codes("AH 10S BJ"), rules), one_suit(codes("AH AS"), rules)
    (True, False)
    """
    table = rules.suits
    suit = table[codes[0]]
    for code in codes:
        if table[code] != suit:
            return False
    return True


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


def plain_trick(
    msgs: Sequence[Any], rules: Ruleset, deal: Deal, *, complete: bool = False
) -> tuple[tuple[SeatPlay, ...], list[bytes]] | None:
    """The plays of a trick on the happy path (see the module's text), and the keys of all their
    cards (for the caller's test of copies): one play per seat at most (each seat, when
    ``complete``) in play order, each of good cards no more than a hand, the lead's of one suit
    and of at least one card, the others as many; ``None`` when a test fails. ``msgs`` are the
    plays' mirrors."""
    count = len(msgs)
    players = deal.players
    if not 0 < count <= players or (complete and count != players):
        return None
    lead = msgs[0]
    seat = lead.seat
    every = lead.cards[:]
    codes = codes_of(every)
    size = len(every)
    if not codes or size > deal.most_cards or not 0 <= seat < players or not one_suit(codes, rules):
        return None
    plays = [seat_play((seat, cards_by_code(codes)))]
    for msg in msgs[1:]:
        seat = (seat + 1) % players
        listed = msg.cards[:]
        cards = cards_of(listed)
        if cards is None or len(listed) != size or msg.seat != seat:
            return None
        plays.append(seat_play((seat, cards)))
        every += listed
    return tuple(plays), every


class PlaysRead:
    """How a request kind holding plays (one repeated ``Play`` field, ``field``) is read as its mirror (:mod:`oracle.service.card_keys`): each play as its bytes (for
    :func:`plain_plays` and :func:`oracle.service.trick_bytes.bytes_trick`), and, on demand, as
    play mirrors (for :func:`plain_trick` and the describing checks).

    >>> from oracle.service.decoding import pb_cards
    >>> def trick(text): return pb.JudgeTrickRequest(context=pb.Context(variant_id="v"),
    ...     plays=[pb.Play(seat=1, cards=pb_cards(text))])
    >>> mirror = TRICK_PLAYS.read(trick("AS"))
    >>> mirror.plays[0], [(p.seat, len(p.cards)) for p in TRICK_PLAYS.plays(mirror)]
    (b'\\x08\\x01\\x12\\x04\\x08\\x0e\\x10\\x01', [(1, 1)])
    """

    def __init__(self, request: type[Message], field: str, name: str) -> None:
        descriptor = request.DESCRIPTOR
        self._keys = mirrors([descriptor], frozenset({pb.Play.DESCRIPTOR.full_name}), f"{name}_keys")[
            descriptor.full_name]
        self._plays = mirrors([descriptor], frozenset(), f"{name}_plays")[descriptor.full_name]
        self.field = field

    def read(self, request: Message) -> Any:
        """The request as its mirror, its plays as their bytes."""
        return self._keys.FromString(request.SerializeToString())

    def plays(self, keys: Any) -> Sequence[Any]:
        """The plays of a mirror :meth:`read` gave, as play mirrors (each card as its bytes), all
        in one parse (a field's bytes are those of its message)."""
        return getattr(self._plays.FromString(keys.SerializeToString()), self.field)  # type: ignore[no-any-return]


TRICK_PLAYS = PlaysRead(pb.JudgeTrickRequest, "plays", "trick")
"""A JudgeTrick request's plays, as their bytes."""


MOST_SEATS = cast(tuple[int, int], LIMITS["deal.players"])[1]
"""The most seats a variant has (``deal.players``, :data:`oracle.variants.limits.LIMITS`)."""

PlayRead = tuple[SeatPlay, tuple[int, ...]]
"""A play read from its bytes: the play, and its cards' codes."""

PLAYS_BY_KEY: dict[bytes, PlayRead] = {
    pb.Play(seat=seat, cards=[pb.Card.FromString(key)] * copies).SerializeToString():
        (SeatPlay(seat, (card,) * copies), (card.code,) * copies)
    for key, card in CARDS_BY_KEY.items() for seat in range(MOST_SEATS) for copies in (1, 2)
}
"""The plays of one card or of a pair by their bytes, each one look-up (a play's bytes hold no
field beyond its seat and cards: the encoder writes one encoding per value)."""

_first: Callable[[PlayRead], SeatPlay] = itemgetter(0)


def plain_plays(
    keys: Sequence[bytes], rules: Ruleset, deal: Deal
) -> tuple[tuple[SeatPlay, ...], list[int]] | None:
    """:func:`plain_trick` for plays given as their bytes (:data:`TRICK_PLAYS`), each of one card
    or a pair (:data:`PLAYS_BY_KEY`): the plays and the codes of all their cards, or ``None``
    when a play is another or a test fails (a trick of singles is read here in about a third
    of :func:`plain_trick`'s time).

    >>> from oracle.service.contexts import known_context
    >>> from oracle.service.decoding import pb_cards
    >>> context = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
    >>> known = known_context(context.SerializeToString())
    >>> plays = [pb.Play(seat=3, cards=pb_cards("AS")), pb.Play(seat=0, cards=pb_cards("3S"))]
    >>> trick = plain_plays(TRICK_PLAYS.read(pb.JudgeTrickRequest(plays=plays)).plays, *known)
    >>> [(p.seat, [str(c) for c in p.cards]) for p in trick[0]], trick[1]
    ([(3, ['AS']), (0, ['3S'])], [113, 25])
    >>> plays[1].seat = 1  # out of play order: for the describing checks to name
    >>> plain_plays(TRICK_PLAYS.read(pb.JudgeTrickRequest(plays=plays)).plays, *known) is None
    True
    """
    listed = keys[:]  # a list (a slice of a repeated field is copied in C; map() iterates it)
    players = deal.players
    if not 0 < len(listed) <= players:
        return None
    found = list(map(PLAYS_BY_KEY.get, listed))
    if not all(found):
        return None
    plays = cast(list[PlayRead], found)
    lead, codes = plays[0]
    seat, size = lead.seat, len(codes)
    if size > deal.most_cards or not 0 <= seat < players or not one_suit(codes, rules):
        return None
    every = list(codes)
    for play, codes in plays[1:]:
        seat = (seat + 1) % players
        if play.seat != seat or len(codes) != size:
            return None
        every += codes
    return tuple(map(_first, plays)), every


seat_play = partial(tuple.__new__, SeatPlay)
"""A :class:`~oracle.engine.ruleset.SeatPlay` from its seat and cards, built in C (a named
tuple's own constructor is Python code)."""


def seat_plays(
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
