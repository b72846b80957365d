"""The seeds' tractor (拖拉机) examples and counter-examples.

Each test names its seed file and quotes the example through ``seed_quote``.
The seeds play 10 unless they say otherwise ("以打 10 为例"); "主" is the trump
suit (hearts here), "副" a side suit's level card; a plain example such as
KKQQ is written in one suit, tried in a side suit (spades) and in the trump suit.
Expected shapes, as (tuple size, length), come from the seed's words:
(2, 2) is a tractor of two pairs, (2, 1) a pair, (1, 1) a single.
"""

from __future__ import annotations

import pytest

from oracle import pb
from oracle.cards import Rank, Suit
from tests.support.seedquote import CLASSIC, LIANZHONG, QQ, describe, rules_for, seed_quote, shapes

PLAYING_10 = (QQ, "注：下面所举的例子除特殊说明外以打 10 为例")

TRACTOR_2 = [(2, 2)]
TRACTOR_3 = [(2, 3)]


@pytest.mark.parametrize("suit", ["S", "H"])
@pytest.mark.parametrize(("example", "text", "expected"), [
    ("KKQQ", "K{s} K{s} Q{s} Q{s}", TRACTOR_2),
    ("JJ99", "J{s} J{s} 9{s} 9{s}", TRACTOR_2),
    ("554433", "5{s} 5{s} 4{s} 4{s} 3{s} 3{s}", TRACTOR_3),
])
def test_qq_plain_tractors(suit: str, example: str, text: str, expected: list[tuple[int, int]]) -> None:
    """凡大小顺序相邻且花色相同的联对均构成拖拉机，如：KKQQ,JJ99,554433 (JJ99: the level 10 is bridged)."""
    seed_quote(*PLAYING_10)
    seed_quote(QQ, "凡大小顺序相邻且花色相同的联对均构成拖拉机，如：KKQQ,JJ99,554433")
    seed_quote(QQ, example)
    r = describe(rules_for(), text.format(s=suit))
    assert shapes(r) == expected


@pytest.mark.parametrize(("seed", "words", "text", "expected"), [
    (QQ, "一对小王带一对主 10", "SJ SJ 10H 10H", TRACTOR_2),
    (QQ, "一对主 10 带一对副 10", "10H 10H 10S 10S", TRACTOR_2),
    (QQ, "一对主 10 带一对副 10", "10H 10H 10C 10C", TRACTOR_2),
    (QQ, "一对副 10 带一对主牌 A", "10D 10D AH AH", TRACTOR_2),
    (QQ, "一对主 10 带一对副 10 及一对主牌 A", "10H 10H 10S 10S AH AH", TRACTOR_3),
    (CLASSIC, "一對小王帶一對主 10", "SJ SJ 10H 10H", TRACTOR_2),
    (CLASSIC, "一對主 10帶一對副 10", "10H 10H 10S 10S", TRACTOR_2),
    (CLASSIC, "一對副 10帶一對主牌 A", "10D 10D AH AH", TRACTOR_2),
    (CLASSIC, "一對主 10帶一對副 10及一對主牌 A", "10H 10H 10S 10S AH AH", TRACTOR_3),
])
def test_qq_trump_tractors(seed: str, words: str, text: str, expected: list[tuple[int, int]]) -> None:
    """主牌中凡大小顺序相邻联对均构成拖拉机: across the jokers, the level cards and the trump A."""
    seed_quote(QQ, "主牌中凡大小顺序相邻联对均构成拖拉机")
    seed_quote(seed, words)
    r = describe(rules_for(), text)
    assert r.effective_suit == pb.EFFECTIVE_SUIT_TRUMP
    assert shapes(r) == expected


@pytest.mark.parametrize(("seed", "example", "text", "trump", "expected"), [
    (QQ, "554", "5S 5S 4S", Suit.HEARTS, [(2, 1), (1, 1)]),
    (QQ, "544", "5S 4S 4S", Suit.HEARTS, [(2, 1), (1, 1)]),
    (QQ, "5533", "5S 5S 3S 3S", Suit.HEARTS, [(2, 1), (2, 1)]),
    (QQ, "JJQ", "JS JS QS", Suit.HEARTS, [(2, 1), (1, 1)]),
    (QQ, "两对副 10", "10S 10S 10C 10C", Suit.HEARTS, [(2, 1), (2, 1)]),
    (QQ, "两对副 10", "10S 10S 10D 10D", Suit.HEARTS, [(2, 1), (2, 1)]),
    (QQ, "JJ1010", "JS JS 10S 10S", Suit.SPADES, [(2, 1), (2, 1)]),
    (QQ, "AA22", "AS AS 2S 2S", Suit.HEARTS, [(2, 1), (2, 1)]),
    (QQ, "AA22", "AH AH 2H 2H", Suit.HEARTS, [(2, 1), (2, 1)]),
    (CLASSIC, "兩對副 1 0", "10S 10S 10C 10C", Suit.HEARTS, [(2, 1), (2, 1)]),
    (CLASSIC, "J J 1 0 1 0", "JS JS 10S 10S", Suit.SPADES, [(2, 1), (2, 1)]),
    (CLASSIC, "A A 2 2", "AS AS 2S 2S", Suit.HEARTS, [(2, 1), (2, 1)]),
])
def test_qq_not_tractors(seed: str, example: str, text: str, trump: Suit,
                         expected: list[tuple[int, int]]) -> None:
    """以下各例均不是拖拉机：554,544,5533,JJQ，两对副 10,JJ1010,AA22.

    JJ1010 playing 10 with the J's suit trump: 主10 and the trump J are not adjacent
    (主10 > 副10 > A > K > Q > J); with another suit trump it is not even one suit
    (see ``test_qq_jj1010_in_a_side_suit``).
    """
    seed_quote(QQ, "以下各例均不是拖拉机：554,544,5533,JJQ ，两对副 10,JJ1010,AA22")
    seed_quote(seed, example)
    r = describe(rules_for(trump=trump), text)
    assert shapes(r) == expected


def test_qq_jj1010_in_a_side_suit() -> None:
    """JJ1010 with the J's suit a side suit, playing 10: the 10s are trump, so no tractor (nor one lead)."""
    seed_quote(QQ, "JJ1010")
    r = describe(rules_for(trump=Suit.HEARTS), "JS JS 10S 10S")
    assert r.effective_suit == pb.EFFECTIVE_SUIT_MIXED
    assert not r.valid_lead
    assert not any(u.length >= 2 for u in r.units)


LIANZHONG_TRACTORS = "当打5时，下列情况为拖拉机：3344，4466，副5副5主5主5，大王大王小王小王，AA副5副5，主5主5小王小王"


@pytest.mark.parametrize(("example", "text"), [
    ("3344", "3S 3S 4S 4S"),
    ("3344", "3H 3H 4H 4H"),
    ("4466", "4S 4S 6S 6S"),
    ("4466", "4H 4H 6H 6H"),
    ("副5副5主5主5", "5S 5S 5H 5H"),
    ("大王大王小王小王", "BJ BJ SJ SJ"),
    ("AA副5副5", "AH AH 5C 5C"),
    ("主5主5小王小王", "5H 5H SJ SJ"),
])
def test_lianzhong_tractors(example: str, text: str) -> None:
    """Lianzhong, 当打5时 these are tractors (hearts trump).

    The examples stand in the 3副牌规则 section's 术语定义, but they are tractors of
    pairs, which two decks hold too, and that section says "其它情况符合两副牌拖拉机规则".
    """
    seed_quote(LIANZHONG, LIANZHONG_TRACTORS)
    seed_quote(LIANZHONG, example)
    r = describe(rules_for("lianzhong-two-deck", Rank.FIVE, Suit.HEARTS), text)
    assert shapes(r) == TRACTOR_2


@pytest.mark.parametrize("text", ["5S 5S 6S 6S", "5H 5H 6H 6H"])
def test_lianzhong_5566_not_a_tractor(text: str) -> None:
    """当打5时下列情况不为拖拉机：5566 (级牌不能与相同花色的副牌构成拖拉机).

    With 5S a side suit's level card, 5S and 6S are not even one suit; with the
    suit trump, 主5 and the trump 6 are not adjacent. Either way no tractor.
    """
    seed_quote(LIANZHONG, "当打5时下列情况不为拖拉机：5566")
    seed_quote(LIANZHONG, "级牌不能与相同花色的副牌构成拖拉机")
    r = describe(rules_for("lianzhong-two-deck", Rank.FIVE, Suit.HEARTS), text)
    assert not any(u.length >= 2 for u in r.units)


@pytest.mark.parametrize("text", ["5S 5S 5C 5C", "5H 5H 5D 5D", "5S 5S 5H 5H"])
def test_lianzhong_5555_no_trump_not_a_tractor(text: str) -> None:
    """当打无主时下列情况不为拖拉机：5555 (playing 5, no trump).

    Two decks hold two 5s of a suit, so 5555 is two pairs of 5 of different suits:
    with no trump suit there is no 主5, all 5s are equal level cards.
    """
    seed_quote(LIANZHONG, "当打无主时下列情况不为拖拉机：5555")
    r = describe(rules_for("lianzhong-two-deck", Rank.FIVE, None), text)
    assert r.effective_suit == pb.EFFECTIVE_SUIT_TRUMP
    assert shapes(r) == [(2, 1), (2, 1)]


def test_lianzhong_plain_tractor() -> None:
    """同花色的相邻两对或更多的对构成拖拉机."""
    seed_quote(LIANZHONG, "同花色的相邻两对或更多的对构成拖拉机")
    context = rules_for("lianzhong-two-deck")
    assert shapes(describe(context, "KS KS QS QS JS JS")) == TRACTOR_3
    assert shapes(describe(context, "KS KS JS JS")) == [(2, 1), (2, 1)]


@pytest.mark.parametrize(("level", "trump"), [
    (Rank.TEN, Suit.HEARTS), (Rank.TEN, Suit.SPADES), (Rank.TEN, None),
])
def test_two_colours_tractor(level: Rank, trump: Suit | None) -> None:
    """红黑: 同種顏色的兩個連對為拖拉機，如7788是拖拉機 (7788 of one colour)."""
    seed_quote(CLASSIC, "同理同種顏色的兩個連對為拖拉機，如7788是拖拉機")
    context = rules_for("two-colour-one-deck", level, trump)
    for text in ("7H 7D 8H 8D", "7S 7C 8C 8S"):
        assert shapes(describe(context, text)) == TRACTOR_2, text
