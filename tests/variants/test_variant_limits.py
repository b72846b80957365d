"""Every field of a variant is bounded: the limits table names every number, string and repeated
field of ``Variant``, the shipped variants are within it, and a room past a limit is refused
with the field named before anything reads the rest of it."""

from __future__ import annotations

import time

from google.protobuf.descriptor import Descriptor, FieldDescriptor

from oracle import pb
from oracle.variants import get_variant, load_catalogue, validate
from oracle.variants.limits import LIMITS, limit_problems


def _paths(desc: Descriptor, path: str = "") -> list[str]:
    """Every field of the message that needs a limit: numbers, strings, repeated fields."""
    out = []
    for field in desc.fields:
        key = f"{path}.{field.name}" if path else field.name
        nested = field.message_type is not None and not field.message_type.GetOptions().map_entry
        repeated = field.is_repeated
        if repeated or (field.enum_type is None and not nested and field.type != FieldDescriptor.TYPE_BOOL):
            out.append(key)
        if nested:
            out.extend(_paths(field.message_type, key))
    return out


def test_every_field_has_a_limit() -> None:
    missing = [p for p in _paths(pb.Variant.DESCRIPTOR) if p not in LIMITS]
    assert missing == []
    assert [p for p in LIMITS if p not in _paths(pb.Variant.DESCRIPTOR)] == []


def test_the_shipped_variants_are_within_the_limits() -> None:
    for variant in load_catalogue().values():
        assert limit_problems(variant) == [], variant.id


def _room() -> pb.Variant:
    room = pb.Variant()
    room.CopyFrom(get_variant("rbtying-default"))
    return room


def test_a_long_list_is_refused_without_reading_it() -> None:
    """900,000 trump tiers (the reliability report's 3.6 MB room) are refused by their count, fast."""
    room = _room()
    tier = room.card_order.trump_tiers[0]
    room.card_order.trump_tiers.extend([tier] * 900_000)
    start = time.perf_counter()
    problems = validate(room)
    elapsed = time.perf_counter() - start
    assert [p.field for p in problems] == ["card_order.trump_tiers"]
    assert "at most 32" in problems[0].description
    assert elapsed < 1.0  # a generous bound: the list is counted, not walked


def test_a_huge_number_is_refused() -> None:
    room = _room()
    room.level_table.formula.steps_to_turnover = 2**31 - 1
    assert [p.field for p in validate(room)] == ["level_table.formula.steps_to_turnover"]


def test_an_unspecified_suit_in_a_suit_order_is_refused() -> None:
    room = pb.Variant()
    room.CopyFrom(get_variant("four-deck"))
    tier = next(t for t in room.card_order.trump_tiers if t.suit_order)
    tier.suit_order[-1] = pb.SUIT_UNSPECIFIED
    fields = [p.field for p in validate(room)]
    assert any(f.startswith("card_order.trump_tiers[") and ".suit_order[" in f for f in fields), fields


def test_the_limits_page_shows_every_limit() -> None:
    """docs/limits.md is the documentation of these numbers: it must not drift."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    for path, limit in LIMITS.items():
        shown = f"`{path}` {limit[0]:,}..{limit[1]:,}" if isinstance(limit, tuple) else f"`{path}` ≤ {limit:,}"
        assert shown in page, shown
