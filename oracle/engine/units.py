"""Units of a play: singles, tuples (pairs, triples...) and tractors.

A set of cards of one effective suit splits into units the natural way
(rules ``units.tuple``, ``units.tractor``): identical cards form one tuple of
their count (two copies a pair, three a triple), and tuples of one size whose
slots are adjacent form tractors, the longest first. Where the variant lets
tuples of different sizes make a tractor (Heijian), adjacent tuples form one
of the smaller size, the larger tuple's extra copies left over. Cards of equal rank but
different identity (two 副10 of different suits) share a slot, so they never
make a tractor with each other: 两对副10 is not a tractor.

The same pool of cards also answers "which runs of k-tuples are there", the
question behind following, ruffing and throws (see :class:`Pool`).

>>> from oracle.cards import parse_cards
>>> from oracle.engine.ruleset import make_context
>>> from oracle.cards import Rank, Suit
>>> ctx = make_context("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> [u.name for u in decompose(ctx, parse_cards("JS JS 9S 9S 4S"))]   # JJ99: the gap is bridged
['tractor of 2 pairs', 'single']
>>> [u.name for u in decompose(ctx, parse_cards("10S 10S 10C 10C"))]   # 两对副10
['pair', 'pair']
>>> [u.name for u in decompose(ctx, parse_cards("SJ SJ 10H 10H 10S 10S AH AH"))]
['tractor of 4 pairs']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from oracle.cards import Card
from oracle.engine.ruleset import Context, Identity

_TUPLE_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


@dataclass(frozen=True)
class Unit:
    """One unit: ``length`` adjacent tuples of ``tuple_size`` identical cards.

    ``top`` is the strength of its highest tuple; ``cards`` are highest first.
    """

    tuple_size: int
    length: int
    top: int
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        """Its number of cards."""
        return self.tuple_size * self.length

    @property
    def shape(self) -> tuple[int, int]:
        return (self.tuple_size, self.length)

    @property
    def is_tractor(self) -> bool:
        return self.length >= 2

    @property
    def name(self) -> str:
        """A name for people: "pair", "tractor of 3 pairs", "single"...

        >>> Unit(2, 3, 0, ()).name, Unit(3, 2, 0, ()).name, Unit(1, 1, 0, ()).name
        ('tractor of 3 pairs', 'tractor of 2 triples', 'single')
        """
        base = _TUPLE_NAMES.get(self.tuple_size, f"{self.tuple_size}-tuple")
        if self.length == 1:
            return base
        plural = "quads" if self.tuple_size == 4 else base + "s"
        return f"tractor of {self.length} {plural}"

    def sort_key(self) -> tuple[int, int, int, int]:
        """Largest first: most cards, then the larger tuple, then the higher."""
        return (-self.size, -self.tuple_size, -self.length, -self.top)


def shape_name(shape: tuple[int, int]) -> str:
    """The name of a shape (tuple size, length).

    >>> shape_name((2, 1)), shape_name((2, 2))
    ('pair', 'tractor of 2 pairs')
    """
    return Unit(shape[0], shape[1], 0, ()).name


class Pool:
    """A multiset of cards of one effective suit, for taking units out of.

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.engine.ruleset import make_context
    >>> ctx = make_context("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> pool = Pool(ctx, parse_cards("KS KS QS QS JS JS 5S 5S 3S"))
    >>> [len(run) for run in pool.runs(2)]
    [3, 1]
    """

    def __init__(self, ctx: Context, cards: Iterable[Card], *, exact_tuples: bool = False) -> None:
        self.ctx = ctx
        self.exact_tuples = exact_tuples
        self.cards: dict[Identity, list[Card]] = {}
        # Each identity's cards in a fixed order (in the two-colour game AS and AC share one),
        # so what is taken does not depend on the order the cards came in.
        for card in sorted(cards, key=ctx.sort_key):
            self.cards.setdefault(ctx.identity(card), []).append(card)
        self.tractor_min = ctx.variant.tractors.min_length
        self.tractor_min_tuple = max(2, ctx.variant.tractors.min_tuple_size)

    def count(self, identity: Identity) -> int:
        return len(self.cards.get(identity, ()))

    def strength(self, identity: Identity) -> int:
        return self.ctx.strength(self.cards[identity][0])

    def slots(self, identity: Identity) -> tuple[int, ...]:
        return self.ctx.slots(self.cards[identity][0])

    def identities(self, min_count: int = 1) -> list[Identity]:
        """Identities with at least ``min_count`` copies, lowest first (then by fewest copies).

        With ``exact_tuples``, only those with exactly ``min_count`` copies.
        """
        if self.exact_tuples and min_count > 1:
            found = [i for i, cs in self.cards.items() if len(cs) == min_count]
        else:
            found = [i for i, cs in self.cards.items() if len(cs) >= min_count]
        return sorted(found, key=lambda i: (self.strength(i), len(self.cards[i]), i))

    def runs(self, k: int) -> list[list[list[Identity]]]:
        """Maximal runs of adjacent slots holding an identity with ``k`` or more copies.

        Each run lists its slots from the highest; each slot lists the
        identities there (more than one only for equal cards such as 副10).
        Runs come longest first, then highest first.
        """
        if k < self.tractor_min_tuple:
            return []
        by_slot: dict[int, list[Identity]] = {}
        for identity in self.identities(k):
            for slot in self.slots(identity):
                by_slot.setdefault(slot, []).append(identity)
        runs: list[list[list[Identity]]] = []
        previous: int | None = None
        for slot in sorted(by_slot, reverse=True):
            if runs and previous == slot + 1:
                runs[-1].append(by_slot[slot])
            else:
                runs.append([by_slot[slot]])
            previous = slot
        for run in runs:
            # An ace that may end a tractor low never ends it at both ends at once: the run
            # stops before a place whose cards it already holds higher up.
            seen: set[Identity] = set()
            for i, slot_ids in enumerate(run):
                if all(identity in seen for identity in slot_ids):
                    del run[i:]
                    break
                seen.update(slot_ids)
        runs.sort(key=lambda r: (-len(r), -self.strength(r[0][0])))
        return runs

    def take(self, identity: Identity, n: int) -> list[Card]:
        """Remove ``n`` copies of an identity and return them."""
        cards = self.cards[identity]
        taken, self.cards[identity] = cards[:n], cards[n:]
        if not self.cards[identity]:
            del self.cards[identity]
        return taken

    def pick(self, identities: list[Identity], k: int) -> Identity:
        """Of the identities at one slot, the one to take k copies from: the fewest copies."""
        return min((i for i in identities if self.count(i) >= k), key=lambda i: (self.count(i), i))


def decompose(ctx: Context, cards: Sequence[Card]) -> list[Unit]:
    """The natural units of cards of one effective suit, largest first.

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.engine.ruleset import make_context
    >>> ctx = make_context("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> [u.name for u in decompose(ctx, parse_cards("9S 8S 8S 4S 4S"))]
    ['pair', 'pair', 'single']
    >>> [u.name for u in decompose(ctx, parse_cards("AS AS 2S 2S"))]   # AA22 is not a tractor
    ['pair', 'pair']
    """
    mixed = ctx.variant.tractors.mixed_tuple_sizes
    # The natural tuples: a tractor of k-tuples is made of cards held exactly k times, unless
    # the variant lets tuples of different sizes make one.
    pool = Pool(ctx, cards, exact_tuples=not mixed)
    units: list[Unit] = []
    sizes = sorted({len(cs) for cs in pool.cards.values() if len(cs) >= 2}, reverse=True)
    if mixed and sizes:
        # Tuples of different sizes make a tractor of the smaller: every size, largest first.
        sizes = list(range(sizes[0], 1, -1))
    for k in sizes:
        while True:
            runs = pool.runs(k)
            if not runs or len(runs[0]) < pool.tractor_min:
                break
            run = runs[0]
            top = pool.strength(run[0][0])  # the highest place: an ace ending a tractor low is not its top
            taken: list[Card] = []
            for slot_ids in run:
                taken.extend(pool.take(pool.pick(slot_ids, k), k))
            units.append(_unit(ctx, k, len(run), taken, top))
    for identity in list(pool.cards):
        k = pool.count(identity)
        if k:
            units.append(_unit(ctx, k, 1, pool.take(identity, k)))
    # Units that tie (equal cards of different suits, such as 副10 singles) are ordered by
    # their cards, so the answer does not depend on the order the cards came in.
    if ctx.variant.tractors.joker_tractor_alone and len(units) > 1:
        units = [piece for unit in units for piece in _jokers_apart(ctx, unit)]
    return sorted(units, key=lambda u: (u.sort_key(), [ctx.sort_key(c) for c in u.cards]))


def _jokers_apart(ctx: Context, unit: Unit) -> list[Unit]:
    """A tractor of jokers alone, split into its tuples (inside a throw, where the variant says so)."""
    if not unit.is_tractor or not all(c.is_joker for c in unit.cards):
        return [unit]
    by_rank: dict[int, list[Card]] = {}
    for card in unit.cards:
        by_rank.setdefault(int(card.rank), []).append(card)
    return [_unit(ctx, len(cards), 1, cards) for cards in by_rank.values()]


def _unit(ctx: Context, k: int, length: int, cards: list[Card], top: int | None = None) -> Unit:
    ordered = tuple(ctx.sorted(cards))
    return Unit(k, length, ctx.strength(ordered[0]) if top is None else top, ordered)


def tuple_counts(units: Iterable[Unit]) -> Counter[int]:
    """How many tuples of each size the units hold, those inside tractors included.

    >>> tuple_counts([Unit(2, 3, 0, ()), Unit(2, 1, 0, ()), Unit(1, 1, 0, ())])[2]
    4
    """
    counts: Counter[int] = Counter()
    for unit in units:
        if unit.tuple_size >= 2:
            counts[unit.tuple_size] += unit.length
    return counts


def tractor_counts(units: Iterable[Unit]) -> Counter[int]:
    """How many tractors of each tuple size the units hold."""
    return Counter(u.tuple_size for u in units if u.is_tractor)
