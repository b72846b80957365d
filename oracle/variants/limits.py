"""The size limits of a variant: every repeated field, every string and every number is bounded,
so that no variant file or room's ``custom_variant`` can make a question cost unbounded time,
memory or an answer that overflows its field. Checked before anything else reads the variant.

>>> v = pb.Variant(id="x" * 300)
>>> v.level_table.formula.steps_to_turnover = 1_000_000
>>> [(p.field, p.description) for p in limit_problems(v)]  # doctest: +NORMALIZE_WHITESPACE
[('id', '300 characters: at most 100'),
 ('level_table.formula.steps_to_turnover', '1000000: must be 0 to 50')]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from google.protobuf.descriptor import FieldDescriptor

from oracle import pb
from oracle.errors import Violation

TEXT = 2_000
"""The longest free text (names, descriptions, sources), in characters."""

POINTS = 100_000
"""The largest points value either way in a level table (8 decks hold 800 points)."""

LIMITS: dict[str, int | tuple[int, int]] = {
    # Strings: the most characters.
    "id": 100, "name": 200, "description": TEXT, "extends": 100,
    "sources": 32, "sources.document": TEXT, "sources.section": TEXT, "sources.covers": TEXT,
    # Numbers: (lowest, highest). Repeated fields: the most items.
    "deal.decks": (0, 8), "deal.players": (0, 8), "deal.hand_size": (0, 432), "deal.bottom_size": (0, 432),
    "card_order.trump_tiers": 32, "card_order.trump_tiers.suit_order": 4,
    "card_order.trump_tiers.tractor_group": (0, 32), "card_order.levels": 13,
    "tractors.min_length": (0, 432), "tractors.min_tuple_size": (0, 8),
    "compound_formats.rainbow_min_cards": (0, 32),
    "following.ladders": 16, "following.ladders.lead.tuple_size": (0, 8),
    "following.ladders.lead.length": (0, 216), "following.ladders.rungs": 32,
    "following.ladders.rungs.name": 200, "following.ladders.rungs.parts": 16,
    "following.ladders.rungs.parts.tuple_size": (0, 8), "following.ladders.rungs.parts.length": (0, 216),
    "throws.penalty_points": (0, 1_000), "throws.forced_tie_suit_order": 4,
    "bottom.base": (0, 100), "bottom.cap": (0, 1_000_000), "bottom.shapes": 32, "bottom.shapes.name": 200,
    "bottom.shapes.tuple_size": (0, 8), "bottom.shapes.min_length": (0, 216),
    "bottom.shapes.factor": (0, 1_000), "bottom.shapes.power_base": (0, 100),
    "level_table.total_points": (0, POINTS), "level_table.bands": 256,
    "level_table.bands.at_least": (-POINTS, POINTS), "level_table.bands.below": (-POINTS, POINTS),
    "level_table.bands.levels": (0, 13), "level_table.bands.step": (0, POINTS),
    "level_table.formula.step_size_per_deck": (0, 1_000), "level_table.formula.step_adjustments": 8,
    "level_table.formula.steps_to_turnover": (0, 50), "level_table.formula.deadzone_size": (0, 50),
    "declarations.ladder": 32, "declarations.ladder.name": 200, "declarations.ladder.count": (0, 32),
    "declarations.suit_order": 4, "declarations.card_points": 64, "declarations.card_points.points": (0, 1_000),
}
"""Every bounded field of ``Variant`` by its path (indices left out). A test checks that every
number, string and repeated field of the message is here; enums are checked against their
values elsewhere, and map keys and values of ``step_adjustments`` are checked below."""

_ADJUSTMENT = (-1_000, 1_000)


def _text(value: str, path: str, most: int) -> Iterator[Violation]:
    if len(value) > most:
        yield Violation(path, f"{len(value)} characters: at most {most}")


def _number(value: int, path: str, bounds: tuple[int, int]) -> Iterator[Violation]:
    low, high = bounds
    if not low <= value <= high:
        yield Violation(path, f"{value}: must be {low} to {high}")


def _walk(message: Any, path: str) -> Iterator[Violation]:
    for field, value in message.ListFields():
        key = f"{path}.{field.name}" if path else field.name
        pattern = key if "[" not in key else _pattern(key)
        limit = LIMITS.get(pattern)
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            most = limit if isinstance(limit, int) else 0
            if len(value) > most:
                yield Violation(key, f"{len(value)} entries: at most {limit}")
                continue
            for deck, step in sorted(value.items()):
                yield from _number(deck, f"{key}[{deck}]", (1, 8))
                yield from _number(step, f"{key}[{deck}]", _ADJUSTMENT)
            continue
        if field.is_repeated:
            if isinstance(limit, int) and len(value) > limit:
                yield Violation(key, f"{len(value)} items: at most {limit}")
                continue
            items = [(f"{key}[{i}]", item) for i, item in enumerate(value)]
        else:
            items = [(key, value)]
        for where, item in items:
            if field.message_type is not None:
                yield from _walk(item, where)
            elif field.type == FieldDescriptor.TYPE_STRING and isinstance(limit, int):
                yield from _text(item, where, limit)
            elif field.enum_type is None and isinstance(limit, tuple):
                yield from _number(item, where, limit)


def _pattern(key: str) -> str:
    """A path without its indices: ``bottom.shapes[2].factor`` -> ``bottom.shapes.factor``."""
    out, depth = [], 0
    for ch in key:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def limit_problems(variant: pb.Variant) -> list[Violation]:
    """Every field of the variant over its limit; a repeated field over its count is not looked into.

    Cost: one look at each field set, and none inside a list that is too long, so at most
    ``O(size of the variant within its limits)``.
    """
    return list(_walk(variant, ""))
