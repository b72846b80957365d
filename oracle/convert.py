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

from oracle import pb
from oracle.cards import Card, Rank, Suit

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


def card_to_pb(card: Card) -> pb.Card:
    """One card as a proto message (jokers leave the suit unspecified)."""
    rank = cast(pb.Rank, int(card.rank))
    suit = cast(pb.Suit, 0 if card.suit is None else int(card.suit))
    return pb.Card(rank=rank, suit=suit)


def cards_to_pb(cards: Iterable[Card]) -> list[pb.Card]:
    """Cards as proto messages, in the same order."""
    return [card_to_pb(c) for c in cards]


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
