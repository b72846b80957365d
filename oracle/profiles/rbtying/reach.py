"""What the cards of one suit can hold: the conditions rbtying's decomposition walk skips
requirements by.

Each condition is necessary for a fill (``fill.fill_needs``) of a requirement from these cards
(under LongerTuplesProtected with ``protected``): every tuple of two or more cards on an
identity with the copies for it, all at once (exact packing, :mod:`.packing`), the single cards
(under the protection, identities held once), every adjacent unit on adjacent slots that hold
its tuples, the adjacent units together within the cards of the runs; and the last, the joint
fill of :mod:`.joint`, is exact. The walk skips a requirement that both the play (no
protection) and the hand (its draw policy) fail (:class:`Either`): neither fills it, so skipping
it changes no verdict of ``TrickFormat::is_legal_play`` (rbtying/shengji
``mechanics/src/trick.rs`` @ 71f8d43). Each answer is computed once per question and kept
(docs/rbtying.md, "The cost of the walk").

>>> from oracle.cards import parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
>>> reach = Reach(rules, parse_cards("5H 5H 6H 6H 6H 9H 9H"))
>>> reach.tuples((3, 2, 2)), reach.tuples((3, 3)), reach.longest
(True, False, 2)
>>> reach.unit((2, 3)), reach.unit((3, 2)), reach.requirement(((2, 2), (2,)))
(True, False, True)
>>> reach.requirement(((2, 2), (2, 2))), reach.supply   # a run of two slots holds five cards
(False, [7, 7, 5])
>>> guarded = Reach(rules, parse_cards("5H 5H 6H 6H 6H 9H 9H"), protected=True)
>>> guarded.unit((2, 3)), guarded.unit((2, 2)), guarded.tuples((3, 3)), guarded.tuples((2,), cards=3)
(True, False, False, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.joint import JointFill, kept_joint_fill
from oracle.profiles.rbtying.joint_bins import ordered_starts, slot_masks
from oracle.profiles.rbtying.ordering import AdjacentTupleSizes, Requirement
from oracle.profiles.rbtying.packing import pack_tuples


class Reach:
    """The copy counts and slots of some cards of one suit, and the tests they answer; with
    ``protected``, under LongerTuplesProtected (a tuple of ``k`` on an identity held exactly
    ``k`` times, a single card on one held once). Upstream has no such object: it asks
    ``UnitLike::check_play`` of every requirement (``play_matches``, ``hand_can_play`` in
    ``TrickFormat::is_legal_play``); these are necessary conditions of that answer."""

    def __init__(self, rules: Ruleset, cards: Sequence[Card], *, protected: bool = False,
                 pool: Pool | None = None) -> None:
        pool = pool if pool is not None else Pool(rules, cards)  # a pool of ``cards`` is only read
        self.rules, self.cards, self.pool = rules, cards, pool
        self.protected = protected
        self.counts = sorted((len(cs) for cs in pool.cards.values()), reverse=True)
        self.total = sum(self.counts)
        self.once = sum(1 for c in self.counts if c == 1)
        """Identities held once: under the protection, the only single cards a fill may take."""
        self._tuples: dict[tuple[tuple[int, ...], int | None], bool] = {}
        self._units: dict[tuple[int, ...], bool] = {}
        self._requirements: dict[Requirement, bool] = {}
        self._joints: dict[tuple[tuple[AdjacentTupleSizes, ...], tuple[AdjacentTupleSizes, ...]], bool] = {}
        self._splits: dict[tuple[tuple[AdjacentTupleSizes, ...], tuple[AdjacentTupleSizes, ...], tuple[int, ...], int, int, bool],
                           bool] = {}

    # The slots, the runs and the joint fill are read only for requirements with adjacent units
    # (tractors): a walk of tuples and single cards never builds them.

    @cached_property
    def at_slot(self) -> dict[int, set[int]]:
        """The copies of each identity at each slot an identity can take in a tractor."""
        at_slot: dict[int, set[int]] = {}
        pool = self.pool
        for identity, held in pool.cards.items():
            for slot in pool.slots(identity):
                at_slot.setdefault(slot, set()).add(len(held))
        return at_slot

    @cached_property
    def _masks(self) -> list[int]:
        """:attr:`at_slot` as one int per copy count (:func:`~oracle.profiles.rbtying.joint_bins.slot_masks`).

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
        >>> [bin(m) for m in Reach(rules, parse_cards("5H 5H 6H 6H 6H 9H"))._masks]
        ['0b10011', '0b10011', '0b11', '0b10']
        """
        return slot_masks(self.at_slot, self.protected)[1]

    @cached_property
    def _runs(self) -> tuple[list[tuple[int, int]], list[list[int]]]:
        """Maximal runs of adjacent slots each holding a pair: (length, cards in their tuples),
        and the most copies of one identity at each of their slots."""
        in_tuples: dict[int, int] = {}
        for identity, held in self.pool.cards.items():
            if len(held) >= 2:
                for slot in self.pool.slots(identity):
                    in_tuples[slot] = in_tuples.get(slot, 0) + len(held)
        runs: list[tuple[int, int]] = []
        tops: list[list[int]] = []
        length = held_in_run = 0
        at_slot = self.at_slot
        for slot in range(min(at_slot, default=0), max(at_slot, default=-1) + 2):
            top = max(at_slot.get(slot, (0,)))
            if top >= 2:
                if not length:
                    tops.append([])
                length, held_in_run = length + 1, held_in_run + in_tuples[slot]
                tops[-1].append(top)
            elif length:
                runs.append((length, held_in_run))
                length = held_in_run = 0
        return runs, tops

    @cached_property
    def longest(self) -> int:
        """The longest run of adjacent slots each holding a pair: no adjacent unit is longer."""
        return max((n for n, _ in self._runs[0]), default=0)

    @cached_property
    def supply(self) -> list[int]:
        """``supply[L]``: the cards in tuples on runs of ``L`` slots or more, all an adjacent
        unit of ``L`` or more tuples can take from."""
        runs = self._runs[0]
        return [sum(c for n, c in runs if n >= size) for size in range(self.longest + 1)]

    @cached_property
    def window(self) -> list[int]:
        """``window[L]``: the most cards one adjacent unit of ``L`` tuples can take (one
        identity at each of ``L`` adjacent slots)."""
        tops = self._runs[1]
        return [max((sum(t[i:i + size]) for t in tops for i in range(len(t) - size + 1)), default=0)
                for size in range(self.longest + 1)]

    @cached_property
    def _joint(self) -> JointFill:
        return kept_joint_fill(self.rules, self.cards, self.protected, self.pool)

    def tuples(self, sizes: Sequence[int], cards: int | None = None) -> bool:
        """Whether the counts hold all these tuples at once (sizes of two or more cards); with
        ``cards``, the requirement's cards in all, also its single cards (the cards left)."""
        key = (tuple(sorted(sizes, reverse=True)), cards)
        found = self._tuples.get(key)
        if found is None:
            tuples = key[0]
            spend(4 * (len(self.counts) + len(tuples)))  # the counts read; the packing counts its states
            singles_fit = cards is None or (cards - sum(tuples) <= self.once if self.protected else cards <= self.total)
            found = (sum(tuples) <= self.total and singles_fit
                     and pack_tuples(self.counts, tuples, exact=self.protected) is not None)
            self._tuples[key] = found
        return found

    def unit(self, adjacent: AdjacentTupleSizes) -> bool:
        """Whether adjacent slots hold the unit's tuples, from its lowest up, on their own."""
        if len(adjacent) == 1:
            return True
        found = self._units.get(adjacent)
        if found is None:
            spend(len(self.at_slot) * len(adjacent))
            # A start of the unit on slots ``start`` up: each tuple's slot holds (under the
            # protection, exactly) its copies; a start with slots missing holds nothing.
            found = ordered_starts(self._masks, adjacent) != 0
            self._units[adjacent] = found
        return found

    def runs_hold(self, profile: Sequence[tuple[int, int]]) -> bool:
        """Whether the runs have the cards for adjacent units of these (tuples, cards): each
        unit within ``window`` of its length, and for each length ``L``, the units of ``L``
        tuples or more no more than ``supply[L]``."""
        if not profile:
            return True
        spend(4 * (len(profile) + 1))
        if max(n for n, _ in profile) > self.longest:
            return False
        return all(c <= self.window[n] and sum(c2 for m, c2 in profile if m >= n) <= self.supply[n]
                   for n, c in profile)

    def stretch(self, tuples: Sequence[int], profile: Sequence[tuple[int, int]], cards: int,
                units: Sequence[AdjacentTupleSizes] = ()) -> bool:
        """The tests a stretch of requirements shares: their tuples and single cards (``cards``
        in all), their adjacent units' (tuples, cards) on the runs, and the adjacent ``units``
        they all hold, each alone."""
        return self.tuples(tuples, cards) and self.runs_hold(profile) and all(self.unit(a) for a in units)

    def joint(self, fixed: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes]) -> bool:
        """Whether the cards hold these units together, those of ``any_order`` each in an
        order of its tuples of their choosing (:mod:`.joint`): a test of every requirement that
        orders them."""
        # A unit of one tuple size has one order: it is the same question fixed or not.
        key = (tuple(sorted((*fixed, *(a for a in any_order if len(set(a)) == 1)), reverse=True)),
               tuple(sorted((tuple(sorted(a, reverse=True)) for a in any_order if len(set(a)) > 1), reverse=True)))
        found = self._joints.get(key)
        if found is None:
            found = self._joints[key] = self._joint.holds(*key)
        return found

    def split(self, fixed: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes], pool: tuple[int, ...], units: int,
              length: int, reaching: bool) -> bool:
        """Whether the cards hold these units (as :meth:`joint`) and with them some split of the
        tuples of ``pool`` into ``units`` adjacent units of at most ``length`` tuples each (one
        of ``length`` when ``reaching``), of the programme's choosing
        (``joint.JointFill.holds_split``): a test of every requirement of a class of splits."""
        key = (tuple(sorted(fixed, reverse=True)),
               tuple(sorted((tuple(sorted(a, reverse=True)) for a in any_order), reverse=True)),
               pool, units, length, reaching)
        found = self._splits.get(key)
        if found is None:
            tuples = [k for a in (*fixed, *any_order) for k in a if k > 1]
            found = self._splits[key] = (
                self.tuples((*tuples, *pool), sum(pool) + sum(map(sum, (*fixed, *any_order))))
                and self._joint.holds_split(key[0], key[1], pool, units, length, reaching))
        return found

    def requirement(self, requirement: Requirement) -> bool:
        """Whether the cards fill the requirement: the necessary tests first (its tuples and
        single cards, each adjacent unit alone, the adjacent units together on the runs), then
        the exact joint fill (:mod:`.joint`). A requirement of tuples and single cards alone
        is decided by its tuples' packing (exact, :mod:`.packing`) and its single cards' count:
        the cards left by the tuples, or under the protection the identities held once, which no
        tuple takes; the joint fill would answer the same, and is not asked.

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
        >>> hand = Reach(rules, parse_cards("5H 5H 6H 6H 6H 9H"), protected=True)
        >>> hand.requirement(((3,), (1,))), hand.requirement(((2,), (1,), (1,))), "_joint" in vars(hand)
        (True, False, False)
        """
        found = self._requirements.get(requirement)
        if found is None:
            adjacent = [a for a in requirement if len(a) > 1]
            found = (self.stretch([k for a in requirement for k in a if k > 1],
                                  [(len(a), sum(a)) for a in adjacent],
                                  sum(map(sum, requirement)))
                     and all(self.unit(a) for a in adjacent)
                     and (not adjacent or self.joint(requirement, ())))
            self._requirements[requirement] = found
        return found


class Either:
    """The play's conditions and the hand's together: a requirement, or a stretch of them, that
    both fail is filled by neither, and the walk may skip it.

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
    >>> hand = Reach(rules, parse_cards("5H 5H 6H 6H 6H 9H 9H"), protected=True)
    >>> play = Reach(rules, parse_cards("5H 6H 6H 9H"))
    >>> both = Either(play, hand)
    >>> both.requirement(((2, 2),)), both.requirement(((2,), (1,), (1,))), both.longest
    (False, True, 2)
    """

    def __init__(self, *sides: Reach) -> None:
        self.sides = sides

    @property
    def longest(self) -> int:
        return max(side.longest for side in self.sides)

    def tuples(self, sizes: Sequence[int], cards: int | None = None) -> bool:
        return any(side.tuples(sizes, cards) for side in self.sides)

    def unit(self, adjacent: AdjacentTupleSizes) -> bool:
        return any(side.unit(adjacent) for side in self.sides)

    def runs_hold(self, profile: Sequence[tuple[int, int]]) -> bool:
        return any(side.runs_hold(profile) for side in self.sides)

    def stretch(self, tuples: Sequence[int], profile: Sequence[tuple[int, int]], cards: int,
                units: Sequence[AdjacentTupleSizes] = ()) -> bool:
        return any(side.stretch(tuples, profile, cards, units) for side in self.sides)

    def joint(self, fixed: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes]) -> bool:
        return any(side.joint(fixed, any_order) for side in self.sides)

    def split(self, fixed: Sequence[AdjacentTupleSizes], any_order: Sequence[AdjacentTupleSizes], pool: tuple[int, ...], units: int,
              length: int, reaching: bool) -> bool:
        return any(side.split(fixed, any_order, pool, units, length, reaching) for side in self.sides)

    def requirement(self, requirement: Requirement) -> bool:
        return any(side.requirement(requirement) for side in self.sides)
