"""rbtying's legal-follow count without the longer-tuple protection, against independent counts.

The count (:class:`~oracle.profiles.rbtying.fill_count.FillsRequirement`) reads a play into the
ways the first requirement the hand fills can stand in it, and never judges a play. Here the
same questions are answered with every play of the suit judged apart by
``check_follow_by_decomposition``'s steps (the count used under the protection), and hands too large
for that by brute force: CheckFollow asked of every play of the lead's size.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from unittest.mock import patch

import pytest

from conformance.authoring import perft
from oracle import pb
from oracle.cards import Card, Rank, Suit, parse_cards
from oracle.convert import cards_from_pb
from oracle.dispatch.questions import list_legal_plays
from oracle.engine.budget import WorkExceeded
from oracle.engine.legal_plays import Duty, Everything, Family, Space
from oracle.profiles.rbtying import fill_count, first_fill
from oracle.variants import make_ruleset
from scripts.research.rbtying.reference import room


def _room(decks: int, draw: int = pb.DRAW_POLICY_NO_PROTECTIONS, bombs: int = pb.BOMB_POLICY_NO_BOMBS) -> pb.Variant:
    variant = room(decks, draw, bomb_policy=bombs)
    variant.id = f"rbtying, {decks} decks, draw {draw}, bombs {bombs}"
    return variant


ROOMS = [
    _room(2), _room(3), _room(4), _room(6),
    _room(3, draw=pb.DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR),
    _room(4, bombs=pb.BOMB_POLICY_ALLOW_BOMBS),
    _room(4, bombs=pb.BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING),
    _room(2, draw=pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED),
    _room(3, draw=pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED),
    _room(4, draw=pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED, bombs=pb.BOMB_POLICY_ALLOW_BOMBS),
    _room(3, draw=pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR),
]


def _answer(deal: perft.Deal, hand: Sequence[Card], lead: Sequence[Card]) -> tuple[object, ...]:
    found = list_legal_plays(deal.rules, hand, lead, 0, 100_000)
    plays = [tuple(sorted(c.code for c in cards_from_pb(p.cards))) for p in found.plays]
    return found.total, sorted((g.rule_id, g.count, g.description) for g in found.groups), plays


def _judging_every_play() -> object:
    """The count with no fill automaton: every play of the suit judged apart."""
    return patch.object(first_fill.FirstFill, "of", classmethod(lambda cls, *args: None))


def _question(rng: random.Random, room: pb.Variant, extra: int) -> tuple[perft.Deal, list[Card], list[Card]]:
    deal = perft.random_deal(rng, room)
    lead = perft.random_lead(rng, deal, rng.randint(2, 8))
    in_suit = rng.randint(len(lead) + 1, len(lead) + extra)
    hand = perft.random_hand(rng, deal, deal.rules.effective_suit(lead[0]), in_suit, rng.randint(0, 3), lead)
    return deal, lead, hand


@pytest.mark.parametrize("room", ROOMS, ids=[r.id for r in ROOMS])
def test_the_count_is_every_play_judged_apart(room: pb.Variant) -> None:
    """Totals, groups and the whole list, where judging every play fits its bound."""
    rng = random.Random(room.id)
    compared = 0
    while compared < 25:
        deal, lead, hand = _question(rng, room, 7)
        counted = _answer(deal, hand, lead)
        try:
            with _judging_every_play():
                judged = _answer(deal, hand, lead)
        except WorkExceeded:
            continue  # more plays than the judged count may judge
        assert counted == judged, (deal.level, deal.trump, lead, hand)
        compared += 1


def test_hands_too_large_to_judge_every_play_agree_with_the_brute_force() -> None:
    """Hands with more plays of the suit than the judged count takes (256): the listed plays
    are exactly those CheckFollow calls legal."""
    rng = random.Random(7)
    checked = 0
    while checked < 6:
        room = rng.choice(ROOMS[:5])
        deal = perft.random_deal(rng, room)
        lead = perft.random_lead(rng, deal, rng.randint(4, 6))
        hand = perft.random_hand(rng, deal, deal.rules.effective_suit(lead[0]), rng.randint(11, 13), 1, lead)
        space = Space.of(deal.rules, [c for c in hand if deal.rules.effective_suit(c) == deal.rules.effective_suit(lead[0])])
        if Family(space, len(lead), Everything(Duty(0, "", "any"))).total() <= 256:
            continue
        _, _, plays = _answer(deal, hand, lead)
        brute = perft.brute_follows(deal.rules, lead, hand)
        assert set(plays) == {tuple(sorted(c.code for c in play)) for play in brute}
        checked += 1


def test_a_tractor_is_filled_in_one_run_of_adjacent_slots() -> None:
    """Two decks, playing twos, spades trump: 9988 and 8877 are tractors, 99 77 with 8 between
    is not; a play of five from 99887 75 fills a tractor and a single in four ways."""
    rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
    space = Space.of(rules, parse_cards("9H 9H 8H 8H 7H 7H 5H"))
    duty = Duty(2, "follow.decomposition", "a tractor and a single")
    fills = fill_count.FillsRequirement.of(rules, space, ((2, 2), (1,)), duty)
    assert fills is not None
    family = Family(space, 5, fills)
    listed = {" ".join(str(c) for c in play) for play, _ in family.page(0, 100)}
    assert family.total() == 4
    assert listed == {"9H 9H 8H 8H 7H", "9H 9H 8H 8H 5H", "9H 8H 8H 7H 7H", "8H 8H 7H 7H 5H"}
    assert family.accepts((2, 0, 2, 1)) is None  # 99 77 5: no tractor


def test_the_level_cards_of_the_side_suits_share_a_slot_below_the_trump_suits() -> None:
    """Two decks, playing fives, hearts trump: 5S and 5C stand at one slot, just below 5H; a
    tractor of pairs takes one identity's pair at each of two slots, so 5H 5H 5S 5S is one,
    5S 5S 5C 5C (one slot) is not."""
    rules = make_ruleset("rbtying-default", Rank.FIVE, Suit.HEARTS)
    space = Space.of(rules, parse_cards("5H 5H 5S 5S 5C 5C"))
    fills = fill_count.FillsRequirement.of(rules, space, ((2, 2),), Duty(2, "follow.decomposition", "a tractor"))
    assert fills is not None
    family = Family(space, 4, fills)
    assert {" ".join(str(c) for c in play) for play, _ in family.page(0, 10)} == {"5H 5H 5S 5S", "5H 5H 5C 5C"}


def test_tuples_pack_onto_the_identities_of_a_slot() -> None:
    assert fill_count._packs((2, 2), (2, 2)) and fill_count._packs((3, 2), (5,))
    assert not fill_count._packs((2, 2), (3, 1)) and not fill_count._packs((3,), (2, 2))
