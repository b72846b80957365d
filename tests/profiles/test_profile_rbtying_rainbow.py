"""rbtying/shengji's rainbows (#508, ``compound_formats.rainbow_min_cards``).

The first tests reproduce, by name, upstream's thirteen rainbow tests of ``mechanics/src/trick.rs``
as the fork copies carry them (tgoh-ots/shengji-tractor @ 18514e6, arunsrinivas20/shengji @
a87aa6c, ChineseGame-Mu/YihuaMu @ 8cfc2ba; docs/rbtying.md, "Rainbows"), each asserting what the
upstream test asserts. Upstream's ``Trump::NoTrump { number: None }`` has no level rank; a context
always names one, so those tests play no-trump at a level no card of the test has (K).
The rest check validation, ListLegalPlays against brute force, the kitty and the bomb policy.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from conformance.authoring import perft
from oracle import pb
from oracle.cards import Card, Rank, Suit, full_deck, parse_cards
from oracle.convert import cards_from_pb, cards_to_pb
from oracle.dispatch.questions import (
    check_follow,
    check_throw,
    describe_play,
    judge_trick,
    list_legal_plays,
    score_bottom,
)
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.service.questions import dispatch
from oracle.variants import get_variant, make_ruleset, validate
from scripts.research.rbtying.reference import room


def rainbow_room(minimum: int = 4, decks: int = 2, bombs: int = 0) -> pb.Variant:
    variant = room(decks, pb.DRAW_POLICY_NO_PROTECTIONS)
    variant.id = f"rainbow-room-{minimum}-{decks}"
    variant.compound_formats.rainbow_min_cards = minimum
    variant.comparison.bomb_policy = bombs  # type: ignore[assignment]
    assert validate(variant) == []
    return variant


FOUR_SPADE_TRUMP = (Rank.FOUR, Suit.SPADES)
NO_TRUMP = (Rank.KING, None)
"""Upstream's ``NoTrump { number: None }``, at a level no card of these tests has."""


def rules_for(level: Rank, trump: Suit | None, minimum: int = 4, decks: int = 2, bombs: int = 0) -> Ruleset:
    return make_ruleset(rainbow_room(minimum, decks, bombs), level, trump, no_trump=trump is None)


def p(text: str) -> list[Card]:
    return parse_cards(text)


def seats(*plays: str) -> list[SeatPlay]:
    return [SeatPlay(seat, tuple(p(cards))) for seat, cards in enumerate(plays)]


# --- upstream's tests, by name ----------------------------------------------------------------


def test_rainbow_detection_valid() -> None:
    described = describe_play(rules_for(*FOUR_SPADE_TRUMP), p("5C 5D 5H 5S"))
    assert described.valid_lead and [u.rainbow for u in described.units] == [True]
    assert sum(u.tuple_size * u.length for u in described.units) == 4  # tf.size() == 4


def test_rainbow_detection_too_few_cards() -> None:
    assert not describe_play(rules_for(*FOUR_SPADE_TRUMP), p("5C 5D 5H")).valid_lead


def test_rainbow_detection_too_few_suits() -> None:
    described = describe_play(rules_for(*FOUR_SPADE_TRUMP, decks=4), p("5C 5C 5C 5C"))
    assert described.valid_lead and not any(u.rainbow for u in described.units)


def test_rainbow_detection_mixed_numbers() -> None:
    assert not describe_play(rules_for(*FOUR_SPADE_TRUMP), p("5C 6D 5H 5S")).valid_lead


def test_rainbow_disabled_by_default() -> None:
    rules = make_ruleset("rbtying-default", *FOUR_SPADE_TRUMP)
    assert not describe_play(rules, p("5C 5D 5H 5S")).valid_lead


def test_rainbow_winner_higher_number_wins() -> None:
    answer = judge_trick(rules_for(*NO_TRUMP), seats("5C 5D 5H 5S", "6C 6D 6H 6S", "3C 3D 3H 3S", "2C 2D 2H 2S"))
    assert answer.winning_seat == 1


def test_rainbow_winner_leader_wins_if_no_higher_rainbow() -> None:
    rules = rules_for(*NO_TRUMP)
    mixed = "3C 4D 5H 6S"
    assert check_follow(rules, p("8C 8D 8H 8S"), p(mixed), p(mixed)).legal
    assert judge_trick(rules, seats("8C 8D 8H 8S", mixed, mixed, mixed)).winning_seat == 0


def test_rainbow_must_play_rainbow_if_available() -> None:
    rules = rules_for(*NO_TRUMP)
    hand = p("6C 6D 6H 6S 3C 4D 7H 9S")
    refused = check_follow(rules, p("5C 5D 5H 5S"), hand, p("3C 4D 7H 9S"))
    assert not refused.legal and refused.broken_rule_id == "follow.rainbow"
    assert check_follow(rules, p("5C 5D 5H 5S"), hand, p("6C 6D 6H 6S")).legal
    assert judge_trick(rules, seats("5C 5D 5H 5S", "6C 6D 6H 6S")).winning_seat == 1


def test_rainbow_no_rainbow_available_anything_legal() -> None:
    rules = rules_for(*NO_TRUMP)
    assert check_follow(rules, p("5C 5D 5H 5S"), p("3C 4D 7H 9S"), p("3C 4D 7H 9S")).legal
    assert judge_trick(rules, seats("5C 5D 5H 5S", "3C 4D 7H 9S")).winning_seat == 0


THROWN = "5C 5D 5H 5S 8C 8D 8H 8S"


def test_multi_rainbow_throw_detection() -> None:
    rules = rules_for(*NO_TRUMP)
    answer = check_throw(rules, SeatPlay(0, tuple(p(THROWN))), [SeatPlay(1, tuple(p("2C 2D 2H 2S 3C 3D 3H 3S")))])
    assert answer.is_throw and answer.succeeds
    assert len(answer.units) == 2 and all(u.rainbow for u in answer.units)
    assert sum(u.tuple_size for u in answer.units) == 8


def test_multi_rainbow_throw_follower_must_play_rainbows() -> None:
    rules = rules_for(*NO_TRUMP)
    follow = "2C 2D 2H 2S 3C 3D 3H 3S"
    assert check_follow(rules, p(THROWN), p(follow), p(follow)).legal
    assert judge_trick(rules, seats(THROWN, follow)).winning_seat == 0


def test_multi_rainbow_is_legal_play_obligation() -> None:
    rules = rules_for(*NO_TRUMP)
    hand_can = "2C 2D 2H 2S 3C 3D 3H 3S"
    assert check_follow(rules, p(THROWN), p(hand_can), p("2C 2D 2H 2S 3C 3D 3H 3S")).legal
    assert check_follow(rules, p(THROWN), p(hand_can), p("2C 2D 2H 3S 3C 3D 3H 2S")).legal
    hand_short = "2C 2D 2H 3C 3D 3H 6C 7D"
    assert check_follow(rules, p(THROWN), p(hand_short), p(hand_short)).legal


def test_multi_rainbow_throw_invalidated_when_beatable() -> None:
    rules = rules_for(*NO_TRUMP)
    answer = check_throw(rules, SeatPlay(0, tuple(p(THROWN))), [SeatPlay(1, tuple(p("9C 9D 9H 9S 2C 3D 4H 7S")))])
    assert answer.is_throw and not answer.succeeds
    forced = cards_from_pb(answer.forced_play)
    assert len(forced) == 4 and not Counter(forced) - Counter(p(THROWN))
    # Upstream searches the units lowest rank first (its units come from a BTreeMap by Number),
    # so the nines beat the fives first and the fives are forced.
    assert {c.rank for c in forced} == {Rank.FIVE}
    assert "throw.rainbow" in answer.rule_ids


# --- what upstream's code does beyond its tests --------------------------------------------


def test_a_follower_counts_ranks_only_and_a_tie_keeps_the_lead() -> None:
    """``rainbow_play_combo`` counts a follower's cards by rank, whatever their suits; the list must
    be strictly higher, so equal ranks leave the trick to the earlier play."""
    rules = rules_for(*NO_TRUMP, decks=4)
    assert judge_trick(rules, seats("5C 5D 5H 5S", "9C 9C 9C 9C")).winning_seat == 1
    assert judge_trick(rules, seats("5C 5D 5H 5S", "5C 5D 5H 5S")).winning_seat == 0


def test_the_greedy_split_can_miss_a_split_that_exists() -> None:
    """Units of 5, 4 and 4 cards; a follow of eight aces and five nines fills them (the aces take
    both fours, the nines the five), so it is legal. ``rainbow_play_combo`` takes the highest rank
    holding 5 for the largest unit (the aces), then the nines for a four, and finds no rank with
    4 left: no combination, and the play cannot win."""
    rules = rules_for(*NO_TRUMP)
    lead = "5C 5D 5H 5S 5S 6C 6D 6H 6S 7C 7D 7H 7S"
    follow = "AS AS AH AH AD AD AC AC 9S 9S 9H 9D 9C"
    assert check_follow(rules, p(lead), p(follow + " 2C"), p(follow)).legal
    assert not check_follow(rules, p(lead), p(follow + " 2C"), p(follow[3:] + " 2C")).legal
    assert judge_trick(rules, seats(lead, follow)).winning_seat == 0


def test_bombs_play_no_part_in_a_rainbow_trick() -> None:
    rules = rules_for(*NO_TRUMP, decks=4, bombs=pb.BOMB_POLICY_ALLOW_BOMBS)
    answer = judge_trick(rules, seats("8C 8D 8H 8S", "3S 3S 3S 3S"))
    assert answer.winning_seat == 0 and answer.verdicts[1].kind != pb.PLAY_KIND_BOMB


def test_the_kitty_counts_a_rainbow_unit_by_its_cards() -> None:
    """``KittyPenalty::Times``: 2 times the last trick's largest unit; a rainbow of four is 4."""
    rules = rules_for(*NO_TRUMP)
    trick = seats("5C 5D 5H 5S", "3C 4D 7H 9S", "3C 4D 7H 9S", "3C 4D 7H 9S")
    answer = score_bottom(rules, trick, frozenset({1, 3}), p("KS KS 10H"))
    assert answer.attackers_won and answer.multiplier == 2 * 4


# --- validation ---------------------------------------------------------------------------


def test_the_old_switch_is_refused_naming_the_new_field() -> None:
    variant = rainbow_room()
    variant.compound_formats.rainbow_min_cards = 0
    variant.unmodelled.rainbow_formats = True
    problems = validate(variant)
    assert [v.field for v in problems] == ["unmodelled.rainbow_formats"]
    assert "compound_formats.rainbow_min_cards" in problems[0].description


@pytest.mark.parametrize("minimum", [-1, 9])
def test_a_minimum_no_rank_can_meet_is_refused(minimum: int) -> None:
    variant = rainbow_room()
    variant.compound_formats.rainbow_min_cards = minimum
    assert [v.field for v in validate(variant)] == ["compound_formats.rainbow_min_cards"]


def test_rainbows_in_a_variant_that_reads_plays_otherwise_are_refused() -> None:
    variant = pb.Variant()
    variant.CopyFrom(get_variant("qq-two-deck"))
    variant.compound_formats.rainbow_min_cards = 4
    assert "compound_formats.rainbow_min_cards" in [v.field for v in validate(variant)]


def _follow_question(lead: str, hand: str, play: str, room: pb.Variant | None = None) -> pb.Answer:
    context = pb.Context(level=pb.RANK_KING, no_trump=True, custom_variant=room or rainbow_room())
    return dispatch(pb.Question(check_follow=pb.CheckFollowRequest(
        context=context, lead=cards_to_pb(p(lead)), hand=cards_to_pb(p(hand)), play=cards_to_pb(p(play)))))


def test_over_the_service_a_rainbow_is_a_lead_and_other_mixed_cards_are_not() -> None:
    answer = _follow_question("5C 5D 5H 5S", "6C 6D 6H 6S 3C", "6C 6D 6H 6S")
    assert answer.WhichOneof("answer") == "check_follow" and answer.check_follow.legal
    refused = _follow_question("5C 5D 5H 6S", "6C 6D 6H 6S 3C", "6C 6D 6H 6S")
    assert refused.WhichOneof("answer") == "error"
    assert [v.field for v in refused.error.field_violations] == ["check_follow.lead"]
    assert "rainbow" in refused.error.field_violations[0].description
    off = _follow_question("5C 5D 5H 5S", "6C 6D 6H 6S 3C", "6C 6D 6H 6S", room=rainbow_room(0))
    assert off.WhichOneof("answer") == "error"


# --- ListLegalPlays against brute force ------------------------------------------------------


def _key(play: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.code for c in play))


def _listed(rules: Ruleset, hand: Sequence[Card], lead: Sequence[Card]) -> set[tuple[int, ...]]:
    answer = list_legal_plays(rules, hand, lead, 0, 5000)
    keys = [_key(cards_from_pb(play.cards)) for play in answer.plays]
    assert len(keys) == len(set(keys)) == answer.total == sum(g.count for g in answer.groups)
    return set(keys)


def _is_rainbow(rules: Ruleset, play: Sequence[Card]) -> bool:
    """The lead rule in upstream's words: no joker; every rank in at least the minimum of cards,
    over four effective suits or more."""
    if any(c.suit is None for c in play):
        return False
    ranks = {c.rank for c in play}
    return all(len([c for c in play if c.rank == r]) >= rules.rainbow_min_cards
               and len({rules.effective_suit(c) for c in play if c.rank == r}) >= 4 for r in ranks)


@pytest.mark.parametrize("seed", range(12))
def test_rainbow_follows_and_leads_are_the_brute_force_sets(seed: int) -> None:
    rng = random.Random(seed)
    rules = rules_for(Rank.KING, rng.choice([None, Suit.SPADES, Suit.HEARTS]), minimum=rng.choice([4, 5]), decks=2)
    pack = [c for c in full_deck() for _ in range(2)]
    ranks = rng.sample([r for r in Rank if not r.is_joker and r != Rank.KING], 3)
    pool = [c for c in pack if c.rank in ranks]
    hand = rng.sample(pool, rng.randint(6, 10))
    lead_ranks = rng.sample([r for r in Rank if not r.is_joker and r != Rank.KING], rng.choice([1, 2]))
    lead = [c for r in lead_ranks for c in p(f"{r.symbol}S {r.symbol}H {r.symbol}D {r.symbol}C")]
    lead += [lead[0]] * (rules.rainbow_min_cards - 4)
    brute = {_key(play) for play in perft.submultisets(hand, len(lead))
             if check_follow(rules, lead, hand, play).legal}
    assert _listed(rules, hand, lead) == brute
    leads = {_key(play) for play in perft.submultisets(hand)
             if len({rules.effective_suit(c) for c in play}) == 1 or _is_rainbow(rules, play)}
    assert _listed(rules, hand, []) == leads


def test_a_hand_with_too_many_rainbow_leads_is_refused() -> None:
    hand = p(" ".join(f"{r}{s}" for r in "2345" for s in "SHDC" for _ in range(3)))
    answer = dispatch(pb.Question(list_legal_plays=pb.ListLegalPlaysRequest(
        context=pb.Context(level=pb.RANK_KING, no_trump=True, custom_variant=rainbow_room(decks=8)),
        hand=cards_to_pb(hand))))
    assert answer.WhichOneof("answer") == "error" and answer.error.code == "RESOURCE_EXHAUSTED"
    assert "rainbow leads" in answer.error.message
