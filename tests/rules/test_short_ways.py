"""The engine's short ways give what its general ways give, on random cards of every variant.

* :func:`~oracle.seed_rules.natural_units.natural_units` (one card, copies of one card, no pair)
  against :func:`~oracle.seed_rules.natural_units.pooled_units`, the general reading;
* :func:`~oracle.seed_rules.matching.shows_required` (singles led, one tuple led) and
  :func:`~oracle.seed_rules.matching.one_tuple` (one tuple asked, no pool) against the greedy match
  itself on a pool (:func:`~oracle.seed_rules.matching.match_in`);
* a reason's cards (:func:`~oracle.engine.trick_answers.cards_text`) against ``format_cards`` of the
  ruleset's sort, and a pool's lowest tuple above a strength (:meth:`~oracle.engine.pool.Pool.lowest`,
  a binary search) against a scan of every identity it holds;
* answers' cards and units written from their wire bytes (:class:`~oracle.convert.CardsField`,
  :class:`~oracle.engine.answers.UnitsField`, :func:`~oracle.engine.answers.block_wire`) against
  the same messages built field by field.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from oracle import pb
from oracle.cards import Card, Rank, Suit, format_cards, full_deck
from oracle.convert import CardsField, add_cards
from oracle.engine.answers import UnitsField, add_units, block_wire, fill_unit
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.engine.trick_answers import cards_text
from oracle.engine.units import Block
from oracle.seed_rules.matching import (
    Match,
    Shape,
    lead_requirements,
    match_in,
    one_tuple,
    shows_required,
)
from oracle.seed_rules.natural_units import natural_units, pooled_units
from oracle.variants import load_catalogue, make_ruleset

ROUNDS = 150
"""Random card sets per ruleset (two levels and two trumps of each variant)."""


def rulesets() -> Iterator[tuple[str, Ruleset, list[Card]]]:
    """Every catalogue variant read by the natural units, at two levels and two trumps, with its deck."""
    for variant_id, variant in sorted(load_catalogue().items()):
        for level, trump in ((Rank.TWO, Suit.HEARTS), (Rank.TEN, None)):
            rules = make_ruleset(variant_id, level, trump)
            if rules.strategies.units is natural_units:
                yield variant_id, rules, full_deck() * max(1, variant.deal.decks)


RULESETS = list(rulesets())


def random_cards(rng: random.Random, rules: Ruleset, deck: list[Card]) -> list[Card]:
    """Cards of one effective suit: half the time copies of one card, else any of the suit."""
    card = rng.choice(deck)
    if rng.random() < 0.5:
        pool = [c for c in deck if rules.identities[c.code] == rules.identities[card.code]]
    else:
        pool = [c for c in deck if rules.suits[c.code] == rules.suits[card.code]]
    return rng.sample(pool, rng.randint(1, min(len(pool), 10)))


@pytest.mark.parametrize(("variant_id", "rules", "deck"), RULESETS, ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(RULESETS)])
def test_natural_units_short_ways_read_as_the_pool_does(variant_id: str, rules: Ruleset, deck: list[Card]) -> None:
    rng = random.Random(f"units {variant_id}")
    for _ in range(ROUNDS):
        cards = random_cards(rng, rules, deck)
        assert natural_units(rules, cards) == pooled_units(rules, cards), cards


def general_match(rules: Ruleset, shapes: list[Shape], cards: list[Card], exact: bool) -> Match:
    """The greedy match on a pool of the cards, no short way taken."""
    match = match_in(Pool(rules, cards, exact_tuples=exact), shapes) if shapes else Match()
    assert match is not None
    return match


@pytest.mark.parametrize(("variant_id", "rules", "deck"), RULESETS, ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(RULESETS)])
def test_one_tuple_is_the_greedy_match(variant_id: str, rules: Ruleset, deck: list[Card]) -> None:
    rng = random.Random(f"one tuple {variant_id}")
    for _ in range(ROUNDS):
        cards = random_cards(rng, rules, deck) + random_cards(rng, rules, deck)
        k = rng.randint(2, 4)
        for exact in (True, False):
            general = general_match(rules, [(k, 1)], cards, exact)
            short = one_tuple(rules, k, cards, exact_tuples=exact)
            assert (short.profile, short.chosen) == (general.profile, general.chosen), (cards, k, exact)


@pytest.mark.parametrize(("variant_id", "rules", "deck"), RULESETS, ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(RULESETS)])
def test_shows_required_is_the_greedy_match(variant_id: str, rules: Ruleset, deck: list[Card]) -> None:
    rng = random.Random(f"shows {variant_id}")
    for _ in range(ROUNDS):
        lead = random_cards(rng, rules, deck)
        suit = [c for c in deck if rules.suits[c.code] == rules.suits[lead[0].code]]
        play = rng.sample(suit, min(len(suit), len(lead)))
        if rng.random() < 0.3:  # a play of copies, so that tuples are shown often
            play = [play[0]] * min(len(lead), sum(1 for c in suit if c == play[0]))
        required = lead_requirements(natural_units(rules, lead))
        for exact in (True, False):
            matched = general_match(rules, required, play, exact).profile == required
            assert shows_required(rules, required, play, exact_tuples=exact) == matched, (lead, play, exact)


@pytest.mark.parametrize(("variant_id", "rules", "deck"), RULESETS, ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(RULESETS)])
def test_reason_cards_and_lowest_tuples_are_the_general_ways(variant_id: str, rules: Ruleset, deck: list[Card]) -> None:
    rng = random.Random(f"pool {variant_id}")
    for _ in range(ROUNDS):
        cards = rng.sample(deck, rng.randint(1, 12))
        assert cards_text(rules, cards) == format_cards(rules.sorted(cards))
        assert cards_text(rules, cards[:2]) == format_cards(rules.sorted(cards[:2]))
        assert cards_text(rules, cards[:1] * 2) == format_cards(rules.sorted(cards[:1] * 2))
        suited = random_cards(rng, rules, deck)
        suited += [c for c in random_cards(rng, rules, deck) if rules.suits[c.code] == rules.suits[suited[0].code]]
        pool = Pool(rules, suited)
        for held in pool.cards.values():
            assert held == rules.sorted(held)  # a beating tuple is taken in this order, unsorted
        strengths = [rules.strengths[c.code] for c in suited]
        for taken in range(2):  # what is found once per size is found again after a take
            for k in range(1, 5):
                above = rng.choice([None, min(strengths) - 1, *strengths])
                found = [(rules.strengths[cs[0].code], len(cs), identity) for identity, cs in pool.cards.items()
                         if len(cs) >= k and (above is None or rules.strengths[cs[0].code] > above)]
                assert pool.lowest(k, above) == (min(found)[2] if found else None), (suited, taken, k, above)
            if pool.cards:
                pool.take(max(pool.cards, key=lambda identity: len(pool.cards[identity])), 1)


def test_cards_units_and_blocks_from_their_bytes_are_the_messages_built_field_by_field() -> None:
    rng = random.Random("wire")
    _, rules, deck = RULESETS[0]
    cards_field = CardsField(pb.CheckThrowResponse, "forced_play")
    units_field = UnitsField(pb.CheckThrowResponse, "units")
    for _ in range(200):
        units = natural_units(rules, random_cards(rng, rules, deck))
        cards = rng.sample(deck, rng.randint(0, 12))
        blocks = [Block(unit, rng.randint(0, 5), tuple(rng.sample(deck, unit.size))) for unit in units]
        built = pb.CheckThrowResponse()
        add_units(built.units, units)
        add_cards(built.forced_play, cards)
        for block in blocks:
            message = built.blocks.add(seat=block.seat)
            fill_unit(message.unit, block.unit)
            add_cards(message.beating_cards, block.beating)
        merged = pb.CheckThrowResponse()
        merged.MergeFromString(units_field.wire(units) + cards_field.wire(cards)
                               + b"".join(block_wire(block) for block in blocks))
        assert merged == built
        assert merged.SerializeToString(deterministic=True) == built.SerializeToString(deterministic=True)
