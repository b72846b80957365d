"""The seeds' throw check finds in another hand what a pool of that hand's cards finds, on random
hands and units of every variant read by the natural units.

:class:`~oracle.seed_rules.throw._Hand` (the hand's places lowest first, a binary search for a
tuple, a pool built for a tractor only) against :func:`~oracle.seed_rules.throw.beating_cards`
(a pool of the hand's cards of the suit, the general way); the ruleset's tables of places
(:attr:`~oracle.engine.ruleset.Ruleset.highs`, ``cards_by_low``) against its own order.
"""

from __future__ import annotations

import random

import pytest

from oracle.cards import Card
from oracle.engine.ruleset import Ruleset
from oracle.seed_rules.natural_units import natural_units
from oracle.seed_rules.throw import _Hand, beating_cards
from tests.rules.test_short_ways import RULESETS

ROUNDS = 150
"""Random hands per ruleset, each asked about the units of a few random plays."""


def suit_cards(rng: random.Random, rules: Ruleset, deck: list[Card]) -> list[Card]:
    """The deck's cards of one effective suit, trump a third of the time (where equal cards of
    different identities, such as 副10, tie)."""
    trumps = [c for c in deck if rules.suits[c.code] == 1]
    if trumps and rng.random() < 1 / 3:
        return trumps
    card = rng.choice(deck)
    return [c for c in deck if rules.suits[c.code] == rules.suits[card.code]]


@pytest.mark.parametrize(("variant_id", "rules", "deck"), RULESETS, ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(RULESETS)])
def test_a_hand_finds_what_a_pool_of_it_finds(variant_id: str, rules: Ruleset, deck: list[Card]) -> None:
    rng = random.Random(f"throw hands {variant_id}")
    asked = beaten = tractors = 0
    for _ in range(ROUNDS):
        suited = suit_cards(rng, rules, deck)
        suit = rules.suits[suited[0].code]
        mine = rng.sample(suited, rng.randint(0, min(len(suited), 20)))
        others = [c for c in rng.sample(deck, 10) if rules.suits[c.code] != suit]
        hand = _Hand(rules, rng.sample(mine + others, len(mine) + len(others)), suit)
        for _ in range(3):
            for unit in natural_units(rules, rng.sample(suited, rng.randint(1, min(len(suited), 10)))):
                expected = beating_cards(rules, unit, mine)
                assert hand.beating(unit) == expected, (mine, unit)
                if unit.length == 1 or not rules.larger_tuples_win:  # the check skips such a hand
                    assert hand.best > unit.top or expected is None, (mine, unit)
                asked += 1
                beaten += expected is not None
                tractors += unit.is_tractor
    assert beaten and asked - beaten  # units found beaten and not
    assert tractors or rules.decks < 2  # tractors among them, where a deck of its own makes pairs


@pytest.mark.parametrize(("variant_id", "rules", "deck"), RULESETS[:8], ids=[v for v, _, _ in RULESETS[:8]])
def test_places_are_the_rulesets_orders(variant_id: str, rules: Ruleset, deck: list[Card]) -> None:
    cards = sorted(set(deck), key=lambda c: rules.highs[c.code])
    assert cards == sorted(set(deck), key=lambda c: (-rules.strengths[c.code], rules.order[c.code]))
    assert [rules.singles_by_high[rules.highs[c.code]] for c in cards] == [rules.singles[c.code] for c in cards]
    lows = [rules.cards_by_low[rules.lows[c.code]] for c in deck]
    assert lows == deck
    assert rules.low_strengths == sorted(rules.low_strengths)
    assert all(rules.low_strengths[rules.lows[c.code]] == rules.strengths[c.code] for c in deck)
