"""Bombs: rbtying/shengji's ``BombPolicy`` (rules ``follow.bomb``, ``trick.bomb``).

Chosen by ``comparison.bomb_policy``. rbtying/shengji ``mechanics/src/trick.rs`` (``BombPolicy``,
``TrickUnit::is_bomb``, ``TrickFormat::is_legal_play``, ``Trick::_defeats``) @ 71f8d43: a bomb is
four or more identical cards; between bombs more cards win, then ``cmp_effective`` of their cards
(``mechanics/src/types.rs``). The policies and the suit order: docs/rbtying.md. Read in the fork
copy of ``trick.rs`` at tgoh-ots/shengji-tractor @ 18514e6 (``is_bomb``, the bomb branch of
``is_legal_play``, ``_defeats``), the card comparison in upstream's ``types.rs`` @ fa20496 and
007e6d2 (docs/rbtying.md, "What the readable upstream source shows").

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.HEARTS)
>>> is_bomb(rules, p("7C 7C 7C 7C")), is_bomb(rules, p("7C 7C 8C 8C"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card, Suit
from oracle.engine.ruleset import TRUMP, Ruleset
from oracle.profiles.rbtying.policies import policies

BombKey = tuple[int, int, int]
"""How bombs compare: (cards, the suit's place in upstream's suit order, strength)."""

_SIDE_SUITS: dict[Suit | None, tuple[Suit, ...]] = {
    Suit.CLUBS: (Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS),
    Suit.DIAMONDS: (Suit.SPADES, Suit.HEARTS, Suit.CLUBS),
    Suit.SPADES: (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS),
    Suit.HEARTS: (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES),
    None: (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS),
}
"""rbtying/shengji ``mechanics/src/types.rs`` ``Trump::suit_ordinal`` @ fa20496 and 007e6d2: the
side suits from the lowest under each trump suit (``None``: no-trump); trump is above them all."""

_TRUMP_PLACE = 5


def allowed(rules: Ruleset) -> bool:
    """Whether the ruleset plays bombs at all."""
    return policies(rules).bombs.allowed


def is_bomb(rules: Ruleset, cards: Sequence[Card]) -> bool:
    """Four or more identical cards, and nothing else."""
    return len(cards) >= 4 and len({rules.identity(c) for c in cards}) == 1


def suit_place(rules: Ruleset, card: Card) -> int:
    """The card's effective suit in upstream's suit order (``Trump::suit_ordinal``), the first key
    of ``Trump::compare_effective``: a fixed order of the side suits under each trump, trump last.

    >>> from oracle.cards import parse_card as c, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.NINE, Suit.SPADES)
    >>> [suit_place(rules, c(t)) for t in ("6H", "6C", "6D", "6S", "9H")]
    [1, 2, 3, 5, 5]
    """
    if rules.is_trump(card) or card.suit is None:
        return _TRUMP_PLACE
    return 1 + _SIDE_SUITS[rules.trump].index(card.suit)


def bomb_key(rules: Ruleset, cards: Sequence[Card]) -> BombKey:
    """The key a bomb compares by: its cards, then ``cmp_effective`` of its card (the suit's place,
    then the strength inside the suit)."""
    return (len(cards), suit_place(rules, cards[0]), rules.strength(cards[0]))


def beats(earlier: BombKey, later: BombKey) -> bool:
    """Whether a later bomb beats an earlier one (rbtying/shengji ``mechanics/src/trick.rs``
    ``Trick::_defeats`` @ 71f8d43): more cards, else ``cmp_effective`` strictly greater. Two bombs of
    different side suits compare by the suits' fixed order, not by rank: under trump spades a
    diamond bomb beats a heart one (docs/rbtying.md, upstream's quirks); ties keep the earlier.

    >>> beats((4, 2, 10), (5, 1, 1)), beats((4, 2, 10), (4, 5, 1)), beats((4, 2, 10), (4, 3, 1)), beats((4, 2, 9), (4, 2, 9))
    (True, True, True, False)
    """
    return later > earlier


def follow_allowed(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card]) -> bool:
    """Whether ``play`` is a bomb the policy lets a follower play whatever the usual duties say.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.HEARTS)
    >>> follow_allowed(rules, p("5S 6S 7S 8S"), p("9S 7C 7C 7C 7C"), p("7C 7C 7C 7C"))  # no bombs here
    False
    """
    if not allowed(rules) or len(play) != len(lead) or not is_bomb(rules, play):
        return False
    if not policies(rules).bombs.follows_suit:
        return True
    led = rules.suit_of(lead)
    bomb_suit = rules.effective_suit(play[0])
    return bomb_suit in (led, TRUMP) or not rules.of_suit(hand, led)
