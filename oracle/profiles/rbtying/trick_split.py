"""Which split of a play rbtying/shengji compares: the first, in ``find_format_matches``'s order,
whose places meet some bounds (rules ``trick.format``, ``trick.throw_evaluation``).

rbtying/shengji ``mechanics/src/format_match.rs`` (``find_format_matches``,
``FormatMatchState::into_matching_cards``) @ 49f4214 and ``mechanics/src/multiset_iter.rs`` @
106d1fb, as ``Trick::compute_winner`` (``mechanics/src/trick.rs`` @ 71f8d43) uses them: a play
beats the best so far with the first split that defeats it, and that split is what later plays
are compared with. The order, the search and its cost: docs/rbtying.md, "The trick".

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> from oracle.profiles.rbtying.trick_format import lead_format
>>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
>>> units = lead_format(rules, p("3H 5H 5H"))  # a single and a pair
>>> found = SplitSearch(rules, units, p("9H 9H 9H")).first([None, None])
>>> found is not None and [len(u) for u in found[1].units]
[1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.fill import RankKey
from oracle.profiles.rbtying.trick_format import FormatUnit, order_keys


@dataclass(frozen=True)
class Split:
    """A play split into the format's units: for each place, the rank of its lowest card and
    its cards; ``top`` is the rank of the play's highest card."""

    lows: tuple[RankKey, ...]
    units: tuple[tuple[Card, ...], ...]
    top: RankKey


Bound = tuple[str, RankKey] | None
"""What a place of a split must meet: ``("above", key)``, ``("equal", key)`` or nothing."""


Shape = tuple[int, ...]
"""A unit's tuple sizes from its lowest card up (``(2, 2)``: a tractor of two pairs)."""

Tractors = tuple[tuple[tuple[int, ...], ...], ...]
"""A choice of tractors: for each tractor shape (in sorted order), its tractors highest first,
each written as its cards' places in ``SplitSearch.cards`` from the lowest up."""


class SplitSearch:
    """The splits of one play into the format's units, in rbtying/shengji's order.

    ``find_format_matches`` (``mechanics/src/format_match.rs`` @ 49f4214) lists the distinct
    splits breadth first; it first meets a split along the path that fills the shapes in their
    sorted order (``(1,) < (2,) < (2, 2) < (3,)``: a ``BTreeMap`` over the shapes), all tuples
    of a shape at once, the tractors of a shape one at a time, highest first. So its order is
    lexicographic over those steps: a step of tuples by how many it takes of each card from the
    lowest card up, fewer first (``multiset_k_combination_iter`` over the cards highest first); a
    tractor by its cards, highest first (``find_possible_tractors``). A play's units of a shape
    take the shape's places highest first (``into_matching_cards``).

    :meth:`first` finds the first split whose places meet some bounds without walking the
    splits: it takes each decision in that order (each tuple step card by card from the lowest,
    fewest first; each tractor step highest first) as the first value some completion meeting
    the bounds still follows. Whether one does is exact and polynomial: the tractors are listed
    once (every choice of the format's tractors from the play, few as a play has the lead's
    size), and for each, a table over the cards, from the highest down, of how many tuples of
    each shape the cards above can still take (the places a shape's tuples take follow from how
    many are left, so their bounds are checked as the table is built). Cost: docs/rbtying.md,
    "The trick".
    """

    def __init__(self, rules: Ruleset, units: Sequence[FormatUnit], cards: Sequence[Card]) -> None:
        self.rules = rules
        pool = Pool(rules, cards)
        keys = order_keys(rules)
        ids = sorted(pool.cards, key=lambda i: keys[pool.cards[i][0].code])
        self.cards = [pool.cards[i] for i in ids]
        self.lows = [keys[held[0].code][0] for held in self.cards]
        self.start = tuple(len(held) for held in self.cards)
        at_slot: dict[int, list[int]] = {}
        for n, identity in enumerate(ids):
            for slot in pool.slots(identity):
                at_slot.setdefault(slot, []).append(n)
        self.successors = [
            sorted({m for slot in pool.slots(identity) for m in at_slot.get(slot + 1, ()) if m != n})
            for n, identity in enumerate(ids)
        ]
        self.places: dict[Shape, list[int]] = {}
        for index, unit in enumerate(units):
            self.places.setdefault(unit.adjacent, []).append(index)
        self.shapes = sorted(self.places)
        self.tuple_shapes = [s for s in self.shapes if len(s) == 1]
        self.tractor_shapes = [s for s in self.shapes if len(s) > 1]
        self.top = max(keys[c.code][0] for c in cards)

    def first(self, bounds: Sequence[Bound]) -> tuple[tuple[object, ...], Split] | None:
        """The first split whose places meet ``bounds`` (by place of the format), with its place
        in upstream's order (a key), or ``None``."""
        configs = self._tractor_choices(bounds)
        fixed: dict[Shape, tuple[int, ...]] = {}
        order: list[object] = []
        taken: dict[Shape, list[tuple[int, ...]]] = {}
        for shape in self.shapes:
            if len(shape) == 1:
                vector = self._tuple_step(shape, bounds, configs, fixed)
                if vector is None:
                    return None
                fixed[shape] = vector
                order.append(vector)
                taken[shape] = [(m,) for m in range(len(vector)) for _ in range(vector[m])]
                continue
            s = self.tractor_shapes.index(shape)
            taken[shape] = []
            for j in range(len(self.places[shape])):
                live = [c for c in configs if self._completes(c, bounds, fixed)]
                if not live:
                    return None
                tractor = max(c[0][s][j] for c in live)
                configs = [c for c in live if c[0][s][j] == tractor]
                order.append(tuple(-m for m in tractor))
                taken[shape].append(tractor)
        return tuple(order), self._split(taken)

    def _tractor_choices(self, bounds: Sequence[Bound]) -> list[tuple[Tractors, tuple[int, ...]]]:
        """Every choice of the format's tractors from the play that meets their places' bounds,
        with the cards it leaves."""
        out: list[tuple[Tractors, tuple[int, ...]]] = []
        self._choose(bounds, out, 0, [], (), self.start)
        return out

    def _choose(self, bounds: Sequence[Bound], out: list[tuple[Tractors, tuple[int, ...]]], s: int,
                chosen: list[tuple[int, ...]], done: Tractors, left: tuple[int, ...]) -> None:
        """Add to ``out`` the choices going on from ``done`` (the shapes before ``s``) and
        ``chosen`` (shape ``s``'s so far), ``left`` the cards they leave."""
        spend()
        if s == len(self.tractor_shapes):
            out.append((done, left))
            return
        shape = self.tractor_shapes[s]
        if len(chosen) == len(self.places[shape]):
            if self._meets(shape, chosen, bounds):
                self._choose(bounds, out, s + 1, [], (*done, tuple(chosen)), left)
            return
        for tractor in self._tractors(shape, left):
            if not chosen or tractor <= chosen[-1]:  # highest first: each choice once
                rest = list(left)
                for m, size in zip(tractor, shape, strict=True):
                    rest[m] -= size
                self._choose(bounds, out, s, [*chosen, tractor], done, tuple(rest))

    def _tractors(self, shape: Shape, left: tuple[int, ...]) -> list[tuple[int, ...]]:
        found: list[tuple[int, ...]] = []
        for n, held in enumerate(left):
            if held >= shape[0]:
                self._extend(shape, left, found, (n,))
        return found

    def _extend(self, shape: Shape, left: tuple[int, ...], found: list[tuple[int, ...]], path: tuple[int, ...]) -> None:
        """Add to ``found`` the tractors of the shape going on from ``path`` within ``left``."""
        spend()
        if len(path) == len(shape):
            found.append(path)
            return
        for m in self.successors[path[-1]]:
            if left[m] >= shape[len(path)]:
                self._extend(shape, left, found, (*path, m))

    def _completes(self, config: tuple[Tractors, tuple[int, ...]], bounds: Sequence[Bound],
                   fixed: dict[Shape, tuple[int, ...]]) -> bool:
        """Whether the tuples still to choose can take the cards ``config`` leaves."""
        free = [s for s in self.tuple_shapes if s not in fixed]
        table = self._table(config[1], free, bounds, fixed)
        return table is not None and tuple(len(self.places[s]) for s in free) in table[0]

    def _table(self, left: tuple[int, ...], free: Sequence[Shape], bounds: Sequence[Bound],
               fixed: dict[Shape, tuple[int, ...]]) -> list[set[tuple[int, ...]]] | None:
        """For each card, the counts of tuples of the ``free`` shapes that the cards from it up
        can take exactly (the ``fixed`` shapes' tuples taken first), or ``None``."""
        avail = [held - sum(s[0] * v[m] for s, v in fixed.items()) for m, held in enumerate(left)]
        if min(avail, default=0) < 0:
            return None
        table: list[set[tuple[int, ...]]] = [set() for _ in range(len(left) + 1)]
        table[len(left)].add((0,) * len(free))
        for m in reversed(range(len(left))):
            for above in table[m + 1]:
                for counts in self._at_card(m, avail[m], free, above, bounds):
                    table[m].add(counts)
        return table

    def _at_card(self, m: int, avail: int, free: Sequence[Shape], above: tuple[int, ...],
                 bounds: Sequence[Bound]) -> list[tuple[int, ...]]:
        """The counts left for the cards from ``m`` up: ``above`` plus a way to split card ``m``'s
        ``avail`` copies into tuples of the free shapes, the tuples' places meeting the bounds."""
        out: list[tuple[int, ...]] = []
        self._split_free(m, free, above, bounds, out, 0, avail, ())
        return out

    def _split_free(self, m: int, free: Sequence[Shape], above: tuple[int, ...], bounds: Sequence[Bound],
                    out: list[tuple[int, ...]], j: int, rest: int, counts: tuple[int, ...]) -> None:
        """:meth:`_at_card` from the free shape ``j`` on, ``rest`` copies left to split."""
        spend()
        if j == len(free):
            if rest == 0:
                out.append(counts)
            return
        k = free[j][0]
        for n in range(rest // k + 1):
            total = above[j] + n
            if total > len(self.places[free[j]]):
                break
            if n and not self._place_meets(free[j], total - n, total, m, bounds):
                break
            self._split_free(m, free, above, bounds, out, j + 1, rest - n * k, (*counts, total))

    def _place_meets(self, shape: Shape, begin: int, end: int, m: int, bounds: Sequence[Bound]) -> bool:
        """Whether card ``m``'s tuples meet the bounds of the shape's places ``begin:end``."""
        low = self.lows[m]
        for place in self.places[shape][begin:end]:
            bound = bounds[place]
            if bound is not None and ((low <= bound[1]) if bound[0] == "above" else (low != bound[1])):
                return False
        return True

    def _tuple_step(self, shape: Shape, bounds: Sequence[Bound],
                    configs: list[tuple[Tractors, tuple[int, ...]]],
                    fixed: dict[Shape, tuple[int, ...]]) -> tuple[int, ...] | None:
        """The step's tuples, card by card from the lowest, the fewest some completion allows."""
        free = [s for s in self.tuple_shapes if s not in fixed]  # ``shape`` first
        later = free[1:]
        k, copies = shape[0], len(self.places[shape])
        tables = []
        for _, left in configs:
            table = self._table(left, free, bounds, fixed)
            start = tuple(len(self.places[s]) for s in free)
            if table is not None and start in table[0]:
                avail = [held - sum(s[0] * v[m] for s, v in fixed.items()) for m, held in enumerate(left)]
                tables.append((table, avail, {start[1:]}))
        if not tables:
            return None
        vector: list[int] = []
        remaining = copies
        for m in range(len(self.start)):
            for n in range(remaining + 1):
                spend()
                reached: list[set[tuple[int, ...]]] = []
                for table, avail, states in tables:
                    if avail[m] < n * k or (n and not self._place_meets(shape, remaining - n, remaining, m, bounds)):
                        reached.append(set())
                        continue
                    nexts = {counts[1:] for state in states
                             for counts in self._later_at_card(m, avail[m] - n * k, later, state, bounds)
                             if (remaining - n, *counts[1:]) in table[m + 1]}
                    reached.append(nexts)
                if any(reached):
                    tables = [(t, a, r) for (t, a, _), r in zip(tables, reached, strict=True) if r]
                    vector.append(n)
                    remaining -= n
                    break
            else:
                return None
        return tuple(vector)

    def _later_at_card(self, m: int, avail: int, later: Sequence[Shape], state: tuple[int, ...],
                       bounds: Sequence[Bound]) -> list[tuple[int, ...]]:
        """Ways card ``m``'s ``avail`` copies split into tuples of the later shapes, from ``state``
        (how many of each are left for the cards from ``m`` up): the counts left above ``m``,
        written with a leading 0 for the step's own shape."""
        out: list[tuple[int, ...]] = []
        self._split_later(m, later, state, bounds, out, 0, avail, ())
        return out

    def _split_later(self, m: int, later: Sequence[Shape], state: tuple[int, ...], bounds: Sequence[Bound],
                     out: list[tuple[int, ...]], j: int, rest: int, counts: tuple[int, ...]) -> None:
        """:meth:`_later_at_card` from the later shape ``j`` on, ``rest`` copies left to split."""
        spend()
        if j == len(later):
            if rest == 0:
                out.append((0, *counts))
            return
        k = later[j][0]
        for n in range(min(rest // k, state[j]) + 1):
            if n and not self._place_meets(later[j], state[j] - n, state[j], m, bounds):
                break
            self._split_later(m, later, state, bounds, out, j + 1, rest - n * k, (*counts, state[j] - n))

    def _meets(self, shape: Shape, units: Sequence[tuple[int, ...]], bounds: Sequence[Bound]) -> bool:
        """Whether a shape's units, highest first in its places, meet the places' bounds."""
        for place, unit in zip(self.places[shape], sorted(units, reverse=True), strict=True):
            bound = bounds[place]
            low = self.lows[unit[0]]
            if bound is not None and ((low <= bound[1]) if bound[0] == "above" else (low != bound[1])):
                return False
        return True

    def _split(self, taken: dict[Shape, list[tuple[int, ...]]]) -> Split:
        """The split's cards and lows by place of the format (a shape's units highest first)."""
        used = [0] * len(self.cards)
        placed: dict[int, tuple[Card, ...]] = {}
        lows: dict[int, RankKey] = {}
        for shape, units in taken.items():
            for place, unit in zip(self.places[shape], sorted(units, reverse=True), strict=True):
                cards: list[Card] = []
                for m, size in zip(unit, shape, strict=True):
                    cards += self.cards[m][used[m]:used[m] + size]
                    used[m] += size
                placed[place], lows[place] = tuple(cards), self.lows[unit[0]]
        order = sorted(placed)
        return Split(tuple(lows[p] for p in order), tuple(placed[p] for p in order), self.top)
