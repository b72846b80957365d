"""The seeds' three-deck examples (三副牌, 泰坦尼克 / Titanic), in both three-deck variants.

Each test names its seed file and quotes the example through ``seed_quote``;
the expected answers come from the seed's words, not from the engine.

* ``qq-three-deck``: 002_ 【三副牌规则】 (and the same text in traditional script in
  000_, whose lists were lost in the scrape);
* ``lianzhong-three-deck``: 004_ 3副牌规则 (出牌细则 a/b, 新增规则, 上下台规则, 亮主规则).

The seeds' terms are given "当打5时" (playing 5); the follow ladders and throws
name no level, and are tried playing 10 (QQ, "以打 10 为例") or 2 (Lianzhong,
"假定当前打2"), with hearts trump and spades the side suit. Seats play in order
0, 1, 2, 3.

Reading: the QQ scrape lost the repetitions in its Titanic examples ("副 5 主 5",
"大王小王"); 004_ writes the same examples out (副5副5副5主5主5主5,
大王大王大王小王小王小王), so 副5主5 is three 副5 and three 主5. Lianzhong says
"三对" for a triple and "两对" for a pair (33344 is "一副三对+一副两对").
"""

from __future__ import annotations

import pytest

from oracle import pb
from oracle.cards import Rank, Suit, full_deck
from oracle.dispatch.questions import compare_declarations, score_deal
from oracle.engine.ruleset import SeatPlay
from oracle.variants import get_variant
from tests.support.seedquote import (
    CLASSIC,
    LIANZHONG,
    LIANZHONG_TRAD,
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

QQ3 = "qq-three-deck"
LZ3 = "lianzhong-three-deck"
BOTH = [QQ3, LZ3]

TITANIC = [(3, 2)]


# The deal and the points.

@pytest.mark.parametrize(("seed", "words"), [
    (LIANZHONG, "打三副牌时每方得牌39张，剩余的6张为底牌"),
    (LIANZHONG_TRAD, "打三副牌時(shí)每方得牌39張，剩余的6"),
])
@pytest.mark.parametrize("variant", BOTH)
def test_three_deck_deal(seed: str, words: str, variant: str) -> None:
    """39 cards each and 6 in the bottom: 4 x 39 + 6 = 162, three decks of 54.

    The QQ text names no three-deck deal; its variant takes the Lianzhong one.
    """
    seed_quote(seed, words)
    deal = get_variant(variant).deal
    assert (deal.decks, deal.hand_size, deal.bottom_size) == (3, 39, 6)
    assert deal.players * deal.hand_size + deal.bottom_size == 3 * 54


@pytest.mark.parametrize(("seed", "words"), [
    (LIANZHONG, "每张5、10和K是分牌，5代表5分，10代表10分，K也代表10分，一副牌共有100分，两副牌共200分，三副牌共300分"),
    (LIANZHONG_TRAD, "三副牌共300分"),
])
@pytest.mark.parametrize("variant", BOTH)
def test_three_decks_hold_300_points(seed: str, words: str, variant: str) -> None:
    """三副牌共300分: the points of three full decks, counted suit by suit."""
    seed_quote(seed, words)
    context = rules_for(variant, Rank.TWO, Suit.HEARTS)
    by_suit: dict[int, list[str]] = {}
    for card in full_deck() * 3:
        by_suit.setdefault(context.effective_suit(card), []).append(str(card))
    assert sum(describe(context, " ".join(group)).points for group in by_suit.values()) == 300


# Titanic (泰坦尼克): adjacent triples.

QQ_TITANIC = "当打 5 时，下列情况为泰坦尼克： 3334 44 ， 444666 ，副 5 主 5 ，大王小王， AAA 副 5 ，主 5 小王"
CLASSIC_TITANIC = "當打 5時，下列情況為泰坦尼克： 3 3 3 4 4 4， 4 4 4 6 6 6，副 5主 5，大王小王， A A A副 5，主 5小王"
LIANZHONG_TITANIC = ("当打5时，下列情况为泰坦尼克：333444，444666，副5副5副5主5主5主5，大王大王大王小王小王小王，"
                     "AAA副5副5副5，主5主5主5小王小王小王")


@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize(("example", "text"), [
    ("333444", "3S 3S 3S 4S 4S 4S"),
    ("333444", "3H 3H 3H 4H 4H 4H"),
    ("444666", "4S 4S 4S 6S 6S 6S"),
    ("444666", "4H 4H 4H 6H 6H 6H"),
    ("副5副5副5主5主5主5", "5S 5S 5S 5H 5H 5H"),
    ("副5副5副5主5主5主5", "5C 5C 5C 5H 5H 5H"),
    ("大王大王大王小王小王小王", "BJ BJ BJ SJ SJ SJ"),
    ("AAA副5副5副5", "AH AH AH 5D 5D 5D"),
    ("主5主5主5小王小王小王", "5H 5H 5H SJ SJ SJ"),
])
def test_titanic_examples(variant: str, example: str, text: str) -> None:
    """当打5时 these are Titanics (hearts trump): 444666 bridges the level 5; across 副5, 主5, the jokers, the trump A.

    The plain examples (333444, 444666) are tried in a side suit and in the trump suit.
    """
    seed_quote(QQ, QQ_TITANIC)
    seed_quote(CLASSIC, CLASSIC_TITANIC)
    seed_quote(LIANZHONG, LIANZHONG_TITANIC)
    seed_quote(LIANZHONG, example)
    seed_quote(QQ, "泰坦尼克两副大小相临花色相同的三同张")
    assert shapes(describe(rules_for(variant, Rank.FIVE, Suit.HEARTS), text)) == TITANIC


@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize("text", ["5S 5S 5S 6S 6S 6S", "5H 5H 5H 6H 6H 6H"])
def test_555666_not_a_titanic(variant: str, text: str) -> None:
    """当打5时下列情况不为泰坦尼克：555666.

    With 5S a side suit's level card, 555 and 666 are not even one suit; with the
    suit trump, 主5 and the trump 6 are not adjacent (主5 sits above the trump A).
    """
    seed_quote(QQ, "当打 5 时下列情况不为泰坦尼克： 555666")
    seed_quote(CLASSIC, "當打 5時下列情況不為泰坦尼克： 5 5 5 6 6 6")
    seed_quote(LIANZHONG, "当打5时下列情况不为泰坦尼克：555666")
    r = describe(rules_for(variant, Rank.FIVE, Suit.HEARTS), text)
    assert not any(u.length >= 2 for u in r.units)


@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize("text", ["5S 5S 5S 5C 5C 5C", "5S 5S 5S 5H 5H 5H", "5D 5D 5D 5C 5C 5C"])
def test_no_trump_555555_not_a_titanic(variant: str, text: str) -> None:
    """当打无主时下列情况不为泰坦尼克：555555: no trump suit, so no 主5; all 5s are equal level cards.

    Three decks hold three 5s of a suit, so 555555 is two triples of 5 of different suits.
    """
    seed_quote(QQ, "当打无主时下列情况不为泰坦尼克： 555555")
    seed_quote(CLASSIC, "當打無主時下列情況不為泰坦尼克： 5 5 5 5 5 5")
    seed_quote(LIANZHONG, "当打无主时下列情况不为泰坦尼克：555555")
    r = describe(rules_for(variant, Rank.FIVE, None), text)
    assert r.effective_suit == pb.EFFECTIVE_SUIT_TRUMP
    assert shapes(r) == [(3, 1), (3, 1)]


# The follow ladders for a Titanic lead and a triple lead.

QQ_TITANIC_LADDER = ("泰坦尼克 其它玩家根据牌情按如下顺序出牌：泰坦尼克一副拖拉机 + 任意两张两副三同张"
                     "一副三同张 + 一副对子 + 一单张一副三同张 + 三单张两副对子 + 两单张一副对子 + 四单张六单张")
LIANZHONG_TITANIC_LADDER = ("当第一家出“泰坦尼克”牌型时，其它玩家根据牌情按以下顺序出牌：泰坦尼克 两副三对 一副拖拉机+两单张 "
                            "一副三对+一副两对+一单张 一副三对+三单张 两副两对+两单张 一副两对+四单张 六单张")
LADDER_WORDS = {QQ3: (QQ, QQ_TITANIC_LADDER), LZ3: (LIANZHONG, LIANZHONG_TITANIC_LADDER)}

TITANIC_LEAD = "5S 5S 5S 4S 4S 4S"
"""A side-suit Titanic, playing 10: the followers' hands below avoid J (J and 9 are adjacent)."""


@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize(("qq_rung", "lianzhong_rung", "hand", "legal", "illegal"), [
    ("泰坦尼克", "泰坦尼克", "QS QS QS JS JS JS 3S 3S 6S", "QS QS QS JS JS JS", "QS QS QS 3S 3S 6S"),
    ("一副三同张 + 一副对子 + 一单张", "一副三对+一副两对+一单张",
     "KS KS KS 9S 9S 6S 3S", "KS KS KS 9S 9S 6S", "KS KS KS 9S 6S 3S"),
    ("一副三同张 + 三单张", "一副三对+三单张", "KS KS KS 9S 7S 6S 3S", "KS KS KS 9S 7S 6S", "KS KS 9S 7S 6S 3S"),
    ("两副对子 + 两单张", "两副两对+两单张", "KS KS 9S 9S 7S 6S 3S", "KS KS 9S 9S 7S 6S", "KS KS 9S 7S 6S 3S"),
    ("一副对子 + 四单张", "一副两对+四单张", "KS KS 9S 7S 6S 3S 2S", "KS KS 9S 7S 6S 3S", "KS 9S 7S 6S 3S 2S"),
    ("六单张", "六单张", "KS QS 9S 7S 6S 3S 2D", "KS QS 9S 7S 6S 3S", None),
])
def test_titanic_ladder_common_rungs(variant: str, qq_rung: str, lianzhong_rung: str, hand: str, legal: str,
                                     illegal: str | None) -> None:
    """The rungs both ladders share, each with a hand whose first rung it is.

    The follower must show the first rung the hand can show; a play showing a later
    rung is illegal. The hands hold no tractor of pairs and no two triples, where the
    two ladders differ (see the next tests).
    """
    seed, words = LADDER_WORDS[variant]
    seed_quote(seed, words)
    seed_quote(seed, qq_rung if variant == QQ3 else lianzhong_rung)
    context = rules_for(variant)
    assert follow(context, TITANIC_LEAD, hand, legal).legal
    if illegal is not None:
        r = follow(context, TITANIC_LEAD, hand, illegal)
        assert not r.legal and r.broken_rule_id == "follow.ladder"


HAND_TRACTOR_AND_TRIPLES = "KS KS KS 9S 9S 9S 7S 7S 6S 6S 2D"
"""Two triples (KKK, 999: not adjacent) and a tractor of pairs (7766): the ladders disagree."""


def test_qq_tractor_before_two_triples() -> None:
    """QQ: 一副拖拉机 + 任意两张 comes before 两副三同张: the tractor 7766 must be played."""
    seed_quote(QQ, QQ_TITANIC_LADDER)
    seed_quote(QQ, "一副拖拉机 + 任意两张两副三同张")
    context = rules_for(QQ3)
    assert follow(context, TITANIC_LEAD, HAND_TRACTOR_AND_TRIPLES, "7S 7S 6S 6S KS 9S").legal
    assert follow(context, TITANIC_LEAD, HAND_TRACTOR_AND_TRIPLES, "7S 7S 6S 6S KS KS").legal
    r = follow(context, TITANIC_LEAD, HAND_TRACTOR_AND_TRIPLES, "KS KS KS 9S 9S 9S")
    assert not r.legal and r.broken_rule_id == "follow.ladder"


def test_lianzhong_two_triples_before_tractor() -> None:
    """Lianzhong: 两副三对 comes before 一副拖拉机+两单张: the two triples must be played."""
    seed_quote(LIANZHONG, LIANZHONG_TITANIC_LADDER)
    seed_quote(LIANZHONG, "泰坦尼克 两副三对 一副拖拉机+两单张")
    context = rules_for(LZ3)
    assert follow(context, TITANIC_LEAD, HAND_TRACTOR_AND_TRIPLES, "KS KS KS 9S 9S 9S").legal
    for play in ("7S 7S 6S 6S KS 9S", "7S 7S 6S 6S KS KS"):
        r = follow(context, TITANIC_LEAD, HAND_TRACTOR_AND_TRIPLES, play)
        assert not r.legal and r.broken_rule_id == "follow.ladder"


@pytest.mark.parametrize("variant", BOTH)
def test_tractor_before_triple_and_pair(variant: str) -> None:
    """A tractor of pairs and a triple: both ladders put the tractor (with two more) before
    一副三同张 + 一副对子 + 一单张, so KKQQ must be played, not 999 with a pair."""
    seed_quote(QQ, "一副拖拉机 + 任意两张两副三同张一副三同张 + 一副对子 + 一单张")
    seed_quote(LIANZHONG, "一副拖拉机+两单张 一副三对+一副两对+一单张")
    context = rules_for(variant)
    hand = "KS KS QS QS 9S 9S 9S 3S"
    assert follow(context, TITANIC_LEAD, hand, "KS KS QS QS 9S 3S").legal
    r = follow(context, TITANIC_LEAD, hand, "9S 9S 9S KS KS 3S")
    assert not r.legal and r.broken_rule_id == "follow.ladder"


@pytest.mark.parametrize(("variant", "seed", "words"), [
    (QQ3, QQ, "三同张 其它玩家根据牌情按如下顺序出牌：三同张一副对子 + 一单张三单张"),
    (LZ3, LIANZHONG, "当第一家出“三对”牌型时，其它玩家根据牌情按如下顺序出牌：三对 一副两对+一单张 三单张"),
])
@pytest.mark.parametrize(("hand", "legal", "illegal"), [
    ("KS KS KS 9S 9S 3S 2D", "KS KS KS", "9S 9S 3S"),
    ("KS 9S 9S 3S 2D", "9S 9S KS", "KS 9S 3S"),
    ("KS 9S 3S 2D", "KS 9S 3S", None),
])
def test_triple_ladder(variant: str, seed: str, words: str, hand: str, legal: str, illegal: str | None) -> None:
    """A triple led: a triple; else a pair and a single; else three singles."""
    seed_quote(seed, words)
    seed_quote(CLASSIC, "三同張其它玩家根據(jù)牌情按如下順序出牌")
    context = rules_for(variant)
    assert follow(context, "5S 5S 5S", hand, legal).legal
    if illegal is not None:
        r = follow(context, "5S 5S 5S", hand, illegal)
        assert not r.legal and r.broken_rule_id == "follow.ladder"


# Lianzhong's throws of triples and pairs (新增规则).

PLAYING_2 = (LZ3, Rank.TWO, Suit.HEARTS)


@pytest.mark.parametrize(("words", "text", "expected"), [
    ("例如：第一家出33344牌型，系统将把这种牌型认成333+44，系统将认为是同花色的甩牌",
     "3S 3S 3S 4S 4S", [(3, 1), (2, 1)]),
    ("例如：第一家出991010JJJ牌型，系统将把这种牌型认成991010+JJJ。系统将认为是同花色的甩牌",
     "9S 9S 10S 10S JS JS JS", [(3, 1), (2, 2)]),
    ("例如：第一家出9991010JJJ牌型，系统将把这种牌型认成999+1010+JJJ，系统将认为是同花色的甩牌",
     "9S 9S 9S 10S 10S JS JS JS", [(3, 1), (3, 1), (2, 1)]),
])
def test_lianzhong_throw_decomposition(words: str, text: str, expected: list[tuple[int, int]]) -> None:
    """33344 = 333+44, 991010JJJ = 991010+JJJ, 9991010JJJ = 999+1010+JJJ: each is a throw."""
    seed_quote(LIANZHONG, words)
    r = describe(rules_for(*PLAYING_2), text)
    assert r.is_throw and r.valid_lead
    assert shapes(r) == expected


@pytest.mark.parametrize(("words", "text", "expected"), [
    ("若要想出拖拉机，必须出3344", "3S 3S 4S 4S", [(2, 2)]),
    ("若要想出拖拉机，必须出991010或者991010JJ", "9S 9S 10S 10S", [(2, 2)]),
    ("若要想出拖拉机，必须出991010或者991010JJ", "9S 9S 10S 10S JS JS", [(2, 3)]),
    ("若要想出拖拉机，必须出991010或者1010JJ或者991010JJ", "10S 10S JS JS", [(2, 2)]),
])
def test_lianzhong_tractor_instead(words: str, text: str, expected: list[tuple[int, int]]) -> None:
    """To lead a tractor, play the pairs alone: 3344, 991010, 1010JJ, 991010JJ are one tractor each."""
    seed_quote(LIANZHONG, words)
    r = describe(rules_for(*PLAYING_2), text)
    assert not r.is_throw
    assert shapes(r) == expected


@pytest.mark.parametrize(("words", "others", "forced"), [
    ("若其他玩家手中有与33344同花色比333大的一个三同张，则系统替首家出333",
     ("5S 5S 5S 3D", "2D", "3C"), "3S 3S 3S"),
    ("若其他玩家手中有与33344同花色比333大的一个三同张，则系统替首家出333",
     ("5S 5S 3D", "6S 6S 6S", "3C"), "3S 3S 3S"),
    ("若其他玩家手中有与33344同花色比44大的一个对且不存在比333大的三同张，则系统替首家出44",
     ("5S 5S 3D", "2D", "3C"), "4S 4S"),
    ("若其他玩家手中有与33344同花色比44大的一个对且不存在比333大的三同张，则系统替首家出44",
     ("3D", "2D", "AS AS"), "4S 4S"),
])
def test_lianzhong_33344_forced(words: str, others: tuple[str, ...], forced: str) -> None:
    """33344 fails: a higher triple elsewhere forces 333 (even when a pair beats 44 too);
    only a higher pair forces 44."""
    seed_quote(LIANZHONG, words)
    r = throw(rules_for(*PLAYING_2), "3S 3S 3S 4S 4S", *others)
    assert r.is_throw and not r.succeeds
    assert card_set(r.forced_play) == sorted(cards_text(forced))


@pytest.mark.parametrize(("words", "others", "forced"), [
    ("若其他玩家手中有与991010JJJ同花色比991010大的拖拉机，则系统替首家出991010",
     ("QS QS KS KS", "2D", "3C"), "9S 9S 10S 10S"),
    ("若其他玩家手中有与991010JJJ同花色比991010大的拖拉机，则系统替首家出991010",
     ("QS QS QS", "AS AS KS KS", "3C"), "9S 9S 10S 10S"),
    ("若其他玩家手中有与991010JJJ同花色比JJJ大的一个三同张且不存在比991010大的拖拉机，则系统替首家出JJJ",
     ("QS QS QS", "2D", "3C"), "JS JS JS"),
])
def test_lianzhong_991010jjj_forced(words: str, others: tuple[str, ...], forced: str) -> None:
    """991010JJJ fails: a higher tractor elsewhere forces 991010; only a higher triple forces JJJ."""
    seed_quote(LIANZHONG, words)
    r = throw(rules_for(*PLAYING_2), "9S 9S 10S 10S JS JS JS", *others)
    assert r.is_throw and not r.succeeds
    assert card_set(r.forced_play) == sorted(cards_text(forced))


@pytest.mark.parametrize(("words", "others", "forced"), [
    ("若其他玩家手中有与9991010JJJ同花色比999大的一个三同张，则系统替首家出999",
     ("10S 10S 10S", "2D", "3C"), "9S 9S 9S"),
    ("若其他玩家手中有与9991010JJJ同花色比999大的一个三同张，则系统替首家出999",
     ("QS QS QS", "2D", "3C"), "9S 9S 9S"),
    ("若其他玩家手中有与9991010JJJ同花色比999大的一个三同张，则系统替首家出999",
     ("QS QS", "KS KS KS", "3C"), "9S 9S 9S"),
    ("若其他玩家手中有与9991010JJJ同花色比1010大的一对且不存在比999大的一个三同张，则系统替首家出1010",
     ("QS QS", "2D", "3C"), "10S 10S"),
])
def test_lianzhong_9991010jjj_forced(words: str, others: tuple[str, ...], forced: str) -> None:
    """9991010JJJ fails: a triple higher than 999 forces 999 (QQQ beats JJJ too, 999 is still
    forced); only a higher pair forces 1010."""
    seed_quote(LIANZHONG, words)
    r = throw(rules_for(*PLAYING_2), "9S 9S 9S 10S 10S JS JS JS", *others)
    assert r.is_throw and not r.succeeds
    assert card_set(r.forced_play) == sorted(cards_text(forced))


def cards_text(text: str) -> list[str]:
    """Cards in the notation, as card_set writes them."""
    return [str(c) for c in cards(text)]


@pytest.mark.parametrize(("words", "lead", "ruffs", "discards"), [
    ("若33344牌是副牌，若要杀，主牌中需要有任意一个三同张和任意一对",
     "3S 3S 3S 4S 4S",
     ["7H 7H 7H 3H 3H", "7H 7H 7H 8H 8H"],
     ["7H 7H 8H 3H 3H", "7H 7H 7H 3H 4H", "7H 8H 9H 3H 4H"]),
    ("若991010JJJ牌是副牌，若要杀，主牌中需要有一个拖拉机和任意一个三同张",
     "9S 9S 10S 10S JS JS JS",
     ["3H 3H 4H 4H 8H 8H 8H"],
     ["3H 3H 5H 5H 8H 8H 8H", "3H 3H 4H 4H 8H 8H 9H"]),
    ("若9991010JJJ牌是副牌，若要杀，主牌中需要有任意两个三同张和任意一对",
     "9S 9S 9S 10S 10S JS JS JS",
     ["3H 3H 3H 8H 8H 8H 6H 6H"],
     ["3H 3H 3H 8H 6H 6H 9H 9H", "3H 3H 3H 8H 8H 8H 6H 9H"]),
])
def test_lianzhong_ruff_of_a_throw(words: str, lead: str, ruffs: list[str], discards: list[str]) -> None:
    """To ruff (杀) these side-suit throws, the trump must hold what the seed names; without it,
    all-trump is a discard and the throw keeps the trick.

    A triple is not read as "a pair" here: none of the discards rests on that.
    """
    seed_quote(LIANZHONG, words)
    context = rules_for(*PLAYING_2)
    for ruff in ruffs:
        r = trick(context, lead, ruff)
        assert r.winning_seat == 1 and r.verdicts[1].kind == pb.PLAY_KIND_RUFF, ruff
    for discard in discards:
        r = trick(context, lead, discard)
        assert r.winning_seat == 0 and r.verdicts[1].kind == pb.PLAY_KIND_DISCARD, discard


# The bottom: Lianzhong's shape table, the rows that need three decks.

BANKERS = {0, 2}
BOTTOM = "KS KS 5D 2C 3C 4C"
BOTTOM_POINTS = 25


@pytest.mark.parametrize(("seed", "words", "lead", "expected"), [
    (LIANZHONG, "1、若牌中含有Titanic（三副中同花色相邻三同张即称为Titanic），则乘的倍数等于2·3^len",
     "5S 5S 5S 6S 6S 6S", 18),
    (LIANZHONG, "1、若牌中含有Titanic（三副中同花色相邻三同张即称为Titanic），则乘的倍数等于2·3^len",
     "5S 5S 5S 6S 6S 6S 7S 7S 7S", 54),
    (LIANZHONG_TRAD, "若牌中含有Titanic（三副中同花色相鄰三同張即稱為Titanic），則乘的倍數(shù)等于2·3^len",
     "5S 5S 5S 6S 6S 6S", 18),
    (LIANZHONG, "2、若牌中含有三对则乘的倍数等于6，且不再计算其他牌型", "5S 5S 5S", 6),
    (LIANZHONG, "2、若牌中含有三对则乘的倍数等于6，且不再计算其他牌型", "AS 5S 5S 5S", 6),
    # A triple and a tractor: the triple's row comes first, "且不再计算其他牌型" (2·2^2 = 8 is not taken).
    (LIANZHONG, "2、若牌中含有三对则乘的倍数等于6，且不再计算其他牌型", "QS QS QS 7S 7S 8S 8S", 6),
    (LIANZHONG, "且不再计算其他牌型", "5S 5S 5S 6S 6S 6S 8S 8S 9S 9S", 18),
])
def test_lianzhong_bottom_titanic_and_triple(seed: str, words: str, lead: str, expected: int) -> None:
    """Lianzhong's bottom table: a Titanic 2·3^len (len: its triples), a triple (三对) 6; the
    first row the trick holds is taken, the others are not counted.

    Playing 2 with hearts trump; the attacker in seat 1 leads and the others discard.
    """
    seed_quote(seed, words)
    context = rules_for(*PLAYING_2)
    n = len(lead.split())
    discards = " ".join(["3D", "4D", "5D", "6D", "7D", "8D", "9D", "JD", "QD", "KD"][:n])
    r = bottom(context, seats(lead, discards, discards, discards, first=1), BANKERS, BOTTOM)
    assert r.winning_seat == 1 and r.attackers_won
    assert r.multiplier == expected
    assert r.points_to_attackers == BOTTOM_POINTS * expected


# Declarations (亮主规则).

def declare(variant: str, level: Rank, standing: str, challenger: str,
            standing_seat: int = 0, challenger_seat: int = 1) -> pb.CompareDeclarationsResponse:
    r = compare_declarations(get_variant(variant), level, SeatPlay(standing_seat, cards(standing)),
                             SeatPlay(challenger_seat, cards(challenger)))
    known(r)
    return r


DECLARATION_LADDERS = [
    pytest.param(QQ3, Rank.TEN, QQ,
                 "三幅牌拖拉机（下称泰坦尼克）中的亮主级别如下：（假定当前打 10 ）单张 10两张 10两张王（打无主）三张 10三张王（打无主）",
                 ["10S", "10D 10D", "SJ SJ", "10C 10C 10C", "BJ BJ BJ"], id="qq-playing-10"),
    pytest.param(QQ3, Rank.TEN, QQ,
                 "三幅牌拖拉机（下称泰坦尼克）中的亮主级别如下：（假定当前打 10 ）单张 10两张 10两张王（打无主）三张 10三张王（打无主）",
                 ["10H", "10S 10S", "BJ BJ", "10D 10D 10D", "SJ SJ SJ"], id="qq-playing-10-other-cards"),
    pytest.param(LZ3, Rank.TWO, LIANZHONG,
                 "三幅牌拖拉机（下称泰坦尼克）中的亮主级别如下：（假定当前打2） 单张2 两张2 两张王（打无主） 三张2 三张王（打无主）",
                 ["2S", "2D 2D", "SJ SJ", "2C 2C 2C", "BJ BJ BJ"], id="lianzhong-playing-2"),
]


@pytest.mark.parametrize(("variant", "level", "seed", "words", "ladder"), DECLARATION_LADDERS)
def test_declaration_ladder(variant: str, level: Rank, seed: str, words: str, ladder: list[str]) -> None:
    """单张 < 两张 < 两张王（打无主） < 三张 < 三张王（打无主）; 其它玩家就不能再亮同级别或该级别以下的牌了.

    Each rung overrides every lower one; no rung overrides itself or a higher one
    (another seat challenging). Jokers make no-trump. Reading: "两张王" is tried as
    two identical jokers (a pair); whether a big and a small joker together count is
    not said, and not tested.
    """
    seed_quote(seed, words)
    seed_quote(seed, "四位玩家中任意一位亮了合法的牌后，其它玩家就不能再亮同级别或该级别以下的牌了")
    for i, low in enumerate(ladder):
        for high in ladder[i + 1:]:
            up = declare(variant, level, low, high)
            assert up.overrides, f"{high} should override {low}"
            assert up.no_trump == ("J" in high)
            assert not declare(variant, level, high, low).overrides, f"{low} should not override {high}"
        assert not declare(variant, level, low, low).overrides


@pytest.mark.parametrize(("variant", "level", "standing", "challenger"), [
    (QQ3, Rank.TEN, "10S 10S", "10D 10D"),
    (QQ3, Rank.TEN, "10S 10S 10S", "10H 10H 10H"),
    (LZ3, Rank.TWO, "2S", "2H"),
    (LZ3, Rank.TWO, "2C 2C 2C", "2D 2D 2D"),
])
def test_declaration_same_rung_does_not_override(variant: str, level: Rank, standing: str,
                                                 challenger: str) -> None:
    """不能再亮同级别: the same number of level cards of another suit does not override."""
    seed_quote(QQ, "其它玩家就不能再亮同级别或该级别以下的牌了")
    seed_quote(LIANZHONG, "其它玩家就不能再亮同级别或该级别以下的牌了")
    assert not declare(variant, level, standing, challenger).overrides


# The level table (记分规则 / 上下台规则).

QQ_LEVELS = ("0 分记大光，不足 60 分算小光， 120 分上台， 180 分上台 +1 级， 240 分上台 +2 级跑分一方打成大光升 3 级，"
             "小光升 2 级，满 120 分下台得分方打成 120 分上台，之后每满 60 分加一级")
LIANZHONG_LEVELS = ("0分记大光，不足60分算小光，120分上台，180分上台+1级，240分上台+2级跑分一方打成大光升3级，小光升2级，"
                    "满120分下台得分方打成120分上台，之后每满60分加一级")
CLASSIC_LEVELS = ("0分記大光，不足 6 0分算小光， 1 2 0分上臺， 1 8 0分上臺+1級， 240分上臺+2級跑分一方打成大光升 3級，"
                  "小光升 2級，滿 1 2 0分下臺得分方打成 1 2 0分上臺，之后每滿 60分加一級")

SIDE_BANKER, SIDE_ATTACKERS = pb.SIDE_BANKER, pb.SIDE_ATTACKERS


@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize(("points", "side", "levels", "take_deal"), [
    (0, SIDE_BANKER, 3, False),     # 0分记大光 … 跑分一方打成大光升3级
    (1, SIDE_BANKER, 2, False),     # 不足60分算小光 … 小光升2级
    (59, SIDE_BANKER, 2, False),
    (120, None, 0, True),           # 120分上台 (no level)
    (179, None, 0, True),
    (180, SIDE_ATTACKERS, 1, True),  # 180分上台+1级
    (239, SIDE_ATTACKERS, 1, True),
    (240, SIDE_ATTACKERS, 2, True),  # 240分上台+2级
    (299, SIDE_ATTACKERS, 2, True),
    (300, SIDE_ATTACKERS, 3, True),  # 之后每满60分加一级
    (360, SIDE_ATTACKERS, 4, True),
])
def test_three_deck_level_table(variant: str, points: int, side: int | None, levels: int,
                                take_deal: bool) -> None:
    """The 60-point table: 大光 +3, 小光 +2, 120 上台, 180 +1, 240 +2, then one level per 60.

    At 120-179 the attackers take the deal and nobody goes up: the side is not asserted.
    """
    seed_quote(QQ, QQ_LEVELS)
    seed_quote(CLASSIC, CLASSIC_LEVELS)
    seed_quote(LIANZHONG, LIANZHONG_LEVELS)
    seed_quote(QQ, "三副牌的分数段为 60 分一段")
    r = score_deal(get_variant(variant), points, 0, Rank.FIVE, Rank.SIX)
    known(r)
    assert r.levels == levels
    assert r.attackers_take_deal == take_deal
    if side is not None:
        assert r.side == side
    # 闲家上台时，下一副牌由此副牌的庄家的下家当庄家; otherwise the banker's partner.
    assert r.next_banker_seat == (1 if take_deal else 2)


@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize("points", [60, 100, 119])
def test_three_deck_60_to_119_banker_keeps_the_deal(variant: str, points: int) -> None:
    """满120分下台: below 120 the banker's side keeps the deal.

    The texts give 60-119 no level count (neither 小光 nor 上台); only the side that
    keeps the deal is checked, not how many levels it goes up.
    """
    seed_quote(QQ, "满 120 分下台")
    seed_quote(LIANZHONG, "满120分下台")
    r = score_deal(get_variant(variant), points, 0, Rank.FIVE, Rank.SIX)
    known(r)
    assert r.side == SIDE_BANKER
    assert not r.attackers_take_deal
