"""The Botzone profile's play types and components, read from card codes with short ways for the
common shapes (a play's suit, type and top card read in one pass), against a plain reading of the judge's rules (keyijing/Tractor-RL judger.py
``checkPokerType`` and ``checkThrow`` with ``check=False``) on many random plays.

The reference below counts cards with a ``Counter`` and follows the judge's steps one by one; it
shares no code with :mod:`oracle.profiles.botzone.play_types` but the ruleset's card order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from oracle import pb
from oracle.cards import Card, Rank, Suit, full_deck
from oracle.engine.ruleset import Ruleset
from oracle.profiles.botzone.play_types import (
    code_parts,
    components,
    counted,
    covers,
    greedy_covers,
    grouped_parts,
    part_lengths,
    play_type,
    read_play,
    top_strength,
)
from oracle.variants import load_catalogue, make_ruleset


def _slot(rules: Ruleset, card: Card) -> int | None:
    return None if card.is_joker else rules.slot(card)


def _runs(rules: Ruleset, pairs: Sequence[Card]) -> list[list[Card]]:
    """Maximal runs of adjacent pairs: one effective suit, each slot one above the last."""
    ordered = sorted(pairs, key=lambda c: (rules.effective_suit(c), _slot(rules, c) or 0))
    runs: list[list[Card]] = []
    for card in ordered:
        last = runs[-1][-1] if runs else None
        if (last is not None and rules.effective_suit(last) == rules.effective_suit(card)
                and (_slot(rules, last) or 0) + 1 == _slot(rules, card)):
            runs[-1].append(card)
        else:
            runs.append([card])
    return runs


def reference_type(rules: Ruleset, cards: Sequence[Card]) -> str:
    """checkPokerType: one card, two identical cards, SJ SJ BJ BJ, or adjacent pairs of one suit."""
    counts = Counter(cards)
    if len(cards) == 1:
        return "single"
    if len(cards) == 2:
        return "pair" if len(counts) == 1 else "throw"
    if len(cards) % 2:
        return "throw"
    if any(c.is_joker for c in counts):
        jokers = Counter({c.rank: k for c, k in counts.items()})
        return "tractor" if len(cards) == 4 and jokers == {Rank.SMALL_JOKER: 2, Rank.BIG_JOKER: 2} else "throw"
    if any(k != 2 for k in counts.values()) or len({c.suit for c in counts}) != 1:
        return "throw"
    if any(_slot(rules, c) is None for c in counts):
        return "throw"
    return "tractor" if len(_runs(rules, list(counts))) == 1 else "throw"


def reference_components(rules: Ruleset, cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """checkThrow(check=False): runs of two or more adjacent pairs, then groups of one card;
    longest first, then the lower top card (by strength, then the output order) first."""
    counts = Counter(cards)
    pairs = [c for c, k in counts.items() if k == 2 and _slot(rules, c) is not None]
    parts: list[tuple[Card, ...]] = []
    for run in _runs(rules, pairs):
        if len(run) >= 2:
            parts.append(tuple(c for card in run for c in (card, card)))
            for card in run:
                del counts[card]
    parts.extend(tuple([card] * k) for card, k in counts.items())

    def order(part: tuple[Card, ...]) -> tuple[int, int, tuple[int, int, int, int]]:
        top = max(part, key=lambda c: (rules.strength(c), rules.sort_key(c)))
        return (-len(part), rules.strength(top), rules.sort_key(top))

    return sorted(parts, key=order)


def _contexts() -> list[Ruleset]:
    """Every level under every trump and no-trump, of the profile and of a three-deck copy."""
    three = pb.Variant()
    three.CopyFrom(load_catalogue()["botzone-tractor"])
    three.id, three.deal.decks = "botzone-three-decks", 3
    return [make_ruleset(variant, level, trump, no_trump=trump is None)
            for variant in ("botzone-tractor", three)
            for level in (Rank.TWO, Rank.SEVEN, Rank.ACE)
            for trump in (None, Suit.SPADES, Suit.DIAMONDS)]


CONTEXTS = _contexts()


def _random_plays(rng: random.Random, rules: Ruleset, count: int) -> list[list[Card]]:
    """Random plays of one to eight cards, many of one suit and many with pairs and runs."""
    deck = full_deck() * rules.decks
    plays = []
    for _ in range(count):
        rng.shuffle(deck)
        if rng.random() < 0.6:
            suit = rules.effective_suit(deck[0])
            pool = [c for c in deck if rules.effective_suit(c) == suit][:rng.randint(4, 14)]
        else:
            pool = deck[:12]
        n = rng.randint(1, min(8, len(pool)))
        if rng.random() < 0.5:
            picked = sorted({c.code: c for c in pool}.values(), key=lambda c: rules.order[c.code])
            start = rng.randint(0, max(0, len(picked) - n // 2))
            play = [c for c in picked[start:start + max(1, n // 2)] for _ in (0, 1)]
        else:
            play = rng.sample(pool, n)
        plays.append(play)
    return plays


@pytest.mark.parametrize("rules", CONTEXTS, ids=lambda r: f"{r.variant.id}-{r.level.name}-{r.trump}")
def test_types_and_components_match_the_plain_reading(rules: Ruleset) -> None:
    rng = random.Random(int(rules.level) * 10 + int(rules.trump or 0) + rules.decks)
    kinds: Counter[str] = Counter()
    for play in _random_plays(rng, rules, 400):
        assert play_type(rules, play) == reference_type(rules, play), play
        top = max((rules.strength(card) for card in play), default=None)
        assert read_play(rules, play) == (rules.suit_of(play), reference_type(rules, play), top), play
        assert top_strength(rules, play) == top, play
        expected = reference_components(rules, play)
        assert components(rules, play) == expected, play
        assert part_lengths(rules, play) == [len(p) for p in expected], play
        kinds[reference_type(rules, play)] += 1
    assert min(kinds[k] for k in ("single", "pair", "tractor", "throw")) > 0, kinds


@pytest.mark.parametrize("rules", CONTEXTS[:9], ids=lambda r: f"{r.level.name}-{r.trump}")
def test_cards_held_once_split_the_same_on_the_short_way(rules: Ruleset) -> None:
    rng = random.Random(int(rules.level))
    deck = full_deck()
    for _ in range(300):
        cards = rng.sample(deck, rng.randint(1, 10))
        assert code_parts(rules, cards) == grouped_parts(rules, counted(cards))


def test_a_throw_of_singles_is_covered_as_the_greedy_check_finds() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        have = [rng.choice((1, 1, 2, 2, 3, 4, 6)) for _ in range(rng.randint(0, 6))]
        need = [rng.choice((1, 1, 1, 2, 4)) for _ in range(rng.randint(0, 6))]
        assert covers(have, need) == greedy_covers(have, need), (have, need)
        ones = [1] * len(need)
        assert covers(have, ones) == greedy_covers(have, ones) == (sum(have) >= len(ones))
