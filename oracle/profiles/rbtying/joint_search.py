"""The dynamic programme behind :class:`oracle.profiles.rbtying.joint.JointFill`, over one
arrangement of a hand's bins (an identity at one slot, lowest first).

rbtying/shengji ``mechanics/src/format_match.rs`` (``find_format_matches``) @ 71f8d43 fills a
format by an exhaustive search; :class:`Search` decides it slot by slot: a state is what is
still to place (the units not started, those in progress at this slot and the next, and for a
split it chooses, the tuples left). The state, the pruning and the cost: docs/rbtying.md ("The
fill test is exact and polynomial").

>>> remaining((ORDERED, 3, 2), 3), next_sizes((ANY_ORDER, 3, 2, 2))
((0, 2), (3, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from oracle.engine.budget import spend
from oracle.engine.card_order import Identity
from oracle.profiles.rbtying.joint_bins import (
    ANY_ORDER,
    CHOSEN,
    FILL_STEP_COST,
    ORDERED,
    STATE_STEP_COST,
    Arrangement,
    Bin,
    Spec,
    Units,
)

__all__ = ["ANY_ORDER", "CHOSEN", "FILL_STEP_COST", "ORDERED", "STATE_STEP_COST", "Arrangement",
           "Bin", "Decision", "Free", "FreeState", "Search", "Spec", "Units"]


CHARGE_EVERY = 32
"""States of the programme charged to the work budget at once (:attr:`Search.states`)."""


class Decision(NamedTuple):
    """One placement the programme made."""

    bin: int
    unit: Spec
    """The unit, as it stood."""
    size: int
    """The tuple it placed on the bin."""
    started: bool
    """Whether the unit started there."""


def remaining(spec: Spec, size: int) -> Spec | None:
    """What a unit has still to place once it places a tuple of ``size`` (``None``: nothing).

    >>> remaining((ORDERED, 3, 2), 3), remaining((ANY_ORDER, 3, 2, 2), 2), remaining((ORDERED, 2), 2)
    ((0, 2), (1, 3, 2), None)
    """
    if spec[0] == ORDERED:
        rest = spec[2:]
    else:
        at = spec.index(size, 1)
        rest = spec[1:at] + spec[at + 1:]
    return (spec[0], *rest) if rest else None


def next_sizes(spec: Spec) -> tuple[int, ...]:
    """The tuples a unit may place next, largest first."""
    return (spec[1],) if spec[0] == ORDERED else tuple(sorted(set(spec[1:]), reverse=True))


class FreeState(NamedTuple):
    """The chosen split's part of a state (``None`` in a state without a chosen split)."""

    to_start: int
    """The split's units still to start."""
    must_reach: int
    """1 while none of ``longest`` tuples has been made and one must be, else 0."""
    pool: tuple[int, ...]
    """The pool's tuples left of each size (in the order of :attr:`Free.sizes`)."""


_new = tuple.__new__
"""``_new(FreeState, (to_start, must_reach, pool))``: a state's :class:`FreeState` made without
the named tuple's own ``__new__`` (a call of its own, in the programme's every choice)."""


@dataclass(frozen=True)
class Free:
    """The split :meth:`JointFill.holds_split` chooses: the pool's tuple sizes (largest first),
    the most tuples a unit of it takes, and its starting state (:data:`FreeState`)."""

    sizes: tuple[int, ...]
    longest: int
    start: FreeState


def pooled(free: Free | None) -> int:
    """The cards in the pool of a chosen split (0 without one)."""
    return 0 if free is None else sum(k * n for k, n in zip(free.sizes, free.start.pool))


class Search:
    """The dynamic programme of :meth:`JointFill.fill` over one arrangement of bins.

    A state is a bin, how far its decisions have gone (first each unit in progress that may go
    on at it, then each kind that may start at it, one start at a time, then the chosen split's
    units), the copies it has left, the kinds not started (counts), the units in progress still
    to decide at it, those that go on at a later bin of its slot, those that go on at the next
    slot, and the chosen split's :data:`FreeState`. Every decision is one placement or none, so
    a state has at most a few successors; the states that fail are kept.
    """

    def __init__(self, arrangement: Arrangement, units: list[Spec], protected: bool,
                 counts: dict[Identity, int], free: Free | None = None) -> None:
        self.at = arrangement
        self.units = units
        self.protected = protected
        self.counts = counts
        self.free = free
        self.kinds = sorted(set(units))
        self.failed: set[tuple[int, int, int, tuple[int, ...], Units, Units, Units, FreeState | None]] = set()
        # The last bin each kind can start at: a state past it with the kind still to start fails.
        self.latest = [arrangement.latest(kind) for kind in self.kinds]
        self.sizes = [kind[1:] for kind in self.kinds]
        self.largest = max((max(sizes) for sizes in (*self.sizes, free.sizes if free else ()) if sizes), default=1)
        self.stages = len(self.kinds) + (2 * len(free.sizes) if free is not None else 0)
        self.smallest = min((k for sizes in (*self.sizes, free.sizes if free else ()) for k in sizes), default=1)
        self.path: list[Decision] = []
        # The kinds that can start at no bin after ``i``: a state leaving bin ``i`` with one of
        # them still to start fails.
        self.dead: list[tuple[int, ...]] = []
        by_latest = sorted(range(len(self.kinds)), key=self.latest.__getitem__)
        dead = 0
        for i in range(len(arrangement.bins)):
            while dead < len(by_latest) and self.latest[by_latest[dead]] <= i:
                dead += 1
            self.dead.append(tuple(by_latest[:dead]))
        self.wanted: dict[tuple[int, ...], list[int]] = {}
        """:meth:`_supplied`'s tuples of each size wanted by the kinds still to start."""
        self.states = 0
        """States charged to the work budget (:data:`STATE_STEP_COST` each) in batches of
        :data:`CHARGE_EVERY`, the rest when the programme ends: it decides nothing before its
        end, so the walk is stopped by the same total charge wherever the batch falls."""

    def run(self) -> list[list[tuple[Identity, int]]] | None:
        """Each unit's members (identity, copies), in the order of ``units``, or ``None``."""
        free = self.free.start if self.free is not None else None
        need = sum(sum(u[1:]) for u in self.units) + pooled(self.free)
        todo = tuple(self.units.count(k) for k in self.kinds)
        if not need:
            return [] if free is None or not (free.to_start or free.must_reach) else None
        held = self._supplied(0, todo, (), free) and self._step(0, 0, self.at.bins[0][1], todo, (), (), (), need, free)
        spend(STATE_STEP_COST * (self.states % CHARGE_EVERY))
        if not held:
            return None
        if self.free is not None:
            return []  # (whether a split is held: no placement is asked for)
        self.path.reverse()
        return self._replay()

    def _step(self, i: int, stage: int, cap: int, todo: tuple[int, ...], rest: Units, later: Units,
              carried: Units, need: int, free: FreeState | None) -> bool:
        """From bin ``i`` at ``stage`` with ``cap`` copies left: ``rest`` the units in progress
        still to decide there, ``later`` those left for a later bin of its slot, ``carried``
        those that go on at the next slot, ``need`` the cards everything still takes, ``free``
        the chosen split's state."""
        if not need:
            return not (rest or later or carried) and (free is None or not (free.to_start or free.must_reach))
        if need > cap + self.at.room[i + 1]:
            return False
        key = (i, stage, cap, todo, rest, later, carried, free)
        if key in self.failed:
            return False
        self.states += 1
        if not self.states % CHARGE_EVERY:
            spend(STATE_STEP_COST * CHARGE_EVERY)
        found = (free is None or self._free_fits(free, rest, later, carried)) and self._decide(
            i, stage, cap, todo, rest, later, carried, need, free)
        if not found:
            self.failed.add(key)
        return found

    def _decide(self, i: int, stage: int, cap: int, todo: tuple[int, ...], rest: Units, later: Units,
                carried: Units, need: int, free: FreeState | None) -> bool:
        """The decision of a state: on to the next bin when nothing more fits this one, else the
        next unit in progress, else a start of the kind at ``stage``, else of the chosen split."""
        identity, capacity, _ = self.at.bins[i]
        # The most copies one tuple may take here (under the protection, a whole bin exactly).
        room = cap if not self.protected else (cap if cap == capacity == self.counts[identity] else 0)
        if cap < self.smallest:  # nothing more fits this bin: on to the next
            return not (rest and self.at.last[i]) and self._next_bin(
                i, todo, tuple(sorted((*later, *rest))), carried, need, free)
        if rest:  # the next unit in progress: one of its next tuples here, or at a later bin
            spec, others = rest[0], rest[1:]
            if spec[0] == CHOSEN:
                assert free is not None  # a unit of the chosen split is in progress
                if self._chosen(i, stage, cap, room, todo, others, later, carried, need, free, spec[1]):
                    return True
            elif self._place(i, stage, cap, room, spec, todo, others, later, carried, need, free, False):
                return True
            return not self.at.last[i] and self._step(
                i, stage, cap, todo, others, tuple(sorted((*later, spec))), carried, need, free)
        if stage < len(self.kinds):  # the kind at ``stage``: start one more here, or go on
            kind = self.kinds[stage]
            if todo[stage] and min(kind[1:]) <= cap and self.at.reaches(self.at.bins[i].slot, kind):
                fewer = (*todo[:stage], todo[stage] - 1, *todo[stage + 1:])
                if self._place(i, stage, cap, room, kind, fewer, rest, later, carried, need, free, True):
                    return True
            return self._on(i, stage + 1, cap, todo, later, carried, need, free)
        if stage < self.stages and free is not None and free.to_start and self._chosen(  # a split's unit starts
                i, stage, cap, room, todo, rest, later, carried, need,
                _new(FreeState, (free.to_start - 1, free.must_reach, free.pool)), 0, stage - len(self.kinds)):
            return True
        return self._next_bin(i, todo, later, carried, need, free)

    def _place(self, i: int, stage: int, cap: int, room: int, spec: Spec, todo: tuple[int, ...], rest: Units,
               later: Units, carried: Units, need: int, free: FreeState | None, fresh: bool) -> bool:
        """One of the unit's next tuples on bin ``i`` (``room`` the most copies a tuple may take
        there), the rest of it carried to the next slot; ``fresh``: the unit starts here."""
        slot = self.at.bins[i].slot
        following = None if slot is None else slot + 1
        for size in next_sizes(spec):
            after = remaining(spec, size)
            if (size <= room if not self.protected else size == room) and (
                    after is None or self.at.reaches(following, after)):
                grown = carried if after is None else tuple(sorted((*carried, after)))
                if self._step(i, stage, cap - size, todo, rest, later, grown, need - size, free):
                    self.path.append(Decision(i, spec, size, fresh))
                    return True
        return False

    def _chosen(self, i: int, stage: int, cap: int, room: int, todo: tuple[int, ...], rest: Units, later: Units,
                carried: Units, need: int, left: FreeState, length: int, first: int = 0) -> bool:
        """A tuple of the pool on bin ``i`` (``room`` the most copies a tuple may take there) for
        a chosen unit of ``length`` tuples so far (0: a unit it starts here, at ``stage`` past its
        kinds, with the choices from ``first`` on: sizes largest first, each ending here before
        going on, so that the starts at one bin are tried in one order); the unit ends here, or
        goes on at the next slot."""
        assert self.free is not None
        slot = self.at.bins[i][2]
        goes_on = length + 1 < self.free.longest and slot is not None and slot + 1 in self.at.gives
        for choice in range(first, 2 * len(self.free.sizes)):
            j, on = divmod(choice, 2)
            size = self.free.sizes[j]
            if not left.pool[j] or (size > room if not self.protected else size != room) or (on and not goes_on):
                continue
            pool = (*left.pool[:j], left.pool[j] - 1, *left.pool[j + 1:])
            at = len(self.kinds) + choice if not length else stage
            if on:
                after = _new(FreeState, (left.to_start, left.must_reach, pool))
                grown = tuple(sorted((*carried, (CHOSEN, length + 1))))
            else:
                after = _new(FreeState, (left.to_start, int(bool(left.must_reach) and length + 1 < self.free.longest), pool))
                grown = carried
            if self._step(i, at, cap - size, todo, rest, later, grown, need - size, after):
                return True
        return False

    def _on(self, i: int, stage: int, cap: int, todo: tuple[int, ...], later: Units, carried: Units, need: int,
            free: FreeState | None) -> bool:
        """Go on at bin ``i`` from ``stage`` (no unit in progress left to decide there): to the
        first stage where a unit can start, else to the next bin (the stages passed are no
        states of their own)."""
        slot = self.at.bins[i][2]
        while stage < len(self.kinds):
            kind = self.kinds[stage]
            if todo[stage] and min(kind[1:]) <= cap and self.at.reaches(slot, kind):
                return self._step(i, stage, cap, todo, (), later, carried, need, free)
            stage += 1
        if stage < self.stages and free is not None and free.to_start and cap >= self.smallest:
            return self._step(i, stage, cap, todo, (), later, carried, need, free)
        return self._next_bin(i, todo, later, carried, need, free)

    def _next_bin(self, i: int, todo: tuple[int, ...], later: Units, carried: Units, need: int,
                  free: FreeState | None) -> bool:
        """From bin ``i``, decided, to the next bin: the units left for a later bin of its slot
        go on there, those carried at the next slot; while every kind still to start can start
        at one of the bins after, and the bins after can take the tuples left."""
        dead = self.dead[i]
        if i + 1 >= len(self.at.bins) or (dead and any(todo[k] for k in dead)):
            return False
        if self.at.last[i]:
            if later or (carried and not self.at.joins[i]) or not self._supplied(i + 1, todo, carried, free):
                return False
            return self._step(i + 1, 0, self.at.bins[i + 1][1], todo, carried, (), (), need, free)
        if not self._supplied(i + 1, todo, (*later, *carried), free):
            return False
        return self._step(i + 1, 0, self.at.bins[i + 1][1], todo, later, (), carried, need, free)

    def _free_fits(self, free: FreeState, *going: Units) -> bool:
        """Whether the chosen split can still be completed by count: each unit to start and each
        chosen unit in progress (in ``going``'s groups) takes a tuple of the pool, no unit more
        than ``longest``, and one of ``longest`` is still possible if it must be made."""
        assert self.free is not None
        longest = self.free.longest
        chosen = room = 0  # the chosen units in progress, the tuples they may still take
        for group in going:
            for spec in group:
                if spec[0] == CHOSEN:
                    chosen += 1
                    room += longest - spec[1]
        tuples = sum(free.pool)
        if free.to_start + chosen > tuples or tuples > free.to_start * longest + room:
            return False
        return not free.must_reach or bool(free.to_start or chosen)

    def _supplied(self, i: int, todo: tuple[int, ...], going: Units, free: FreeState | None = None) -> bool:
        """Whether the bins from ``i`` on can take as many tuples of each size as everything
        still to place has: of ``k`` or more at most ``c // k`` on a bin of ``c`` (under the
        protection, tuples of exactly ``k`` on whole bins of ``k``). Asked as a bin is entered."""
        base = self.wanted.get(todo)
        if base is None:  # the tuples of the kinds still to start
            base = [0] * (self.largest + 1)
            for sizes, n in zip(self.sizes, todo):
                if n:
                    for size in sizes:
                        base[size] += n
            self.wanted[todo] = base
        wanted = base.copy()
        if free is not None:  # and of the chosen split's pool
            assert self.free is not None
            for size, n in zip(self.free.sizes, free.pool):
                wanted[size] += n
        for spec in going:
            if spec[0] != CHOSEN:
                for size in spec[1:]:
                    wanted[size] += 1
        room = self.at.supply_from(i, self.largest)
        demand = 0
        for k in range(self.largest, 1, -1):
            demand = wanted[k] if self.protected else demand + wanted[k]
            if demand > room[k]:
                return False
        return True

    def _replay(self) -> list[list[tuple[Identity, int]]]:
        """The members of each unit, from the placements the programme made (bin by bin)."""
        members: list[list[tuple[Identity, int]]] = [[] for _ in self.units]
        waiting: dict[Spec, list[int]] = {}
        for index, unit in enumerate(self.units):
            waiting.setdefault(unit, []).append(index)
        pending: dict[Spec, list[int]] = {}  # units going on at this slot
        carried: dict[Spec, list[int]] = {}  # units going on at the next
        at = 0
        for i, spec, size, started in self.path:
            while at < i:
                if self.at.last[at]:
                    pending, carried = carried, {}
                at += 1
            index = waiting[spec].pop(0) if started else pending[spec].pop()
            members[index].append((self.at.bins[i][0], size))
            after = remaining(spec, size)
            if after is not None:
                carried.setdefault(after, []).append(index)
        return members
