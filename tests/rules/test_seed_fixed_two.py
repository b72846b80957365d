"""The seeds' examples of the four-deck game without a bottom: 000_ from 玩家人數 on
(variant ``fixed-two-no-bottom``).

Each test names its seed file and quotes the example through ``seed_quote``;
the expected answers come from the seed's words, not from the engine. Quotes
keep the scrape's inserted readings ("數(shù)", "發(fā)") as the seed has them. Hearts
is trump and spades the side suit; the level is 3 where item 8 (當打到3的情況下)
is the source, else 10 (2 is never a level here). Seats play in order 0, 1, 2, 3;
seats 0 and 2 are the banker's side.

Readings and what is skipped:

* The scrape replaced cards with "客服在線" (a chat widget's label). Item 3's
  "其他玩家有6 7 7 8 8和J J J客服在線Q" is read as a follower holding 667788 and
  JJJQQQ; item 4's lead "6張JJJ客服在線Q" as JJJQQQ (six cards); "AAAA+客服在線" as
  AAAA and some pair. Only the surviving words are quoted.
* Items 1, 2 and 5 lost their ladders (only the lead survives): their leads are
  checked to be what the item names, nothing more.
* Item 7 (當打到3的情況下 … 主AAKK為最大，主AA22為最小，副主2233比主牌AA22大) cannot be
  read against item 8, which puts 主3 > 副3 > 主2 > 副2 > 主A: under item 8 neither
  AA22 nor 主2233 is a run of adjacent cards. Not tested.
* "甩牌：當其他三方?jīng)]有自己所拿花色情況下，不能進行甩牌" reads "with the other three
  void in the suit, no throw", which no other sentence explains (the garbled
  "?jīng)]" may have lost a 才). Not tested.
* The order lists "A、K、Q、10、9" twice without J: the J is read as lost in the scrape.
"""

from __future__ import annotations

import itertools

import pytest

from oracle import pb
from oracle.cards import Rank, Suit
from oracle.dispatch.questions import compare_declarations, score_bottom, score_deal
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.variants import get_variant
from tests.support.seedquote import (
    CLASSIC,
    cards,
    describe,
    follow,
    known,
    rules_for,
    seats,
    seed_quote,
    shapes,
    trick,
)

FIXED = "fixed-two-no-bottom"


def fixed(level: Rank = Rank.TEN, trump: Suit | None = Suit.HEARTS) -> Ruleset:
    return rules_for(FIXED, level, trump)


def test_no_bottom() -> None:
    """發牌：系統不扣除底牌，所有牌平均發給4位玩家: four decks (4大王), 54 cards each, no bottom."""
    seed_quote(CLASSIC, "發(fā)牌：系統(tǒng)不扣除底牌，所有牌平均發(fā)給4位玩家")
    seed_quote(CLASSIC, "4大王最大4小王")
    deal = get_variant(FIXED).deal
    assert (deal.decks, deal.bottom_size) == (4, 0)
    assert deal.players * deal.hand_size == 4 * 54


# The order.

def _assert_ladder(level: Rank, groups: list[list[str]]) -> None:
    """Every play of a group beats every play of a later group, whoever leads; equals: the first wins."""
    context = fixed(level)
    for (i, high_group), (j, low_group) in itertools.combinations(enumerate(groups), 2):
        for high, low in itertools.product(high_group, low_group):
            assert trick(context, low, high).winning_seat == 1, f"{high} should beat {low}"
            assert trick(context, high, low).winning_seat == 0, f"{low} should not beat {high}"
    for group in groups:
        for a, b in itertools.permutations(group, 2):
            assert trick(context, a, b).winning_seat == 0, f"{a} and {b} are equal: the first wins"


def test_order_of_single_cards() -> None:
    """牌由大到小排列為：大鬼、小鬼、主2、副2、主牌、副牌; 主牌由大到小依次為大鬼、小鬼、主2、副2、A、K、Q、10、9…

    Playing 3 (item 8 puts the level cards above the 2s: 主牌3333副主3333主牌2222副主2222);
    兩個玩家在同一輪中出了同樣的牌，先出的玩家大于后出的玩家: 副2 of different suits are equal.
    """
    seed_quote(CLASSIC, "牌由大到小排列為：大鬼、小鬼、主2、副2、主牌、副牌")
    seed_quote(CLASSIC, "主牌由大到小依次為大鬼、小鬼、主2、副2、A、K、Q、10、9、8、7、6、5、4、3。"
                        "副牌的大小依次為：A、K、Q、10、9、8、7、6、5、4、3")
    seed_quote(CLASSIC, "兩個玩家在同一輪中出了同樣的牌，先出的玩家大于后出的玩家")
    trump = [["BJ"], ["SJ"], ["3H"], ["3S", "3D", "3C"], ["2H"], ["2S", "2D", "2C"],
             ["AH"], ["KH"], ["QH"], ["JH"], ["10H"], ["9H"], ["8H"], ["7H"], ["6H"], ["5H"], ["4H"]]
    side = [["AS"], ["KS"], ["QS"], ["JS"], ["10S"], ["9S"], ["8S"], ["7S"], ["6S"], ["5S"], ["4S"]]
    context = fixed(Rank.THREE)
    for card in itertools.chain.from_iterable(trump):
        assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_TRUMP, card
    for card in itertools.chain.from_iterable(side):
        assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_SPADES, card
    _assert_ladder(Rank.THREE, trump)
    _assert_ladder(Rank.THREE, side)


def test_twos_are_trump() -> None:
    """2為固定的主牌，和主牌花色相同的2為主2，不同花色的為副2."""
    seed_quote(CLASSIC, "2為固定的主牌，和主牌花色相同的2為主2，不同花色的為副2")
    for trump in (Suit.HEARTS, Suit.SPADES, Suit.CLUBS):
        context = fixed(Rank.TEN, trump)
        for card in ("2S", "2H", "2D", "2C"):
            assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_TRUMP


def _quad(card: str) -> str:
    return " ".join([card] * 4)


ITEM_8 = [["BJ"], ["SJ"], ["3H"], ["3S", "3C"], ["2H"], ["2S", "2D"], ["AH"], ["4H"]]


def test_item_8_quads() -> None:
    """8．當打到3的情況下，4大王最大4小王主牌3333副主3333主牌2222副主2222主牌AAAA……主牌4444副牌AAAA……副牌4444.

    Quads of the trump from the top; 副主3333 of two suits are equal (the first played wins).
    """
    seed_quote(CLASSIC, "8．當打到3的情況下，4大王最大4小王主牌3333副主3333主牌2222副主2222主牌AAAA。。。。。。"
                        "主牌4444副牌AAAA。。。。副牌4444。")
    _assert_ladder(Rank.THREE, [[_quad(c) for c in group] for group in ITEM_8])


def test_item_8_trump_4444_over_side_aaaa() -> None:
    """主牌4444副牌AAAA……副牌4444: the lowest trump quad ruffs the highest side quad; side quads by rank."""
    seed_quote(CLASSIC, "主牌4444副牌AAAA。。。。副牌4444")
    context = fixed(Rank.THREE)
    r = trick(context, _quad("AS"), _quad("4H"))
    assert r.winning_seat == 1 and r.verdicts[1].kind == pb.PLAY_KIND_RUFF
    assert trick(context, _quad("4S"), _quad("AS")).winning_seat == 1
    assert trick(context, _quad("AS"), _quad("4S")).winning_seat == 0


# Units and tractors.

@pytest.mark.parametrize(("words", "text", "expected"), [
    ("對牌：兩張數(shù)字和花色都相同的牌即為對牌", "7S 7S", [(2, 1)]),
    ("三張：三張數(shù)字和花色都相同的牌即為三張", "7S 7S 7S", [(3, 1)]),
    ("四張：四張數(shù)字和花色都相同的牌即為四張", "7S 7S 7S 7S", [(4, 1)]),
    ("拖拉機：凡大小順序相鄰且花色相同的連對、連三和連四均構(gòu)成拖拉機", "7S 7S 8S 8S", [(2, 2)]),
    ("拖拉機：凡大小順序相鄰且花色相同的連對、連三和連四均構(gòu)成拖拉機", "7S 7S 7S 8S 8S 8S", [(3, 2)]),
    ("拖拉機：凡大小順序相鄰且花色相同的連對、連三和連四均構(gòu)成拖拉機", "7S 7S 7S 7S 8S 8S 8S 8S", [(4, 2)]),
    ("1．首家出連四時（例如4 4 5 5 6 6 7 7）", "4S 4S 5S 5S 6S 6S 7S 7S", [(2, 4)]),
    ("2．發(fā)牌家出2個4個的時候（例如4 4 4 4 5 5 5 5）", "4S 4S 4S 4S 5S 5S 5S 5S", [(4, 2)]),
    ("5．當發(fā)牌家出4個時，例如出AAAA", "AS AS AS AS", [(4, 1)]),
])
def test_units(words: str, text: str, expected: list[tuple[int, int]]) -> None:
    """對牌, 三張, 四張, and tractors of pairs, triples and quads (連對、連三和連四).

    Items 1, 2 and 5 lost their ladders: only their leads are checked.
    """
    seed_quote(CLASSIC, words)
    assert shapes(describe(fixed(), text)) == expected


# Comparisons.

@pytest.mark.parametrize(("words", "lead", "beaten_by"), [
    ("同樣牌數(shù)的3張和4張拖拉機大過同樣牌數(shù)的2張拖拉機", "4S 4S 5S 5S 6S 6S", "7S 7S 7S 8S 8S 8S"),
    ("同樣牌數(shù)的3張和4張拖拉機大過同樣牌數(shù)的2張拖拉機", "QS QS KS KS AS AS", "4S 4S 4S 5S 5S 5S"),
    ("同樣牌數(shù)的3張和4張拖拉機大過同樣牌數(shù)的2張拖拉機", "JS JS QS QS KS KS AS AS", "4S 4S 4S 4S 5S 5S 5S 5S"),
    ("同樣張數(shù)的4張拖拉機大過同樣張數(shù)的3張拖拉機",
     "JS JS JS QS QS QS KS KS KS AS AS AS", "4S 4S 4S 4S 5S 5S 5S 5S 6S 6S 6S 6S"),
    ("4張可以吃同樣張數(shù)的2張拖拉機", "7S 7S 8S 8S", "4S 4S 4S 4S"),
    ("4張可以吃同樣張數(shù)的2張拖拉機", "QS QS KS KS", "4S 4S 4S 4S"),
    ("4張可以吃同樣張數(shù)的2張拖拉機", "7S 7S 8S 8S", "4H 4H 4H 4H"),
])
def test_larger_tuples_win(words: str, lead: str, beaten_by: str) -> None:
    """Tractors of larger tuples beat tractors of smaller ones of the same card count, whatever
    their ranks; a quad eats a two-pair tractor (in the suit, and as a trump ruff)."""
    seed_quote(CLASSIC, words)
    context = fixed()
    assert trick(context, lead, beaten_by).winning_seat == 1
    if beaten_by.split()[0][-1] == lead.split()[0][-1]:
        assert trick(context, beaten_by, lead).winning_seat == 0


# Following.

def test_follow_suit_then_others() -> None:
    """如有此花色牌但數量不夠則必須先把此花色牌全部放上然后墊上其他花色牌."""
    seed_quote(CLASSIC, "如有此花色牌但數(shù)量不夠則必須先把此花色牌全部放上然后墊上其他花色牌")
    context = fixed()
    r = follow(context, "7S 7S", "9S 3D 4C", "3D 4C")
    assert not r.legal and r.broken_rule_id == "follow.suit"
    assert follow(context, "7S 7S", "9S 3D 4C", "9S 4C").legal


@pytest.mark.parametrize(("lead", "hand", "legal", "illegal"), [
    ("6S 6S 7S 7S 8S 8S", "3S 3S 4S 4S 5S 5S 9S AS", "3S 3S 4S 4S 5S 5S", "3S 3S 4S 4S 9S AS"),
    ("JS JS JS QS QS QS", "4S 4S 4S 5S 5S 5S 6S 6S 7S 7S 8S 8S", "4S 4S 4S 5S 5S 5S", "6S 6S 7S 7S 8S 8S"),
    ("7S 7S 7S 7S 8S 8S 8S 8S", "4S 4S 4S 4S 5S 5S 5S 5S 9S 9S JS", "4S 4S 4S 4S 5S 5S 5S 5S",
     "4S 4S 4S 4S 5S 5S 9S 9S"),
])
def test_same_shape_tractor_must_follow(lead: str, hand: str, legal: str, illegal: str) -> None:
    """如后面出牌玩家手牌中有該花色同牌型拖拉機，則必須跟出同牌型拖拉機.

    The second case is item 4's follower "有6 6 7 7 8 8和5 5 5 4 4 4" against JJJQQQ:
    the same-shape tractor 444555 is the duty, not 667788.
    """
    seed_quote(CLASSIC, "首先出牌者打出一種花色的拖拉機，如后面出牌玩家手牌中有該花色同牌型拖拉機，則必須跟出同牌型拖拉機，"
                        "如沒有，則有對必須先跟對")
    context = fixed()
    assert follow(context, lead, hand, legal).legal
    assert not follow(context, lead, hand, illegal).legal


ITEM_3 = "3．發(fā)牌家出6張6 6 7 7 8 8時"
ITEM_3_RULES = ("跟牌規(guī)則：4個+1個對子（例如：AAAA+客服在線）拖拉機+1個對子（例如7 7 8 8+JJ）"
                "2個對子+2個單牌（例如：7 7，9 9，K，Q）1個對子+4個單牌（例如：7 7，8，9，J，Q）")
ITEM_4 = "4．發(fā)牌家出6張JJJ"
ITEM_4_RULES = ("4個+1個對子（例如：AAAA+客服在線）拖拉機+1個對子（例如7 7 8 8+JJ）2個3個的（例如：3 3 3，5 5 5）"
                "1個3個+1個對子+1個單牌（例如：6 6 6，5 5，9）3個對子（例如：6 6，8 8，JJ），"
                "然后2個對子+2個單牌（例如：7 7，9 9，K，Q）1個對子+4個單牌（例如：77，8，9，J，Q）")
ITEM_6 = "6．當發(fā)牌家出4個時，例如出7 7 8 8，其他玩家有4個（例如：AAAA）和拖拉機（例如：3 3 4 4）出牌可選"
ITEM_6_RULES = "跟牌規(guī)則：跟拖拉機（例如：5 5 6 6或AAAA）1對+2個單牌（例如：4 4，6，7）"

LADDER_CASES = [
    # Item 3: 667788 led.
    pytest.param(ITEM_3, ITEM_3_RULES, "6S 6S 7S 7S 8S 8S", "4個+1個對子（例如：AAAA+",
                 "AS AS AS AS 5S 5S 7S 7S 8S 8S JS JS 3D", "AS AS AS AS 5S 5S", "7S 7S 8S 8S JS JS", id="3-quad+pair"),
    pytest.param(ITEM_3, ITEM_3_RULES, "6S 6S 7S 7S 8S 8S", "拖拉機+1個對子（例如7 7 8 8+JJ）",
                 "7S 7S 8S 8S JS JS 4S 3D", "7S 7S 8S 8S JS JS", "7S 7S 8S 8S 4S JS", id="3-tractor+pair"),
    pytest.param(ITEM_3, ITEM_3_RULES, "6S 6S 7S 7S 8S 8S", "2個對子+2個單牌（例如：7 7，9 9，K，Q）",
                 "7S 7S 9S 9S KS QS 4S", "7S 7S 9S 9S KS QS", "7S 7S 9S KS QS 4S", id="3-two-pairs"),
    pytest.param(ITEM_3, ITEM_3_RULES, "6S 6S 7S 7S 8S 8S", "1個對子+4個單牌（例如：7 7，8，9，J，Q）",
                 "7S 7S 8S 9S JS QS 4S", "7S 7S 8S 9S JS QS", "7S 8S 9S JS QS 4S", id="3-pair"),
    # Item 4: JJJQQQ led.
    pytest.param(ITEM_4, ITEM_4_RULES, "JS JS JS QS QS QS", "4個+1個對子（例如：AAAA+",
                 "AS AS AS AS 9S 9S 5S 5S 6S 6S 4S", "AS AS AS AS 9S 9S", "5S 5S 6S 6S 9S 9S", id="4-quad+pair"),
    pytest.param(ITEM_4, ITEM_4_RULES, "JS JS JS QS QS QS", "拖拉機+1個對子（例如7 7 8 8+JJ）",
                 "7S 7S 8S 8S JS JS 3S 3S 3S 5S 5S 5S", "7S 7S 8S 8S JS JS", "3S 3S 3S 5S 5S 5S", id="4-tractor+pair"),
    pytest.param(ITEM_4, ITEM_4_RULES, "JS JS JS QS QS QS", "2個3個的（例如：3 3 3，5 5 5）",
                 "3S 3S 3S 5S 5S 5S 9S 9S 4D", "3S 3S 3S 5S 5S 5S", "3S 3S 9S 9S 5S 5S", id="4-two-triples"),
    pytest.param(ITEM_4, ITEM_4_RULES, "JS JS JS QS QS QS", "1個3個+1個對子+1個單牌（例如：6 6 6，5 5，9）",
                 "6S 6S 6S 5S 5S 9S KS", "6S 6S 6S 5S 5S 9S", "6S 6S 5S 5S 9S KS", id="4-triple+pair"),
    pytest.param(ITEM_4, ITEM_4_RULES, "JS JS JS QS QS QS", "3個對子（例如：6 6，8 8，JJ）",
                 "6S 6S 8S 8S JS JS AS 4S", "6S 6S 8S 8S JS JS", "6S 6S 8S 8S AS 4S", id="4-three-pairs"),
    pytest.param(ITEM_4, ITEM_4_RULES, "JS JS JS QS QS QS", "然后2個對子+2個單牌（例如：7 7，9 9，K，Q）",
                 "7S 7S 9S 9S KS QS 4S", "7S 7S 9S 9S KS QS", "7S 7S 9S KS QS 4S", id="4-two-pairs"),
    pytest.param(ITEM_4, ITEM_4_RULES, "JS JS JS QS QS QS", "1個對子+4個單牌（例如：77，8，9，J，Q）",
                 "7S 7S 8S 9S JS QS 4S", "7S 7S 8S 9S JS QS", "7S 8S 9S JS QS 4S", id="4-pair"),
    # Item 6: 7788 led.
    pytest.param(ITEM_6, ITEM_6_RULES, "7S 7S 8S 8S", "跟拖拉機（例如：5 5 6 6或AAAA）",
                 "5S 5S 6S 6S 9S 3D", "5S 5S 6S 6S", "5S 5S 6S 9S", id="6-tractor"),
    pytest.param(ITEM_6, ITEM_6_RULES, "7S 7S 8S 8S", "跟拖拉機（例如：5 5 6 6或AAAA）",
                 "AS AS AS AS 6S 7S", "AS AS AS AS", "AS AS 6S 7S", id="6-quad"),
    pytest.param(ITEM_6, ITEM_6_RULES, "7S 7S 8S 8S", "1對+2個單牌（例如：4 4，6，7）",
                 "4S 4S 6S 7S 9S", "4S 4S 6S 7S", "4S 6S 7S 9S", id="6-pair"),
]


@pytest.mark.parametrize(("item", "rules", "lead", "rung", "hand", "legal", "illegal"), LADDER_CASES)
def test_follow_ladders(item: str, rules: str, lead: str, rung: str, hand: str, legal: str, illegal: str) -> None:
    """跟牌規則 of items 3, 4 and 6, with the seed's own example follows where they fit.

    The hand's first rung on the list must be shown; a play showing a later rung is
    illegal. The list is the order: in item 3 a quad and a pair (4個+1個對子) come
    before a tractor and a pair, as written.
    """
    seed_quote(CLASSIC, item)
    seed_quote(CLASSIC, rules)
    seed_quote(CLASSIC, rung)
    context = fixed()
    assert follow(context, lead, hand, legal).legal
    r = follow(context, lead, hand, illegal)
    assert not r.legal and r.broken_rule_id == "follow.ladder"


def test_item_6_quad_or_tractor_optional() -> None:
    """6．… 其他玩家有4個（例如：AAAA）和拖拉機（例如：3 3 4 4）出牌可選: either may be played."""
    seed_quote(CLASSIC, ITEM_6)
    context = fixed()
    hand = "AS AS AS AS 3S 3S 4S 4S 2D"
    assert follow(context, "7S 7S 8S 8S", hand, "AS AS AS AS").legal
    assert follow(context, "7S 7S 8S 8S", hand, "3S 3S 4S 4S").legal
    r = follow(context, "7S 7S 8S 8S", hand, "AS AS 3S 3S")
    assert not r.legal and r.broken_rule_id == "follow.ladder"


ITEM_3_OPTIONAL = "其他玩家有6 7 7 8 8和J J J"
ITEM_3_OPTIONAL_TAIL = "的時候，出牌是可選的（2個3個的要比3個2對大）"


def test_item_3_three_pair_tractor_may_be_played() -> None:
    """3．667788 led, a follower with 667788 and JJJQQQ: the three-pair tractor is always legal."""
    seed_quote(CLASSIC, ITEM_3)
    seed_quote(CLASSIC, ITEM_3_OPTIONAL)
    seed_quote(CLASSIC, ITEM_3_OPTIONAL_TAIL)
    hand = "6S 6S 7S 7S 8S 8S JS JS JS QS QS QS"
    assert follow(fixed(), "6S 6S 7S 7S 8S 8S", hand, "6S 6S 7S 7S 8S 8S").legal


@pytest.mark.parametrize("hand", ["6S 6S 7S 7S 8S 8S JS JS JS QS QS QS",
                                  "3S 3S 4S 4S 5S 5S JS JS JS QS QS QS"])
def test_item_3_two_triples_optional(hand: str) -> None:
    """3．發牌家出6張667788時，其他玩家有667788和JJJ(QQQ)的時候，出牌是可選的（2個3個的要比3個2對大）.

    Reading: the follower holds a three-pair tractor and a tractor of two triples
    (the scrape replaced QQQ with "客服在線"); 可選 lets either be played, and the
    two triples are the bigger (see test_larger_tuples_win).
    """
    seed_quote(CLASSIC, ITEM_3)
    seed_quote(CLASSIC, ITEM_3_OPTIONAL)
    seed_quote(CLASSIC, ITEM_3_OPTIONAL_TAIL)
    r = follow(fixed(), "6S 6S 7S 7S 8S 8S", hand, "JS JS JS QS QS QS")
    assert r.legal, r.explanation


@pytest.mark.parametrize(("ruff", "wins"), [
    ("3H 3H 4H 4H", True),
    ("AH AH AH AH", True),
    ("3H 3H 5H 5H", False),
])
def test_ruff_same_shape(ruff: str, wins: bool) -> None:
    """其他玩家還可以選擇用同數量同牌型的主牌殺掉: a tractor (or, 4張可以吃, a quad) of trump ruffs
    a side tractor; two pairs of trump do not."""
    seed_quote(CLASSIC, "其他玩家還可以選擇用同數(shù)量同牌型的主牌殺掉")
    r = trick(fixed(), "7S 7S 8S 8S", ruff)
    assert (r.winning_seat == 1) == wins


# Scoring (items 1-3 at the end).

LEVEL_TABLE = ("2．如抓分方得到0分或負分，則計為大光，莊家連升3級。如得分不滿80分，則莊家連升2級。"
               "如得分大于或等于80但小于160則莊家方升1級。如果得分大于或等于160但小于240，則莊家下臺，抓分方升一級。"
               "如果得分大于或等于240但小于320分，則抓分方升二級。依此類推，抓分方每增加80分，則升一級，升級不做封頂限制。")


@pytest.mark.parametrize(("points", "side", "levels", "take_deal"), [
    (-40, pb.SIDE_BANKER, 3, False),       # 0分或負分 … 大光，莊家連升3級
    (0, pb.SIDE_BANKER, 3, False),
    (5, pb.SIDE_BANKER, 2, False),         # 不滿80分 … 莊家連升2級
    (79, pb.SIDE_BANKER, 2, False),
    (80, pb.SIDE_BANKER, 1, False),        # 80 … 160: 莊家方升1級
    (159, pb.SIDE_BANKER, 1, False),
    (160, pb.SIDE_ATTACKERS, 1, True),     # 160 … 240: 莊家下臺，抓分方升一級
    (239, pb.SIDE_ATTACKERS, 1, True),
    (240, pb.SIDE_ATTACKERS, 2, True),     # 240 … 320: 抓分方升二級
    (319, pb.SIDE_ATTACKERS, 2, True),
    (320, pb.SIDE_ATTACKERS, 3, True),     # 每增加80分，則升一級
    (400, pb.SIDE_ATTACKERS, 4, True),
    (1040, pb.SIDE_ATTACKERS, 12, True),   # 升級不做封頂限制 (digging can pass 400)
])
def test_level_table(points: int, side: int, levels: int, take_deal: bool) -> None:
    """The attackers' points (按抓分方的最后得分算) pick the levels; 80-point steps without a cap.

    如果是莊家那一方贏，下一局由莊家的對家成為莊家，如對方贏了，則由上一局的莊家的下家坐莊.
    """
    seed_quote(CLASSIC, "1．升級游戲的輸贏和得分是按抓分方的最后得分算的")
    seed_quote(CLASSIC, LEVEL_TABLE)
    seed_quote(CLASSIC, "如果是莊家那一方贏，下一局由莊家的對家成為莊家，如對方贏了，則由上一局的莊家的下家坐莊")
    r = score_deal(get_variant(FIXED), points, 1, Rank.FIVE, Rank.SIX)
    known(r)
    assert (r.side, r.levels, r.attackers_take_deal) == (side, levels, take_deal)
    assert r.next_banker_seat == (2 if take_deal else 3)


DIG = ("3．游戲最后一輪，抓分方和莊家方皆可扣底，被扣底的一方按照該方得分和扣底牌數(shù)來扣除相應(yīng)的分數(shù)給予扣底一方。"
       "單張扣低分值*1。一對扣低，玩家手上所有分值*2，三張扣則*3，依次類推。每多抓一張多乘1。")
BANKER_POINTS, ATTACKER_POINTS = 30, 70
LOW = ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "JD"]


def _dig(lead: str, first: int) -> pb.ScoreBottomResponse:
    n = len(lead.split())
    discards = " ".join(LOW[:n])
    r = score_bottom(fixed(), seats(lead, discards, discards, discards, first=first), frozenset({0, 2}), (),
                     banker_side_points=BANKER_POINTS, attacker_points=ATTACKER_POINTS)
    known(r)
    return r


@pytest.mark.parametrize(("lead", "multiplier"), [
    ("4S", 1), ("4S 4S", 2), ("4S 4S 4S", 3), ("4S 4S 4S 4S", 4), ("4S 4S 5S 5S", 4),
])
@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_either_side_digs(lead: str, multiplier: int, first: int) -> None:
    """抓分方和莊家方皆可扣底: the side that wins the last trick takes the other side's points
    times the multiplier: single x1, pair x2, triple x3, 依次類推 (a quad x4).

    Reading of 每多抓一張多乘1: one more per card of the winning unit, so the tractor
    4455 counts 4.
    """
    seed_quote(CLASSIC, DIG)
    r = _dig(lead, first)
    assert r.winning_seat == first
    assert r.multiplier == multiplier
    if first in (0, 2):
        assert not r.attackers_won
        assert r.points_to_banker == ATTACKER_POINTS * multiplier and r.points_to_attackers == 0
    else:
        assert r.attackers_won
        assert r.points_to_attackers == BANKER_POINTS * multiplier and r.points_to_banker == 0


# Declarations.

@pytest.mark.parametrize(("standing", "challenger", "overrides"), [
    ("10S", "10D 10D", True),
    ("10S 10S", "10D 10D 10D", True),
    ("10S 10S 10S", "10D 10D 10D 10D", True),
    ("10S", "10D", False),
    ("10S 10S", "10D 10D", False),
    ("10S 10S", "10D", False),
])
def test_one_more_card_changes_trump(standing: str, challenger: str, overrides: bool) -> None:
    """比對方叫牌多1張牌的情況可改變主牌花色，以先出現者為準: one more level card overrides;
    as many does not (the first shown stands)."""
    seed_quote(CLASSIC, "比對方叫牌多1張牌的情況可改變主牌花色，以先出現(xiàn)者為準")
    r = compare_declarations(get_variant(FIXED), Rank.TEN, SeatPlay(0, cards(standing)),
                             SeatPlay(1, cards(challenger)))
    known(r)
    assert r.overrides == overrides
    assert r.trump_suit == (pb.SUIT_DIAMONDS if overrides else pb.SUIT_SPADES)
