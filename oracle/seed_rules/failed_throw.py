"""What a failed throw (甩牌失败) forces and costs: the seeds' forced-unit and penalty rules.

Rules ``throw.forced_unit`` and ``throw.penalty``; one function per ``ForcedUnit`` and
``PenaltyKind`` value the seeds describe, registered in :mod:`oracle.dispatch.strategies`.
002_ 甩牌 (98844 with QQ elsewhere: the lowest beaten unit, 44, is forced), 002_/004_ 3副牌
(33344: the part with the most cards first), 001_ (Heijian: the smallest card, no penalty),
the four-deck reply (a failed throw costs 1 point).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.units import Block, Unit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> pair, single = rules.units(p("4S 4S"))[0], rules.units(p("9S"))[0]
>>> blocks = [Block(single, 1, ()), Block(pair, 1, ())]
>>> [str(c) for c in lowest_beaten(rules, blocks, p("9S 4S 4S"), [1, 2, 3])]
['4S', '4S']
>>> [str(c) for c in most_cards_first(rules, blocks, p("9S 4S 4S"), [1, 2, 3])]
['4S', '4S']
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Block


def lowest_card(rules: Ruleset, cards: Sequence[Card]) -> Card:
    """The lowest card, ties broken by the output order: the first of the ruleset's ``lows``
    (cards by strength, then by the output order).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> str(lowest_card(make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS), parse_cards("10S 3H 10C")))
    '3H'
    """
    lows = rules.lows
    return min(cards, key=lambda c: lows[c.code])


def lowest_beaten(rules: Ruleset, blocks: Sequence[Block], cards: Sequence[Card], order: Sequence[int]) -> list[Card]:
    """``FORCED_UNIT_LOWEST_BEATEN``: the lowest beaten unit (its highest card), then the most cards."""
    if len(blocks) == 1:
        return list(blocks[0].unit.cards)
    return list(min((b.unit for b in blocks), key=lambda u: (u.top, -u.size)).cards)


def most_cards_first(rules: Ruleset, blocks: Sequence[Block], cards: Sequence[Card], order: Sequence[int]) -> list[Card]:
    """``FORCED_UNIT_MOST_CARDS_FIRST``: the beaten unit with the most cards, then the lowest."""
    return list(min((b.unit for b in blocks), key=lambda u: (-u.size, -u.tuple_size, u.top)).cards)


def fewest_cards_first(rules: Ruleset, blocks: Sequence[Block], cards: Sequence[Card], order: Sequence[int]) -> list[Card]:
    """``FORCED_UNIT_FEWEST_CARDS_FIRST``: the beaten unit with the fewest cards, then the lowest."""
    return list(min((b.unit for b in blocks), key=lambda u: (u.size, u.tuple_size, u.top)).cards)


def smallest_card(rules: Ruleset, blocks: Sequence[Block], cards: Sequence[Card], order: Sequence[int]) -> list[Card]:
    """``FORCED_UNIT_SMALLEST_CARD``: the lowest card of the throw (Heijian)."""
    return [lowest_card(rules, cards)]


def no_penalty(throws: pb.Throws, thrown: int, forced: int, beaten: int) -> int:
    """``PENALTY_KIND_NONE``."""
    return 0


def fixed_penalty(throws: pb.Throws, thrown: int, forced: int, beaten: int) -> int:
    """``PENALTY_KIND_FIXED``: ``penalty_points`` once per failed throw."""
    return throws.penalty_points


def per_card_penalty(throws: pb.Throws, thrown: int, forced: int, beaten: int) -> int:
    """``PENALTY_KIND_PER_CARD``: ``penalty_points`` for every card taken back."""
    return throws.penalty_points * (thrown - forced)
