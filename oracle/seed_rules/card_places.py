"""Each card's place in the orders the seeds' unit reading and throw check sort by, as tables
built once per ruleset: a play's cards are sorted as small integers read from them, no key
function called per card. Rule ``order.trump`` (the order is the ruleset's,
:mod:`oracle.engine.card_order`).

>>> from oracle.cards import parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> table = places_of(rules)
>>> [str(table.singles_by_high[p].cards[0]) for p in sorted(table.highs[c.code] for c in parse_cards("3S BJ 10C AH"))]
['BJ', '10C', 'AH', '3S']
>>> [str(table.cards_by_low[rules.lows[c.code]]) for c in parse_cards("3S BJ")]
['3S', 'BJ']
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from oracle.cards import Card
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Unit


class Places(NamedTuple):
    """One ruleset's tables of places (a place is an index, 0 first)."""

    highs: list[int]
    """Each card code's place highest first: by strength, highest first, then by the output order
    (:attr:`~oracle.engine.ruleset.Ruleset.order`): the order of a play's singles."""
    singles_by_high: list[Unit]
    """The single of the card at each place of :attr:`highs`."""
    cards_by_low: list[Card]
    """The card at each place of the ruleset's :attr:`~oracle.engine.ruleset.Ruleset.lows` (by
    strength, lowest first, then by the output order)."""
    low_strengths: list[int]
    """The strength of the card at each place of ``lows``: never falling, so that a binary search
    finds the first place stronger than a strength."""


@lru_cache(maxsize=256)
def places_of(rules: Ruleset) -> Places:
    """The tables of a ruleset, built when it is first asked for (a ruleset hashes by identity)."""
    strengths, order = rules.strengths, rules.order
    cards = sorted(rules.keys, key=lambda c: rules.lows[c.code])
    highs = [0] * len(strengths)
    singles: list[Unit] = []
    for place, card in enumerate(sorted(rules.keys, key=lambda c: (-strengths[c.code], order[c.code]))):
        highs[card.code] = place
        singles.append(rules.singles[card.code])
    return Places(highs, singles, cards, [strengths[c.code] for c in cards])
