"""Can these cards hold all of a requirement's units at once? An exact answer, slot by slot.

rbtying/shengji ``mechanics/src/format_match.rs`` (``find_format_matches``) @ 71f8d43 fills a
format by an exhaustive search: every unit on distinct copies, an adjacent unit's tuples on
identities at adjacent slots from its lowest up, a tuple of ``k`` on one identity holding ``k``
copies (held exactly ``k`` times under LongerTuplesProtected). :class:`JointFill` decides it by
a dynamic programme over the identities, from the lowest slot up, whose state is what is still
to place: the units not yet started, the adjacent units in progress that must go on at this
slot (their tuples still to place), and those that go on at the next. Two identities at one
slot (level cards of different suits) are two bins of one slot: a unit takes one of them there,
never both. Single cards are counted apart (any card left, or under the protection an identity
held once). An identity with two slots (an ace that may also end a tractor low) is tried with
its copies split between them.

Cost: ``O(b · S · C)`` for ``b`` identities, ``S`` states (the sub-multisets of the units not
started, times the units in progress, at most the copies at one slot halved) and ``C`` ways to
fill one identity (at most 15 for eight copies of tuples of two or more); bounded by the hand
(``b`` at most 22, a few units in progress), each state and way counted as a step of the work
budget (docs/rbtying.md, "The cost of the walk").

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

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.card_order import Identity
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset

Adjacent = tuple[int, ...]
"""One unit: tuple sizes of adjacent cards, from the lowest up."""

Placement = tuple[tuple[Identity, int], ...]
"""Where a unit was filled: (identity, copies) for each adjacent tuple, from the lowest up."""

Units = tuple[Adjacent, ...]
"""Units in a state, sorted (a unit in progress is written by the tuples it has still to place)."""

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

    def holds(self, requirement: Sequence[Adjacent]) -> bool:
        """Whether the cards hold every unit of ``requirement`` at once."""
        return self.fill(requirement) is not None

    def fill(self, requirement: Sequence[Adjacent]) -> list[Placement] | None:
        """A placement of each unit of ``requirement`` (in its order), or ``None`` when the
        cards cannot hold them all at once."""
        units = [tuple(u) for u in requirement]
        singles = [i for i, u in enumerate(units) if u == (1,)]
        apart = not any(1 in u for u in units if u != (1,))  # single cards counted apart
        placed_units = [u for i, u in enumerate(units) if not (apart and u == (1,))]
        if apart:
            spare = self.once if self.protected else self.total - sum(sum(u) for u in placed_units)
            if len(singles) > spare:
                return None
        for bins in self._bins():
            found = _Search(bins, placed_units, self.protected, self.counts).run()
            if found is not None:
                return self._placements(units, apart, found)
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

    def _placements(self, units: Sequence[Adjacent], apart: bool,
                    found: list[list[tuple[Identity, int]]]) -> list[Placement]:
        """Each unit's placement; single cards counted apart take the lowest identities left."""
        out: list[Placement] = []
        taken = iter(found)
        used: Counter[Identity] = Counter()
        for members in found:
            for identity, size in members:
                used[identity] += size
        for unit in units:
            if apart and unit == (1,):
                spare = next(i for i in self.order if self.counts[i] > used[i]
                             and (not self.protected or self.counts[i] == 1))
                used[spare] += 1
                out.append(((spare, 1),))
            else:
                out.append(tuple(next(taken)))
        return out


class _Search:
    """The dynamic programme of :meth:`JointFill.fill` over one arrangement of bins."""

    def __init__(self, bins: list[_Bin], units: list[Adjacent], protected: bool,
                 counts: dict[Identity, int]) -> None:
        self.bins = bins
        self.units = units
        self.protected = protected
        self.counts = counts
        self.kinds = sorted(set(units))
        self.failed: set[tuple[int, tuple[int, ...], Units, Units]] = set()
        # Room from each bin on, and the run of present slots from each slot up.
        self.room = [0] * (len(bins) + 1)
        for i in range(len(bins) - 1, -1, -1):
            self.room[i] = self.room[i + 1] + bins[i][1]
        self.run_up: dict[int, int] = {}
        for slot in sorted({b[2] for b in bins if b[2] is not None}, reverse=True):
            self.run_up[slot] = 1 + self.run_up.get(slot + 1, 0)

    def run(self) -> list[list[tuple[Identity, int]]] | None:
        """Each unit's members (identity, copies), in the order of ``units``, or ``None``."""
        if not self.units:
            return []
        start = tuple(self.units.count(k) for k in self.kinds)
        path = self._solve(0, start, (), ())
        if path is None:
            return None
        return self._replay(path)

    def _solve(self, i: int, todo: tuple[int, ...], pending: Units, carried: Units
               ) -> list[tuple[tuple[Adjacent, ...], tuple[Adjacent, ...]]] | None:
        """From bin ``i``: ``todo`` counts the kinds not started, ``pending`` the units that go on
        at this bin's slot and have not yet, ``carried`` those that go on at the next slot. The
        choice at each bin on (tails of the units in progress, kinds started), or ``None``."""
        if i == len(self.bins):
            return [] if not any(todo) and not pending and not carried else None
        key = (i, todo, pending, carried)
        if key in self.failed:
            return None
        spend()
        need = sum(n * sum(k) for n, k in zip(todo, self.kinds)) + sum(map(sum, pending)) + sum(map(sum, carried))
        if need > self.room[i]:
            self.failed.add(key)
            return None
        identity, capacity, slot = self.bins[i]
        last = i + 1 == len(self.bins) or self.bins[i + 1][2] != slot or slot is None
        for tails, started in self._choices(capacity, identity, slot, todo, pending, last):
            spend()
            left = list(pending)
            for tail in tails:
                left.remove(tail)
            after = [*carried, *(t[1:] for t in (*tails, *started) if len(t) > 1)]
            new_todo = list(todo)
            for kind in started:
                new_todo[self.kinds.index(kind)] -= 1
            next_pending: Units = tuple(sorted(left))
            next_carried: Units = tuple(sorted(after))
            if last:
                nxt = self.bins[i + 1][2] if i + 1 < len(self.bins) else None
                if next_pending or (next_carried and (slot is None or nxt != slot + 1)):
                    continue
                next_pending, next_carried = next_carried, ()
            below = self._solve(i + 1, tuple(new_todo), next_pending, next_carried)
            if below is not None:
                return [(tails, started), *below]
        self.failed.add(key)
        return None

    def _choices(self, capacity: int, identity: Identity, slot: int | None, todo: tuple[int, ...],
                 pending: Units, last: bool) -> Iterator[tuple[tuple[Adjacent, ...], tuple[Adjacent, ...]]]:
        """What one bin can take: units in progress going on here and kinds started here, their
        first tuples within its copies (one tuple of exactly its copies under the protection);
        at a slot's last bin, every unit still pending."""
        options: list[tuple[Adjacent, int, bool]] = [(t, n, True) for t, n in Counter(pending).items()]
        run = 0 if slot is None else self.run_up[slot]
        options += [(k, n, False) for k, n in zip(self.kinds, todo) if n and len(k) <= max(run, 1)]
        if self.protected:
            whole = capacity == self.counts[identity]  # its copies not split between two slots
            if last and pending:
                if whole and len(pending) == 1 and pending[0][0] == capacity:
                    yield pending, ()
                return
            for unit, _, going in options:
                if whole and unit[0] == capacity:
                    yield ((unit,), ()) if going else ((), (unit,))
            yield (), ()
            return

        def pick(j: int, room: int) -> Iterator[tuple[list[Adjacent], list[Adjacent]]]:
            if j == len(options):
                yield [], []
                return
            unit, available, going = options[j]
            least = available if (going and last) else 0
            for n in range(min(available, room // unit[0]), least - 1, -1):
                for tails, started in pick(j + 1, room - n * unit[0]):
                    if going:
                        yield [unit] * n + tails, started
                    else:
                        yield tails, [unit] * n + started

        for tails, started in pick(0, capacity):
            yield tuple(tails), tuple(started)

    def _replay(self, path: list[tuple[tuple[Adjacent, ...], tuple[Adjacent, ...]]]) -> list[list[tuple[Identity, int]]]:
        """The members of each unit, from the choices the programme made."""
        members: list[list[tuple[Identity, int]]] = [[] for _ in self.units]
        waiting: dict[Adjacent, list[int]] = {}
        for index, unit in enumerate(self.units):
            waiting.setdefault(unit, []).append(index)
        pending: dict[Adjacent, list[int]] = {}
        carried: dict[Adjacent, list[int]] = {}
        for (identity, _, slot), (tails, started), i in zip(self.bins, path, range(len(path))):
            for tail in tails:
                index = pending[tail].pop()
                members[index].append((identity, tail[0]))
                if len(tail) > 1:
                    carried.setdefault(tail[1:], []).append(index)
            for kind in started:
                index = waiting[kind].pop(0)
                members[index].append((identity, kind[0]))
                if len(kind) > 1:
                    carried.setdefault(kind[1:], []).append(index)
            if i + 1 == len(self.bins) or self.bins[i + 1][2] != slot or slot is None:
                pending, carried = carried, {}
        return members
