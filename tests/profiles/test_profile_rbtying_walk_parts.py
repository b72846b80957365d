"""The decomposition walk's tests that read bitmasks, against plain readings of the slots
written here: the same answers (docs/rbtying.md, "The cost of the walk")."""

from __future__ import annotations

import random
from operator import ge

import pytest

from oracle import pb
from oracle.cards import Card, Rank, Suit, full_deck, parse_cards
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.joint import JointFill
from oracle.profiles.rbtying.joint_bins import ANY_ORDER, ORDERED, Arrangement
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
def test_a_unit_reaches_from_a_slot_as_its_slots_give(protected: bool) -> None:
    """``Arrangement.reaches``: every slot from ``slot`` up gives a tuple, for an ordered unit
    its own (copies enough, or under the protection a whole identity of exactly that many); in
    any order, the unit's tuples largest first against the slots' most copies largest first,
    or under the protection each size given exactly by some slot of the window."""
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
                    largest = tuple(sorted(sizes, reverse=True))
                    any_order = slot is not None and all(s in at.gives for s in window) and (
                        all(any(k in at.gives[s] for s in window) for k in largest) if protected
                        else all(map(ge, sorted((max(at.gives[s]) for s in window), reverse=True), largest)))
                    assert at.reaches(slot, (ANY_ORDER, *largest)) == any_order, (cards, largest, slot)
                    reached += any_order
    assert reached > 50


def test_charges_in_batches_are_the_charges_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The joint fill's states and the split generator's blocks are charged in batches, each
    batch before the walk can decide on what it paid for: over random follows of 2 to 8 decks
    (leads of up to 24 cards, every draw policy, and long tractors of 9 to 12 tuples), every walk is charged the same steps as with
    each state and block charged on its own, and a walk bounded at 3,000 or 20,000 steps is
    refused, or decides, alike."""
    from oracle.engine.budget import WorkExceeded, limited
    from oracle.engine.following import suit_duty
    from oracle.profiles.rbtying import follow, joint_search, split_classes
    from oracle.profiles.rbtying.trick_format import lead_format
    from scripts.research.rbtying.reference import random_follow, room

    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]

    def long_tractor(rng: random.Random) -> tuple[Ruleset, list[Card], list[Card], list[Card]]:
        """A tractor of 9 to 12 tuples of spades (listed lazily) against a hand with gaps."""
        decks = rng.choice((4, 6, 8))
        rules = make_ruleset(room(decks, pb.DRAW_POLICY_NO_PROTECTIONS), Rank.TWO, Suit.HEARTS)
        width, length = rng.randint(2, decks // 2), rng.randint(9, 12)
        start = rng.randrange(len(ranks) - length + 1)
        lead = parse_cards(" ".join(f"{r}S" for r in ranks[start:start + length] for _ in range(width)))
        hand = parse_cards(" ".join(f"{r}S" for r in ranks for _ in range(rng.choice((0, 1, 2, 3, 4, 5, decks)))))
        if len(hand) < len(lead):
            return long_tractor(rng)
        return rules, lead, hand, rng.sample(hand, len(lead))

    def walks(seed: int) -> list[object]:
        rng, out = random.Random(seed), list[object]()
        for case in range(150):
            rules, lead, hand, play = random_follow(rng, 24) if case % 5 else long_tractor(rng)
            duty = suit_duty(rules, lead, hand, play)
            if not follow._draw(rules).format_based or len(duty.play_x) < duty.led:
                continue
            units = lead_format(rules, lead)
            with limited(steps=10**8) as budget:
                walked = follow.unbounded_first_duty(rules, units, duty.hand_x, duty.play_x)
            out.append((budget.limit - budget.steps, walked))
            for bound in (3_000, 20_000):
                try:
                    with follow.walk_bound(bound):
                        out.append(follow.unbounded_first_duty(rules, units, duty.hand_x, duty.play_x))
                except WorkExceeded as refused:
                    out.append(str(refused))
        return out

    batched = walks(31)
    monkeypatch.setattr(joint_search, "CHARGE_EVERY", 1)
    monkeypatch.setattr(split_classes, "CHARGE_EVERY", 1)
    assert walks(31) == batched
    assert sum(isinstance(walked, str) for walked in batched) >= 3  # some walks refused
