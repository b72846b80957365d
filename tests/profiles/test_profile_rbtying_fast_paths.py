"""The rbtying profile's short ways, each against the general code it passes by.

A follow whose play fills the lead's own format is judged before the walk reads the hand
(``follow.play_fills_own``); a trick whose lead is tuples of one size takes the play's one split
without the search (``tuple_split.TupleSplit``, against ``trick_split.SplitSearch``); a unit's
decompositions are listed from each split's first occurrence, every choice of orderings at once
(``ordering.decompositions_after``, against the listing that tests each split and ordering);
a lead that holds no tractor is read as its identities without ``find_plays``' search
(``trick_format._Formats.format``); a unit alone on the hand's slots is read off slices of
their rows (``reach.Reach.unit``, against each start slot tested). Seeded random cases of two to
eight decks.
"""

from __future__ import annotations

import random

from oracle.cards import Card, Rank, Suit, format_cards, full_deck
from oracle.engine.budget import limited
from oracle.engine.following import suit_duty
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying import ordering
from oracle.profiles.rbtying.follow import first_duty, play_fills_own, unbounded_first_duty
from oracle.profiles.rbtying.reach import Reach
from oracle.profiles.rbtying.trick_format import FormatUnit, _Formats, lead_format
from oracle.profiles.rbtying.trick_split import Bound, SplitSearch
from oracle.profiles.rbtying.tuple_split import TupleSplit
from oracle.variants import make_ruleset
from scripts.research.rbtying.reference import random_follow
from scripts.research.rbtying.trick_reference import room


def test_a_play_filling_the_own_format_is_judged_as_the_walk_judges_it() -> None:
    """On random follows (both protections, tractors of wide tuples), the walk with its short way
    gives the duty the walk without it gives; the short way answered a good share of them."""
    rng = random.Random(26)
    short = 0
    for _ in range(400):
        rules, lead, hand, play = random_follow(rng, max_lead=10)
        duty = suit_duty(rules, lead, hand, play)
        units = lead_format(rules, lead)
        with limited(steps=10**9):
            walked = unbounded_first_duty(rules, units, duty.hand_x, duty.play_x)
            assert first_duty(rules, units, duty.hand_x, duty.play_x) == walked, (
                format_cards(lead), format_cards(hand), format_cards(play))
            short += play_fills_own(rules, units, duty.hand_x, duty.play_x) is not None
    assert 40 < short < 360  # both ways were exercised


def _of_one_suit(rng: random.Random, rules: Ruleset, decks: int, count: int) -> list[Card] | None:
    suit = rules.effective_suit(rng.choice(full_deck()))
    cards = [c for c in full_deck() if rules.effective_suit(c) == suit for _ in range(decks)]
    return rng.sample(cards, count) if len(cards) >= count else None


def test_the_one_split_of_a_tuple_format_is_the_searchs_first() -> None:
    """For leads of singles, of one tuple or of tuples of one size, and plays of as many cards of
    a suit, random or of whole tuples: ``TupleSplit`` answers every bound as ``SplitSearch``."""
    rng = random.Random(4)
    asked = found = 0
    while asked < 600:
        decks = rng.choice((2, 3, 4, 6, 8))
        level, trump = rng.choice(list(Rank)[:13]), rng.choice([*Suit, None])
        rules = make_ruleset(room(decks, 0), level, trump, no_trump=trump is None)
        size, places = rng.randint(1, min(decks, 4)), rng.randint(1, 4)
        lead = _of_one_suit(rng, rules, decks, 1)
        if lead is None:
            continue
        ids = [c for c in full_deck() if rules.effective_suit(c) == rules.effective_suit(lead[0])]
        picked = rng.sample(ids, min(places, len(ids)))
        units = lead_format(rules, [c for c in picked for _ in range(size)])
        if any(u.count != size or len(u.members) != 1 for u in units):
            continue  # (the lead made a tractor)
        cards = len(units) * size
        if rng.random() < 0.5:
            play = _of_one_suit(rng, rules, decks, cards)
        else:
            whole = rng.sample(ids, min(len(units), len(ids)))
            play = [c for c in whole for _ in range(size)][:cards]
        if play is None or len(play) != cards:
            continue
        one = TupleSplit.of(rules, units, play)
        assert one is not None
        search = SplitSearch(rules, units, play)
        plain = search.first([None] * len(units))
        bounds: list[list[Bound]] = [[None] * len(units)]
        if plain is not None:
            lows = plain[1].lows
            bounds += [[(rng.choice(("above", "equal")), rng.choice(lows)) if rng.random() < 0.7 else None
                        for _ in units] for _ in range(4)]
        for bound in bounds:
            with limited(steps=10**9):
                mine, searched = one.first(bound), search.first(bound)
            # (the key only orders the splits of one search; the one split has no other)
            assert (mine and mine[1]) == (searched and searched[1]), (format_cards(play), [u.adjacent for u in units], bound)
        asked += 1
        found += plain is not None
    assert 100 < found < 550


def _listed_one_by_one(unit: tuple[int, ...]) -> tuple[ordering.Requirement, ...]:
    """``decompositions_after`` as first written: every split of every grouping from the unit's
    own, each ordering chosen one by one (a ``keep`` that refuses nothing takes that way)."""
    grouping = tuple(sorted(unit, reverse=True))
    every = ordering.groupings(sum(unit))
    out: list[ordering.Requirement] = []
    for later in every[every.index(grouping):]:
        out.extend(ordering.iter_entries(later, keep=lambda tuples, shape: True))
    sequence = ordering._unique(out)
    return sequence[sequence.index((grouping,)) + 1:]


def test_a_units_decompositions_are_those_listed_one_by_one() -> None:
    for unit in ((2, 2), (3, 2), (2, 3, 3), (3, 3, 3), (2, 2, 2, 2), (4, 3, 2), (4, 4, 2), (3, 3, 3, 3),
                 (2, 2, 2, 2, 2, 2), (5, 4, 3), (2,) * 7):
        assert ordering.decompositions_after(unit) == _listed_one_by_one(unit), unit


def _searched(rules: Ruleset, lead: list[Card]) -> list[FormatUnit]:
    """The lead's format as ``find_plays``' search takes it, every lead alike."""
    read = _Formats(rules, lead)
    taken = Pool(rules, lead)
    units = []
    for count, members in read.last(read.start, read.best(read.start)):
        identities = tuple(read.ids[m] for m in members)
        units.append(FormatUnit(count, identities, tuple(c for i in identities for c in taken.take(i, count))))
    return sorted(units, key=lambda u: (u.size, read.ord_key(u.members[0])))


def test_a_lead_without_tractors_reads_as_the_search_reads_it() -> None:
    """Random leads of one suit (two to eight decks, any level and trump): where no tractor can
    be taken, the format read without the search is the search's, unit by unit and card by card."""
    rng = random.Random(12)
    free = asked = 0
    for _ in range(500):
        decks = rng.choice((2, 3, 4, 6, 8))
        level, trump = rng.choice(list(Rank)[:13]), rng.choice([*Suit, None])
        rules = make_ruleset(room(decks, 0), level, trump, no_trump=trump is None)
        lead = _of_one_suit(rng, rules, decks, rng.randint(1, 10))
        if lead is None:
            continue
        with limited(steps=10**9):
            read = _Formats(rules, lead)
            assert read.format() == _searched(rules, lead), format_cards(lead)
        asked += 1
        free += read.tractor_free()
    assert 100 < free < asked - 10  # both ways were exercised


def test_a_unit_alone_is_read_off_the_slots_as_at_each_start() -> None:
    """``reach.Reach.unit`` (slices of the slots' rows) against its definition: some slot the
    cards hold where the unit's tuples, from its lowest up, each find their copies at the slot
    and those after (under the protection, an identity held exactly as often). Random cards of a
    suit, two to eight decks, units of two to five tuples; both answers occur."""
    rng = random.Random(7)
    answers = set()
    for _ in range(300):
        decks = rng.choice((2, 3, 4, 6, 8))
        rules = make_ruleset(room(decks, 0), rng.choice(list(Rank)[:13]), Suit.HEARTS)
        cards = _of_one_suit(rng, rules, decks, rng.randint(4, 40))
        if cards is None:
            continue
        protected = rng.random() < 0.5
        hand = Reach(rules, cards, protected=protected)
        at = hand.at_slot
        for _ in range(5):
            unit = tuple(rng.randint(2, decks) for _ in range(rng.randint(2, 5)))
            expected = any(all((k in at.get(start + j, ())) if protected else k <= max(at.get(start + j, (0,)))
                               for j, k in enumerate(unit)) for start in at)
            with limited(steps=10**9):
                assert hand.unit(unit) == expected, (format_cards(cards), unit, protected)
            answers.add(expected)
    assert answers == {True, False}


def test_an_unprotected_hand_holding_the_play_lists_alone_what_both_list() -> None:
    """Where the hand is unprotected and holds the play, the walk's listing asks the hand alone
    (``follow.unbounded_first_duty``): every test of ``reach.Reach`` is monotone in the cards, so
    the play passes no stretch, split or class the hand fails. On random follows of four to eight
    decks (leads of up to 22 cards, some units listed lazily) the first requirements listed, and
    their places, are those the listing by the play and the hand together gives, and the walk
    decides as the plain walk (``scripts/research/rbtying/reference.py``)."""
    from itertools import islice

    from oracle.profiles.rbtying.follow import decomposition, hand_protection
    from oracle.profiles.rbtying.policies import policies
    from oracle.profiles.rbtying.reach import Either
    from scripts.research.rbtying.reference import reference_duty

    rng = random.Random(2026)
    asked = longer = lazy = 0
    while asked < 120:
        rules, lead, hand, play = random_follow(rng, max_lead=22)
        duty = suit_duty(rules, lead, hand, play)
        if (rules.variant.deal.decks < 4 or not duty.met or len(duty.play_x) < duty.led
                or hand_protection(rules, duty.hand_x) is not None):
            continue
        units, draw = lead_format(rules, lead), policies(rules).draw
        hand_reach = Reach(rules, duty.hand_x)
        both = Either(Reach(rules, duty.play_x), hand_reach)
        with limited(steps=10**9):
            alone = list(islice(decomposition(units, draw, both, hand_reach), 30))
            assert alone == list(islice(decomposition(units, draw, both), 30)), (
                format_cards(lead), format_cards(duty.hand_x), format_cards(duty.play_x))
            walked = unbounded_first_duty(rules, units, duty.hand_x, duty.play_x)
        assert (walked.requirement, walked.play_fills) == reference_duty(rules, units, duty.hand_x, duty.play_x)
        asked += 1
        longer += len(alone) > 1
        lazy += any(u.size > 17 for u in units)
    assert longer > 30 and lazy  # lists past the lead's own format, and lazily listed units, were compared
