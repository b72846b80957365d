"""The requirements after a lead's own format, in rbtying/shengji's order, less what cannot be filled.

rbtying/shengji ``mechanics/src/ordered_card.rs`` (``subsequent_decomposition_ordering``)
@ 71f8d43: each unit of the format walks its own decompositions (:mod:`.ordering`), the unit
with the most left first. The walk may leave out stretches that fail a necessary condition of
the hand (``reach.Reach``), in bulk, without changing the order of the rest. Cost:
docs/rbtying.md ("The cost of the walk").

>>> list(subsequent_decompositions([(2, 2)], True))
[((2,), (2,)), ((2,), (1,), (1,)), ((1,), (1,), (1,), (1,))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Protocol

from oracle.engine.budget import spend
from oracle.profiles.rbtying.ordering import (
    EXACT_MAX_CARDS,
    AdjacentTupleSizes,
    Requirement,
    decompositions_after,
    iter_entries,
)
from oracle.profiles.rbtying.split_classes import Profile, profile


class Skips(Protocol):
    """Necessary conditions for a requirement to be filled (``reach.Reach``): the walk skips
    whole stretches of a unit's decompositions that fail them."""

    @property
    def longest(self) -> int:
        """The most tuples an adjacent unit may hold: ``runs_hold`` refuses any longer unit."""

    def tuples(self, sizes: Sequence[int], cards: int | None = None) -> bool: ...

    def runs_hold(self, profile: Sequence[tuple[int, int]]) -> bool: ...

    def stretch(self, tuples: Sequence[int], profile: Sequence[tuple[int, int]], cards: int,
                units: Sequence[AdjacentTupleSizes] = ()) -> bool: ...

    def unit(self, adjacent: AdjacentTupleSizes) -> bool: ...

    def joint(self, fixed: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes]) -> bool: ...

    def split(self, fixed: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes], pool: tuple[int, ...], units: int,
              length: int, reaching: bool) -> bool: ...


MERGE_STEP_COST = 5
"""Work steps one step of :func:`subsequent_decompositions` costs per unit of the format and
per adjacent unit of their current requirements (it sorts, tests and joins them), and a stretch
tested in a skip: about what a fill of as many cards costs (``fill.fill_needs``), so that the
walk's work bound (``follow.WALK_STEPS``) bounds its time alike whether it fills or merges."""


class _LazyTests:
    """The tests a lazily listed unit's groupings, splits and orderings must pass: ``skips``
    (none: every one passes), beside the other units' requirements (``beside``, fixed while this
    unit is listed) and, with ``cards`` (the requirements' cards in all), with the single cards.
    Its methods are the callbacks :func:`.ordering.iter_entries` takes."""

    def __init__(self, skips: Skips | None, beside: Sequence[Requirement], cards: int | None) -> None:
        self.skips = skips
        self.beside = _Fits(skips, beside, cards) if skips is not None and cards is not None else None
        self.with_them = tuple(a for r in beside for a in r)
        """The other units' adjacent units, joined to this unit's in the joint tests."""
        self.longest = None if skips is None else max(1, skips.longest)

    def possible(self, sizes: Sequence[int]) -> bool:
        """Whether the tuples of a grouping begun so far may be held (the partial grouping)."""
        if self.beside is not None:
            return self.beside.tuples(tuple(sorted(sizes, reverse=True)), cards=False)
        return self.skips is None or self.skips.tuples(sizes)

    def whole(self, grouping: Sequence[int]) -> bool:
        """Whether a whole grouping's tuples may be held with the single cards."""
        return self.beside is None or self.beside.tuples(tuple(v for v in grouping if v > 1))

    def keep(self, tuples: tuple[int, ...], shape: Profile) -> bool:
        """Whether a split's adjacent units (their profile) may be held: ``iter_entries``' keep."""
        if self.beside is not None:
            return self.beside.shape(tuples, shape)
        return self.skips is None or self.skips.runs_hold(shape)

    def fits(self, ordering: AdjacentTupleSizes) -> bool:
        """Whether one ordering of an adjacent unit may be held: ``iter_entries``' fits."""
        return self.skips is None or self.skips.unit(ordering)

    def joint(self, fixed: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes]) -> bool:
        """The joint fill of a split with the other units: ``iter_entries``' joint."""
        return self.skips is None or self.skips.joint((*fixed, *self.with_them), any_order)

    def some(self, fixed: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes], pool: tuple[int, ...], units: int,
             length: int, reaching: bool) -> bool:
        """Whether a class or run of splits holds one that may be filled: ``iter_entries``' some."""
        return self.skips is None or self.skips.split((*fixed, *self.with_them), any_order, pool, units, length,
                                                      reaching)


def _groupings_from(own: tuple[int, ...], possible: Callable[[Sequence[int]], bool],
                    prefix: tuple[int, ...] = (), remaining: int | None = None) -> Iterator[tuple[int, ...]]:
    """The groupings of a unit's cards in descending order from its own (``own``, largest
    first), a grouping begun with tuples that fail ``possible`` left out with every grouping
    that extends it (each part tried a step of the work budget); those going on from a
    ``prefix`` of parts with ``remaining`` cards left to group.

    >>> list(_groupings_from((2, 1), lambda sizes: True))
    [(2, 1), (1, 1, 1)]
    """
    remaining = sum(own) if remaining is None else remaining
    if remaining == 0:
        yield prefix
        return
    for part in range(min(remaining, prefix[-1] if prefix else own[0]), 0, -1):
        spend()
        grown = (*prefix, part)
        if grown > own[: len(grown)] and prefix == own[: len(prefix)]:
            continue  # before the unit's own grouping
        if part > 1 and not possible([v for v in grown if v > 1]):
            continue
        yield from _groupings_from(own, possible, grown, remaining - part)


def _lazy_tail(unit: AdjacentTupleSizes, skips: Skips | None, beside: Sequence[Requirement] = (),
               cards: int | None = None) -> Iterator[Requirement]:
    """The entries after a unit of more than :data:`EXACT_MAX_CARDS` cards, lazily.

    Groupings in descending order from the unit's own (their first part is never larger,
    :func:`_groupings_from`), a grouping whose tuples fail ``skips`` left out with every grouping
    that extends the same prefix; each grouping's distinct splits in the coarse order
    (docs/rbtying.md), a split whose adjacent units fail ``skips`` left out before its orderings
    are listed. ``beside``: the other units' requirements, fixed while this unit is listed (it is
    the only lazy one), tested with it; then with ``cards`` (the requirements' cards in all) a
    whole grouping is tested with its single cards too (:class:`_LazyTests`).
    """
    tests = _LazyTests(skips, beside, cards)
    own = tuple(sorted(unit, reverse=True))
    for grouping in _groupings_from(own, tests.possible):
        if max(grouping) > 1 and not tests.whole(grouping):
            continue  # (the last grouping, of single cards, stays: the unit's current one after)
        entries = iter_entries(grouping, tests.keep, tests.fits, distinct=True, longest=tests.longest,
                               joint=tests.joint, some=tests.some)
        if grouping == own:
            # The unit's own entry is its grouping's first (one unit, its own order).
            first = next(entries, None)
            if first is not None and first != (own,):
                yield first
        yield from entries


Chunk = tuple[int, int, tuple[int, ...], Profile]
"""A stretch of a unit's listed decompositions sharing their tuples (two or more cards, largest
first) and their adjacent units' profile: (the index just after it, the index just after the
last stretch in a row with the same tuples, tuples, profile)."""


@lru_cache(maxsize=256)
def _chunks(unit: AdjacentTupleSizes) -> tuple[tuple[Chunk, ...], tuple[int, ...]]:
    """The stretches of :func:`decompositions_after`, and the stretch of each entry.

    >>> _chunks((2, 2))
    (((1, 1, (2, 2), ()), (2, 2, (2,), ()), (3, 3, (), ())), (0, 1, 2))
    """
    keys: list[tuple[int, tuple[int, ...], Profile]] = []
    of: list[int] = []
    for index, requirement in enumerate(decompositions_after(unit)):
        key = _stretch_key(requirement)
        if not keys or keys[-1][1:] != key:
            keys.append((index + 1, *key))
        else:
            keys[-1] = (index + 1, *key)
        of.append(len(keys) - 1)
    chunks: list[Chunk] = []
    same_tuples_end = 0
    for i in range(len(keys) - 1, -1, -1):
        end, tuples, shape = keys[i]
        if i == len(keys) - 1 or keys[i + 1][1] != tuples:
            same_tuples_end = end
        chunks.append((end, same_tuples_end, tuples, shape))
    return tuple(reversed(chunks)), tuple(of)


def _stretch_key(requirement: Requirement) -> tuple[tuple[int, ...], Profile]:
    """A requirement's tuples (two or more cards, largest first) and its profile: what one
    stretch of :func:`_chunks` shares (adjacent tuples are never single cards).

    >>> _stretch_key(((3, 2), (2,), (1,)))
    ((3, 2, 2), ((2, 5),))
    """
    tuples: list[int] = []
    shape: list[tuple[int, int]] = []
    for unit in requirement:
        if len(unit) > 1:
            tuples += unit
            shape.append((len(unit), sum(unit)))
        elif unit[0] > 1:
            tuples.append(unit[0])
    tuples.sort(reverse=True)
    shape.sort(reverse=True)
    return tuple(tuples), tuple(shape)


class _Tail:
    """One unit's decompositions after its own entry, and how many are left."""

    LAZY = 1 << 62
    """The count a lazily listed unit reports: more than any listed one (docs/rbtying.md)."""

    def __init__(self, unit: AdjacentTupleSizes, skips: Skips | None, beside: Sequence[Requirement] = (),
                 cards: int | None = None) -> None:
        self.unit = unit
        self.listed: tuple[Requirement, ...] = ()
        self.lazy: Iterator[Requirement] | None = None
        self.position = 0
        self.done = False
        if sum(unit) <= EXACT_MAX_CARDS:
            self.listed = decompositions_after(tuple(sorted(unit, reverse=True)))
        else:
            # Listed only as taken (never ahead of the walk, which may stop at the entry taken).
            self.lazy = _lazy_tail(unit, skips, beside, cards)

    def left(self) -> int:
        if self.lazy is not None:
            return 0 if self.done else self.LAZY
        return len(self.listed) - self.position

    def take(self) -> Requirement | None:
        """The next entry (``None``: a lazily listed unit found it has none left)."""
        if self.lazy is not None:
            taken = next(self.lazy, None)
            self.done = taken is None
            return taken
        self.position += 1
        return self.listed[self.position - 1]

    def skip(self, steps: int, fits: _Fits) -> Requirement | None:
        """Pass over at most ``steps`` listed entries, whole stretches at a time, while their
        stretch fails ``fits``: a run of stretches with the same tuples in one step when the
        tuples fail; the last entry passed, if any."""
        if self.lazy is not None or steps <= 0:
            return None
        chunks, of = _chunks(tuple(sorted(self.unit, reverse=True)))
        start, stop = self.position, self.position + steps
        while self.position < stop and self.position < len(self.listed):
            spend(MERGE_STEP_COST)
            end, same_tuples_end, tuples, shape = chunks[of[self.position]]
            if not fits.tuples(tuples):
                self.position = min(same_tuples_end, stop)
            elif not fits.shape(tuples, shape):
                self.position = min(end, stop)
            else:
                break
        return self.listed[self.position - 1] if self.position > start else None


def _pass_rounds(group: Sequence[_Tail], rounds: int, fits: _Fits) -> int:
    """Pass whole rounds of units that take turns, at most ``rounds``; how many were passed.

    Units with as many decompositions left as each other (more than every other unit) take one
    step each in turn for ``rounds`` rounds before another unit moves; as the sort that picks
    the next is stable, each round takes them in the reverse order of the one before (the caller
    reverses their order after an odd number). While each unit's current entry and its next ones lie in one stretch of its list,
    every requirement of those rounds has the same tuples (or, within a stretch, the same
    profile) as the current stretches together: if they fail ``fits``, the rounds are passed,
    each unit's place advanced alike, so what follows is what would have followed."""
    if any(t.lazy is not None or t.position < 1 for t in group):
        return 0
    passed = 0
    while passed < rounds:
        spend(MERGE_STEP_COST * len(group))
        tuples: list[int] = []
        shape: list[tuple[int, int]] = []
        stretch_room = tuples_room = rounds - passed
        for tail in group:
            chunks, of = _chunks(tuple(sorted(tail.unit, reverse=True)))
            end, same_tuples_end, its_tuples, its_shape = chunks[of[tail.position - 1]]
            tuples.extend(its_tuples)
            shape.extend(its_shape)
            stretch_room = min(stretch_room, end - tail.position)
            tuples_room = min(tuples_room, same_tuples_end - tail.position)
        joined = tuple(sorted(tuples, reverse=True))
        if tuples_room > 0 and not fits.tuples(joined):
            step = tuples_room
        elif stretch_room > 0 and not fits.shape(joined, tuple(sorted(shape, reverse=True))):
            step = stretch_room
        else:
            break
        for tail in group:
            tail.position += step
        passed += step
    return passed


class _Fits:
    """Whether the tuples (with the single cards: ``cards`` in all) and the adjacent units'
    profile of a stretch of one unit's list pass ``skips`` beside the other units' current
    requirements, whose adjacent units must also fit (kept for one run of steps)."""

    def __init__(self, skips: Skips, beside: Sequence[Requirement], cards: int) -> None:
        self.skips = skips
        self.cards = cards
        self.beside_tuples = [k for r in beside for a in r for k in a if k > 1]
        self.beside_shape = [p for r in beside for p in profile(r)]
        self.beside_units = sorted({a for r in beside for a in r if len(a) > 1})
        self.known_tuples: dict[tuple[tuple[int, ...], bool], bool] = {}
        self.known_shapes: dict[tuple[tuple[int, ...], Profile], bool] = {}

    def tuples(self, tuples: tuple[int, ...], cards: bool = True) -> bool:
        """With ``cards``, the single cards too (``tuples`` are all the stretch's tuples)."""
        found = self.known_tuples.get((tuples, cards))
        if found is None:
            found = self.known_tuples[(tuples, cards)] = self.skips.tuples(
                (*tuples, *self.beside_tuples), self.cards if cards else None)
        return found

    def shape(self, tuples: tuple[int, ...], shape: Profile) -> bool:
        found = self.known_shapes.get((tuples, shape))
        if found is None:
            found = self.known_shapes[(tuples, shape)] = self.skips.stretch(
                (*tuples, *self.beside_tuples), (*shape, *self.beside_shape), self.cards, self.beside_units)
        return found


def subsequent_decompositions(
    units: Sequence[AdjacentTupleSizes], include_new_adjacency: bool, skips: Skips | None = None
) -> Iterator[Requirement]:
    """The requirements after a format's own units, in rbtying/shengji's order.

    rbtying/shengji ``ordered_card::subsequent_decomposition_ordering``: each unit starts
    just after its own entry in :func:`full_decomposition_ordering`; each step takes the
    next decomposition of the unit with the most left (the first such on a tie, in the order
    of the previous step) and yields every unit's current decomposition together, largest
    first. Without ``include_new_adjacency`` a step that gives a unit that was not a tractor
    an adjacency yields nothing. From its test ``test_subsequent_decomposition_ordering``:

    >>> list(subsequent_decompositions([(3,)], True))
    [((2,), (1,)), ((1,), (1,), (1,))]
    >>> [r for r in subsequent_decompositions([(4,)], False)][:2]
    [((3,), (1,)), ((2,), (2,))]

    A unit of more than :data:`EXACT_MAX_CARDS` cards is listed lazily and counts as having
    more decompositions left than any other until it has none.

    With ``skips``, requirements that fail them are left out, in bulk: a lazily listed unit
    leaves out whole groupings and splits; while a listed unit takes several steps in a row
    (it has more left than every other), the stretches of its list whose tuples, with the
    other units' current ones, cannot be packed, or whose adjacent units the runs cannot hold,
    are passed in one step each. The order of what is yielded is unchanged, as is the place
    of every unit in its list, so the walk decides as it would without them.
    """
    if not units or any(not u for u in units):
        return
    reqs = [tuple(sorted(u, reverse=True)) for u in units]
    cards = sum(map(sum, reqs))
    lazy = [i for i, req in enumerate(reqs) if sum(req) > EXACT_MAX_CARDS]
    # The only lazily listed unit runs alone (it counts as having the most left): the other
    # units stay at their own entries while it is listed, and its listing tests them with it.
    tails = [_Tail(req, skips, [(r,) for j, r in enumerate(reqs) if j != i], cards) if lazy == [i]
             else _Tail(req, skips) for i, req in enumerate(reqs)]
    current: list[Requirement] = [(req,) for req in reqs]
    allowed = [include_new_adjacency or len(req) > 1 for req in reqs]
    order = list(range(len(reqs)))
    while True:
        # A step sorts the units and reads, tests and joins every unit's current requirement.
        spend(MERGE_STEP_COST * (len(reqs) + sum(len(r) for r in current)))
        order.sort(key=lambda i: -tails[i].left())
        index = order[0]
        if not tails[index].left():
            return
        if skips is not None:
            top = tails[index].left()
            group = [i for i in order if tails[i].left() == top]
            rest = max((tails[i].left() for i in order if tails[i].left() < top), default=0)
            fits = _Fits(skips, [current[i] for i in order if i not in group], cards)
            if len(group) == 1:
                run = top - rest + 1  # steps this unit takes before another moves
                passed = tails[index].skip(run, fits)
                if passed is not None:
                    current[index] = passed
                    continue
            else:
                passed_rounds = _pass_rounds([tails[i] for i in group], top - rest, fits)
                if passed_rounds:
                    for i in group:
                        current[i] = tails[i].listed[tails[i].position - 1]
                    if passed_rounds % 2:  # each round ends with the units in the reverse order
                        order[:len(group)] = order[len(group) - 1::-1]
                    continue
        taken = tails[index].take()
        if taken is None:
            continue  # a lazily listed unit had none left: the next step moves another
        current[index] = taken
        if all(len(a) == 1 or allowed[i] for i in order for a in current[i]):
            yield tuple(sorted((a for i in order for a in current[i]), reverse=True))
