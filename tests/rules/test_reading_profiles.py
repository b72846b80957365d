"""The greedy match's profile told off a reading's key (``TupleCounts``: the tuples' copies;
``PairRuns``: the runs' lengths), as the legal-play count reads a hand's and each play's,
against the greedy match run on the cards themselves (docs/rules.md, Following), on random
leads and hands of every variant read by the natural units.
"""

from __future__ import annotations

import random

import pytest

from oracle.cards import Card
from oracle.engine.legal_space import Space
from oracle.engine.ruleset import Ruleset
from oracle.seed_rules.follow_readings import PairRuns, TupleCounts, plain_reading
from oracle.seed_rules.legal_plays import reading_profile
from oracle.seed_rules.matching import lead_requirements
from oracle.seed_rules.natural_units import natural_units
from tests.rules.test_short_ways import ROUNDS, RULESETS, general_match


def _pairs_lead(rng: random.Random, rules: Ruleset, suit: list[Card]) -> list[Card]:
    """A lead of copies of a few cards of the suit (pairs, runs of them, now and then triples)."""
    held = sorted(set(suit), key=lambda c: rules.order[c.code])
    start = rng.randrange(len(held))
    cards = held[start:start + rng.randint(1, 4)]
    size = min(rng.choice((2, 2, 2, 3)), suit.count(cards[0]))
    return [c for c in cards for _ in range(min(size, suit.count(c)))]


@pytest.mark.parametrize(("variant_id", "rules", "deck"), RULESETS, ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(RULESETS)])
def test_a_readings_profile_is_the_greedy_match_of_its_cards(variant_id: str, rules: Ruleset,
                                                               deck: list[Card]) -> None:
    rng = random.Random(f"reading profiles {variant_id}")
    told: dict[type, int] = {}
    for _ in range(ROUNDS):
        card = rng.choice(deck)
        suit = [c for c in deck if rules.suits[c.code] == rules.suits[card.code]]
        lead = _pairs_lead(rng, rules, suit)
        hand = rng.sample(suit, min(len(suit), rng.randint(len(lead), 20)))
        shapes = lead_requirements(natural_units(rules, lead))
        if not shapes:
            continue
        space = Space.of(rules, hand)
        for exact in (True, False):
            read = plain_reading(rules, space, shapes, exact)
            profile = reading_profile(rules, space, read, shapes, exact)
            if profile is None:
                continue
            assert profile == general_match(rules, list(shapes), hand, exact).profile, (lead, hand, exact)
            told[type(read)] = told.get(type(read), 0) + 1
    if rules.decks >= 2 and rules.tractor_min_length >= 2:
        assert told.get(TupleCounts) and told.get(PairRuns), told  # both readings were asked
