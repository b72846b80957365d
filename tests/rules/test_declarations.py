"""Tests of oracle.seed_rules.declarations: the declaration ladder, suit order, 自保/自反, point sums.

The seeds' declaration rules (002_ 亮牌规则: 反无主 自保 反主 自反, the three-deck
亮主规则, the four-deck 抄底牌条件, 001_ 比较卡片, 000_ 红黑) are tests that name
their seed file and quote its words; expected values are read from those words.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle import pb
from oracle.cards import Card, Rank, Suit, full_deck, parse_cards
from oracle.engine.ruleset import SeatPlay
from oracle.rules import CLASSIC, HEIJIAN, LIANZHONG, QQ, rule_ids_known
from oracle.seed_rules.declarations import (
    compare_declarations,
    declaration_strength,
    ladder_strength,
    point_sum_strength,
)
from oracle.variants import get_variant, load_catalogue

SHIPPED = sorted(load_catalogue())
TWO_DECK_LADDER = ["qq-two-deck", "qq-two-deck-two-trump", "lianzhong-two-deck"]
ONE_DECK_SINGLE = ["qq-one-deck", "lianzhong-one-deck"]


def seat(number: int, cards: str) -> SeatPlay:
    return SeatPlay(number, tuple(parse_cards(cards)))


def compare(variant: str | pb.Variant, level: Rank, standing: SeatPlay | None,
            challenger: SeatPlay) -> pb.CompareDeclarationsResponse:
    resolved = get_variant(variant) if isinstance(variant, str) else variant
    answer = compare_declarations(resolved, level, standing, challenger)
    assert rule_ids_known(answer.rule_ids)
    assert answer.explanation
    return answer


def trump_of(answer: pb.CompareDeclarationsResponse) -> str:
    if answer.no_trump:
        return "no-trump"
    return {pb.SUIT_SPADES: "S", pb.SUIT_HEARTS: "H", pb.SUIT_DIAMONDS: "D",
            pb.SUIT_CLUBS: "C", pb.SUIT_UNSPECIFIED: "none"}[answer.trump_suit]


# --- 002_ 亮牌规则, for the two-deck variants (Lianzhong's extends QQ's) ------------------------

# (seed, quote, standing, challenger, challenger_valid, overrides, trump, extra rule ids)
QQ_RULES = [
    (QQ, "在发牌过程中，第一次亮出的 10 的花色作为主牌花色", None, seat(0, "10H"),
     True, True, "H", []),
    (QQ, "在发牌过程中，第一次亮出的 10 的花色作为主牌花色", seat(0, "10H"), seat(1, "10S"),
     True, False, "H", ["declare.ladder"]),
    (QQ, "反主", seat(0, "10H"), seat(1, "10S 10S"), True, True, "S", ["declare.ladder"]),
    (QQ, "反主", seat(3, "10C"), seat(0, "10C 10C"), True, True, "C", ["declare.ladder"]),
    (QQ, "自保", seat(0, "10H"), seat(0, "10H 10H"), True, True, "H",
     ["declare.ladder", "declare.self"]),
    (QQ, "自反", seat(0, "10H"), seat(0, "10S 10S"), True, True, "S",
     ["declare.ladder", "declare.self"]),
    (QQ, "反无主", seat(0, "10H 10H"), seat(1, "SJ SJ"), True, True, "no-trump", ["declare.ladder"]),
    (QQ, "反无主", seat(0, "10H"), seat(3, "BJ BJ"), True, True, "no-trump", ["declare.ladder"]),
    (QQ, "反无主 … 自反: the standing declarer turns its own suit into no-trump", seat(0, "10H 10H"),
     seat(0, "BJ BJ"), True, True, "no-trump", ["declare.ladder", "declare.self"]),
    (QQ, "反无主自保反主自反以上后三条以先出现者为准", seat(0, "10H 10H"), seat(1, "10S 10S"),
     True, False, "H", ["declare.ladder"]),
    (QQ, "反无主自保反主自反以上后三条以先出现者为准", seat(0, "10H 10H"), seat(0, "10S 10S"),
     True, False, "H", ["declare.ladder"]),
    (QQ, "三副牌规则 亮主规则: 和两副牌拖拉机规则类似 … 其它玩家就不能再亮同级别或该级别以下的牌了",
     seat(0, "10H 10H"), seat(1, "10S"), True, False, "H", ["declare.ladder"]),
    (QQ, "三副牌规则 亮主规则: 和两副牌拖拉机规则类似 … 其它玩家就不能再亮同级别或该级别以下的牌了",
     seat(0, "SJ SJ"), seat(1, "BJ BJ"), True, False, "no-trump", ["declare.ladder"]),
    (QQ, "三副牌规则 亮主规则: 和两副牌拖拉机规则类似 … 其它玩家就不能再亮同级别或该级别以下的牌了",
     seat(0, "BJ BJ"), seat(1, "10S 10S"), True, False, "no-trump", ["declare.ladder"]),
    (LIANZHONG, "3副牌规则 亮主规则: 和两副牌拖拉机规则类似 … 其它玩家就不能再亮同级别或该级别以下的牌了",
     seat(1, "10D"), seat(2, "10D"), True, False, "D", ["declare.ladder"]),
]


@pytest.mark.parametrize("variant", TWO_DECK_LADDER)
@pytest.mark.parametrize(
    ("seed", "quote", "standing", "challenger", "valid", "overrides", "trump", "extra"), QQ_RULES
)
def test_two_deck_declaration_rules(
    variant: str, seed: str, quote: str, standing: SeatPlay | None, challenger: SeatPlay,
    valid: bool, overrides: bool, trump: str, extra: list[str],
) -> None:
    """002_ 亮牌规则 (the seed file and its words are the ``seed`` and ``quote`` parameters)."""
    assert seed.startswith(("002_", "004_")) and quote
    answer = compare(variant, Rank.TEN, standing, challenger)
    assert answer.challenger_valid == valid
    assert answer.overrides == overrides
    assert trump_of(answer) == trump
    assert list(answer.rule_ids) == ["declare.cards", *extra]


def test_partner_is_another_player() -> None:
    """002_ 亮牌规则 names 自保 and 自反 for the declarer only (反主 is anyone else's).

    The partner's pair of the same suit is a 反主 by another seat: it overrides
    on its higher rung, trump unchanged, and the self rules are not consulted.
    """
    answer = compare("qq-two-deck", Rank.TEN, seat(0, "10H"), seat(2, "10H 10H"))
    assert answer.overrides and trump_of(answer) == "H"
    assert "declare.self" not in answer.rule_ids
    answer = compare("qq-two-deck", Rank.TEN, seat(0, "10H"), seat(2, "10S"))
    assert not answer.overrides and trump_of(answer) == "H"


@pytest.mark.parametrize("variant", TWO_DECK_LADDER)
@pytest.mark.parametrize(
    "cards",
    ["10H 10S", "10H 9H", "SJ BJ", "10H SJ", "10H 10H 10H", "SJ SJ SJ", "9H", ""],
)
def test_two_deck_cards_that_declare_nothing(variant: str, cards: str) -> None:
    """002_ 亮牌规则: only level cards (10 when playing 10) of one suit, or a pair of jokers, declare."""
    answer = compare(variant, Rank.TEN, seat(0, "10D"), seat(1, cards))
    assert not answer.challenger_valid and not answer.overrides
    assert trump_of(answer) == "D"
    assert answer.challenger_strength == "no declaration"
    answer = compare(variant, Rank.TEN, None, seat(1, cards))
    assert not answer.challenger_valid and not answer.overrides
    assert trump_of(answer) == "none"


def test_level_cards_of_the_level_being_played() -> None:
    """002_ (注：下面所举的例子除特殊说明外以打 10 为例): the level card is the rank played, here 7."""
    answer = compare("qq-two-deck", Rank.SEVEN, seat(0, "7S"), seat(1, "7C 7C"))
    assert answer.overrides and trump_of(answer) == "C"
    assert not compare("qq-two-deck", Rank.SEVEN, None, seat(1, "10C")).challenger_valid


def test_self_rules_turned_off() -> None:
    """002_ 四副牌: 自反：不能自反 -- with allow_self_* false the declarer cannot change its own."""
    variant = _copy("qq-two-deck")
    variant.declarations.allow_self_override = False
    variant.declarations.allow_self_reinforce = False
    answer = compare(variant, Rank.TEN, seat(0, "10H"), seat(0, "10S 10S"))
    assert answer.challenger_valid and not answer.overrides and trump_of(answer) == "H"
    assert "declare.self" in answer.rule_ids
    answer = compare(variant, Rank.TEN, seat(0, "10H"), seat(0, "10H 10H"))
    assert not answer.overrides and "not allowed" in answer.explanation
    # Another seat still overrides.
    assert compare(variant, Rank.TEN, seat(0, "10H"), seat(1, "10S 10S")).overrides


# --- One deck ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ONE_DECK_SINGLE)
def test_one_deck_first_level_card_stands(variant: str) -> None:
    """002_ 亮牌规则: 在发牌过程中，第一次亮出的 10 的花色作为主牌花色.

    004_ 主花色: 每方都可以根据牌情翻出级牌，最后翻出的级牌花色即为主花色 -- and
    (3副牌规则) 其它玩家就不能再亮同级别或该级别以下的牌了: with one deck every
    declaration is one level card, so the last legal one is the first.
    """
    first = compare(variant, Rank.TEN, None, seat(1, "10C"))
    assert first.challenger_valid and first.overrides and trump_of(first) == "C"
    second = compare(variant, Rank.TEN, seat(1, "10C"), seat(2, "10H"))
    assert second.challenger_valid and not second.overrides and trump_of(second) == "C"


@pytest.mark.parametrize("variant", ONE_DECK_SINGLE)
@pytest.mark.parametrize("cards", ["SJ BJ", "SJ", "BJ", "10C 10H"])
def test_one_deck_jokers_do_not_declare(variant: str, cards: str) -> None:
    """002_ 亮牌规则 反无主 needs a pair of jokers, which one deck does not hold."""
    assert not compare(variant, Rank.TEN, None, seat(0, cards)).challenger_valid


# --- 000_ 红黑 (two colours) --------------------------------------------------------------------

TWO_COLOURS = "除大小王外，把黑色是為一種花色，把紅色是為另一種花色，共兩種花色。如KK是一對牌"


def test_two_colour_red_pair_overrides() -> None:
    """000_ 二 (two-colour): 除大小王外，把黑色是為一種花色，把紅色是為另一種花色，共兩種花色."""
    assert CLASSIC.startswith("000_") and TWO_COLOURS
    answer = compare("two-colour-one-deck", Rank.TEN, seat(0, "10S"), seat(1, "10H 10D"))
    assert answer.challenger_valid and answer.overrides
    assert trump_of(answer) in ("H", "D")
    assert answer.challenger_strength == "a pair of level cards: 10H 10D"


def test_two_colour_black_pair_and_mixed_colours() -> None:
    """000_ 二: 10S and 10C are one suit (black), 10S and 10H are not a pair."""
    black = compare("two-colour-one-deck", Rank.TEN, seat(0, "10D"), seat(1, "10C 10S"))
    assert black.overrides and trump_of(black) in ("S", "C")
    mixed = compare("two-colour-one-deck", Rank.TEN, seat(0, "10D"), seat(1, "10S 10H"))
    assert not mixed.challenger_valid and not mixed.overrides and trump_of(mixed) == "D"


def test_two_colour_same_colour_is_a_reinforcement() -> None:
    """000_ 二 with 002_ 自保: 10D then 10H 10D from the same seat keeps red trump."""
    answer = compare("two-colour-one-deck", Rank.TEN, seat(0, "10D"), seat(0, "10H 10D"))
    assert answer.overrides and trump_of(answer) == "D"
    assert "自保" in answer.explanation
    # 10H after 10D: one rung, one colour: never an override.
    same = compare("two-colour-one-deck", Rank.TEN, seat(0, "10D"), seat(1, "10H"))
    assert not same.overrides


# --- Ladders of the three- and four-deck rules (not shipped: built from the seed) -------------


def _copy(variant_id: str) -> pb.Variant:
    variant = pb.Variant()
    variant.CopyFrom(get_variant(variant_id))
    return variant


def _ladder_variant(rungs: list[tuple[str, int, int]], suit_order: list[int],
                    reinforce: bool, override: bool) -> pb.Variant:
    variant = _copy("qq-two-deck")
    del variant.declarations.ladder[:]
    # The suit order ranks pairs of level cards (对方块10 < 对梅花10 ...), not single ones (单张10).
    variant.declarations.ladder.extend(
        pb.DeclarationRung(  # type: ignore[arg-type]
            name=name, cards=kind, count=count,
            ordered_by_suit=bool(suit_order) and kind == pb.DECLARATION_CARDS_LEVEL and count >= 2,
        )
        for name, kind, count in rungs
    )
    del variant.declarations.suit_order[:]
    variant.declarations.suit_order.extend(suit_order)  # type: ignore[arg-type]
    variant.declarations.allow_self_reinforce = reinforce
    variant.declarations.allow_self_override = override
    return variant


THREE_DECK = _ladder_variant(
    [("单张 10", pb.DECLARATION_CARDS_LEVEL, 1), ("两张 10", pb.DECLARATION_CARDS_LEVEL, 2),
     ("两张王（打无主）", pb.DECLARATION_CARDS_JOKERS, 2), ("三张 10", pb.DECLARATION_CARDS_LEVEL, 3),
     ("三张王（打无主）", pb.DECLARATION_CARDS_JOKERS, 3)],
    [], True, True,
)
THREE_DECK_QUOTE = "三幅牌拖拉机（下称泰坦尼克）中的亮主级别如下：（假定当前打 10 ）单张 10两张 10两张王（打无主）三张 10三张王（打无主）"
THREE_DECK_ORDER = ["10S", "10H 10H", "SJ SJ", "10C 10C 10C", "BJ BJ BJ"]


@pytest.mark.parametrize("low", range(len(THREE_DECK_ORDER)))
@pytest.mark.parametrize("high", range(len(THREE_DECK_ORDER)))
def test_three_deck_ladder(low: int, high: int) -> None:
    """002_ 三副牌规则 亮主规则 (and 004_ 3副牌规则, the same with 2): 单张 < 两张 < 两张王 < 三张 < 三张王."""
    assert THREE_DECK_QUOTE.startswith("三幅牌")
    answer = compare(THREE_DECK, Rank.TEN, seat(0, THREE_DECK_ORDER[low]), seat(1, THREE_DECK_ORDER[high]))
    assert answer.challenger_valid
    assert answer.overrides == (high > low)


FOUR_DECK = _ladder_variant(
    [("单张10", pb.DECLARATION_CARDS_LEVEL, 1), ("对10", pb.DECLARATION_CARDS_LEVEL, 2),
     ("对小王", pb.DECLARATION_CARDS_SMALL_JOKERS, 2), ("对大王", pb.DECLARATION_CARDS_BIG_JOKERS, 2),
     ("四个王", pb.DECLARATION_CARDS_ANY_JOKERS, 4)],
    [pb.SUIT_DIAMONDS, pb.SUIT_CLUBS, pb.SUIT_HEARTS, pb.SUIT_SPADES], True, False,
)
FOUR_DECK_QUOTE = "抄底牌条件：单张10 ＜对方块10 ＜对梅花10＜对红桃10＜对黑桃10＜对小王＜对大王＜四个王"
FOUR_DECK_ORDER = ["10C", "10D 10D", "10C 10C", "10H 10H", "10S 10S", "SJ SJ", "BJ BJ", "SJ BJ SJ BJ"]


@pytest.mark.parametrize("low", range(len(FOUR_DECK_ORDER)))
@pytest.mark.parametrize("high", range(len(FOUR_DECK_ORDER)))
def test_four_deck_ladder_and_suit_order(low: int, high: int) -> None:
    """002_ 四副牌 (forum reply): 单张10 ＜对方块10 ＜对梅花10＜对红桃10＜对黑桃10＜对小王＜对大王＜四个王."""
    assert FOUR_DECK_QUOTE.startswith("抄底牌条件")
    answer = compare(FOUR_DECK, Rank.TEN, seat(0, FOUR_DECK_ORDER[low]), seat(1, FOUR_DECK_ORDER[high]))
    assert answer.challenger_valid
    assert answer.overrides == (high > low)
    pairs_of_tens = range(1, 5)
    if low in pairs_of_tens and high in pairs_of_tens and low != high:
        assert "declare.suit_order" in answer.rule_ids


def test_four_deck_no_self_override() -> None:
    """002_ 四副牌: 自反：不能自反 (and 炒底规则: 玩家自己亮的主 … 不能亮主的人自己反主炒底，俗称不能自反)."""
    answer = compare(FOUR_DECK, Rank.TEN, seat(0, "10D 10D"), seat(0, "10S 10S"))
    assert answer.challenger_valid and not answer.overrides and trump_of(answer) == "D"
    assert "declare.self" in answer.rule_ids and "declare.suit_order" in answer.rule_ids
    # Another player may (反主).
    assert compare(FOUR_DECK, Rank.TEN, seat(0, "10D 10D"), seat(1, "10S 10S")).overrides


def test_four_deck_four_jokers_mixed() -> None:
    """002_ 四副牌: 亮无主只能是四张王才能亮 -- four jokers of either kind, mixed, make no-trump."""
    answer = compare(FOUR_DECK, Rank.TEN, None, seat(2, "BJ SJ BJ BJ"))
    assert answer.challenger_valid and answer.no_trump
    assert not compare(FOUR_DECK, Rank.TEN, None, seat(2, "BJ SJ BJ")).challenger_valid


# --- 001_ Heijian: bidding by point sum -------------------------------------------------------


def _heijian() -> pb.Variant:
    variant = _copy("qq-two-deck")
    variant.declarations.Clear()
    variant.declarations.rule = pb.DECLARATION_RULE_POINT_SUM
    variant.declarations.allow_self_reinforce = True
    variant.declarations.card_points.extend([
        pb.CardPoints(card=pb.Card(rank=pb.RANK_ACE, suit=pb.SUIT_SPADES), points=6),
        pb.CardPoints(card=pb.Card(rank=pb.RANK_FIVE, suit=pb.SUIT_HEARTS), points=5),
        pb.CardPoints(card=pb.Card(rank=pb.RANK_FIVE, suit=pb.SUIT_DIAMONDS), points=4),
        pb.CardPoints(card=pb.Card(rank=pb.RANK_BIG_JOKER), points=3),
        pb.CardPoints(card=pb.Card(rank=pb.RANK_SMALL_JOKER), points=2),
        pb.CardPoints(level_card=True, points=1),
    ])
    return variant


HEIJIAN_VARIANT = _heijian()
HEIJIAN_POINTS = "比派的卡牌类型是黑桃A、红心5、方块5、国王、小王以及正在玩的关卡的点数分别是6、5、4、3、2、1"


def test_heijian_worked_example() -> None:
    """001_ 比较卡片: 如果取出黑桃A和红桃5，那么玩家的配分是6加5等于11分."""
    assert HEIJIAN.startswith("001_") and HEIJIAN_POINTS
    strength = point_sum_strength(HEIJIAN_VARIANT, Rank.SEVEN, parse_cards("AS 5H"))
    assert strength is not None and strength.value == 11
    answer = compare(HEIJIAN_VARIANT, Rank.SEVEN, seat(0, "5D BJ SJ"), seat(1, "AS 5H"))
    assert answer.challenger_valid and answer.overrides
    assert answer.challenger_strength == "11 points: 5H AS"
    assert answer.standing_strength == "9 points: 5D SJ BJ"
    assert list(answer.rule_ids) == ["declare.point_sum"]
    # The bid names no trump: the winner chooses it (呼唤上帝).
    assert trump_of(answer) == "none"


@pytest.mark.parametrize(
    ("cards", "points"),
    [("AS", 6), ("5H", 5), ("5D", 4), ("BJ", 3), ("SJ", 2), ("7C", 1), ("7H", 1), ("AS AS 7D", 13)],
)
def test_heijian_card_points(cards: str, points: int) -> None:
    """001_ 比较卡片: 黑桃A、红心5、方块5、国王、小王以及正在玩的关卡的点数分别是6、5、4、3、2、1 (playing 7)."""
    strength = declaration_strength(HEIJIAN_VARIANT, Rank.SEVEN, parse_cards(cards))
    assert strength is not None and strength.value == points


def test_heijian_equal_and_lower_bids_and_other_cards() -> None:
    """001_ 比较卡片: the higher sum takes the bid; an equal one does not (first shown stands)."""
    equal = compare(HEIJIAN_VARIANT, Rank.SEVEN, seat(0, "AS"), seat(1, "5H 7S"))
    assert equal.challenger_valid and not equal.overrides
    lower = compare(HEIJIAN_VARIANT, Rank.SEVEN, seat(0, "AS"), seat(1, "5H"))
    assert not lower.overrides
    other = compare(HEIJIAN_VARIANT, Rank.SEVEN, seat(0, "AS"), seat(1, "KS"))
    assert not other.challenger_valid and not other.overrides
    raise_own = compare(HEIJIAN_VARIANT, Rank.SEVEN, seat(0, "SJ"), seat(0, "SJ AS"))
    assert raise_own.overrides and "declare.self" in raise_own.rule_ids


# --- Other details ----------------------------------------------------------------------------


def test_strength_strings() -> None:
    answer = compare("qq-two-deck", Rank.TEN, seat(0, "10H"), seat(1, "10S 10S"))
    assert answer.standing_strength == "one level card: 10H"
    assert answer.challenger_strength == "a pair of level cards: 10S 10S"
    assert compare("qq-two-deck", Rank.TEN, None, seat(1, "10S")).standing_strength == "none"
    invalid_standing = compare("qq-two-deck", Rank.TEN, seat(0, "9S"), seat(1, "10S"))
    assert invalid_standing.standing_strength == "no declaration"
    assert invalid_standing.overrides and trump_of(invalid_standing) == "S"


def test_ladder_strength_helpers() -> None:
    qq = get_variant("qq-two-deck")
    assert ladder_strength(qq, Rank.TEN, []) is None
    four = ladder_strength(FOUR_DECK, Rank.TEN, parse_cards("BJ BJ"))
    assert four is not None and four.value == 3  # 对大王, above 对小王 (the highest rung it fits)


# --- Properties -------------------------------------------------------------------------------

LADDER_VARIANTS = [get_variant(v) for v in SHIPPED] + [THREE_DECK, FOUR_DECK]
ALL_VARIANTS = [*LADDER_VARIANTS, HEIJIAN_VARIANT]
DECK = full_deck()
LEVELS = [Rank(r) for r in range(2, 15)]


@st.composite
def rung_cards(draw: st.DrawFn, variant: pb.Variant, level: Rank) -> tuple[Card, ...]:
    """Cards that make some rung of the ladder (or a point-sum bid)."""
    if variant.declarations.rule == pb.DECLARATION_RULE_POINT_SUM:
        pool = [c for c in DECK if point_sum_strength(variant, level, [c]) is not None]
        return tuple(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=4)))
    rung = draw(st.sampled_from(list(variant.declarations.ladder)))
    small, big = Card(Rank.SMALL_JOKER, None), Card(Rank.BIG_JOKER, None)
    kind = rung.cards
    if kind == pb.DECLARATION_CARDS_LEVEL:
        suit = draw(st.sampled_from(list(Suit)))
        if variant.deal.suit_mode == pb.SUIT_MODE_TWO_COLOURS:
            colour = [s for s in Suit if s.is_red == suit.is_red]
            return tuple(Card(level, draw(st.sampled_from(colour))) for _ in range(rung.count))
        return (Card(level, suit),) * rung.count
    if kind == pb.DECLARATION_CARDS_SMALL_JOKERS:
        return (small,) * rung.count
    if kind == pb.DECLARATION_CARDS_BIG_JOKERS:
        return (big,) * rung.count
    if kind == pb.DECLARATION_CARDS_JOKERS:
        return (draw(st.sampled_from([small, big])),) * rung.count
    return tuple(draw(st.sampled_from([small, big])) for _ in range(rung.count))


@st.composite
def two_declarations(draw: st.DrawFn) -> tuple[pb.Variant, Rank, tuple[Card, ...], tuple[Card, ...]]:
    variant = draw(st.sampled_from(ALL_VARIANTS))
    level = draw(st.sampled_from([Rank(r) for r in variant.card_order.levels]))
    return variant, level, draw(rung_cards(variant, level)), draw(rung_cards(variant, level))


@given(two_declarations(), st.integers(0, 3), st.integers(1, 3), st.randoms())
def test_irreflexive(decls: tuple[pb.Variant, Rank, tuple[Card, ...], tuple[Card, ...]],
                     first: int, offset: int, rnd: object) -> None:
    """A declaration never overrides an identical one (the same cards, any order) by another seat."""
    variant, level, cards, _ = decls
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    answer = compare_declarations(variant, level, SeatPlay(first, cards),
                                  SeatPlay((first + offset) % 4, tuple(shuffled)))
    assert answer.challenger_valid
    assert not answer.overrides


@given(two_declarations(), st.integers(0, 3), st.integers(1, 3))
def test_antisymmetric(decls: tuple[pb.Variant, Rank, tuple[Card, ...], tuple[Card, ...]],
                       first: int, offset: int) -> None:
    """Of two declarations by two seats, at most one overrides the other."""
    variant, level, a, b = decls
    one, other = SeatPlay(first, a), SeatPlay((first + offset) % 4, b)
    a_over_b = compare_declarations(variant, level, other, one).overrides
    b_over_a = compare_declarations(variant, level, one, other).overrides
    assert not (a_over_b and b_over_a)


def _place(variant: pb.Variant, value: int) -> int:
    """A rung's place on the ladder, counted from the variant file (equal rungs share one)."""
    if variant.declarations.rule != pb.DECLARATION_RULE_LADDER:
        return value
    return sum(not r.same_as_previous for r in variant.declarations.ladder[: value + 1])


@given(two_declarations(), st.integers(0, 3), st.integers(1, 3))
def test_other_seat_overrides_exactly_when_stronger(
    decls: tuple[pb.Variant, Rank, tuple[Card, ...], tuple[Card, ...]], first: int, offset: int
) -> None:
    """Without a suit order, another seat overrides exactly from a higher rung (or sum).

    Rungs marked ``same_as_previous`` share one place on the ladder (the Botzone judge's one
    snatch: a joker pair does not override a level pair)."""
    variant, level, a, b = decls
    answer = compare_declarations(variant, level, SeatPlay(first, a), SeatPlay((first + offset) % 4, b))
    mine = declaration_strength(variant, level, b)
    theirs = declaration_strength(variant, level, a)
    assert mine is not None and theirs is not None
    mine_at, theirs_at = _place(variant, mine.value), _place(variant, theirs.value)
    if mine_at != theirs_at:
        assert answer.overrides == (mine_at > theirs_at)
    elif not variant.declarations.suit_order:
        assert not answer.overrides
    if answer.overrides and mine.names_trump:
        assert answer.no_trump == (mine.suit is None)


@given(st.sampled_from(ALL_VARIANTS), st.sampled_from(LEVELS),
       st.none() | st.lists(st.sampled_from(DECK), max_size=5),
       st.lists(st.sampled_from(DECK), max_size=5), st.integers(0, 3), st.integers(0, 3), st.randoms())
def test_total(variant: pb.Variant, level: Rank, standing: list[Card] | None, challenger: list[Card],
               s_seat: int, c_seat: int, rnd: object) -> None:
    """Any cards get an answer; an invalid challenger never overrides; card order never matters."""
    standing_play = None if standing is None else SeatPlay(s_seat, tuple(standing))
    answer = compare_declarations(variant, level, standing_play, SeatPlay(c_seat, tuple(challenger)))
    assert rule_ids_known(answer.rule_ids) and answer.explanation
    if not answer.challenger_valid:
        assert not answer.overrides
    assert not (answer.no_trump and answer.trump_suit != pb.SUIT_UNSPECIFIED)
    shuffled = list(challenger)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    again = compare_declarations(variant, level, standing_play, SeatPlay(c_seat, tuple(shuffled)))
    assert again == answer
