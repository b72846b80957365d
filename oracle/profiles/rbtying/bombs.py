"""Bombs: rbtying/shengji's ``BombPolicy`` (rules ``follow.bomb``, ``trick.bomb``).

Chosen by ``comparison.bomb_policy``. A bomb is four or more identical cards
(``TrickUnit::is_bomb``), read from a newer, unconfirmed revision of ``mechanics/src/trick.rs``;
the policies and how bombs compare: docs/rbtying.md.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("rbtying-default", Rank.TWO, Suit.HEARTS)
>>> is_bomb(ctx, p("7C 7C 7C 7C")), is_bomb(ctx, p("7C 7C 8C 8C"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.ruleset import TRUMP, BombRule, Ruleset

BombKey = tuple[int, int, int, int]
"""How bombs compare: (cards, 1 for trump, effective suit, strength)."""


NO_BOMBS = BombRule(allowed=False, follows_suit=False)
"""``BOMB_POLICY_NO_BOMBS``: a bomb is only its cards."""

ALLOW_BOMBS = BombRule(allowed=True, follows_suit=False)
"""``BOMB_POLICY_ALLOW_BOMBS``: a bomb of the lead's card count may be played whatever the suit."""

ALLOW_BOMBS_SUIT_FOLLOWING = BombRule(allowed=True, follows_suit=True)
"""``BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING``: the bomb must be of the led suit or trump."""


def allowed(ctx: Ruleset) -> bool:
    """Whether the ruleset plays bombs at all."""
    rule = ctx.strategies.bombs
    return rule is not None and rule.allowed


def is_bomb(ctx: Ruleset, cards: Sequence[Card]) -> bool:
    """Four or more identical cards, and nothing else."""
    return len(cards) >= 4 and len({ctx.identity(c) for c in cards}) == 1


def bomb_key(ctx: Ruleset, cards: Sequence[Card]) -> BombKey:
    """The key a bomb compares by: cards, then trump, then the higher in one suit (:func:`beats`)."""
    suit = ctx.effective_suit(cards[0])
    return (len(cards), int(suit == TRUMP), int(suit), ctx.strength(cards[0]))


def beats(earlier: BombKey, later: BombKey) -> bool:
    """Whether a later bomb beats an earlier one: more cards, then trump, then higher in one suit.

    >>> beats((4, 0, 2, 10), (5, 0, 3, 1)), beats((4, 0, 2, 10), (4, 1, 1, 1)), beats((4, 0, 2, 10), (4, 0, 3, 99))
    (True, True, False)
    """
    if later[0] != earlier[0]:
        return later[0] > earlier[0]
    if later[1] != earlier[1]:
        return later[1] > earlier[1]
    return later[2] == earlier[2] and later[3] > earlier[3]


def follow_allowed(ctx: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card]) -> bool:
    """Whether ``play`` is a bomb the policy lets a follower play whatever the usual duties say.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("rbtying-default", Rank.TWO, Suit.HEARTS)
    >>> follow_allowed(ctx, p("5S 6S 7S 8S"), p("9S 7C 7C 7C 7C"), p("7C 7C 7C 7C"))  # no bombs here
    False
    """
    if not allowed(ctx) or len(play) != len(lead) or not is_bomb(ctx, play):
        return False
    rule = ctx.strategies.bombs
    if rule is not None and not rule.follows_suit:
        return True
    led = ctx.suit_of(lead)
    bomb_suit = ctx.effective_suit(play[0])
    return bomb_suit in (led, TRUMP) or not ctx.of_suit(hand, led)
