"""Conversions between the engine's values and the proto messages.

>>> from oracle.cards import parse_cards
>>> pb_cards = cards_to_pb(parse_cards("BJ 10H"))
>>> pb_cards[1].rank == pb.RANK_TEN and pb_cards[1].suit == pb.SUIT_HEARTS
True
>>> [str(c) for c in cards_from_pb(pb_cards)]
['BJ', '10H']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from google.protobuf.internal.containers import RepeatedCompositeFieldContainer

from oracle import pb
from oracle.cards import Card, Rank, Suit, full_deck

_SUIT_NAMES = {
    pb.EFFECTIVE_SUIT_TRUMP: "trump",
    pb.EFFECTIVE_SUIT_SPADES: "spades",
    pb.EFFECTIVE_SUIT_HEARTS: "hearts",
    pb.EFFECTIVE_SUIT_DIAMONDS: "diamonds",
    pb.EFFECTIVE_SUIT_CLUBS: "clubs",
    pb.EFFECTIVE_SUIT_BLACK: "black cards",
    pb.EFFECTIVE_SUIT_RED: "red cards",
    pb.EFFECTIVE_SUIT_MIXED: "mixed suits",
}


def suit_name(effective_suit: int) -> str:
    """A word for an effective suit.

    >>> suit_name(pb.EFFECTIVE_SUIT_TRUMP)
    'trump'
    """
    return _SUIT_NAMES.get(cast(pb.EffectiveSuit, effective_suit), "unknown suit")


_PB_FIELDS: dict[int, tuple[pb.Rank, pb.Suit]] = {
    card.code: (cast(pb.Rank, int(card.rank)), cast(pb.Suit, 0 if card.suit is None else int(card.suit)))
    for card in full_deck()
}
"""Each card's proto rank and suit, by card code."""

_PB_CARDS: dict[int, pb.Card] = {code: pb.Card(rank=rank, suit=suit) for code, (rank, suit) in _PB_FIELDS.items()}
"""Each card's proto message, by card code: copied into answers (a copy costs less than a build)."""


def card_to_pb(card: Card) -> pb.Card:
    """One card as a proto message (jokers leave the suit unspecified); a new message each time."""
    rank, suit = _PB_FIELDS[card.code]
    return pb.Card(rank=rank, suit=suit)


def cards_to_pb(cards: Iterable[Card]) -> list[pb.Card]:
    """Cards as proto messages, in the same order (new messages, the caller's to change)."""
    fields, message = _PB_FIELDS, pb.Card
    return [message(rank=fields[c.code][0], suit=fields[c.code][1]) for c in cards]


def add_cards(field: RepeatedCompositeFieldContainer[pb.Card], cards: Iterable[Card]) -> None:
    """Append cards to a repeated ``Card`` field of a message, each a copy of the card's shared
    message (copying a two-field message costs less than building it from keyword arguments).

    >>> from oracle.cards import parse_cards
    >>> answer = pb.CheckFollowResponse()
    >>> add_cards(answer.example, parse_cards("SJ 3C"))
    >>> [(c.rank, c.suit) for c in answer.example] == [(pb.RANK_SMALL_JOKER, 0), (pb.RANK_THREE, pb.SUIT_CLUBS)]
    True
    """
    append, messages = field.append, _PB_CARDS
    for card in cards:
        append(messages[card.code])


def card_from_pb(message: pb.Card) -> Card:
    """A proto card as a :class:`Card`; ``ValueError`` when it is no card.

    >>> card_from_pb(pb.Card(rank=pb.RANK_BIG_JOKER)) == Card(Rank.BIG_JOKER, None)
    True
    >>> card_from_pb(pb.Card(rank=pb.RANK_ACE))
    Traceback (most recent call last):
    ...
    oracle.cards.CardNotationError: a card other than a joker needs a suit
    """
    rank = Rank(message.rank)
    suit = None if message.suit == pb.SUIT_UNSPECIFIED else Suit(message.suit)
    return Card(rank, suit)


def cards_from_pb(messages: Iterable[pb.Card]) -> list[Card]:
    """Proto cards as :class:`Card` values, in the same order."""
    return [card_from_pb(m) for m in messages]
