"""Variant files: loading, inheritance, validation and the catalogue.

A variant file is TOML in ``variants/``; its keys are the field names of the
proto message ``Variant`` and its enum values the proto enum names. One more
key, ``extends = "other-id"``, takes every value of another variant first
(tables merge key by key, arrays and values are replaced).

Loading fails with :class:`VariantFileError` naming the file, the key and the
reason when a key is unknown, a value has the wrong type or the variant breaks
a rule of its own (cards that do not add up, a level table with a hole, ...).

>>> catalogue = load_catalogue()
>>> catalogue["qq-two-deck"].deal.decks
2
>>> catalogue["qq-two-deck-two-trump"].extends
'qq-two-deck'
"""

from __future__ import annotations

import copy
import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from oracle import pb

DEFAULT_VARIANT = "qq-two-deck"
"""The variant a user gets when they do not choose one."""

EXTRA_DIR_ENV = "SHENGJI_ORACLE_VARIANTS"
"""Environment variable naming a folder of extra variant files."""


class VariantFileError(ValueError):
    """A variant file that cannot be loaded: the file, the key and the reason."""

    def __init__(self, file: str, key: str, reason: str) -> None:
        self.file, self.key, self.reason = file, key, reason
        where = f"{file}: {key}" if key else file
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class _RawVariant:
    file: str
    data: dict[str, Any]


def bundled_variant_dir() -> Path:
    """The folder of the shipped variant files."""
    source_tree = Path(__file__).resolve().parents[2] / "variants"
    if source_tree.is_dir():
        return source_tree
    return Path(str(resources.files("oracle") / "variant_files"))


def variant_dirs() -> list[Path]:
    """The shipped folder, then the folder named by ``SHENGJI_ORACLE_VARIANTS``."""
    dirs = [bundled_variant_dir()]
    extra = os.environ.get(EXTRA_DIR_ENV)
    if extra:
        dirs.append(Path(extra))
    return dirs


def _read(path: Path) -> _RawVariant:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise VariantFileError(path.name, "", f"not valid TOML: {exc}") from exc
    return _RawVariant(path.name, data)


def _merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Tables merge key by key; arrays and values are replaced.

    >>> _merge({"a": {"x": 1, "y": 2}, "b": [1]}, {"a": {"y": 3}, "b": [2]})
    {'a': {'x': 1, 'y': 3}, 'b': [2]}
    """
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def _check_keys(data: Mapping[str, Any], message: Any, path: str, file: str) -> None:
    """Report the first unknown key with its dotted path."""
    for key, value in data.items():
        where = f"{path}.{key}" if path else key
        field = message.fields_by_name.get(key)
        if field is None:
            known = ", ".join(sorted(message.fields_by_name))
            raise VariantFileError(file, where, f"unknown key (known keys here: {known})")
        if field.message_type is None:
            continue
        if field.is_repeated:
            if not isinstance(value, list):
                raise VariantFileError(file, where, "must be an array of tables")
            for i, item in enumerate(value):
                if not isinstance(item, Mapping):
                    raise VariantFileError(file, f"{where}[{i}]", "must be a table")
                _check_keys(item, field.message_type, f"{where}[{i}]", file)
        elif isinstance(value, Mapping):
            _check_keys(value, field.message_type, where, file)
        else:
            raise VariantFileError(file, where, "must be a table")


def _to_variant(data: Mapping[str, Any], file: str) -> pb.Variant:
    _check_keys(data, pb.Variant.DESCRIPTOR, "", file)
    variant = pb.Variant()
    try:
        json_format.ParseDict(dict(data), variant, ignore_unknown_fields=False)
    except json_format.ParseError as exc:
        raise VariantFileError(file, _key_of_parse_error(str(exc)), f"bad value: {exc}") from exc
    return variant


def _key_of_parse_error(message: str) -> str:
    marker = ' at "Variant.'
    if marker in message:
        return message.split(marker, 1)[1].split('"', 1)[0]
    return ""


def resolve(raws: Mapping[str, _RawVariant]) -> dict[str, pb.Variant]:
    """Resolve ``extends`` chains and validate every variant."""
    resolved: dict[str, dict[str, Any]] = {}

    def flat(variant_id: str, chain: tuple[str, ...]) -> dict[str, Any]:
        if variant_id in resolved:
            return resolved[variant_id]
        raw = raws[variant_id]
        parent = raw.data.get("extends", "")
        if not parent:
            data = dict(raw.data)
        else:
            if not isinstance(parent, str) or parent not in raws:
                raise VariantFileError(raw.file, "extends", f"no variant has the id {parent!r}")
            if parent in chain:
                raise VariantFileError(raw.file, "extends", "variants extend each other in a loop")
            parent_data = {k: v for k, v in flat(parent, (*chain, variant_id)).items()
                           if k not in ("sources", "extends", "name", "description")}
            data = _merge(parent_data, raw.data)
            data["sources"] = list(flat(parent, (*chain, variant_id)).get("sources", [])) + list(
                raw.data.get("sources", [])
            )
        resolved[variant_id] = data
        return data

    catalogue: dict[str, pb.Variant] = {}
    for variant_id, raw in raws.items():
        variant = _to_variant(flat(variant_id, ()), raw.file)
        for problem in validate(variant):
            raise VariantFileError(raw.file, problem.key, problem.reason)
        catalogue[variant_id] = variant
    return catalogue


@dataclass(frozen=True)
class Problem:
    """A rule a variant breaks: the key and the reason."""

    key: str
    reason: str


def validate(variant: pb.Variant) -> list[Problem]:
    """Check a variant's values against each other.

    >>> v = load_catalogue()["qq-two-deck"]
    >>> validate(v)
    []
    """
    problems: list[Problem] = list(_unknown_enum_values(variant, ""))
    if problems:
        return problems
    deal = variant.deal
    if not variant.id:
        problems.append(Problem("id", "every variant needs an id"))
    if not variant.sources:
        problems.append(Problem("sources", "every variant lists its sources"))
    if not 1 <= deal.decks <= 8:
        problems.append(Problem("deal.decks", "must be 1 to 8"))
    if not 2 <= deal.players <= 8:
        problems.append(Problem("deal.players", "must be 2 to 8"))
    if deal.suit_mode == pb.SUIT_MODE_UNSPECIFIED:
        problems.append(Problem("deal.suit_mode", "must be set"))
    if deal.hand_size * deal.players + deal.bottom_size != 54 * deal.decks:
        problems.append(
            Problem(
                "deal.hand_size",
                f"{deal.players} hands of {deal.hand_size} and a bottom of {deal.bottom_size} "
                f"do not make the {54 * deal.decks} cards of {deal.decks} decks",
            )
        )
    levels = list(variant.card_order.levels)
    if not levels or len(set(levels)) != len(levels):
        problems.append(Problem("card_order.levels", "must list distinct ranks"))
    if any(r in (pb.RANK_UNSPECIFIED, pb.RANK_SMALL_JOKER, pb.RANK_BIG_JOKER) for r in levels):
        problems.append(Problem("card_order.levels", "levels are ranks 2 to A"))
    kinds = [tier.kind for tier in variant.card_order.trump_tiers]
    for joker in (pb.TIER_KIND_BIG_JOKER, pb.TIER_KIND_SMALL_JOKER):
        if kinds.count(joker) != 1:
            problems.append(Problem("card_order.trump_tiers", f"must name {pb.TierKind.Name(joker)} exactly once"))
    for i, tier in enumerate(variant.card_order.trump_tiers):
        key = f"card_order.trump_tiers[{i}]"
        if tier.kind == pb.TIER_KIND_UNSPECIFIED:
            problems.append(Problem(f"{key}.kind", "must be set"))
        needs_rank = tier.kind in (
            pb.TIER_KIND_TRUMP_SUIT_RANK,
            pb.TIER_KIND_OTHER_SUITS_RANK,
            pb.TIER_KIND_SAME_COLOUR_RANK,
            pb.TIER_KIND_CARD,
        )
        if needs_rank and tier.rank in (pb.RANK_UNSPECIFIED, pb.RANK_SMALL_JOKER, pb.RANK_BIG_JOKER):
            problems.append(Problem(f"{key}.rank", "this kind of tier needs a rank 2 to A"))
        if tier.kind == pb.TIER_KIND_CARD and tier.suit == pb.SUIT_UNSPECIFIED:
            problems.append(Problem(f"{key}.suit", "a card tier needs a suit"))
    if variant.tractors.min_length < 2:
        problems.append(Problem("tractors.min_length", "must be at least 2"))
    if not 2 <= variant.tractors.min_tuple_size <= max(2, deal.decks):
        problems.append(Problem("tractors.min_tuple_size", "must be 2 to the number of decks"))
    for i, ladder in enumerate(variant.following.ladders):
        key = f"following.ladders[{i}]"
        if ladder.lead.tuple_size < 1 or ladder.lead.length < 1:
            problems.append(Problem(f"{key}.lead", "a ladder's lead needs a tuple size and a length"))
        if not ladder.rungs or ladder.rungs[0].same_as_previous:
            problems.append(Problem(f"{key}.rungs", "a ladder needs rungs, the first not an alternative"))
        lead_size = ladder.lead.tuple_size * ladder.lead.length
        for j, rung in enumerate(ladder.rungs):
            size = sum(p.tuple_size * max(p.length, 1) for p in rung.parts)
            if size > lead_size or any(p.tuple_size < 1 or p.length < 1 for p in rung.parts):
                problems.append(Problem(f"{key}.rungs[{j}]", f"parts must be shapes of at most {lead_size} cards in all"))
    if variant.following.ruff_rule == pb.RUFF_RULE_UNSPECIFIED:
        problems.append(Problem("following.ruff_rule", "must be set"))
    throws = variant.throws
    if throws.forced_unit == pb.FORCED_UNIT_UNSPECIFIED:
        problems.append(Problem("throws.forced_unit", "must be set"))
    if throws.penalty == pb.PENALTY_KIND_UNSPECIFIED:
        problems.append(Problem("throws.penalty", "must be set"))
    if throws.penalty_points < 0:
        problems.append(Problem("throws.penalty_points", "must not be negative"))
    problems.extend(_validate_bottom(variant))
    problems.extend(_validate_level_table(variant.level_table, deal.decks))
    problems.extend(_validate_declarations(variant.declarations))
    return problems


def _unknown_enum_values(message: Any, path: str) -> Iterable[Problem]:
    """Every enum field whose number the enum does not define (the wire format allows them)."""
    for field, value in message.ListFields():
        key = f"{path}.{field.name}" if path else field.name
        values = value if field.is_repeated else [value]
        if field.message_type is not None and not field.message_type.GetOptions().map_entry:
            for i, item in enumerate(values):
                yield from _unknown_enum_values(item, f"{key}[{i}]" if field.is_repeated else key)
        elif field.enum_type is not None:
            for i, item in enumerate(values):
                if item not in field.enum_type.values_by_number:
                    where = f"{key}[{i}]" if field.is_repeated else key
                    yield Problem(where, f"{item} is not a value of {field.enum_type.name}")


def _validate_bottom(variant: pb.Variant) -> Iterable[Problem]:
    bottom = variant.bottom
    if bottom.rule == pb.BOTTOM_RULE_UNSPECIFIED:
        yield Problem("bottom.rule", "must be set")
    if bottom.dig == pb.DIG_RULE_UNSPECIFIED:
        yield Problem("bottom.dig", "must be set")
    if bottom.dig == pb.DIG_RULE_ATTACKERS and variant.deal.bottom_size == 0:
        yield Problem("bottom.dig", "the attackers dig a bottom: a variant without one digs by either side")
    if bottom.rule in (pb.BOTTOM_RULE_POWER, pb.BOTTOM_RULE_TIMES) and bottom.base < 2:
        yield Problem("bottom.base", "needs a base of at least 2")
    if bottom.rule in (pb.BOTTOM_RULE_POWER, pb.BOTTOM_RULE_LINEAR, pb.BOTTOM_RULE_TIMES) and bottom.measure == pb.UNIT_MEASURE_UNSPECIFIED:
        yield Problem("bottom.measure", "must be set for this rule")
    if bottom.rule == pb.BOTTOM_RULE_SHAPE_TABLE:
        if not bottom.shapes:
            yield Problem("bottom.shapes", "a shape table needs rows")
        elif not any(s.tuple_size == 1 and s.min_length <= 1 for s in bottom.shapes):
            yield Problem("bottom.shapes", "the table needs a last row for singles (tuple_size 1)")
    if bottom.cap < 0:
        yield Problem("bottom.cap", "must not be negative")


def _validate_level_table(table: pb.LevelTable, decks: int) -> Iterable[Problem]:
    bands = list(table.bands)
    if not bands and table.HasField("formula"):
        from oracle.seed_rules.levels import formula_bands  # the bands are worked out when a deal is scored

        try:
            formula_bands(table.formula, decks, table.total_points)
        except ValueError as err:
            yield Problem("level_table.formula", str(err))
        if table.formula.deadzone_size < 0:
            yield Problem("level_table.formula.deadzone_size", "must not be negative")
        return
    if not bands:
        yield Problem("level_table.bands", "a level table needs bands")
        return
    if bands[0].HasField("at_least"):
        yield Problem("level_table.bands[0].at_least", "the first band must have no lower bound")
    if bands[-1].HasField("below"):
        yield Problem(f"level_table.bands[{len(bands) - 1}].below", "the last band must have no upper bound")
    for i, band in enumerate(bands):
        key = f"level_table.bands[{i}]"
        if band.side == pb.SIDE_UNSPECIFIED:
            yield Problem(f"{key}.side", "must be set")
        if band.levels < 0 or band.step < 0:
            yield Problem(key, "levels and step must not be negative")
        if i > 0:
            prev = bands[i - 1]
            if not (band.HasField("at_least") and prev.HasField("below") and band.at_least == prev.below):
                yield Problem(f"{key}.at_least", "must equal the previous band's `below` (no holes, no overlaps)")
        if band.HasField("at_least") and band.HasField("below") and band.below <= band.at_least:
            yield Problem(f"{key}.below", "must be greater than at_least")


def _validate_declarations(decl: pb.Declarations) -> Iterable[Problem]:
    if decl.rule == pb.DECLARATION_RULE_UNSPECIFIED:
        yield Problem("declarations.rule", "must be set")
    if decl.rule == pb.DECLARATION_RULE_LADDER and not decl.ladder:
        yield Problem("declarations.ladder", "a ladder needs rungs")
    for i, rung in enumerate(decl.ladder):
        if rung.cards == pb.DECLARATION_CARDS_UNSPECIFIED or rung.count < 1:
            yield Problem(f"declarations.ladder[{i}]", "a rung needs cards and a count of at least 1")
    if decl.rule == pb.DECLARATION_RULE_POINT_SUM and not decl.card_points:
        yield Problem("declarations.card_points", "a point-sum rule needs card points")
    if len(set(decl.suit_order)) != len(decl.suit_order):
        yield Problem("declarations.suit_order", "must list distinct suits")


def load_directory(directories: Iterable[Path]) -> dict[str, pb.Variant]:
    """Load and resolve every ``*.toml`` file in the folders."""
    raws: dict[str, _RawVariant] = {}
    for directory in directories:
        for path in sorted(directory.glob("*.toml")):
            raw = _read(path)
            variant_id = raw.data.get("id")
            if not isinstance(variant_id, str) or not variant_id:
                raise VariantFileError(raw.file, "id", "every variant file needs a string id")
            if path.stem != variant_id:
                raise VariantFileError(raw.file, "id", f"must match the file name ({path.stem!r})")
            if variant_id in raws:
                raise VariantFileError(raw.file, "id", f"{variant_id!r} is defined twice")
            raws[variant_id] = raw
    return resolve(raws)


@lru_cache(maxsize=1)
def load_catalogue() -> dict[str, pb.Variant]:
    """The catalogue: every shipped variant (and the extra folder's), by id."""
    return load_directory(variant_dirs())


def get_variant(variant_id: str) -> pb.Variant:
    """One variant by id; ``KeyError`` when there is none.

    >>> get_variant("lianzhong-one-deck").deal.decks
    1
    """
    return load_catalogue()[variant_id]
