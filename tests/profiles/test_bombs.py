"""Bombs (comparison.bomb_policy), as rbtying/shengji's BombPolicy describes them.

Upstream (a newer revision of mechanics/src/trick.rs, unconfirmed): a bomb is
four or more identical cards; under AllowBombs a follower may play one whatever
the suit, under AllowBombsSuitFollowing only of the led suit or trump (another
suit when void); a bomb beats any play that is not a bomb, and between bombs
more cards win, then the higher. The default room has no bombs. Expected values
are these rules applied by hand to each case.
"""

from __future__ import annotations

import pytest

from oracle import pb
from oracle.cards import Rank, Suit, parse_cards
from oracle.dispatch.questions import check_follow, judge_trick
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.variants import get_variant, make_ruleset, validate


def room(policy: int, decks: int = 4) -> Ruleset:
    """The rbtying default room with four decks (so quads exist; eight for bombs of five) and the
    given bomb policy."""
    variant = pb.Variant()
    variant.CopyFrom(get_variant("rbtying-default"))
    variant.id = "room-bombs"
    variant.deal.decks, variant.deal.bottom_size = decks, 8
    variant.deal.hand_size = (54 * decks - 8) // 4
    variant.comparison.bomb_policy = policy  # type: ignore[assignment]
    assert validate(variant) == []
    return make_ruleset(variant, Rank.TWO, Suit.HEARTS)


ALLOW = pb.BOMB_POLICY_ALLOW_BOMBS
SUIT_FOLLOWING = pb.BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING
NONE = pb.BOMB_POLICY_NO_BOMBS

LEAD = "5S 6S 8S 9S"          # a throw of four spade singles
HAND = "3S 7C 7C 7C 7C KD"   # one spade, a club bomb


@pytest.mark.parametrize(("policy", "legal"), [(ALLOW, True), (SUIT_FOLLOWING, False), (NONE, False)])
def test_an_off_suit_bomb_as_a_follow(policy: int, legal: bool) -> None:
    """AllowBombs: a bomb whatever the suit; SuitFollowing: not of another suit while holding the
    led suit; no bombs: the spade must be played."""
    r = check_follow(room(policy), parse_cards(LEAD), parse_cards(HAND), parse_cards("7C 7C 7C 7C"))
    assert r.legal == legal
    if legal:
        assert "follow.bomb" in r.rule_ids


def test_an_off_suit_bomb_when_void() -> None:
    """SuitFollowing: with no spade left, a club bomb may be played."""
    r = check_follow(room(SUIT_FOLLOWING), parse_cards(LEAD), parse_cards("7C 7C 7C 7C KD"),
                     parse_cards("7C 7C 7C 7C"))
    assert r.legal


def test_a_trump_bomb_under_suit_following() -> None:
    """SuitFollowing: a trump bomb is of trump, so it may be played even holding the led suit."""
    r = check_follow(room(SUIT_FOLLOWING), parse_cards(LEAD), parse_cards("3S 4H 4H 4H 4H KD"),
                     parse_cards("4H 4H 4H 4H"))
    assert r.legal


def _trick(policy: int, *plays: str, decks: int = 4) -> pb.JudgeTrickResponse:
    return judge_trick(room(policy, decks), [SeatPlay(i, tuple(parse_cards(p))) for i, p in enumerate(plays)])


def test_a_bomb_beats_a_tractor_ruff() -> None:
    """The spade tractor is ruffed by a trump tractor, then bombed: the bomb wins; without bombs
    the trump tractor does."""
    plays = ("5S 5S 6S 6S", "8H 8H 9H 9H", "7C 7C 7C 7C", "3S 3S 4S 4S")
    bombed = _trick(ALLOW, *plays)
    assert bombed.winning_seat == 2
    assert bombed.verdicts[2].kind == pb.PLAY_KIND_BOMB
    assert _trick(NONE, *plays).winning_seat == 1


def test_more_cards_then_trump_then_higher() -> None:
    """Between bombs: a bigger one wins; of as many cards a trump bomb beats a side one; in one
    suit the higher; of two side suits, the one upstream's ``Trump::suit_ordinal`` puts higher
    under this trump (hearts: clubs < diamonds < spades), whatever the ranks (#498)."""
    assert _trick(ALLOW, "5S 5S 5S 5S 6S", "7C 7C 7C 7C 7C", "8C 8C 8C 8C 8C", "6C 6C 6C 6C 6C",
                  decks=8).winning_seat == 2
    assert _trick(ALLOW, "5S 5S 5S 5S 6S", "7C 7C 7C 7C 7C", "8C 8C 8C 8C 8C", "KD KD KD KD KD",
                  decks=8).winning_seat == 3
    assert _trick(ALLOW, "5S 5S 5S 5S 6S", "AD AD AD AD AD", "3S 3S 3S 3S 3S", "KC KC KC KC KC",
                  decks=8).winning_seat == 2
    assert _trick(ALLOW, "5S 5S 5S 5S 6S", "7C 7C 7C 7C 7C", "8H 8H 8H 8H 3H", "KD KD KD KD 3D",
                  decks=8).winning_seat == 1
    assert _trick(ALLOW, "5S 6S 8S 9S", "7C 7C 7C 7C", "3H 3H 3H 3H", "AC AC AC AC").winning_seat == 2
    assert _trick(ALLOW, "5S 6S 8S 9S", "7C 7C 7C 7C", "9C 9C 9C 9C", "3S 4S 10S JS").winning_seat == 2
