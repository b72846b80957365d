"""Cards and their text notation.

A card is a rank and a suit; the two jokers have no suit. Cards from different
decks are identical, so a hand is a multiset: a ``Counter`` of cards.

The notation (see docs/notation.md) is the rank then the suit letter, with
``SJ`` and ``BJ`` for the small and the big joker:

==========  ==============================================
rank        ``2`` ... ``10``, ``J``, ``Q``, ``K``, ``A``
suit        ``S`` spades, ``H`` hearts, ``D`` diamonds, ``C`` clubs
jokers      ``SJ`` small joker, ``BJ`` big joker
==========  ==============================================

>>> parse_card("10H")
Card(rank=<Rank.TEN: 10>, suit=<Suit.HEARTS: 2>)
>>> card_name(parse_card("AS"))
'AS'
>>> format_cards(parse_cards("BJ 10h 2c"))
'BJ 10H 2C'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum


class Suit(IntEnum):
    """A physical suit; the numbers are those of the proto enum ``Suit``."""

    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3
    CLUBS = 4

    @property
    def letter(self) -> str:
        """The suit's letter in the notation: ``Suit.HEARTS.letter == 'H'``."""
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(IntEnum):
    """A rank; the numbers are those of the proto enum ``Rank`` (ace 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    SMALL_JOKER = 15
    BIG_JOKER = 16

    @property
    def is_joker(self) -> bool:
        return self >= Rank.SMALL_JOKER

    @property
    def symbol(self) -> str:
        """The rank as written in the notation: ``Rank.TEN.symbol == '10'``."""
        return _RANK_SYMBOLS[self]


_SUIT_LETTERS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
_LETTER_SUITS = {letter: suit for suit, letter in _SUIT_LETTERS.items()}
_RANK_SYMBOLS = {
    **{Rank(n): str(n) for n in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.SMALL_JOKER: "SJ",
    Rank.BIG_JOKER: "BJ",
}
_SYMBOL_RANKS = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items() if not rank.is_joker}

SUITS: tuple[Suit, ...] = tuple(Suit)
"""The four suits, in proto order."""

PLAIN_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if not r.is_joker)
"""The thirteen ranks of a suit, two to ace."""


class CardNotationError(ValueError):
    """Text that is not a card in the notation."""


@dataclass(frozen=True, eq=False)
class Card:
    """One card. ``suit`` is ``None`` for the jokers.

    Cards compare and hash by ``code``, a small integer unique to each of the
    54 cards (``rank * 8 + suit``), so that hands and lookups stay cheap.

    >>> Card(Rank.ACE, Suit.SPADES) == parse_card("AS")
    True
    >>> Card(Rank.ACE, Suit.SPADES).code
    113
    """

    rank: Rank
    suit: Suit | None
    code: int = field(init=False, repr=False, compare=False)
    points: int = field(init=False, repr=False, compare=False)
    """Points on the card: 5 is 5, 10 and K are 10.

    >>> parse_card("KD").points, parse_card("5S").points, parse_card("AS").points
    (10, 5, 0)
    """

    def __post_init__(self) -> None:
        if self.rank.is_joker != (self.suit is None):
            raise CardNotationError(
                "a joker has no suit" if self.rank.is_joker else "a card other than a joker needs a suit"
            )
        object.__setattr__(self, "code", int(self.rank) * 8 + (0 if self.suit is None else int(self.suit)))
        object.__setattr__(self, "points", _POINTS.get(self.rank, 0))

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self.code == other.code

    def __lt__(self, other: Card) -> bool:
        """Cards sort by rank, then suit (jokers last): a fixed order for output, not the game's."""
        return self.code < other.code

    @property
    def is_joker(self) -> bool:
        return self.rank.is_joker

    def __str__(self) -> str:
        return card_name(self)

    def __repr__(self) -> str:
        return f"Card(rank={self.rank!r}, suit={self.suit!r})"


_POINTS = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}

SMALL_JOKER = Card(Rank.SMALL_JOKER, None)
BIG_JOKER = Card(Rank.BIG_JOKER, None)


def parse_card(text: str) -> Card:
    """Parse one card in the notation (case does not matter).

    >>> parse_card("sj") == SMALL_JOKER
    True
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    oracle.cards.CardNotationError: '1S' is not a card: the rank '1' is not 2-10, J, Q, K or A
    """
    word = text.strip().upper()
    if word == "SJ":
        return SMALL_JOKER
    if word == "BJ":
        return BIG_JOKER
    if len(word) < 2:
        raise CardNotationError(f"{text!r} is not a card: write a rank and a suit letter, or SJ/BJ")
    symbol, letter = word[:-1], word[-1]
    if letter not in _LETTER_SUITS:
        raise CardNotationError(f"{text!r} is not a card: the suit {letter!r} is not S, H, D or C")
    if symbol not in _SYMBOL_RANKS:
        raise CardNotationError(
            f"{text!r} is not a card: the rank {symbol!r} is not 2-10, J, Q, K or A"
        )
    card = card_of(_SYMBOL_RANKS[symbol], _LETTER_SUITS[letter])
    assert card is not None
    return card


def card_name(card: Card) -> str:
    """The notation of one card; the inverse of :func:`parse_card`.

    >>> card_name(Card(Rank.TEN, Suit.CLUBS))
    '10C'
    """
    return _NAMES[card.code]


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas.

    >>> [card_name(c) for c in parse_cards("AS, AS 10H")]
    ['AS', 'AS', '10H']
    >>> parse_cards("")
    []
    """
    return [parse_card(word) for word in text.replace(",", " ").split()]


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards, separated by single spaces.

    >>> format_cards([BIG_JOKER, Card(Rank.TWO, Suit.SPADES)])
    'BJ 2S'
    """
    names = _NAMES
    return " ".join([names[c.code] for c in cards])


_DECK: tuple[Card, ...] = tuple(
    [Card(rank, suit) for suit in SUITS for rank in PLAIN_RANKS] + [SMALL_JOKER, BIG_JOKER]
)


def full_deck() -> list[Card]:
    """The 54 cards of one deck: every rank of every suit, and two jokers.

    The cards are shared objects (looking one up by its numbers with
    :func:`card_of` gives the same object), which keeps hands cheap to hash.

    >>> len(full_deck())
    54
    """
    return list(_DECK)


_CODES = int(Rank.BIG_JOKER) * 8 + 8
_BY_CODE: list[Card | None] = [None] * _CODES
_NAMES: list[str] = [""] * _CODES
for _card in _DECK:
    _BY_CODE[_card.code] = _card
    _NAMES[_card.code] = _card.rank.symbol + ("" if _card.suit is None else _card.suit.letter)


def card_of(rank: int, suit: int) -> Card | None:
    """The card with these proto enum numbers (suit 0 for jokers), or ``None`` when none has them.

    The cards returned are shared: looking up is cheaper than building.

    >>> str(card_of(10, 2)), card_of(15, 1)
    ('10H', None)
    """
    code = rank * 8 + suit
    if 0 <= suit < 8 and 0 <= code < _CODES:
        return _BY_CODE[code]
    return None
