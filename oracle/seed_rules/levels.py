"""How the levels move after a deal, and who deals next.

The attackers' final points (the bottom included) pick one band of the
variant's level table (rule ``levels.table``). A band is the half-open range
``[at_least, below)`` of points; an unset bound is open. It says which side
goes up (``side``), by how many levels (``levels``), and whether the attackers
become the banker's side (``attackers_take_deal``). In the last band, which
has no upper bound, ``step`` adds one more level for every ``step`` points
past ``at_least`` (QQ: 以后以 40 分为一个等级抓分方升相应等级).

Who deals next (rule ``levels.next_banker``, 002_ 轮庄规则: 庄家升级时，下一副牌
由其对家当庄家。闲家上台时，下一副牌由此副牌的庄家的下家当庄家) depends only on
whether the deal passes to the attackers:

* the attackers take the deal (上台, or the Lianzhong one-deck 轮换庄家 in which
  nobody goes up): the seat after the banker, ``(banker_seat + 1) % players``;
* otherwise the banker's side keeps the deal and the banker's partner deals,
  ``(banker_seat + players // 2) % players``. This is also the answer when the
  banker's side keeps the deal without going up (a band with ``levels = 0``,
  which no shipped table has): the fixed-2 game of 000_ keys the rule on the
  side winning, not on the levels (如果是莊家那一方贏，下一局由莊家的對家成為莊家).

Levels advance through the variant's ``card_order.levels``, which may skip
ranks (Heijian plays 2 4 6 7 8 9 10 J Q K). A side that would go past the last
level stops on it and wins the game (rule ``levels.last_level``).

>>> from oracle.variants import get_variant
>>> answer = score_deal(get_variant("qq-two-deck"), 125, 0, Rank.FIVE, Rank.NINE)
>>> answer.explanation
'attackers 125 points: 120-159 band: attackers up 1 level and take the deal; seat 1 deals next'
>>> Rank(answer.new_attacker_level).symbol, Rank(answer.new_banker_level).symbol
('10', '5')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from oracle import pb
from oracle.cards import Rank

INT32_MAX = 2**31 - 1
"""The largest value of a proto int32: ``levels`` never goes beyond it."""

_GOES_PAST = {
    pb.SIDE_BANKER: "the banker's side goes past {last}, the last level, and wins the game",
    pb.SIDE_ATTACKERS: "the attackers go past {last}, the last level, and win the game",
}


def find_band(table: pb.LevelTable, points: int) -> tuple[int, pb.LevelBand]:
    """The band of ``table`` that holds ``points``, with its index.

    Any integer falls in some band of a valid table (the loader checks that
    the first band has no lower bound, the last no upper bound, and that the
    bands meet without holes). A table with a hole raises ``ValueError``.

    >>> from oracle.variants import get_variant
    >>> table = get_variant("qq-two-deck").level_table
    >>> find_band(table, -20)[0], find_band(table, 0)[0], find_band(table, 1)[0]
    (0, 0, 1)
    >>> index, band = find_band(table, 80)
    >>> index, band.at_least, band.below
    (3, 80, 120)
    """
    bands = table.bands if table.bands or not table.HasField("formula") else table_bands(table)
    for index, band in enumerate(bands):
        if band_contains(band, points):
            return index, band
    raise ValueError(f"the level table has no band for {points} points")


FORMULA_WINDOWS = 50
"""Windows of a level formula on the banker's side, as rbtying/shengji scores at most 50."""


def step_size(formula: pb.LevelFormula, decks: int, total_points: int) -> int:
    """Points per step: ``step_size_per_deck`` per deck plus the adjustment for this many decks.

    rbtying/shengji ``mechanics/src/scoring.rs`` ``GameScoringParameters::step_size``; a step
    is more than 0, at most all the points, and a multiple of 5 (``ValueError`` otherwise).

    >>> step_size(pb.LevelFormula(step_size_per_deck=20), 3, 300)
    60
    >>> step_size(pb.LevelFormula(step_size_per_deck=20, step_adjustments={2: -5}), 2, 200)
    35
    """
    size = formula.step_size_per_deck * decks + formula.step_adjustments.get(decks, 0)
    if not 0 < size <= total_points:
        raise ValueError(f"a step of {size} points must be between 5 and {total_points}")
    if size % 5:
        raise ValueError(f"a step of {size} points is not a multiple of 5")
    return size


def formula_bands(formula: pb.LevelFormula, decks: int, total_points: int) -> list[pb.LevelBand]:
    """The bands of a level formula (rule ``levels.formula``).

    rbtying/shengji ``mechanics/src/scoring.rs`` ``GameScoringParameters::materialize`` and
    ``MaterializedScoringParameters::score``, with ``s`` the :func:`step_size`, ``N`` the steps
    to turn the deal over and ``D`` the dead zone. The banker's side wins below ``N*s``:

    * with the window around zero truncated: ``[(k-1)s, ks)`` gives ``N-k+1`` levels for
      ``k = N .. 2``, then ``[5, s)`` gives ``N`` and ``[5-s, 5)`` gives ``N+1``;
      otherwise ``[(N-1)s, Ns)`` gives 1;
    * each window of ``s`` points further down gives one level more, for
      :data:`FORMULA_WINDOWS` windows in all; the first band, below them, gives one more
      (rbtying/shengji stops scoring there).

    From ``N*s`` the attackers take the deal: the dead zone ``[Ns, (N+D)s)`` gives no level,
    then one level and one more every ``s`` points (no upper limit here).

    >>> bands = formula_bands(pb.LevelFormula(step_size_per_deck=20, steps_to_turnover=2,
    ...     deadzone_size=1, truncate_zero_crossing_window=True), 2, 200)
    >>> [(b.at_least, b.below, b.levels) for b in bands[-5:]]
    [(-35, 5, 3), (5, 40, 2), (40, 80, 1), (80, 120, 0), (120, 0, 1)]
    """
    s = step_size(formula, decks, total_points)
    n, dead = formula.steps_to_turnover, formula.deadzone_size
    if n < 1:
        raise ValueError("steps_to_turnover must be at least 1: the banker's side must be able to win")
    if formula.truncate_zero_crossing_window:
        windows = [((k - 1) * s, k * s, n - k + 1) for k in range(n, 1, -1)]
        windows += [(5, s, n), (5 - s, 5, n + 1)]
    else:
        windows = [((n - 1) * s, n * s, 1)]
    while len(windows) < FORMULA_WINDOWS:
        start, end, levels = windows[-1]
        windows.append((start - (end - start), start, levels + 1))
    lowest = windows[-1]
    bands = [pb.LevelBand(below=lowest[0], side=pb.SIDE_BANKER, levels=lowest[2] + 1)]
    bands += [pb.LevelBand(at_least=a, below=b, side=pb.SIDE_BANKER, levels=lv) for a, b, lv in reversed(windows)]
    if dead > 0:
        bands.append(pb.LevelBand(at_least=n * s, below=(n + dead) * s, side=pb.SIDE_NEITHER, levels=0,
                                  attackers_take_deal=True))
    bands.append(pb.LevelBand(at_least=(n + dead) * s, side=pb.SIDE_ATTACKERS, levels=1, step=s,
                              attackers_take_deal=True))
    return bands


def table_bands(table: pb.LevelTable, decks: int | None = None) -> list[pb.LevelBand]:
    """A level table's bands: its own, or those of its formula when it lists none.

    ``decks`` defaults to ``total_points // 100`` (a deck holds 100 points).

    >>> from oracle.variants import get_variant
    >>> len(table_bands(get_variant("qq-two-deck").level_table))
    7
    >>> table_bands(get_variant("rbtying-default").level_table)[-1].at_least
    120
    """
    if table.bands or not table.HasField("formula"):
        return list(table.bands)
    return formula_bands(table.formula, decks or max(1, table.total_points // 100), table.total_points)


def band_contains(band: pb.LevelBand, points: int) -> bool:
    """Whether ``points`` is in the band's range ``[at_least, below)``.

    >>> band_contains(pb.LevelBand(at_least=40, below=80), 79)
    True
    >>> band_contains(pb.LevelBand(at_least=40, below=80), 80)
    False
    >>> band_contains(pb.LevelBand(below=1), -5)
    True
    """
    if band.HasField("at_least") and points < band.at_least:
        return False
    return not (band.HasField("below") and points >= band.below)


def band_label(band: pb.LevelBand) -> str:
    """The band's range for people: ``120-159``, ``0 or fewer``, ``200 or more``.

    >>> band_label(pb.LevelBand(at_least=120, below=160))
    '120-159'
    >>> band_label(pb.LevelBand(below=1))
    '0 or fewer'
    >>> band_label(pb.LevelBand(at_least=200))
    '200 or more'
    >>> band_label(pb.LevelBand(at_least=0, below=1))
    '0'
    """
    low = band.at_least if band.HasField("at_least") else None
    high = band.below - 1 if band.HasField("below") else None
    if low is None and high is None:
        return "any score"
    if low is None:
        return f"{high} or fewer"
    if high is None:
        return f"{low} or more"
    return str(low) if low == high else f"{low}-{high}"


def levels_won(band: pb.LevelBand, points: int) -> int:
    """How many levels a band gives for ``points``.

    The band's ``levels``, plus, in a band with a lower bound and no upper
    bound, one more for every ``step`` points past ``at_least``. Never more
    than an int32 holds.

    >>> band = pb.LevelBand(at_least=200, side=pb.SIDE_ATTACKERS, levels=3, step=40)
    >>> [levels_won(band, p) for p in (200, 239, 240, 280)]
    [3, 3, 4, 5]
    >>> levels_won(pb.LevelBand(at_least=80, below=120, levels=1, step=40), 119)
    1
    """
    levels = max(band.levels, 0)
    if band.step > 0 and band.HasField("at_least") and not band.HasField("below"):
        levels += max(points - band.at_least, 0) // band.step
    return min(levels, INT32_MAX)


def advance_level(sequence: Sequence[int], level: Rank | int, steps: int) -> tuple[Rank, bool]:
    """Move ``level`` up ``steps`` places in ``sequence`` (the variant's levels).

    Returns the new level, capped at the last one, and whether the move went
    past the last level. ``ValueError`` when ``level`` is not in the sequence.

    >>> heijian = [2, 4, 6, 7, 8, 9, 10, 11, 12, 13]
    >>> advance_level(heijian, Rank.TWO, 1)
    (<Rank.FOUR: 4>, False)
    >>> advance_level(heijian, Rank.QUEEN, 1)
    (<Rank.KING: 13>, False)
    >>> advance_level(heijian, Rank.QUEEN, 2)
    (<Rank.KING: 13>, True)
    """
    ranks = [int(r) for r in sequence]
    if int(level) not in ranks:
        raise ValueError(f"{int(level)} is not one of the variant's levels {ranks}")
    target = ranks.index(int(level)) + max(steps, 0)
    last = len(ranks) - 1
    return Rank(ranks[min(target, last)]), target > last


def next_banker_seat(players: int, banker_seat: int, attackers_take_deal: bool) -> int:
    """Who deals next: the seat after the banker, or the banker's partner.

    >>> next_banker_seat(4, 3, attackers_take_deal=True)
    0
    >>> next_banker_seat(4, 3, attackers_take_deal=False)
    1
    """
    if attackers_take_deal:
        return (banker_seat + 1) % players
    return (banker_seat + players // 2) % players


def _pb_rank(rank: Rank | None) -> pb.Rank:
    return cast(pb.Rank, int(rank) if rank is not None else pb.RANK_UNSPECIFIED)


def _given(level: Rank | int | None) -> Rank | None:
    return Rank(int(level)) if level else None


def _movement(band: pb.LevelBand, levels: int) -> str:
    """What the band does, in words: 'attackers up 1 level and take the deal'."""
    plural = "level" if levels == 1 else "levels"
    if band.side == pb.SIDE_NEITHER:
        what = "nobody goes up"
        if band.attackers_take_deal:
            what += " and the deal passes to the attackers"
        return what
    if band.side == pb.SIDE_ATTACKERS:
        if not band.attackers_take_deal:
            return f"attackers up {levels} {plural}; the banker's side keeps the deal"
        if levels == 0:
            return "attackers take the deal without going up"
        return f"attackers up {levels} {plural} and take the deal"
    what = f"banker's side up {levels} {plural}" if levels else "banker's side keeps the deal"
    if band.attackers_take_deal:
        what += " but the attackers take the deal"
    return what


def score_deal(
    variant: pb.Variant,
    attacker_points: int,
    banker_seat: int,
    banker_level: Rank | int | None,
    attacker_level: Rank | int | None,
) -> pb.ScoreDealResponse:
    """How the levels move after a deal, and who deals next.

    ``attacker_points`` is any integer (negative points fall in the first
    band). A level that is not given (``None`` or 0) gives no new level.

    >>> from oracle.variants import get_variant
    >>> answer = score_deal(get_variant("qq-two-deck"), 0, 2, Rank.KING, None)
    >>> answer.side == pb.SIDE_BANKER, answer.levels, answer.next_banker_seat
    (True, 3, 0)
    >>> Rank(answer.new_banker_level).symbol, answer.passes_last_level
    ('A', True)
    >>> answer.new_attacker_level == pb.RANK_UNSPECIFIED
    True
    >>> list(answer.rule_ids)
    ['levels.table', 'levels.next_banker', 'levels.last_level']
    >>> score_deal(get_variant("lianzhong-one-deck"), 55, 1, None, None).explanation
    'attackers 55 points: 40-79 band: nobody goes up and the deal passes to the attackers; seat 2 deals next'
    """
    table = variant.level_table
    formula = not table.bands and table.HasField("formula")
    if formula:
        table = pb.LevelTable(total_points=table.total_points,
                              bands=table_bands(table, variant.deal.decks))
    _, band = find_band(table, attacker_points)
    levels = levels_won(band, attacker_points)
    take_deal = band.attackers_take_deal
    seat = next_banker_seat(variant.deal.players, banker_seat, take_deal)

    banker = _given(banker_level)
    attackers = _given(attacker_level)
    new_banker, new_attackers = banker, attackers
    passes = False
    sequence = list(variant.card_order.levels)
    if band.side == pb.SIDE_BANKER and banker is not None:
        new_banker, passes = advance_level(sequence, banker, levels)
    elif band.side == pb.SIDE_ATTACKERS and attackers is not None:
        new_attackers, passes = advance_level(sequence, attackers, levels)

    rule_ids = ["levels.formula" if formula else "levels.table", "levels.next_banker"]
    sentence = (
        f"attackers {attacker_points} points: {band_label(band)} band: "
        f"{_movement(band, levels)}; seat {seat} deals next"
    )
    if passes:
        rule_ids.append("levels.last_level")
        last = Rank(sequence[-1]).symbol
        sentence += "; " + _GOES_PAST[band.side].format(last=last)
    return pb.ScoreDealResponse(
        side=band.side,
        levels=levels,
        attackers_take_deal=take_deal,
        next_banker_seat=seat,
        new_banker_level=_pb_rank(new_banker),
        new_attacker_level=_pb_rank(new_attackers),
        passes_last_level=passes,
        rule_ids=rule_ids,
        explanation=sentence,
    )
