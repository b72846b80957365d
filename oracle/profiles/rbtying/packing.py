"""Can a hand's copy counts hold these tuples? An exact answer, by dynamic programming.

rbtying/shengji ``mechanics/src/format_match.rs`` (``find_format_matches``) @ 71f8d43 answers
"can these cards fill this format" by an exhaustive search. For a format of tuples alone (no
adjacency) the question is bin packing with small bins: each identity held ``c`` times is a bin
of ``c`` (``c`` is at most the number of decks, 8), each tuple of ``k`` an item of ``k``.
:func:`pack_tuples` decides it exactly, identity by identity, remembering which tuples are
still to place (once a count test and a best fit, :func:`_best_fit`, have not decided it):
``O(b * P * S)`` for ``b`` identities, ``P`` ways to fill one bin (at most 15
for a bin of 8) and ``S`` states, the product over tuple sizes of (tuples of that size + 1) —
polynomial in the number of tuples for the at most 7 sizes of 8 decks; each state and its
successors counted as steps of the work budget. Under LongerTuplesProtected a tuple of ``k``
takes an identity held exactly ``k`` times, whole.

>>> pack_tuples([4, 4], [3, 3, 2])          # no identity holds a triple and a pair
>>> pack_tuples([5, 4], [3, 3, 2])          # 3 in the four, 3+2 in the five
[1, 0, 0]
>>> pack_tuples([6, 5], [4, 3, 2, 2])       # 4+2 and 3+2 (largest first on the tightest misses it)
[0, 1, 0, 1]
>>> pack_tuples([2, 2, 2], [3])             # no identity holds a triple
>>> pack_tuples([3, 3, 2], [3, 2], exact=True)
[0, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from oracle.engine.budget import spend

State = tuple[int, ...]
"""Tuples still to place, by size: ``state[k]`` tuples of ``k`` cards."""


@cache
def _bin_fills(capacity: int, largest: int) -> tuple[tuple[int, ...], ...]:
    """The multisets of tuple sizes (two or more, at most ``largest`` each) that fit a bin of
    ``capacity``, each largest first; the empty fill last.

    >>> _bin_fills(5, 5)
    ((5,), (3, 2), (4,), (2, 2), (3,), (2,), ())
    """
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], room: int, top: int) -> None:
        out.append(prefix)
        for part in range(min(room, top), 1, -1):
            extend((*prefix, part), room - part, part)

    extend((), capacity, largest)
    return tuple(sorted(out, key=lambda f: (-sum(f), f and -f[0] or 0)))


def pack_tuples(counts: Sequence[int], sizes: Sequence[int], *, exact: bool = False) -> list[int] | None:
    """Put each tuple of ``sizes`` (two or more cards each) on an identity of ``counts`` (its
    copies held), no identity giving more copies than it holds; the index of the identity of
    each tuple, or ``None`` when no packing exists. With ``exact``, a tuple of ``k`` only on an
    identity held exactly ``k`` times (one tuple each).
    """
    if not sizes:
        return []
    if exact:
        return _pack_exact(counts, sizes)
    if not _counts_allow(counts, sizes):
        return None
    fitted = _best_fit(counts, sizes)
    return fitted if fitted is not None else _pack_by_programme(counts, sizes)


def _counts_allow(counts: Sequence[int], sizes: Sequence[int]) -> bool:
    """Whether, for each size ``k``, the tuples of ``k`` or more fit on the identities by count
    alone (at most ``c // k`` on one of ``c`` copies): a packing needs it.

    >>> _counts_allow([4, 1], [2, 2]), _counts_allow([3, 3], [2, 2, 2])
    (True, False)
    """
    kinds = set(sizes)
    spend(len(kinds) * (len(sizes) + len(counts)) // 2 + 2)
    return all(sum(1 for size in sizes if size >= k) <= sum(c // k for c in counts) for k in kinds)


def _pack_by_programme(counts: Sequence[int], sizes: Sequence[int]) -> list[int] | None:
    """:func:`pack_tuples` by a programme over the identities in order, its state the tuples
    left of each size (where the best fit finds no packing), then a walk of the solved states
    to say which identity takes which tuple."""
    top = max(sizes)
    wanted = [0] * (top + 1)
    for k in sizes:
        wanted[k] += 1
    start: State = tuple(wanted)
    bins = list(counts)
    solve = _Programme(bins, top).solvable
    if not solve(0, start, sum(sizes)):
        return None
    # Walk the solved states again to say which identity takes which tuple.
    where: dict[int, list[int]] = {}
    state = start
    for i, capacity in enumerate(bins):
        if not any(state):
            break
        for fill in _bin_fills(capacity, len(state) - 1):
            after = _take(state, fill)
            if after is not None and solve(i + 1, after, sum(k * n for k, n in enumerate(after))):
                for k in fill:
                    where.setdefault(k, []).append(i)
                state = after
                break
    return [where[k].pop(0) for k in sizes]


class _Programme:
    """Whether the tuples of a state fit on the bins from one on (:func:`_pack_by_programme`),
    each answer kept."""

    def __init__(self, bins: Sequence[int], top: int) -> None:
        self.bins, self.top = bins, top
        self.memo: dict[tuple[int, State], bool] = {}
        # From bin i on: the cards left (a state needing more fails at once), and for each size k
        # how many tuples of k or more the bins can take (at most c // k on a bin of c).
        self.room = room = [0] * (len(bins) + 1)
        self.takes = takes = [[0] * (top + 1) for _ in range(len(bins) + 1)]
        for i in range(len(bins) - 1, -1, -1):
            room[i] = room[i + 1] + bins[i]
            takes[i] = [t + bins[i] // max(k, 1) for k, t in enumerate(takes[i + 1])]

    def solvable(self, i: int, state: State, need: int) -> bool:
        """Whether ``state``'s tuples (``need`` cards) fit on the bins from ``i`` on."""
        if not need:
            return True
        if i == len(self.bins) or need > self.room[i]:
            return False
        key = (i, state)
        found = self.memo.get(key)
        if found is None:
            larger, takes = 0, self.takes[i]
            for k in range(self.top, 1, -1):
                larger += state[k]
                if larger > takes[k]:
                    self.memo[key] = False
                    return False
            afters = _afters(self.bins[i], state)
            spend(3 * (len(afters) + 1))
            found = any(self.solvable(i + 1, after, need - cards) for after, cards in afters)
            self.memo[key] = found
        return found


def _best_fit(counts: Sequence[int], sizes: Sequence[int]) -> list[int] | None:
    """Each tuple, largest first, on the identity with the fewest copies left that can take it:
    a packing when it finds one (then exactly as :func:`pack_tuples` asks), ``None`` when it
    does not (which decides nothing: the programme then does). ``O(t * b)`` for ``t`` tuples on
    ``b`` identities, counted as steps.

    >>> _best_fit([5, 4], [3, 3, 2]), _best_fit([6, 5], [4, 3, 2, 2])
    ([1, 0, 0], None)
    """
    spend(len(sizes) * len(counts) // 8 + 1)
    left = list(counts)
    where = [0] * len(sizes)
    for j in sorted(range(len(sizes)), key=lambda j: -sizes[j]):
        k = sizes[j]
        best = -1
        for i, c in enumerate(left):
            if c >= k and (best < 0 or c < left[best]):
                best = i
        if best < 0:
            return None
        left[best] -= k
        where[j] = best
    return where


def _take(state: State, fill: tuple[int, ...]) -> State | None:
    after = list(state)
    for k in fill:
        after[k] -= 1
        if after[k] < 0:
            return None
    return tuple(after)


@lru_cache(maxsize=4096)
def _afters(capacity: int, state: State) -> tuple[tuple[State, int], ...]:
    """The states a bin of ``capacity`` can leave from ``state``, with the cards it takes (kept:
    identities of one count meet the same states)."""
    out = []
    for fill in _bin_fills(capacity, len(state) - 1):
        after = _take(state, fill)
        if after is not None:
            out.append((after, sum(fill)))
    return tuple(out)


def _pack_exact(counts: Sequence[int], sizes: Sequence[int]) -> list[int] | None:
    free: dict[int, list[int]] = {}
    for i, c in enumerate(counts):
        free.setdefault(c, []).append(i)
    out = []
    for k in sizes:
        spare = free.get(k)
        if not spare:
            return None
        out.append(spare.pop(0))
    return out
