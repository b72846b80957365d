"""The bottom's multiplier (扣底倍数) when the last trick is won: one function per ``BottomRule``.

``largest`` is the last lead's largest unit, measured by ``bottom.measure`` (its card count
or its tuple size). 002_ (QQ: 2 to the card count, at most 64), 004_ (Lianzhong: the shape
table), 000_ (the fixed-2 game: linear), 001_ (Heijian: trump doubles).

>>> from oracle.cards import Rank, Suit
>>> from oracle.engine.units import Unit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("lianzhong-two-deck", Rank.TEN, Suit.HEARTS)
>>> shape_table(rules, [Unit(2, 3, 0, ())], False)[0]      # tractor of 3 pairs: 2 * 2^3
16
>>> power(make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS), [Unit(2, 2, 0, ())], False)[:2]
(16, 'bottom.power')
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple

from oracle import pb
from oracle.engine.answers import INT32_MAX, clamped
from oracle.engine.per_variant import PerVariant
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Unit


class BottomTable(NamedTuple):
    """What ScoreBottom reads of a variant's ``bottom``, read once (:func:`bottom_table`)."""

    either_side: bool
    """``DIG_RULE_EITHER_SIDE``: the loser of the last trick pays (rule ``bottom.either_side``)."""
    banker_keeps_points: bool
    base: int
    cap: int
    by_card_count: bool
    """``bottom.measure`` counts a unit's cards (else its tuple size)."""


def _read_bottom_table(variant: pb.Variant) -> BottomTable:
    bottom = variant.bottom
    return BottomTable(bottom.dig == pb.DIG_RULE_EITHER_SIDE, bottom.banker_keeps_points, bottom.base,
                       bottom.cap, bottom.measure == pb.UNIT_MEASURE_CARD_COUNT)


bottom_table: PerVariant[BottomTable] = PerVariant(_read_bottom_table)
"""The variant's :class:`BottomTable`, read once per variant message."""


_SIZE_KEY = attrgetter("size", "tuple_size")


def largest_unit(units: Sequence[Unit]) -> Unit:
    """The lead's largest unit: most cards, then the larger tuple."""
    return units[0] if len(units) == 1 else max(units, key=_SIZE_KEY)


def measured(rules: Ruleset, unit: Unit) -> int:
    """The unit's size as ``bottom.measure`` counts it."""
    return unit.size if bottom_table(rules.variant).by_card_count else unit.tuple_size


def power(rules: Ruleset, lead_units: Sequence[Unit], winner_is_trump: bool) -> tuple[int, str, str]:
    """``BOTTOM_RULE_POWER`` (``bottom.power``): ``base ** size``, capped."""
    bottom = bottom_table(rules.variant)
    largest = largest_unit(lead_units)
    size = measured(rules, largest)
    base = bottom.base
    value = base ** size
    if bottom.cap and value > bottom.cap:
        return bottom.cap, "bottom.power", f"{base}^{size} capped at {bottom.cap}"
    if value > INT32_MAX:
        return INT32_MAX, "bottom.power", f"{base}^{size}, carried as {INT32_MAX}, the largest multiplier"
    return value, "bottom.power", f"its largest unit, a {largest.name}: {base}^{size}"


def shape_table(rules: Ruleset, lead_units: Sequence[Unit], winner_is_trump: bool) -> tuple[int, str, str]:
    """``BOTTOM_RULE_SHAPE_TABLE`` (``bottom.shape_table``): the first row the trick holds."""
    for row in rules.variant.bottom.shapes:
        fits = [u for u in lead_units
                if (row.tuple_size == 1 or u.tuple_size == row.tuple_size)
                and u.length >= max(row.min_length, 1)]
        if fits:
            length = max(u.length for u in fits)
            value = row.factor * (row.power_base ** length if row.power_base else 1)
            return clamped(value), "bottom.shape_table", f"the trick holds a {row.name}"
    raise ValueError("the shape table has no row for singles")


def linear(rules: Ruleset, lead_units: Sequence[Unit], winner_is_trump: bool) -> tuple[int, str, str]:
    """``BOTTOM_RULE_LINEAR`` (``bottom.linear``): the size itself (single 1, pair 2, triple 3)."""
    largest = largest_unit(lead_units)
    size = measured(rules, largest)
    return size, "bottom.linear", f"its largest unit, a {largest.name}, counts {size}"


def trump_doubles(rules: Ruleset, lead_units: Sequence[Unit], winner_is_trump: bool) -> tuple[int, str, str]:
    """``BOTTOM_RULE_TRUMP_DOUBLES`` (``bottom.trump_doubles``): 2 when won by trump, else 1."""
    if winner_is_trump:
        return 2, "bottom.trump_doubles", "won by trump"
    return 1, "bottom.trump_doubles", "won in a side suit"
