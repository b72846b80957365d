"""The rbtying profile's JudgeTrick against upstream's trick winner read literally.

``scripts/research/rbtying/trick_reference.py`` reads rbtying/shengji's ``find_format_matches``,
``TrickFormat::matches`` and ``Trick::_defeats``/``compute_winner`` as written (exponential, a
test reference). Here: the reference reproduces upstream's own assertions of
``format_match.rs`` and ``multiset_iter.rs``; the profile agrees with it on seeded random tricks
of three to eight decks under the three throw evaluations (and the bomb policies); and the
tricks where the profile's former greedy bounded fill missed a split that beats, or where the
split upstream takes decides a later play, are pinned with the winner worked out by hand.
``scripts/research/rbtying/trick_walk.py`` runs the comparison at scale.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from oracle import pb
from oracle.cards import Card, Rank, Suit, parse_card, parse_cards
from oracle.dispatch.questions import judge_trick
from oracle.engine.ruleset import SeatPlay
from oracle.variants import make_ruleset
from scripts.research.rbtying.trick_reference import (
    BOMB_POLICIES,
    EVALUATIONS,
    UpstreamTrump,
    find_format_matches,
    multiset_combinations,
    random_trick,
    reference_winner,
    room,
)

ALL = pb.THROW_EVALUATION_ALL
HIGHEST = pb.THROW_EVALUATION_HIGHEST
TUL = pb.THROW_EVALUATION_TRICK_UNIT_LENGTH

FOUR_SPADES = UpstreamTrump(Rank.FOUR, Suit.SPADES)
"""format_match.rs's tests: ``Trump::Standard { number: Four, suit: Spades }``."""


def counts(text: str) -> Counter[Card]:
    out: Counter[Card] = Counter()
    for part in text.split():
        card, copies = part.split("x")
        out[parse_card(card)] += int(copies)
    return out


def listed(fmt: list[tuple[int, ...]], cards: Counter[Card]) -> list[list[list[tuple[str, int]]]]:
    return [[[(str(c), n) for c, n in m] for m in found] for found in find_format_matches(FOUR_SPADES, fmt, cards)]


# --- The reference against upstream's own tests -----------------------------------------------


def test_reference_multiset_iter() -> None:
    """multiset_iter.rs test_multiset_iter: keys c, b, a with multiplicities 3, 4, 10, k = 6."""
    names = "cba"
    found = [[(names[i], n) for i, n in combo] for combo in multiset_combinations([3, 4, 10], 6)]
    assert found == [
        [("c", 3), ("b", 3)], [("c", 2), ("b", 4)], [("c", 3), ("b", 2), ("a", 1)],
        [("c", 2), ("b", 3), ("a", 1)], [("c", 1), ("b", 4), ("a", 1)], [("c", 3), ("b", 1), ("a", 2)],
        [("c", 2), ("b", 2), ("a", 2)], [("c", 1), ("b", 3), ("a", 2)], [("b", 4), ("a", 2)],
        [("c", 3), ("a", 3)], [("c", 2), ("b", 1), ("a", 3)], [("c", 1), ("b", 2), ("a", 3)],
        [("b", 3), ("a", 3)], [("c", 2), ("a", 4)], [("c", 1), ("b", 1), ("a", 4)], [("b", 2), ("a", 4)],
        [("c", 1), ("a", 5)], [("b", 1), ("a", 5)], [("a", 6)],
    ]


def test_reference_tuple_format_match() -> None:
    """format_match.rs test_tuple_format_match and test_multiple_tuple_format_match."""
    cards = counts("2Sx2 3Sx3 5Sx3 BJx1")
    assert listed([(1,)], cards) == [[[("BJ", 1)]], [[("5S", 1)]], [[("3S", 1)]], [[("2S", 1)]]]
    assert listed([(2,)], cards) == [[[("5S", 2)]], [[("3S", 2)]], [[("2S", 2)]]]
    two_singles = listed([(1,), (1,)], cards)
    assert two_singles[0] == [[("BJ", 1)], [("5S", 1)]] and len(two_singles) == 9
    two_pairs = listed([(2,), (2,)], cards)
    assert two_pairs[0] == [[("5S", 2)], [("3S", 2)]] and len(two_pairs) == 3


def test_reference_tractor_format_match() -> None:
    """format_match.rs test_tractor_format_match, test_multiple_tractor_format_match and
    test_very_large_tractor_throw (level 4: 3S and 5S are adjacent)."""
    assert listed([(2, 2)], counts("2Sx2 3Sx3 5Sx3 BJx1")) == [
        [[("3S", 2), ("5S", 2)]], [[("2S", 2), ("3S", 2)]]]
    two = listed([(2, 2), (2, 2)], counts("2Sx4 3Sx4 5Sx4 6Sx4 BJx1"))
    assert two[0] == [[("5S", 2), ("6S", 2)], [("5S", 2), ("6S", 2)]] and len(two) == 6
    large = listed([(4, 4), (3, 3), (1,), (3,)], counts("2Sx10 3Sx10 5Sx10 6Sx10 BJx4"))
    assert large[0] == [[("5S", 4), ("6S", 4)], [("5S", 3), ("6S", 3)], [("BJ", 1)], [("BJ", 3)]]
    assert len(large) == 215


def test_reference_successor_and_order() -> None:
    """types.rs ``successor`` (the level skipped; the trump ace followed by the off-suit level
    cards in ``ALL_SUITS`` order) and ``compare`` (equal level cards by their character)."""
    trump = UpstreamTrump(Rank.TWO, Suit.HEARTS)
    assert [str(c) for c in trump.successor(parse_card("AH"))] == ["2S", "2D", "2C"]
    assert [str(c) for c in trump.successor(parse_card("2D"))] == ["2H"]
    assert [str(c) for c in trump.successor(parse_card("AS"))] == []
    assert trump.compare_effective(parse_card("2S"), parse_card("2C")) == 0
    assert trump.compare(parse_card("2S"), parse_card("2C")) < 0
    assert [str(c) for c in UpstreamTrump(Rank.FIVE, Suit.CLUBS).successor(parse_card("4D"))] == ["6D"]


# --- The profile against the reference --------------------------------------------------------


@pytest.mark.parametrize("decks", [3, 4, 5, 6, 8])
@pytest.mark.parametrize("evaluation", EVALUATIONS)
def test_random_tricks_agree_with_the_reference(decks: int, evaluation: int) -> None:
    """Seeded random tricks (leads of tractors, tuples and throws; followers mostly of the led
    suit on the lead's shapes, some trump, some mixed; bombs where the room plays them)."""
    rng = random.Random(f"trick-{decks}-{evaluation}")
    for _ in range(40):
        bomb_policy = BOMB_POLICIES[0] if rng.random() < 0.5 else rng.choice(BOMB_POLICIES)
        rules, plays = random_trick(rng, decks, evaluation, bomb_policy, max_lead=10)
        expected = plays[reference_winner(rules, plays)].seat
        assert judge_trick(rules, plays).winning_seat == expected, [str(list(map(str, p.cards))) for p in plays]


def winner(decks: int, evaluation: int, level: Rank, trump: Suit, *plays: str,
           bomb_policy: int = pb.BOMB_POLICY_NO_BOMBS) -> tuple[int, int]:
    """The profile's winning seat and the reference's, seat ``i`` playing ``plays[i]``."""
    rules = make_ruleset(room(decks, evaluation, bomb_policy), level, trump)
    seated = [SeatPlay(seat, tuple(parse_cards(p))) for seat, p in enumerate(plays)]
    return judge_trick(rules, seated).winning_seat, seated[reference_winner(rules, seated)].seat


def test_a_split_the_greedy_missed_triple_and_tractor() -> None:
    """3 decks, level 8, trump S, TrickUnitLength: the lead is a triple KC and a tractor 4C 4C
    5C 5C. Seat 2's 7C 7C 7C 9C 9C 10C 10C splits into the triple 7C and the tractor 9C 9C 10C
    10C (8 is the level: 7 and 9 are adjacent, so 7C 7C 9C 9C is a tractor too, the one the
    greedy took, leaving no triple). The tractors are compared first: 9C above 4C, seat 2 wins;
    no later play has the format (seat 4's spades cannot split into a triple and a tractor)."""
    assert winner(3, TUL, Rank.EIGHT, Suit.SPADES, "KC KC KC 4C 4C 5C 5C", "2C JC JC JC 9C QC AC",
                  "7C 7C 7C 9C 9C 10C 10C", "6C 6C 6C 2C 2C 3C 3C", "7S 6S 6S 7S 7S 9S 9S",
                  "QC 5C AC 4C 10C AC QC", bomb_policy=pb.BOMB_POLICY_ALLOW_BOMBS) == (2, 2)


def test_a_split_the_greedy_missed_level_cards() -> None:
    """3 decks, level 5, trump H, TrickUnitLength: the trump lead is a triple JH and a tractor
    AH AH 5S 5S (the trump ace, then an off-suit level card). Seat 4's 5D 5D 5D 5H 5H SJ SJ is
    the triple 5D and the tractor 5H 5H SJ SJ, above AH AH 5S 5S; the greedy took the tractor
    5D 5D 5H 5H and found no triple. Seats 1 and 3's tractors (3H 3H 4H 4H, 8H 8H 9H 9H) are
    below the lead's; seat 2 plays clubs."""
    assert winner(3, TUL, Rank.FIVE, Suit.HEARTS, "AH AH 5S 5S JH JH JH", "QH QH QH 3H 3H 4H 4H",
                  "3C 3C 3C 10C 10C JC JC", "8H 8H 9H 9H BJ BJ BJ", "5D 5D 5D 5H 5H SJ SJ") == (4, 4)


@pytest.mark.parametrize(("decks", "evaluation", "level", "trump", "plays", "bomb_policy", "seat"), [
    (3, TUL, Rank.EIGHT, Suit.SPADES,
     ("5H 5H 5H 9H 9H 10H 10H 6H 3H", "JH JH JH KH KH QH QH 4H 3H", "KH QH AH AH AH 6H 6H 7H 7H",
      "4H 4H 2H 2H 2H 7H 3H 9H 10H", "BJ 6S 7S JS 5C QS 2C JC KS", "8C 8C 8C 9S 9S 2S QS 5S 6S"),
     pb.BOMB_POLICY_NO_BOMBS, 1),
    (3, TUL, Rank.TEN, Suit.DIAMONDS,
     ("2S 2S 2S JS JS QS QS 6S 6S AS", "3S 3S 8S 8S 8S 9S 9S 9S 5S 3S", "5S 7S 7S 4S 4S 4S KS KS AS AS",
      "AC KC 4H 2C JC QC 5S 6D 6H 3H", "AD 7C KD JS 9C KC QC AC 2D 5H", "BJ 4D 4D JD JD JD QD QD KD KD"),
     pb.BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING, 5),
    (3, TUL, Rank.ACE, Suit.SPADES,
     ("3C 3C 4C 4C 8C 8C 8C 9C 7C", "KC 5D 9C QS QD 5S 8S JC 4D", "4C 6C 5C 5C 5C 10C 10C JC JC",
      "9C 7C 7C QC QC QC 6C KC 3C", "AH AD AS AS AS SJ SJ BJ BJ"),
     pb.BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING, 4),
])
def test_greedy_misses_found_by_the_walk(decks: int, evaluation: int, level: Rank, trump: Suit,
                                         plays: tuple[str, ...], bomb_policy: int, seat: int) -> None:
    """Further tricks ``scripts/research/rbtying/trick_walk.py --cases 300 --seed 2 --decks 3 5 6 8
    --max-lead 10`` found where the greedy bounded fill missed a split that beats: a tractor the
    greedy placed lowest took the cards another unit needed."""
    assert winner(decks, evaluation, level, trump, *plays, bomb_policy=bomb_policy) == (seat, seat)


def test_the_split_upstream_takes_decides_a_later_play() -> None:
    """6 decks, level 5, trump H, TrickUnitLength: the lead KD KD KD 7D 7D 7D 7D JD is a
    single, a triple and a quad (singles are left out of the comparison). Seat 1's 10D x4 AD x4
    splits two ways: quad 10D + triple AD + single AD, or quad AD + triple 10D + single 10D.
    Both beat the lead (quad above 7D). ``find_format_matches`` fills the singles first, highest
    first, so the first split is the one with the single AD: seat 1 stands as a quad of 10D, and
    seat 2's quad QD (with a triple KD and a single AD) beats it. Had seat 1 stood as a quad of
    AD, seat 2 would lose."""
    assert winner(6, TUL, Rank.FIVE, Suit.HEARTS, "KD KD KD 7D 7D 7D 7D JD",
                  "10D 10D 10D 10D AD AD AD AD", "AD KD KD KD QD QD QD QD",
                  "2D JD JD JD 3D 3D 3D 3D") == (2, 2)
