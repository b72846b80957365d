"""How rbtying/shengji reads a play: its format (``TrickFormat::from_cards``) and card order.

rbtying/shengji ``mechanics/src/trick.rs`` (``TrickFormat::from_cards``, ``find_plays``) and
``mechanics/src/types.rs`` (``Trump::compare``) @ 71f8d43. This is the rbtying ruleset's unit
reader (:func:`format_units`), so every question of such a room sees a play alike.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
>>> [u.name for u in format_units(rules, p("QS QS KS KS AS"))]
['tractor of 2 pairs', 'single']
"""

from __future__ import annotations

import functools
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar
from weakref import WeakKeyDictionary

from oracle.cards import Card, Suit
from oracle.engine.budget import spend
from oracle.engine.card_order import Identity
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Unit
from oracle.profiles.rbtying.fill import RankKey, rank_key
from oracle.profiles.rbtying.ordering import AdjacentTupleSizes, Requirement

_SUIT_TIEBREAK = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
"""rbtying/shengji breaks ties between equal cards by their playing-card character."""


def order_key(rules: Ruleset, card: Card) -> tuple[RankKey, int]:
    """rbtying/shengji's total order of cards (``Trump::compare``): the rank plays compare by,
    then, between equal cards, spades < hearts < diamonds < clubs.

    >>> from oracle.cards import parse_card as c, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
    >>> order_key(rules, c("4H")) < order_key(rules, c("4D")) < order_key(rules, c("4S"))
    True
    """
    return (rank_key(rules, card), -1 if card.suit is None else _SUIT_TIEBREAK[card.suit])


T = TypeVar("T")


class PerRuleset(Generic[T]):
    """A table built once per ruleset and kept as long as the ruleset is; the last ruleset's
    found without the weak dictionary's look-up (a question asks for it several times).

    >>> from oracle.variants import make_ruleset
    >>> from oracle.cards import Rank, Suit
    >>> sizes = PerRuleset(lambda rules: len(rules.keys))
    >>> sizes(make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES))
    54
    """

    def __init__(self, build: Callable[[Ruleset], T]) -> None:
        self.build = build
        self.kept: WeakKeyDictionary[Ruleset, T] = WeakKeyDictionary()
        self.last: tuple[Ruleset, T] | None = None

    def __call__(self, rules: Ruleset) -> T:
        last = self.last
        if last is not None and last[0] is rules:
            return last[1]
        found = self.kept.get(rules)
        if found is None:
            built = self.build(rules)
            with _formats_lock:  # the server's threads share the tables
                found = self.kept.setdefault(rules, built)
        self.last = (rules, found)
        return found


def _order_keys(rules: Ruleset) -> list[tuple[RankKey, int]]:
    keys = [((0, 0), 0)] * (max(card.code for card in rules.keys) + 1)
    for card in rules.keys:
        keys[card.code] = order_key(rules, card)
    return keys


order_keys = PerRuleset(_order_keys)
""":func:`order_key` of each card code of the ruleset, built once and kept as long as the
ruleset is (the trick's searches read it for every card of every play).

>>> from oracle.cards import parse_card as c, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
>>> order_keys(rules)[c("4H").code] == order_key(rules, c("4H"))
True
"""


@dataclass(frozen=True)
class FormatUnit:
    """A unit of a format: ``count`` copies of each member; members from the lowest up.

    One member is rbtying/shengji's ``TrickUnit::Repeated``, more a ``TrickUnit::Tractor``.
    """

    count: int
    members: tuple[Identity, ...]
    cards: tuple[Card, ...] = ()

    @property
    def is_tractor(self) -> bool:
        return len(self.members) > 1

    @property
    def size(self) -> int:
        return self.count * len(self.members)

    @property
    def adjacent(self) -> AdjacentTupleSizes:
        return (self.count,) * len(self.members)

    @property
    def key(self) -> tuple[int, bool]:
        """How from_cards ranks a unit when it chooses a format: size, then tractor."""
        return (self.size, self.is_tractor)

    @property
    def name(self) -> str:
        return unit_name(self.adjacent)


_TUPLE_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


@functools.lru_cache(maxsize=1024)
def unit_name(adjacent: AdjacentTupleSizes) -> str:
    """A unit of a requirement in words.

    >>> unit_name((2,)), unit_name((2, 2, 2)), unit_name((3, 2))
    ('pair', 'tractor of 3 pairs', 'triple with a pair above it')
    """
    names = [_TUPLE_NAMES.get(k, f"{k}-tuple") for k in adjacent]
    if len(adjacent) == 1:
        return names[0]
    if len(set(adjacent)) == 1:
        plural = "quads" if adjacent[0] == 4 else names[0] + "s"
        return f"tractor of {len(adjacent)} {plural}"
    return names[0] + "".join(f" with a {n} above it" for n in names[1:])


@functools.lru_cache(maxsize=4096)
def requirement_name(requirement: Requirement) -> str:
    """A requirement in words.

    >>> requirement_name(((2, 2), (2,), (1,), (1,)))
    'a tractor of 2 pairs, a pair and 2 singles'
    """
    counts = Counter(requirement)
    parts = []
    for adjacent in sorted(counts, key=lambda a: (-len(a), [-x for x in a])):
        name, n = unit_name(adjacent), counts[adjacent]
        parts.append(f"a {name}" if n == 1 else f"{n} {name}s" if not name.endswith("s") else f"{n} {name}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


class _Formats:
    """rbtying/shengji's ``find_plays`` over one lead, searched without listing every option."""

    def __init__(self, rules: Ruleset, cards: Sequence[Card]) -> None:
        self.rules = rules
        pool = Pool(rules, cards)
        self.pool = pool
        self.keys = order_keys(rules)
        self.ids = sorted(pool.cards, key=self.ord_key)
        tractors = rules.variant.tractors
        self.min_count = max(2, tractors.min_tuple_size)
        self.min_length = max(2, tractors.min_length)
        self.start = tuple(len(pool.cards[identity]) for identity in self.ids)
        self._best: dict[tuple[int, ...], tuple[int, bool]] = {}
        self.spent = 0
        """The steps of the work budget the search has spent."""
        self._candidates: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}

    def spend(self, steps: int) -> None:
        self.spent += steps
        spend(steps)

    @functools.cached_property
    def successors(self) -> list[list[int]]:
        """Each identity's successors: the identities on the slot just above one of its own."""
        pool = self.pool
        at_slot: dict[int, list[int]] = {}
        for n, identity in enumerate(self.ids):
            for slot in pool.slots(identity):
                at_slot.setdefault(slot, []).append(n)
        return [[m for slot in pool.slots(identity) for m in at_slot.get(slot + 1, ()) if m != n]
                for n, identity in enumerate(self.ids)]

    def ord_key(self, identity: Identity) -> tuple[RankKey, int]:
        return self.keys[self.pool.cards[identity][0].code]

    def tractor_free(self) -> bool:
        """Whether no tractor can be taken: no identity held ``min_count`` times or more is
        followed by one held twice or more (every option is then the same split)."""
        start = self.start
        if max(start) < self.min_count:
            return True
        return not any(start[n] >= self.min_count and any(start[m] >= 2 for m in self.successors[n])
                       for n in range(len(start)))

    def tractors_from(self, start: int, counts: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """``find_tractors_from_start``: every tractor beginning at ``start``, shortest first."""
        if counts[start] < self.min_count:
            return []
        found: list[tuple[int, tuple[int, ...]]] = []
        frontier: list[tuple[int, tuple[int, ...]]] = [(m, (start,)) for m in self.successors[start]]
        lowest = counts[start]  # upstream keeps one running minimum over the whole search
        while frontier:
            following: list[tuple[int, tuple[int, ...]]] = []
            for member, path in frontier:
                self.spend(1)
                if counts[member] >= 2:
                    lowest = min(lowest, counts[member])
                    longer = (*path, member)
                    if lowest >= self.min_count and len(longer) >= self.min_length:
                        found.append((lowest, longer))
                    following.extend((m, longer) for m in self.successors[member])
            frontier = following
        return found

    def candidates(self, counts: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """The units ``find_plays_inner`` may start with: tractors from the lowest card, then
        all its copies as one tuple unless every tractor uses up all copies of its members."""
        cached = self._candidates.get(counts)
        if cached is not None:
            return cached
        low = next(n for n, c in enumerate(counts) if c)
        tractors = self.tractors_from(low, counts)
        consumed = bool(tractors) and all(all(counts[m] == width for m in members) for width, members in tractors)
        found = tractors if consumed else [*tractors, (counts[low], (low,))]
        self._candidates[counts] = found
        return found

    @staticmethod
    def key(unit: tuple[int, tuple[int, ...]]) -> tuple[int, bool]:
        return (unit[0] * len(unit[1]), len(unit[1]) > 1)

    @staticmethod
    def without(counts: tuple[int, ...], unit: tuple[int, tuple[int, ...]]) -> tuple[int, ...]:
        out = list(counts)
        for member in unit[1]:
            out[member] -= unit[0]
        return tuple(out)

    def covering(self, counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
        total = sum(counts)
        return next((u for u in self.candidates(counts) if self.key(u)[0] == total), None)

    def best(self, counts: tuple[int, ...]) -> tuple[int, bool]:
        """The largest unit key any option of these cards reaches."""
        if counts in self._best:
            return self._best[counts]
        self.spend(len(counts))
        cover = self.covering(counts)
        if cover is not None:
            value = self.key(cover)
        else:
            value = max(max(self.key(u), self.best(self.without(counts, u))) for u in self.candidates(counts))
        self._best[counts] = value
        return value

    def last(self, counts: tuple[int, ...], target: tuple[int, bool] | None) -> list[tuple[int, tuple[int, ...]]]:
        """The last option ``find_plays`` lists (with a unit of key ``target``, if given)."""
        cover = self.covering(counts)
        if cover is not None:
            return [cover]
        for unit in reversed(self.candidates(counts)):
            rest = self.without(counts, unit)
            if target is None or self.key(unit) == target:
                return [*self.last(rest, None), unit]
            if self.best(rest) == target:
                return [*self.last(rest, target), unit]
        raise AssertionError("a largest unit no option reaches")

    def format(self) -> list[FormatUnit]:
        if self.tractor_free():  # the one split, each identity's copies one unit
            held = self.pool.cards
            units = [FormatUnit(len(held[i]), (i,), tuple(held[i])) for i in reversed(self.ids)]
            units.sort(key=lambda u: (u.size, self.ord_key(u.members[0])))
            return units
        chosen = self.last(self.start, self.best(self.start))
        units = []
        taken = Pool(self.rules, [c for cs in self.pool.cards.values() for c in cs])
        for count, members in chosen:
            identities = tuple(self.ids[m] for m in members)
            cards = tuple(c for identity in identities for c in taken.take(identity, count))
            units.append(FormatUnit(count, identities, cards))
        units.sort(key=lambda u: (u.size, self.ord_key(u.members[0])))
        return units


def lead_format(rules: Ruleset, cards: Sequence[Card]) -> list[FormatUnit]:
    """The lead's units as rbtying/shengji's ``TrickFormat::from_cards`` finds them.

    Of the splits ``find_plays`` lists (tractors from the lowest card, or all its copies as
    one unit, then the rest the same way), the one whose largest unit is largest (more cards,
    then a tractor over a tuple); between equals, the one it lists last. Units come sorted
    by size, then by their lowest card. With two decks this is the natural split; with three
    ``2 2 2 3 3`` is a tractor ``2233`` and a single ``2``, not a triple and a pair (its test
    ``test_play_formats``). The search is memoised over the cards left; a lead that holds no
    tractor has one split (each identity's copies one unit) and is read without it.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> from oracle.cards import format_cards
    >>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
    >>> [(u.name, format_cards(u.cards)) for u in lead_format(rules, p("QS QS KS KS AS"))]
    [('single', 'AS'), ('tractor of 2 pairs', 'QS QS KS KS')]
    """
    if not cards:
        raise ValueError("a lead has cards")
    kept = _formats_of(rules)
    key = tuple(sorted(c.code for c in cards))
    found = kept.get(key)
    if found is None:
        search = _Formats(rules, cards)
        found = (tuple(search.format()), search.spent)
        with _formats_lock:  # the server's threads share the kept formats
            if len(kept) >= FORMATS_KEPT:
                kept.pop(next(iter(kept), ()), None)
            kept[key] = found
    else:
        spend(found[1])  # the search's steps, as if it ran again: the budget sees the same work
    return list(found[0])


FORMATS_KEPT = 1024
"""How many leads' formats each ruleset keeps (:func:`lead_format`), the oldest dropped first: a
trick asks its lead's format once per play, a deal's questions ask the same leads again."""

_formats_lock = threading.Lock()
_formats_of: PerRuleset[dict[tuple[int, ...], tuple[tuple[FormatUnit, ...], int]]] = PerRuleset(lambda rules: {})
"""The formats found for the ruleset's leads, by the lead's card codes (a lead's format
depends on its cards alone, not on their order: ``Pool`` sorts them), with the steps each
search spent; kept as long as the ruleset is."""


def format_units(rules: Ruleset, cards: Sequence[Card]) -> list[Unit]:
    """The units of a play as rbtying/shengji reads them (``TrickFormat::from_cards``), largest first.

    This ruleset's unit reader: DescribePlay, CheckThrow and ScoreBottom see a play as the
    follow check and the trick judge do.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
    >>> [u.name for u in format_units(rules, p("QS QS KS KS AS"))]
    ['tractor of 2 pairs', 'single']
    """
    return [unit for unit, _ in listed_units(rules, lead_format(rules, cards))]


def listed_units(rules: Ruleset, units: Sequence[FormatUnit]) -> list[tuple[Unit, FormatUnit]]:
    """The format's units as :func:`format_units` lists them, each as the engine's
    :class:`~oracle.engine.units.Unit` with its format unit (a throw's check reads both).

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
    >>> [(u.name, f.name) for u, f in listed_units(rules, lead_format(rules, p("QS QS KS KS AS")))]
    [('tractor of 2 pairs', 'tractor of 2 pairs'), ('single', 'single')]
    """
    return sorted(((as_unit(rules, u), u) for u in units),
                  key=lambda pair: (pair[0].sort_key(), [rules.sort_key(c) for c in pair[0].cards]))


def as_unit(rules: Ruleset, unit: FormatUnit) -> Unit:
    """A format unit as the engine's :class:`~oracle.engine.units.Unit` (cards highest first)."""
    return Unit(unit.count, len(unit.members), max(rules.strength(c) for c in unit.cards), tuple(rules.sorted(unit.cards)))
