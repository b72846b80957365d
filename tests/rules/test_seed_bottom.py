"""The seeds' examples of scoring the bottom (扣底 / 抠底).

Each test names its seed file and quotes the example through ``seed_quote``;
quotes from the traditional-script seeds keep the scrape's inserted readings
("倍數(shù)") as the seed has them. Seats 0 and 2 are the banker's side, 1 and 3 the attackers (闲家); the last
trick is led by an attacker who wins it unless the test says otherwise. The
bottom holds 25 points (KS KS 5D), so the points to the attackers are 25 times
the multiplier. The seeds play 10 with hearts trump unless they say otherwise.
"""

from __future__ import annotations

import pytest

from oracle.cards import Rank, Suit
from oracle.engine.ruleset import Ruleset
from oracle.variants import load_catalogue
from tests.support.seedquote import (
    CLASSIC,
    LIANZHONG,
    LIANZHONG_TRAD,
    QQ,
    bottom,
    rules_for,
    seats,
    seed_quote,
)

THREE_DECKS = "qq-three-deck"
BANKERS = {0, 2}
BOTTOM = "KS KS 5D 2C 3C 4C 6C 7C"
BOTTOM_POINTS = 25


def _last_trick(lead: str) -> list:
    """The attacker in seat 1 leads ``lead``; the others discard as many low cards of other suits."""
    n = len(lead.split())
    low = ["2D", "3D", "4D", "6D", "7D", "8D", "9D", "JD", "QD", "2C", "3C", "4C", "6C", "7C"]
    discards = " ".join(low[:n])
    return seats(lead, discards, discards, discards, first=1)


def _attackers_multiplier(context: Ruleset, lead: str) -> int:
    r = bottom(context, _last_trick(lead), BANKERS, BOTTOM)
    assert r.winning_seat == 1 and r.attackers_won
    assert r.bottom_points == BOTTOM_POINTS
    assert r.points_to_attackers == BOTTOM_POINTS * r.multiplier
    return r.multiplier


# QQ: 2 to the card count of the largest unit of the last trick, at most 64.

@pytest.mark.parametrize(("seed", "words"), [
    (QQ, "最后一圈牌如果是庄家方大，不抠底"),
    (CLASSIC, "最后一圈牌如果是莊家方大，不摳底"),
])
def test_qq_banker_wins_no_bottom(seed: str, words: str) -> None:
    """The banker's side wins the last trick: the attackers get nothing from the bottom."""
    seed_quote(seed, words)
    trick = seats("4S 4S 5S 5S", "2D 3D 4D 6D", "2D 3D 4D 6D", "2C 3C 4C 6C", first=0)
    r = bottom(rules_for(), trick, BANKERS, BOTTOM)
    assert r.winning_seat == 0
    assert not r.attackers_won
    assert r.points_to_attackers == 0


@pytest.mark.parametrize(("seed", "words", "lead", "expected"), [
    (QQ, "假设最后一圈牌最大牌型为对子 44 ，则最大牌型的牌张数为 2 ，则抠底分倍数为 2 的 2 字方，为 4 倍",
     "4S 4S", 4),
    (CLASSIC, "最后一圈牌最大牌型為對子 44，則最大牌型的牌張數(shù)為 2，則摳底分倍數(shù)為 2的 2字方，為 4倍",
     "4S 4S", 4),
    (QQ, "闲家用 4455 抠底，翻 16 倍", "4S 4S 5S 5S", 16),
    (QQ, "闲家用 445566 抠底，翻 64 倍", "4S 4S 5S 5S 6S 6S", 64),
    (CLASSIC, "閑家用 4 4 5 5 6 6摳底，翻 64倍", "4S 4S 5S 5S 6S 6S", 64),
    (QQ, "最大 64 倍", "4S 4S 5S 5S 6S 6S 7S 7S", 64),
    (QQ, "闲家用 AKQJ 甩牌抠底，抠底倍数根据单牌计算，为 2 倍", "AS KS QS JS", 2),
    (CLASSIC, "閑家用 AK Q J甩牌摳底，摳底倍數(shù)根據(jù)單牌計算，為 2倍", "AS KS QS JS", 2),
    (QQ, "闲家用甩牌 AAJJ 甩牌抠底，抠底倍数按对子计算，为 4 倍", "AS AS JS JS", 4),
    (CLASSIC, "閑家用甩牌 A AJ J甩牌摳底，摳底倍數(shù)按對子計算，為 4倍", "AS AS JS JS", 4),
])
def test_qq_multiplier(seed: str, words: str, lead: str, expected: int) -> None:
    """抠底分倍数: 2 to the card count of the largest unit; a throw counts its largest unit."""
    seed_quote(seed, words)
    seed_quote(QQ, "如果最后一圈牌为甩牌，只根据甩牌中的最大牌型计算抠底倍数")
    assert _attackers_multiplier(rules_for(), lead) == expected


@pytest.mark.parametrize(("seed", "words"), [
    (QQ, "比如闲家用甩牌 AKQJ 10 9 8 77 扣底，抠底倍数根据对子 77 计算，为 4 倍"),
    (CLASSIC, "比如閑家用甩牌 AKQJ 1 0 9 8 7 7扣底，摳底倍數(shù)根據(jù)對子 77計算，為 4倍"),
])
@pytest.mark.parametrize(("level", "trump"), [(Rank.TWO, Suit.HEARTS), (Rank.TEN, Suit.SPADES)])
def test_qq_throw_with_77(seed: str, words: str, level: Rank, trump: Suit) -> None:
    """The throw AKQJ 10 9 8 77 counts its pair 77: 4.

    Ambiguous: playing 10 (the seeds' default) a side suit has no 10, so the
    example cannot be a side-suit throw then. Two readings are tried: playing 2
    with the thrown suit a side suit, and playing 10 with the thrown suit trump
    (its 10 then being 主10). Both give 4.
    """
    seed_quote(seed, words)
    lead = "AS KS QS JS 10S 9S 8S 7S 7S"
    assert _attackers_multiplier(rules_for(level=level, trump=trump), lead) == 4


@pytest.mark.parametrize(("seed", "words", "lead", "expected"), [
    (QQ, "闲家用 555 抠底，翻 8 倍", "5S 5S 5S", 8),
    (QQ, "闲家用 444555 抠底，翻 2 × 2 × 2 × 2 × 2 × 2 ＝ 64 倍", "4S 4S 4S 5S 5S 5S", 64),
    (CLASSIC, "閑家用 4 4 4 5 5 5摳底，翻 222222= 64倍", "4S 4S 4S 5S 5S 5S", 64),
])
def test_qq_triples_need_three_decks(seed: str, words: str, lead: str, expected: int) -> None:
    """Triples need three decks: checked with the QQ three-deck variant when it ships
    ("以下两条规则三副牌两副牌通用": the bottom rule is the same), skipped otherwise."""
    seed_quote(seed, words)
    seed_quote(QQ, "以下两条规则三副牌两副牌通用")
    if THREE_DECKS not in load_catalogue():
        pytest.skip(f"a triple needs three decks: no {THREE_DECKS} variant")
    assert _attackers_multiplier(rules_for(THREE_DECKS), lead) == expected


def test_two_colours_pair_multiplier() -> None:
    """红黑 plays as the classic two decks ("其余打法与两副牌经典打法一致"): a red pair
    (红K红K) wins the last trick, 2 to the 2nd power."""
    seed_quote(CLASSIC, "其余打法與兩副牌經(jīng)典打法一致")
    seed_quote(QQ, "假设最后一圈牌最大牌型为对子 44 ，则最大牌型的牌张数为 2 ，则抠底分倍数为 2 的 2 字方，为 4 倍")
    context = rules_for("two-colour-one-deck", Rank.TEN, Suit.SPADES)
    trick = seats("KH KD", "3H 4D", "5S 6C", "7S 8C", first=1)
    r = bottom(context, trick, BANKERS, "KS 5D 2C 3C 4C 6C")
    assert r.winning_seat == 1 and r.attackers_won
    assert r.multiplier == 4
    assert r.points_to_attackers == 15 * 4


# Lianzhong: the multiplier by the shape of the last trick.

@pytest.mark.parametrize(("seed", "words"), [
    (LIANZHONG, "一局结束时，如果最后一轮牌由抓分方获胜，称为扣底"),
    (LIANZHONG_TRAD, "如果最后一輪牌由抓分方獲勝，稱為扣底"),
])
def test_lianzhong_banker_wins_no_bottom(seed: str, words: str) -> None:
    """扣底 is the attackers winning the last trick; the banker's side winning it scores them nothing."""
    seed_quote(seed, words)
    context = rules_for("lianzhong-two-deck")
    trick = seats("4S 4S", "2D 3D", "2D 3D", "2C 3C", first=0)
    r = bottom(context, trick, BANKERS, BOTTOM)
    assert r.winning_seat == 0 and not r.attackers_won and r.points_to_attackers == 0
    assert _attackers_multiplier(context, "4S 4S") >= 2


@pytest.mark.parametrize(("seed", "words", "lead", "expected"), [
    (LIANZHONG, "3、若牌中含有拖拉机则乘的倍数等于2·2^len，且不再计算其他牌型", "4S 4S 5S 5S", 8),
    (LIANZHONG, "3、若牌中含有拖拉机则乘的倍数等于2·2^len，且不再计算其他牌型", "4S 4S 5S 5S 6S 6S", 16),
    (LIANZHONG, "3、若牌中含有拖拉机则乘的倍数等于2·2^len，且不再计算其他牌型", "4S 4S 5S 5S 6S 6S 7S 7S", 32),
    (LIANZHONG, "3、若牌中含有拖拉机则乘的倍数等于2·2^len，且不再计算其他牌型", "AS AS 5S 5S 4S 4S", 8),
    (LIANZHONG_TRAD, "若牌中含有拖拉機(jī)則乘的倍數(shù)等于2·2^len", "4S 4S 5S 5S", 8),
    (LIANZHONG, "4、若牌中含有两对则乘的倍数等于4", "4S 4S", 4),
    (LIANZHONG, "4、若牌中含有两对则乘的倍数等于4", "AS KS KS", 4),
    (LIANZHONG, "4、若牌中含有两对则乘的倍数等于4", "AS AS JS JS", 4),
    (LIANZHONG_TRAD, "4、若牌中含有兩對則乘的倍數(shù)等于4", "4S 4S", 4),
    (LIANZHONG, "5、什么都没有则乘的倍数等于2", "AS", 2),
    (LIANZHONG, "5、什么都没有则乘的倍数等于2", "AS KS QS JS", 2),
    (LIANZHONG_TRAD, "5、什么都沒有則乘的倍數(shù)等于2", "AS", 2),
])
def test_lianzhong_shape_table(seed: str, words: str, lead: str, expected: int) -> None:
    """Lianzhong's table: tractor 2·2^len (len = its number of pairs), a pair 4, nothing 2.

    Reading: "两对" is Lianzhong's word for a pair (its 3-deck section writes
    "一副三对+一副两对" for 33344 = 333 + 44), so "含有两对" is "holds a pair";
    "len" of a tractor is its number of pairs. The table has no cap.
    """
    seed_quote(LIANZHONG, "扣底时底牌的分牌至少要加倍加到抓分方的得分中。具体得分根据最大一方牌情规定如下")
    seed_quote(seed, words)
    assert _attackers_multiplier(rules_for("lianzhong-two-deck"), lead) == expected


@pytest.mark.parametrize("lead", ["AS", "AS KS", "AS KS QS"])
def test_lianzhong_one_deck_no_pairs(lead: str) -> None:
    """One deck has no pairs ("对牌只在打两副以上牌时出现"): the last trick holds nothing, 2."""
    seed_quote(LIANZHONG, "对牌只在打两副以上牌时出现")
    seed_quote(LIANZHONG, "5、什么都没有则乘的倍数等于2")
    assert _attackers_multiplier(rules_for("lianzhong-one-deck"), lead) == 2
