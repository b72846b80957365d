"""Which requirement of the walk a play of the led suit fills first, and whether the guard lets it.

rbtying/shengji ``TrickFormat::is_legal_play`` @ 71f8d43, as :func:`.follow.first_duty` walks it:
a follow of ``n`` cards of the led suit meets the first requirement it fills (unprotected), as
long as the hand fills none before it under its draw policy; under the longer-tuple protection
the guard (:func:`.longer_tuples.longer_tuple_bypasses_genuine`) may still refuse it. The requirements that matter are those
a play of the hand can fill, up to the first the hand fills (:func:`fillable_requirements`, one
walk of the hand). :class:`FirstFill` reads a play into one :class:`.fill_count.FillsRequirement`
state per requirement and, under the protection, what the guard counts, so the count judges no
play. Its cost: docs/rules.md (Legal plays).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.legal_plays import Family, Space
>>> from oracle.profiles.rbtying.trick_format import lead_format
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
>>> hand = p("2S 2S 3S 3S 5S 5S")
>>> fillable_requirements(rules, lead_format(rules, p("7S 7S")), hand)
([(0, ((2,),))], True)
>>> first = FirstFill.of(rules, Space.of(rules, hand), lead_format(rules, p("7S 7S")), hand)
>>> first is not None and Family(first.space, 2, first).total()   # a pair
3
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import cast

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.legal_automata import reach_by
from oracle.engine.legal_plays import Duty, Space
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.fill_count import FillsRequirement
from oracle.profiles.rbtying.follow import (
    WALK_STEPS,
    decomposition,
    hand_fill,
    hand_protection,
    walk_bound,
)
from oracle.profiles.rbtying.longer_tuples import n_slots
from oracle.profiles.rbtying.ordering import Requirement
from oracle.profiles.rbtying.policies import policies
from oracle.profiles.rbtying.reach import Either, Reach
from oracle.profiles.rbtying.trick_format import FormatUnit, requirement_name

NO_DUTY = Duty(1, "follow.decomposition", "no decomposition of the lead that the play or the hand can fill")


LISTING_WALK_STEPS = 10 * WALK_STEPS
"""The bound of the walk that lists the requirements (once per question, where CheckFollow walks
once per play): to the first requirement the hand fills under its draw policy, which under the
longer-tuple protection can lie past every requirement one play's walk meets (about 60 ms)."""


def fills(position: int, requirement: Requirement) -> Duty:
    """The group of the plays whose first requirement filled is the walk's ``position``."""
    return Duty(2 + position, "follow.decomposition",
                f"fills {requirement_name(requirement)} (decomposition {position} of the lead)")


def fillable_requirements(
    rules: Ruleset, units: Sequence[FormatUnit], hand_x: Sequence[Card]
) -> tuple[list[tuple[int, Requirement]], bool]:
    """The requirements some play of the hand can fill, with their place in the walk (numbered
    as :func:`.follow.first_duty` numbers them for every play of one hand, ``same_positions``),
    up to the first the hand fills under its draw policy; and whether the hand fills one.

    One walk per question, within :data:`LISTING_WALK_STEPS`.
    """
    draw = policies(rules).draw
    exact = hand_protection(rules, hand_x)
    with walk_bound(LISTING_WALK_STEPS):
        pool = Pool(rules, hand_x)  # only read: the tests and the fills share it
        reach = Reach(rules, hand_x, protected=exact is not None, pool=pool)
        # What any play of the hand can fill: the whole hand unprotected, the hand's own tests
        # (kept once each) where the hand is unprotected itself.
        plays = reach if exact is None else Reach(rules, hand_x, pool=pool)
        found: list[tuple[int, Requirement]] = []
        for position, requirement in decomposition(units, draw, reach if exact is None else Either(plays, reach)):
            if plays.requirement(requirement):
                found.append((position, requirement))
            if hand_fill(rules, reach, requirement, hand_x, exact, pool) is not None:
                return found, True
        return found, False


GuardState = tuple[int, ...]
"""Per tuple size the guard reads: identities the play holds exactly that many times, and
identities the rest of the hand holds exactly that many times (each capped)."""


class FirstFill:
    """The automaton: the state of each requirement's fill, and what the guard counts."""

    def __init__(self, space: Space, parts: list[tuple[FillsRequirement, Requirement]], hand_fills: bool,
                 guard: list[int] | None) -> None:
        self.space, self.parts, self.hand_fills = space, parts, hand_fills
        self.guard = guard
        """The tuple sizes the guard reads (``None`` without the protection)."""
        self.cap = 1 + max((n_slots(r)[k] for _, r in parts for k in guard or ()), default=0)
        self._steppers = [automaton.step for automaton, _ in parts]
        self._accepting = [automaton.accepting for automaton, _ in parts]
        self._states: list[tuple[tuple[Hashable | None, ...], GuardState]] = []
        self._numbers: dict[tuple[tuple[Hashable | None, ...], GuardState], int] = {}
        """The states by number: the count keeps numbers (hashed as ints, not as a tuple per
        requirement)."""
        self.step_cost = 2 * (1 + len(parts))
        """What each step spends (each requirement's step looked up, about two microseconds):
        the count pays it for a whole layer at once (:meth:`unpaid_layer`)."""

    @classmethod
    def of(cls, rules: Ruleset, space: Space, units: Sequence[FormatUnit], hand_x: Sequence[Card]) -> FirstFill | None:
        """The automaton for the space (the hand's cards of the led suit), or ``None`` where a
        requirement's fill cannot be read by slots (``FillsRequirement.of``) or, under the guard,
        an identity is more than one card of the space (the two-colour game)."""
        found, hand_fills = fillable_requirements(rules, units, hand_x)
        parts = []
        for position, requirement in found:
            automaton = FillsRequirement.of(rules, space, requirement, fills(position, requirement))
            if automaton is None:
                return None
            parts.append((automaton, requirement))
        guard = None
        if policies(rules).draw.protects_longer_tuples:
            if len({rules.identity(c) for c in space.cards}) != len(space.cards):
                return None
            guard = sorted({k for _, r in parts for k in n_slots(r)})
        return cls(space, parts, hand_fills, guard)

    def start(self) -> Hashable:
        guard = (0,) * (2 * len(self.guard or ()))
        return self._number((tuple(automaton.start() for automaton, _ in self.parts), guard))

    def _number(self, state: tuple[tuple[Hashable | None, ...], GuardState]) -> int:
        """The state's number (each requirement's state and the guard's counts, kept once)."""
        number = self._numbers.setdefault(state, len(self._states))
        if number == len(self._states):
            self._states.append(state)
        return number

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        spend(self.step_cost)
        return self._unpaid_step(state, index, copies)

    def unpaid_layer(self, index: int, todo: Sequence[tuple[Hashable, int, int, int, int]],
                     out_of: dict[Hashable, list[tuple[int, Hashable]]]) -> dict[Hashable, tuple[int, int]]:
        """For each ``(state, top, bottom, fewest, most)`` of a layer of the count, the steps out
        of the state taking ``top`` down to ``bottom`` copies of card ``index`` that lead
        somewhere, kept in ``out_of``; returned, the states they lead to with the fewest and most
        cards taken to reach them (``step_cost`` a step, paid by the count)."""
        reached: dict[Hashable, tuple[int, int]] = {}
        unpaid = self._unpaid_step
        for state, top, bottom, fewest, most in todo:
            steps = out_of[state] = []
            for copies in range(top, bottom - 1, -1):
                after = unpaid(state, index, copies)
                if after is not None:
                    steps.append((copies, after))
            reach_by(reached, steps, fewest, most)
        return reached

    def _unpaid_step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        subs, guard = self._states[state]  # type: ignore[call-overload]  # a state number
        if len(subs) == 1 and not self.guard:  # one requirement (most questions): as below, with one part
            sub = subs[0]
            one = None if sub is None else self._steppers[0](sub, index, copies)
            return None if one is None and self.hand_fills else self._number(((one,), guard))
        after: list[Hashable | None] = []
        alive = filled = False
        for sub, step, accepting in zip(subs, self._steppers, self._accepting, strict=True):
            if sub is None or filled:
                # Once a requirement is filled whatever comes next (the rest of the play goes to
                # its single cards), no requirement after it can be the first filled.
                after.append(None)
                continue
            sub = step(sub, index, copies)
            after.append(sub)
            if sub is not None:
                alive = True
                filled = accepting[sub]  # type: ignore[call-overload]  # a state number
        if self.hand_fills and not alive:
            return None  # fills nothing the walk reaches, and the hand fills one: illegal
        if self.guard:
            held, kept = copies, self.space.copies[index] - copies
            counts = list(guard)
            for j, k in enumerate(self.guard):
                counts[2 * j] = min(self.cap, counts[2 * j] + (held == k))
                counts[2 * j + 1] = min(self.cap, counts[2 * j + 1] + (kept == k))
            guard = tuple(counts)
        return self._number((tuple(after), guard))

    def accept(self, state: Hashable) -> Duty | None:
        subs, guard = self._states[cast(int, state)]
        for sub, (automaton, requirement) in zip(subs, self.parts, strict=True):
            if sub is not None and automaton.accept(sub) is not None:
                return automaton.duty if self._guard_passes(requirement, guard) else None
        return None if self.hand_fills else NO_DUTY

    def _guard_passes(self, requirement: Requirement, guard: GuardState) -> bool:
        """:func:`.longer_tuples.longer_tuple_bypasses_genuine` from the counts: for each tuple size the requirement asks
        for alone, its places less the play's identities of that many cards are not all kept
        back in the rest of the hand."""
        if not self.guard:
            return True
        wanted = n_slots(requirement)
        for j, k in enumerate(self.guard):
            remaining = wanted[k] - guard[2 * j]
            if remaining > 0 and guard[2 * j + 1] >= remaining:
                return False
        return True
