"""A multiset of cards of one effective suit, to take tuples and runs of adjacent tuples from.

Rules ``units.tuple``, ``units.tractor``: identical cards (by identity) form tuples; tuples
whose slots are adjacent form runs. Every unit reader and structure match builds on it.

>>> from oracle.cards import parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> pool = Pool(make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS), parse_cards("KS KS QS QS JS JS 5S 5S 3S"))
>>> [len(run) for run in pool.runs(2)]
[3, 1]
"""

from __future__ import annotations

import copy
from bisect import bisect_right
from collections.abc import Iterable
from operator import itemgetter

from oracle.cards import Card
from oracle.engine.card_order import Identity
from oracle.engine.ruleset import Ruleset

_STRENGTH = itemgetter(0)
"""The strength of a :meth:`Pool._holding` entry."""


class Pool:
    """A multiset of cards of one effective suit, for taking units out of: each identity's cards
    in the ruleset's order (:meth:`~oracle.engine.ruleset.Ruleset.sorted`), the identities in the
    order of their first card."""

    def __init__(self, rules: Ruleset, cards: Iterable[Card], *, exact_tuples: bool = False,
                 ordered: bool = False) -> None:
        """``ordered``: the cards come in the ruleset's order already (a play read off a
        :class:`~oracle.engine.legal_space.Space`), and are not sorted again."""
        self.rules = rules
        self.exact_tuples = exact_tuples
        self.cards: dict[Identity, list[Card]] = {}
        # Each identity's cards in a fixed order (in the two-colour game AS and AC share one),
        # so what is taken does not depend on the order the cards came in.
        order, identities, by_identity = rules.order, rules.identities, self.cards
        for card in cards if ordered else sorted(cards, key=lambda c: order[c.code]):
            identity = identities[card.code]
            held = by_identity.get(identity)
            if held is None:
                by_identity[identity] = [card]
            else:
                held.append(card)
        self.tractor_min = rules.tractor_min_length
        self.tractor_min_tuple = rules.tractor_min_tuple
        self._runs: dict[int, list[list[list[Identity]]]] = {}
        self._held: dict[int, list[tuple[int, int, Identity]]] = {}
        """:meth:`_holding` ``(k)`` sorted, by ``k``, until the next :meth:`take` (a throw asks each
        hand's pool for the lowest beating tuple of every unit)."""

    def copy(self) -> Pool:
        """A pool of the same cards to take from, this one left as it is (no sort again).

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> pool = Pool(make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS), parse_cards("KS KS 9S"))
        >>> twin = pool.copy()
        >>> len(twin.take((13, 2), 2)), pool.count((13, 2)), twin.count((13, 2))
        (2, 2, 0)
        """
        twin = copy.copy(self)
        twin.cards = {identity: list(cards) for identity, cards in self.cards.items()}
        twin._runs = dict(self._runs)
        twin._held = dict(self._held)
        return twin

    def count(self, identity: Identity) -> int:
        return len(self.cards.get(identity, ()))

    def strength(self, identity: Identity) -> int:
        return self.rules.strengths[self.cards[identity][0].code]

    def slots(self, identity: Identity) -> tuple[int, ...]:
        return self.rules.places[self.cards[identity][0].code]

    def identities(self, min_count: int = 1) -> list[Identity]:
        """Identities with at least ``min_count`` copies, lowest first (then by fewest copies).

        With ``exact_tuples``, only those with exactly ``min_count`` copies.
        """
        return [identity for _, _, identity in self._sorted_holding(min_count)]

    def _sorted_holding(self, k: int) -> list[tuple[int, int, Identity]]:
        """:meth:`_holding` ``(k)``, lowest first (then by fewest copies): found once per ``k`` until
        the next :meth:`take`; read it, never change it."""
        found = self._held.get(k)
        if found is None:
            found = self._held[k] = sorted(self._holding(k))
        return found

    def _holding(self, k: int) -> list[tuple[int, int, Identity]]:
        """``(strength, copies, identity)`` of each identity with ``k`` or more copies (exactly
        ``k`` with ``exact_tuples``, for ``k`` > 1), in the pool's order."""
        strengths = self.rules.strengths
        if self.exact_tuples and k > 1:
            return [(strengths[cs[0].code], k, i) for i, cs in self.cards.items() if len(cs) == k]
        return [(strengths[cs[0].code], len(cs), i) for i, cs in self.cards.items() if len(cs) >= k]

    def lowest(self, k: int, above: int | None = None) -> Identity | None:
        """The first of :meth:`identities` ``(k)`` stronger than ``above`` (any, for ``None``): a
        binary search of the identities held ``k`` times, sorted once per ``k``.

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
        >>> pool = Pool(rules, parse_cards("KS KS 9S 9S 5S 3S"))
        >>> pool.lowest(2, rules.strength(parse_cards("9S")[0])), pool.lowest(1), pool.lowest(3)
        ((13, 2), (3, 2), None)
        """
        held = self._sorted_holding(k)
        first = 0 if above is None else bisect_right(held, above, key=_STRENGTH)
        return held[first][2] if first < len(held) else None

    def runs(self, k: int) -> list[list[list[Identity]]]:
        """Maximal runs of adjacent slots holding an identity with ``k`` or more copies.

        Each run lists its slots from the highest; each slot lists the
        identities there (more than one only for equal cards such as 副10).
        Runs come longest first, then highest first. Found once per ``k`` until the next
        :meth:`take` (a throw asks each hand's pool again for every unit): read the lists,
        never change them.
        """
        if k < self.tractor_min_tuple:
            return []
        found = self._runs.get(k)
        if found is None:
            found = self._runs[k] = self._find_runs(k)
        return found

    def _find_runs(self, k: int) -> list[list[list[Identity]]]:
        by_slot: dict[int, list[Identity]] = {}
        places, cards = self.rules.places, self.cards
        twice = False
        for _, _, identity in self._sorted_holding(k):  # :meth:`identities` without its list
            slots = places[cards[identity][0].code]
            twice = twice or len(slots) > 1
            for slot in slots:
                at = by_slot.get(slot)
                if at is None:
                    by_slot[slot] = [identity]
                else:
                    at.append(identity)
        runs: list[list[list[Identity]]] = []
        previous: int | None = None
        for slot in sorted(by_slot, reverse=True):
            if runs and previous == slot + 1:
                runs[-1].append(by_slot[slot])
            else:
                runs.append([by_slot[slot]])
            previous = slot
        for run in runs if twice else ():
            # An ace that may end a tractor low never ends it at both ends at once: the run
            # stops before a place whose cards it already holds higher up.
            seen: set[Identity] = set()
            for i, slot_ids in enumerate(run):
                if all(identity in seen for identity in slot_ids):
                    del run[i:]
                    break
                seen.update(slot_ids)
        if len(runs) > 1:  # one run is in order already
            strengths = self.rules.strengths
            runs.sort(key=lambda r: (-len(r), -strengths[cards[r[0][0]][0].code]))
        return runs

    def fewest(self, k: int) -> Identity | None:
        """Of :meth:`identities` ``(k)``, the one with the fewest copies, then the lowest (one pass).

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> pool = Pool(make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS), parse_cards("KS KS 9S 9S 9S 5S"))
        >>> pool.fewest(2), pool.fewest(3), pool.fewest(4)
        ((13, 2), (9, 2), None)
        """
        strengths, exact = self.rules.strengths, self.exact_tuples and k > 1
        best: tuple[int, int, Identity] | None = None
        for identity, cards in self.cards.items():
            n = len(cards)
            if n == k if exact else n >= k:
                found = (n, strengths[cards[0].code], identity)
                if best is None or found < best:
                    best = found
        return None if best is None else best[2]

    def take(self, identity: Identity, n: int) -> list[Card]:
        """Remove ``n`` copies of an identity and return them."""
        self._runs.clear()
        self._held.clear()
        cards = self.cards[identity]
        if n >= len(cards):  # every copy (a pair of a pair): no list left to keep
            del self.cards[identity]
            return cards
        taken, self.cards[identity] = cards[:n], cards[n:]
        return taken

    def pick(self, identities: list[Identity], k: int) -> Identity:
        """Of the identities at one slot, the one to take k copies from: the fewest copies."""
        if len(identities) == 1:
            return identities[0]  # a slot of runs(k) holds only identities with k copies or more
        return min((i for i in identities if self.count(i) >= k), key=lambda i: (self.count(i), i))
