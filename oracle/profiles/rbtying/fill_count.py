"""Which plays of the led suit fill one requirement: an automaton for the legal-play count.

A requirement's units hold as many cards as the lead, as a follow does, so filling it is
splitting the whole play into its units, the single cards taking what the others leave.
:class:`FillsRequirement` reads the play's cards in the count's order (highest first), a slot at
a time, into the *set* of ways its units can stand so far: each way the units not started and
those in progress, which go on at the next slot down. At a slot the units in progress place
their next tuple and any not started may start, each tuple on one identity of the slot holding
that many copies left (unprotected, as ``joint.JointFill`` fills). A play is accepted when some
way has placed every unit. Why the requirement decides a follow (rbtying/shengji
``TrickFormat::is_legal_play`` @ 71f8d43), and the cost: docs/rules.md (Legal plays).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.legal_plays import Duty, Family, Space
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
>>> space = Space.of(rules, p("9H 9H 8H 8H 7H 7H 5H"))
>>> fills = FillsRequirement.of(rules, space, ((2, 2), (1,)), Duty(2, "follow.decomposition", "a tractor"))
>>> fills is not None and Family(space, 5, fills).total()   # 99887 99885 98877 88775
4
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby, product
from typing import cast

from oracle.engine.budget import spend
from oracle.engine.legal_plays import Duty, Space
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.ordering import Requirement

Units = tuple[tuple[int, ...], ...]
"""Units sorted, each by its tuple sizes from the highest slot down."""

Way = tuple[Units, Units]
"""One way the units can stand: those not started, and those in progress (their tuples still to
place, from the next slot down)."""

State = tuple[tuple[int, ...], int | None, frozenset[int]]
"""The automaton's state: the copies read of the slot being read (where each of its cards is an
identity of its own, only the copies that can take a tuple, largest first), the last slot read
while a unit is in progress, and the ways the units can stand (each by its number:
:meth:`FillsRequirement._way`)."""

WAY_STEPS = 8
"""The work budget one way's step at a slot spends (its starts tried and its tuples placed, a few
microseconds, a step of the budget being about one)."""


@dataclass(frozen=True)
class _Group:
    """The cards of one slot (or one identity without a slot) in the space: their identities'
    numbers by card, and the slot."""

    slot: int | None
    identity_of: tuple[int, ...]
    """For each card of the group, in the space's order, its identity's number within the group."""
    identities: int

    @property
    def distinct(self) -> bool:
        """Whether each card of the group is an identity of its own (every group but in the
        two-colour game)."""
        return self.identities == len(self.identity_of)


class FillsRequirement:
    """The automaton: a state is the copies read of the current slot, the last slot read (while
    a unit is in progress) and the ways the units can stand."""

    def __init__(self, space: Space, groups: list[_Group], starts: list[int], units: Units, duty: Duty) -> None:
        self.space, self.groups, self.duty = space, groups, duty
        self.start_of = starts
        """For each card of the space, the number of its group; a group's cards are consecutive."""
        self.units = units
        self._least = min((k for u in units for k in u), default=1)
        """The smallest tuple of the units: an identity holding fewer copies takes none."""
        self._closes = [i + 1 == len(starts) or starts[i + 1] != starts[i] for i in range(len(starts))]
        """Whether each card is its group's last (its slot is read whole there)."""
        self._distinct = [g.distinct for g in groups]
        self.room = [0] * (len(space.copies) + 1)
        for i in range(len(space.copies) - 1, -1, -1):
            self.room[i] = self.room[i + 1] + space.copies[i]
        self._way_numbers: dict[Way, int] = {}
        self._ways: list[Way] = []
        self._need: list[int] = []
        """By way number: the cards the way has still to place (its units' tuples)."""
        self._active: list[bool] = []
        """By way number: whether a unit is in progress."""
        self._moves: list[dict[tuple[bool, bool, tuple[int, ...]], tuple[int, ...]]] = []
        """By way number: the ways it moves to after a slot (:meth:`_move`), by what the slot holds."""
        self._done = self._way(((), ()))
        """The way that has placed every unit."""
        self._steps: dict[tuple[int, int, int], int | None] = {}
        """Each state's step, kept: :class:`.first_fill.FirstFill` steps one requirement's state
        from many of its own."""
        self._states: list[State] = []
        self._numbers: dict[State, int] = {}
        self.accepting: list[bool] = []
        """By state number: whether some way has placed every unit (:meth:`accept`), read
        without a call by :class:`.first_fill.FirstFill`."""

    @classmethod
    def of(cls, rules: Ruleset, space: Space, requirement: Requirement, duty: Duty) -> FillsRequirement | None:
        """The automaton for the plays of the space that the requirement's units split, or
        ``None`` where it does not apply: a unit mixing single cards with tuples, an identity at
        two slots (an ace at either end, which upstream does not play), or a slot whose cards are
        not consecutive in the space's order."""
        if any(len(u) > 1 and 1 in u for u in requirement):
            return None
        units = tuple(sorted(tuple(reversed(u)) for u in requirement if u != (1,)))
        numbers: dict[object, int] = {}
        starts: list[int] = []
        members: list[list[int]] = []
        identities: list[dict[object, int]] = []
        slots: list[int | None] = []
        for card in space.cards:
            places = rules.places[card.code]
            if len(places) > 1:
                return None
            identity = rules.identity(card)
            key: object = ("slot", places[0]) if places else ("identity", identity)
            if key not in numbers:
                numbers[key] = len(members)
                members.append([])
                identities.append({})
                slots.append(places[0] if places else None)
            elif starts[-1] != numbers[key]:
                return None  # a slot met again after another
            number = numbers[key]
            starts.append(number)
            members[number].append(identities[number].setdefault(identity, len(identities[number])))
        groups = [_Group(slots[n], tuple(cards), len(identities[n])) for n, cards in enumerate(members)]
        return cls(space, groups, starts, units, duty)

    def start(self) -> Hashable:
        return self._number(((), None, frozenset({self._way((self.units, ()))})))

    def _way(self, way: Way) -> int:
        """The way's number (each way is hashed once, and a state's set of ways is a set of ints)."""
        number = self._way_numbers.setdefault(way, len(self._ways))
        if number == len(self._ways):
            self._ways.append(way)
            self._need.append(sum(map(sum, way[0])) + sum(map(sum, way[1])))
            self._active.append(bool(way[1]))
            self._moves.append({})
        return number

    def _number(self, state: State) -> int:
        """The state's number: the count (and :class:`.first_fill.FirstFill`) keeps numbers."""
        number = self._numbers.setdefault(state, len(self._states))
        if number == len(self._states):
            self._states.append(state)
            self.accepting.append(self._done in state[2])
        return number

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        key = (state, index, copies)
        found = self._steps.get(key, -1)  # type: ignore[arg-type]  # the count's states are these numbers
        if found == -1:
            after = self._step(self._states[state], index, copies)  # type: ignore[call-overload]
            found = self._steps[key] = None if after is None else self._number(after)  # type: ignore[index]
        return found

    def _step(self, state: State, index: int, copies: int) -> State | None:
        before, last, ways = state
        number, least = self.start_of[index], self._least
        # At the slot's last card: the copies of each identity of the slot that can take a tuple
        # (no tuple is smaller than ``least``, and one tuple takes one identity), largest first;
        # which identity holds them does not count. Where each card is an identity of its own,
        # the state keeps only those as the slot is read (plays alike there are one state).
        if self._distinct[number]:
            caps: tuple[int, ...] = before if copies < least else tuple(sorted((*before, copies), reverse=True))
            if not self._closes[index]:
                return (caps, last, ways)
        else:
            read = (*before, copies)
            if not self._closes[index]:
                return (read, last, ways)
            by_identity = [0] * self.groups[number].identities
            for k, identity in zip(read, self.groups[number].identity_of, strict=True):
                by_identity[identity] += k
            caps = tuple(sorted((k for k in by_identity if k >= least), reverse=True))
        group = self.groups[number]
        slotted = group.slot is not None
        adjacent = slotted and last is not None and group.slot == last - 1
        room, need, key = self.room[index + 1], self._need, (slotted, adjacent, caps)
        after: set[int] = set()
        spend(WAY_STEPS * len(ways))
        moves, add, going = self._moves, after.add, False
        for way in ways:
            moved = moves[way].get(key)
            if moved is None:
                moved = self._move(way, key)
            for m in moved:
                if need[m] <= room:
                    add(m)
                    going = going or self._active[m]
        if not after:
            return None
        if not going:  # no unit in progress: no slot to go on from
            last = None
        elif slotted:
            last = group.slot
        return ((), last, frozenset(after))

    def accept(self, state: Hashable) -> Duty | None:
        return self.duty if self.accepting[cast(int, state)] else None

    def _move(self, way: int, key: tuple[bool, bool, tuple[int, ...]]) -> tuple[int, ...]:
        """The ways (by number) one way can stand after a slot (or an identity without one),
        ``key`` saying whether it is a slot, whether it is next to the last, and the copies it
        holds of each of its identities; kept per way."""
        found = self._moves[way][key] = tuple(map(self._way, _moves(self._ways[way], *key)))
        return found


@lru_cache(maxsize=8192)
def _moves(way: Way, slotted: bool, adjacent: bool, caps: tuple[int, ...]) -> tuple[Way, ...]:
    """The ways one way can stand after a slot (:meth:`FillsRequirement._move`): a function of
    small shapes alone, kept for every question."""
    return tuple(_each_move(way, slotted, adjacent, caps))


def _each_move(way: Way, slotted: bool, adjacent: bool, caps: tuple[int, ...]) -> Iterator[Way]:
    waiting, active = way
    if active and slotted and not adjacent:
        return  # a unit in progress can only go on at the next slot down
    heads = [u[0] for u in active] if slotted else []
    going = [u[1:] for u in active if len(u) > 1] if slotted else list(active)
    total = sum(caps)
    spare = total - sum(heads)
    if spare < 0:
        return
    # The units not started, by kind with how many of it, in their sorted order (equal units
    # stand together); at a slot any may start, elsewhere only a single tuple.
    kinds = [(u, len(list(same))) for u, same in groupby(waiting)]
    for chosen in product(*(range((n if slotted or len(u) == 1 else 0) + 1) for u, n in kinds)):
        placed = list(heads)
        for (u, _), k in zip(kinds, chosen, strict=True):
            placed.extend([u[0]] * k)
        if sum(placed) > total or (len(caps) > 1 and not _packs(tuple(sorted(placed, reverse=True)), caps)):
            continue  # one identity takes any tuples its copies cover (``_packs``'s first test)
        left = tuple(u for (u, n), k in zip(kinds, chosen, strict=True) for _ in range(n - k))
        tails = [u[1:] for (u, _), k in zip(kinds, chosen, strict=True) if len(u) > 1 for _ in range(k)]
        yield left, tuple(sorted(going + tails))


@lru_cache(maxsize=4096)
def _packs(sizes: tuple[int, ...], caps: tuple[int, ...]) -> bool:
    """Whether tuples of these sizes (largest first) go on identities holding ``caps`` copies,
    each tuple on one identity.

    >>> _packs((2, 2), (3, 1)), _packs((2, 2), (2, 2)), _packs((3, 1), (2, 2))
    (False, True, False)
    """
    if not sizes:
        return True
    if len(caps) == 1:
        return sum(sizes) <= caps[0]
    first, rest = sizes[0], sizes[1:]
    tried: set[int] = set()
    for j, cap in enumerate(caps):
        if cap >= first and cap not in tried:
            tried.add(cap)
            if _packs(rest, tuple(sorted((*caps[:j], cap - first, *caps[j + 1:]), reverse=True))):
                return True
    return False

