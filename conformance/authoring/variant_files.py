"""The shipped variant files, read independently of the engine's loader.

The ``get_variant`` cases and the tags of every case need a few facts about
each variant (its decks, its family). They are read here straight from
``variants/*.toml`` with the merge rule the proto documents (``extends``:
tables merge key by key, arrays and values are replaced; ``sources`` add up;
``name``, ``description`` and ``extends`` are not inherited), so that a bug in
the engine's loader shows up as a failing ``get_variant`` case instead of
being copied into the suite.

>>> resolved("lianzhong-one-deck")["deal"]["decks"]
1
>>> resolved("lianzhong-one-deck")["tractors"]["bridge_gaps"]   # from qq-two-deck, two levels up
True
>>> family("two-colour-one-deck"), decks("qq-two-deck")
('two-colour', 2)
>>> decks("heijian")
4
"""

from __future__ import annotations

import copy
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

VARIANTS_DIR = Path(__file__).resolve().parents[2] / "variants"
"""The shipped variant files (the repository's ``variants/`` folder)."""

NOT_INHERITED = ("sources", "extends", "name", "description")


@cache
def raw(variant_id: str) -> dict[str, Any]:
    """One file as written."""
    with (VARIANTS_DIR / f"{variant_id}.toml").open("rb") as handle:
        return tomllib.load(handle)


def variant_ids() -> list[str]:
    """Every shipped variant id, sorted.

    >>> "qq-two-deck" in variant_ids()
    True
    """
    return sorted(p.stem for p in VARIANTS_DIR.glob("*.toml"))


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


@cache
def _resolved(variant_id: str) -> dict[str, Any]:
    data = raw(variant_id)
    parent = data.get("extends")
    if not parent:
        return copy.deepcopy(data)
    base = {k: v for k, v in _resolved(parent).items() if k not in NOT_INHERITED}
    merged = _merge(base, data)
    merged["sources"] = list(_resolved(parent).get("sources", [])) + list(data.get("sources", []))
    return merged


def resolved(variant_id: str) -> dict[str, Any]:
    """The variant with its ``extends`` chain merged, in proto field names (a fresh copy)."""
    return copy.deepcopy(_resolved(variant_id))


FAMILIES = {
    "qq": "qq",
    "lianzhong": "lianzhong",
    "two-colour": "two-colour",
    "four-deck": "four-deck-game",
    "heijian": "heijian",
    "fixed-two": "fixed-two",
    "botzone": "botzone",
    "rbtying": "rbtying",
}
"""Variant id prefixes and the family tag of their variants."""


def family(variant_id: str) -> str:
    """The family tag of a variant (a tag of INTERPRETING.md's closed list).

    >>> family("qq-three-deck"), family("four-deck"), family("fixed-two-no-bottom")
    ('qq', 'four-deck-game', 'fixed-two')
    """
    for prefix, tag in FAMILIES.items():
        if variant_id == prefix or variant_id.startswith(prefix + "-"):
            return tag
    raise ValueError(f"{variant_id}: no family tag for this variant (add it to FAMILIES and to the tags)")


def decks(variant_id: str) -> int:
    """The number of decks."""
    return int(resolved(variant_id)["deal"]["decks"])


def fixed_rank_trump(variant_id: str) -> bool:
    """Whether a rank is always trump in every suit (2为常主): a tier of kind
    TIER_KIND_OTHER_SUITS_RANK or TIER_KIND_LEVEL_AND_RANK_BY_SUIT.

    >>> fixed_rank_trump("qq-two-deck-two-trump"), fixed_rank_trump("four-deck"), fixed_rank_trump("heijian")
    (True, True, False)
    """
    tiers = resolved(variant_id)["card_order"]["trump_tiers"]
    return any(t["kind"] in ("TIER_KIND_OTHER_SUITS_RANK", "TIER_KIND_LEVEL_AND_RANK_BY_SUIT") for t in tiers)
