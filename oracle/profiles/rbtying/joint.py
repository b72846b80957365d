"""Can these cards hold all of a requirement's units at once? An exact answer, slot by slot.

rbtying/shengji ``mechanics/src/format_match.rs`` (``find_format_matches``) @ 71f8d43 fills a
format by an exhaustive search; :class:`JointFill` decides it by a dynamic programme over the
identities from the lowest slot up, whose state is what is still to place (the units not
started, the adjacent units in progress at this slot and at the next). Two identities at one
slot are two bins a unit takes one of; under LongerTuplesProtected a tuple of ``k`` takes an
identity held exactly ``k`` times. ``O(b · S)`` states for ``b`` identities, each counted as
steps of the work budget; the state, the pruning and the cost: docs/rbtying.md ("The fill test
is exact and polynomial").

>>> from oracle.cards import parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
>>> runs = JointFill(ctx, parse_cards("3H 3H 4H 4H 5H 5H 6H 6H 8H 8H 9H 9H 10H 10H JH JH QH QH KH KH"))
>>> runs.holds(((2, 2, 2), (2, 2, 2), (2, 2), (2, 2)))   # 3+3 in the run of six, 2+2 in four
True
>>> runs.holds(((2, 2, 2),) * 4)
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.card_order import Identity
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset

Adjacent = tuple[int, ...]
"""One unit: tuple sizes of adjacent cards, from the lowest up."""

Placement = tuple[tuple[Identity, int], ...]
"""Where a unit was filled: (identity, copies) for each adjacent tuple, from the lowest up."""

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

_Bin = tuple[Identity, int, int | None]
"""An identity at one slot: (identity, copies it may give there, its slot or ``None``)."""


class JointFill:
    """The cards of one suit, as identities at their slots, and whether they hold requirements.

    With ``protected`` (rbtying/shengji's LongerTuplesProtected) a tuple of ``k`` takes an
    identity held exactly ``k`` times, whole, and a single card an identity held once.
    """

    def __init__(self, ctx: Ruleset, cards: Sequence[Card], *, protected: bool = False,
                 pool: Pool | None = None) -> None:
        pool = pool if pool is not None else Pool(ctx, cards)
        self.protected = protected
        self.counts: dict[Identity, int] = {i: len(cs) for i, cs in pool.cards.items()}
        self.order = sorted(self.counts, key=lambda i: (ctx.strengths[pool.cards[i][0].code], i))
        """The identities, lowest first: single cards are taken from the lowest left."""
        self.slots = {i: pool.slots(i) for i in self.counts}
        self.total = sum(self.counts.values())
        self.once = sum(1 for c in self.counts.values() if c == 1)
        self._arrangements: list[_Arrangement] | None = None

    def holds(self, requirement: Sequence[Adjacent], any_order: Sequence[Adjacent] = ()) -> bool:
        """Whether the cards hold every unit of ``requirement`` at once, and with them the
        units of ``any_order``, each in some order of its tuples of the cards' choosing.

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> ctx = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
        >>> cards = JointFill(ctx, parse_cards("5H 5H 6H 6H 6H 9H 9H"))
        >>> cards.holds([(3, 2)]), cards.holds([], any_order=[(3, 2)])
        (False, True)
        """
        return self.fill(requirement, any_order) is not None

    def holds_split(self, requirement: Sequence[Adjacent], any_order: Sequence[Adjacent], pool: Sequence[int],
                    blocks: int, longest: int, reaching: bool) -> bool:
        """Whether the cards hold the units of :meth:`holds` and with them the tuples of ``pool``
        (two or more cards each) split into exactly ``blocks`` adjacent units of the programme's
        choosing, each of at most ``longest`` tuples in any order, one of them ``longest`` long
        when ``reaching``: whether any split of a grouping in a class of rbtying's coarse order
        (``ordering.split_class``) can be filled, in one programme (docs/rbtying.md).

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> ctx = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
        >>> cards = JointFill(ctx, parse_cards("5H 5H 6H 6H 6H 9H 9H 9H 10H 10H"))
        >>> cards.holds_split([], [], [3, 3, 2, 2], 2, 2, True)   # (2, 3) + (3, 2)
        True
        >>> cards.holds_split([], [], [3, 3, 2, 2], 1, 4, True), cards.holds_split([], [(3, 2)], [3, 2], 1, 2, True)
        (False, True)
        """
        pooled = sorted(set(pool), reverse=True)
        free = (blocks, int(reaching), *(list(pool).count(k) for k in pooled))
        return self._run(requirement, any_order, _Free(tuple(pooled), longest, free)) is not None

    def fill(self, requirement: Sequence[Adjacent], any_order: Sequence[Adjacent] = ()) -> list[Placement] | None:
        """A placement of each unit of ``requirement`` and then of ``any_order`` (in their
        order), or ``None`` when the cards cannot hold them all at once."""
        return self._run(requirement, any_order, None)

    def _run(self, requirement: Sequence[Adjacent], any_order: Sequence[Adjacent],
             free: _Free | None) -> list[Placement] | None:
        specs = [(ORDERED, *u) for u in requirement] + [(ANY_ORDER, *sorted(u, reverse=True)) for u in any_order]
        singles = [i for i, u in enumerate(specs) if u == (ORDERED, 1)]
        apart = not any(1 in u[1:] for u in specs if u != (ORDERED, 1))  # single cards counted apart
        placed = [u for u in specs if not (apart and u == (ORDERED, 1))]
        if apart:
            spare = self.once if self.protected else self.total - sum(sum(u[1:]) for u in placed) - _pooled(free)
            if len(singles) > spare:
                return None
        spend(FILL_STEP_COST)
        if self._arrangements is None:
            self._arrangements = [_Arrangement(bins, self.protected, self.counts) for bins in self._bins()]
        for arrangement in self._arrangements:
            found = _Search(arrangement, placed, self.protected, self.counts, free).run()
            if found is not None:
                return [] if free is not None else self._placements(specs, apart, found)
        return None

    def _bins(self) -> Iterator[list[_Bin]]:
        """The identities as bins, slotless ones first, then by slot; an identity with two
        slots once for each split of its copies between them (whole, under the protection)."""
        fixed: list[_Bin] = []
        split: list[tuple[Identity, int, tuple[int, ...]]] = []
        for identity, count in self.counts.items():
            slots = self.slots[identity]
            if len(slots) > 1:
                split.append((identity, count, slots))
            else:
                fixed.append((identity, count, slots[0] if slots else None))

        def shares(i: int) -> Iterator[list[_Bin]]:
            if i == len(split):
                yield []
                return
            identity, count, (high, low) = split[i]
            for at_low in ((0, count) if self.protected else range(count + 1)):
                for rest in shares(i + 1):
                    yield [(identity, count - at_low, high), (identity, at_low, low), *rest]

        for extra in shares(0):
            every = [b for b in fixed + extra if b[1] > 0]
            yield sorted(every, key=lambda b: (b[2] is not None, b[2] or 0, b[0]))

    def _placements(self, units: Sequence[Spec], apart: bool,
                    found: list[list[tuple[Identity, int]]]) -> list[Placement]:
        """Each unit's placement; single cards counted apart take the lowest identities left."""
        out: list[Placement] = []
        taken = iter(found)
        used: Counter[Identity] = Counter()
        for members in found:
            for identity, size in members:
                used[identity] += size
        for unit in units:
            if apart and unit == (ORDERED, 1):
                spare = next(i for i in self.order if self.counts[i] > used[i]
                             and (not self.protected or self.counts[i] == 1))
                used[spare] += 1
                out.append(((spare, 1),))
            else:
                out.append(tuple(next(taken)))
        return out


STATE_STEP_COST = 24
"""Work steps a state of the programme costs (its key, its test and its successors), and
:data:`FILL_STEP_COST` a question asked: about their time at a fill's step (0.3 µs,
``fill.fill_needs``), so that the walk's bound bounds time alike."""
FILL_STEP_COST = 60


class _Arrangement:
    """The bins in order, with what the programme reads of them: the room from each bin on,
    whether a bin is the last of its slot, whether the next slot is adjacent, the run of
    present slots from each bin's slot up, and whether a unit fits alone from a slot up."""

    def __init__(self, bins: list[_Bin], protected: bool, counts: dict[Identity, int]) -> None:
        self.bins = bins
        self.protected = protected
        # What each slot can give one tuple: the most copies (the copies of whole identities
        # under the protection, a tuple taking all of one).
        self.gives: dict[int, set[int]] = {}
        for identity, capacity, slot in bins:
            if slot is not None and (not protected or capacity == counts[identity]):
                self.gives.setdefault(slot, set()).add(capacity)
        self.top = {slot: max(held) for slot, held in self.gives.items()}
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

    def latest(self, kind: Spec) -> int:
        """The last bin the unit can start at (-1: none)."""
        found = self._latest.get(kind)
        if found is None:
            found = self._latest[kind] = max(
                (i for i, (identity, capacity, slot) in enumerate(self.bins) if self.reaches(slot, kind) and any(
                    size == capacity == self.counts[identity] if self.protected else size <= capacity
                    for size in kind[1:])), default=-1)
        return found

    def reaches(self, slot: int | None, spec: Spec) -> bool:
        """Whether the unit's tuples fit alone on the slots from ``slot`` up, one each (in any
        order for :data:`ANY_ORDER`; there, under the protection, only each size somewhere)."""
        if len(spec) == 2:
            return True
        if slot is None:
            return False
        key = (slot, spec)
        found = self._reaches.get(key)
        if found is None:
            sizes = spec[1:]
            window = [slot + j for j in range(len(sizes))]
            if not all(s in self.gives for s in window):
                found = False
            elif spec[0] == ORDERED:
                found = all((k in self.gives[s]) if self.protected else k <= self.top[s]
                            for s, k in zip(window, sizes))
            elif self.protected:
                found = all(any(k in self.gives[s] for s in window) for k in set(sizes))
            else:
                found = all(k <= t for k, t in zip(sizes, sorted((self.top[s] for s in window), reverse=True)))
            self._reaches[key] = found
        return found


_Decision = tuple[int, Spec, int, bool]
"""One placement the programme made: the bin, the unit (as it stood), the tuple it placed there,
and whether it started there."""


def _after(spec: Spec, size: int) -> Spec | None:
    """What a unit has still to place once it places a tuple of ``size`` (``None``: nothing).

    >>> _after((ORDERED, 3, 2), 3), _after((ANY_ORDER, 3, 2, 2), 2), _after((ORDERED, 2), 2)
    ((0, 2), (1, 3, 2), None)
    """
    if spec[0] == ORDERED:
        rest = spec[2:]
    else:
        at = spec.index(size, 1)
        rest = spec[1:at] + spec[at + 1:]
    return (spec[0], *rest) if rest else None


def _sizes(spec: Spec) -> tuple[int, ...]:
    """The tuples a unit may place next, largest first."""
    return (spec[1],) if spec[0] == ORDERED else tuple(sorted(set(spec[1:]), reverse=True))


@dataclass(frozen=True)
class _Free:
    """The split :meth:`JointFill.holds_split` chooses: the pool's tuple sizes (largest first),
    the most tuples a unit of it takes, and its starting state (:data:`FreeState`)."""

    sizes: tuple[int, ...]
    longest: int
    start: FreeState


def _pooled(free: _Free | None) -> int:
    """The cards in the pool of a chosen split (0 without one)."""
    return 0 if free is None else sum(k * n for k, n in zip(free.sizes, free.start[2:]))


FreeState = tuple[int, ...]
"""The chosen split's part of a state: the units still to start, 1 while none of ``longest``
tuples has been made and one must be, then the pool's tuples left of each size (``()``: no pool)."""


class _Search:
    """The dynamic programme of :meth:`JointFill.fill` over one arrangement of bins.

    A state is a bin, how far its decisions have gone (first each unit in progress that may go
    on at it, then each kind that may start at it, one start at a time, then the chosen split's
    units), the copies it has left, the kinds not started (counts), the units in progress still
    to decide at it, those that go on at a later bin of its slot, those that go on at the next
    slot, and the chosen split's :data:`FreeState`. Every decision is one placement or none, so
    a state has at most a few successors; the states that fail are kept.
    """

    def __init__(self, arrangement: _Arrangement, units: list[Spec], protected: bool,
                 counts: dict[Identity, int], free: _Free | None = None) -> None:
        self.at = arrangement
        self.units = units
        self.protected = protected
        self.counts = counts
        self.free = free
        self.kinds = sorted(set(units))
        self.failed: set[tuple[int, int, int, tuple[int, ...], Units, Units, Units, FreeState]] = set()
        # The last bin each kind can start at: a state past it with the kind still to start fails.
        self.latest = [arrangement.latest(kind) for kind in self.kinds]
        self.sizes = [kind[1:] for kind in self.kinds]
        self.largest = max((max(sizes) for sizes in (*self.sizes, free.sizes if free else ()) if sizes), default=1)
        self.stages = len(self.kinds) + (2 * len(free.sizes) if free is not None else 0)
        self.smallest = min((k for sizes in (*self.sizes, free.sizes if free else ()) for k in sizes), default=1)
        self.path: list[_Decision] = []

    def run(self) -> list[list[tuple[Identity, int]]] | None:
        """Each unit's members (identity, copies), in the order of ``units``, or ``None``."""
        free = self.free.start if self.free is not None else ()
        need = sum(sum(u[1:]) for u in self.units) + _pooled(self.free)
        todo = tuple(self.units.count(k) for k in self.kinds)
        if not need:
            return [] if not free or not (free[0] or free[1]) else None
        if not self._supplied(0, todo, (), free) or not self._step(0, 0, self.at.bins[0][1], todo, (), (), (), need, free):
            return None
        if self.free is not None:
            return []  # (whether a split is held: no placement is asked for)
        self.path.reverse()
        return self._replay()

    def _step(self, i: int, stage: int, cap: int, todo: tuple[int, ...], rest: Units, later: Units,
              carried: Units, need: int, free: FreeState) -> bool:
        """From bin ``i`` at ``stage`` with ``cap`` copies left: ``rest`` the units in progress
        still to decide there, ``later`` those left for a later bin of its slot, ``carried``
        those that go on at the next slot, ``need`` the cards everything still takes, ``free``
        the chosen split's state."""
        if not need:
            return not (rest or later or carried) and (not free or not (free[0] or free[1]))
        if need > cap + self.at.room[i + 1]:
            return False
        key = (i, stage, cap, todo, rest, later, carried, free)
        if key in self.failed:
            return False
        spend(STATE_STEP_COST)
        if free and not self._free_fits(free, (*rest, *later, *carried)):
            self.failed.add(key)
            return False
        identity, capacity, slot = self.at.bins[i]
        # The most copies one tuple may take here (under the protection, a whole bin exactly).
        room = cap if not self.protected else (cap if cap == capacity == self.counts[identity] else 0)
        following = None if slot is None else slot + 1

        def placed(spec: Spec, todo_after: tuple[int, ...], rest_after: tuple[Spec, ...], fresh: bool) -> bool:
            """One of the unit's next tuples on this bin, the rest of it carried to the next slot."""
            for size in _sizes(spec):
                after = _after(spec, size)
                if (size <= room if not self.protected else size == room) and (
                        after is None or self.at.reaches(following, after)):
                    grown = carried if after is None else tuple(sorted((*carried, after)))
                    if self._step(i, stage, cap - size, todo_after, rest_after, later, grown, need - size, free):
                        self.path.append((i, spec, size, fresh))
                        return True
            return False

        found = False
        if cap < self.smallest:  # nothing more fits this bin: on to the next
            if not (rest and self.at.last[i]):
                found = self._next_bin(i, todo, tuple(sorted((*later, *rest))), carried, need, free)
        elif rest:  # the next unit in progress: one of its next tuples here, or at a later bin
            spec, others = rest[0], rest[1:]
            if spec[0] == CHOSEN:
                if self._chosen(i, stage, cap, room, todo, others, later, carried, need, free, spec[1]):
                    return True
            elif placed(spec, todo, others, False):
                return True
            if not self.at.last[i]:
                found = self._step(i, stage, cap, todo, others, tuple(sorted((*later, spec))), carried, need, free)
        elif stage < len(self.kinds):  # the kind at ``stage``: start one more here, or go on
            kind = self.kinds[stage]
            if todo[stage] and min(kind[1:]) <= cap and self.at.reaches(slot, kind):
                fewer = (*todo[:stage], todo[stage] - 1, *todo[stage + 1:])
                if placed(kind, fewer, rest, True):
                    return True
            found = self._on(i, stage + 1, cap, todo, later, carried, need, free)
        elif stage < self.stages:  # units of the chosen split: start one more here, or go on
            if free[0] and self._chosen(i, stage, cap, room, todo, rest, later, carried, need,
                                        (free[0] - 1, *free[1:]), 0, stage - len(self.kinds)):
                return True
            found = self._next_bin(i, todo, later, carried, need, free)
        else:
            found = self._next_bin(i, todo, later, carried, need, free)
        if not found:
            self.failed.add(key)
        return found

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
            if not left[2 + j] or (size > room if not self.protected else size != room) or (on and not goes_on):
                continue
            pool = (*left[2:2 + j], left[2 + j] - 1, *left[3 + j:])
            at = len(self.kinds) + choice if not length else stage
            if on:
                after = (left[0], left[1], *pool)
                grown = tuple(sorted((*carried, (CHOSEN, length + 1))))
            else:
                after = (left[0], int(bool(left[1]) and length + 1 < self.free.longest), *pool)
                grown = carried
            if self._step(i, at, cap - size, todo, rest, later, grown, need - size, after):
                return True
        return False

    def _on(self, i: int, stage: int, cap: int, todo: tuple[int, ...], later: Units, carried: Units, need: int,
            free: FreeState) -> bool:
        """Go on at bin ``i`` from ``stage`` (no unit in progress left to decide there): to the
        first stage where a unit can start, else to the next bin (the stages passed are no
        states of their own)."""
        slot = self.at.bins[i][2]
        while stage < len(self.kinds):
            kind = self.kinds[stage]
            if todo[stage] and min(kind[1:]) <= cap and self.at.reaches(slot, kind):
                return self._step(i, stage, cap, todo, (), later, carried, need, free)
            stage += 1
        if stage < self.stages and free[0] and cap >= self.smallest:
            return self._step(i, stage, cap, todo, (), later, carried, need, free)
        return self._next_bin(i, todo, later, carried, need, free)

    def _next_bin(self, i: int, todo: tuple[int, ...], later: Units, carried: Units, need: int,
                  free: FreeState) -> bool:
        """From bin ``i``, decided, to the next bin: the units left for a later bin of its slot
        go on there, those carried at the next slot; while every kind still to start can start
        at one of the bins after, and the bins after can take the tuples left."""
        if i + 1 >= len(self.at.bins) or not all(not n or self.latest[k] > i for k, n in enumerate(todo)):
            return False
        if self.at.last[i]:
            if later or (carried and not self.at.joins[i]) or not self._supplied(i + 1, todo, carried, free):
                return False
            return self._step(i + 1, 0, self.at.bins[i + 1][1], todo, carried, (), (), need, free)
        if not self._supplied(i + 1, todo, (*later, *carried), free):
            return False
        return self._step(i + 1, 0, self.at.bins[i + 1][1], todo, later, (), carried, need, free)

    def _free_fits(self, free: FreeState, going: Units) -> bool:
        """Whether the chosen split can still be completed by count: each unit to start and each
        chosen unit in progress takes a tuple of the pool, no unit more than ``longest``, and one
        of ``longest`` is still possible if it must be made."""
        assert self.free is not None
        tuples = sum(free[2:])
        chosen = [spec[1] for spec in going if spec[0] == CHOSEN]
        if free[0] + len(chosen) > tuples:
            return False
        longest = self.free.longest
        if tuples > free[0] * longest + sum(longest - n for n in chosen):
            return False
        return not free[1] or bool(free[0] or chosen)

    def _supplied(self, i: int, todo: tuple[int, ...], going: Units, free: FreeState = ()) -> bool:
        """Whether the bins from ``i`` on can take as many tuples of each size as everything
        still to place has: of ``k`` or more at most ``c // k`` on a bin of ``c`` (under the
        protection, tuples of exactly ``k`` on whole bins of ``k``). Asked as a bin is entered."""
        wanted = [0] * (self.largest + 1)
        for sizes, n in zip(self.sizes, todo):
            if n:
                for size in sizes:
                    wanted[size] += n
        for spec in going:
            if spec[0] != CHOSEN:
                for size in spec[1:]:
                    wanted[size] += 1
        if free:
            assert self.free is not None
            for size, n in zip(self.free.sizes, free[2:]):
                wanted[size] += n
        supply = self.at.supply
        demand = 0
        for k in range(self.largest, 1, -1):
            demand = wanted[k] if self.protected else demand + wanted[k]
            if demand and (k not in supply or demand > supply[k][i]):
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
            after = _after(spec, size)
            if after is not None:
                carried.setdefault(after, []).append(index)
        return members
