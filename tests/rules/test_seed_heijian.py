"""The seeds' Heijian (黑尖) examples: 001_ (variant ``heijian``).

Each test names its seed file and quotes the example through ``seed_quote``;
the expected answers come from the seed's words, not from the engine. Seats play
in order 0, 1, 2, 3; seats 0 and 2 are the banker's side.

001_ is a machine translation of a Chinese text; the quotes keep its words,
HTML debris included ("& gt" is a lost ">"). How it is read:

* 王者 (king) is 大王, the big joker; 国王 likewise; 小王 the small joker;
  "block 5" is 方块5 (♦5); 参谋人员 is 参谋 (the trump suit's 3), 支付人员 副参谋 (the
  other 3 of the trump's colour), 主要等级卡 the trump suit's level card, 支付等级卡 the
  other suits' level cards ("副" came out as "pay"); 关卡卡 / 关卡 is the level.
* 匹配牌 / 火柴卡 / 毕派 / 比派 are the special cards of f) (♠A, ♥5, ♦5, the jokers,
  the level cards); 抛牌 / 翻牌 / 扔牌 is a throw (甩牌); 杀卡 / 击杀 a ruff (毙);
  套牌 a side suit, 主卡 trump.
* h)'s examples are all given "如果等级是2" (playing 2). 446677 is a tractor only
  where the 5 is missing from the suit: ♥5 and ♦5 are special trumps, so 446677 is
  tried in hearts and diamonds (as side suits and as trump); in spades or clubs the
  5 is an ordinary card.
* The text gives no level table and says nothing of equal bids (the sentence
  "如果其他玩家也选择了," breaks off): neither is tested. The AK666699 ruff ends in
  "也就是789 jqq", which cannot be read; only the sentence before it is tested.
"""

from __future__ import annotations

import itertools

import pytest

from oracle import pb
from oracle.cards import Rank, Suit
from oracle.dispatch.questions import compare_declarations, score_deal
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.errors import InvalidQuestion
from oracle.service.contexts import context_ruleset
from oracle.variants import get_variant, make_ruleset
from tests.support.seedquote import (
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

HEIJIAN = "001_3bb4109d69037b9c.txt"
"""黑尖规则介绍, machine-translated."""
V = "heijian"


def hj(level: Rank = Rank.TWO, trump: Suit | None = Suit.HEARTS) -> Ruleset:
    return rules_for(V, level, trump)


# Decks, deal, levels.

def test_four_decks_52_each_8_bottom() -> None:
    """以下类型各4张卡 (four of each card); 系统会随机给每位玩家发52张牌，剩下8张作为牌."""
    seed_quote(HEIJIAN, "以下类型各4张卡")
    seed_quote(HEIJIAN, "系统会随机给每位玩家发52张牌，剩下8张作为牌")
    deal = get_variant(V).deal
    assert (deal.decks, deal.hand_size, deal.bottom_size) == (4, 52, 8)


LEVELS = "游戏从‘2’开始，直到‘k’打完一圈；顺序是:2 ` 4` 6` 7` 8` 9` 10 ` j` q` k ``，A，3，5不玩"


@pytest.mark.parametrize("level", [Rank.TWO, Rank.FOUR, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
                                   Rank.JACK, Rank.QUEEN, Rank.KING])
def test_levels_played(level: Rank) -> None:
    """e) the levels are 2 4 6 7 8 9 10 J Q K."""
    seed_quote(HEIJIAN, LEVELS)
    assert make_ruleset(V, level, Suit.HEARTS).level == level


@pytest.mark.parametrize("level", [Rank.ACE, Rank.THREE, Rank.FIVE])
def test_levels_not_played(level: Rank) -> None:
    """e) A，3，5不玩: a deal playing A, 3 or 5 is not a Heijian question."""
    seed_quote(HEIJIAN, LEVELS)
    with pytest.raises(InvalidQuestion):
        context_ruleset(V, level, Suit.HEARTS)


@pytest.mark.parametrize(("start", "after_one", "after_two"), [
    (Rank.TWO, Rank.FOUR, Rank.SIX), (Rank.FOUR, Rank.SIX, Rank.SEVEN), (Rank.TEN, Rank.JACK, Rank.QUEEN),
])
def test_levels_skip_3_and_5(start: Rank, after_one: Rank, after_two: Rank) -> None:
    """顺序是:2 4 6 7 …: going up one level from 2 is 4, from 4 is 6.

    The points chosen fall in the banker's +1 and +2 bands of the table the variant
    borrows (001_ gives none); only the sequence of levels is the seed's.
    """
    seed_quote(HEIJIAN, LEVELS)
    variant = get_variant(V)
    one = score_deal(variant, 100, 0, start, None)
    two = score_deal(variant, 40, 0, start, None)
    known(one)
    known(two)
    assert (one.side, one.levels, two.levels) == (pb.SIDE_BANKER, 1, 2)
    assert Rank(one.new_banker_level) == after_one
    assert Rank(two.new_banker_level) == after_two


# Units.

@pytest.mark.parametrize(("words", "text", "expected"), [
    ("a)单卡类型:单卡一张", "9S", [(1, 1)]),
    ("b)匹配类型:两张同花色的牌，如红心44和黑桃66", "4H 4H", [(2, 1)]),
    ("b)匹配类型:两张同花色的牌，如红心44和黑桃66", "6S 6S", [(2, 1)]),
    ("c)三张牌:同花色的三张牌。如果大小牌一样，也叫三张牌", "9S 9S 9S", [(3, 1)]),
    ("d)炸弹:四张同花色的牌。如果大小牌一样，也叫炸弹", "9S 9S 9S 9S", [(4, 1)]),
])
def test_units(words: str, text: str, expected: list[tuple[int, int]]) -> None:
    """a)-d): single, pair (匹配), triple, bomb (炸弹: four identical cards); hearts 44 in a side suit (spades trump)."""
    seed_quote(HEIJIAN, words)
    assert shapes(describe(hj(Rank.TWO, Suit.SPADES), text)) == expected


# The order of the cards.

TRUMP_ORDER_WORDS = ("A.单卡类型:主卡的数量，降序排列:黑桃A >红桃5 & gtblock 5 >；王者>小王>；参谋人员>支付人员>"
                     "主要等级卡>支付等级卡> A & gtK & gtQ & gtJ & gt10 >9 & gt8 & gt7 & gt6 & gt5 & gt4 & gt3 & gt2")


def _assert_ladder(level: Rank, trump: Suit, groups: list[list[str]]) -> None:
    context = hj(level, trump)
    for (_, high_group), (_, low_group) in itertools.combinations(enumerate(groups), 2):
        for high, low in itertools.product(high_group, low_group):
            assert trick(context, low, high).winning_seat == 1, f"{high} should beat {low}"
            assert trick(context, high, low).winning_seat == 0, f"{low} should not beat {high}"
    for group in groups:
        for a, b in itertools.permutations(group, 2):
            assert trick(context, a, b).winning_seat == 0, f"{a} and {b} are equal: the first wins"


@pytest.mark.parametrize(("level", "trump", "groups"), [
    (Rank.SEVEN, Suit.HEARTS,
     [["AS"], ["5H"], ["5D"], ["BJ"], ["SJ"], ["3H"], ["3D"], ["7H"], ["7S", "7D", "7C"],
      ["AH"], ["KH"], ["QH"], ["JH"], ["10H"], ["9H"], ["8H"], ["6H"], ["4H"], ["2H"]]),
    (Rank.TWO, Suit.SPADES,
     [["AS"], ["5H"], ["5D"], ["BJ"], ["SJ"], ["3S"], ["3C"], ["2S"], ["2H", "2D", "2C"],
      ["KS"], ["QS"], ["JS"], ["10S"], ["9S"], ["8S"], ["7S"], ["6S"], ["5S"], ["4S"]]),
])
def test_trump_order(level: Rank, trump: Suit, groups: list[list[str]]) -> None:
    """黑桃A > 红桃5 > 方块5 > 大王 > 小王 > 参谋 > 副参谋 > 主级牌 > 副级牌 > A > K … > 2.

    The special cards (f, g) leave their suits: with hearts trump the trump suit runs
    A K Q J 10 9 8 6 4 2 (no 7, the level; no 5, a special card; no 3, 参谋). Equal
    副级牌 of different suits: the first played wins (C. 子等级之间的第一个大于最后一个).
    """
    seed_quote(HEIJIAN, TRUMP_ORDER_WORDS)
    seed_quote(HEIJIAN, "C.在等级卡中，主等级是指主的花色大于其他子等级的花色，子等级之间的第一个大于最后一个")
    seed_quote(HEIJIAN, "f)匹配牌:黑桃A，红桃5，方块5，国王，小王和王正在玩的级别")
    context = hj(level, trump)
    for card in itertools.chain.from_iterable(groups):
        assert describe(context, card).effective_suit == pb.EFFECTIVE_SUIT_TRUMP, card
    _assert_ladder(level, trump, groups)


@pytest.mark.parametrize(("trump", "staff", "deputy", "side_three"), [
    (Suit.HEARTS, "3H", "3D", "3C"),
    (Suit.SPADES, "3S", "3C", "3D"),
])
def test_canmou(trump: Suit, staff: str, deputy: str, side_three: str) -> None:
    """g) 如果红心的主牌是亮的，那么红心3是参谋，方块3是副参谋。如果黑桃的主牌是亮的，那么黑桃3是参谋，梅花3是副参谋.

    Both are trump, 参谋 above 副参谋; a 3 of the other colour stays in its suit.
    """
    seed_quote(HEIJIAN, "例如，如果主牌红心是亮的，那么红心3是参谋，方块3是副参谋。如果黑桃的主牌是亮的，那么黑桃3是参谋，"
                        "梅花3是副参谋")
    context = hj(Rank.TWO, trump)
    assert describe(context, staff).effective_suit == pb.EFFECTIVE_SUIT_TRUMP
    assert describe(context, deputy).effective_suit == pb.EFFECTIVE_SUIT_TRUMP
    assert describe(context, side_three).effective_suit != pb.EFFECTIVE_SUIT_TRUMP
    assert trick(context, deputy, staff).winning_seat == 1
    assert trick(context, staff, deputy).winning_seat == 0


@pytest.mark.parametrize(("suit", "order"), [
    ("S", ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]),
    ("C", ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C"]),
    ("D", ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "4D"]),
])
def test_side_suit_order(suit: str, order: list[str]) -> None:
    """b、该副牌的点数:A>K>Q…>2。黑桃颜色:K>Q>J…: spades lose their ace (♠A is trump) and
    run from K; diamonds lose ♦5. Playing 2 with hearts trump (so ♦3 is 副参谋)."""
    seed_quote(HEIJIAN, "b、该副牌的点数:A & gtK & gtQ & gtJ & gt10 >9 & gt8 & gt7 & gt6 & gt5 & gt4 & gt3 & gt2。"
                        "黑桃颜色:K & gtQ & gtJ & gt10 >9")
    context = hj(Rank.TWO, Suit.HEARTS)
    for card in order:
        assert describe(context, card).effective_suit not in (pb.EFFECTIVE_SUIT_TRUMP, pb.EFFECTIVE_SUIT_MIXED)
    for i, high in enumerate(order):
        for low in order[i + 1:]:
            assert trick(context, low, high).winning_seat == 1, f"{high} should beat {low}"


# Tractors (h).

TRACTOR_WORDS = "比如以下情况是拖拉机:如果等级是2，那么446677，999101010jj，7778888是拖拉机"


@pytest.mark.parametrize(("trump", "text"), [
    (Suit.SPADES, "4H 4H 6H 6H 7H 7H"),
    (Suit.CLUBS, "4D 4D 6D 6D 7D 7D"),
    (Suit.HEARTS, "4H 4H 6H 6H 7H 7H"),
    (Suit.DIAMONDS, "4D 4D 6D 6D 7D 7D"),
])
def test_446677(trump: Suit, text: str) -> None:
    """h) 如果等级是2，那么446677 … 是拖拉机: in hearts or diamonds the special 5 is missing, and
    the gap is bridged: one tractor of three pairs."""
    seed_quote(HEIJIAN, TRACTOR_WORDS)
    seed_quote(HEIJIAN, "如果中间缺卡(火柴卡或参谋缺失)，那么其他连卡也是拖拉机")
    assert shapes(describe(hj(Rank.TWO, trump), text)) == [(2, 3)]


def test_999101010jj_holds_a_tractor() -> None:
    """h) 999101010jj … 是拖拉机 (playing 2): it holds a tractor (999101010, with JJ).

    Reading: tuples of one size make a tractor, so the whole is a tractor of two
    triples and a pair; the seed calls it a tractor, which is not checked further.
    """
    seed_quote(HEIJIAN, TRACTOR_WORDS)
    r = describe(hj(Rank.TWO, Suit.HEARTS), "9S 9S 9S 10S 10S 10S JS JS")
    assert any(u.length >= 2 for u in r.units)


def test_7778888_holds_a_tractor() -> None:
    """h) 7778888 … 是拖拉机 (playing 2): the engine finds a tractor in it.

    The words are plain; the example may be a mistranslation (the machine text
    mixes "三个和四个" tuples), so only "holds a tractor" is asked, not its shape
    (the variant's tractors.mixed_tuple_sizes reads it as 777888 and a single 8).
    """
    seed_quote(HEIJIAN, TRACTOR_WORDS)
    seed_quote(HEIJIAN, "h)拖拉机类型:两个、三个、四个或更多相邻的对，三个和四个颜色相同的组成一个拖拉机")
    r = describe(hj(Rank.TWO, Suit.HEARTS), "7S 7S 7S 8S 8S 8S 8S")
    assert any(u.length >= 2 for u in r.units)


@pytest.mark.parametrize("text", ["6S 6S 8S 8S", "6C 6C 8C 8C", "6H 6H 8H 8H"])
def test_6688_playing_7(text: str) -> None:
    """比如玩的级别是7，那么6688也是拖拉机 (in a side suit and in the trump suit, hearts)."""
    seed_quote(HEIJIAN, "比如玩的级别是7，那么6688也是拖拉机")
    assert shapes(describe(hj(Rank.SEVEN, Suit.HEARTS), text)) == [(2, 2)]


@pytest.mark.parametrize(("trump", "text"), [
    (Suit.HEARTS, "4H 4H 2H 2H"),    # 参谋 (3H) missing
    (Suit.HEARTS, "4D 4D 2D 2D"),    # 副参谋 (3D) missing from diamonds
    (Suit.SPADES, "4C 4C 2C 2C"),    # 副参谋 (3C) missing from clubs
])
def test_gap_of_canmou_bridged(trump: Suit, text: str) -> None:
    """如果中间缺卡(火柴卡或参谋缺失)，那么其他连卡也是拖拉机: 4422 when the 3 is 参谋 or 副参谋 (playing 7)."""
    seed_quote(HEIJIAN, "如果中间缺卡(火柴卡或参谋缺失)，那么其他连卡也是拖拉机")
    assert shapes(describe(hj(Rank.SEVEN, trump), text)) == [(2, 2)]


@pytest.mark.parametrize("text", [
    "BJ BJ SJ SJ", "AS AS 5H 5H", "5H 5H 5D 5D", "5D 5D BJ BJ", "SJ SJ 3H 3H", "3H 3H 3D 3D",
    "3D 3D 7H 7H", "7H 7H 7S 7S", "7H 7H AH AH", "7S 7S AH AH",
])
def test_special_cards_make_no_tractors(text: str) -> None:
    """注:火柴卡和参谋不计入拖拉机，不能形成拖拉机 (playing 7, hearts trump): pairs of special cards
    next to each other in the order stay two pairs."""
    seed_quote(HEIJIAN, "注:火柴卡和参谋不计入拖拉机，不能形成拖拉机")
    r = describe(hj(Rank.SEVEN, Suit.HEARTS), text)
    assert r.effective_suit == pb.EFFECTIVE_SUIT_TRUMP
    assert shapes(r) == [(2, 1), (2, 1)]


# Comparisons (F., G.).

def test_bomb_beats_two_pair_tractor() -> None:
    """F.炸弹 … 炸弹可以压垮两对拖拉机; G.1 四个>两个连续拖带，如:4444 >；6677."""
    seed_quote(HEIJIAN, "F.炸弹:根据点数匹配卡片。炸弹可以压垮两对拖拉机")
    seed_quote(HEIJIAN, "1，在连续两场的对抗中，四是最大的；即:四个>两个连续拖带，如:4444 >；6677")
    context = hj()
    assert trick(context, "6C 6C 7C 7C", "4C 4C 4C 4C").winning_seat == 1
    assert trick(context, "6C 6C 7C 7C", "KC KC QC QC", "4C 4C 4C 4C").winning_seat == 2
    assert trick(context, "4C 4C 4C 4C", "6C 6C 7C 7C").winning_seat == 0
    # A trump bomb ruffs the side tractor.
    r = trick(context, "6C 6C 7C 7C", "4H 4H 4H 4H")
    assert r.winning_seat == 1 and r.verdicts[1].kind == pb.PLAY_KIND_RUFF


def test_bombs_by_rank() -> None:
    """F.炸弹:根据点数匹配卡片: bombs compare by their points (rank)."""
    seed_quote(HEIJIAN, "F.炸弹:根据点数匹配卡片")
    context = hj()
    assert trick(context, "4C 4C 4C 4C", "6C 6C 6C 6C").winning_seat == 1
    assert trick(context, "6C 6C 6C 6C", "4C 4C 4C 4C").winning_seat == 0


@pytest.mark.parametrize(("words", "lead", "beaten_by"), [
    ("2.在游戏的拖拉机大战中，三辆拖拉机>；三副拖拉机，如:666777 & gtQQKKAA",
     "QC QC KC KC AC AC", "6C 6C 6C 7C 7C 7C"),
    ("3.四排拖车的尺寸对比是:四排拖车>；四连拖三篇文章，如:666677778888 & gtJJJQQQKKKAAA",
     "JC JC JC QC QC QC KC KC KC AC AC AC", "6C 6C 6C 6C 7C 7C 7C 7C 8C 8C 8C 8C"),
    ("4次连续拖航> 8次连续延误；如:44445555 & gtJJQQKKAA",
     "JC JC QC QC KC KC AC AC", "4C 4C 4C 4C 5C 5C 5C 5C"),
])
def test_tractor_kinds(words: str, lead: str, beaten_by: str) -> None:
    """G. 666777 > QQKKAA; 666677778888 > JJJQQQKKKAAA; 44445555 > JJQQKKAA.

    In clubs, playing 2 with hearts trump (clubs keep their A and their 5; in spades
    the A, in hearts and diamonds the 5 would be a special trump).
    """
    seed_quote(HEIJIAN, words)
    context = hj()
    assert trick(context, lead, beaten_by).winning_seat == 1
    assert trick(context, beaten_by, lead).winning_seat == 0


# Following, throws, ruffs.

def test_follow_suit_or_ruff_or_discard() -> None:
    """注意: 第一个玩家的花色必须与第一个玩家的花色相匹配。如果没有花色，可以选择其他花色代替，也可以选择主卡杀卡."""
    seed_quote(HEIJIAN, "第一个玩家的花色必须与第一个玩家的花色相匹配。如果没有花色，可以选择其他花色代替，也可以选择主卡杀卡")
    context = hj()
    r = follow(context, "9C", "4C 8D 6H", "8D")
    assert not r.legal and r.broken_rule_id == "follow.suit"
    assert follow(context, "9C", "8D 6H", "8D").legal
    assert follow(context, "9C", "8D 6H", "6H").legal
    assert trick(context, "9C", "6H").winning_seat == 1
    assert trick(context, "9C", "8D").winning_seat == 0


@pytest.mark.parametrize(("thrown", "others"), [
    ("KS KS KS QS QS", ("JS JS JS 4S", "10S 10S 9S", "3C 8D")),
    ("AC AC KC KC KC", ("QC QC QC", "JC JC", "4D")),
    ("AD AD AD AD KD", ("QD QD QD QD", "JD", "4C")),
])
def test_throw_examples(thrown: str, others: tuple[str, ...]) -> None:
    """I) 比如黑桃只由k和q组成，其他颜色由a和k组成，黑桃KKKQQ，梅花AAKKK，方块AAAAK等。都会扔牌:
    these throws succeed when no other hand beats a part (spades run from K: ♠A is trump)."""
    seed_quote(HEIJIAN, "比如黑桃只由k和q组成，其他颜色由a和k组成，黑桃KKKQQ，梅花AAKKK，方块AAAAK等。都会扔牌")
    r = throw(hj(), thrown, *others)
    assert r.is_throw and r.succeeds


@pytest.mark.parametrize(("thrown", "others", "forced"), [
    ("QS QS JS", ("KS KS 4D", "3C", "8D"), ["JS"]),
    ("QS QS JS", ("KS 4D", "3C", "8D"), ["JS"]),
    ("QS QS 9S 9S JS", ("KS KS 4D", "3C", "8D"), ["9S"]),
    ("AC KC KC KC", ("AC AC AC", "3D", "8D"), ["KC"]),
])
def test_failed_throw_smallest_card_no_cost(thrown: str, others: tuple[str, ...], forced: list[str]) -> None:
    """j) 抛牌失败后，系统会自动打出最小的牌，抛牌失败不扣分 (I: 错卡不保，打小卡单，错卡不扣分):
    the smallest card of the throw, a single, whatever was beaten; no penalty."""
    seed_quote(HEIJIAN, "抛牌失败后，系统会自动打出最小的牌，抛牌失败不扣分")
    seed_quote(HEIJIAN, "错卡不保，打小卡单，错卡不扣分")
    r = throw(hj(), thrown, *others)
    assert r.is_throw and not r.succeeds
    assert card_set(r.forced_play) == forced
    assert r.penalty_points == 0


RUFF_WORDS = ("如果需要用主卡击杀，必须保证翻牌中最大的牌型和击杀中最大的牌型一致。举个例子，如果等级是4，红心的拥有者，"
              "玩家A抛出一张AK666699的牌，玩家B必须有一个6666对应的主卡弹才能杀卡")


@pytest.mark.parametrize(("ruff", "wins"), [
    ("2H 2H 2H 2H 8H 9H JH QH", True),
    ("7H 7H 7H 7H 8H 9H JH QH", True),
    ("QH QH JH JH 9H 9H 8H 7H", False),
    ("7H 7H 7H 8H 9H 9H JH QH", False),
])
def test_ak666699_ruff_needs_a_bomb(ruff: str, wins: bool) -> None:
    """Playing 4, hearts trump: A throws AK666699 (clubs); B ruffs only with a trump bomb (6666对应的主卡弹).

    Without a bomb the trump is no ruff and the throw keeps the trick.
    """
    seed_quote(HEIJIAN, RUFF_WORDS)
    r = trick(hj(Rank.FOUR, Suit.HEARTS), "AC KC 6C 6C 6C 6C 9C 9C", ruff)
    assert (r.winning_seat == 1) == wins
    assert r.verdicts[1].kind == (pb.PLAY_KIND_RUFF if wins else pb.PLAY_KIND_DISCARD)


def test_ak666699_higher_bomb_over_ruffs() -> None:
    """必须保证翻牌中最大的牌型和击杀中最大的牌型一致: two bomb ruffs compare by their bombs (7777 > 2222)."""
    seed_quote(HEIJIAN, RUFF_WORDS)
    r = trick(hj(Rank.FOUR, Suit.HEARTS), "AC KC 6C 6C 6C 6C 9C 9C",
              "2H 2H 2H 2H 8H 9H JH QH", "7H 7H 7H 7H 8H 9H JH QH")
    assert r.winning_seat == 2


# Bidding (比较卡片).

BID_VALUES = "比派的卡牌类型是黑桃A、红心5、方块5、国王、小王以及正在玩的关卡的点数分别是6、5、4、3、2、1"
BID_EXAMPLE = "如果取出黑桃A和红桃5，那么玩家的配分是6加5等于11分"


def bid(standing: str, challenger: str) -> pb.CompareDeclarationsResponse:
    r = compare_declarations(get_variant(V), Rank.TWO, SeatPlay(0, cards(standing)), SeatPlay(1, cards(challenger)))
    known(r)
    return r


def test_bid_card_values() -> None:
    """♠A 6, ♥5 5, ♦5 4, 大王 3, 小王 2, a level card 1: each single bid beats the lower ones (playing 2)."""
    seed_quote(HEIJIAN, BID_VALUES)
    ladder = ["2C", "SJ", "BJ", "5D", "5H", "AS"]
    for i, low in enumerate(ladder):
        for high in ladder[i + 1:]:
            assert bid(low, high).overrides, f"{high} should beat {low}"
            assert not bid(high, low).overrides, f"{low} should not beat {high}"


SEED_VALUES = {"AS": 6, "5H": 5, "5D": 4, "BJ": 3, "SJ": 2}
"""The bidding values of 比较卡片; any other card shown must be a level card (1)."""


@pytest.mark.parametrize("other", ["AS 5D", "5H 5D 2S", "BJ SJ 5D 2H", "AS 5H 2C", "5H 5D BJ", "BJ BJ BJ 2S 2D 2C"])
def test_bid_sum_example(other: str) -> None:
    """如果取出黑桃A和红桃5，那么玩家的配分是6加5等于11分: ♠A + ♥5 bids 11; a bid of 10 is lower, of 12 higher.

    The other bid's sum is worked out from the seed's values (playing 2: a 2 is a level card, 1).
    """
    seed_quote(HEIJIAN, BID_VALUES)
    seed_quote(HEIJIAN, BID_EXAMPLE)
    other_sum = sum(SEED_VALUES.get(c, 1) for c in other.split())
    assert other_sum != 11
    if other_sum < 11:
        assert bid(other, "AS 5H").overrides
        assert not bid("AS 5H", other).overrides
    else:
        assert not bid(other, "AS 5H").overrides
        assert bid("AS 5H", other).overrides


# The bottom (挖底).

BOTTOM_WORDS = ("一局结束，如果最后一轮牌是闲家赢的，如果用套牌揭底，那么底部的分数不变。如果主卡用于揭示底部，"
                "那么底部的分数将加倍给攻击者。这叫挖底")
BANKER_WORDS = "如果庄家赢了，就把牌中的分数给庄家(不用加倍)"
BOTTOM = "KC KC 5C 10C 3S 4S 6S 7S"
BOTTOM_POINTS = 35


@pytest.mark.parametrize(("plays", "first", "multiplier"), [
    (("AC", "3C", "4C", "6C"), 1, 1),        # won in the side suit: unchanged
    (("AC", "3C", "4H", "6C"), 1, 2),        # an attacker ruffs the last trick: doubled
    (("9H", "6H", "8H", "4H"), 1, 2),        # trump led and won by an attacker: doubled
    (("KC", "AC", "3C", "6C"), 0, 1),        # seat 1, an attacker, wins in the side suit
])
def test_attackers_dig(plays: tuple[str, ...], first: int, multiplier: int) -> None:
    """挖底: the attackers win the last trick; with a side suit the bottom counts once, with trump twice."""
    seed_quote(HEIJIAN, BOTTOM_WORDS)
    seed_quote(HEIJIAN, "挑底的时候，牌翻倍给闲人")
    r = bottom(hj(), seats(*plays, first=first), {0, 2}, BOTTOM)
    assert r.attackers_won and r.winning_seat in (1, 3)
    assert r.multiplier == multiplier
    assert r.points_to_attackers == BOTTOM_POINTS * multiplier
    assert r.points_to_banker == 0


@pytest.mark.parametrize(("plays", "first"), [
    (("KC", "3C", "4H", "6C"), 0),     # the banker's partner ruffs
    (("KC", "4H", "3C", "6C"), 1),     # seat 2 ruffs an attacker's lead
    (("9H", "6H", "8H", "4H"), 2),
])
def test_banker_keeps_the_bottom_undoubled(plays: tuple[str, ...], first: int) -> None:
    """如果庄家赢了，就把牌中的分数给庄家(不用加倍): the banker's side takes the bottom's points once."""
    seed_quote(HEIJIAN, BANKER_WORDS)
    r = bottom(hj(), seats(*plays, first=first), {0, 2}, BOTTOM)
    assert not r.attackers_won and r.winning_seat in (0, 2)
    assert r.points_to_banker == BOTTOM_POINTS
    assert r.points_to_attackers == 0
