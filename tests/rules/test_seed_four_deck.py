"""The seeds' four-deck examples: the forum reply 跪求4副牌升级规则 in 002_ (variant ``four-deck``).

Each test names its seed file and quotes the example through ``seed_quote``;
the expected answers come from the reply's words, not from the engine. The reply
plays 10 unless it says otherwise ("注：下面所举的例子除特殊说明外以打 10 为例");
its item 4 plays 3 with diamonds trump. Elsewhere hearts is trump and spades the
side suit. Seats play in order 0, 1, 2, 3.

Readings:

* The reply's examples lost their card symbols in places ("如：.等", "如：＞jjjqqqkkkaaa");
  only the examples that survive are tested. 001_ (Heijian, G.) gives the same
  comparisons with the cards kept, and its tests are in ``test_seed_heijian.py``.
* "‘a’的拖拉机只限制于做头和做尾；如aa2233与qqkkaa": 2 is a fixed trump here
  (固定主：王和2称为固定主), so a side suit ends at 3 and AA2233 cannot be one
  suit. The ace ends a tractor low next to the suit's lowest card, the 2's gap
  bridged as for a level card: AA3344 (as JJ99 bridges 10 when playing 10).
* The reply gives no level table ("根据得分来给予各方玩家升级或降级"): none is tested here.
"""

from __future__ import annotations

import pytest

from oracle import pb
from oracle.cards import Rank, Suit, full_deck
from oracle.dispatch.questions import compare_declarations
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.variants import get_variant
from tests.support.seedquote import (
    QQ,
    bottom,
    card_set,
    cards,
    describe,
    follow,
    known,
    rules_for,
    seats,
    seed_quote,
    shapes,
    throw,
    trick,
)

FOUR = "four-deck"
PLAYING_10 = (QQ, "注：下面所举的例子除特殊说明外以打 10 为例。")


def four(level: Rank = Rank.TEN, trump: Suit | None = Suit.HEARTS) -> Ruleset:
    return rules_for(FOUR, level, trump)


# The deal, the points, the fixed trump.

def test_deal() -> None:
    """四副牌共216张牌，底牌为8张; 每方得牌 52 张: 4 x 52 + 8 = 216.

    (七、游戏流程 says "每家51张", which does not add up to 216 - 8: not tested.)
    """
    seed_quote(QQ, "四副牌共216张牌，底牌为8张")
    seed_quote(QQ, "发牌结束后，每方得牌 52 张，剩余的8 张牌为底牌")
    deal = get_variant(FOUR).deal
    assert (deal.decks, deal.hand_size, deal.bottom_size) == (4, 52, 8)
    assert deal.decks * 54 == 216 == deal.players * deal.hand_size + deal.bottom_size


def test_points() -> None:
    """每张 5 、 10 和 k 是分牌 … 四副牌共 400 分."""
    seed_quote(QQ, "游戏中每张 5 、 10 和 k 是分牌， 5 代表 5 分， 10 代表 10 分， k 也代表 10 分，四副牌共 400 分")
    context = four()
    by_suit: dict[int, list[str]] = {}
    for card in full_deck() * 4:
        by_suit.setdefault(context.effective_suit(card), []).append(str(card))
    assert sum(describe(context, " ".join(group)).points for group in by_suit.values()) == 400


@pytest.mark.parametrize(("level", "trump"), [(Rank.TEN, Suit.HEARTS), (Rank.THREE, Suit.DIAMONDS), (Rank.KING, None)])
def test_jokers_and_twos_are_fixed_trump(level: Rank, trump: Suit | None) -> None:
    """固定主：王和2称为固定主: every 2 and both jokers are trump, whatever the level and trump suit."""
    seed_quote(QQ, "固定主：王和2称为固定主")
    context = four(level, trump)
    for card in ("BJ", "SJ", "2S", "2H", "2D", "2C"):
        assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_TRUMP, card


# Units and tractors.

@pytest.mark.parametrize(("words", "text", "expected"), [
    ("对子：由一种花色组成的两张相同的牌叫对子；由两张相同的王组成的叫王对", "7S 7S", [(2, 1)]),
    ("由两张相同的王组成的叫王对", "SJ SJ", [(2, 1)]),
    ("三条：由一种花色组成的三张相同的牌叫三条", "7S 7S 7S", [(3, 1)]),
    ("四条：由一种花色组成的四张相同的牌叫四条", "7S 7S 7S 7S", [(4, 1)]),
    ("王连拖：由大小王对子组成的称为王连拖", "BJ BJ SJ SJ", [(2, 2)]),
    ("两连拖： 一种花色相邻的两对称为两连拖； 如：4455、 8899、jjqq等都是两连拖", "4S 4S 5S 5S", [(2, 2)]),
    ("两连拖： 一种花色相邻的两对称为两连拖； 如：4455、 8899、jjqq等都是两连拖", "8S 8S 9S 9S", [(2, 2)]),
    ("两连拖： 一种花色相邻的两对称为两连拖； 如：4455、 8899、jjqq等都是两连拖", "JS JS QS QS", [(2, 2)]),
    ("三连拖： 一种花色相邻的三对称为三连拖； 如：445566、aakkqq等都是三连拖", "4S 4S 5S 5S 6S 6S", [(2, 3)]),
    ("三连拖： 一种花色相邻的三对称为三连拖； 如：445566、aakkqq等都是三连拖", "AS AS KS KS QS QS", [(2, 3)]),
])
def test_units(words: str, text: str, expected: list[tuple[int, int]]) -> None:
    """名词解释: 对子, 王对, 三条, 四条, 王连拖, 两连拖, 三连拖 (playing 10, hearts trump)."""
    seed_quote(*PLAYING_10)
    seed_quote(QQ, words)
    assert shapes(describe(four(), text)) == expected


def test_triple_tractor_101010jjjqqq() -> None:
    """三条连拖：一种花色相邻的三条称为三条连拖； 如：、101010jjjqqq.

    The 10s cannot be a side suit's cards when playing 10: the example plays another level (3).
    """
    seed_quote(QQ, "三条连拖：一种花色相邻的三条称为三条连拖； 如：、101010jjjqqq等都是三条连拖")
    assert shapes(describe(four(Rank.THREE), "10S 10S 10S JS JS JS QS QS QS")) == [(3, 3)]


@pytest.mark.parametrize(("text", "expected"), [
    ("QS QS KS KS AS AS", [(2, 3)]),     # qqkkaa: the ace heads the tractor
    ("AS AS KS KS", [(2, 2)]),
    ("AS AS 3S 3S 4S 4S", [(2, 3)]),     # the ace at the tail, the 2 (fixed trump) bridged
    ("AS AS 3S 3S", [(2, 2)]),
    ("QH QH KH KH AH AH", [(2, 3)]),
])
def test_ace_at_either_end(text: str, expected: list[tuple[int, int]]) -> None:
    """‘a’的拖拉机只限制于做头和做尾；如aa2233与qqkkaa (see the module docstring for aa2233)."""
    seed_quote(QQ, "（注：‘a’的拖拉机只限制于做头和做尾；如aa2233与qqkkaa）")
    assert shapes(describe(four(), text)) == expected


@pytest.mark.parametrize("text", ["KS KS AS AS 3S 3S", "KS KS AS AS 3S 3S 4S 4S"])
def test_ace_not_in_the_middle(text: str) -> None:
    """只限制于做头和做尾: an ace never joins both ends at once (KKAA33 is not one tractor)."""
    seed_quote(QQ, "‘a’的拖拉机只限制于做头和做尾")
    r = describe(four(), text)
    assert sum(u.tuple_size * u.length for u in r.units if u.length >= 2) < len(text.split())


@pytest.mark.parametrize(("level", "trump", "text"), [
    (Rank.TEN, Suit.HEARTS, "2D 2D AH AH KH KH QH QH JH JH 9H 9H 8H 8H 7H 7H 6H 6H 5H 5H 4H 4H 3H 3H"),
    (Rank.THREE, Suit.DIAMONDS,
     "2C 2C AD AD KD KD QD QD JD JD 10D 10D 9D 9D 8D 8D 7D 7D 6D 6D 5D 5D 4D 4D"),
])
def test_whole_trump_suit_with_the_ace_at_both_ends(level: Rank, trump: Suit, text: str) -> None:
    """只限制于做头和做尾: a trump run that could take the ace at both ends uses it at one end only.

    A pair of 副2 above the trump AA, then every pair of the trump suit down to its
    lowest card (12 pairs, a hand of four decks can hold them): the pairs make
    tractors with the ace at one end, and the cards are described, all of them.
    (A regression check: describing these once raised an error.)
    """
    seed_quote(QQ, "‘a’的拖拉机只限制于做头和做尾")
    r = describe(four(level, trump), text)
    assert r.valid_lead
    assert sum(u.tuple_size * u.length for u in r.units) == len(text.split())
    assert all(u.tuple_size == 2 for u in r.units)


# The trump order of item 4: 大小王 > 方块2233 > 黑桃2233 > 红桃2233 > 梅花2233 > 方块aakk.

TRUMP_TRACTORS = ["BJ BJ SJ SJ", "3D 3D 2D 2D", "3S 3S 2S 2S", "3H 3H 2H 2H", "3C 3C 2C 2C", "AD AD KD KD"]


def test_trump_tractor_order() -> None:
    """级别指数为‘3’，叫牌的花色为‘方块’: each trump tractor beats every later one, whoever leads.

    Every one of them is a tractor (2233 joins a suit's level card and its 2).
    """
    seed_quote(QQ, "4、主牌两连拖大小顺序 ：王连拖＞主级别指数连拖＞副级别指数连拖＞主牌拖拉机")
    seed_quote(QQ, "比如级别指数为‘3’，叫牌的花色为‘方块’所以大小比较如下：大小王＞方块2233（主级别指数连拖）＞黑桃2233"
                   "＞红桃2233＞梅花2233＞方块aakk（主牌拖拉机）")
    context = four(Rank.THREE, Suit.DIAMONDS)
    for text in TRUMP_TRACTORS:
        r = describe(context, text)
        assert r.effective_suit == pb.EFFECTIVE_SUIT_TRUMP and shapes(r) == [(2, 2)], text
    for i, high in enumerate(TRUMP_TRACTORS):
        for low in TRUMP_TRACTORS[i + 1:]:
            assert trick(context, low, high).winning_seat == 1, f"{high} should beat {low}"
            assert trick(context, high, low).winning_seat == 0, f"{low} should not beat {high}"


# Comparisons (四、牌的大小顺序 items 1-3).

def test_quad_beats_joker_tractor_beats_level_tractor() -> None:
    """四条＞王连对＞主级别指数连拖, in a fight over a two-pair tractor (两连拖).

    Playing 3 with diamonds trump: a side tractor 5566 is ruffed by the level tractor
    3D3D2D2D, over-ruffed by the joker tractor, over-ruffed by any trump quad (四条为最大).
    """
    seed_quote(QQ, "1、在游戏两连拖的对抗中，四条为最大；即：四条＞王连对＞主级别指数连拖")
    context = four(Rank.THREE, Suit.DIAMONDS)
    r = trick(context, "5S 5S 6S 6S", "3D 3D 2D 2D", "BJ BJ SJ SJ", "4D 4D 4D 4D")
    assert r.winning_seat == 3
    assert [v.beats_best_so_far for v in r.verdicts] == [True, True, True, True]
    # The same three led in trump: each later one beats the earlier.
    assert trick(context, "3D 3D 2D 2D", "BJ BJ SJ SJ", "4D 4D 4D 4D").winning_seat == 2
    assert trick(context, "BJ BJ SJ SJ", "4D 4D 4D 4D").winning_seat == 1
    assert trick(context, "4D 4D 4D 4D", "BJ BJ SJ SJ").winning_seat == 0


def test_quad_beats_tractors_in_the_suit() -> None:
    """四条为最大: in the led suit a quad beats any two-pair tractor, a higher one included."""
    seed_quote(QQ, "在游戏两连拖的对抗中，四条为最大")
    r = trick(four(), "5S 5S 6S 6S", "KS KS QS QS", "4S 4S 4S 4S")
    assert r.winning_seat == 2


@pytest.mark.parametrize(("lead", "beaten_by"), [
    ("QS QS KS KS AS AS", "6S 6S 6S 7S 7S 7S"),
    ("QS QS KS KS AS AS", "6H 6H 6H 7H 7H 7H"),
])
def test_triple_tractor_beats_pair_tractor(lead: str, beaten_by: str) -> None:
    """三条连拖＞三连拖，比如：666777＞qqkkaa (a follow in the suit, and a ruff by trump)."""
    seed_quote(QQ, "2、游戏的拖拉机大战中，三条连拖＞三连拖，比如：666777＞qqkkaa等")
    assert trick(four(), lead, beaten_by).winning_seat == 1
    # Led the other way round, the pair tractor does not beat the triple tractor.
    assert trick(four(), "6S 6S 6S 7S 7S 7S", "QS QS KS KS AS AS").winning_seat == 0


def test_triple_tractor_over_ruffs_pair_tractor() -> None:
    """三条连拖＞三连拖 among ruffs: the trump 666777 over-ruffs the trump AAKKQQ."""
    seed_quote(QQ, "三条连拖＞三连拖，比如：666777＞qqkkaa")
    r = trick(four(), "QS QS KS KS AS AS", "AH AH KH KH QH QH", "6H 6H 6H 7H 7H 7H")
    assert r.winning_seat == 2


def test_quad_tractor_of_three_beats_triple_tractor_of_four() -> None:
    """四条的三连拖＞三条的四连拖如：＞jjjqqqkkkaaa (the left side was lost: 666677778888 tried)."""
    seed_quote(QQ, "3、四连拖的大小比较为：四条的三连拖＞三条的四连拖如：＞jjjqqqkkkaaa")
    r = trick(four(), "JS JS JS QS QS QS KS KS KS AS AS AS", "6S 6S 6S 6S 7S 7S 7S 7S 8S 8S 8S 8S")
    assert r.winning_seat == 1


def test_quad_tractor_beats_eight_pair_cards() -> None:
    """四条连拖＞８连拖；如：&jjqqkkaa (the left side was lost: 44445555 tried)."""
    seed_quote(QQ, "四条连拖＞８连拖；如：&jjqqkkaa等")
    assert trick(four(), "JS JS QS QS KS KS AS AS", "4S 4S 4S 4S 5S 5S 5S 5S").winning_seat == 1


# Following (三、游戏步骤: 出牌, 跟牌) and the ladders.

def test_follow_suit_then_others() -> None:
    """必须出先出牌的玩家同花色 … 如有此花色牌但数量不够则必须先把此花色牌全部放上然后垫上其他花色牌."""
    seed_quote(QQ, "如有此花色牌但数量不够则必须先把此花色牌全部放上然后垫上其他花色牌")
    context = four()
    r = follow(context, "7S 7S", "9S 3D 4C", "3D 4C")
    assert not r.legal and r.broken_rule_id == "follow.suit"
    assert follow(context, "7S 7S", "9S 3D 4C", "9S 4C").legal


@pytest.mark.parametrize(("lead", "hand", "legal", "illegal"), [
    ("7S 7S", "QS QS 9S 3D", "QS QS", "QS 9S"),                 # 有对子必须跟对
    ("7S 7S 7S", "QS QS QS 9S 9S 3D", "QS QS QS", "QS 9S 9S"),  # 有三条必须跟三条
])
def test_follow_same_shape(lead: str, hand: str, legal: str, illegal: str) -> None:
    """跟牌：必须跟相同的牌型。有对子必须跟对、有三条必须跟三条."""
    seed_quote(QQ, "跟牌：必须跟相同的牌型")
    seed_quote(QQ, "有对子必须跟对、有三条必须跟三条、有四条必须跟四条、有拖拉机必须跟拖拉机")
    context = four()
    assert follow(context, lead, hand, legal).legal
    assert not follow(context, lead, hand, illegal).legal


LADDERS = [
    # 两连拖：两连拖---对子----散牌
    ("两连拖：两连拖---对子----散牌", "7S 7S 8S 8S", [
        ("QS QS JS JS 5S 5S 3S 2D", "QS QS JS JS", "QS QS 5S 5S"),
        ("QS QS 9S 9S 5S 3S 2D", "QS QS 9S 9S", "QS QS 5S 3S"),
        ("QS QS 9S 6S 5S 3S 2D", "QS QS 9S 6S", "QS 9S 6S 5S"),
    ]),
    # 四条：四条-----三条---连拖---对子---散牌
    ("四 条：四条-----三条---连拖---对子---散牌", "7S 7S 7S 7S", [
        ("AS AS AS AS QS QS QS 2D", "AS AS AS AS", "QS QS QS AS"),
        ("QS QS QS 6S 6S 5S 5S 2D", "QS QS QS 5S", "6S 6S 5S 5S"),
        ("9S 9S 6S 6S 5S 5S 2D", "6S 6S 5S 5S", "9S 9S 5S 5S"),
        ("9S 9S 5S 5S 3S 2D", "9S 9S 5S 5S", "9S 9S 5S 3S"),
    ]),
    # 三连拖：三连拖----连拖+1对---对子---散牌
    ("三连拖：三连拖----连拖+1对---对子---散牌", "6S 6S 7S 7S 8S 8S", [
        ("QS QS JS JS 9S 9S 4S 4S 3S", "QS QS JS JS 9S 9S", "QS QS JS JS 4S 4S"),
        ("QS QS JS JS 4S 4S 3S 2D", "QS QS JS JS 4S 4S", "QS QS JS JS 4S 3S"),
    ]),
    # 三条两连拖：三条两连拖----三条-----三连拖-----两连拖----对子------散牌
    ("三条两连拖：三条两连拖----三条-----三连拖-----两连拖----对子------散牌", "7S 7S 7S 8S 8S 8S", [
        ("QS QS QS JS JS JS 5S 5S 4S 4S 3S 3S", "QS QS QS JS JS JS", "QS QS QS 5S 5S 4S"),
        ("QS QS QS 5S 5S 4S 4S 3S 3S", "QS QS QS 5S 4S 3S", "5S 5S 4S 4S 3S 3S"),
        ("QS 5S 5S 4S 4S 3S 3S 9S 9S", "5S 5S 4S 4S 3S 3S", "5S 5S 4S 4S 9S 9S"),
        ("QS 5S 5S 4S 4S 9S JS", "5S 5S 4S 4S QS JS", "5S 5S 9S QS JS 4S"),
    ]),
    # 四条连拖：四条连拖----四条----三条----连拖----对子----散牌
    ("四条连拖：四条连拖----四条----三条----连拖----对子----散牌", "7S 7S 7S 7S 8S 8S 8S 8S", [
        ("QS QS QS QS JS JS JS JS 5S 5S", "QS QS QS QS JS JS JS JS", "QS QS QS QS 5S 5S JS JS"),
        ("QS QS QS QS 5S 5S 4S 4S 3S 3S 6S 6S", "QS QS QS QS 5S 5S 4S 4S", "5S 5S 4S 4S 3S 3S 6S 6S"),
        ("QS QS QS 5S 5S 4S 4S 3S 3S 6S 6S AS", "QS QS QS 5S 5S 4S 4S 3S", "5S 5S 4S 4S 3S 3S 6S 6S"),
    ]),
]


@pytest.mark.parametrize(("words", "lead", "hand", "legal", "illegal"), [
    pytest.param(words, lead, hand, legal, illegal, id=f"{lead}|{hand}")
    for words, lead, cases in LADDERS for hand, legal, illegal in cases
])
def test_follow_ladders(words: str, lead: str, hand: str, legal: str, illegal: str) -> None:
    """下列是连拖的跟牌顺序，从连拖到散牌的顺序: the first step of the ladder the hand can show
    must be played; a play showing a later step is illegal.

    Readings: "对子" is as many pairs as the hand holds, up to the lead's size, and
    "连拖" a tractor of pairs. A quad comes before a triple, a triple before a tractor
    of pairs, as the ladders list them (四条-----三条---连拖, 三条-----三连拖).
    """
    seed_quote(QQ, "下列是连拖的跟牌顺序，从连拖到散牌的顺序")
    seed_quote(QQ, words)
    context = four()
    assert follow(context, lead, hand, legal).legal
    r = follow(context, lead, hand, illegal)
    assert not r.legal and r.broken_rule_id == "follow.ladder"


# Ruffs.

@pytest.mark.parametrize(("ruff", "wins"), [
    ("3H 3H 4H 4H", True),
    ("9H 9H 8H 8H", True),
    ("3H 3H 5H 5H", False),
    ("BJ SJ 3H 4H", False),
])
def test_ruff_keeps_the_shape(ruff: str, wins: bool) -> None:
    """杀牌时需要保持牌型: a side tractor is ruffed only by a trump tractor (two pairs are a discard)."""
    seed_quote(QQ, "若是没有相同的牌型和花色则可以垫牌或者杀牌。杀牌时需要保持牌型")
    seed_quote(QQ, "其他玩家还可以选择用同数量同牌型的主牌杀掉")
    r = trick(four(), "7S 7S 8S 8S", ruff)
    assert (r.winning_seat == 1) == wins
    assert r.verdicts[1].kind == (pb.PLAY_KIND_RUFF if wins else pb.PLAY_KIND_DISCARD)


# Throws (五、甩牌的规则).

THROW_RULE = ("若有任意一家打过甩牌人的任意一张牌，则甩牌失败，即甩牌的玩家出最小的牌型及牌，并扣除该玩家1分")


@pytest.mark.parametrize(("thrown", "others", "forced"), [
    ("QS 9S 9S", ("AS JS JS 3D", "4D", "5C"), ["QS"]),          # Q and 99 beaten: the single
    ("QS JS 9S 9S", ("AS KS 3D", "4D", "5C"), ["JS"]),          # two singles beaten: the lower
    ("QS JS 9S 9S", ("AS KS KS 3D", "4D", "5C"), ["JS"]),
    ("AS 9S 9S 8S 8S 8S", ("JS JS JS 3D", "4D", "5C"), ["9S", "9S"]),  # JJJ beats 99 and 888
])
def test_failed_throw_smallest_unit_and_one_point(thrown: str, others: tuple[str, ...], forced: list[str]) -> None:
    """A failed throw: the thrower plays the smallest shape and card (出最小的牌型及牌) and loses 1 point.

    Reading: the smallest of the units someone beats; in these throws the smallest
    unit of the whole throw is beaten too, so the other reading (the smallest unit
    of the throw, beaten or not) gives the same answer.
    """
    seed_quote(QQ, THROW_RULE)
    r = throw(four(), thrown, *others)
    assert r.is_throw and not r.succeeds
    assert card_set(r.forced_play) == sorted(forced)
    assert r.penalty_points == 1


def test_throw_succeeds_when_nobody_beats_a_part() -> None:
    """“ 单牌 ” 不大于 “ 甩 ” 出的任意一张单牌， “ 对 ” 不大于 “ 甩 ” 出的任意一 “ 对 ” … 则此人 “ 甩 ” 牌成功."""
    seed_quote(QQ, "手中的 “ 单牌 ” 不大于 “ 甩 ” 出的任意一张单牌， “ 对 ” 不大于 “ 甩 ” 出的任意一 “ 对 ” ， "
                   "以此类推。则此人 “ 甩 ” 牌成功")
    r = throw(four(), "AS AS KS", "QS QS 3D", "JS 9S", "4C")
    assert r.is_throw and r.succeeds
    assert r.penalty_points == 0


# The bottom (抠底).

BANKERS = {0, 2}
BOTTOM = "KS KS 5D 3C 4C 6C 7C 8C"
BOTTOM_POINTS = 25
LOW = ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "JD"]


@pytest.mark.parametrize(("lead", "expected"), [
    ("4S", 2), ("4S 4S", 4), ("4S 4S 4S", 8), ("4S 4S 4S 4S", 16),
])
def test_bottom_multiplier(lead: str, expected: int) -> None:
    """单扣底乘2、双扣底 乘4、三扣底 乘8、四扣底 乘16: the attacker in seat 1 wins the last trick."""
    seed_quote(QQ, "若是抓分方扣底，则底牌中的分翻倍归入其的得分中。底牌分按以下规则计算：单扣底乘2、双扣底 乘4、三扣底 乘8、四扣底 乘16，以此类推")
    n = len(lead.split())
    discards = " ".join(LOW[:n])
    r = bottom(four(), seats(lead, discards, discards, discards, first=1), BANKERS, BOTTOM)
    assert r.winning_seat == 1 and r.attackers_won
    assert r.multiplier == expected
    assert r.points_to_attackers == BOTTOM_POINTS * expected


def test_banker_digs_the_bottom_counts_nothing() -> None:
    """如果是**扣底，则底牌中的分不计算在内 (** is the scrape's mask for 庄家, the banker)."""
    seed_quote(QQ, "如果是**扣底，则底牌中的分不计算在内")
    r = bottom(four(), seats("4S 4S", "5S 5S", "3D 4D", "3C 4C", first=1), BANKERS, BOTTOM)
    assert r.winning_seat == 2 and not r.attackers_won
    assert r.points_to_attackers == 0 and r.points_to_banker == 0


# Declarations (抄底牌条件, 亮主, 自反, 炒底).

def declare(standing: str | None, challenger: str, standing_seat: int = 0, challenger_seat: int = 1,
            rebury: bool = False) -> pb.CompareDeclarationsResponse:
    held = None if standing is None else SeatPlay(standing_seat, cards(standing))
    r = compare_declarations(get_variant(FOUR), Rank.TEN, held, SeatPlay(challenger_seat, cards(challenger)),
                             rebury=rebury)
    known(r)
    return r


LADDER = ["10S", "10D 10D", "10C 10C", "10H 10H", "10S 10S", "SJ SJ", "BJ BJ", "BJ BJ SJ SJ"]


def test_declaration_ladder() -> None:
    """抄底牌条件：单张10 ＜对方块10 ＜对梅花10＜对红桃10＜对黑桃10＜对小王＜对大王＜四个王.

    Each overrides every lower one (another seat challenging), and not the reverse.
    """
    seed_quote(QQ, "抄底牌条件：单张10 ＜对方块10 ＜对梅花10＜对红桃10＜对黑桃10＜对小王＜对大王＜四个王")
    for i, low in enumerate(LADDER):
        for high in LADDER[i + 1:]:
            assert declare(low, high).overrides, f"{high} should override {low}"
            assert not declare(high, low).overrides, f"{low} should not override {high}"


@pytest.mark.parametrize("four_jokers", ["BJ BJ SJ SJ", "SJ SJ SJ SJ", "BJ BJ BJ BJ"])
def test_four_jokers_declare_no_trump(four_jokers: str) -> None:
    """亮无主只能是四张王才能亮: four jokers declare no-trump.

    (用四个王炒时，可选择打无主、或指定任意花色作主牌: the choice of a suit is not a
    question the oracle is asked; not tested.)
    """
    seed_quote(QQ, "亮主：亮无主只能是四张王才能亮")
    r = declare(None, four_jokers)
    assert r.overrides and r.no_trump


@pytest.mark.parametrize("pair", ["SJ SJ", "BJ BJ"])
def test_joker_pair_cannot_open_no_trump(pair: str) -> None:
    """亮无主只能是四张王才能亮: with nobody declared, a pair of jokers declares nothing.

    Reading: 亮 (declaring first) and 反 (overriding) differ; 对小王 and 对大王 stand on
    the 抄底 ladder as overrides ("用王四副升级时，即是反无主"), but no-trump is declared
    (亮) only with four jokers.
    """
    seed_quote(QQ, "亮主：亮无主只能是四张王才能亮")
    seed_quote(QQ, "注意：用王四副升级时，即是反无主")
    r = declare(None, pair)
    assert not r.overrides


def test_no_self_override() -> None:
    """自反：不能自反: the declarer cannot override his own declaration with another suit."""
    seed_quote(QQ, "自反：不能自反")
    seed_quote(QQ, "玩家自己亮的主，而别人都没有人反主的情况下，不能亮主的人自己反主炒底，俗称不能自反")
    assert not declare("10D 10D", "10S 10S", standing_seat=0, challenger_seat=0).overrides
    assert not declare("10D 10D", "10S 10S", standing_seat=0, challenger_seat=0, rebury=True).overrides
    assert declare("10D 10D", "10S 10S", standing_seat=0, challenger_seat=1).overrides


def test_rebury() -> None:
    """炒底: after the bottom is buried another player may take it up with a higher declaration
    (比当前级别高的牌 … 视同 “ 反主 ”); after someone else's 炒底 the first declarer may again."""
    seed_quote(QQ, "抄底牌的玩家需按照 “ 反主级别 ” 的大小顺序亮出比当前级别高的牌，可以拿起底牌进行重新扣底，"
                   "并且视同 “ 反主 ” 。抄底牌不限次数")
    seed_quote(QQ, "如果有其他玩家反主炒底，在其后一轮他可以炒底")
    r = declare("10D 10D", "10S 10S", standing_seat=0, challenger_seat=1, rebury=True)
    assert r.overrides and r.trump_suit == pb.SUIT_SPADES
    assert not declare("10S 10S", "10D 10D", standing_seat=0, challenger_seat=1, rebury=True).overrides
    # Seat 1's 炒底 stands; seat 0, the first declarer, re-buries over it.
    assert declare("10S 10S", "SJ SJ", standing_seat=1, challenger_seat=0, rebury=True).overrides
