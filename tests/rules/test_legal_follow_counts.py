"""The seeds' legal-follow count against independent counts, in every variant of the seeds' rule
and in rooms of three to eight decks.

The count reads a play by its :class:`~oracle.seed_rules.follow_readings.Segments` (or a coarser
reading), keeps only the plays that may still hold what the hand's first shape asks
(:class:`~oracle.seed_rules.follow_readings.ShapeHeld`), and judges each reading once. Here the same
questions are counted with every core judged apart (the reading of the whole core, nothing cut),
and small hands by brute force (CheckFollow asked of every sub-multiset).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast
from unittest.mock import patch

import pytest

import oracle.seed_rules.legal_plays as seeds
from conformance.authoring import perft
from oracle import pb
from oracle.cards import Card
from oracle.convert import cards_from_pb
from oracle.dispatch.questions import list_legal_plays
from oracle.engine.budget import WorkExceeded, limited
from oracle.engine.legal_follows import Cores, Judged, identity_numbers
from oracle.engine.legal_play_pages import collect
from oracle.engine.legal_plays import Duty, Space
from oracle.seed_rules.follow_readings import Segments, ShapeHeld, could_show
from oracle.variants import get_variant, load_catalogue, make_ruleset


def _room(base: str, decks: int) -> pb.Variant:
    variant = pb.Variant()
    variant.CopyFrom(get_variant(base))
    variant.id = f"{base}, {decks} decks"
    variant.deal.decks = decks
    variant.deal.hand_size = (decks * 54 - variant.deal.bottom_size) // variant.deal.players
    return variant


SEEDS_RULE = [v for v in sorted(load_catalogue())
              if get_variant(v).following.follow_rule in (pb.FOLLOW_RULE_UNSPECIFIED, pb.FOLLOW_RULE_GREEDY_STRUCTURE)]
ROOMS = [_room("qq-two-deck", 3), _room("qq-two-deck", 4), _room("four-deck", 6), _room("four-deck", 8)]
VARIANTS: list[str | pb.Variant] = [*SEEDS_RULE, *ROOMS]
IDS = [v if isinstance(v, str) else v.id for v in VARIANTS]


def _question(rng: random.Random, variant: str | pb.Variant, in_suit: int) -> tuple[perft.Deal, list[Card], list[Card]]:
    deal = perft.random_deal(rng, variant)
    lead = perft.random_lead(rng, deal, rng.choice([4, 5, 6, 6, 8]))
    hand = perft.random_hand(rng, deal, deal.rules.effective_suit(lead[0]), len(lead) + in_suit, 2, lead)
    return deal, lead, hand


def _by_cores(deal: perft.Deal, lead: Sequence[Card], hand: Sequence[Card]) -> object:
    """The answer with every core judged apart: the reading of the whole core, nothing cut."""
    with patch.object(seeds, "reading", lambda *args: Cores(2)):
        family, listed = seeds.legal_follows_by_structure(deal.rules, lead, hand)
    return collect(deal.rules, hand, family, listed, 0, 40)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_the_count_is_every_core_judged_apart(variant: str | pb.Variant) -> None:
    rng = random.Random(str(IDS[VARIANTS.index(variant)]))
    for _ in range(5):
        deal, lead, hand = _question(rng, variant, rng.randint(3, 7))
        family, listed = seeds.legal_follows_by_structure(deal.rules, lead, hand)
        assert collect(deal.rules, hand, family, listed, 0, 40) == _by_cores(deal, lead, hand)


def test_a_run_ending_in_a_slot_of_several_identities_is_not_cut() -> None:
    """Three decks, tens trump: the lead's tractor of triples asks the hand's run of triples 10C
    10H (the level cards of other suits share a slot, 10S before 10H); a play holding 10S 10S
    then 10H 10H 10H ends that run in the slot of 10S, which a count that cut the play at 10S
    (no triple in the slot yet) missed: 91 plays instead of 138."""
    from oracle.cards import Rank, Suit, parse_cards

    ruleset = make_ruleset("lianzhong-three-deck", Rank.TEN, Suit.CLUBS)
    deal = perft.Deal("lianzhong-three-deck", Rank.TEN, Suit.CLUBS, ruleset, ())
    lead = parse_cards("KC KC KC QC QC QC JC JC JC 9C 9C 9C 8C")
    hand = parse_cards("BJ SJ 10C 10C 10C 10S 10S 10H 10H 10H 10D AC 8C 8C 7C 6C 6C 6C 5C 5C 4C 3C 2C "
                       "AS AS AS QS QS JS 6D")
    family, listed = seeds.legal_follows_by_structure(ruleset, lead, hand)
    counted = collect(ruleset, hand, family, listed, 0, 40)
    assert counted == _by_cores(deal, lead, hand)
    assert counted.total == 138


@pytest.mark.parametrize("variant", ROOMS, ids=[v.id for v in ROOMS])
def test_small_hands_of_large_rooms_are_the_brute_force_set(variant: pb.Variant) -> None:
    rng = random.Random(variant.id)
    for _ in range(4):
        deal = perft.random_deal(rng, variant)
        lead = perft.random_lead(rng, deal, rng.choice([3, 4, 6]))
        hand = perft.random_hand(rng, deal, deal.rules.effective_suit(lead[0]), rng.randint(len(lead), 9), 1, lead)
        answer = list_legal_plays(deal.rules, hand, lead, 0, 1000)
        listed = {tuple(sorted(c.code for c in cards_from_pb(p.cards))) for p in answer.plays}
        assert listed == {tuple(sorted(c.code for c in p)) for p in perft.brute_follows(deal.rules, lead, hand)}
        assert answer.total == len(listed)


@pytest.mark.parametrize("variant", ["four-deck", "heijian", "qq-three-deck", "lianzhong-three-deck", ROOMS[3]], ids=str)
def test_what_the_count_reads_of_a_play_is_what_could_show_asks(variant: str | pb.Variant) -> None:
    """A play read to the end by a :class:`Segments` reading following a :class:`ShapeHeld` is
    viable exactly when :func:`could_show` says so of its cards (aces' low slots and tied slots
    included), and such a play is viable after every card read: the count cuts no play that
    could be legal, judges only those, and charges each a greedy match."""
    rng = random.Random(str(variant))
    asked = 0
    while asked < 300:
        deal, lead, hand = _question(rng, variant, rng.randint(4, 10))
        rules, suit = deal.rules, deal.rules.effective_suit(lead[0])
        space = Space.of(rules, [c for c in hand if rules.effective_suit(c) == suit])
        shape = (rng.choice([2, 2, 3, 4]), rng.choice([1, 2, 2, 3]))
        first = ShapeHeld.of(rules, space, shape, rng.choice([shape[0], 4]), rng.random() < 0.3)
        segments = Segments.of(rules, space, held=(first,) if first else ())
        if segments is None or first is None:
            continue
        ident = identity_numbers(rules, space)
        for _ in range(10):
            copies = [rng.choice([0, k, min(k, shape[0]), min(k, shape[0] - 1), rng.randint(0, k)])
                      for k in space.copies]
            play = space.cards_of(copies)
            shown = could_show(rules, play, shape, first.top, first.exact)
            state = segments.start()
            for index, (number, k) in enumerate(zip(ident, copies, strict=True)):
                state = segments.close(state, number, k)
                # a play that holds it at the end is never cut on the way
                assert segments.viable(state, index + 1) or not shown, (play, index)
            assert segments.viable(state, len(space.cards)) == shown, play
            asked += 1


def test_the_readings_are_paid_for_before_any_is_judged() -> None:
    """A four-deck hand of 31 trump against a long throw holds hundreds of readings to judge: with a budget
    that reads the plays but cannot judge them all, the question is refused and no reading was
    judged (the readings were counted first, and paid for at once)."""
    from oracle.cards import Rank, Suit, parse_cards
    from oracle.variants import make_ruleset

    rules = make_ruleset("four-deck", Rank.FOUR, Suit.SPADES)
    lead = parse_cards("BJ SJ 4S 2S 4H 4H JS JS 10S 10S 9S 9S 8S 8S 7S 7S 6S 5S 3S")
    hand = parse_cards("BJ SJ SJ 4S 4S 2S 2S 2S 4H 4H 2H 2H 2H 2H 4C 4D AS AS AS AS KS KS KS QS QS JS JS 10S 10S "
                       "9S 9S 8S 8S 7S 6S 5S 3S 3S 3S JH JH JH JH 9H 9H 7D 7D 6D 6D 3D 8C 8C")
    family, _ = seeds.legal_follows_by_structure(rules, lead, hand)
    judged: list[list[Card]] = []
    automaton = cast(Judged, family.automaton)
    judge = automaton.judge

    def counted(play: list[Card]) -> Duty | None:
        judged.append(play)
        return judge(play)

    automaton.judge = counted
    with pytest.raises(WorkExceeded, match="steps of work"), limited(steps=60_000):
        family.total()
    assert judged == []


def test_a_run_of_pairs_goes_on_past_a_lone_card_of_its_next_slot() -> None:
    """Two decks, tens trump in hearts: the off-suit tens share the slot under 10H, and the
    pairs' reading ends a run as soon as its next slot's pair is not taken; 10S, alone, read
    before 10C 10C in that slot, must not end the run 10H 10H (10H 10H 10C 10C is a tractor)."""
    from oracle.cards import Rank, Suit, parse_cards

    ruleset = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    deal = perft.Deal("qq-two-deck", Rank.TEN, Suit.HEARTS, ruleset, ())
    lead = parse_cards("KH KH QH QH")
    hand = parse_cards("10H 10H 10S 10C 10C 10D AH AH 8H 8H 6H 6H 5H 3C")
    family, listed = seeds.legal_follows_by_structure(ruleset, lead, hand)
    assert type(cast(Judged, family.automaton).reading).__name__ == "PairRuns"
    counted = collect(ruleset, hand, family, listed, 0, 40)
    assert counted == _by_cores(deal, lead, hand)
    assert parse_cards("10H 10H 10C 10C") in [list(cards) for cards, _ in counted.page]


@pytest.mark.parametrize("variant", ["qq-two-deck", "lianzhong-two-deck", "four-deck"])
def test_every_page_is_its_slice_of_the_plays_in_canonical_order_with_each_plays_duty(variant: str) -> None:
    # Suits held one to three cards beyond the lead, where many plays take every copy of the
    # cards after some point (the page ends such a play at once).
    rng = random.Random(f"pages {variant}")
    for _ in range(12):
        deal, lead, hand = _question(rng, variant, rng.randint(1, 3))
        rules = deal.rules
        family, listed = seeds.legal_follows_by_structure(rules, lead, hand)
        assert not listed
        with limited(steps=10**9):
            whole = family.page(0, 10**6)
            assert len(whole) == family.total()
            vectors = [cast(tuple[int, ...], family.space.vector(play)) for play, _ in whole]
            assert len(set(vectors)) == len(vectors)
            assert vectors == sorted(vectors, reverse=True)  # most copies of the first card first
            assert [duty for _, duty in whole] == [family.accepts(v) for v in vectors]
            for offset in range(0, len(whole) + 1, 3):
                assert family.page(offset, 4) == whole[offset:offset + 4]
