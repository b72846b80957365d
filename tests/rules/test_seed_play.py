"""The seeds' examples of play: follow duties, ruff (毙) and over-ruff (盖毙), throws (甩牌).

Each test names its seed file and quotes the example through ``seed_quote``.
The seeds play 10 unless they say otherwise; "主牌" is the trump suit (hearts
here), "副牌" a side suit (spades here). Seats play in order 0, 1, 2, 3.
"""

from __future__ import annotations

import pytest

from oracle import pb
from oracle.cards import Suit
from tests.support.seedquote import (
    CLASSIC,
    LIANZHONG,
    LIANZHONG_TRAD,
    QQ,
    card_set,
    follow,
    rules_for,
    seed_quote,
    throw,
    trick,
)

# Following.

PAIR_DUTY = [
    (QQ, "首家出对牌时，其余家有对牌必须出对牌（包括拖拉机中的对牌）"),
    (CLASSIC, "首家出對牌時，其余家有對牌必須出對牌（包括拖拉機中的對牌）"),
]


@pytest.mark.parametrize(("seed", "words"), PAIR_DUTY)
def test_pair_lead_pair_duty(seed: str, words: str) -> None:
    """A pair is led: a follower holding a pair of the suit must play a pair."""
    seed_quote(seed, words)
    context = rules_for()
    r = follow(context, "8S 8S", "AS 5S 5S 3S 4D 6C", "AS 3S")
    assert not r.legal and r.broken_rule_id == "follow.pairs"
    assert follow(context, "8S 8S", "AS 5S 5S 3S 4D 6C", "5S 5S").legal
    # Without a pair of the suit any two of the suit will do.
    assert follow(context, "8S 8S", "AS KS 3S 4D", "AS 3S").legal


@pytest.mark.parametrize(("seed", "words"), PAIR_DUTY)
def test_pair_lead_pairs_inside_a_tractor(seed: str, words: str) -> None:
    """包括拖拉机中的对牌: the hand's only pairs are inside a tractor; one of them must be played."""
    seed_quote(seed, words)
    context = rules_for()
    hand = "KS KS QS QS 3S 4D"
    r = follow(context, "8S 8S", hand, "KS 3S")
    assert not r.legal and r.broken_rule_id == "follow.pairs"
    assert follow(context, "8S 8S", hand, "QS QS").legal
    assert follow(context, "8S 8S", hand, "KS KS").legal


TRACTOR_DUTY = [
    (QQ, "首家出拖拉机时，其余家有拖拉机必须出拖拉机，若无拖拉机，则必须出对牌，无对牌时才能出其它牌"),
    (CLASSIC, "首家出拖拉機時，其余家有拖拉機必須出拖拉機，若無拖拉機，則必須出對牌，無對牌時才能出其它牌"),
]


@pytest.mark.parametrize(("seed", "words"), TRACTOR_DUTY)
def test_tractor_lead_tractor_duty(seed: str, words: str) -> None:
    """A tractor is led: a follower with a tractor of the suit plays it."""
    seed_quote(seed, words)
    context = rules_for()
    lead, hand = "8S 8S 7S 7S", "QS QS JS JS 6S 3S 2D"
    r = follow(context, lead, hand, "QS QS 6S 3S")
    assert not r.legal and r.broken_rule_id == "follow.tractor"
    assert follow(context, lead, hand, "QS QS JS JS").legal


@pytest.mark.parametrize(("seed", "words"), TRACTOR_DUTY)
def test_tractor_lead_pairs_without_a_tractor(seed: str, words: str) -> None:
    """若无拖拉机，则必须出对牌: no tractor, so the pairs (both of them, as the lead has two)."""
    seed_quote(seed, words)
    context = rules_for()
    lead = "8S 8S 7S 7S"
    r = follow(context, lead, "QS QS 6S 6S 3S 2D", "QS QS 6S 3S")
    assert not r.legal and r.broken_rule_id == "follow.pairs"
    assert follow(context, lead, "QS QS 6S 6S 3S 2D", "QS QS 6S 6S").legal
    # One pair: the pair and any two more of the suit.
    r = follow(context, lead, "QS QS 9S 6S 3S 2D", "QS 9S 6S 3S")
    assert not r.legal and r.broken_rule_id == "follow.pairs"
    assert follow(context, lead, "QS QS 9S 6S 3S 2D", "QS QS 9S 3S").legal


@pytest.mark.parametrize(("seed", "words"), TRACTOR_DUTY)
def test_tractor_lead_no_pairs_anything(seed: str, words: str) -> None:
    """无对牌时才能出其它牌: with no pair of the suit, any cards of the suit, then any others."""
    seed_quote(seed, words)
    context = rules_for()
    lead = "8S 8S 7S 7S"
    assert follow(context, lead, "QS 9S 6S 3S 2D", "QS 9S 6S 3S").legal
    assert follow(context, lead, "QS 9S 2D 3C 4C", "QS 9S 2D 3C").legal
    r = follow(context, lead, "QS 9S 2D 3C 4C", "QS 2D 3C 4C")
    assert not r.legal and r.broken_rule_id == "follow.suit"


@pytest.mark.parametrize(("seed", "words"), [
    (LIANZHONG, "如果不是首家出牌方，则在出牌时必须先出首家出的花色。如：首家出了红桃，则如果用户有红桃必须先出红桃"),
    (LIANZHONG_TRAD, "如：首家出了紅桃，則如果用戶有紅桃必須先出紅桃"),
])
def test_lianzhong_follow_suit(seed: str, words: str) -> None:
    """首家出了红桃: a follower holding hearts plays hearts (spades trump, so hearts is a side suit)."""
    seed_quote(seed, words)
    context = rules_for("lianzhong-two-deck", trump=Suit.SPADES)
    r = follow(context, "AH", "3H 4C 5S", "4C")
    assert not r.legal and r.broken_rule_id == "follow.suit"
    assert card_set(r.example) == ["3H"]
    assert follow(context, "AH", "3H 4C 5S", "3H").legal


@pytest.mark.parametrize("variant", ["qq-two-deck", "qq-one-deck"])
def test_qq_follow_suit_and_count(variant: str) -> None:
    """QQ升级: the led suit and shape when held, else any cards of the same number."""
    seed_quote(QQ, "出牌规则：首家出某一花色某一数量的牌后，其余家若有相同花色或牌型必须出相同的，"
                   "若没有则可出任意花色相同数量的牌")
    context = rules_for(variant)
    r = follow(context, "AS KS", "3S 4C 5D", "4C 5D")
    assert not r.legal and r.broken_rule_id == "follow.suit"
    assert follow(context, "AS KS", "3S 4C 5D", "3S 4C").legal
    assert follow(context, "AS KS", "4C 5D 6D", "4C 6D").legal
    assert follow(context, "AS KS", "4C 5D 6H", "5D 6H").legal


def test_lianzhong_void_may_ruff_or_discard() -> None:
    """在没有首家牌出牌的花色时，可以用主牌杀掉或垫其他花色牌."""
    seed_quote(LIANZHONG, "在没有首家牌出牌的花色时，可以用主牌杀掉或垫其他花色牌")
    context = rules_for("lianzhong-two-deck", trump=Suit.SPADES)
    assert follow(context, "AH", "4C 5S", "5S").legal
    assert follow(context, "AH", "4C 5S", "4C").legal
    assert trick(context, "AH", "5S").winning_seat == 1
    assert trick(context, "AH", "4C").winning_seat == 0


def test_lianzhong_lead_with_a_pair() -> None:
    """如果首家出牌中包含对，则其它方如果有同花色的对，必须出对 (a throw holding a pair)."""
    seed_quote(LIANZHONG, "如果首家出牌中包含对，则其它方如果有同花色的对，必须出对")
    context = rules_for("lianzhong-two-deck")
    r = follow(context, "AS KS KS", "QS QS 9S 6S 2D", "QS 9S 6S")
    assert not r.legal and r.broken_rule_id == "follow.pairs"
    assert follow(context, "AS KS KS", "QS QS 9S 6S 2D", "QS QS 6S").legal


def test_lianzhong_lead_with_a_tractor() -> None:
    """如果首家出牌中包含拖拉机，则其它方如果有同花色的拖拉机，必须出拖拉机 (a throw holding a tractor)."""
    seed_quote(LIANZHONG, "如果首家出牌中包含拖拉机，则其它方如果有同花色的拖拉机，必须出拖拉机")
    context = rules_for("lianzhong-two-deck")
    lead, hand = "AS 8S 8S 7S 7S", "QS QS JS JS 9S 3S"
    r = follow(context, lead, hand, "QS QS JS 9S 3S")
    assert not r.legal and r.broken_rule_id == "follow.tractor"
    assert follow(context, lead, hand, "QS QS JS JS 3S").legal


# Ruff (毙) and over-ruff (盖毙).

def test_ruff_a_single() -> None:
    """首家出某花色副牌时，其余家无此门花色时，可出主牌，称为 “ 毙 ”."""
    seed_quote(QQ, "首家出某花色副牌时，其余家无此门花色时，可出主牌，称为 “ 毙 ”")
    r = trick(rules_for(), "AS", "2H", "KS", "QS")
    assert r.winning_seat == 1
    assert r.verdicts[1].kind == pb.PLAY_KIND_RUFF


RUFF_STRUCTURE = [
    (QQ, ("若首家出的牌中有拖拉机或对牌，毙牌时所出的牌必须是主牌，且其拖拉机的数目不得少于首家出的牌中的拖拉机的数目，"
          "对牌的数目也不得少于首家出的牌中的对牌的数目，否则被视为垫牌")),
    (LIANZHONG, "如果首家出牌中包含了拖拉机或对时，其它方试图用主牌毙时必须也要出相应数量的拖拉机和对"),
]


@pytest.mark.parametrize(("seed", "words"), RUFF_STRUCTURE)
@pytest.mark.parametrize("variant", ["qq-two-deck", "lianzhong-two-deck"])
def test_ruff_needs_the_structure(seed: str, words: str, variant: str) -> None:
    """A ruff of a tractor needs a trump tractor; of a pair, a trump pair; all trump; else it is a discard."""
    seed_quote(seed, words)
    context = rules_for(variant)
    r = trick(context, "5S 5S 4S 4S", "9H 9H 7H 7H")
    assert r.winning_seat == 0 and r.verdicts[1].kind == pb.PLAY_KIND_DISCARD
    r = trick(context, "5S 5S 4S 4S", "9H 9H 8H 8H")
    assert r.winning_seat == 1 and r.verdicts[1].kind == pb.PLAY_KIND_RUFF
    r = trick(context, "5S 5S 4S 4S", "9H 9H 8H 3C")
    assert r.winning_seat == 0 and r.verdicts[1].kind == pb.PLAY_KIND_DISCARD
    r = trick(context, "5S 5S", "BJ SJ")
    assert r.winning_seat == 0 and r.verdicts[1].kind == pb.PLAY_KIND_DISCARD
    r = trick(context, "5S 5S", "2H 2H")
    assert r.winning_seat == 1


@pytest.mark.parametrize(("seed", "words"), [
    (QQ, "主牌 9988 72 可毙副牌 AK5544, 但不能毙副牌 AA5544"),
    (CLASSIC, "主牌 9 9 8 8 7 2可斃副牌 A K 5 5 4 4,但不能斃副牌 A A 5 5 4 4"),
])
def test_9988_72_ruffs_ak5544_not_aa5544(seed: str, words: str) -> None:
    """9988 72 holds a tractor and two pairs: enough for AK5544 (one tractor, two pairs),
    not for AA5544 (one tractor, three pairs)."""
    seed_quote(seed, words)
    context = rules_for()
    r = trick(context, "AS KS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H")
    assert r.winning_seat == 1
    assert r.verdicts[1].kind == pb.PLAY_KIND_RUFF
    r = trick(context, "AS AS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H")
    assert r.winning_seat == 0
    assert r.verdicts[1].kind == pb.PLAY_KIND_DISCARD


@pytest.mark.parametrize(("seed", "words"), [
    (QQ, "主牌 977 可毙副牌 544, 主牌 884 可盖毙"),
    (CLASSIC, "主牌 9 7 7可斃副牌 5 4 4,主牌 8 8 4可蓋斃"),
])
def test_977_ruffs_544_and_884_over_ruffs(seed: str, words: str) -> None:
    """On a lead holding a pair the ruffs compare by their pairs: 88 beats 77."""
    seed_quote(seed, words)
    r = trick(rules_for(), "5S 4S 4S", "9H 7H 7H", "8H 8H 4H", "6S 3S 2S")
    assert r.winning_seat == 2
    assert [v.kind for v in r.verdicts] == [
        pb.PLAY_KIND_LEAD, pb.PLAY_KIND_RUFF, pb.PLAY_KIND_OVER_RUFF, pb.PLAY_KIND_FOLLOW]


@pytest.mark.parametrize(("seed", "words"), [
    (QQ, "主牌 977 可毙副牌 567, 主牌 884 不能盖毙"),
    (CLASSIC, "主牌 9 7 7可斃副牌 5 6 7,主牌 8 8 4不能蓋斃"),
])
def test_977_ruffs_567_and_884_cannot_over_ruff(seed: str, words: str) -> None:
    """On a lead of singles the ruffs compare by their highest card: 9 beats 8."""
    seed_quote(seed, words)
    r = trick(rules_for(), "5S 6S 7S", "9H 7H 7H", "8H 8H 4H", "AS 3S 2S")
    assert r.winning_seat == 1
    assert r.verdicts[1].kind == pb.PLAY_KIND_RUFF
    assert not r.verdicts[2].beats_best_so_far
    assert not r.verdicts[3].beats_best_so_far


@pytest.mark.parametrize(("seed", "words"), [
    (LIANZHONG, "若首家出包含对的副牌，其它方即使全部出了主牌，但没有对，也不能算大"),
    (LIANZHONG_TRAD, "若首家出包含對的副牌，其它方即使全部出了主牌，但沒有對，也不能算大"),
])
def test_lianzhong_trump_without_the_pair_is_not_bigger(seed: str, words: str) -> None:
    """Lianzhong: a side-suit lead holding a pair; all trump but no pair does not win."""
    seed_quote(seed, words)
    context = rules_for("lianzhong-two-deck")
    r = trick(context, "5S 5S", "BJ SJ", "3S 2S", "10H AH")
    assert r.winning_seat == 0
    assert not r.verdicts[1].beats_best_so_far and not r.verdicts[3].beats_best_so_far
    r = trick(context, "KS 5S 5S", "BJ SJ 10H", "2H 2H 3H")
    assert r.winning_seat == 2
    # A follow in the led suit without the pair cannot win either.
    r = trick(context, "5S 5S", "AS KS")
    assert r.winning_seat == 0


# Throws (甩牌).

THROW_OK = [
    (QQ, "副牌中： AAK ， AKK ， AQQJJ ， 98844 （若其他家中无人有能大过一张 9 ，和一对 8 ，和一对 4 的牌）"),
    (CLASSIC, "副牌中： A A K， A K K， A Q QJ J， 9 8 8 4 4（若其他家中無人有能大過一張 9，和一對 8，和一對 4的牌）"),
]


@pytest.mark.parametrize(("seed", "words"), THROW_OK)
@pytest.mark.parametrize(("thrown", "others"), [
    ("AS AS KS", ("QS QS JS 3C", "9S 8S 2D", "2S 2S 5H")),
    ("AS KS KS", ("AS QS QS 3C", "JS JS 9S", "2S 5H")),
    ("AS QS QS JS JS", ("KS KS 9S 9S", "AS 3S", "8S 8S 7S 7S")),
    ("9S 8S 8S 4S 4S", ("7S 6S 3S 3S 2C", "5S 2S AH", "KH 3D")),
])
def test_throw_succeeds_when_none_can_beat(seed: str, words: str, thrown: str, others: tuple[str, ...]) -> None:
    """同门花色的大牌可以联出: AAK, AKK, AQQJJ, 98844 succeed when no other hand beats a part.

    The other hands hold lower cards of the suit, or an equal A (equal cards do not beat).
    """
    seed_quote(seed, words)
    seed_quote(QQ, "同门花色的大牌可以联出，称作 “ 甩牌 ”")
    r = throw(rules_for(), thrown, *others)
    assert r.is_throw and r.succeeds
    assert not r.forced_play


FAILED_98844 = [
    (QQ, "首家试图联出 98844 时，若其余某家有此花色的 J ，则首家必须出 9 ，若其余某家有此花色的 QQ 或 55 ，则首家必须出 44"),
    (CLASSIC, "9 8 8 4 4時，若其余某家有此花色的 J，則首家必須出 9，若其余某家有此花色的 Q Q或 5 5，則首家必須出 4 4"),
]


@pytest.mark.parametrize(("seed", "words"), FAILED_98844)
@pytest.mark.parametrize(("others", "forced"), [
    (("JS 3C", "2S 2D", "3H"), ["9S"]),
    (("3C", "2S 2D", "JS 3H"), ["9S"]),
    (("QS QS 3C", "2S", "3H"), ["4S", "4S"]),
    (("5S 5S", "2S", "3H"), ["4S", "4S"]),
    (("2S", "3H", "5S 5S 7S"), ["4S", "4S"]),
])
def test_98844_fails_and_forces(seed: str, words: str, others: tuple[str, ...], forced: list[str]) -> None:
    """98844 with J elsewhere forces 9; with QQ or 55 elsewhere forces 44.

    "其必须出欲联出的牌中的最小牌" cannot mean the smallest card of the throw (with J
    held the 9 is forced, not a 4): it is the smallest of the parts someone can beat.
    QQ beats the 9, the 88 and the 44, and 44 is forced.
    """
    seed_quote(seed, words)
    seed_quote(QQ, "若首家试图联出的牌并非都是大牌时，则其必须出欲联出的牌中的最小牌")
    r = throw(rules_for(), "9S 8S 8S 4S 4S", *others)
    assert r.is_throw and not r.succeeds
    assert card_set(r.forced_play) == sorted(forced)


@pytest.mark.parametrize("seed,words", [
    (LIANZHONG, "首家可以出同花色中的拖拉机、对和单牌的任意组合，但必须保证最大性"),
    (LIANZHONG_TRAD, "對和單牌的任意組合，但必須保證最大性"),
])
def test_lianzhong_throw_must_be_biggest(seed: str, words: str) -> None:
    """Lianzhong: a throw of several units of one suit must be the biggest (必须保证最大性)."""
    seed_quote(seed, words)
    context = rules_for("lianzhong-two-deck")
    r = throw(context, "AS KS KS", "AS QS QS", "JS 3S", "2S")
    assert r.is_throw and r.succeeds
    r = throw(context, "AS 9S 9S", "QS QS", "JS 3S", "2S")
    assert r.is_throw and not r.succeeds
    assert card_set(r.forced_play) == ["9S", "9S"]
