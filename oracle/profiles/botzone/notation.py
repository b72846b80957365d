"""The Botzone Tractor judge's card numbering and notation, beside ours.

keyijing/Tractor-RL judger.py ``num2Poker`` and ``Poker2Num``: ids 0 to 107, names of a suit
letter then a rank (``s0`` is our ``10S``: the ten is ``0``; ``jo`` and ``Jo`` the jokers). The
code, not the judge's header comment, is followed; the whole table: docs/botzone.md.

>>> from oracle.cards import card_name
>>> card_name(card_from_id(36)), card_name(card_from_id(107)), card_name(card_from_name("s0"))
('10S', 'BJ', '10S')
>>> botzone_name(card_from_id(1)), botzone_ids(card_from_name("hA"))
('hA', (1, 55))
>>> [card_name(c) for c in parse_botzone("jo Jo d0")]
['SJ', 'BJ', '10D']
"""

from __future__ import annotations

from oracle.cards import BIG_JOKER, SMALL_JOKER, Card, CardNotationError, Rank, Suit

RANKS = "A234567890JQK"
"""The judge's rank characters in id order (``cardscale``): A is 0, the ten is '0'."""

SUITS = "shcd"
"""The judge's suit letters in id order (``suitset``)."""

_SUIT_OF = {"s": Suit.SPADES, "h": Suit.HEARTS, "c": Suit.CLUBS, "d": Suit.DIAMONDS}
_RANK_OF = {ch: Rank.ACE if ch == "A" else Rank(i + 1) for i, ch in enumerate(RANKS)}
_LETTER = {suit: letter for letter, suit in _SUIT_OF.items()}
_CHAR = {rank: ch for ch, rank in _RANK_OF.items()}


def card_from_id(number: int) -> Card:
    """The card with the judge's id ``number`` (0 to 107).

    >>> [str(card_from_id(n)) for n in (0, 1, 2, 3, 4, 51, 52, 53, 54)]
    ['AS', 'AH', 'AC', 'AD', '2S', 'KD', 'SJ', 'BJ', 'AS']
    """
    if not 0 <= number <= 107:
        raise CardNotationError(f"{number} is not a Botzone card id: ids run 0 to 107")
    in_deck = number % 54
    if in_deck == 52:
        return SMALL_JOKER
    if in_deck == 53:
        return BIG_JOKER
    return Card(_RANK_OF[RANKS[in_deck // 4]], _SUIT_OF[SUITS[in_deck % 4]])


def botzone_ids(card: Card) -> tuple[int, int]:
    """The judge's two ids of a card, the first deck's and the second's.

    >>> botzone_ids(card_from_name("s0")), botzone_ids(card_from_name("Jo"))
    ((36, 90), (53, 107))
    """
    if card.rank == Rank.SMALL_JOKER:
        first = 52
    elif card.rank == Rank.BIG_JOKER:
        first = 53
    else:
        assert card.suit is not None
        first = 4 * RANKS.index(_CHAR[card.rank]) + SUITS.index(_LETTER[card.suit])
    return first, first + 54


def card_from_name(name: str) -> Card:
    """The card the judge writes ``name`` (``s0``, ``hA``, ``jo``, ``Jo``; case matters).

    >>> str(card_from_name("d5")), str(card_from_name("jo"))
    ('5D', 'SJ')
    >>> card_from_name("S0")
    Traceback (most recent call last):
    ...
    oracle.cards.CardNotationError: 'S0' is not a Botzone card: write a suit s, h, c or d and a rank of A234567890JQK, or jo / Jo
    """
    if name == "jo":
        return SMALL_JOKER
    if name == "Jo":
        return BIG_JOKER
    if len(name) != 2 or name[0] not in _SUIT_OF or name[1] not in _RANK_OF:
        raise CardNotationError(
            f"{name!r} is not a Botzone card: write a suit s, h, c or d and a rank of {RANKS}, or jo / Jo"
        )
    return Card(_RANK_OF[name[1]], _SUIT_OF[name[0]])


def botzone_name(card: Card) -> str:
    """How the judge writes a card.

    >>> botzone_name(card_from_id(36)), botzone_name(SMALL_JOKER)
    ('s0', 'jo')
    """
    if card.rank == Rank.SMALL_JOKER:
        return "jo"
    if card.rank == Rank.BIG_JOKER:
        return "Jo"
    assert card.suit is not None
    return _LETTER[card.suit] + _CHAR[card.rank]


def parse_botzone(text: str) -> list[Card]:
    """Cards written the judge's way, separated by spaces or commas.

    >>> [str(c) for c in parse_botzone("hK, hK s0")]
    ['KH', 'KH', '10S']
    """
    return [card_from_name(word) for word in text.replace(",", " ").split()]
