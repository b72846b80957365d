"""rbtying/shengji's order of decompositions, written out from upstream's rule, against the profile's.

The reference below is this test's own: a plain reading of ``ordered_card.rs`` @ 71f8d43
(``full_decomposition_ordering``, ``subsequent_decomposition_ordering``), never the profile's code:

* the groupings of ``n`` cards: every partition of ``n``, parts largest first, the partitions
  in descending order (``find_all_groupings``);
* the set partitions of the tuples of two or more cards (``usize_partitions``): each built from
  those of one index fewer, the new index joining each block in turn and then a block of its
  own, stably sorted by the longest block (longest first) and the number of blocks (fewest first);
* each adjacent unit's orderings: every distinct permutation of its sizes, in descending
  lexicographic order (``permutations(len).unique()`` over the sizes sorted descending, #430);
  a split's units each in one ordering, the first unit's outermost, each entry sorted largest
  unit first;
* the list: every repeated entry dropped, its first occurrence kept (``.unique()``);
* the interleaving: each unit of a format starts just after its own entry; each step pops the
  next entry of the unit with the most left (a stable sort, so the first such in the order of
  the step before) and yields every unit's current entry together, largest first; without new
  adjacency a step where a unit that was not a tractor gains one yields nothing.

The comparisons cover every multiset of tuple sizes of up to eight tuples in units of up to
``EXACT_MAX_CARDS`` cards (every grouping of ``n <= 17`` cards), and the issue's examples.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from functools import cache

import pytest

from oracle.profiles.rbtying.ordering import (
    EXACT_MAX_CARDS,
    decompositions_after,
    full_decomposition_ordering,
    iter_entries,
    orderings,
)
from oracle.profiles.rbtying.subsequent import subsequent_decompositions

Unit = tuple[int, ...]
Entry = tuple[Unit, ...]


# --- The reference -----------------------------------------------------------------------------


def ref_groupings(n: int) -> list[tuple[int, ...]]:
    """Every partition of ``n`` (parts largest first), in descending order."""
    def parts(left: int, top: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
        for first in range(1, min(left, top) + 1):
            for rest in parts(left - first, first):
                yield (first, *rest)
    return sorted(parts(n, n), reverse=True)


@cache
def ref_set_partitions(k: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    if k == 1:
        return (((0,),),)
    grown: list[tuple[tuple[int, ...], ...]] = []
    for part in ref_set_partitions(k - 1):
        blocks = [list(b) for b in part]
        for i in range(len(blocks)):
            grown.append(tuple(tuple(b + [k - 1]) if j == i else tuple(b) for j, b in enumerate(blocks)))
        grown.append((*part, (k - 1,)))
    grown.sort(key=lambda p: (-max(map(len, p)), len(p)))  # list.sort is stable, as sort_by
    return tuple(grown)


def ref_orderings(sizes: Sequence[int]) -> list[Unit]:
    """Every distinct permutation, in descending lexicographic order."""
    return sorted(set(itertools.permutations(sizes)), reverse=True)


def ref_unique(entries: Sequence[Entry]) -> list[Entry]:
    seen: set[Entry] = set()
    out: list[Entry] = []
    for entry in entries:
        if entry not in seen:
            seen.add(entry)
            out.append(entry)
    return out


def ref_grouping_entries(grouping: Sequence[int]) -> list[Entry]:
    """One grouping's entries, repeats included, in upstream's order."""
    big = [v for v in grouping if v > 1]
    ones: list[Unit] = [(1,)] * (len(grouping) - len(big))
    if not big:
        return [tuple(ones)]
    out: list[Entry] = []
    for part in ref_set_partitions(len(big)):
        units = [tuple(big[i] for i in block) for block in part]
        for chosen in itertools.product(*(ref_orderings(u) for u in units)):
            out.append(tuple(sorted([*chosen, *ones], reverse=True)))
    return out


@cache
def ref_full(n: int) -> tuple[Entry, ...]:
    return tuple(ref_unique([e for g in ref_groupings(n) for e in ref_grouping_entries(g)]))


def ref_subsequent(units: Sequence[Unit], new_adjacency: bool = True) -> list[Entry]:
    reqs = [tuple(sorted(u, reverse=True)) for u in units]
    lists = []
    for req in reqs:
        full = list(ref_full(sum(req)))
        own = full.index((req,)) if (req,) in full else len(full)
        lists.append(full[own + 1:])
    current: list[Entry] = [(req,) for req in reqs]
    allowed = [new_adjacency or len(req) > 1 for req in reqs]
    order = list(range(len(reqs)))
    out: list[Entry] = []
    while True:
        order.sort(key=lambda i: -len(lists[i]))
        if not lists[order[0]]:
            return out
        current[order[0]] = lists[order[0]].pop(0)
        if all(len(a) == 1 or allowed[i] for i in order for a in current[i]):
            out.append(tuple(sorted((a for i in order for a in current[i]), reverse=True)))


# --- The reference checked against upstream's own tests ------------------------------------------


def test_the_reference_reads_upstreams_tests() -> None:
    """ordered_card.rs ``test_usize_partitions`` and ``test_find_all_groupings``, and the issue's
    counts of entries after a unit of 7 and of 8 cards (32 and 60 with ``.unique()``)."""
    assert ref_set_partitions(3) == (((0, 1, 2),), ((0, 1), (2,)), ((0, 2), (1,)), ((0,), (1, 2)),
                                     ((0,), (1,), (2,)))
    assert ref_groupings(4) == [(4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1)]
    assert ref_orderings((3, 3, 2)) == [(3, 3, 2), (3, 2, 3), (2, 3, 3)]
    assert [len(ref_subsequent([(n,)])) for n in (7, 8)] == [32, 60]


# --- The profile against the reference ----------------------------------------------------------


def _tuple_multisets() -> list[tuple[int, ...]]:
    """Every multiset of tuple sizes (two or more cards each, largest first) of up to eight
    tuples in at most ``EXACT_MAX_CARDS`` cards."""
    return [g for n in range(2, EXACT_MAX_CARDS + 1) for g in ref_groupings(n)
            if min(g) > 1 and len(g) <= 8]


def test_orderings_are_upstreams_for_every_unit() -> None:
    """#430's orderings in descending lexicographic order: ``(3, 3, 2)``, ``(3, 2, 3)``, ``(2, 3, 3)``."""
    units = _tuple_multisets()
    assert len(units) > 200
    for unit in units:
        assert list(orderings(unit)) == ref_orderings(unit), unit
    assert orderings((3, 3, 2)) == ((3, 3, 2), (3, 2, 3), (2, 3, 3))
    assert orderings((4, 3, 2)) == ((4, 3, 2), (4, 2, 3), (3, 4, 2), (3, 2, 4), (2, 4, 3), (2, 3, 4))


@pytest.mark.parametrize("n", range(1, 14))
def test_full_decomposition_ordering_is_upstreams(n: int) -> None:
    """The whole list for ``n`` cards, every repeat dropped (first occurrence kept)."""
    assert full_decomposition_ordering(n) == ref_full(n)


def test_every_grouping_up_to_eight_tuples_lists_upstreams_entries() -> None:
    """Each grouping's entries (repeats still in) for every multiset of up to eight tuples of
    two or more cards in at most 17 cards, with single cards beside it up to 17 cards."""
    for sizes in _tuple_multisets():
        for ones in range(EXACT_MAX_CARDS - sum(sizes) + 1):
            grouping = (*sizes, *([1] * ones))
            assert list(iter_entries(grouping)) == ref_grouping_entries(grouping), grouping


def test_the_tail_after_every_unit_is_upstreams() -> None:
    """The list after a unit's own entry, for every unit of up to eight tuples of up to 12 cards
    (the longer lists are compared grouping by grouping above)."""
    for unit in _tuple_multisets():
        if sum(unit) <= 12:
            full = ref_full(sum(unit))
            assert list(decompositions_after(unit)) == list(full[full.index((unit,)) + 1:]), unit


def _formats() -> Iterator[tuple[Unit, ...]]:
    """Formats of one to three units of up to 10 cards in all (every order of the units)."""
    units = [u for n in range(1, 8) for g in ref_groupings(n) for u in ref_orderings(g) if min(g) > 1 or g == (1,)]
    for count in (1, 2, 3):
        for chosen in itertools.product(units, repeat=count):
            if sum(map(sum, chosen)) <= 10:
                yield chosen


def test_the_interleaving_is_upstreams() -> None:
    """``subsequent_decomposition_ordering`` for formats of one to three units, with and
    without new adjacency, and the issue's throw of a 6-tuple and a 7-tuple."""
    checked = 0
    for units in _formats():
        for new in (True, False):
            assert list(subsequent_decompositions(list(units), new)) == ref_subsequent(units, new), (units, new)
            checked += 1
    assert checked > 1000
    assert list(subsequent_decompositions([(6,), (7,)], True)) == ref_subsequent([(6,), (7,)])


def test_the_issue_step_22() -> None:
    """Issue 27, B: leading a 6-tuple and a 7-tuple, upstream's requirement at step 22 (the
    lead's own at step 0) is ``[4], [3, 2], [2], [2]``; ``[2, 4], [2, 3], [2]``, which the list
    with only adjacent repeats dropped reached, is none of upstream's."""
    steps = ref_subsequent([(6,), (7,)])
    assert steps[21] == ((4,), (3, 2), (2,), (2,))
    assert ((2, 4), (2, 3), (2,)) not in steps
    assert list(subsequent_decompositions([(6,), (7,)], True)) == steps
