"""What the cards of one suit can hold at most: the conditions rbtying's decomposition walk
skips requirements by.

Each condition is necessary for a fill (``fill.fill_needs``) of a requirement from these cards
or from any part of them (a play is part of the hand): every tuple of two or more cards on an
identity with the copies for it, all at once (exact packing, :mod:`.packing`), and every
adjacent unit on adjacent slots that hold its tuples. A requirement that fails one is filled
by neither the hand nor the play, so skipping it changes no verdict of
``TrickFormat::is_legal_play`` (rbtying/shengji ``mechanics/src/trick.rs`` @ 71f8d43). Each
answer is computed once per question and kept (docs/rbtying.md, "The cost of the walk").

>>> from oracle.cards import parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
>>> reach = Reach(ctx, parse_cards("5H 5H 6H 6H 6H 9H 9H"))
>>> reach.tuples((3, 2, 2)), reach.tuples((3, 3)), reach.longest
(True, False, 2)
>>> reach.unit((2, 3)), reach.unit((3, 2)), reach.requirement(((2, 2), (2,)))
(True, False, True)
>>> reach.requirement(((2, 2), (2, 2))), reach.supply   # a run of two slots holds five cards
(False, [7, 7, 5])
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.ordering import Requirement
from oracle.profiles.rbtying.packing import pack_tuples


class Reach:
    """The copy counts and slots of some cards of one suit, and the tests they answer."""

    def __init__(self, ctx: Ruleset, cards: Sequence[Card]) -> None:
        pool = Pool(ctx, cards)
        self.counts = sorted((len(cs) for cs in pool.cards.values()), reverse=True)
        self.total = sum(self.counts)
        # The most copies of one identity at each slot an identity can take in a tractor.
        self.at_slot: dict[int, int] = {}
        in_tuples: dict[int, int] = {}
        for identity, held in pool.cards.items():
            for slot in pool.slots(identity):
                self.at_slot[slot] = max(self.at_slot.get(slot, 0), len(held))
                if len(held) >= 2:
                    in_tuples[slot] = in_tuples.get(slot, 0) + len(held)
        # Maximal runs of adjacent slots each holding a pair: (length, cards in their tuples).
        runs: list[tuple[int, int]] = []
        length = held_in_run = 0
        for slot in range(min(self.at_slot, default=0), max(self.at_slot, default=-1) + 2):
            if self.at_slot.get(slot, 0) >= 2:
                length, held_in_run = length + 1, held_in_run + in_tuples[slot]
            elif length:
                runs.append((length, held_in_run))
                length = held_in_run = 0
        self.longest = max((n for n, _ in runs), default=0)
        """The longest run of adjacent slots each holding a pair: no adjacent unit is longer."""
        self.supply = [sum(c for n, c in runs if n >= size) for size in range(self.longest + 1)]
        """``supply[L]``: the cards in tuples on runs of ``L`` slots or more, all an adjacent
        unit of ``L`` or more tuples can take from."""
        self._tuples: dict[tuple[int, ...], bool] = {}
        self._units: dict[tuple[int, ...], bool] = {}
        self._requirements: dict[Requirement, bool] = {}

    def tuples(self, sizes: Sequence[int]) -> bool:
        """Whether the counts hold all these tuples at once (sizes of two or more cards)."""
        key = tuple(sorted(sizes, reverse=True))
        found = self._tuples.get(key)
        if found is None:
            spend(len(self.counts) * (len(key) + 1))
            found = sum(key) <= self.total and pack_tuples(self.counts, key) is not None
            self._tuples[key] = found
        return found

    def unit(self, adjacent: tuple[int, ...]) -> bool:
        """Whether adjacent slots hold the unit's tuples, from its lowest up, on their own."""
        if len(adjacent) == 1:
            return True
        found = self._units.get(adjacent)
        if found is None:
            spend(len(self.at_slot) * len(adjacent))
            at = self.at_slot
            found = any(all(at.get(start + j, 0) >= k for j, k in enumerate(adjacent)) for start in at)
            self._units[adjacent] = found
        return found

    def runs_hold(self, profile: Sequence[tuple[int, int]]) -> bool:
        """Whether the runs have the cards for adjacent units of these (tuples, cards): for
        each length ``L``, the units of ``L`` tuples or more need no more than ``supply[L]``."""
        if not profile:
            return True
        if max(n for n, _ in profile) > self.longest:
            return False
        return all(sum(c for m, c in profile if m >= n) <= self.supply[n] for n, _ in profile)

    def requirement(self, requirement: Requirement) -> bool:
        """Every test for a whole requirement: its tuples at once, each adjacent unit alone,
        the adjacent units together on the runs."""
        found = self._requirements.get(requirement)
        if found is None:
            found = (self.runs_hold([(len(a), sum(a)) for a in requirement if len(a) > 1])
                     and all(self.unit(a) for a in requirement)
                     and self.tuples([k for a in requirement for k in a if k > 1]))
            self._requirements[requirement] = found
        return found
