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

Adjacent = tuple[int, ...]
"""One unit of a requirement: tuple sizes of adjacent cards, from the lowest up."""

Profile = tuple[tuple[int, int], ...]
"""The adjacent units of a requirement as (tuples, cards), largest first."""


def profile(requirement: Sequence[Adjacent]) -> Profile:
    """The (tuples, cards) of each adjacent unit of a requirement, largest first.

    >>> profile(((3, 2), (2,), (1,)))
    ((2, 5),)
    """
    return tuple(sorted(((len(a), sum(a)) for a in requirement if len(a) > 1), reverse=True))


Keep = Callable[[tuple[int, ...], Profile], bool]
"""Whether a split may be listed, from its tuples (largest first) and its profile."""

Some = Callable[[Sequence[Adjacent], Sequence[Adjacent], tuple[int, ...], int, int, bool], bool]
"""Whether units may be listed with some split of tuples (``joint.JointFill.holds_split``): units
in the order given, units each in an order of its tuples still to choose, the tuples left (largest
first), into how many units they split, at most how many tuples each, and whether one must hold
that many."""


def split_class(split: Sequence[Adjacent]) -> tuple[int, int]:
    """The class of a split in rbtying's order of splits (``usize_partitions``, stably sorted by
    its longest unit, longest first, then by its number of units, fewest first): the splits of
    one class stand together.

    >>> split_class(((3, 2), (2,))), split_class(((3,), (2,), (2,)))
    ((2, 2), (1, 3))
    """
    return (max(len(a) for a in split), len(split))


@lru_cache(maxsize=256)
def split_facts(splits: tuple[tuple[Adjacent, ...], ...]) -> tuple[tuple[Profile, ...], tuple[int, ...]]:
    """For each split of a list (kept with it: read once per process): its profile, and the
    depths of the runs it shares with the split before it (0: another class; 1 its class, and
    one more for each first unit they share).

    >>> split_facts((((3, 2), (2,)), ((3,), (2,), (2,))))
    ((((2, 5),), ()), (0, 0))
    """
    shared = [0] * len(splits)
    for index in range(1, len(splits)):
        split, before = splits[index], splits[index - 1]
        if split_class(split) == split_class(before):
            same = 0
            while same < len(split) and split[same] == before[same]:
                same += 1
            shared[index] = same + 1
    return tuple(profile(split) for split in splits), tuple(shared)


@dataclass
class Run:
    """The run of splits the walk is in at one depth: how many of its splits the walk took one
    by one, and whether it was tested."""

    taken: int = 0
    tested: bool = False


RUNS_STEP_COST = 3
"""Work steps :meth:`Runs.next` costs per split it reads, about its measured time at a fill's
step (0.3 µs, ``fill.fill_needs``)."""


class Runs:
    """Passes classes of splits (:func:`split_class`), and in the coarse order runs of a class's
    splits sharing their first units, of whose splits ``some`` holds none (it chooses the split
    itself), each in one step. A run is tested once the walk has taken :data:`RUN_TESTED` of its
    splits that pass the cheap tests one by one (never ahead of the walk, which may stop), and
    then holds for the rest of the run (from the split at hand to its end) or is passed."""

    def __init__(self, splits: tuple[tuple[Adjacent, ...], ...], ones: tuple[Adjacent, ...], some: Some,
                 coarse: bool) -> None:
        self.splits = splits
        self.shared = split_facts(splits)[1]
        self.ones = ones
        self.some = some
        self.coarse = coarse
        self.runs: list[Run] = []
        """The runs the split before is in, by depth: 0 its class, ``d`` the class's splits
        sharing its first ``d`` units (the coarse order sorts a class by its units, largest
        first)."""

    def next(self, index: int, listed: Callable[[int], bool]) -> int:
        """The index of the first split from ``index`` on that the walk must take (counted as
        taken when it passes ``listed``).

        A class of 16 splits, of which ``some`` holds none: the walk takes :data:`RUN_TESTED`
        one by one, then passes the other four in one step.

        >>> from oracle.profiles.rbtying.ordering import _multiset_partitions
        >>> splits = _multiset_partitions((4, 3, 3, 2, 2, 2, 2))
        >>> first = [split_class(s) for s in splits].index((3, 3))
        >>> runs = Runs(splits, (), lambda *asked: False, coarse=True)
        >>> [runs.next(i, lambda i: True) - i for i in range(first, first + RUN_TESTED)] == [0] * RUN_TESTED
        True
        >>> after = runs.next(first + RUN_TESTED, lambda i: True)
        >>> after - first, split_class(splits[after])
        (16, (3, 4))
        """
        splits = self.splits
        while index < len(splits):
            split = splits[index]
            length, units = split_class(split)
            depths = units - 1 if self.coarse else min(1, units - 1)
            spend(RUNS_STEP_COST)
            del self.runs[min(self.shared[index], depths):]
            while len(self.runs) < depths:
                self.runs.append(Run())
            passed = None
            for depth, run in enumerate(self.runs):
                if run.tested or run.taken < RUN_TESTED:
                    continue
                run.tested = True
                pool = tuple(sorted((k for a in split[depth:] for k in a), reverse=True))
                if not self.some(self.ones, tuple(split[:depth]), pool, units - depth, length,
                                 all(len(a) < length for a in split[:depth])):
                    passed = depth
                    break
            if passed is None:
                if listed(index):
                    for run in self.runs:
                        run.taken += 1
                return index
            # The rest of the run: the splits after that share its depth with the one before.
            index += 1
            while index < len(splits) and self.shared[index] > passed:
                spend()
                index += 1
        return index


RUN_TESTED = 12
"""The fewest splits a class, or a run of splits sharing their first units, must hold to be
tested at once by :data:`Some` (fewer are tested one by one)."""


def listed_splits(splits: tuple[tuple[Adjacent, ...], ...], tuples: tuple[int, ...], ones: tuple[Adjacent, ...],
                  keep: Keep | None, alone: Callable[[Sequence[Adjacent]], bool] | None, some: Some | None,
                  coarse: bool) -> Iterator[tuple[Adjacent, ...]]:
    """The splits of a list (of these ``tuples``) the walk takes, lazily: those that pass the
    cheap tests (``keep``, by their tuples and profile, and ``alone``), less the classes and runs
    :class:`Runs` passes with ``some``.

    >>> list(listed_splits((((3, 2),), ((3,), (2,))), (3, 2), (), None, None, None, False))
    [((3, 2),), ((3,), (2,))]
    """
    shapes = split_facts(splits)[0] if keep is not None else ()
    cheap: dict[int, bool] = {}

    def listed(index: int) -> bool:
        found = cheap.get(index)
        if found is None:
            found = cheap[index] = ((keep is None or keep(tuples, shapes[index]))
                                    and (alone is None or alone(splits[index])))
        return found

    runs = Runs(splits, ones, some, coarse) if some is not None else None
    index = 0
    while index < len(splits):
        if runs is not None:
            index = runs.next(index, listed)
            if index == len(splits):
                return
        index += 1
        if listed(index - 1):
            yield splits[index - 1]
