"""What the seeds' legal-follow count reads of a play of the led suit, one identity at a time.

The greedy match (:mod:`oracle.seed_rules.matching`) reads a play only through its tuples: their
copies (``TupleCounts``, no tractor asked), the lengths of their runs of pairs (``PairRuns``,
pairs alone), or their copies, strengths and how their slots stand (``Segments``, following
what each shape of the hand's profile asks of a legal play: ``ShapeHeld``). Plays read alike are
judged once; docs/rules.md (Legal plays) says why each reading decides the match, and its cost.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("four-deck", Rank.TWO, Suit.HEARTS)
>>> space = Space.of(rules, p("KS KS KS QS QS QS 5S 5S"))
>>> type(reading(rules, space, [(3, 2), (2, 1)], False)).__name__, type(reading(rules, space, [(3, 1)], False)).__name__
('Segments', 'TupleCounts')
"""

from __future__ import annotations

import heapq
from bisect import bisect_left, insort
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from oracle.engine.legal_follows import Cores, Reading, identity_numbers
from oracle.engine.legal_plays import Space
from oracle.engine.ruleset import Ruleset
from oracle.seed_rules.follow_segments import Segments, ShapeHeld, could_show
from oracle.seed_rules.matching import Shape

__all__ = ["Segments", "ShapeHeld", "could_show", "packed", "plain_reading", "reading", "segments_reading", "unpacked"]


def reading(rules: Ruleset, space: Space, shapes: Sequence[Shape], exact: bool,
            profile: Sequence[Shape] = ()) -> Reading[Any]:
    """What decides the greedy match of the play against ``shapes`` (docs/rules.md, Legal plays):
    the copies of its tuples when no shape is a tractor; the lengths of its runs of pairs when
    every shape is of pairs and no slot of the suit holds two pairs; else the play's tuples and
    how they stand to each other, following what each shape of the hand's ``profile`` asks."""
    plain = plain_reading(rules, space, shapes, exact)
    return plain if plain is not None else segments_reading(rules, space, shapes, exact, profile)


def segments_reading(rules: Ruleset, space: Space, shapes: Sequence[Shape], exact: bool,
                     profile: Sequence[Shape]) -> Reading[Any]:
    """:func:`reading` where :func:`plain_reading` has none: ``Segments`` following the hand's
    ``profile`` (``Cores(2)`` where it cannot)."""
    pairs = (2 if exact else 1) if all(k == 2 for k, _ in shapes) else 0
    top = max(k for k, _ in shapes)
    held = [ShapeHeld.of(rules, space, shape, top, exact) for shape in sorted(set(profile), reverse=True)]
    return Segments.of(rules, space, pairs, tuple(h for h in held if h is not None)) or Cores(2)


def plain_reading(rules: Ruleset, space: Space, shapes: Sequence[Shape], exact: bool) -> Reading[Any] | None:
    """:func:`reading` where it needs no profile of the hand (every reading but ``Segments``),
    else ``None``."""
    if any(k < 2 for k, _ in shapes):
        return Cores(1)
    if all(length == 1 for _, length in shapes):
        return TupleCounts()
    if all(k == 2 for k, _ in shapes) and rules.tractor_min_length >= 2:
        return PairRuns.of(rules, space, exact)
    return None


@dataclass(frozen=True)
class TupleCounts:
    """No shape is a tractor: the greedy match takes a tuple from the identity with the fewest
    copies (then the lowest) and never looks at slots, so which copies the play holds of each
    identity held twice or more, as a multiset, decides it."""

    def start(self) -> int:
        return 0

    def close(self, state: int, identity: int, copies: int) -> int:
        """The copies of the tuples read, as a multiset (:func:`packed`: a count per copies)."""
        return state + (1 << COUNT_BITS * copies) if copies >= 2 else state

    def decides(self, state: int) -> Hashable:
        return state

    @staticmethod
    def profile(copies: Sequence[int], shapes: Sequence[Shape], exact: bool) -> list[Shape]:
        """The greedy match's profile of a play whose tuples have these ``copies`` (its
        :meth:`decides`), against ``shapes`` of length one (no tractor, tractors of two or more):
        :func:`oracle.seed_rules.matching.match_in` step by step on the copies alone (the
        identity a tuple is taken from, the fewest copies then the lowest, leaves the same
        copies whichever of equal ones it is).

        >>> TupleCounts.profile((2, 3), [(3, 1), (2, 1)], False), TupleCounts.profile((2, 2), [(3, 1)], True)
        ([(3, 1), (2, 1)], [(2, 1)])
        """
        held, profile = list(copies), []
        waiting = [-k for k, _ in shapes]
        heapq.heapify(waiting)
        while waiting:
            k = -heapq.heappop(waiting)
            fits = [n for n in held if (n == k if exact else n >= k)]
            if fits:
                n = min(fits)
                held.remove(n)
                if n > k:
                    held.append(n - k)
                profile.append((k, 1))
            elif k - 1 >= 2:
                heapq.heappush(waiting, 1 - k)
        profile.sort(reverse=True)
        return profile

    @staticmethod
    def could_show(copies: Sequence[int], shape: Shape, top: int, exact: bool) -> bool:
        """:func:`could_show` of a play whose tuples have these ``copies`` (a shape of length
        one: a tuple of its size, or larger up to ``top``).

        >>> TupleCounts.could_show((2, 2), (3, 1), 3, False), TupleCounts.could_show((4,), (3, 1), 4, True)
        (False, True)
        """
        return any(n == size if exact else n >= size for n in copies for size in range(shape[0], top + 1))


COUNT_BITS = 6
"""The bits of each count of a multiset of small numbers kept as one int (:func:`packed`): a
reading's state is an int, built and compared without a tuple. No count reaches 64: a count is
of identities of one suit (runs, tuples), fewer than 64 in any deck."""

RUN_AT, ENDED_AT = 16, 24
"""Where a :class:`PairRuns` state keeps the length of the run going on (8 bits) and the
multiset of the lengths of the runs ended (:func:`packed`); below ``RUN_AT``, the slot of the
run's last pair plus one (0: none going on)."""


def packed(numbers: Iterable[int]) -> int:
    """A multiset of small numbers as one int: the count of ``n`` in bits ``COUNT_BITS * n`` on.

    >>> unpacked(packed([3, 1, 3]))
    (1, 3, 3)
    """
    return sum(1 << COUNT_BITS * n for n in numbers)


def unpacked(code: int) -> tuple[int, ...]:
    """The numbers of a :func:`packed` multiset, sorted."""
    found: list[int] = []
    n, mask = 0, (1 << COUNT_BITS) - 1
    while code:
        found.extend([n] * (code & mask))
        code >>= COUNT_BITS
        n += 1
    return tuple(found)


@dataclass(frozen=True)
class PairRuns:
    """Every shape is of pairs and each slot holds at most one identity that can be a pair: the
    greedy match takes, for a tractor, the run giving the most, the shortest of those, its lowest
    pairs (the rest of the run stays a run), and for a pair any pair left; so the lengths of the
    play's runs of pairs, as a multiset, decide it (a pair without a slot is a run of one)."""

    slot: dict[int, int | None]
    exact: bool
    paired: frozenset[int] = frozenset()
    """The identities the space holds twice or more: the only ones a run can go on to. A run
    whose next slot holds none of these, or whose next slot's one the play takes fewer than two
    of, has ended, and is kept among the ended ones at once (plays alike from there on are one
    state)."""
    pair_at: frozenset[int] = frozenset()
    """Their slots."""

    @classmethod
    def of(cls, rules: Ruleset, space: Space, exact: bool) -> PairRuns | None:
        """The reading, or ``None`` where a slot holds two pairs (or a card two slots, or an
        identity two pairs)."""
        ident, slots_of = identity_numbers(rules, space), rules.places
        held: dict[int, int] = {}
        slots: dict[int, tuple[int, ...]] = {}
        for card, copies, number in zip(space.cards, space.copies, ident, strict=True):
            held[number] = held.get(number, 0) + copies
            slots[number] = slots_of[card.code]  # rules.slots(card), read off its table
        pairs = [i for i, k in held.items() if k >= 2]
        places: list[int] = []
        for i in pairs:  # in one pass: no pair of two slots, nor (with tuples broken) of four copies
            if len(slots[i]) > 1 or (not exact and held[i] > 3):
                return None
            places.extend(slots[i])
        if (len(places) != len(set(places)) or len(pairs) >> COUNT_BITS
                or (places and not 0 <= min(places) <= max(places) < 0xFFFF - 1)):  # its state's fields
            return None
        return cls({i: (slots[i][0] if slots[i] else None) for i in held}, exact, frozenset(pairs), frozenset(places))

    def start(self) -> int:
        """No run (the state: the runs ended, :func:`packed`, from bit ``ENDED_AT``; the run
        going on from ``RUN_AT``; its last pair's slot plus one below)."""
        return 0

    def close(self, state: int, identity: int, copies: int) -> int:
        slot = self.slot[identity]
        run = state >> RUN_AT & 255
        if not (copies == 2 if self.exact else copies >= 2):
            if run and slot is not None and state & 0xFFFF == slot + 2 and identity in self.paired:
                return ((state >> ENDED_AT) + (1 << COUNT_BITS * run)) << ENDED_AT  # the run's next pair, not taken: it ends
            return state
        if slot is None:
            return state + (1 << ENDED_AT + COUNT_BITS)  # a run of one, ended
        ended = state >> ENDED_AT
        if run and state & 0xFFFF == slot + 2:
            run += 1
        else:
            run, ended = 1, ended + (1 << COUNT_BITS * run) if run else ended
        if slot - 1 not in self.pair_at:  # no pair can go on with it: ended already
            return (ended + (1 << COUNT_BITS * run)) << ENDED_AT
        return ended << ENDED_AT | run << RUN_AT | slot + 1

    def decides(self, state: int) -> Hashable:
        """The runs' lengths (:func:`packed`), the one going on among them (not where it ends)."""
        run = state >> RUN_AT & 255
        return (state >> ENDED_AT) + (1 << COUNT_BITS * run) if run else state >> ENDED_AT

    @staticmethod
    def profile(lengths: Sequence[int], shapes: Sequence[Shape], min_length: int, tractors: bool) -> list[Shape]:
        """The greedy match's profile of a play whose runs of pairs have these ``lengths`` (its
        :meth:`decides`, sorted), against ``shapes`` of pairs: :func:`oracle.seed_rules.matching.match_in`
        step by step on the lengths alone (``tractors``: pairs can form tractors, the ruleset's
        smallest tractor tuple being a pair). A tractor asked takes the lowest pairs of the
        shortest run long enough (the rest of the run stays a run, of the same length whichever
        run it was); every tractor asked comes before any pair asked, and a pair takes any pair
        left, so only how many are left counts then.

        >>> PairRuns.profile((1, 3), [(2, 2), (2, 1), (2, 1)], 2, True)
        [(2, 2), (2, 1), (2, 1)]
        >>> PairRuns.profile((1, 1), [(2, 2)], 2, True)
        [(2, 1), (2, 1)]
        """
        runs, profile = sorted(lengths), []
        waiting = [(-k, -length) for k, length in shapes]
        heapq.heapify(waiting)
        while waiting:
            minus_k, minus_length = heapq.heappop(waiting)
            length = -minus_length
            if length >= min_length:
                if not tractors or not runs or runs[-1] < min_length:
                    for _ in range(length):
                        heapq.heappush(waiting, (minus_k, -1))
                    continue
                got = min(length, runs[-1])
                left = runs.pop(bisect_left(runs, got)) - got  # the shortest run showing ``got``
                if left:
                    insort(runs, left)
                profile.append((-minus_k, got))
                rest = length - got
                if rest >= min_length:
                    heapq.heappush(waiting, (minus_k, -rest))
                else:
                    for _ in range(rest):
                        heapq.heappush(waiting, (minus_k, -1))
            elif runs:  # a pair: only pairs are asked from here on, from any run
                runs[0] -= 1
                if not runs[0]:
                    del runs[0]
                profile.append((-minus_k, 1))
        profile.sort(reverse=True)
        return profile

    @staticmethod
    def could_show(lengths: Sequence[int], shape: Shape) -> bool:
        """:func:`could_show` of a play whose runs of pairs have these ``lengths``, for a shape of
        pairs (no larger tuple asked): a pair, or a run as long as the shape.

        >>> PairRuns.could_show((1, 2), (2, 2)), PairRuns.could_show((1, 1), (2, 2))
        (True, False)
        """
        return bool(lengths) and max(lengths) >= shape[1]
