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

from oracle import pb
from oracle.engine.answers import INT32_MAX, clamped
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Unit


def largest_unit(units: Sequence[Unit]) -> Unit:
    """The lead's largest unit: most cards, then the larger tuple."""
    return max(units, key=lambda u: (u.size, u.tuple_size))


def measured(rules: Ruleset, unit: Unit) -> int:
    """The unit's size as ``bottom.measure`` counts it."""
    return unit.size if rules.variant.bottom.measure == pb.UNIT_MEASURE_CARD_COUNT else unit.tuple_size


def power(rules: Ruleset, lead_units: Sequence[Unit], winner_is_trump: bool) -> tuple[int, str, str]:
    """``BOTTOM_RULE_POWER`` (``bottom.power``): ``base ** size``, capped."""
    bottom = rules.variant.bottom
    largest = largest_unit(lead_units)
    size = measured(rules, largest)
    value = bottom.base ** size
    if bottom.cap and value > bottom.cap:
        return bottom.cap, "bottom.power", f"{bottom.base}^{size} capped at {bottom.cap}"
    if value > INT32_MAX:
        return INT32_MAX, "bottom.power", f"{bottom.base}^{size}, carried as {INT32_MAX}, the largest multiplier"
    return value, "bottom.power", f"its largest unit, a {largest.name}: {bottom.base}^{size}"


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
