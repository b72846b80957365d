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
import json
from collections.abc import Iterator, Sequence
from functools import cache

import pytest

from conformance.authoring.rbtying_order import PROFILE_FILE
from conformance.authoring.rbtying_order import cases as order_cases
from oracle import pb
from oracle.cards import Rank, Suit, parse_cards
from oracle.dispatch.questions import check_follow, list_legal_plays
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.ordering import (
    EXACT_MAX_CARDS,
    decompositions_after,
    full_decomposition_ordering,
    iter_entries,
    orderings,
)
from oracle.profiles.rbtying.subsequent import _stretch_key, subsequent_decompositions
from oracle.variants import make_ruleset
from scripts.research.rbtying.reference import room

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


def ref_orderings_recursive(sizes: Sequence[int]) -> list[Unit]:
    """The same list without generating repeats: the largest size left first at each place."""
    if not sizes:
        return [()]
    out: list[Unit] = []
    for first in sorted(set(sizes), reverse=True):
        rest = list(sizes)
        rest.remove(first)
        out.extend((first, *tail) for tail in ref_orderings_recursive(rest))
    return out


def test_orderings_of_every_unit_of_up_to_eight_tuples() -> None:
    """Every multiset of one to eight tuples of 2 to 5 cards, whatever its cards in all (units of
    more than 17 cards are listed lazily, each unit still in this order)."""
    for count in range(1, 9):
        for sizes in itertools.combinations_with_replacement((5, 4, 3, 2), count):
            expected = ref_orderings_recursive(sizes)
            if count <= 6:
                assert expected == ref_orderings(sizes)
            assert list(orderings(sizes)) == expected, sizes


@pytest.mark.parametrize("n", range(1, EXACT_MAX_CARDS + 1))
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


def test_each_grouping_s_distinct_entries_are_upstreams() -> None:
    """With ``distinct`` (as the walk lists a unit's tail), each grouping's entries in order
    once each, for every multiset of up to eight tuples of two or more cards in at most 17
    cards: the splits grown from one tuple fewer (``ordering._distinct_splits``) keep upstream's
    first occurrences."""
    for sizes in _tuple_multisets():
        entries = list(iter_entries(sizes, distinct=True))
        assert ref_unique(entries) == ref_unique(ref_grouping_entries(sizes)), sizes


def test_each_stretch_shares_its_tuples_and_profile() -> None:
    """The stretches the walk passes at once (``subsequent._chunks``): every entry after a unit
    of up to 16 cards is keyed by its tuples of two or more cards and its adjacent units'
    (tuples, cards), both largest first, as read here from the entry itself."""
    for unit in _tuple_multisets():
        if sum(unit) <= 16:
            for entry in decompositions_after(unit):
                tuples = sorted((k for u in entry for k in u if k > 1), reverse=True)
                shape = sorted(((len(u), sum(u)) for u in entry if len(u) > 1), reverse=True)
                assert _stretch_key(entry) == (tuple(tuples), tuple(shape)), entry


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


# --- The issue's examples through the engine -------------------------------------------------------


def _rules(decks: int, draw: int, level: Rank, trump: Suit | None, tuple_size: int = 2) -> Ruleset:
    variant = room(decks, draw)
    variant.tractors.min_tuple_size = tuple_size
    return make_ruleset(variant, level, trump, no_trump=trump is None)


ISSUE_A_HAND = ("10C 10C 10D 10D 10D 10H 10S 2C 2D 2S 3H 4D 4H 4H 5C 5H 6C 6D 6D 6H 6H 6S 6S 7S 7S 8C 8D 8D "
                "8D 8H 8H 8S 9C 9C 9D 9D 9D 9H 9S 9S 9S AD AH AS BJ BJ BJ JC JH JS KC QH")


def test_issue_a_four_decks_both_protections() -> None:
    """The hand fills no [3, 3, 2] nor [3, 2, 3] under the protection; the play 888 99 10-10-10
    fills [3, 2, 3], which upstream asks before [2, 3, 3] (filled by the hand's 66 888 999)."""
    rules = _rules(4, pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR, Rank.SEVEN, None)
    lead, hand = parse_cards("QD QD QD QD KD KD KD KD"), parse_cards(ISSUE_A_HAND)
    assert check_follow(rules, lead, hand, parse_cards("10D 10D 10D 9D 9D 8D 8D 8D")).legal
    diamonds = [c for c in hand if c.suit == Suit.DIAMONDS and c.rank != Rank.SEVEN]
    listed = list_legal_plays(rules, diamonds, lead, 0, 100)
    assert listed.total == 4  # [3, 3, 2], [3, 2, 3] and two of [2, 3, 3]


def test_issue_a_five_decks() -> None:
    rules = _rules(5, pb.DRAW_POLICY_NO_PROTECTIONS, Rank.TWO, Suit.SPADES)
    lead = parse_cards("4H 4H 4H 4H 5H 5H 5H 5H")
    hand = parse_cards("3H 3H 5H 6H 6H 6H 9H 9H 9H 10H 10H JH JH JH QH QH QH 10C 4S")
    assert check_follow(rules, lead, hand, parse_cards("9H 9H 9H 10H 10H JH JH JH")).legal  # [3, 2, 3]
    assert not check_follow(rules, lead, hand, parse_cards("10H 10H JH JH JH QH QH QH")).legal  # [2, 3, 3]


def test_issue_b_seven_decks() -> None:
    """At step 22 the hand fills [4], [3, 2], [2], [2] (6666, 777 88, 55, 22); the play does not."""
    rules = _rules(7, pb.DRAW_POLICY_NO_PROTECTIONS, Rank.THREE, Suit.HEARTS, tuple_size=7)
    lead = parse_cards("AS AS AS AS AS AS KS KS KS KS KS KS KS")
    play = parse_cards("8S 8S 8S 7S 7S 6S 6S 6S 6S 5S 5S 2S 2S")
    answer = check_follow(rules, lead, [*play, *parse_cards("7S 4C")], play)
    assert not answer.legal and "follow.decomposition" in answer.rule_ids


def test_the_profile_set_holds_the_built_cases() -> None:
    """conformance/cases/profile-rbtying.jsonl holds the cases ``conformance.authoring.rbtying_order``
    builds, as built (they pass: ``test_profile_rbtying.test_conformance_cases_pass_in_process``)."""
    shipped = {c["id"]: c for c in map(json.loads, PROFILE_FILE.read_text(encoding="utf-8").splitlines())}
    for case in order_cases():
        assert shipped.get(case["id"]) == json.loads(json.dumps(case)), case["id"]
