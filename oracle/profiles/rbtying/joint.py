"""Can these cards hold all of a requirement's units at once? An exact answer, slot by slot.

rbtying/shengji ``mechanics/src/format_match.rs`` (``find_format_matches``) @ 71f8d43 fills a
format by an exhaustive search; :class:`JointFill` decides it by a dynamic programme over the
identities from the lowest slot up, whose state is what is still to place (the units not
started, the adjacent units in progress at this slot and at the next). Two identities at one
slot are two bins a unit takes one of; under LongerTuplesProtected a tuple of ``k`` takes an
identity held exactly ``k`` times. ``O(b · S)`` states for ``b`` identities, each counted as
steps of the work budget; the state, the pruning and the cost: docs/rbtying.md ("The fill test
is exact and polynomial").

>>> from oracle.cards import parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
>>> runs = JointFill(rules, parse_cards("3H 3H 4H 4H 5H 5H 6H 6H 8H 8H 9H 9H 10H 10H JH JH QH QH KH KH"))
>>> runs.holds(((2, 2, 2), (2, 2, 2), (2, 2), (2, 2)))   # 3+3 in the run of six, 2+2 in four
True
>>> runs.holds(((2, 2, 2),) * 4)
False
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator, Sequence

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.card_order import Identity
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.joint_search import (
    ANY_ORDER,
    FILL_STEP_COST,
    ORDERED,
    Arrangement,
    Bin,
    Free,
    FreeState,
    Search,
    Spec,
    pooled,
)

AdjacentTupleSizes = tuple[int, ...]
"""One unit: tuple sizes of adjacent cards, from the lowest up."""

Placement = tuple[tuple[Identity, int], ...]
"""Where a unit was filled: (identity, copies) for each adjacent tuple, from the lowest up."""

class JointFill:
    """The cards of one suit, as identities at their slots, and whether they hold requirements.

    With ``protected`` (rbtying/shengji's LongerTuplesProtected) a tuple of ``k`` takes an
    identity held exactly ``k`` times, whole, and a single card an identity held once.
    """

    def __init__(self, rules: Ruleset, cards: Sequence[Card], *, protected: bool = False,
                 pool: Pool | None = None) -> None:
        pool = pool if pool is not None else Pool(rules, cards)
        self.protected = protected
        self.counts: dict[Identity, int] = {i: len(cs) for i, cs in pool.cards.items()}
        self.order = sorted(self.counts, key=lambda i: (rules.strengths[pool.cards[i][0].code], i))
        """The identities, lowest first: single cards are taken from the lowest left."""
        self.slots = {i: pool.slots(i) for i in self.counts}
        self.total = sum(self.counts.values())
        self.once = sum(1 for c in self.counts.values() if c == 1)
        self._arrangements: list[Arrangement] | None = None

    def holds(self, requirement: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes] = ()) -> bool:
        """Whether the cards hold every unit of ``requirement`` at once, and with them the
        units of ``any_order``, each in some order of its tuples of the cards' choosing.

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
        >>> cards = JointFill(rules, parse_cards("5H 5H 6H 6H 6H 9H 9H"))
        >>> cards.holds([(3, 2)]), cards.holds([], any_order=[(3, 2)])
        (False, True)
        """
        return self.fill(requirement, any_order) is not None

    def holds_split(self, requirement: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes], pool: Sequence[int],
                    blocks: int, longest: int, reaching: bool) -> bool:
        """Whether the cards hold the units of :meth:`holds` and with them the tuples of ``pool``
        (two or more cards each) split into exactly ``blocks`` adjacent units of the programme's
        choosing, each of at most ``longest`` tuples in any order, one of them ``longest`` long
        when ``reaching``: whether any split of a grouping in a class of rbtying's coarse order
        (``split_classes.split_class``) can be filled, in one programme (docs/rbtying.md).

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
        >>> cards = JointFill(rules, parse_cards("5H 5H 6H 6H 6H 9H 9H 9H 10H 10H"))
        >>> cards.holds_split([], [], [3, 3, 2, 2], 2, 2, True)   # (2, 3) + (3, 2)
        True
        >>> cards.holds_split([], [], [3, 3, 2, 2], 1, 4, True), cards.holds_split([], [(3, 2)], [3, 2], 1, 2, True)
        (False, True)
        """
        pooled = sorted(set(pool), reverse=True)
        free = FreeState(blocks, int(reaching), tuple(list(pool).count(k) for k in pooled))
        return self._run(requirement, any_order, Free(tuple(pooled), longest, free)) is not None

    def fill(self, requirement: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes] = ()) -> list[Placement] | None:
        """A placement of each unit of ``requirement`` and then of ``any_order`` (in their
        order), or ``None`` when the cards cannot hold them all at once."""
        return self._run(requirement, any_order, None)

    def _run(self, requirement: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes],
             free: Free | None) -> list[Placement] | None:
        specs = [(ORDERED, *u) for u in requirement] + [(ANY_ORDER, *sorted(u, reverse=True)) for u in any_order]
        singles = [i for i, u in enumerate(specs) if u == (ORDERED, 1)]
        apart = not any(1 in u[1:] for u in specs if u != (ORDERED, 1))  # single cards counted apart
        placed = [u for u in specs if not (apart and u == (ORDERED, 1))]
        if apart:
            spare = self.once if self.protected else self.total - sum(sum(u[1:]) for u in placed) - pooled(free)
            if len(singles) > spare:
                return None
        spend(FILL_STEP_COST)
        if self._arrangements is None:
            self._arrangements = [Arrangement(bins, self.protected, self.counts) for bins in self._bins()]
        for arrangement in self._arrangements:
            found = Search(arrangement, placed, self.protected, self.counts, free).run()
            if found is not None:
                return [] if free is not None else self._placements(specs, apart, found)
        return None

    def _bins(self) -> Iterator[list[Bin]]:
        """The identities as bins, slotless ones first, then by slot; an identity with two
        slots once for each split of its copies between them (whole, under the protection)."""
        fixed: list[Bin] = []
        split: list[tuple[Identity, int, tuple[int, ...]]] = []
        for identity, count in self.counts.items():
            slots = self.slots[identity]
            if len(slots) > 1:
                split.append((identity, count, slots))
            else:
                fixed.append(Bin(identity, count, slots[0] if slots else None))

        for extra in _shares(split, self.protected):
            every = [b for b in fixed + extra if b.copies > 0]
            yield sorted(every, key=lambda b: (b.slot is not None, b.slot or 0, b.identity))

    def _placements(self, units: Sequence[Spec], apart: bool,
                    found: list[list[tuple[Identity, int]]]) -> list[Placement]:
        """Each unit's placement; single cards counted apart take the lowest identities left."""
        out: list[Placement] = []
        taken = iter(found)
        used: Counter[Identity] = Counter()
        for members in found:
            for identity, size in members:
                used[identity] += size
        for unit in units:
            if apart and unit == (ORDERED, 1):
                spare = next(i for i in self.order if self.counts[i] > used[i]
                             and (not self.protected or self.counts[i] == 1))
                used[spare] += 1
                out.append(((spare, 1),))
            else:
                out.append(tuple(next(taken)))
        return out


KEPT = 64
"""How many hands' joint fills :func:`kept_joint_fill` keeps (the oldest dropped first)."""

_kept: dict[tuple[int, tuple[int, ...], bool], tuple[Ruleset, JointFill]] = {}
_kept_lock = threading.Lock()
"""The server's threads share the kept fills (a fill keeps no state of one search)."""


def kept_joint_fill(rules: Ruleset, cards: Sequence[Card], protected: bool, pool: Pool) -> JointFill:
    """The joint fill of these cards, kept while the same cards are filled or tested again (a
    walk asks many requirements of one hand, both whether it can fill them, ``reach.Reach``, and
    with what, ``fill.fill_needs``: what the fill reads of the slots is read once). A fill
    depends only on the cards as a multiset (its pool and bins are in the ruleset's order)."""
    key = (id(rules), tuple(sorted(c.code for c in cards)), protected)
    with _kept_lock:
        kept = _kept.get(key)
    if kept is not None and kept[0] is rules:
        return kept[1]
    joint = JointFill(rules, cards, protected=protected, pool=pool)
    with _kept_lock:
        _kept[key] = (rules, joint)
        while len(_kept) > KEPT:
            del _kept[next(iter(_kept))]
    return joint


def _shares(split: Sequence[tuple[Identity, int, tuple[int, ...]]], protected: bool) -> Iterator[list[Bin]]:
    """Each way to share the copies of the identities of two slots (``split``: each with its
    copies and its high and low slot) between their slots, as bins; under the protection, each
    identity's copies whole at one slot."""
    if not split:
        yield []
        return
    identity, count, (high, low) = split[0]
    for at_low in ((0, count) if protected else range(count + 1)):
        for rest in _shares(split[1:], protected):
            yield [Bin(identity, count - at_low, high), Bin(identity, at_low, low), *rest]
