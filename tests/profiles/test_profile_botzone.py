"""The botzone-tractor profile answers as the Botzone Tractor judge does.

The judge is keyijing/Tractor-RL judger.py (docs/botzone.md). Each test names
the judge's function and the place in it that it reproduces; the places
``ILLEGAL_MOVE [n]`` are the error tags of commit 2807665's checkLegalMove.
The expected values are read off the judge's code, never taken from the
engine. Cards are written the judge's way (``s0`` the ten of spades, ``jo``
and ``Jo`` the jokers; oracle/profiles/botzone/notation.py), the level as its rank character.

The two places the profile cannot do what the judge does (a mixed lead, a
bottom of any size) are the shape of the question, not a rule: docs/botzone.md
lists them.
"""

from __future__ import annotations

import pytest

from oracle import pb
from oracle.cards import Card, Rank, Suit, card_name
from oracle.convert import cards_from_pb
from oracle.dispatch.questions import (
    check_follow,
    check_throw,
    compare_declarations,
    judge_trick,
    score_bottom,
    score_deal,
)
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.profiles.botzone.notation import (
    botzone_ids,
    botzone_name,
    card_from_id,
    card_from_name,
    parse_botzone,
)
from oracle.profiles.botzone.play_types import components, covers, play_type
from oracle.rules import RULES
from oracle.variants import get_variant, make_ruleset

VARIANT = "botzone-tractor"
SUITS = {"s": Suit.SPADES, "h": Suit.HEARTS, "c": Suit.CLUBS, "d": Suit.DIAMONDS, "n": None}
LEVELS = {"A": Rank.ACE, "0": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING}


def rules_for(major: str, level: str) -> Ruleset:
    """The context of setMajor(major, level): ``major`` a suit letter or 'n' (no-trump)."""
    rank = LEVELS.get(level) or Rank(int(level))
    suit = SUITS[major]
    return make_ruleset(VARIANT, rank, suit, no_trump=suit is None)


def bz(text: str) -> list[Card]:
    return parse_botzone(text)


def names(cards: list[Card]) -> list[str]:
    return [botzone_name(c) for c in cards]


def follow(c: Ruleset, lead: str, hand: str, play: str) -> pb.CheckFollowResponse:
    return check_follow(c, bz(lead), bz(hand), bz(play))


def trick(c: Ruleset, *plays: str) -> pb.JudgeTrickResponse:
    return judge_trick(c, [SeatPlay(i, tuple(bz(p))) for i, p in enumerate(plays)])


def kinds(r: pb.JudgeTrickResponse) -> list[str]:
    return [pb.PlayKind.Name(v.kind).removeprefix("PLAY_KIND_") for v in r.verdicts]


# ---------------------------------------------------------------- the variant file


def test_variant_file_carries_the_judges_parameters() -> None:
    """initGame (25 cards each, 8 in publiccard), checkLegalMove (Punish ilcnt*10), main (the kitty)."""
    v = get_variant(VARIANT)
    assert (v.deal.decks, v.deal.players, v.deal.hand_size, v.deal.bottom_size) == (2, 4, 25, 8)
    assert len(v.card_order.levels) == 13  # cardscale: any rank can be the level
    assert v.following.follow_rule == pb.FOLLOW_RULE_TYPE_AND_PAIRS
    assert v.following.throw_evaluation == pb.THROW_EVALUATION_LARGEST_COMPONENT
    assert v.throws.forced_unit == pb.FORCED_UNIT_LOWEST_BEATEN_ONE_CARD
    assert (v.throws.penalty, v.throws.penalty_points) == (pb.PENALTY_KIND_PER_BEATEN_CARD, 10)
    assert (v.bottom.rule, v.bottom.throw_rule, v.bottom.base) == (
        pb.BOTTOM_RULE_LINEAR, pb.BOTTOM_RULE_TIMES, 2)
    commits = " ".join(s.document for s in v.sources)
    assert "2807665929b9b5cc8a4a73ca009ecd9d426475b3" in commits
    assert "01621cc74038fb09a1a25eb4d380501b63652710" in commits


def test_rules_of_the_profile_cite_the_judge() -> None:
    for rule_id in ("follow.same_type", "follow.throw_components", "trick.same_type",
                    "trick.largest_component"):
        assert any(s.startswith("keyijing/Tractor-RL judger.py (") for s in RULES[rule_id].sources)


# ---------------------------------------------------------------- numbering (num2Poker, Poker2Num)


def test_numbering_follows_the_code_not_the_header_comment() -> None:
    """num2Poker: suitset s h c d, cardscale A..K with '0' the ten; the comment says 0 is h1."""
    assert [card_name(card_from_id(n)) for n in (0, 1, 2, 3, 4, 36, 48, 51, 52, 53, 54, 107)] == [
        "AS", "AH", "AC", "AD", "2S", "10S", "KS", "KD", "SJ", "BJ", "AS", "BJ"]
    assert botzone_name(card_from_id(36)) == "s0"


def test_poker2num_first_deck_then_second() -> None:
    """Poker2Num: the first deck's id, or that id + 54."""
    assert botzone_ids(card_from_name("hA")) == (1, 55)
    assert botzone_ids(card_from_name("jo")) == (52, 106)
    assert {card_from_id(n) for n in range(108)} == {card_from_id(n) for n in range(54)}


# ---------------------------------------------------------------- types and components


@pytest.mark.parametrize(("major", "level", "cards", "expected"), [
    ("h", "2", "jo jo Jo Jo", "tractor"),        # the only joker tractor, alone
    ("h", "2", "jo jo Jo Jo hA hA", "throw"),    # no joker tractor in a larger play
    ("h", "5", "h4 h4 h6 h6", "tractor"),        # pointorder without the level: 4 and 6 adjacent
    ("s", "5", "h4 h4 h6 h6", "tractor"),        # the same in a side suit
    ("h", "2", "hA hA s2 s2", "throw"),          # trump A + off-suit level: no tractor (B4)
    ("h", "2", "s2 s2 h2 h2", "throw"),          # off-suit level + trump level
    ("h", "2", "h2 h2 jo jo", "throw"),          # trump level + small jokers
    ("n", "2", "s2 s2 jo jo", "throw"),          # no-trump: level + jokers
    ("h", "3", "sA sA s2 s2", "throw"),          # the ace does not wrap
    ("h", "2", "s9 s9 s8", "throw"),             # three cards: a throw (no triples)
    ("h", "2", "s9 s9", "pair"),
    ("h", "2", "s9 c9", "throw"),                # two unequal cards
])
def test_check_poker_type(major: str, level: str, cards: str, expected: str) -> None:
    """checkPokerType: single, pair, tractor, else 'suspect' (a throw)."""
    assert play_type(rules_for(major, level), bz(cards)) == expected


def test_check_throw_split() -> None:
    """checkThrow (check=False): maximal runs of adjacent pairs, then identical groups; jokers and
    level cards never in a run, so 'jo jo Jo Jo' inside a throw is two pairs (docs item 10)."""
    c = rules_for("h", "2")
    assert sorted(len(p) for p in components(c, bz("jo jo Jo Jo hA hA hK"))) == [1, 2, 2, 2]
    assert [len(p) for p in components(c, bz("h3 h3 h4 h4 h5 h5 h9 h9 h0 h0 hQ"))] == [6, 4, 1]
    assert [len(p) for p in components(c, bz("s2 s2 d2 d2"))] == [2, 2]


def test_covering_is_by_lengths_only() -> None:
    """checkWinner / checkLegalMove: `if move_cnt[0] >= len(poktype)`, largest first."""
    assert covers([4], [2, 2]) and covers([2], [1, 1]) and covers([6], [4, 2])
    assert not covers([2, 2, 2], [4, 2]) and not covers([6, 2], [4, 4])


# ---------------------------------------------------------------- follows, a lead that is not a throw


def test_a_held_pair_must_be_played() -> None:
    """checkLegalMove + checkRes, ILLEGAL_MOVE [13]: a same-type response exists, the play is not one."""
    r = follow(rules_for("h", "2"), "s8 s8", "sA s5 s5 c3 d4", "sA s5")
    assert (r.legal, r.broken_rule_id) == (False, "follow.same_type")
    example = cards_from_pb(r.example)
    assert names(example) == ["s5", "s5"]


def test_any_pair_of_the_suit_will_do() -> None:
    """checkLegalMove, ILLEGAL_MOVE [13]-[15] check the type and pok[0]'s suit only."""
    assert follow(rules_for("h", "2"), "s8 s8", "sA sA s5 s5 c3", "s5 s5").legal
    # trump: jokers and level pairs are pairs (checkRes counts every Major card)
    r = follow(rules_for("h", "2"), "h8 h8", "jo jo sA sA", "sA sA")
    assert (r.legal, r.broken_rule_id) == (False, "follow.same_type")  # ILLEGAL_MOVE [14]
    assert follow(rules_for("h", "2"), "h8 h8", "jo jo sA sA", "jo jo").legal


def test_a_held_suit_must_be_played_to_a_single() -> None:
    """checkLegalMove, ILLEGAL_MOVE [15]: a single of the suit is held, trump is played."""
    r = follow(rules_for("h", "2"), "sK", "s3 h4", "h4")
    assert (r.legal, r.broken_rule_id) == (False, "follow.suit")
    assert follow(rules_for("h", "2"), "sK", "c3 h4", "h4").legal


def test_revoke_hole_pair_lead() -> None:
    """checkLegalMove: no pair of the suit (checkRes false) and a play of the lead's type: nothing
    is checked (docs item 3). A trump pair, or a pair of another suit, follows though the hand
    still holds spades."""
    c = rules_for("h", "2")
    assert follow(c, "s8 s8", "sA s5 h3 h3 c9 c9", "h3 h3").legal
    assert follow(c, "s8 s8", "sA s5 h3 h3 c9 c9", "c9 c9").legal
    # the same hand playing one spade and one club is checked: ILLEGAL_MOVE [19]
    r = follow(c, "s8 s8", "sA s5 h3 h3 c9 c9", "sA c9")
    assert (r.legal, r.broken_rule_id) == (False, "follow.suit")


def test_revoke_hole_tractor_lead_and_the_ruff_wins() -> None:
    """checkLegalMove (docs item 3) and checkWinner: another suit's tractor follows a tractor lead,
    and the illegal ruff it allows wins the trick."""
    c = rules_for("h", "2")
    assert follow(c, "s8 s8 s9 s9", "sA s5 c3 c3 c4 c4 h6 h6 h7 h7", "c3 c3 c4 c4").legal
    assert follow(c, "s8 s8 s9 s9", "sA s5 c3 c3 c4 c4 h6 h6 h7 h7", "h6 h6 h7 h7").legal
    r = trick(c, "s8 s8 s9 s9", "h6 h6 h7 h7", "c3 c3 c4 c4", "sA sK sQ s3")
    assert r.winning_seat == 1
    assert kinds(r) == ["LEAD", "RUFF", "DISCARD", "FOLLOW"]


def test_the_revoke_hole_is_explained_as_the_hole() -> None:
    """Issue 27, 1: legal by the hole (docs item 3), explained as the hole, naming the diamond the
    hand keeps, not as a hand whose diamonds are all played; a void hand's pair is the suit rule's."""
    c = rules_for("s", "3")
    r = follow(c, "d5 d5 d4 d4", "dJ h5 h5 h4 h4 c2", "h5 h5 h4 h4")
    assert r.legal and "hole" in r.explanation and "JD" in r.explanation
    assert "all played" not in r.explanation
    void = follow(c, "d5 d5", "h5 h5 c2", "h5 h5")
    assert void.legal and "hole" not in void.explanation and "all played (0)" in void.explanation


def test_not_all_in_suit_needs_the_suit_exhausted() -> None:
    """checkLegalMove, ILLEGAL_MOVE [16] (trump) and [19] (side)."""
    c = rules_for("h", "2")
    r = follow(c, "h9 h9", "h3 h5 s4 s6", "h3 s4")
    assert (r.legal, r.broken_rule_id) == (False, "follow.suit")
    assert follow(c, "h9 h9", "h3 s4 s6", "h3 s4").legal
    assert follow(c, "sQ sQ", "s3 h4 c5", "s3 c5").legal


def test_tractor_lead_pairs_counted() -> None:
    """checkLegalMove, ILLEGAL_MOVE [18]/[21]: pkpairs < len/2 and pkpairs < hdpairs."""
    c = rules_for("h", "2")
    hand = "s3 s3 s7 s7 s9 sJ c4"
    r = follow(c, "sQ sQ sK sK", hand, "s3 s3 s9 sJ")
    assert (r.legal, r.broken_rule_id) == (False, "follow.pairs")
    assert follow(c, "sQ sQ sK sK", hand, "s3 s3 s7 s7").legal
    assert follow(c, "sQ sQ sK sK", "s3 s3 s7 s9 sJ", "s3 s3 s9 sJ").legal
    r = follow(c, "sQ sQ sK sK", "s3 s3 s7 s9 sJ", "s7 s9 sJ s3")
    assert (r.legal, r.broken_rule_id) == (False, "follow.pairs")


def test_tractor_response_ignores_joker_and_level_pairs() -> None:
    """checkRes (trump): runs only among trump-suit pairs, 'jo'/'Jo' and level cards left out; the
    pair count of ILLEGAL_MOVE [18] counts them all."""
    c = rules_for("h", "2")
    hand = "jo jo Jo Jo h5 h9 s4"
    assert follow(c, "h3 h3 h4 h4", hand, "jo jo Jo Jo").legal          # a tractor by checkPokerType
    r = follow(c, "h3 h3 h4 h4", hand, "jo jo h5 h9")
    assert (r.legal, r.broken_rule_id) == (False, "follow.pairs")       # 1 pair of 2 held
    assert follow(c, "h3 h3 h4 h4", "s2 s2 h2 h2 h5 h9", "s2 s2 h2 h2").legal


def test_a_long_tractor_needs_a_run_as_long() -> None:
    """checkRes: `tmp >= len(poker)/2`; a two-pair run does not answer a three-pair tractor, so
    only the pair count applies (ILLEGAL_MOVE [21])."""
    c = rules_for("h", "2")
    hand = "s3 s3 s4 s4 s8 s0 sK"
    assert follow(c, "s9 s9 s0 s0 sJ sJ", hand, "s3 s3 s4 s4 s8 s0").legal
    r = follow(c, "s9 s9 s0 s0 sJ sJ", hand, "s3 s3 s8 s0 sK s4")
    assert (r.legal, r.broken_rule_id) == (False, "follow.pairs")


# ---------------------------------------------------------------- follows, a throw


def test_throw_follow_suit() -> None:
    """checkLegalMove, ILLEGAL_MOVE [10]: not all of the suit while holding more of it."""
    r = follow(rules_for("h", "2"), "sA sA sK", "s3 s4 s5 c6", "s3 s4 c6")
    assert (r.legal, r.broken_rule_id) == (False, "follow.suit")


def test_throw_without_tractor_checks_nothing_more() -> None:
    """checkLegalMove: the check runs only `if checkPokerType(outhis[0]) == "tractor"` (docs item 4)."""
    assert follow(rules_for("h", "2"), "sA sA sK", "s5 s5 s3 s4", "s3 s4 s5").legal


def test_throw_with_tractor_components_covered() -> None:
    """checkLegalMove, ILLEGAL_MOVE [11]: the hand's split covers the throw's, the play's does not."""
    c = rules_for("h", "2")
    hand = "s7 s7 s8 s8 s9 s0 c3"
    r = follow(c, "s3 s3 s4 s4 sA", hand, "s7 s7 s8 s9 s0")
    assert (r.legal, r.broken_rule_id) == (False, "follow.throw_components")
    assert follow(c, "s3 s3 s4 s4 sA", hand, "s7 s7 s8 s8 s0").legal
    # lengths only: a tractor of six covers a tractor of four and a pair
    assert follow(c, "s3 s3 s4 s4 sQ sQ", "s6 s6 s7 s7 s8 s8 s9 sJ", "s6 s6 s7 s7 s8 s8").legal


def test_throw_with_tractor_pairs_counted() -> None:
    """checkLegalMove, ILLEGAL_MOVE [12]: neither covers; pair_pok < min(pair_own, pair_his)."""
    c = rules_for("h", "2")
    hand = "s6 s6 s9 s9 sQ sQ s3 s4"
    assert follow(c, "s7 s7 s8 s8 sA", hand, "s6 s6 s9 s9 s3").legal
    r = follow(c, "s7 s7 s8 s8 sA", hand, "s6 s6 s3 s4 s9")
    assert (r.legal, r.broken_rule_id) == (False, "follow.pairs")


def test_joker_tractor_in_a_throw_is_two_pairs() -> None:
    """checkThrow: 'jo jo Jo Jo' in a throw splits into pairs, so the throw's longest component is
    a pair and no structure is asked (docs items 4 and 10)."""
    c = rules_for("h", "2")
    assert follow(c, "jo jo Jo Jo hA hA", "h3 h3 h4 h4 h5 h6 h7", "h3 h5 h6 h7 h4 h3").legal


def test_the_fixed_call_of_2807665_is_followed() -> None:
    """checkLegalMove: 01621cc calls checkThrow(major_hold, ...) without `major` and ends in
    'Unknown Error' for every all-trump follow of a throw with a tractor (docs item 7); 2807665
    passes `major` and judges the follow. The profile follows 2807665."""
    c = rules_for("h", "2")
    assert follow(c, "h3 h3 h4 h4 hA", "h6 h6 h7 h7 h9 s3", "h6 h6 h7 h7 h9").legal


# ---------------------------------------------------------------- the trick (checkWinner)


def test_pair_lead_type_and_ruffs() -> None:
    """checkWinner, 常规牌型: a different type is skipped; trump of the type ruffs; higher trump
    over-ruffs; the same card again does not win."""
    c = rules_for("h", "2")
    r = trick(c, "s8 s8", "sA sK", "h3 h3", "h5 h5")
    assert r.winning_seat == 3
    assert kinds(r) == ["LEAD", "FOLLOW", "RUFF", "OVER_RUFF"]
    r = trick(c, "s8 s8", "s9 s9", "h3 h3", "s0 s0")
    assert (r.winning_seat, r.points) == (2, 20)
    assert kinds(r) == ["LEAD", "FOLLOW", "RUFF", "FOLLOW"]


def test_off_suit_level_cards_tie() -> None:
    """checkWinner: `win_move[-1][0] != major and win_move[-1][1] == level`: only the trump-suit
    level card or a joker beats an off-suit level card; the first played wins."""
    c = rules_for("h", "2")
    r = trick(c, "s2 s2", "d2 d2", "c2 c2", "h2 h2")
    assert r.winning_seat == 3
    assert [v.beats_best_so_far for v in r.verdicts] == [True, False, False, True]
    r = trick(c, "s2", "d2", "hA", "jo")
    assert r.winning_seat == 3
    assert [v.beats_best_so_far for v in r.verdicts] == [True, False, False, True]


def test_no_trump_level_cards_only_jokers_beat() -> None:
    """checkWinner, major == 'n': a level card is beaten only by 'jo' or 'Jo'."""
    c = rules_for("n", "2")
    r = trick(c, "s2", "h2", "jo", "Jo")
    assert r.winning_seat == 3
    assert [v.beats_best_so_far for v in r.verdicts] == [True, False, True, True]


def test_joker_tractor_ruffs_a_tractor() -> None:
    """checkPokerType: 'jo jo Jo Jo' alone is a tractor, so it ruffs a side tractor."""
    c = rules_for("h", "2")
    r = trick(c, "s8 s8 s9 s9", "h3 h3 h4 h4", "jo jo Jo Jo", "sA sA sK sK")
    assert r.winning_seat == 2
    assert kinds(r) == ["LEAD", "RUFF", "OVER_RUFF", "FOLLOW"]


def test_throw_ruffs_compare_the_largest_component_only() -> None:
    """checkWinner, 甩牌, `step = len(first_parse[0])`: the highest card held twice decides; the
    big joker held once does not count against a pair."""
    c = rules_for("h", "2")
    r = trick(c, "sA sA sK", "h4 h4 h6", "h3 h3 Jo", "h5 h6 h7")
    assert r.winning_seat == 1
    assert kinds(r) == ["LEAD", "RUFF", "RUFF", "DISCARD"]
    r = trick(c, "sA sA sK", "h4 h4 h6", "h9 h9 h5", "sQ sJ s9")
    assert r.winning_seat == 2
    assert kinds(r) == ["LEAD", "RUFF", "OVER_RUFF", "FOLLOW"]


def test_throw_with_tractor_lowest_longest_tractor_decides() -> None:
    """checkWinner: `Major.index(win_parse[0][-1]) < Major.index(move_parse[0][-1])` with the
    parse sorted stably by length: the first longest component is the lowest tractor."""
    c = rules_for("h", "2")
    lead = "s3 s3 s4 s4 s6 s6 s7 s7"
    r = trick(c, lead, "h3 h3 h4 h4 hK hK hA hA", "h6 h6 h7 h7 h9 h9 h0 h0", "s9 s9 s0 s0 sJ sJ sQ sQ")
    assert r.winning_seat == 2
    assert kinds(r) == ["LEAD", "RUFF", "OVER_RUFF", "FOLLOW"]


def test_joker_tractor_does_not_cover_a_throws_tractor() -> None:
    """checkThrow splits 'jo jo Jo Jo' into pairs: 2+2+1 does not cover 4+1 (docs item 10)."""
    c = rules_for("h", "2")
    r = trick(c, "s3 s3 s4 s4 sA", "h5 h5 h6 h6 h3", "jo jo Jo Jo hA", "h9 h9 h0 h0 h4")
    assert r.winning_seat == 3
    assert kinds(r) == ["LEAD", "RUFF", "DISCARD", "OVER_RUFF"]


def test_trump_throw_can_be_beaten_by_trump() -> None:
    """checkWinner: a trump throw is the best so far as trump; a covering trump play with a higher
    largest component wins."""
    c = rules_for("h", "2")
    r = trick(c, "hK hK h3", "hA hA h4", "s5 s6 s7", "jo h5 h6")
    assert r.winning_seat == 1
    assert kinds(r) == ["LEAD", "FOLLOW", "DISCARD", "FOLLOW"]


# ---------------------------------------------------------------- throws (checkThrow, checkBigger, Punish)


def _throw(c: Ruleset, thrown: str, *others: str) -> pb.CheckThrowResponse:
    hands = [SeatPlay(i + 1, tuple(bz(h))) for i, h in enumerate(others)]
    return check_throw(c, SeatPlay(0, tuple(bz(thrown))), hands)


def test_penalty_counts_every_card_of_every_failing_component() -> None:
    """checkThrow: ilcnt += len(poktype) for each failing component; Punish(ilcnt * 10)."""
    r = _throw(rules_for("h", "2"), "sQ sQ s9 s3", "sK sK c4", "d5")
    assert (r.succeeds, r.penalty_points) == (False, 40)
    assert names(cards_from_pb(r.forced_play)) == ["s3"]


def test_a_failed_pair_or_tractor_plays_one_card() -> None:
    """checkThrow: finalpok = [[finalpok[0]]]: one card of the lowest failing component."""
    c = rules_for("h", "2")
    r = _throw(c, "sK sK s5 s5 sA", "s9 s9 c4")
    assert (r.penalty_points, names(cards_from_pb(r.forced_play))) == (20, ["s5"])
    r = _throw(c, "s3 s3 s4 s4 sA", "s6 s6 s7 s7")
    assert (r.penalty_points, names(cards_from_pb(r.forced_play))) == (40, ["s3"])


def test_trump_never_breaks_a_side_throw() -> None:
    """checkBigger: only cards of the thrown suit are looked at."""
    r = _throw(rules_for("h", "2"), "sA sA sK", "jo Jo h3 h3 c4")
    assert r.succeeds and r.penalty_points == 0


def test_off_suit_level_card_beaten_only_by_trump_level_or_joker() -> None:
    """checkBigger: `poker[0][1] == level and poker[0][0] != major`: only jo, Jo or the trump-suit
    level card beat it; any higher Major index beats the other trump."""
    c = rules_for("h", "2")
    r = _throw(c, "s2 hA", "c2 h5")
    assert (r.succeeds, names(cards_from_pb(r.forced_play)), r.penalty_points) == (False, ["hA"], 10)
    r = _throw(c, "s2 hA", "h2")
    assert (r.succeeds, r.penalty_points) == (False, 20)


def test_joker_tractor_breaks_a_four_card_trump_tractor() -> None:
    """checkBigger: `len(poker) == 4 and count["jo"] == 2 and count["Jo"] == 2` returns True."""
    r = _throw(rules_for("h", "2"), "h5 h5 h6 h6 hA", "jo jo Jo Jo")
    assert (r.succeeds, r.penalty_points) == (False, 50)
    assert names(cards_from_pb(r.forced_play)) == ["h5"]


def test_forced_card_among_off_suit_level_cards_follows_setmajor() -> None:
    """checkThrow: the failing component with the lowest Major.index; setMajor lists the off-suit
    level cards s, h, c, d, so of cA and dA the club is forced."""
    r = _throw(rules_for("s", "A"), "cA cA dA dA", "jo jo")
    assert names(cards_from_pb(r.forced_play)) == ["cA"]


# ---------------------------------------------------------------- the bottom (main, end of the hand)


BOTTOM = "sK sK s5 c2 c3 c4 c6 c7"  # 25 points


def _bottom(c: Ruleset, *plays: str) -> pb.ScoreBottomResponse:
    last = [SeatPlay(i, tuple(bz(p))) for i, p in enumerate(plays)]
    return score_bottom(c, last, frozenset({1, 3}), bz(BOTTOM))


@pytest.mark.parametrize(("plays", "mult"), [
    (("dA", "d3", "d4", "d5"), 1),                                   # mult = len(lead): single x1
    (("dA dA", "d3 d4", "d6 d7", "d8 d9"), 2),                        # pair x2
    (("d3 d3 d4 d4", "d6 d7 d8 d9", "dJ dQ dK d0", "c8 c9 cJ cQ"), 4),  # tractor of 4: x4
    (("dA dK", "d3 d4", "d6 d7", "d8 d9"), 2),                        # throw of singles: x2
    (("dA dA dK", "d3 d4 d6", "d7 d8 d9", "c8 c9 cJ"), 4),            # throw with a pair: x4
    (("d3 d3 d4 d4 dA", "d6 d7 d8 d9 dJ", "dQ dK d0 c8 c9", "cJ cQ cK c5 c6"), 8),  # 2 * 4
])
def test_bottom_multiplier(plays: tuple[str, ...], mult: int) -> None:
    """main: `mult = len(history[1][0])`, or for a throw 2*L (L >= 4), 4 (L == 2), 2;
    Reward(publicscore * mult) when seat 0, an attacker, wins the last trick."""
    r = _bottom(rules_for("h", "2"), *plays)
    assert (r.winning_seat, r.attackers_won, r.bottom_points) == (0, True, 25)
    assert (r.multiplier, r.points_to_attackers) == (mult, 25 * mult)


def test_bottom_is_lost_when_the_banker_wins_the_last_trick() -> None:
    """Reward: `if (currplayer - banker) % 2 != 0` only an attacker scores."""
    r = _bottom(rules_for("h", "2"), "d3", "dA", "d4", "d5")
    assert (r.winning_seat, r.attackers_won, r.points_to_attackers) == (1, False, 0)


def test_joker_tractor_inside_a_last_throw_counts_as_pairs() -> None:
    """main: the last throw 'jo jo Jo Jo hA' splits 2+2+1, so mult = 4, not 2 * 4."""
    r = _bottom(rules_for("h", "2"), "jo jo Jo Jo hA", "h3 h4 h5 h6 h7", "d3 d4 d6 d7 d8", "c8 c9 cJ cQ cK")
    assert r.multiplier == 4


# ---------------------------------------------------------------- the level table (EndGame)


@pytest.mark.parametrize(("points", "side", "levels"), [
    (-30, pb.SIDE_BANKER, 3), (0, pb.SIDE_BANKER, 3), (1, pb.SIDE_BANKER, 2), (39, pb.SIDE_BANKER, 2),
    (40, pb.SIDE_BANKER, 1), (79, pb.SIDE_BANKER, 1), (80, pb.SIDE_ATTACKERS, 1),
    (119, pb.SIDE_ATTACKERS, 1), (120, pb.SIDE_ATTACKERS, 2), (159, pb.SIDE_ATTACKERS, 2),
    (160, pb.SIDE_ATTACKERS, 3), (250, pb.SIDE_ATTACKERS, 3),
])
def test_endgame_bands(points: int, side: int, levels: int) -> None:
    """EndGame(banker, score): <=0 3, <40 2, <80 1 to the banker's side; <120 1, <160 2, else 3 to
    the attackers; no dead zone at 80, no step past 160, negative scores from penalties allowed."""
    r = score_deal(get_variant(VARIANT), points, 0, Rank.TWO, Rank.TWO)
    assert (r.side, r.levels) == (side, levels)


# ---------------------------------------------------------------- declarations (checkBanker)


def _declare(standing: str | None, challenger: str, same_seat: bool = False) -> pb.CompareDeclarationsResponse:
    old = None if standing is None else SeatPlay(0, tuple(bz(standing)))
    return compare_declarations(get_variant(VARIANT), Rank.TWO, old, SeatPlay(0 if same_seat else 1,
                                                                              tuple(bz(challenger))))


def test_call_and_snatch() -> None:
    """checkBanker: a call is one level card; a snatch two identical level cards (that suit) or two
    identical jokers (major = 'n'), after a call; a second call is ILLEGAL_MOVE [1]."""
    assert _declare(None, "s2").overrides
    r = _declare("s2", "h2 h2")
    assert (r.overrides, r.trump_suit) == (True, pb.SUIT_HEARTS)
    assert _declare("s2", "jo jo").no_trump and _declare("s2", "Jo Jo").overrides
    assert not _declare("s2", "jo Jo").challenger_valid      # ILLEGAL_MOVE [4]: not a pair
    assert not _declare("s2", "h2").overrides                # ILLEGAL_MOVE [1]: already called
    assert _declare("s2", "s2 s2", same_seat=True).overrides  # a player may snatch his own call


def test_only_one_snatch() -> None:
    """checkBanker: `banking["snatched"] != -1` is ILLEGAL_MOVE [3]: no snatch after a snatch."""
    assert not _declare("h2 h2", "jo jo").overrides
