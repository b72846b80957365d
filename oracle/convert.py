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
from google.protobuf.message import Message

from oracle import pb
from oracle.cards import Card, Rank, Suit, full_deck

_SUIT_NAMES: dict[int, str] = {
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
    return _SUIT_NAMES.get(effective_suit, "unknown suit")


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


def wire_field(number: int, payload: bytes) -> bytes:
    r"""One length-delimited field (a message, a string) as protobuf's wire format writes it: its
    key (the field's number, wire type 2), the payload's length, the payload. Bytes of such
    fields, joined, merge into a message with one ``MergeFromString``, a repeated field's
    elements appended in order.

    >>> wire_field(4, b"ab"), len(wire_field(20, b"x" * 200)), wire_field(1, b"x" * 300)[:3]
    (b'"\x02ab', 204, b'\n\xac\x02')
    """
    size = len(payload)
    if number < 16 and size < 0x4000:  # the key a byte, the length one or two
        if size < 0x80:
            return bytes((number << 3 | 2, size)) + payload
        return bytes((number << 3 | 2, size & 0x7F | 0x80, size >> 7)) + payload
    return _varint(number << 3 | 2) + _varint(size) + payload


def wire_varint(number: int, value: int) -> bytes:
    r"""One varint field (an int, an enum, a bool) as protobuf's wire format writes it: its key
    (wire type 0) and its value; nothing for 0, the default a proto3 field does not write.

    >>> wire_varint(2, 3), wire_varint(2, 0), wire_varint(1, 300)
    (b'\x10\x03', b'', b'\x08\xac\x02')
    """
    if 0 < value < 0x80 and number < 16:  # the key and the value a byte each
        return bytes((number << 3, value))
    return _varint(number << 3) + _varint(value) if value else b""


def _varint(value: int) -> bytes:
    """A number as a base-128 varint, low group first (a negative one as its 64-bit two's
    complement, as protobuf writes an ``int32``)."""
    value &= (1 << 64) - 1
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def wire_strings(message_type: type[Message], name: str, strings: Iterable[str]) -> bytes:
    """Strings as the bytes of a repeated ``string`` field of a message type (a constant list of
    rule ids, built once, merges into an answer with its other repeated fields in one parse).

    >>> answer = pb.CheckFollowResponse()
    >>> _ = answer.MergeFromString(wire_strings(pb.CheckFollowResponse, "rule_ids", ["one", "two"]))
    >>> list(answer.rule_ids)
    ['one', 'two']
    """
    number = message_type.DESCRIPTOR.fields_by_name[name].number
    return b"".join([wire_field(number, text.encode()) for text in strings])


class CardsField:
    """A repeated ``Card`` field of one message type, filled from its bytes: each card's bytes as
    an element of the field are built once, and :meth:`merge` appends cards with one parse of
    their joined bytes (a copied message costs about 0.3 µs a card, the parse 0.04).

    >>> from oracle.cards import parse_cards
    >>> answer = pb.CheckFollowResponse()
    >>> CardsField(pb.CheckFollowResponse, "example").merge(answer, parse_cards("SJ 3C"))
    >>> expected = pb.CheckFollowResponse()
    >>> add_cards(expected.example, parse_cards("SJ 3C"))
    >>> answer == expected
    True
    """

    def __init__(self, message_type: type[Message], name: str) -> None:
        number = message_type.DESCRIPTOR.fields_by_name[name].number
        self.by_code = [b""] * (max(_PB_CARDS) + 1)
        """Each card code's bytes as one element of the field."""
        for code, message in _PB_CARDS.items():
            self.by_code[code] = wire_field(number, message.SerializeToString())

    def wire(self, cards: Iterable[Card]) -> bytes:
        """The cards' bytes as elements of the field, in order."""
        by_code = self.by_code
        return b"".join([by_code[c.code] for c in cards])

    def merge(self, message: Message, cards: Iterable[Card]) -> None:
        """Append the cards to the field of ``message``, in order."""
        message.MergeFromString(self.wire(cards))


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
