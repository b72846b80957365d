"""The seeds' card orders, and "equal cards: the first played wins".

Each test names its seed file and quotes the example through ``seed_quote``,
which fails when the seed does not contain the words. The expected order is
written from the seed's words; the engine is asked through its public answers
(``judge_trick`` on single cards, ``describe_play`` for the suit of a card).

The seeds' examples play 10 unless they say otherwise (002_: "注：下面所举的例子除
特殊说明外以打 10 为例"); "主" is the trump suit, here hearts.
"""

from __future__ import annotations

import itertools

import pytest

from oracle import pb
from oracle.cards import Rank, Suit, full_deck
from oracle.engine.ruleset import Ruleset
from tests.support.seedquote import (
    CLASSIC,
    LIANZHONG,
    LIANZHONG_TRAD,
    QQ,
    describe,
    rules_for,
    seed_quote,
    trick,
)

# Trump from the top, one group per strength (a group holds cards of equal strength).
QQ_TRUMP = [["BJ"], ["SJ"], ["10H"], ["10S", "10D", "10C"],
            ["AH"], ["KH"], ["QH"], ["JH"], ["9H"], ["8H"], ["7H"], ["6H"], ["5H"], ["4H"],
            ["3H"], ["2H"]]
QQ_SIDE = [["AS"], ["KS"], ["QS"], ["JS"], ["9S"], ["8S"], ["7S"], ["6S"], ["5S"], ["4S"],
           ["3S"], ["2S"]]
TWO_TRUMP_TRUMP = [["BJ"], ["SJ"], ["10H"], ["10S", "10D", "10C"], ["2H"], ["2S", "2D", "2C"],
                   ["AH"], ["KH"], ["QH"], ["JH"], ["9H"], ["8H"], ["7H"], ["6H"], ["5H"],
                   ["4H"], ["3H"]]
TWO_TRUMP_SIDE = [["AS"], ["KS"], ["QS"], ["JS"], ["9S"], ["8S"], ["7S"], ["6S"], ["5S"],
                  ["4S"], ["3S"]]

ORDERS = [
    pytest.param(
        "qq-two-deck", QQ,
        "2不为常主时主牌从大至小依次为：大王 , 小王 , 主 10, 副 10,A,K,Q,J,9,8,7,6,5,4,3,2"
        "副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3,2",
        QQ_TRUMP, QQ_SIDE, id="002-qq-two-deck"),
    pytest.param(
        "qq-one-deck", QQ,
        "2不为常主时主牌从大至小依次为：大王 , 小王 , 主 10, 副 10,A,K,Q,J,9,8,7,6,5,4,3,2"
        "副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3,2",
        QQ_TRUMP, QQ_SIDE, id="002-qq-one-deck"),
    pytest.param(
        "qq-two-deck", CLASSIC, "大王,小王,主 10,副 10,A,K,Q,J,9,8,7,6,5,4,3,2",
        QQ_TRUMP, QQ_SIDE, id="000-qq-two-deck"),
    pytest.param(
        "qq-two-deck-two-trump", QQ,
        "2为常主时主牌从大至小依次为：大王 , 小王 , 主 10, 副 10, 主 2, 副 2,A,K,Q,J,9,8,7,6,5,4,3"
        "副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3",
        TWO_TRUMP_TRUMP, TWO_TRUMP_SIDE, id="002-two-trump"),
    pytest.param(
        "qq-two-deck-two-trump", CLASSIC, "大王,小王,主 10,副 10,主 2,副 2,A,K,Q,J,9,8,7,6,5,4,3",
        TWO_TRUMP_TRUMP, TWO_TRUMP_SIDE, id="000-two-trump"),
    pytest.param(
        "lianzhong-two-deck", LIANZHONG,
        "大王(红色Joker) 小王(黑色Joker) 主花色级牌 其它花色级牌 主花色牌(级牌除外)，A最大，K次之，……2最小 "
        "副牌(级牌除外)，A最大，K次之，……2最小",
        QQ_TRUMP, QQ_SIDE, id="004-lianzhong-two-deck"),
    pytest.param(
        "lianzhong-one-deck", LIANZHONG,
        "大王(红色Joker) 小王(黑色Joker) 主花色级牌 其它花色级牌 主花色牌(级牌除外)，A最大，K次之，……2最小 "
        "副牌(级牌除外)，A最大，K次之，……2最小",
        QQ_TRUMP, QQ_SIDE, id="004-lianzhong-one-deck"),
    pytest.param(
        "lianzhong-two-deck", LIANZHONG_TRAD,
        "大王(紅色Joker)", QQ_TRUMP, QQ_SIDE, id="003-lianzhong-two-deck"),
]


def _assert_ladder(context: Ruleset, groups: list[list[str]]) -> None:
    """Every card beats every card of a lower group, whoever plays first; equals: the first wins."""
    for (i, high_group), (j, low_group) in itertools.combinations(enumerate(groups), 2):
        assert i < j
        for high, low in itertools.product(high_group, low_group):
            assert trick(context, low, high).winning_seat == 1, f"{high} should beat {low}"
            assert trick(context, high, low).winning_seat == 0, f"{low} should not beat {high}"
    for group in groups:
        for a, b in itertools.permutations(group, 2):
            assert trick(context, a, b).winning_seat == 0, f"{a} and {b} are equal: the first wins"


@pytest.mark.parametrize(("variant", "seed", "words", "trump", "side"), ORDERS)
def test_card_order(variant: str, seed: str, words: str, trump: list[list[str]],
                    side: list[list[str]]) -> None:
    """The trump order and a side suit's order, playing 10 with hearts trump."""
    seed_quote(seed, words)
    context = rules_for(variant)
    for card in itertools.chain.from_iterable(trump):
        assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_TRUMP, card
    for card in itertools.chain.from_iterable(side):
        assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_SPADES, card
    _assert_ladder(context, trump)
    _assert_ladder(context, side)


@pytest.mark.parametrize("variant", ["qq-two-deck", "qq-two-deck-two-trump"])
def test_level_card_leaves_the_side_suit(variant: str) -> None:
    """副牌 lists no 10 (A,K,Q,J,9): the side suits' 10s are trump (副10)."""
    seed_quote(QQ, "副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3,2")
    context = rules_for(variant)
    for card in ("10S", "10D", "10C"):
        assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_TRUMP


def test_two_always_trump_leaves_the_side_suit() -> None:
    """2为常主: the side suits end at 3, every 2 is trump (主2 above 副2)."""
    seed_quote(QQ, "2为常主时主牌从大至小依次为：大王 , 小王 , 主 10, 副 10, 主 2, 副 2")
    seed_quote(QQ, "副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3")
    context = rules_for("qq-two-deck-two-trump")
    for card in ("2S", "2D", "2C", "2H"):
        assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_TRUMP


@pytest.mark.parametrize("seed,words", [
    (QQ, "出牌时同等大小的牌以先出者为大"),
    (CLASSIC, "出牌時同等大小的牌以先出者為大"),
])
def test_equal_cards_first_played_wins(seed: str, words: str) -> None:
    """副10 against 副10 (and identical cards): the first played wins; 主10 is bigger."""
    seed_quote(seed, words)
    context = rules_for()
    assert trick(context, "10S", "10C").winning_seat == 0
    assert trick(context, "10C", "10S", "10D").winning_seat == 0
    assert trick(context, "10C", "10S", "10H", "10D").winning_seat == 2
    assert trick(context, "10S 10S", "10C 10C").winning_seat == 0
    assert trick(context, "AS", "AS").winning_seat == 0
    assert trick(context, "AS", "2S", "AS", "KS").winning_seat == 0


def test_equal_ruffs_first_played_wins() -> None:
    """Two equal ruffs of a side-suit single: the first ruff stays the bigger."""
    seed_quote(QQ, "出牌时同等大小的牌以先出者为大")
    seed_quote(QQ, "首家出某花色副牌时，其余家无此门花色时，可出主牌，称为 “ 毙 ”")
    context = rules_for()
    assert trick(context, "AS", "2H", "2H", "3S").winning_seat == 1
    assert trick(context, "AS", "10C", "10D", "3S").winning_seat == 1


@pytest.mark.parametrize(("level", "trump"), [
    (Rank.TEN, Suit.HEARTS), (Rank.TEN, Suit.SPADES), (Rank.TEN, None), (Rank.KING, Suit.HEARTS),
    (Rank.KING, None),
])
def test_two_colours_pairs(level: Rank, trump: Suit | None) -> None:
    """红黑: 红K红K and 黑K黑K are pairs, 红K黑K is not.

    The seed lost the suit symbols ("如KK是一對牌，KK是一對牌，而KK不是一對牌"); the
    reading that fits "把黑色是為一種花色，把紅色是為另一種花色" is: two red kings,
    two black kings, and a red with a black king. It holds whatever the level and trump.
    """
    seed_quote(CLASSIC, "除大小王外，把黑色是為一種花色，把紅色是為另一種花色，共兩種花色")
    seed_quote(CLASSIC, "如KK是一對牌，KK是一對牌，而KK不是一對牌")
    context = rules_for("two-colour-one-deck", level, trump)
    for same_colour in ("KH KD", "KS KC"):
        r = describe(context, same_colour)
        assert [(u.tuple_size, u.length) for u in r.units] == [(2, 1)], same_colour
    r = describe(context, "KH KS")
    assert all(u.tuple_size == 1 for u in r.units)


def test_two_colours_suits() -> None:
    """红黑: red is one suit and black another, for following as for pairing."""
    seed_quote(CLASSIC, "除大小王外，把黑色是為一種花色，把紅色是為另一種花色，共兩種花色")
    context = rules_for("two-colour-one-deck", Rank.TEN, Suit.SPADES)
    assert describe(context, "KH QD 3H").effective_suit == pb.EFFECTIVE_SUIT_RED
    assert describe(context, "KC QS").effective_suit == pb.EFFECTIVE_SUIT_TRUMP
    # Red cards follow a red lead: a diamond follows a heart.
    assert trick(context, "9H", "QD").winning_seat == 1
    assert trick(context, "QD", "9H").winning_seat == 0


@pytest.mark.parametrize("variant", ["lianzhong-two-deck", "lianzhong-one-deck"])
@pytest.mark.parametrize(("level", "cards"), [(Rank.TWO, "2S 2H 2D 2C"), (Rank.KING, "KS KH KD KC")])
def test_lianzhong_level_cards_are_trump(variant: str, level: Rank, cards: str) -> None:
    """庄家开始时的级别为2，表示2是本局的级牌，所有级牌都是主牌。如果庄家的级别上升到了K，此时K就成为级牌."""
    seed_quote(LIANZHONG, "例如：庄家开始时的级别为2，表示2是本局的级牌，所有级牌都是主牌。"
                          "如果庄家的级别上升到了K，此时K就成为级牌。")
    for trump in (Suit.SPADES, Suit.DIAMONDS, None):
        context = rules_for(variant, level, trump)
        for card in cards.split():
            assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_TRUMP, (card, trump)


@pytest.mark.parametrize(("variant", "total"), [("lianzhong-one-deck", 100), ("lianzhong-two-deck", 200),
                                                ("qq-one-deck", 100), ("qq-two-deck", 200)])
def test_points_in_the_decks(variant: str, total: int) -> None:
    """每张5、10和K是分牌，5代表5分，10代表10分，K也代表10分，一副牌共有100分，两副牌共200分."""
    seed_quote(LIANZHONG, "每张5、10和K是分牌，5代表5分，10代表10分，K也代表10分，一副牌共有100分，两副牌共200分")
    context = rules_for(variant)
    decks = 2 if "two-deck" in variant else 1
    deck = full_deck() * decks
    by_suit: dict[int, list[str]] = {}
    for card in deck:
        by_suit.setdefault(context.effective_suit(card), []).append(str(card))
    assert sum(describe(context, " ".join(group)).points for group in by_suit.values()) == total
    assert describe(context, "5S 10H KD AS").points == 25
