"""Tests of oracle.seed_rules.levels: the level tables, who deals next, the last level.

Every row of a seed's level table for a shipped variant is a test that names
the seed file and quotes its words; the expected values are read from those
words. Then the band edges, and properties over every shipped variant.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle import pb
from oracle.cards import Rank
from oracle.dispatch.level_tables import level_table_of, table_bands
from oracle.dispatch.questions import score_deal
from oracle.rules import CLASSIC, HEIJIAN, LIANZHONG, QQ, rule_ids_known
from oracle.seed_rules.levels import (
    INT32_MAX,
    Band,
    advance_level,
    band_label,
    find_band,
    levels_won,
)
from oracle.variants import get_variant, load_catalogue

SHIPPED = sorted(load_catalogue())

BANKER_SEAT = 2
PARTNER = 0  # the banker's partner (对家) at a four-player table
NEXT_SEAT = 3  # the seat after the banker (下家)
BANKER_LEVEL = Rank.FIVE
ATTACKER_LEVEL = Rank.EIGHT


@dataclass(frozen=True)
class Row:
    """One row of a seed's table: who goes up how far, and who deals next."""

    variant: str
    points: int
    who: str  # "banker", "attackers" or "nobody"
    levels: int
    take_deal: bool
    seed: str
    quote: str

    def __str__(self) -> str:
        return f"{self.variant}-{self.points}"


QQ_TWO = [
    ("如果得分为 0 ，庄家方连升 3 级", [(0, "banker", 3, False)]),
    ("如果得分不满 40 ，庄家连升 2 级", [(5, "banker", 2, False), (35, "banker", 2, False)]),
    ("如果得分大于等于 40 小于 80 ，庄家方升 1 级", [(40, "banker", 1, False), (75, "banker", 1, False)]),
    ("如果得分大于等于 80 小于 120 ，轮换庄家", [(80, "nobody", 0, True), (115, "nobody", 0, True)]),
    ("如果得分大于等于 120 小于 160 ，抓分方升 1 级",
     [(120, "attackers", 1, True), (155, "attackers", 1, True)]),
    ("如果得分大于等于 160 小于 200 ，抓分方连升 2 级",
     [(160, "attackers", 2, True), (195, "attackers", 2, True)]),
    ("以后以 40 分为一个等级抓分方升相应等级",
     [(200, "attackers", 3, True), (235, "attackers", 3, True), (240, "attackers", 4, True),
      (280, "attackers", 5, True)]),
]

CLASSIC_TWO = [
    ("如果得分為 0，莊家方連升 3級", [(0, "banker", 3, False)]),
    ("如果得分不滿 4 0，莊家連升 2級", [(10, "banker", 2, False)]),
    ("如果得分大于等于 4 0小于 8 0，莊家方升 1級", [(60, "banker", 1, False)]),
    ("如果得分大于等于 8 0小于 1 2 0，輪換莊家", [(100, "nobody", 0, True)]),
    ("如果得分大于等于 1 6 0小于 2 0 0，抓分方連升 2級", [(170, "attackers", 2, True)]),
    ("以后以 4 0分為一個等級抓分方升相應等級", [(245, "attackers", 4, True)]),
]

# One deck: the QQ table with 20-point bands (002_), the scores halved (000_).
HALVED = [
    ("如果得分为 0 ，庄家方连升 3 级", [(0, "banker", 3, False)]),
    ("如果得分不满 40 ，庄家连升 2 级", [(5, "banker", 2, False), (15, "banker", 2, False)]),
    ("如果得分大于等于 40 小于 80 ，庄家方升 1 级", [(20, "banker", 1, False), (35, "banker", 1, False)]),
    ("如果得分大于等于 80 小于 120 ，轮换庄家", [(40, "nobody", 0, True), (55, "nobody", 0, True)]),
    ("如果得分大于等于 120 小于 160 ，抓分方升 1 级",
     [(60, "attackers", 1, True), (75, "attackers", 1, True)]),
    ("如果得分大于等于 160 小于 200 ，抓分方连升 2 级",
     [(80, "attackers", 2, True), (95, "attackers", 2, True)]),
    ("以后以 40 分为一个等级抓分方升相应等级",
     [(100, "attackers", 3, True), (115, "attackers", 3, True), (120, "attackers", 4, True)]),
]
QQ_ONE_DECK = "一副牌与三副牌的分数规定类似，只是一副牌的分数段为 20 分一段"
CLASSIC_ONE_DECK = "與兩副牌規則基本一致，只是升級所需分數都縮小一半"
TWO_COLOUR = "其余打法與兩副牌經典打法一致，只是升級所需分數都縮小一半"

LIANZHONG_TWO = [
    ("如果得分为0，一副牌时庄家方连升2级；两副牌时庄家方连升3级", [(0, "banker", 3, False)]),
    ("如果得分不满40，一副牌时庄家方升1级；两副牌时庄家方连升2级",
     [(5, "banker", 2, False), (35, "banker", 2, False)]),
    ("如果得分大于等于40小于80，一副牌时双方不升级，轮换庄家；两副牌时庄家方升1级",
     [(40, "banker", 1, False), (75, "banker", 1, False)]),
    ("如果得分大于等于80小于120，一副牌时抓分方80--95分升一级，100分升两级；两副牌时抓分方升1级",
     [(80, "attackers", 1, True), (115, "attackers", 1, True)]),
    ("如果得分大于等于120，小于160，两副牌时抓分方连升2级",
     [(120, "attackers", 2, True), (155, "attackers", 2, True)]),
    ("以后依次类推，两副牌时每增加40分，则多升一级",
     [(160, "attackers", 3, True), (200, "attackers", 4, True), (240, "attackers", 5, True)]),
]

LIANZHONG_ONE = [
    ("如果得分为0，一副牌时庄家方连升2级", [(0, "banker", 2, False)]),
    ("如果得分不满40，一副牌时庄家方升1级", [(5, "banker", 1, False), (35, "banker", 1, False)]),
    ("如果得分大于等于40小于80，一副牌时双方不升级，轮换庄家",
     [(40, "nobody", 0, True), (75, "nobody", 0, True)]),
    ("如果得分大于等于80小于120，一副牌时抓分方80--95分升一级",
     [(80, "attackers", 1, True), (95, "attackers", 1, True)]),
    ("如果得分大于等于80小于120，一副牌时抓分方80--95分升一级，100分升两级",
     [(100, "attackers", 2, True)]),
]


def _rows(variant: str, seed: str, table: list[tuple[str, list[tuple[int, str, int, bool]]]],
          prefix: str = "") -> list[Row]:
    return [
        Row(variant, points, who, levels, take, seed, f"{prefix}{quote}")
        for quote, cells in table
        for points, who, levels, take in cells
    ]


SEED_ROWS = (
    _rows("qq-two-deck", QQ, QQ_TWO)
    + _rows("qq-two-deck-two-trump", QQ, QQ_TWO)
    + _rows("qq-two-deck", CLASSIC, CLASSIC_TWO)
    + _rows("qq-one-deck", QQ, HALVED, prefix=f"{QQ_ONE_DECK}: ")
    + _rows("qq-one-deck", CLASSIC, HALVED[:3], prefix=f"{CLASSIC_ONE_DECK}: ")
    + _rows("two-colour-one-deck", CLASSIC, HALVED, prefix=f"{TWO_COLOUR}: ")
    + _rows("lianzhong-two-deck", LIANZHONG, LIANZHONG_TWO)
    + _rows("lianzhong-one-deck", LIANZHONG, LIANZHONG_ONE)
)


def _up(rank: Rank, variant: str, levels: int) -> Rank:
    """``rank`` moved up ``levels`` places in the variant's levels (all 2..A here)."""
    sequence = list(get_variant(variant).card_order.levels)
    return Rank(sequence[sequence.index(rank) + levels])


@pytest.mark.parametrize("row", SEED_ROWS, ids=str)
def test_seed_table_row(row: Row) -> None:
    """Each row of the seeds' level tables (the seed file and its words are in ``row``)."""
    assert row.seed.startswith(("000_", "002_", "004_")) and row.quote
    answer = score_deal(get_variant(row.variant), row.points, BANKER_SEAT, BANKER_LEVEL,
                        ATTACKER_LEVEL)
    assert answer.levels == row.levels
    assert answer.attackers_take_deal == row.take_deal
    if row.who == "banker":
        assert answer.side == pb.SIDE_BANKER
        assert answer.new_banker_level == _up(BANKER_LEVEL, row.variant, row.levels)
        assert answer.new_attacker_level == ATTACKER_LEVEL
    elif row.who == "attackers":
        assert answer.side == pb.SIDE_ATTACKERS
        assert answer.new_attacker_level == _up(ATTACKER_LEVEL, row.variant, row.levels)
        assert answer.new_banker_level == BANKER_LEVEL
    else:  # 轮换庄家: nobody goes up, the deal changes hands
        assert answer.side in (pb.SIDE_NEITHER, pb.SIDE_ATTACKERS)
        assert answer.new_banker_level == BANKER_LEVEL
        assert answer.new_attacker_level == ATTACKER_LEVEL
    assert answer.next_banker_seat == (NEXT_SEAT if row.take_deal else PARTNER)
    assert not answer.passes_last_level
    assert list(answer.rule_ids) == ["levels.table", "levels.next_banker"]


def test_explanation_names_the_band() -> None:
    """002_ 记分规则: 如果得分大于等于 120 小于 160 ，抓分方升 1 级."""
    answer = score_deal(get_variant("qq-two-deck"), 125, 0, None, None)
    assert answer.explanation == (
        "attackers 125 points: 120-159 band: attackers up 1 level and take the deal; seat 1 deals next"
    )


# --- Who deals next ---------------------------------------------------------------------------

ROTATION = "庄家升级时，下一副牌由其对家当庄家。闲家上台时，下一副牌由此副牌的庄家的下家当庄家。"


@pytest.mark.parametrize("variant", SHIPPED)
@pytest.mark.parametrize("banker", [0, 1, 2, 3])
def test_banker_goes_up_partner_deals(variant: str, banker: int) -> None:
    """002_ 轮庄规则: 庄家升级时，下一副牌由其对家当庄家。"""
    assert ROTATION.startswith("庄家升级时，下一副牌由其对家当庄家")
    answer = score_deal(get_variant(variant), 0, banker, None, None)
    assert answer.side == pb.SIDE_BANKER and answer.levels > 0
    assert answer.next_banker_seat == (banker + 2) % 4


@pytest.mark.parametrize("variant", SHIPPED)
@pytest.mark.parametrize("banker", [0, 1, 2, 3])
def test_attackers_take_the_deal_next_seat_deals(variant: str, banker: int) -> None:
    """002_ 轮庄规则: 闲家上台时，下一副牌由此副牌的庄家的下家当庄家。

    The points are those of the variant's first band where the attackers take the deal (上台).
    """
    table = get_variant(variant).level_table
    points = next(b.at_least for b in table_bands(table) if b.attackers_take_deal)
    answer = score_deal(get_variant(variant), points, banker, None, None)
    assert answer.attackers_take_deal
    assert answer.next_banker_seat == (banker + 1) % 4


@pytest.mark.parametrize("banker", [0, 1, 2, 3])
def test_lianzhong_one_deck_rotation_without_levels(banker: int) -> None:
    """004_ 胜负判定: 如果得分大于等于40小于80，一副牌时双方不升级，轮换庄家."""
    answer = score_deal(get_variant("lianzhong-one-deck"), 60, banker, Rank.SIX, Rank.NINE)
    assert answer.side == pb.SIDE_NEITHER and answer.levels == 0
    assert answer.attackers_take_deal
    assert answer.next_banker_seat == (banker + 1) % 4
    assert (answer.new_banker_level, answer.new_attacker_level) == (Rank.SIX, Rank.NINE)


def test_fixed_two_game_rotation_words() -> None:
    """000_ (second half): 如果是莊家那一方贏，下一局由莊家的對家成為莊家，如對方贏了，則由上一局的莊家的下家坐莊.

    The same rotation as QQ, keyed on which side wins: the banker's side keeps
    the deal whenever the attackers do not take it.
    """
    variant = get_variant("qq-two-deck")
    assert score_deal(variant, 70, 1, None, None).next_banker_seat == 3
    assert score_deal(variant, 130, 1, None, None).next_banker_seat == 2


def _with_bands(base: str, bands: list[pb.LevelBand], levels: list[int] | None = None) -> pb.Variant:
    variant = pb.Variant()
    variant.CopyFrom(get_variant(base))
    del variant.level_table.bands[:]
    variant.level_table.bands.extend(bands)
    if levels is not None:
        del variant.card_order.levels[:]
        variant.card_order.levels.extend(levels)  # type: ignore[arg-type]
    return variant


def test_banker_side_up_by_zero_keeps_the_deal_with_the_partner() -> None:
    """No shipped table has it; defined as 'the banker's side wins': the partner deals.

    000_: 如果是莊家那一方贏，下一局由莊家的對家成為莊家.
    """
    variant = _with_bands("qq-two-deck", [
        pb.LevelBand(below=80, side=pb.SIDE_BANKER, levels=0),
        pb.LevelBand(at_least=80, side=pb.SIDE_ATTACKERS, levels=1, attackers_take_deal=True),
    ])
    answer = score_deal(variant, 50, 3, Rank.SEVEN, Rank.TWO)
    assert answer.side == pb.SIDE_BANKER and answer.levels == 0
    assert not answer.attackers_take_deal
    assert answer.next_banker_seat == 1
    assert answer.new_banker_level == Rank.SEVEN
    assert "banker's side keeps the deal" in answer.explanation


# --- The last level ---------------------------------------------------------------------------


def test_levels_stop_at_ace() -> None:
    """000_: 游戲的目的就是做莊，然后升級，一般以先升到A的一方為贏家.

    A is the last level; going past it is reported as passes_last_level and the
    new level is capped at A (rule levels.last_level).
    """
    variant = get_variant("qq-two-deck")
    answer = score_deal(variant, 0, 0, Rank.QUEEN, Rank.TWO)
    assert answer.new_banker_level == Rank.ACE and answer.passes_last_level
    assert "levels.last_level" in answer.rule_ids
    assert "goes past A" in answer.explanation
    answer = score_deal(variant, 5, 0, Rank.QUEEN, Rank.TWO)  # up 2: Q -> A exactly
    assert answer.new_banker_level == Rank.ACE and not answer.passes_last_level
    assert "levels.last_level" not in answer.rule_ids
    answer = score_deal(variant, 250, 0, Rank.TWO, Rank.ACE)
    assert answer.new_attacker_level == Rank.ACE and answer.passes_last_level
    assert answer.new_banker_level == Rank.TWO


def test_rotation_at_ace_does_not_pass() -> None:
    """002_ 记分规则: 如果得分大于等于 80 小于 120 ，轮换庄家 -- nobody goes up, nobody passes A."""
    answer = score_deal(get_variant("qq-two-deck"), 100, 0, Rank.ACE, Rank.ACE)
    assert not answer.passes_last_level
    assert (answer.new_banker_level, answer.new_attacker_level) == (Rank.ACE, Rank.ACE)


HEIJIAN_LEVELS = [2, 4, 6, 7, 8, 9, 10, 11, 12, 13]


@pytest.mark.parametrize(
    ("start", "points", "expected", "passes"),
    [
        (Rank.TWO, 45, Rank.FOUR, False),  # banker up 1: 2 -> 4, 3 is not played
        (Rank.FOUR, 0, Rank.EIGHT, False),  # banker up 3: 4 -> 6 -> 7 -> 8
        (Rank.FOUR, 5, Rank.SEVEN, False),  # banker up 2: 5 is not played either
        (Rank.QUEEN, 45, Rank.KING, False),
        (Rank.KING, 45, Rank.KING, True),  # K is the last level: A is not played
    ],
)
def test_heijian_levels_skip_ranks(start: Rank, points: int, expected: Rank, passes: bool) -> None:
    """001_ e) 关卡卡: 游戏从‘2’开始，直到‘k’打完一圈；顺序是:2 ` 4` 6` 7` 8` 9` 10 ` j` q` k ``，A，3，5不玩。

    001_ gives no level table, so the QQ table carries the levels here.
    """
    assert HEIJIAN.startswith("001_")
    variant = _with_bands("qq-two-deck", list(get_variant("qq-two-deck").level_table.bands),
                          HEIJIAN_LEVELS)
    answer = score_deal(variant, points, 0, start, Rank.TWO)
    assert answer.new_banker_level == expected
    assert answer.passes_last_level == passes


def test_levels_not_given_stay_unspecified() -> None:
    answer = score_deal(get_variant("qq-two-deck"), 0, 0, None, None)
    assert answer.new_banker_level == pb.RANK_UNSPECIFIED
    assert answer.new_attacker_level == pb.RANK_UNSPECIFIED
    assert not answer.passes_last_level
    answer = score_deal(get_variant("qq-two-deck"), 0, 0, 0, Rank.ACE)
    assert answer.new_banker_level == pb.RANK_UNSPECIFIED
    assert answer.new_attacker_level == Rank.ACE


def test_level_outside_the_sequence_is_refused() -> None:
    variant = _with_bands("qq-two-deck", list(get_variant("qq-two-deck").level_table.bands),
                          HEIJIAN_LEVELS)
    with pytest.raises(ValueError, match="not one of the variant's levels"):
        score_deal(variant, 0, 0, Rank.THREE, None)


def test_negative_points_are_the_lowest_band() -> None:
    """000_ (second half): 如抓分方得到0分或負分，則計為大光，莊家連升3級."""
    for variant_id in SHIPPED:
        variant = get_variant(variant_id)
        first = Rank(variant.card_order.levels[0])
        negative = score_deal(variant, -5, 0, first, first)
        zero = score_deal(variant, 0, 0, first, first)
        assert _fields(negative) == _fields(zero)
        assert negative.side == pb.SIDE_BANKER


def _fields(answer: pb.ScoreDealResponse) -> dict[str, object]:
    return {
        "side": answer.side, "levels": answer.levels, "attackers_take_deal": answer.attackers_take_deal,
        "next_banker_seat": answer.next_banker_seat, "new_banker_level": answer.new_banker_level,
        "new_attacker_level": answer.new_attacker_level, "passes_last_level": answer.passes_last_level,
        "rule_ids": list(answer.rule_ids),
    }


# --- Band edges -------------------------------------------------------------------------------

EDGES = [
    (variant_id, index)
    for variant_id in SHIPPED
    for index, band in enumerate(get_variant(variant_id).level_table.bands)
    if band.HasField("at_least")
]


@pytest.mark.parametrize(("variant_id", "index"), EDGES, ids=lambda v: str(v))
def test_band_edge(variant_id: str, index: int) -> None:
    """At every band's lower edge the band begins; one point less is the band before."""
    variant = get_variant(variant_id)
    bands = variant.level_table.bands
    edge = bands[index].at_least
    for points, expected in ((edge, index), (edge - 1, index - 1)):
        found, band = find_band(level_table_of(variant).bands, points)
        assert found == expected
        answer = score_deal(variant, points, 0, None, None)
        assert (answer.side, answer.attackers_take_deal) == (band.side, band.attackers_take_deal)
        assert answer.levels == band.levels  # at the edges the step adds nothing yet
        assert f"{band.label} band" in answer.explanation


STEP_BANDS = [
    (variant_id, band)
    for variant_id in SHIPPED
    for band in get_variant(variant_id).level_table.bands
    if band.step
]


@pytest.mark.parametrize(("variant_id", "band"), STEP_BANDS, ids=lambda v: str(v).split("\n")[0])
def test_step_edges(variant_id: str, band: pb.LevelBand) -> None:
    """Past the last band's edge, one more level at every ``step`` points, and not before."""
    variant = get_variant(variant_id)
    for k in range(4):
        edge = band.at_least + k * band.step
        assert score_deal(variant, edge, 0, None, None).levels == band.levels + k
        if k:
            assert score_deal(variant, edge - 1, 0, None, None).levels == band.levels + k - 1


def test_first_band_edges_are_seed_values() -> None:
    """The first edge of every shipped table is 1: 得分为 0 is a band of its own (002_, 004_)."""
    for variant_id in SHIPPED:
        if not get_variant(variant_id).level_table.bands:
            continue  # a level formula (rbtying-default): no seed's table
        first = get_variant(variant_id).level_table.bands[0]
        assert not first.HasField("at_least") and first.below == 1


def test_helpers() -> None:
    assert Band.of(pb.LevelBand(at_least=0, below=1)).holds(0)
    assert not Band.of(pb.LevelBand(at_least=0, below=1)).holds(1)
    assert band_label(None, None) == "any score" == Band.of(pb.LevelBand()).label
    assert levels_won(Band.of(pb.LevelBand(at_least=0, levels=1, step=1)), 10**12) == INT32_MAX
    assert advance_level([2, 3], Rank.TWO, -4) == (Rank.TWO, False)
    with pytest.raises(ValueError, match="no band"):
        find_band([Band.of(pb.LevelBand(below=0))], 5)


# --- Properties -------------------------------------------------------------------------------

variants = st.sampled_from(SHIPPED)
any_points = st.integers()
deal_points = st.integers(min_value=-1_000, max_value=2_000)


def _level_or_none(variant_id: str) -> st.SearchStrategy[Rank | None]:
    levels = [Rank(r) for r in get_variant(variant_id).card_order.levels]
    return st.none() | st.sampled_from(levels)


@given(st.data(), variants, any_points)
def test_total(data: st.DataObject, variant_id: str, points: int) -> None:
    """Any integer is answered, and the answer is well formed."""
    variant = get_variant(variant_id)
    players = variant.deal.players
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    banker = data.draw(_level_or_none(variant_id))
    attackers = data.draw(_level_or_none(variant_id))
    answer = score_deal(variant, points, seat, banker, attackers)
    assert answer.side != pb.SIDE_UNSPECIFIED
    assert 0 <= answer.levels <= INT32_MAX
    assert 0 <= answer.next_banker_seat < players
    assert answer.next_banker_seat in ((seat + 1) % players, (seat + players // 2) % players)
    assert rule_ids_known(answer.rule_ids) and answer.explanation
    for given_level, new in ((banker, answer.new_banker_level), (attackers, answer.new_attacker_level)):
        if given_level is None:
            assert new == pb.RANK_UNSPECIFIED
        else:
            assert new in variant.card_order.levels
            assert new >= given_level
    assert answer.passes_last_level == ("levels.last_level" in answer.rule_ids)


@given(variants, any_points)
def test_band_contains_the_points(variant_id: str, points: int) -> None:
    variant = get_variant(variant_id)
    _, band = find_band(level_table_of(variant).bands, points)
    assert band.holds(points)
    if band.at_least is not None:
        assert points >= band.at_least
    if band.below is not None:
        assert points < band.below
    answer = score_deal(variant, points, 0, None, None)
    assert (answer.side, answer.attackers_take_deal) == (band.side, band.attackers_take_deal)
    assert f"{band.label} band" in answer.explanation


def banker_gain(answer: pb.ScoreDealResponse) -> tuple[int, int]:
    """The outcome for the banker's side, higher is better for it.

    First the levels the banker's side gains over the attackers (its levels up,
    or minus the attackers' levels up, 0 when nobody goes up); then whether it
    keeps the deal.
    """
    if answer.side == pb.SIDE_BANKER:
        net = answer.levels
    elif answer.side == pb.SIDE_ATTACKERS:
        net = -answer.levels
    else:
        net = 0
    return net, 0 if answer.attackers_take_deal else 1


@given(variants, deal_points, deal_points)
def test_monotone(variant_id: str, a: int, b: int) -> None:
    """More points never help the banker's side: neither part of the outcome gets better."""
    low, high = sorted((a, b))
    variant = get_variant(variant_id)
    worse = banker_gain(score_deal(variant, high, 0, None, None))
    better = banker_gain(score_deal(variant, low, 0, None, None))
    assert worse[0] <= better[0]
    assert worse[1] <= better[1]


@given(variants, deal_points, deal_points)
def test_monotone_levels(variant_id: str, a: int, b: int) -> None:
    """With levels given: more points never raise the banker's new level nor lower the attackers'."""
    low, high = sorted((a, b))
    variant = get_variant(variant_id)
    sequence = list(variant.card_order.levels)
    first = Rank(sequence[0])
    lo = score_deal(variant, low, 0, first, first)
    hi = score_deal(variant, high, 0, first, first)
    assert sequence.index(hi.new_banker_level) <= sequence.index(lo.new_banker_level)
    assert sequence.index(hi.new_attacker_level) >= sequence.index(lo.new_attacker_level)
