"""When a trump play to a side-suit lead is a ruff (毙) that can win: the variant's ruff rule.

Rule ``trick.ruff``; one function per ``RuffRule`` value, registered in
:mod:`oracle.dispatch.strategies` (002_ 毙牌; 004_ "毙牌时没有对子不算大"; 001_ for Heijian).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> ruff_same_shape(rules, rules.units(p("AS AS")), p("3H 3H")), ruff_same_shape(rules, rules.units(p("AS AS")), p("3H 4H"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Unit, tractor_counts, tuple_counts
from oracle.seed_rules.matching import shows_structure


def ruff_same_shape(rules: Ruleset, lead_units: Sequence[Unit], cards: Sequence[Card]) -> bool:
    """Rule ``RUFF_RULE_SAME_SHAPE``: every unit of the lead matched by one of the same shape."""
    return shows_structure(rules, lead_units, cards, exact_tuples=True)


def ruff_largest_unit(rules: Ruleset, lead_units: Sequence[Unit], cards: Sequence[Card]) -> bool:
    """Rule ``RUFF_RULE_LARGEST_UNIT``: the ruff's largest unit has the lead's largest unit's shape.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> ruff_largest_unit(rules, rules.units(p("AS KS 6S 6S")), p("9H 9H 7H 2H"))
    True
    """
    largest = max(lead_units, key=lambda u: (u.size, u.tuple_size)).shape
    units = rules.units(cards)
    return max(units, key=lambda u: (u.size, u.tuple_size)).shape == largest


def ruff_counts(rules: Ruleset, lead_units: Sequence[Unit], cards: Sequence[Card]) -> bool:
    """Rule ``RUFF_RULE_UNIT_COUNTS``: at least the lead's tractors and pairs (tuples) of each size.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> ruff_counts(rules, rules.units(p("AS AS 5S 5S 4S 4S")), p("9H 9H 8H 8H 7H 2H"))
    False
    """
    for unit in lead_units:  # (a loop: cheaper than all() over a generator for a unit or two)
        if unit.tuple_size >= 2 or unit.length >= 2:
            break
    else:
        return True  # a lead of singles: any trump play of its size ruffs it
    lead_tuples, lead_tractors = tuple_counts(lead_units), tractor_counts(lead_units)
    units = rules.units(cards)
    have_tuples, have_tractors = tuple_counts(units), tractor_counts(units)
    return all(have_tuples.get(k, 0) >= n for k, n in lead_tuples.items()) and all(
        have_tractors.get(k, 0) >= n for k, n in lead_tractors.items()
    )
