"""The hand's bins in the order the joint fill's programme reads them
(:class:`oracle.profiles.rbtying.joint_search.Search`), with what it reads of them.

rbtying/shengji ``mechanics/src/format_match.rs`` (``find_format_matches``) @ 71f8d43 fills a
format by an exhaustive search over the hand's cards; the programme reads them as bins (an
identity at one slot, lowest first) arranged once per question (:class:`Arrangement`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import NamedTuple

from oracle.engine.card_order import Identity

Spec = tuple[int, ...]
"""A unit as the programme reads it: :data:`ORDERED` then its tuples from the lowest up, or
:data:`ANY_ORDER` then its tuples largest first (placed in any order); a unit in progress is
written by the tuples it has still to place."""
ORDERED = 0
ANY_ORDER = 1
CHOSEN = 2
"""A unit whose tuples the programme chooses from a shared pool (:meth:`JointFill.holds_split`):
:data:`CHOSEN` then how many tuples it holds so far."""

Units = tuple[Spec, ...]
"""Units in a state, sorted."""

class Bin(NamedTuple):
    """An identity at one slot."""

    identity: Identity
    copies: int
    """The copies it may give there."""
    slot: int | None
    """Its slot (``None``: it has none)."""


STATE_STEP_COST = 24
"""Work steps a state of the programme costs (its key, its test and its successors), and
:data:`FILL_STEP_COST` a question asked: about their time at a fill's step (0.3 µs,
``fill.fill_needs``), so that the walk's bound bounds time alike."""
FILL_STEP_COST = 60


def slot_masks(by_slot: Mapping[int, Collection[int]], protected: bool) -> tuple[int, list[int]]:
    """The lowest slot, and one int per copy count ``k`` whose bit ``slot - lowest`` is set where
    the slot holds a tuple of ``k`` (an identity of ``k`` copies or more; under the protection,
    exactly ``k``), from each slot's copies: a unit is read off them by shifts
    (:func:`ordered_starts`), as a chess engine reads a set of squares off a bitboard.

    >>> slot_masks({3: {2}, 4: {3}, 6: {2}}, False)
    (3, [11, 11, 11, 2])
    >>> slot_masks({3: {2}, 4: {3}, 6: {2}}, True)[1]
    [0, 0, 9, 2]
    """
    lowest = min(by_slot, default=0)
    masks = [0] * (max((max(copies) for copies in by_slot.values()), default=0) + 1)
    for slot, copies in by_slot.items():
        for k in (copies if protected else range(max(copies) + 1)):
            masks[k] |= 1 << (slot - lowest)
    return lowest, masks


def ordered_starts(masks: Sequence[int], sizes: Sequence[int]) -> int:
    """The starts (as bits of :func:`slot_masks`) of a unit whose tuples, from its lowest up, are
    ``sizes``: where each tuple's slot holds it; 0 when none.

    >>> bin(ordered_starts(slot_masks({3: {2}, 4: {3}, 6: {2}}, False)[1], (2, 3)))
    '0b1'
    """
    starts = -1
    for place, size in enumerate(sizes):
        if size >= len(masks):
            return 0
        starts &= masks[size] >> place
    return starts


class Arrangement:
    """The bins in order, with what the programme reads of them: the room from each bin on,
    whether a bin is the last of its slot, whether the next slot is adjacent, the run of
    present slots from each bin's slot up, and whether a unit fits alone from a slot up."""

    def __init__(self, bins: list[Bin], protected: bool, counts: dict[Identity, int]) -> None:
        self.bins = bins
        self.protected = protected
        # What each slot can give one tuple: the most copies (the copies of whole identities
        # under the protection, a tuple taking all of one).
        self.gives: dict[int, set[int]] = {}
        for identity, capacity, slot in bins:
            if slot is not None and (not protected or capacity == counts[identity]):
                self.gives.setdefault(slot, set()).add(capacity)
        self.top = {slot: max(held) for slot, held in self.gives.items()}
        # masks[k]: bit ``slot - low`` set where the slot gives a tuple of ``k`` (of ``k`` or
        # more without the protection), so a unit's starts are read off by shifts.
        self.low, self.masks = slot_masks(self.gives, protected)
        self.present = sum(1 << (slot - self.low) for slot in self.gives)
        self._starts: dict[Spec, int] = {}
        self._thresholds: dict[Spec, list[tuple[int, int]]] = {}
        self._supply_rows: dict[int, list[list[int]]] = {}
        # supply[k][i]: how many tuples of k (of k or more, without the protection) the bins
        # from i on can take.
        self.supply: dict[int, list[int]] = {}
        for k in range(2, max((b[1] for b in bins), default=1) + 1):
            column = [0] * (len(bins) + 1)
            for i in range(len(bins) - 1, -1, -1):
                identity, capacity = bins[i][0], bins[i][1]
                gives = (capacity == counts[identity] == k) if protected else capacity // k
                column[i] = column[i + 1] + int(gives)
            self.supply[k] = column
        self.counts = counts
        self._reaches: dict[tuple[int, Spec], bool] = {}
        self._latest: dict[Spec, int] = {}
        self.room = [0] * (len(bins) + 1)
        for i in range(len(bins) - 1, -1, -1):
            self.room[i] = self.room[i + 1] + bins[i][1]
        up: dict[int, int] = {}
        for slot in sorted({b[2] for b in bins if b[2] is not None}, reverse=True):
            up[slot] = 1 + up.get(slot + 1, 0)
        self.run_up = [0 if b[2] is None else up[b[2]] for b in bins]
        self.last = [i + 1 == len(bins) or b[2] is None or bins[i + 1][2] != b[2] for i, b in enumerate(bins)]
        self.joins = [b[2] is not None and i + 1 < len(bins) and bins[i + 1][2] == b[2] + 1
                      for i, b in enumerate(bins)]

    def supply_from(self, i: int, largest: int) -> list[int]:
        """``supply_from(i, largest)[k]``: :attr:`supply` ``[k][i]`` for each ``k`` up to
        ``largest`` (0 where no bin gives a tuple of ``k``), kept."""
        rows = self._supply_rows.get(largest)
        if rows is None:
            rows = self._supply_rows[largest] = [
                [self.supply[k][at] if k in self.supply else 0 for k in range(largest + 1)]
                for at in range(len(self.bins) + 1)]
        return rows[i]

    def latest(self, kind: Spec) -> int:
        """The last bin the unit can start at (-1: none)."""
        found = self._latest.get(kind)
        if found is None:
            found = -1
            for i in range(len(self.bins) - 1, -1, -1):  # from the highest down: the first that holds
                identity, capacity, slot = self.bins[i]
                if self.reaches(slot, kind) and any(
                        size == capacity == self.counts[identity] if self.protected else size <= capacity
                        for size in kind[1:]):
                    found = i
                    break
            self._latest[kind] = found
        return found

    def _least(self, spec: Spec) -> list[tuple[int, int]]:
        """For a unit in any order, each of its sizes ``k`` with the fewest slots of a window
        that must give ``k`` (or more, without the protection): its tuples of ``k`` or more
        (one, under the protection), kept."""
        found = self._thresholds.get(spec)
        if found is None:
            sizes = spec[1:]
            found = self._thresholds[spec] = [
                (k, 1 if self.protected else sum(1 for m in sizes if m >= k)) for k in sorted(set(sizes))]
        return found

    def reaches(self, slot: int | None, spec: Spec) -> bool:
        """Whether the unit's tuples fit alone on the slots from ``slot`` up, one each (in any
        order for :data:`ANY_ORDER`; there, under the protection, only each size somewhere)."""
        if len(spec) == 2:
            return True
        if slot is None:
            return False
        if spec[0] == ORDERED:  # the slots its tuples start on, as bits (:attr:`masks`)
            starts = self._starts.get(spec)
            if starts is None:
                starts = self._starts[spec] = ordered_starts(self.masks, spec[1:])
            return slot >= self.low and bool(starts >> (slot - self.low) & 1)
        key = (slot, spec)
        found = self._reaches.get(key)
        if found is None:
            # In any order: the window's slots all give a tuple, and (largest first, each tuple
            # on a slot giving as many) for each size, as many of its slots give that size or
            # more as the unit has tuples of it or more; under the protection, some slot of the
            # window gives each size exactly.
            at, window, masks = slot - self.low, (1 << (len(spec) - 1)) - 1, self.masks
            found = at >= 0 and self.present >> at & window == window
            for k, least in self._least(spec) if found else ():
                if k >= len(masks) or (masks[k] >> at & window).bit_count() < least:
                    found = False
                    break
            self._reaches[key] = found
        return found
