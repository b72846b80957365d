"""What a play is made of: units (singles, tuples, tractors) and the blocks of a failed throw.

Plain values; how a ruleset splits cards into units is its unit reader
(:attr:`oracle.engine.ruleset.Strategies.units`).

>>> Unit(2, 3, 0, ()).name, Unit(2, 3, 0, ()).size
('tractor of 3 pairs', 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from oracle.cards import Card

_TUPLE_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


def _name_of(tuple_size: int, length: int) -> str:
    base = _TUPLE_NAMES.get(tuple_size, f"{tuple_size}-tuple")
    if length == 1:
        return base
    plural = "quads" if tuple_size == 4 else base + "s"
    return f"tractor of {length} {plural}"


_SHAPE_NAMES: dict[tuple[int, int], str] = {}
"""The names of the shapes met so far (at most 4,096 kept)."""


class Unit(NamedTuple):
    """One unit: ``length`` adjacent tuples of ``tuple_size`` identical cards.

    ``top`` is the strength of its highest tuple; ``cards`` are highest first. A named tuple:
    a play of ``n`` singles builds ``n`` of them, several times cheaper than frozen dataclasses.
    ``rainbow``: rbtying's rainbow unit instead, ``tuple_size`` cards of one rank over four
    effective suits or more (:mod:`oracle.profiles.rbtying.rainbow`).
    """

    tuple_size: int
    length: int
    top: int
    cards: tuple[Card, ...]
    rainbow: bool = False

    @property
    def size(self) -> int:
        """Its number of cards."""
        return self.tuple_size * self.length

    @property
    def shape(self) -> tuple[int, int]:
        return (self.tuple_size, self.length)

    @property
    def is_tractor(self) -> bool:
        return self.length >= 2

    @property
    def name(self) -> str:
        """A name for people: "pair", "tractor of 3 pairs", "single"...

        >>> Unit(2, 3, 0, ()).name, Unit(3, 2, 0, ()).name, Unit(1, 1, 0, ()).name
        ('tractor of 3 pairs', 'tractor of 2 triples', 'single')
        >>> from oracle.cards import parse_cards
        >>> Unit(4, 1, 0, tuple(parse_cards("7S 7H 7D 7C")), rainbow=True).name
        'rainbow of 4 7s'
        """
        if self.rainbow:
            return f"rainbow of {self.tuple_size} {self.cards[0].rank.symbol}s" if self.cards else "rainbow"
        shape = (self.tuple_size, self.length)
        name = _SHAPE_NAMES.get(shape)
        if name is None:
            name = _name_of(*shape)
            if len(_SHAPE_NAMES) < 4096:
                _SHAPE_NAMES[shape] = name
        return name

    def sort_key(self) -> tuple[int, int, int, int]:
        """Largest first: most cards, then the larger tuple, then the higher."""
        return (-self.size, -self.tuple_size, -self.length, -self.top)


def shape_name(shape: tuple[int, int]) -> str:
    """The name of a shape (tuple size, length).

    >>> shape_name((2, 1)), shape_name((2, 2))
    ('pair', 'tractor of 2 pairs')
    """
    name = _SHAPE_NAMES.get(shape)
    return Unit(shape[0], shape[1], 0, ()).name if name is None else name


@dataclass(frozen=True)
class Block:
    """A unit of a throw and the first seat (in play order) that can beat it, with the cards."""

    unit: Unit
    seat: int
    beating: tuple[Card, ...]


def tuple_counts(units: Iterable[Unit]) -> dict[int, int]:
    """How many tuples of each size the units hold, those inside tractors included.

    >>> tuple_counts([Unit(2, 3, 0, ()), Unit(2, 1, 0, ()), Unit(1, 1, 0, ())])
    {2: 4}
    """
    counts: dict[int, int] = {}
    for unit in units:
        if unit.tuple_size >= 2:
            counts[unit.tuple_size] = counts.get(unit.tuple_size, 0) + unit.length
    return counts


def tractor_counts(units: Iterable[Unit]) -> dict[int, int]:
    """How many tractors of each tuple size the units hold.

    >>> tractor_counts([Unit(2, 3, 0, ()), Unit(3, 2, 0, ()), Unit(2, 2, 0, ()), Unit(2, 1, 0, ())])
    {2: 2, 3: 1}
    """
    counts: dict[int, int] = {}
    for unit in units:
        if unit.length >= 2:
            counts[unit.tuple_size] = counts.get(unit.tuple_size, 0) + 1
    return counts
