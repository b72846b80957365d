"""A variant's level table as bands, by the mechanism its table names: its own bands (rule
``levels.table``) or a formula's (rbtying/shengji's ``GameScoringParameters``, rule
``levels.formula``) when it lists none; read once per variant message into a
:class:`~oracle.seed_rules.levels.LevelTable` (:func:`level_table_of`).

>>> from oracle.variants import get_variant
>>> len(level_bands(get_variant("qq-two-deck"))[0])
7
>>> level_bands(get_variant("rbtying-default"))[1]
'levels.formula'
>>> level_table_of(get_variant("rbtying-default")).bands[-1].label
'120 or more'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from oracle import pb
from oracle.engine.per_variant import PerVariant
from oracle.profiles.rbtying.level_formula import formula_bands
from oracle.seed_rules.levels import LevelTable, level_table


@dataclass(frozen=True)
class Mechanism:
    """How a level table gives its bands (from the table and the number of decks), and the rule id."""

    bands: Callable[[pb.LevelTable, int], list[pb.LevelBand]]
    rule_id: str
    source: str


MECHANISMS: dict[str, Mechanism] = {
    "bands": Mechanism(lambda table, decks: list(table.bands), "levels.table", "rule levels.table"),
    "formula": Mechanism(lambda table, decks: formula_bands(table.formula, decks, table.total_points),
                         "levels.formula", "rbtying/shengji mechanics/src/scoring.rs "
                         "GameScoringParameters::materialize @ 71f8d43"),
}
"""The level-table mechanisms, by the name :func:`mechanism` gives a table."""


def mechanism(table: pb.LevelTable) -> Mechanism:
    """The table's mechanism: a formula where it lists no bands and sets one, its bands otherwise.

    >>> mechanism(pb.LevelTable(formula=pb.LevelFormula())).rule_id
    'levels.formula'
    """
    return MECHANISMS["formula" if not table.bands and table.HasField("formula") else "bands"]


def table_bands(table: pb.LevelTable, decks: int | None = None) -> list[pb.LevelBand]:
    """A level table's bands, by its mechanism (``ValueError`` for a formula that makes none).

    ``decks`` defaults to ``total_points // 100`` (a deck holds 100 points).

    >>> from oracle.variants import get_variant
    >>> table_bands(get_variant("rbtying-default").level_table)[-1].at_least
    120
    """
    return mechanism(table).bands(table, max(1, table.total_points // 100) if decks is None else decks)


def level_bands(variant: pb.Variant) -> tuple[list[pb.LevelBand], str]:
    """The variant's bands and the rule id that gives them."""
    table = variant.level_table
    return table_bands(table, variant.deal.decks), mechanism(table).rule_id


def _read_level_table(variant: pb.Variant) -> LevelTable:
    return level_table(variant, *level_bands(variant))


level_table_of: PerVariant[LevelTable] = PerVariant(_read_level_table)
"""The variant's :class:`~oracle.seed_rules.levels.LevelTable` (its bands, its own or its
formula's), read once per variant message."""
