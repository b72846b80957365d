"""The decomposition walk's tests that read bitmasks, against plain readings of the slots
written here: the same answers (docs/rbtying.md, "The cost of the walk")."""

from __future__ import annotations

import random
from operator import ge

import pytest

from oracle.cards import Card, Rank, Suit, full_deck
from oracle.profiles.rbtying.joint import JointFill
from oracle.profiles.rbtying.joint_bins import ORDERED, Arrangement
from oracle.profiles.rbtying.reach import Reach
from oracle.variants import make_ruleset


def _suit_cards(rng: random.Random) -> tuple[int, list[Card]]:
    decks = rng.choice((2, 3, 4, 5, 6, 8))
    deck = [c for c in full_deck() for _ in range(decks)]
    suit = rng.choice([c.suit for c in deck])
    pool = [c for c in deck if c.suit == suit]
    return decks, rng.sample(pool, min(len(pool), rng.randint(3, 7 * decks)))


@pytest.mark.parametrize("protected", [False, True])
def test_a_unit_alone_is_read_off_the_masks_as_off_the_slots(protected: bool) -> None:
    """``Reach.unit``: some start whose slots each hold the unit's tuple there (its most
    copies at least, or under the protection exactly), read plainly off the slots' copies."""
    rng = random.Random(21)
    held_somewhere = 0
    for _ in range(150):
        rules = make_ruleset("rbtying-default", rng.choice((Rank.TWO, Rank.SEVEN, Rank.ACE)),
                             rng.choice((Suit.SPADES, Suit.HEARTS)))
        decks, cards = _suit_cards(rng)
        reach = Reach(rules, cards, protected=protected)
        at = reach.at_slot
        lowest = min(at, default=0)
        held = [at.get(slot, set()) for slot in range(lowest, max(at, default=-1) + 1)]
        tops = [max(copies, default=0) for copies in held]
        for _ in range(15):
            unit = tuple(rng.randint(2, decks) for _ in range(rng.randint(2, 6)))
            starts = range(len(held) - len(unit) + 1)
            if protected:
                plain = any(all(map(set.__contains__, held[s:s + len(unit)], unit)) for s in starts)
            else:
                plain = any(all(map(ge, tops[s:s + len(unit)], unit)) for s in starts)
            assert reach.unit(unit) == plain, (cards, unit)
            held_somewhere += plain
    assert held_somewhere > 20


@pytest.mark.parametrize("protected", [False, True])
def test_an_ordered_unit_reaches_from_a_slot_as_its_slots_give(protected: bool) -> None:
    """``Arrangement.reaches`` of an ordered unit: every slot from ``slot`` up gives its tuple
    (copies enough, or under the protection a whole identity of exactly that many)."""
    rng = random.Random(22)
    reached = 0
    for _ in range(120):
        rules = make_ruleset("rbtying-default", rng.choice((Rank.TWO, Rank.FIVE, Rank.KING)),
                             rng.choice((Suit.SPADES, Suit.HEARTS, None)), no_trump=False)
        decks, cards = _suit_cards(rng)
        fill = JointFill(rules, cards, protected=protected)
        for bins in fill._bins():
            at = Arrangement(bins, protected, fill.counts)
            for _ in range(10):
                sizes = tuple(rng.randint(2, decks) for _ in range(rng.randint(2, 5)))
                for slot in [*at.gives, None, min(at.gives, default=0) - 1]:
                    window = [] if slot is None else [slot + j for j in range(len(sizes))]
                    plain = slot is not None and all(
                        s in at.gives and (k in at.gives[s] if protected else k <= max(at.gives[s]))
                        for s, k in zip(window, sizes))
                    assert at.reaches(slot, (ORDERED, *sizes)) == plain, (cards, sizes, slot)
                    reached += plain
    assert reached > 50
