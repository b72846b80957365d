"""How the levels move after a deal, and who deals next (ScoreDeal).

Rules ``levels.table``, ``levels.next_banker`` and ``levels.last_level``: the attackers' points
pick a band of the level table (its own, or the bands its formula gives, passed in by
:mod:`oracle.dispatch.questions`); bands, next banker and last level: docs/rules.md (Levels).

>>> from oracle.variants import get_variant
>>> answer = score_deal(get_variant("qq-two-deck"), 125, 0, Rank.FIVE, Rank.NINE)
>>> answer.explanation
'attackers 125 points: 120-159 band: attackers up 1 level and take the deal; seat 1 deals next'
>>> Rank(answer.new_attacker_level).symbol, Rank(answer.new_banker_level).symbol
('10', '5')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

from oracle import pb
from oracle.cards import Rank
from oracle.convert import wire_strings

INT32_MAX = 2**31 - 1
"""The largest value of a proto int32: ``levels`` never goes beyond it."""

_GOES_PAST = {
    pb.SIDE_BANKER: "the banker's side goes past {last}, the last level, and wins the game",
    pb.SIDE_ATTACKERS: "the attackers go past {last}, the last level, and win the game",
}


class Band(NamedTuple):
    """One band of a level table as plain values, read once from its ``pb.LevelBand``: points
    in ``[at_least, below)`` (``None``: no bound) move ``side`` up ``levels`` (plus one per
    ``step`` points past ``at_least`` in an open top band).

    >>> Band.of(pb.LevelBand(at_least=120, below=160, side=pb.SIDE_ATTACKERS, levels=1)).label
    '120-159'
    """

    at_least: int | None
    below: int | None
    side: pb.Side
    levels: int
    step: int
    attackers_take_deal: bool
    label: str
    won: int | None = None
    """The levels the band gives for any points (:func:`levels_won`), ``None`` when they grow
    with the points (an open top band with a ``step``)."""
    words: str = ""
    """What the band does for ``won`` levels, in words (:func:`_movement`)."""

    @classmethod
    def of(cls, band: pb.LevelBand) -> Band:
        low = band.at_least if band.HasField("at_least") else None
        high = band.below if band.HasField("below") else None
        read = cls(low, high, band.side, band.levels, band.step, band.attackers_take_deal,
                   band_label(low, high))
        if read.step > 0 and low is not None and high is None:
            return read
        won = levels_won(read, 0)
        return read._replace(won=won, words=_movement(read, won))

    def holds(self, points: int) -> bool:
        """Whether ``points`` is in the band's range ``[at_least, below)``.

        >>> band = Band.of(pb.LevelBand(at_least=40, below=80))
        >>> band.holds(79), band.holds(80), Band.of(pb.LevelBand(below=1)).holds(-5)
        (True, False, True)
        """
        return (self.at_least is None or points >= self.at_least) and (
            self.below is None or points < self.below)


class LevelTable(NamedTuple):
    """What ScoreDeal reads of a variant, read once: its bands, its levels in order, the number
    of players and the rule ids of every answer (the one that gives the bands, and
    ``levels.next_banker``), as the bytes of an answer's ``rule_ids``."""

    bands: tuple[Band, ...]
    levels: tuple[int, ...]
    players: int
    rule_ids: bytes


def level_table(
    variant: pb.Variant, bands: Sequence[pb.LevelBand] | None = None, rule_id: str = "levels.table"
) -> LevelTable:
    """The variant's level table: its own bands, or ``bands`` (a formula's) given by ``rule_id``.

    >>> from oracle.variants import get_variant
    >>> table = level_table(get_variant("qq-two-deck"))
    >>> len(table.bands), table.bands[3].label, table.players
    (7, '80-119', 4)
    """
    given = variant.level_table.bands if bands is None else bands
    return LevelTable(tuple(Band.of(b) for b in given), tuple(variant.card_order.levels),
                      variant.deal.players,
                      wire_strings(pb.ScoreDealResponse, "rule_ids", [rule_id, "levels.next_banker"]))


def find_band(bands: Sequence[Band], points: int) -> tuple[int, Band]:
    """The band that holds ``points``, with its index.

    Any integer falls in some band of a valid table (the loader checks that
    the first band has no lower bound, the last no upper bound, and that the
    bands meet without holes). A table with a hole raises ``ValueError``.

    >>> from oracle.variants import get_variant
    >>> table = level_table(get_variant("qq-two-deck")).bands
    >>> find_band(table, -20)[0], find_band(table, 0)[0], find_band(table, 1)[0]
    (0, 0, 1)
    >>> index, band = find_band(table, 80)
    >>> index, band.at_least, band.below
    (3, 80, 120)
    """
    for index, band in enumerate(bands):
        low, below = band.at_least, band.below  # Band.holds, read in place (a call per band costs)
        if (low is None or points >= low) and (below is None or points < below):
            return index, band
    raise ValueError(f"the level table has no band for {points} points")


def band_label(low: int | None, below: int | None) -> str:
    """A band's range ``[low, below)`` for people: ``120-159``, ``0 or fewer``, ``200 or more``.

    >>> band_label(120, 160), band_label(None, 1), band_label(200, None), band_label(0, 1)
    ('120-159', '0 or fewer', '200 or more', '0')
    """
    high = None if below is None else below - 1
    if low is None and high is None:
        return "any score"
    if low is None:
        return f"{high} or fewer"
    if high is None:
        return f"{low} or more"
    return str(low) if low == high else f"{low}-{high}"


def levels_won(band: Band, points: int) -> int:
    """How many levels a band gives for ``points``.

    The band's ``levels``, plus, in a band with a lower bound and no upper
    bound, one more for every ``step`` points past ``at_least``. Never more
    than an int32 holds.

    >>> band = Band.of(pb.LevelBand(at_least=200, side=pb.SIDE_ATTACKERS, levels=3, step=40))
    >>> [levels_won(band, p) for p in (200, 239, 240, 280)]
    [3, 3, 4, 5]
    >>> levels_won(Band.of(pb.LevelBand(at_least=80, below=120, levels=1, step=40)), 119)
    1
    """
    levels = max(band.levels, 0)
    if band.step > 0 and band.at_least is not None and band.below is None:
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
    if level not in sequence:
        raise ValueError(f"{int(level)} is not one of the variant's levels {[int(r) for r in sequence]}")
    target = sequence.index(level) + max(steps, 0)
    last = len(sequence) - 1
    return _RANKS[sequence[min(target, last)]], target > last


_RANKS = {int(rank): rank for rank in Rank}
"""Each rank by its number (a look-up costs a third of calling ``Rank``)."""


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


def _movement(band: Band, levels: int) -> str:
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
    table: LevelTable | None = None,
    answer: pb.ScoreDealResponse | None = None,
) -> pb.ScoreDealResponse:
    """How the levels move after a deal, and who deals next.

    ``attacker_points`` is any integer (negative points fall in the first
    band). A level that is not given (``None`` or 0) gives no new level.
    ``table`` is the variant's :func:`level_table` (read again from the variant unless given:
    a table worked out from a formula, kept by the caller). The answer is written into ``answer``
    when given (an empty message: a field of an ``Answer``, built in its place), else a new one.

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
    if table is None:
        table = level_table(variant)
    _, band = find_band(table.bands, attacker_points)
    levels, words = band.won, band.words
    if levels is None:
        levels = levels_won(band, attacker_points)
        words = _movement(band, levels)
    take_deal = band.attackers_take_deal
    seat = next_banker_seat(table.players, banker_seat, take_deal)
    if answer is None:
        answer = pb.ScoreDealResponse()
    answer.side, answer.levels, answer.attackers_take_deal = band.side, levels, take_deal
    answer.next_banker_seat = seat
    answer.MergeFromString(table.rule_ids)
    sentence = f"attackers {attacker_points} points: {band.label} band: {words}; seat {seat} deals next"
    new_banker, new_attackers, passes = banker_level, attacker_level, False
    if band.side == pb.SIDE_BANKER and banker_level:
        new_banker, passes = advance_level(table.levels, banker_level, levels)
    elif band.side == pb.SIDE_ATTACKERS and attacker_level:
        new_attackers, passes = advance_level(table.levels, attacker_level, levels)
    if new_banker:
        answer.new_banker_level = cast(pb.Rank, new_banker)
    if new_attackers:
        answer.new_attacker_level = cast(pb.Rank, new_attackers)
    if passes:
        answer.passes_last_level = True
        answer.rule_ids.append("levels.last_level")
        last = Rank(table.levels[-1]).symbol
        sentence += "; " + _GOES_PAST[band.side].format(last=last)
    answer.explanation = sentence
    return answer
