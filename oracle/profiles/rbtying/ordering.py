"""The order in which rbtying/shengji asks a follower for a lead's decompositions.

rbtying/shengji ``mechanics/src/ordered_card.rs`` (``full_decomposition_ordering``,
``subsequent_decomposition_ordering``) @ 71f8d43, computed by this module's own code: every
split of ``n`` cards, most structured first; each unit starts after its own entry; the unit
with the most decompositions left is decomposed next (that merge: :mod:`.subsequent`). Cost and
exactness: docs/rbtying.md.

>>> full_decomposition_ordering(4)[:3]   # four cards: a quad, a triple and a single, a tractor
(((4,),), ((3,), (1,)), ((2, 2),))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import product
from typing import TypeVar

from oracle.profiles.rbtying.split_classes import (
    CoarseSplits,
    Keep,
    Some,
    SplitList,
    Splits,
    listed_splits,
)

T = TypeVar("T")

AdjacentTupleSizes = tuple[int, ...]
"""One unit of a requirement: tuple sizes of adjacent cards, from the lowest up (rbtying/shengji
``mechanics/src/ordered_card.rs`` ``AdjacentTupleSizes`` @ 71f8d43)."""

Requirement = tuple[AdjacentTupleSizes, ...]
"""Units to fill together, largest first: one requirement of ``TrickFormat::decomposition``
(upstream's ``PlayRequirements``, ``mechanics/src/ordered_card.rs`` @ 71f8d43)."""

EXACT_MAX_CARDS = 17
"""Units of up to this many cards get rbtying/shengji's exact order of decompositions."""

_EXACT_MAX_TUPLES = EXACT_MAX_CARDS // 2


# --- The order of the requirements --------------------------------------------------------


@cache
def groupings(n: int) -> tuple[tuple[int, ...], ...]:
    """The ways to split ``n`` cards into tuples, each largest first, in descending order.

    rbtying/shengji ``ordered_card::find_all_groupings``; its test ``test_find_all_groupings``:

    >>> groupings(4)
    ((4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1))
    """
    if n < 1:
        raise ValueError("a grouping needs at least one card")
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], remaining: int, largest: int) -> None:
        if remaining == 0:
            out.append(prefix)
            return
        for part in range(min(remaining, largest), 0, -1):
            extend((*prefix, part), remaining - part, part)

    extend((), n, n)
    return tuple(out)


SetPartition = tuple[tuple[int, ...], ...]


@cache
def set_partitions(k: int) -> tuple[SetPartition, ...]:
    """The set partitions of ``0 .. k-1`` in rbtying/shengji's order (``usize_partitions``).

    Built from those of ``k - 1`` (the new index joins each block in turn, then a block of
    its own), then stably sorted by the largest block (longest first) and the number of
    blocks (fewest first). Its test ``test_usize_partitions``:

    >>> set_partitions(3)
    (((0, 1, 2),), ((0, 1), (2,)), ((0, 2), (1,)), ((0,), (1, 2)), ((0,), (1,), (2,)))
    """
    if k < 1:
        raise ValueError("a set partition needs at least one element")
    if k == 1:
        return (((0,),),)
    grown: list[SetPartition] = []
    for part in set_partitions(k - 1):
        for i in range(len(part)):
            grown.append(part[:i] + ((*part[i], k - 1),) + part[i + 1:])
        grown.append((*part, (k - 1,)))
    grown.sort(key=lambda p: (-max(len(b) for b in p), len(p)))
    return tuple(_dedup(grown))


def _unique(items: Sequence[T]) -> tuple[T, ...]:
    """Every item once, at its first occurrence (itertools' ``unique``).

    >>> _unique([1, 2, 1, 3, 2])
    (1, 2, 3)
    """
    return tuple(dict.fromkeys(items))


def _dedup(items: Sequence[T]) -> list[T]:
    """Drop an item equal to the one before it (Rust's ``Vec::dedup``)."""
    out: list[T] = []
    for item in items:
        if not out or out[-1] != item:
            out.append(item)
    return out


@lru_cache(maxsize=256)
def _exact_splits(big: tuple[int, ...], distinct: bool) -> tuple[tuple[AdjacentTupleSizes, ...], ...]:
    """The ways to make adjacent units of a grouping's tuples of two or more cards, up to
    :data:`_EXACT_MAX_TUPLES` of them, in ``usize_partitions``' order; with ``distinct``, each
    split only where it first occurs (a repeat gives only repeated entries). No work steps: their
    number is bounded by ``Bell(8)``; more tuples are generated in the coarse order
    (``split_classes.CoarseSplits``).

    The distinct splits are grown from those of one tuple fewer (:func:`_distinct_splits`), never
    from every one of the ``Bell(k)`` set partitions.

    >>> _exact_splits((3, 2, 2), True) == tuple(dict.fromkeys(_exact_splits((3, 2, 2), False)))
    True
    """
    if distinct:
        return _distinct_splits(big)
    get = big.__getitem__
    return tuple([tuple([tuple(map(get, block)) for block in part]) for part in set_partitions(len(big))])


@lru_cache(maxsize=1024)
def _distinct_splits(big: tuple[int, ...]) -> tuple[tuple[AdjacentTupleSizes, ...], ...]:
    """The distinct splits of tuples (largest first) where each first occurs among the set
    partitions mapped to their sizes: grown as :func:`set_partitions` grows, from the distinct
    splits of all but the last tuple. The same list: set partitions that map to one split have
    children that map alike, and the first of them (kept) has its children first in the stable
    sort, whose key (the largest block, the number of blocks) the sizes do not change.

    >>> _distinct_splits((2, 2, 2))
    (((2, 2, 2),), ((2, 2), (2,)), ((2,), (2, 2)), ((2,), (2,), (2,)))
    """
    last = big[-1]
    if len(big) == 1:
        return (((last,),),)
    grown: list[tuple[AdjacentTupleSizes, ...]] = []
    for split in _distinct_splits(big[:-1]):
        for i in range(len(split)):
            grown.append((*split[:i], (*split[i], last), *split[i + 1:]))
        grown.append((*split, (last,)))
    grown.sort(key=lambda split: (-max(map(len, split)), len(split)))
    return tuple(dict.fromkeys(grown))


def _descending_orderings(unit: AdjacentTupleSizes) -> Iterator[AdjacentTupleSizes]:
    """The distinct orderings of a unit's tuple sizes, lazily, in descending lexicographic order
    from the sizes sorted largest first (the next permutation each time, every one once).

    >>> list(_descending_orderings((2, 3, 3)))
    [(3, 3, 2), (3, 2, 3), (2, 3, 3)]
    """
    sizes = sorted(unit, reverse=True)
    while True:
        yield tuple(sizes)
        i = len(sizes) - 2
        while i >= 0 and sizes[i] <= sizes[i + 1]:
            i -= 1
        if i < 0:
            return
        j = len(sizes) - 1
        while sizes[j] >= sizes[i]:
            j -= 1
        sizes[i], sizes[j] = sizes[j], sizes[i]
        sizes[i + 1:] = reversed(sizes[i + 1:])


@cache
def orderings(unit: AdjacentTupleSizes) -> tuple[AdjacentTupleSizes, ...]:
    """The distinct orderings of an adjacent unit's tuple sizes, largest first (its own order)
    and then in descending lexicographic order: since rbtying/shengji #430 a decomposition lists
    every unique ordering of an irregular unit, as ``(3, 2)`` (a triple below a pair) and
    ``(2, 3)`` (a pair below a triple) are filled by different cards. Upstream @ 71f8d43
    (``ordered_card.rs``, ``full_decomposition_ordering``) takes ``permutations(len).unique()``
    of the sizes sorted descending: permutations of positions in lexicographic order, so of the
    sizes in descending lexicographic order, each first occurrence kept.

    >>> orderings((3, 2)), orderings((2, 2)), orderings((3, 3, 2))
    (((3, 2), (2, 3)), ((2, 2),), ((3, 3, 2), (3, 2, 3), (2, 3, 3)))
    """
    return tuple(_descending_orderings(unit))


def _unit_orderings(unit: AdjacentTupleSizes) -> Iterator[AdjacentTupleSizes]:
    return iter(orderings(unit)) if len(unit) <= _EXACT_MAX_TUPLES else _descending_orderings(unit)


Fits = Callable[[AdjacentTupleSizes], bool]
"""Whether one ordering of an adjacent unit may be listed."""

Joint = Callable[[Sequence[AdjacentTupleSizes], Sequence[AdjacentTupleSizes]], bool]
"""Whether units may be listed together: some in the order given, the others each in an order
of its tuples still to choose."""


def _choices(split: Sequence[AdjacentTupleSizes], fits: Fits | None = None, joint: Joint | None = None,
             fixed: tuple[AdjacentTupleSizes, ...] = ()) -> Iterator[tuple[AdjacentTupleSizes, ...]]:
    """Every choice of one ordering per unit of a split, the first unit's outermost, lazily;
    only orderings of adjacent units that pass ``fits``, and an ordering of a unit that has
    several only if, with those chosen before it (``fixed``), it passes ``joint``: every
    choice it begins is left out with it."""
    if not split:
        yield ()
        return
    several = len(set(split[0])) > 1
    for first in _unit_orderings(split[0]):
        if fits is not None and len(first) > 1 and not fits(first):
            continue
        if joint is not None and several and not joint((*fixed, first), split[1:]):
            continue
        for rest in _choices(split[1:], fits, joint, (*fixed, first)):
            yield (first, *rest)


def iter_entries(
    grouping: tuple[int, ...], keep: Keep | None = None, fits: Fits | None = None, distinct: bool = False,
    longest: int | None = None, joint: Joint | None = None, some: Some | None = None,
) -> Iterator[Requirement]:
    """A grouping's requirements: each split of its tuples into adjacent units, each with every
    choice of the units' orderings (#430), sorted largest unit first. Lazily: the walk that takes
    them (``follow.first_duty``) counts one step of work for each, which bounds their listing.
    Splits that fail ``keep`` and orderings that fail ``fits`` are left out, and with
    ``distinct`` a split that repeats an earlier one (the walk skips its entries as seen); with
    ``longest``, a split of more than :data:`_EXACT_MAX_TUPLES` tuples with a unit of more than
    ``longest`` tuples is not even listed (``keep`` must refuse those). With ``joint``, a split
    with an irregular unit is left out when its units (the single cards with them) fail it in
    any orders, and an ordering with every choice it begins when it fails with those before it
    (``_choices``). With ``some``, a class of splits, or in the coarse order a run of splits
    sharing their first units, none of whose splits it holds is passed in one step
    (``split_classes.Runs``)."""
    big = tuple(v for v in grouping if v > 1)
    ones: list[AdjacentTupleSizes] = [(1,)] * (len(grouping) - len(big))
    if not big:
        yield tuple(ones)
        return
    fitting: dict[AdjacentTupleSizes, bool] = {}

    def fits_alone(unit: AdjacentTupleSizes) -> bool:  # some order of it fits alone (not tested past 8 tuples)
        found = fitting.get(unit)  # (each unit asked of every split and block that holds it)
        if found is None:
            found = fitting[unit] = (fits is None or len(unit) == 1 or len(unit) > _EXACT_MAX_TUPLES
                                     or any(fits(o) for o in orderings(unit)))
        return found

    def alone(split: Sequence[AdjacentTupleSizes]) -> bool:  # with an irregular unit, each unit fits alone
        return fits is None or not any(len(set(a)) > 1 for a in split) or all(map(fits_alone, split))

    def may_hold(unit: AdjacentTupleSizes) -> bool:  # a split holding an irregular unit that fails is never ``alone``
        return len(set(unit)) == 1 or fits_alone(unit)

    coarse = len(big) > _EXACT_MAX_TUPLES
    if not coarse and keep is None and fits is None and joint is None and some is None:
        # Nothing left out: every split, with every choice of its units' orderings (the first
        # unit's outermost, as ``_choices`` takes them).
        for split in _exact_splits(big, distinct):
            for chosen in product(*map(orderings, split)):
                yield tuple(sorted([*chosen, *ones], reverse=True))
        return
    splits: Splits = (CoarseSplits(big, longest, may_hold if joint is not None else None) if coarse
                      else SplitList(_exact_splits(big, distinct)))
    for split in listed_splits(splits, big, tuple(ones), keep, alone if joint is not None else None, some, coarse):
        # (a split of regular units alone is tested as the requirement it is)
        if joint is not None and any(len(set(a)) > 1 for a in split) and not joint(tuple(ones), split):
            continue
        for chosen in _choices(split, fits, joint, tuple(ones)):
            yield tuple(sorted([*chosen, *ones], reverse=True))


@lru_cache(maxsize=64)
def full_decomposition_ordering(n: int) -> tuple[Requirement, ...]:
    """Every split of ``n`` cards into units, most structured first.

    rbtying/shengji ``ordered_card::full_decomposition_ordering``: for each grouping
    (:func:`groupings`), each way to make adjacent units of its tuples of two or more cards
    (single cards are never adjacent), each split sorted largest unit first; every
    repeated entry dropped, its first occurrence kept (upstream's ``.unique()`` @ 71f8d43, where
    before #430 ``Vec::dedup`` dropped only repeats next to each other). Its test
    ``test_full_decomposition_ordering``:

    >>> full_decomposition_ordering(4)
    (((4,),), ((3,), (1,)), ((2, 2),), ((2,), (2,)), ((2,), (1,), (1,)), ((1,), (1,), (1,), (1,)))
    """
    out: list[Requirement] = []
    for grouping in groupings(n):
        out.extend(iter_entries(grouping))
    return _unique(out)


@lru_cache(maxsize=256)
def decompositions_after(unit: AdjacentTupleSizes) -> tuple[Requirement, ...]:
    """The entries of :func:`full_decomposition_ordering` after the unit's own entry.

    For units of up to :data:`EXACT_MAX_CARDS` cards (larger ones go through
    :func:`_lazy_tail`).

    >>> decompositions_after((2, 2))
    (((2,), (2,)), ((2,), (1,), (1,)), ((1,), (1,), (1,), (1,)))
    """
    grouping = tuple(sorted(unit, reverse=True))
    own: Requirement = (grouping,)
    every = groupings(sum(unit))
    if grouping not in every:
        return ()
    # Only the groupings from the unit's own on: the entries before them are never walked, and an
    # entry of one grouping never repeats one of another (its tuples are the grouping's).
    out: list[Requirement] = []
    for later in every[every.index(grouping):]:
        out.extend(iter_entries(later, distinct=True))  # a repeated split repeats entries only
    sequence = _unique(out)
    return sequence[sequence.index(own) + 1:] if own in sequence else ()
