"""Strategies keyed by the values of one proto enum, each with the variant parameters it reads.

A :class:`Registry` answers, for a value of its enum, the strategy that implements it or the
reason the value is refused. Each strategy names the parameters it honours, so that a variant
setting a parameter no chosen strategy reads is refused (:mod:`oracle.dispatch.compile`).

>>> from oracle import pb
>>> sizes = Registry("bottom.measure", pb.UnitMeasure)
>>> sizes.add(pb.UNIT_MEASURE_CARD_COUNT, len)
>>> sizes.refuse(pb.UNIT_MEASURE_UNSPECIFIED, "must be set")
>>> sizes.entry(pb.UNIT_MEASURE_CARD_COUNT).strategy([1, 2, 3])
3
>>> sizes.entry(pb.UNIT_MEASURE_UNSPECIFIED).strategy
Traceback (most recent call last):
...
oracle.dispatch.registry.Refused: bottom.measure: UNIT_MEASURE_UNSPECIFIED (0) must be set
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Refused(ValueError):
    """A variant asks for an enum value that no strategy implements: the field and the reason."""

    def __init__(self, field_path: str, reason: str) -> None:
        self.field, self.reason = field_path, reason
        super().__init__(f"{field_path}: {reason}")


@dataclass(frozen=True)
class Entry(Generic[T]):
    """One value of the enum: its strategy (``None`` when refused), what it reads, whose rule."""

    strategy: T
    reads: frozenset[str] = frozenset()
    """Variant parameters (dotted paths) the strategy honours beyond the enum itself."""
    units: str = ""
    """The unit reading the strategy assumes (a key of ``UNIT_READINGS``), "" for any."""
    source: str = ""
    """Whose rule: a seed file and section, or the upstream file and function a profile copies."""


@dataclass
class Registry(Generic[T]):
    """The strategies for the values of one enum field of ``Variant``."""

    path: str
    """The field's dotted path in ``Variant`` (``following.follow_rule``)."""
    enum: Any
    """The proto enum wrapper (``pb.FollowRule``)."""
    entries: dict[int, Entry[T]] = field(default_factory=dict)
    refusals: dict[int, str] = field(default_factory=dict)

    def add(self, value: int, strategy: T, *, reads: frozenset[str] | set[str] = frozenset(),
            units: str = "", source: str = "") -> None:
        """Register the strategy of one enum value."""
        self.entries[value] = Entry(strategy, frozenset(reads), units, source)

    def refuse(self, value: int, reason: str) -> None:
        """Register an enum value that is refused, and why."""
        self.refusals[value] = reason

    def name(self, value: int) -> str:
        try:
            return f"{self.enum.Name(value)} ({value})"
        except ValueError:
            return str(value)

    def entry(self, value: int) -> Entry[T]:
        """The entry of ``value``, or :class:`Refused` naming the field and why."""
        found = self.entries.get(value)
        if found is not None:
            return found
        reason = self.refusals.get(value, "has no strategy")
        raise Refused(self.path, f"{self.name(value)} {reason}")

    def values(self) -> list[int]:
        """Every value the enum defines."""
        return [v.number for v in self.enum.DESCRIPTOR.values]

    @contextlib.contextmanager
    def replaced(self, value: int, strategy: T) -> Iterator[None]:
        """Register another strategy for ``value`` for the duration (callers clear ruleset caches)."""
        old = self.entries[value]
        self.entries[value] = Entry(strategy, old.reads, old.units, old.source)
        try:
            yield
        finally:
            self.entries[value] = old
