"""The rbtying trick's direct comparison of a play against a format of tuples of one size
(``trick.compare_play`` given the tuple size, reading ``tuple_split.tuple_lows``), against the
bounds' search of ``trick_split.SplitSearch`` it passes by (``compare_play`` without the size).
Seeded random leads and plays of two to eight decks, every throw evaluation policy.
"""

from __future__ import annotations

import random

from oracle.cards import Card, Rank, Suit, format_cards, full_deck
from oracle.engine.budget import limited
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.trick import Policy, compare_play, leader_split
from oracle.profiles.rbtying.trick_format import lead_format
from oracle.profiles.rbtying.trick_split import Split, SplitSearch
from oracle.profiles.rbtying.tuple_split import TupleSplit, tuple_lows
from oracle.variants import make_ruleset
from scripts.research.rbtying.trick_reference import room


def _of_suit(rng: random.Random, rules: Ruleset, suit: object, decks: int, count: int) -> list[Card] | None:
    cards = [c for c in full_deck() if rules.effective_suit(c) == suit for _ in range(decks)]
    return rng.sample(cards, count) if len(cards) >= count else None


def _compared(found: tuple[Split | None, bool, bool]) -> tuple[object, ...]:
    """What the judge reads of a comparison: the beating split's lows and top, match, tie."""
    beating, matched, level = found
    return (None if beating is None else (beating.lows, beating.top), matched, level)


def test_a_tuple_formats_play_is_compared_as_the_search_compares_it() -> None:
    """For leads of tuples of one size and plays of as many cards (random, or of whole tuples),
    against the leader's split or a split of another play: the direct comparison gives the
    search's beating split, match and tie under every policy; every outcome was met."""
    rng = random.Random(44)
    outcomes: set[tuple[bool, bool, bool]] = set()
    asked = 0
    while asked < 500:
        decks = rng.choice((2, 2, 3, 4, 8))
        level, trump = rng.choice(list(Rank)[:13]), rng.choice([*Suit, None])
        rules = make_ruleset(room(decks, 0), level, trump, no_trump=trump is None)
        size, places = rng.randint(1, min(decks, 3)), rng.randint(1, 4)
        suit = rules.effective_suit(rng.choice(full_deck()))
        ids = [c for c in full_deck() if rules.effective_suit(c) == suit]
        units = lead_format(rules, [c for c in rng.sample(ids, min(places, len(ids))) for _ in range(size)])
        found_size = TupleSplit.size_of(units)
        if found_size is None:
            continue  # (the lead made a tractor)
        assert found_size == size
        cards = len(units) * size
        if rng.random() < 0.5:
            play = _of_suit(rng, rules, suit, decks, cards)
        else:
            play = [c for c in rng.sample(ids, min(len(units), len(ids))) for _ in range(size)]
        if play is None or len(play) != cards:
            continue
        one = TupleSplit(rules, size, play).split
        assert tuple_lows(rules, size, play) == (None if one is None else one.lows)
        best = leader_split(rules, units)
        other = _of_suit(rng, rules, suit, decks, cards) if rng.random() < 0.5 else None
        if other is not None:
            with limited(steps=10**9):
                first = SplitSearch(rules, units, other).first([None] * len(units))
            best = first[1] if first is not None else best
        for policy in Policy:
            with limited(steps=10**9):
                direct = compare_play(rules, units, size, play, best, policy)
                searched = compare_play(rules, units, None, play, best, policy)
            assert _compared(direct) == _compared(searched), (format_cards(play), [u.adjacent for u in units], policy)
            outcomes.add((direct[0] is not None, direct[1], direct[2]))
        asked += 1
    assert outcomes == {(True, True, False), (False, True, True), (False, True, False), (False, False, False)}
