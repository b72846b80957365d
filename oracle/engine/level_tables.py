"""A variant's level table as bands: its own (rule ``levels.table``), or those its formula
works out (rbtying/shengji's, rule ``levels.formula``) when it lists none; read once per variant
message into a :class:`~oracle.seed_rules.levels.LevelTable` (:func:`level_table_of`).

>>> from oracle.variants import get_variant
>>> len(level_bands(get_variant("qq-two-deck"))[0])
7
>>> level_bands(get_variant("rbtying-default"))[1]
'levels.formula'
>>> level_table_of(get_variant("rbtying-default")).bands[-1].label
'120 or more'
"""

from __future__ import annotations

from oracle import pb
from oracle.engine.per_variant import PerVariant
from oracle.profiles.rbtying.level_formula import formula_bands
from oracle.seed_rules.levels import LevelTable, level_table


def table_bands(table: pb.LevelTable, decks: int | None = None) -> list[pb.LevelBand]:
    """A level table's bands: its own, or those of its formula when it lists none.

    ``decks`` defaults to ``total_points // 100`` (a deck holds 100 points).

    >>> from oracle.variants import get_variant
    >>> table_bands(get_variant("rbtying-default").level_table)[-1].at_least
    120
    """
    if table.bands or not table.HasField("formula"):
        return list(table.bands)
    return formula_bands(table.formula, decks or max(1, table.total_points // 100), table.total_points)


def level_bands(variant: pb.Variant) -> tuple[list[pb.LevelBand], str]:
    """The variant's bands and the rule id that gives them."""
    table = variant.level_table
    formula = not table.bands and table.HasField("formula")
    return table_bands(table, variant.deal.decks), "levels.formula" if formula else "levels.table"


def _read_level_table(variant: pb.Variant) -> LevelTable:
    return level_table(variant, *level_bands(variant))


level_table_of: PerVariant[LevelTable] = PerVariant(_read_level_table)
"""The variant's :class:`~oracle.seed_rules.levels.LevelTable` (its bands, its own or its
formula's), read once per variant message."""
