"""The rbtying profile's work done once or skipped gives the answers of the work done in full.

``reach.Reach.requirement`` decides a requirement of tuples and single cards by its packing
alone, without the joint fill: checked here against ``joint.JointFill.holds`` on random cards of
one suit, two to eight decks, with and without the longer-tuple protection. A ruleset keeps
its leads' formats (``trick_format.lead_format``): a kept one is the search's, and costs its steps.
"""

from __future__ import annotations

import random

import pytest

from oracle.cards import Card, Rank, Suit, parse_cards
from oracle.engine.budget import limited
from oracle.profiles.rbtying import trick_format
from oracle.profiles.rbtying.joint import JointFill
from oracle.profiles.rbtying.reach import Reach
from oracle.variants import make_ruleset

HEARTS = [Card(rank, Suit.HEARTS) for rank in Rank if rank not in (Rank.SMALL_JOKER, Rank.BIG_JOKER)
          and rank != Rank.TWO]


def _random_cards(rng: random.Random, decks: int) -> list[Card]:
    """Some hearts, each rank held from zero to ``decks`` times."""
    cards: list[Card] = []
    for card in rng.sample(HEARTS, rng.randint(1, 7)):
        cards += [card] * rng.randint(1, decks)
    return cards


def _random_requirement(rng: random.Random, decks: int) -> tuple[tuple[int, ...], ...]:
    """Tuples of two to ``decks`` cards and single cards, none adjacent."""
    return tuple(sorted(((rng.choice([1, 1, *range(2, decks + 1)]),) for _ in range(rng.randint(1, 5))),
                        reverse=True))


@pytest.mark.parametrize("protected", [False, True])
@pytest.mark.parametrize("decks", [2, 3, 4, 8])
def test_tuples_and_singles_decided_without_the_joint_fill(decks: int, protected: bool) -> None:
    rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
    rng = random.Random(decks * 2 + protected)
    held = 0
    for _ in range(400):
        cards = _random_cards(rng, decks)
        requirement = _random_requirement(rng, decks)
        exact = JointFill(rules, cards, protected=protected).holds(requirement)
        assert Reach(rules, cards, protected=protected).requirement(requirement) == exact, (cards, requirement)
        held += exact
    assert 40 < held < 360  # both answers are met often


def test_a_kept_lead_format_is_the_search_and_costs_its_steps() -> None:
    """``trick_format.lead_format`` keeps each ruleset's formats: a lead asked again, its cards
    in another order, has the format the search finds anew, and the work budget is charged the
    search's steps again, so that what a question is refused for does not depend on what the
    process was asked before."""
    rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
    lead = parse_cards("QS QS KS KS AS 7S 7S 8S")
    searched = trick_format._Formats(rules, lead)
    fresh = searched.format()
    assert searched.spent > 0
    spent = []
    for cards in (lead, lead[::-1]):
        with limited(steps=10**6) as budget:
            assert trick_format.lead_format(rules, cards) == fresh
        spent.append(budget.limit - budget.steps)
    assert spent == [searched.spent, searched.spent]
    assert tuple(sorted(c.code for c in lead)) in trick_format._formats_of(rules)
