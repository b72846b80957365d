"""Counting and listing legal plays without enumerating them: a count over the distinct cards.

A *family* is the sub-multisets of a hand's distinct cards (a :class:`Space`, in the ruleset's
order) of one size that an :class:`Automaton` accepts, each tagged with the :class:`Duty` it meets.
The automaton reads the cards one by one (how many copies of each) into a small state; the count
is a dynamic programme over (card, cards left, state), and a page is read off it in canonical
order (most copies of the highest card first) without listing what comes before.
docs/rules.md (Legal plays) gives the states of each follow rule and the cost.

>>> from oracle.cards import parse_cards as p, format_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> space = Space.of(rules, p("AS AS KS 5S"))
>>> pairs = Family(space, 2, Everything(Duty(0, "follow.suit", "any two")))
>>> pairs.total(), [format_cards(play) for play, duty in pairs.page(0, 10)]
(4, ['AS AS', 'AS KS', 'AS 5S', 'KS 5S'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from math import prod

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.legal_automata import Automaton, Duty, Everything, reach_by
from oracle.engine.legal_space import Space, canonical_key
from oracle.engine.ruleset import Ruleset

__all__ = ["Automaton", "Duty", "Everything", "Family", "FollowCounter", "Listed", "Sources", "Space",
           "canonical_key"]


NO_DUTIES: Counter[Duty] = Counter()
"""No excluded play below a prefix (never changed)."""


@dataclass
class Family:
    """The plays of ``size`` cards from the space (any size with ``None``) that the automaton
    accepts, less the ``excluded`` vectors, each with the ``fixed`` cards added."""

    space: Space
    size: int | None
    automaton: Automaton
    fixed: tuple[Card, ...] = ()
    excluded: frozenset[tuple[int, ...]] = frozenset()
    _memo: list[dict[Hashable, dict[Duty, int]]] = field(init=False, repr=False)
    """Before each card (and after the last), each state's :meth:`_vector`."""
    _room: list[int] = field(init=False, repr=False)
    _edges: list[dict[Hashable, list[tuple[int, Hashable]]]] = field(init=False, repr=False)
    """Before each card, the steps out of each state :meth:`_reach` reached."""
    _reached: bool = field(init=False, repr=False)
    _prefixes: dict[tuple[int, ...], Counter[Duty]] = field(init=False, repr=False)
    _sums: list[dict[Hashable, int]] = field(init=False, repr=False)
    """Before each card, each state's ways whatever their duty (asked again and again by a page)."""
    _bits: int = field(init=False, repr=False)
    """The bits of one entry of a state's ways (:meth:`_vector`): enough for every sub-multiset
    of the space."""
    _one: int = field(init=False, repr=False)
    """The mask of one entry (every bit, -1, for a family of any size: its one entry)."""

    def __post_init__(self) -> None:
        # The count's tables, set here alone (none is an argument: the dataclass builds none to drop).
        copies = self.space.copies
        self._room = room = list(accumulate(reversed(copies), initial=0))[::-1]  # copies from each card on
        self._memo = [{} for _ in room]
        self._edges = [{} for _ in copies]
        self._bits = 0 if self.size is None else prod(held + 1 for held in copies).bit_length()
        self._one = (1 << self._bits) - 1 if self.size is not None else -1
        self._sums = [{} for _ in room]
        self._reached, self._prefixes = False, {}
        for vector in self.excluded:
            duty = self.accepts(vector)
            if duty is None:
                raise ValueError("an excluded play is not in the family")
            for depth in range(len(vector) + 1):
                self._prefixes.setdefault(vector[:depth], Counter())[duty] += 1

    def _reach(self) -> None:
        """The states reached before each card by a play that can still end with ``size`` cards,
        each with the steps out of it that keep it so (read forwards once: the count then walks
        these steps back without asking the automaton again, and never judges a play that
        could not be completed); then every reached state's count, last card first."""
        if self._reached:
            return
        self._reached = True
        size, room, automaton, edges = self.size, self._room, self.automaton, self._edges
        # An automaton with ``unpaid_layer`` takes a layer's steps at once, the count paying them.
        steps_layer = getattr(automaton, "unpaid_layer", None)
        cost: int = getattr(automaton, "step_cost", 0) if steps_layer else 0
        layer: dict[Hashable, tuple[int, int]] = {automaton.start(): (0, 0)}  # cards taken: fewest, most
        for i, held in enumerate(self.space.copies):
            rest = room[i + 1]
            if size is None:
                todo, stepped = [(state, held, 0, fewest, most) for state, (fewest, most) in layer.items()], len(layer) * (held + 1)
            else:  # no more than the size allows, and enough that the cards after can make it up
                todo, stepped = [], 0
                for state, (fewest, most) in layer.items():
                    top, bottom = size - fewest, size - most - rest  # min and max without a call (on every state)
                    top, bottom = held if top > held else top, 0 if bottom < 0 else bottom  # noqa: FURB136
                    todo.append((state, top, bottom, fewest, most))
                    stepped += top - bottom + 1 if top >= bottom else 0
            spend(len(todo) + cost * stepped)
            if steps_layer:
                layer = steps_layer(i, todo, edges[i])
                continue
            out_of = edges[i]
            after_layer: dict[Hashable, tuple[int, int]] = {}
            for state, top, bottom, fewest, most in todo:
                out_of[state] = steps = self._steps_out(state, top, bottom, i)
                reach_by(after_layer, steps, fewest, most)
            layer = after_layer
        self._count_back(layer)

    def _steps_out(self, state: Hashable, top: int, bottom: int, i: int) -> list[tuple[int, Hashable]]:
        """The automaton's steps out of ``state`` taking ``top`` down to ``bottom`` copies of card
        ``i`` that lead somewhere."""
        return [(copies, after) for copies in range(top, bottom - 1, -1)
                if (after := self.automaton.step(state, i, copies)) is not None]

    def _count_back(self, ends: Iterable[Hashable]) -> None:
        """Each reached state's :meth:`_vector`, from the states after the last card (``ends``)
        back (no recursion)."""
        n, last, ends = len(self.space.copies), self._memo[-1], list(ends)
        # A step for each state, paid at once (a question refused is refused all the same).
        spend(len(ends) + sum(len(edges) for edges in self._edges))
        for state in ends:
            last[state] = self._ended(state)
        for i in range(n - 1, -1, -1):
            self._count_layer(i, self._edges[i])

    def _count_layer(self, i: int, steps_of: dict[Hashable, list[tuple[int, Hashable]]]) -> None:
        """The ways of states before card ``i`` (:meth:`_vector`) from their steps, the ways of
        the states after it known: those after each step, shifted by the copies taken (not in
        a family of any size, whose ``_bits`` are none). Entries past the cards left to take
        are never read."""
        bits, below, here = self._bits, self._memo[i + 1], self._memo[i]
        for state, steps in steps_of.items():
            out: dict[Duty, int] = {}
            for copies, after in steps:
                shift = bits * copies
                for duty, ways in below[after].items():
                    out[duty] = out.get(duty, 0) + (ways << shift)
            here[state] = out

    def _vector(self, i: int, state: Hashable) -> dict[Duty, int]:
        """The plays going on from ``state`` before card ``i``, by duty and by the cards they
        still take: entry ``left`` in bits ``left * _bits`` on of one int (the number itself
        for a family of any size; :meth:`_entry`). One per (card, state), whatever the cards
        taken before: every state :meth:`_reach` reached is counted there; another (asked by a
        rank) is counted here."""
        found = self._memo[i].get(state)
        if found is not None:
            return found
        spend()
        if i == len(self.space.copies):
            found = self._memo[i][state] = self._ended(state)
            return found
        steps = [(copies, after) for copies, _, after in self._children(i, -1 if self.size is None else self.size, state)]
        for _, after in steps:
            self._vector(i + 1, after)
        self._count_layer(i, {state: steps})
        return self._memo[i][state]

    def _ended(self, state: Hashable) -> dict[Duty, int]:
        """The ways of a state after the last card: one play, if the automaton accepts it."""
        duty = self.automaton.accept(state)
        return {} if duty is None else {duty: 1}

    def _entry(self, ways: int, left: int) -> int:
        """The ways taking ``left`` more cards (any number for ``-1``) out of a :meth:`_vector`'s."""
        return ways if left < 0 else (ways >> self._bits * left) & self._one

    def counts(self) -> dict[Duty, int]:
        """How many plays meet each duty."""
        size, found = -1 if self.size is None else self.size, {}
        if size <= self._room[0]:
            self._reach()
            found = {duty: self._entry(ways, size) for duty, ways in self._vector(0, self.automaton.start()).items()}
        for duty, n in self._prefixes.get((), NO_DUTIES).items():
            found[duty] -= n
        return {d: n for d, n in found.items() if n}

    def duties(self) -> list[Duty]:
        return sorted(self.counts())

    def total(self) -> int:
        return sum(self.counts().values())

    def accepts(self, vector: Sequence[int]) -> Duty | None:
        """The duty the play of these copies meets in this family (ignoring ``excluded``)."""
        if self.size is not None and sum(vector) != self.size:
            return None
        state = self.automaton.start()
        for i, copies in enumerate(vector):
            if state is None:
                return None
            state = self.automaton.step(state, i, copies)
        return None if state is None else self.automaton.accept(state)

    def holds(self, play: Sequence[Card]) -> bool:
        """Whether the play is one of the family's: its fixed cards, and the rest accepted."""
        fixed = Counter(self.fixed)
        if fixed - Counter(play):
            return False
        vector = self.space.vector((Counter(play) - fixed).elements())
        return vector is not None and vector not in self.excluded and self.accepts(vector) is not None

    def _total(self, i: int, left: int, state: Hashable, prefix: Sequence[int]) -> int:
        """Plays of the family going on from a prefix (``excluded`` ones taken off)."""
        if not self._reached:
            self._reach()
        found = self._ways(i, left, state)
        if self._prefixes:
            found -= sum(self._prefixes.get(tuple(prefix), NO_DUTIES).values())
        return found

    def _ways(self, i: int, left: int, state: Hashable) -> int:
        """Plays going on from ``state`` before card ``i`` taking ``left`` more cards (``-1``: any), excluded or not."""
        if left > self._room[i]:
            return 0
        sums = self._sums[i].get(state)
        if sums is None:  # the plays by cards left, whatever their duty (asked again and again by a page)
            sums = self._sums[i][state] = sum(self._vector(i, state).values())
        return sums if left < 0 else (sums >> self._bits * left) & self._one

    def _children(self, i: int, left: int, state: Hashable) -> list[tuple[int, int, Hashable]]:
        """The steps out of ``state`` before card ``i`` taking at most ``left`` cards (any number
        for ``-1``), most copies first: the ones :meth:`_reach` kept (the others lead to no play),
        else asked of the automaton."""
        steps = self._edges[i].get(state)
        if steps is None:
            steps = self._steps_out(state, self.space.copies[i] if left < 0 else min(self.space.copies[i], left), 0, i)
        if left < 0:
            return [(copies, -1, after) for copies, after in steps]
        return [(copies, left - copies, after) for copies, after in steps if copies <= left]

    def page(self, offset: int, limit: int) -> list[tuple[list[Card], Duty]]:
        """The plays from ``offset`` on, at most ``limit``, in canonical order, with their duty."""
        page = _Page(limit)
        size = -1 if self.size is None else self.size
        if self._total(0, size, self.automaton.start(), page.prefix) > offset:
            self._walk(page, 0, size, self.automaton.start(), offset)
        return page.out

    def _walk(self, page: _Page, i: int, left: int, state: Hashable, skip: int) -> int:
        """Add to the page the plays going on from ``state`` before card ``i`` with ``left``
        more cards, less the first ``skip`` of them; the skip still owed."""
        out, taken, prefix, limit = page.out, page.taken, page.prefix, page.limit
        cards = self.space.cards
        if i == len(cards):
            duty = self.automaton.accept(state)
            assert duty is not None
            out.append((taken + list(self.fixed), duty))
            return skip
        card, steps = cards[i], self._edges[i].get(state)
        if steps is None:  # a state the count never reached (the automaton asked)
            steps = self._steps_out(state, self.space.copies[i], 0, i)
        prefixes = bool(self._prefixes)  # no prefix to follow without excluded plays
        fits = self._room[i + 1]
        for copies, after in steps:
            if len(out) >= limit:
                break
            if copies > left >= 0:
                continue
            rest = -1 if left < 0 else left - copies
            if prefixes:
                prefix.append(copies)
                n = self._total(i + 1, rest, after, prefix)
            else:
                n = self._ways(i + 1, rest, after)
            if 0 < n <= skip:
                skip -= n
            elif n > 0:
                taken.extend([card] * copies)
                if rest == 0 or rest == fits:  # one play: none, or every copy, of the cards after these
                    tail = page.tails.get(i + 1) if rest else ()
                    if tail is None:
                        held = self.space.copies
                        tail = page.tails[i + 1] = [c for c, k in zip(cards[i + 1:], held[i + 1:]) for _ in range(k)]
                    one, bits = self._one, self._bits
                    for duty, by_left in self._vector(i + 1, after).items():
                        if by_left >> bits * rest & one:  # its duty: the one with a play of these cards
                            out.append(([*taken, *tail, *self.fixed], duty))
                            break
                else:
                    skip = self._walk(page, i + 1, rest, after, skip)
                del taken[len(taken) - copies:]
            if prefixes:
                prefix.pop()
        return skip

    def rank(self, hand: Space, target: Sequence[int]) -> int:
        """How many of the family's plays come before ``target`` (a vector over ``hand``, the
        space of the whole hand, which holds this family's cards and fixed cards)."""
        fixed = hand.vector(self.fixed) or (0,) * len(hand.cards)
        where = self.space.places
        before, prefix = 0, list[int]()
        i, left, state = 0, -1 if self.size is None else self.size, self.automaton.start()
        for card, want, pinned in zip(hand.cards, target, fixed, strict=True):
            if card not in where:
                if want != pinned:  # every play going on differs here: all before, or none
                    return before + (self._total(i, left, state, prefix) if pinned > want else 0)
                continue
            assert where[card] == i
            nxt = None
            for copies, rest, after in self._children(i, left, state):
                prefix.append(copies)
                if copies > want:
                    before += self._total(i + 1, rest, after, prefix)
                elif copies == want:
                    nxt = (rest, after)
                prefix.pop()
            if nxt is None:
                return before
            prefix.append(want)
            i, (left, state) = i + 1, nxt
        return before


@dataclass
class Listed:
    """A few plays spelled out (polynomially many), each with its duty, in canonical order over
    ``space`` (the whole hand's)."""

    space: Space
    plays: list[tuple[tuple[Card, ...], Duty]]

    def __post_init__(self) -> None:
        unique = {canonical_key(self.space, cards): (cards, duty) for cards, duty in self.plays}
        self.plays = [unique[k] for k in sorted(unique)]

    def counts(self) -> dict[Duty, int]:
        return dict(Counter(duty for _, duty in self.plays))

    def duties(self) -> list[Duty]:
        return sorted(self.counts())

    def total(self) -> int:
        return len(self.plays)


@dataclass
class _Page:
    """What :meth:`Family.page` has gathered so far: the plays, the cards taken and the copies
    taken of each card on the way to the current one, and every copy of the cards from each on,
    once asked. (A method walking with this, not a closure calling itself, so that the count's
    tables are freed as the page returns, not left to the cycle collector.)"""

    limit: int
    out: list[tuple[list[Card], Duty]] = field(default_factory=list)
    taken: list[Card] = field(default_factory=list)
    prefix: list[int] = field(default_factory=list)
    tails: dict[int, list[Card]] = field(default_factory=dict)


Sources = tuple["Family", list[Listed]]
"""The plays of a question: one family counted by its automaton, and a few listed (disjoint)."""

FollowCounter = Callable[[Ruleset, Sequence[Card], Sequence[Card]], Sources]
"""A follow rule's legal follows: (ruleset, lead, the follower's whole hand) to its sources."""
