"""What a failed throw forces under rbtying/shengji: the first blocker's unit with the fewest cards.

rbtying/shengji ``mechanics/src/trick.rs`` (``Trick::play_cards``, the ``ThrowFailed`` branch):
the first seat in play order that can beat a unit, and of the units it beats the one with
the fewest cards, then the lowest (``FORCED_UNIT_FIRST_BLOCKER_FEWEST_CARDS``).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.units import Block
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.TEN, Suit.HEARTS)
>>> pair, single = rules.units(p("4S 4S"))[0], rules.units(p("9S"))[0]
>>> [str(c) for c in first_blocker_fewest_cards(rules, [Block(pair, 2, ()), Block(single, 3, ())], p("9S 4S 4S"), [2, 3, 1])]
['4S', '4S']
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Block
from oracle.profiles.rbtying.trick_format import order_key


def first_blocker_fewest_cards(rules: Ruleset, blocks: Sequence[Block], cards: Sequence[Card], order: Sequence[int]) -> list[Card]:
    """The first blocking seat's beaten unit with the fewest cards, then the lowest card in
    upstream's card order (``Trump::compare``: of equal level cards spades < hearts < diamonds
    < clubs), the order ``TrickFormat::from_cards`` sorts the units in."""
    first = min((b.seat for b in blocks), key=order.index)
    mine = [b.unit for b in blocks if b.seat == first]
    return list(min(mine, key=lambda u: (u.size, min(order_key(rules, c) for c in u.cards))).cards)
