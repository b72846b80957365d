"""Classes of a grouping's splits in rbtying's order, passed at once where none can be filled.

rbtying/shengji ``mechanics/src/ordered_card.rs`` @ 71f8d43 lists a grouping's splits as
``usize_partitions`` stably sorted by their longest unit, then by their number of units: the
splits of one *class* stand together (and in the oracle's coarse order beyond eight tuples, the
splits of a class sharing their first units: a *run*). :class:`Runs` passes a class or run in one
step when a joint fill that chooses the split (``joint.JointFill.holds_split``) says neither the
play nor the hand can hold any of its splits. Why it changes no verdict, and its cost:
docs/rbtying.md ("Classes of splits at once").

>>> split_class(((3, 2), (2,))), profile(((3, 2), (2,), (1,)))
((2, 2), ((2, 5),))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from oracle.engine.budget import spend

AdjacentTupleSizes = tuple[int, ...]
"""One unit of a requirement: tuple sizes of adjacent cards, from the lowest up."""

Profile = tuple[tuple[int, int], ...]
"""The adjacent units of a requirement as (tuples, cards), largest first."""


def profile(requirement: Sequence[AdjacentTupleSizes]) -> Profile:
    """The (tuples, cards) of each adjacent unit of a requirement, largest first.

    >>> profile(((3, 2), (2,), (1,)))
    ((2, 5),)
    """
    return tuple(sorted(((len(a), sum(a)) for a in requirement if len(a) > 1), reverse=True))


Keep = Callable[[tuple[int, ...], Profile], bool]
"""Whether a split may be listed, from its tuples (largest first) and its profile."""

Some = Callable[[Sequence[AdjacentTupleSizes], Sequence[AdjacentTupleSizes], tuple[int, ...], int, int, bool], bool]
"""Whether units may be listed with some split of tuples (``joint.JointFill.holds_split``): units
in the order given, units each in an order of its tuples still to choose, the tuples left (largest
first), into how many units they split, at most how many tuples each, and whether one must hold
that many."""


def split_class(split: Sequence[AdjacentTupleSizes]) -> tuple[int, int]:
    """The class of a split in rbtying's order of splits (``usize_partitions``, stably sorted by
    its longest unit, longest first, then by its number of units, fewest first): the splits of
    one class stand together.

    >>> split_class(((3, 2), (2,))), split_class(((3,), (2,), (2,)))
    ((2, 2), (1, 3))
    """
    return (max(len(a) for a in split), len(split))


@lru_cache(maxsize=256)
def shared_runs(splits: tuple[tuple[AdjacentTupleSizes, ...], ...]) -> tuple[int, ...]:
    """For each split of a list (kept with it: read once per process), the depth of the run it
    shares with the split before it (0: another class; 1 its class, and one more for each first
    unit they share).

    >>> shared_runs((((3, 2), (2,)), ((3,), (2,), (2,)), ((3,), (2, 2))))
    (0, 0, 0)
    >>> shared_runs((((2,), (2,), (2, 2)), ((2,), (2, 2), (2,))))
    (0, 2)
    """
    shared = [0] * len(splits)
    for index in range(1, len(splits)):
        split, before = splits[index], splits[index - 1]
        if split_class(split) == split_class(before):
            same = 0
            while same < len(split) and split[same] == before[same]:
                same += 1
            shared[index] = same + 1
    return tuple(shared)


@dataclass
class Run:
    """The run of splits the walk is in at one depth: how many of its splits the walk took one
    by one, and whether it was tested."""

    taken: int = 0
    tested: bool = False


RUNS_STEP_COST = 3
"""Work steps :meth:`Runs.passes` costs per split it reads, about its measured time at a fill's
step (0.3 µs, ``fill.fill_needs``)."""

BLOCK_STEP_COST = 7
"""Work steps :class:`CoarseSplits` costs per block it tries (about 2 µs each, with the splits
it hands on, measured over every split of a grouping of twelve tuples)."""


class SplitList:
    """A list of splits read in order, each with the depth of the run it shares with the split
    before (:func:`shared_runs`); after a split, ``cut = d`` leaves the splits that share its
    first ``d`` units (0: its class), one step each.

    >>> listing = SplitList((((2,), (2,)), ((2, 2),)))
    >>> list(listing)
    [(((2,), (2,)), 0), (((2, 2),), 0)]
    """

    def __init__(self, splits: tuple[tuple[AdjacentTupleSizes, ...], ...]) -> None:
        self.splits = splits
        self.cut: int | None = None

    def __iter__(self) -> Iterator[tuple[tuple[AdjacentTupleSizes, ...], int]]:
        splits, shared = self.splits, shared_runs(self.splits)
        index = 0
        while index < len(splits):
            yield splits[index], shared[index]
            index += 1
            if self.cut is not None:
                while index < len(splits) and shared[index] > self.cut:
                    spend()
                    index += 1
                self.cut = None


class CoarseSplits:
    """The distinct splits of more than eight tuples (largest first) into units of at most
    ``longest`` tuples, generated in the coarse order (longest unit first, then fewest units,
    then by their units, largest first, a unit before those it begins), each unit largest first
    and the units in descending order, each with the depth of the run it shares with the split
    before; ``cut = d`` after a split leaves the splits that share its first ``d`` units (0: its
    class) without generating them. Each block tried costs :data:`BLOCK_STEP_COST` steps.

    >>> [split for split, shared in CoarseSplits((3, 2, 2))]
    [((3, 2, 2),), ((3,), (2, 2)), ((3, 2), (2,)), ((3,), (2,), (2,))]
    """

    def __init__(self, tuples: tuple[int, ...], longest: int | None = None,
                 unit: Callable[[AdjacentTupleSizes], bool] | None = None) -> None:
        self.unit = unit
        self.values = sorted(set(tuples), reverse=True)
        self.counts = [tuples.count(v) for v in self.values]
        self.size = len(tuples)
        self.longest = self.size if longest is None else min(longest, self.size)
        self.cut: int | None = None
        self.blocks: list[AdjacentTupleSizes] = []
        self.last: tuple[AdjacentTupleSizes, ...] = ()
        self.tried = 0
        """Blocks tried and not yet charged: charged before each split is given (the walk
        decides only on a split), every :data:`CHARGE_EVERY` blocks and at the end, so that the
        walk meets its bound at the same split."""

    def __iter__(self) -> Iterator[tuple[tuple[AdjacentTupleSizes, ...], int]]:
        n = self.size
        for length in range(self.longest, 0, -1):
            for units in range(-(-n // length), n - length + 2):
                self.cut, self.last = None, ()
                yield from self._unit(n, units, length, True)
        self._charge()

    def _charge(self) -> None:
        spend(BLOCK_STEP_COST * self.tried)
        self.tried = 0

    def _unit(self, left: int, units: int, length: int, reaching: bool) -> Iterator[tuple[tuple[AdjacentTupleSizes, ...], int]]:
        if units == 0:
            self._charge()
            split, last = tuple(self.blocks), self.last
            same = 0
            while same < len(last) and split[same] == last[same]:
                same += 1
            self.last = split
            yield split, (same + 1 if last else 0)
            return
        first = next(i for i, count in enumerate(self.counts) if count)
        self.counts[first] -= 1
        yield from self._grow([self.values[first]], first, left - 1, units, length, reaching)
        self.counts[first] += 1

    def _grow(self, block: list[int], at: int, left: int, units: int, length: int,
              reaching: bool) -> Iterator[tuple[tuple[AdjacentTupleSizes, ...], int]]:
        self.tried += 1
        if self.tried >= CHARGE_EVERY:
            self._charge()
        unit, blocks = tuple(block), self.blocks
        depth = len(blocks)
        if depth and unit > blocks[-1]:
            return  # (and every block it begins)
        still = reaching and len(unit) < length
        if _room(left, units - 1, length, still) and (self.unit is None or self.unit(unit)):
            self.blocks.append(unit)
            yield from self._unit(left, units - 1, length, still)
            self.blocks.pop()
            if self.cut is not None:
                if self.cut <= depth:
                    return
                self.cut = None
        if len(block) < length:
            for i in range(at, len(self.values)):
                if self.counts[i]:
                    self.counts[i] -= 1
                    block.append(self.values[i])
                    yield from self._grow(block, i, left - 1, units, length, reaching)
                    block.pop()
                    self.counts[i] += 1
                    if self.cut is not None and self.cut <= depth:
                        return


CHARGE_EVERY = 64
"""Blocks tried that :class:`CoarseSplits` charges at once at the most."""


def _room(left: int, units: int, length: int, reaching: bool) -> bool:
    """Whether ``left`` tuples make ``units`` units of at most ``length`` tuples (one that long
    when ``reaching``)."""
    if units == 0:
        return left == 0 and not reaching
    return (length + units - 1 if reaching else units) <= left <= units * length


Splits = SplitList | CoarseSplits


class Runs:
    """Passes classes of splits (:func:`split_class`), and in the coarse order runs of a class's
    splits sharing their first units, of whose splits ``some`` holds none (it chooses the split
    itself), each in one step. A run is tested once the walk has taken :data:`RUN_TESTED` of its
    splits that pass the cheap tests one by one (never ahead of the walk, which may stop), and
    then holds for the rest of the run (from the split at hand to its end) or is passed.

    A class of 16 splits, of which ``some`` holds none: the walk takes :data:`RUN_TESTED` one by
    one, then passes the other four in one step.

    >>> tuples = (4, 3, 3, 2, 2, 2, 2)
    >>> sum(split_class(s) == (3, 3) for s, shared in CoarseSplits(tuples))
    16
    >>> taken = listed_splits(CoarseSplits(tuples), tuples, (), None, None, lambda *asked: False, True)
    >>> sum(split_class(s) == (3, 3) for s in taken) == RUN_TESTED
    True
    """

    def __init__(self, ones: tuple[AdjacentTupleSizes, ...], some: Some, coarse: bool) -> None:
        self.ones = ones
        self.some = some
        self.coarse = coarse
        self.runs: list[Run] = []
        """The runs the split before is in, by depth: 0 its class, ``d`` the class's splits
        sharing its first ``d`` units (the coarse order sorts a class by its units, largest
        first)."""

    def passes(self, split: tuple[AdjacentTupleSizes, ...], shared: int, listed: Callable[[], bool]) -> int | None:
        """The depth of the run of ``split`` (``shared``: the depth of the run it shares with the
        split before) that is passed from it on, or ``None`` when the walk must take it (counted
        as taken when it passes ``listed``)."""
        length, units = split_class(split)
        depths = units - 1 if self.coarse else min(1, units - 1)
        spend(RUNS_STEP_COST)
        del self.runs[min(shared, depths):]
        while len(self.runs) < depths:
            self.runs.append(Run())
        for depth, run in enumerate(self.runs):
            if run.tested or run.taken < RUN_TESTED:
                continue
            run.tested = True
            pool = tuple(sorted((k for a in split[depth:] for k in a), reverse=True))
            if not self.some(self.ones, tuple(split[:depth]), pool, units - depth, length,
                             all(len(a) < length for a in split[:depth])):
                return depth
        if listed():
            for run in self.runs:
                run.taken += 1
        return None


RUN_TESTED = 12
"""The fewest splits a class, or a run of splits sharing their first units, must hold to be
tested at once by :data:`Some` (fewer are tested one by one)."""


def listed_splits(splits: Splits, tuples: tuple[int, ...], ones: tuple[AdjacentTupleSizes, ...],
                  keep: Keep | None, alone: Callable[[Sequence[AdjacentTupleSizes]], bool] | None, some: Some | None,
                  coarse: bool) -> Iterator[tuple[AdjacentTupleSizes, ...]]:
    """The splits of a listing (of these ``tuples``) the walk takes, lazily: those that pass the
    cheap tests (``keep``, by their tuples and profile, and ``alone``), less the classes and runs
    :class:`Runs` passes with ``some``.

    >>> list(listed_splits(SplitList((((3, 2),), ((3,), (2,)))), (3, 2), (), None, None, None, False))
    [((3, 2),), ((3,), (2,))]
    """
    runs = Runs(ones, some, coarse) if some is not None else None

    def cheap(split: tuple[AdjacentTupleSizes, ...]) -> Callable[[], bool]:
        found: list[bool] = []

        def listed() -> bool:  # asked once at most
            if not found:
                found.append((keep is None or keep(tuples, profile(split))) and (alone is None or alone(split)))
            return found[0]
        return listed

    for split, shared in splits:
        listed = cheap(split)
        if runs is not None:
            passed = runs.passes(split, shared, listed)
            if passed is not None:
                splits.cut = passed
                continue
        if listed():
            yield split
