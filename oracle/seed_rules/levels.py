"""How the levels move after a deal, and who deals next (ScoreDeal).

Rules ``levels.table``, ``levels.next_banker`` and ``levels.last_level``: the attackers' points
pick a band of the level table (its own, or the bands its formula gives, passed in by
:mod:`oracle.engine.questions`); bands, next banker and last level: docs/rules.md (Levels).

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


def find_band(bands: Sequence[pb.LevelBand], points: int) -> tuple[int, pb.LevelBand]:
    """The band that holds ``points``, with its index.

    Any integer falls in some band of a valid table (the loader checks that
    the first band has no lower bound, the last no upper bound, and that the
    bands meet without holes). A table with a hole raises ``ValueError``.

    >>> from oracle.variants import get_variant
    >>> table = get_variant("qq-two-deck").level_table.bands
    >>> find_band(table, -20)[0], find_band(table, 0)[0], find_band(table, 1)[0]
    (0, 0, 1)
    >>> index, band = find_band(table, 80)
    >>> index, band.at_least, band.below
    (3, 80, 120)
    """
    for index, band in enumerate(bands):
        if band_contains(band, points):
            return index, band
    raise ValueError(f"the level table has no band for {points} points")


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
    *,
    bands: Sequence[pb.LevelBand] | None = None,
    table_rule: str = "levels.table",
) -> pb.ScoreDealResponse:
    """How the levels move after a deal, and who deals next.

    ``attacker_points`` is any integer (negative points fall in the first
    band). A level that is not given (``None`` or 0) gives no new level.
    ``bands`` are the variant's own unless given (a table worked out from a formula, and
    ``table_rule`` the rule id that made it).

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
    _, band = find_band(variant.level_table.bands if bands is None else bands, attacker_points)
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

    rule_ids = [table_rule, "levels.next_banker"]
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
