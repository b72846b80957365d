"""Following by ordered decompositions: rbtying/shengji's rule (FOLLOW_RULE_DECOMPOSITION).

Used when a variant's ``following.follow_rule`` is ``FOLLOW_RULE_DECOMPOSITION`` (the
``rbtying-default`` profile). The rule, as rbtying/shengji applies it
(``mechanics/src/trick.rs``, ``TrickFormat::is_legal_play``), in the oracle's words:

1. The lead has a *format*: its units, found the way rbtying/shengji's
   ``TrickFormat::from_cards`` finds them (:func:`lead_format`).
2. A follower who plays fewer cards of the led suit than were led must have played every
   card of it they hold (rule ``follow.suit``).
3. A follower who plays only cards of the led suit walks a sequence of *requirements*: the
   format's own units, then the decompositions that
   ``ordered_card::subsequent_decomposition_ordering`` lists (:func:`requirements`). At the
   first requirement that the play can fill, the play is legal; at the first that the hand's
   cards of the suit can fill (and the play cannot), the play is illegal (rule
   ``follow.decomposition``). When no requirement can be filled either way the play is legal.
   In words: the play must reach the first requirement the hand can meet.

The variant's ``following.draw_policy`` (rbtying/shengji's ``TrickDrawPolicy``) changes the
walk: ``DRAW_POLICY_NO_FORMAT_BASED_DRAW`` stops after step 2;
``DRAW_POLICY_LONGER_TUPLES_PROTECTED`` lets the hand fill a tuple of ``k`` only with a card
it holds exactly ``k`` times (a triple is never broken for a pair);
``DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR`` leaves out every requirement that would give a
unit that was not a tractor an adjacency (a quad lead never asks for a tractor); the
combined policy (``..._AND_ONLY_DRAW_TRACTOR_ON_TRACTOR``, of a newer upstream revision not
confirmed) does both. That revision's extra guard against a longer tuple of the play
standing in for a shorter one the hand holds is not modelled.

A requirement is a list of units, each written as the tuple sizes of adjacent cards from the
lowest up, as rbtying/shengji writes them: ``(2, 2)`` a tractor of two pairs, ``(3,)`` a
triple, ``(3, 2)`` a triple with a pair just above it.

**The fill test is greedy and polynomial.** "Can these cards fill requirement R?" is
answered by :func:`oracle.seed_rules.matching.fill_needs`: adjacent units first (in the tightest run
that holds them, at an end of the run rather than inside it, the fewest spare copies, then
the lowest), then tuples by size (fewest copies first), then single cards; ``O(u * n log n)``
for ``u`` units and ``n`` cards. The play also fills R when it holds the very cards the
hand's fill of R uses. rbtying/shengji answers the question by an exhaustive search
(``format_match::find_format_matches``, exponential in the worst case). The two agree
whenever the units of R cannot compete for cards. They can differ when:

* several tractors of R compete for the runs of a hand: placing segments in runs is bin
  packing, and the greedy (longest first, tightest run) can fail where a packing exists:
  runs of six and four pairs hold tractors of 3, 3, 2 and 2 pairs (3+3 and 2+2), but the
  greedy puts the first 3 in the run of four and then has no room for a 2;
* with three or more decks, a tractor placed first takes copies that a tuple of R needed (or
  the other way round) where another placement would have left them;
* at the trump junction (trump ace, off-suit level cards, trump level card) the greedy takes
  the off-suit level card of a slot with the fewest copies; the exhaustive search tries each.

A false "cannot fill" of the hand makes the oracle accept a play upstream rejects; a false
"cannot fill" of the play (where the hand's own fill is not in the play) makes it reject a
play upstream accepts. Checked against an exhaustive fill on random deals (two, three and
four decks, both draw policies that fill, leads of up to 12 cards) the verdicts agreed in
every one of some 10,000 follows; a difference needs a hand like the one above.

**The order of the requirements** is rbtying/shengji's, computed by this module's own code:
:func:`full_decomposition_ordering` (every split of ``n`` cards, most structured first) and
:func:`subsequent_decompositions` (each unit starts after its own entry; the unit with the
most decompositions left is decomposed next). The order inside one split of tuple sizes
depends on how upstream enumerates set partitions (``usize_partitions``); that enumeration
has ``Bell(k)`` entries for ``k`` tuples of two or more cards, so it is reproduced exactly
for units of up to :data:`EXACT_MAX_CARDS` cards (``k <= 8``; computed once per size,
11,358 requirements for 17 cards). A unit of more cards (a tractor of nine or more pairs) is
listed lazily: its distinct splits in the same coarse order (longest adjacency first, then
fewest units, ties broken by the larger split first), and in a throw it counts as having
more decompositions left than any smaller unit. There the order, and so the interleaving of
a throw's units, may differ from upstream's.

**Cost of a walk.** The walk stops at the first requirement that decides. A requirement
seen before, or whose tuples the hand's copy counts cannot hold at all (a necessary
condition, :func:`tuples_possible`), is skipped without a fill: such a requirement is filled
by neither the hand nor the play. For a large unit whole groupings are skipped this way
before their splits are listed. A follow against a tractor of twelve pairs takes
milliseconds; the walk is polynomial for units of up to 17 cards and, beyond, bounded by the
splits of the groupings the hand can hold.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
>>> r = check_follow_decomposition(ctx, p("7S 7S"), p("2S 2S 3S 3S 5S 5S 9H"), p("2S 3S"))
>>> r.legal, r.broken_rule_id
(False, 'follow.decomposition')
>>> check_follow_decomposition(ctx, p("7S 7S"), p("2S 2S 3S 3S 5S 5S 9H"), p("2S 2S")).legal
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TypeVar

from oracle import pb

from oracle.profiles.rbtying import bombs
from oracle.cards import Card, Suit, format_cards
from oracle.engine.card_order import Identity
from oracle.engine.ruleset import DrawRule, Ruleset
from oracle.convert import cards_to_pb, suit_name
from oracle.seed_rules.matching import Need, RankKey, fill_needs, placement_cards, rank_key
from oracle.engine.pool import Pool
from oracle.engine.units import Unit

T = TypeVar("T")

Adjacent = tuple[int, ...]
"""One unit of a requirement: tuple sizes of adjacent cards, from the lowest up."""

Requirement = tuple[Adjacent, ...]
"""Units to fill together, largest first."""

EXACT_MAX_CARDS = 17
"""Units of up to this many cards get rbtying/shengji's exact order of decompositions."""

_EXACT_MAX_TUPLES = EXACT_MAX_CARDS // 2


# --- The order of the requirements --------------------------------------------------------


@cache
def groupings(n: int) -> tuple[tuple[int, ...], ...]:
    """The ways to split ``n`` cards into tuples, each largest first, in descending order.

    rbtying/shengji ``ordered_card::find_all_groupings``; its test ``test_find_all_groupings``:

    >>> groupings(4)
    ((4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1))
    """
    if n < 1:
        raise ValueError("a grouping needs at least one card")
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], remaining: int, largest: int) -> None:
        if remaining == 0:
            out.append(prefix)
            return
        for part in range(min(remaining, largest), 0, -1):
            extend((*prefix, part), remaining - part, part)

    extend((), n, n)
    return tuple(out)


SetPartition = tuple[tuple[int, ...], ...]


@cache
def set_partitions(k: int) -> tuple[SetPartition, ...]:
    """The set partitions of ``0 .. k-1`` in rbtying/shengji's order (``usize_partitions``).

    Built from those of ``k - 1`` (the new index joins each block in turn, then a block of
    its own), then stably sorted by the largest block (longest first) and the number of
    blocks (fewest first). Its test ``test_usize_partitions``:

    >>> set_partitions(3)
    (((0, 1, 2),), ((0, 1), (2,)), ((0, 2), (1,)), ((0,), (1, 2)), ((0,), (1,), (2,)))
    """
    if k < 1:
        raise ValueError("a set partition needs at least one element")
    if k == 1:
        return (((0,),),)
    grown: list[SetPartition] = []
    for part in set_partitions(k - 1):
        for i in range(len(part)):
            grown.append(part[:i] + ((*part[i], k - 1),) + part[i + 1:])
        grown.append((*part, (k - 1,)))
    grown.sort(key=lambda p: (-max(len(b) for b in p), len(p)))
    return tuple(_dedup(grown))


def _dedup(items: Sequence[T]) -> list[T]:
    """Drop an item equal to the one before it (Rust's ``Vec::dedup``)."""
    out: list[T] = []
    for item in items:
        if not out or out[-1] != item:
            out.append(item)
    return out


@cache
def _grouped(values: tuple[int, ...]) -> frozenset[SetPartition]:
    """The distinct ways to group ``values`` (largest first) into blocks, each block largest
    first and the blocks in descending order."""
    if not values:
        return frozenset({()})
    first, others = values[0], values[1:]
    counts = Counter(others)
    kinds = sorted(counts, reverse=True)
    found: set[SetPartition] = set()

    def subsets(i: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(kinds):
            yield chosen
            return
        for take in range(counts[kinds[i]] + 1):
            yield from subsets(i + 1, chosen + (kinds[i],) * take)

    for sub in subsets(0, ()):
        remaining = Counter(others)
        remaining.subtract(sub)
        rest = tuple(sorted(remaining.elements(), reverse=True))
        for part in _grouped(rest):
            found.add(tuple(sorted(((first, *sub), *part), reverse=True)))
    return frozenset(found)


def _multiset_partitions(values: tuple[int, ...]) -> list[SetPartition]:
    """The distinct splits of ``values`` into adjacent units, in the coarse order of
    :func:`set_partitions` (longest unit first, then fewest units), ties broken by the
    larger split first: the order used beyond :data:`EXACT_MAX_CARDS`."""
    return sorted(_grouped(values), key=lambda p: (-max(len(b) for b in p), len(p), [[-x for x in b] for b in p]))


def _splits(big: tuple[int, ...]) -> list[tuple[Adjacent, ...]]:
    """The ways to make adjacent units of a grouping's tuples of two or more cards."""
    if len(big) <= _EXACT_MAX_TUPLES:
        return [tuple(tuple(big[i] for i in block) for block in part) for part in set_partitions(len(big))]
    return list(_multiset_partitions(big))


def _entries(grouping: tuple[int, ...]) -> list[Requirement]:
    big = tuple(v for v in grouping if v > 1)
    ones: list[Adjacent] = [(1,)] * (len(grouping) - len(big))
    if not big:
        return [tuple(ones)]
    return [tuple(sorted([*split, *ones], reverse=True)) for split in _splits(big)]


@lru_cache(maxsize=64)
def full_decomposition_ordering(n: int) -> tuple[Requirement, ...]:
    """Every split of ``n`` cards into units, most structured first.

    rbtying/shengji ``ordered_card::full_decomposition_ordering``: for each grouping
    (:func:`groupings`), each way to make adjacent units of its tuples of two or more cards
    (single cards are never adjacent), each split sorted largest unit first; repeats next to
    each other dropped. Its test ``test_full_decomposition_ordering``:

    >>> full_decomposition_ordering(4)
    (((4,),), ((3,), (1,)), ((2, 2),), ((2,), (2,)), ((2,), (1,), (1,)), ((1,), (1,), (1,), (1,)))
    """
    out: list[Requirement] = []
    for grouping in groupings(n):
        out.extend(_entries(grouping))
    return tuple(_dedup(out))


@lru_cache(maxsize=256)
def decompositions_after(unit: Adjacent) -> tuple[Requirement, ...]:
    """The entries of :func:`full_decomposition_ordering` after the unit's own entry.

    For units of up to :data:`EXACT_MAX_CARDS` cards (larger ones go through
    :func:`_lazy_tail`).

    >>> decompositions_after((2, 2))
    (((2,), (2,)), ((2,), (1,), (1,)), ((1,), (1,), (1,), (1,)))
    """
    own: Requirement = (tuple(sorted(unit, reverse=True)),)
    sequence = full_decomposition_ordering(sum(unit))
    return sequence[sequence.index(own) + 1:] if own in sequence else ()


Possible = Callable[[Sequence[int]], bool]
"""A necessary condition on the tuple sizes (two cards or more) of a requirement: when it
fails, no requirement with those tuples can be filled, and the walk may skip them."""


def _anything(_: Sequence[int]) -> bool:
    return True


def _lazy_tail(unit: Adjacent, possible: Possible) -> Iterator[Requirement]:
    """The entries after a unit of more than :data:`EXACT_MAX_CARDS` cards, lazily.

    Groupings in descending order from the unit's own (their first part is never larger), a
    grouping whose tuples fail ``possible`` skipped with every grouping that extends the same
    prefix; each grouping's distinct splits in the coarse order of the module docstring.
    """
    own = tuple(sorted(unit, reverse=True))
    n = sum(own)

    def partitions(prefix: tuple[int, ...], remaining: int, largest: int) -> Iterator[tuple[int, ...]]:
        if remaining == 0:
            yield prefix
            return
        for part in range(min(remaining, largest), 0, -1):
            grown = (*prefix, part)
            if grown > own[: len(grown)] and prefix == own[: len(prefix)]:
                continue  # before the unit's own grouping
            if part > 1 and not possible([v for v in grown if v > 1]):
                continue
            yield from partitions(grown, remaining - part, part)

    started = False
    for grouping in partitions((), n, own[0]):
        entries = _entries(grouping)
        if not started:
            started = True
            if grouping == own:
                entries = entries[entries.index((own,)) + 1:] if (own,) in entries else entries
        yield from entries


class _Tail:
    """One unit's decompositions after its own entry, and how many are left."""

    LAZY = 1 << 62
    """The count a lazily listed unit reports: more than any listed one (see the docstring)."""

    def __init__(self, unit: Adjacent, possible: Possible) -> None:
        self.listed: tuple[Requirement, ...] = ()
        self.lazy: Iterator[Requirement] | None = None
        self.position = 0
        self.ahead: Requirement | None = None
        if sum(unit) <= EXACT_MAX_CARDS:
            self.listed = decompositions_after(tuple(sorted(unit, reverse=True)))
        else:
            self.lazy = _lazy_tail(unit, possible)
            self.ahead = next(self.lazy, None)

    def left(self) -> int:
        if self.lazy is not None:
            return self.LAZY if self.ahead is not None else 0
        return len(self.listed) - self.position

    def take(self) -> Requirement:
        if self.lazy is not None:
            assert self.ahead is not None
            taken, self.ahead = self.ahead, next(self.lazy, None)
            return taken
        self.position += 1
        return self.listed[self.position - 1]


def subsequent_decompositions(
    units: Sequence[Adjacent], include_new_adjacency: bool, possible: Possible = _anything
) -> Iterator[Requirement]:
    """The requirements after a format's own units, in rbtying/shengji's order.

    rbtying/shengji ``ordered_card::subsequent_decomposition_ordering``: each unit starts
    just after its own entry in :func:`full_decomposition_ordering`; each step takes the
    next decomposition of the unit with the most left (the first such on a tie, in the order
    of the previous step) and yields every unit's current decomposition together, largest
    first. Without ``include_new_adjacency`` a step that gives a unit that was not a tractor
    an adjacency yields nothing. From its test ``test_subsequent_decomposition_ordering``:

    >>> list(subsequent_decompositions([(3,)], True))
    [((2,), (1,)), ((1,), (1,), (1,))]
    >>> [r for r in subsequent_decompositions([(4,)], False)][:2]
    [((3,), (1,)), ((2,), (2,))]

    A unit of more than :data:`EXACT_MAX_CARDS` cards is listed lazily and counts as having
    more decompositions left than any other until it has none; ``possible`` lets its listing
    skip groupings of tuples that cannot be filled (the others are not affected).
    """
    if not units or any(not u for u in units):
        return
    reqs = [tuple(sorted(u, reverse=True)) for u in units]
    tails = [_Tail(req, possible) for req in reqs]
    current: list[Requirement] = [(req,) for req in reqs]
    allowed = [include_new_adjacency or len(req) > 1 for req in reqs]
    order = list(range(len(reqs)))
    while True:
        order.sort(key=lambda i: -tails[i].left())
        index = order[0]
        if not tails[index].left():
            return
        current[index] = tails[index].take()
        if all(len(a) == 1 or allowed[i] for i in order for a in current[i]):
            yield tuple(sorted((a for i in order for a in current[i]), reverse=True))


# --- The lead's format (TrickFormat::from_cards) ------------------------------------------

_SUIT_TIEBREAK = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
"""rbtying/shengji breaks ties between equal cards by their playing-card character."""


def order_key(ctx: Ruleset, card: Card) -> tuple[RankKey, int]:
    """rbtying/shengji's total order of cards (``Trump::compare``): the rank plays compare by,
    then, between equal cards, spades < hearts < diamonds < clubs.

    >>> from oracle.cards import parse_card as c, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
    >>> order_key(ctx, c("4H")) < order_key(ctx, c("4D")) < order_key(ctx, c("4S"))
    True
    """
    return (rank_key(ctx, card), -1 if card.suit is None else _SUIT_TIEBREAK[card.suit])


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
    def adjacent(self) -> Adjacent:
        return (self.count,) * len(self.members)

    @property
    def key(self) -> tuple[int, bool]:
        """How from_cards ranks a unit when it chooses a format: size, then tractor."""
        return (self.size, self.is_tractor)

    @property
    def name(self) -> str:
        return unit_name(self.adjacent)


_TUPLE_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


def unit_name(adjacent: Adjacent) -> str:
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

    def __init__(self, ctx: Ruleset, cards: Sequence[Card]) -> None:
        self.ctx = ctx
        pool = Pool(ctx, cards)
        self.pool = pool
        self.ids = sorted(pool.cards, key=lambda i: self.ord_key(i))
        self.index = {identity: n for n, identity in enumerate(self.ids)}
        at_slot: dict[int, list[int]] = {}
        for n, identity in enumerate(self.ids):
            for slot in pool.slots(identity):
                at_slot.setdefault(slot, []).append(n)
        self.successors = [
            [m for slot in pool.slots(identity) for m in at_slot.get(slot + 1, ()) if m != n]
            for n, identity in enumerate(self.ids)
        ]
        tractors = ctx.variant.tractors
        self.min_count = max(2, tractors.min_tuple_size)
        self.min_length = max(2, tractors.min_length)
        self.start = tuple(len(pool.cards[identity]) for identity in self.ids)
        self._best: dict[tuple[int, ...], tuple[int, bool]] = {}
        self._candidates: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}

    def ord_key(self, identity: Identity) -> tuple[RankKey, int]:
        return order_key(self.ctx, self.pool.cards[identity][0])

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
        chosen = self.last(self.start, self.best(self.start))
        units: list[FormatUnit] = []
        taken = Pool(self.ctx, [c for cs in self.pool.cards.values() for c in cs])
        for count, members in chosen:
            identities = tuple(self.ids[m] for m in members)
            cards = tuple(c for identity in identities for c in taken.take(identity, count))
            units.append(FormatUnit(count, identities, cards))
        units.sort(key=lambda u: (u.size, self.ord_key(u.members[0])))
        return units


def lead_format(ctx: Ruleset, cards: Sequence[Card]) -> list[FormatUnit]:
    """The lead's units as rbtying/shengji's ``TrickFormat::from_cards`` finds them.

    Of the splits ``find_plays`` lists (tractors from the lowest card, or all its copies as
    one unit, then the rest the same way), the one whose largest unit is largest (more cards,
    then a tractor over a tuple); between equals, the one it lists last. Units come sorted
    by size, then by their lowest card. With two decks this is the natural split; with three
    ``2 2 2 3 3`` is a tractor ``2233`` and a single ``2``, not a triple and a pair (its test
    ``test_play_formats``). The search is memoised over the cards left.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
    >>> [(u.name, format_cards(u.cards)) for u in lead_format(ctx, p("QS QS KS KS AS"))]
    [('single', 'AS'), ('tractor of 2 pairs', 'QS QS KS KS')]
    """
    if not cards:
        raise ValueError("a lead has cards")
    return _Formats(ctx, cards).format()


def format_units(ctx: Ruleset, cards: Sequence[Card]) -> list[Unit]:
    """The units of a play as rbtying/shengji reads them (``TrickFormat::from_cards``), largest first.

    This ruleset's unit reader: DescribePlay, CheckThrow and ScoreBottom see a play as the
    follow check and the trick judge do.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
    >>> [u.name for u in format_units(ctx, p("QS QS KS KS AS"))]
    ['tractor of 2 pairs', 'single']
    """
    units = [
        Unit(u.count, len(u.members), max(ctx.strength(c) for c in u.cards), tuple(ctx.sorted(u.cards)))
        for u in lead_format(ctx, cards)
    ]
    return sorted(units, key=lambda u: (u.sort_key(), [ctx.sort_key(c) for c in u.cards]))


# --- The follow check -------------------------------------------------------------------


def requirements(units: Sequence[FormatUnit], draw: DrawRule, possible: Possible = _anything) -> Iterator[Requirement]:
    """The format's own units, then its subsequent decompositions (``TrickFormat::decomposition``)."""
    own = tuple(sorted((u.adjacent for u in units), reverse=True))
    yield own
    new_adjacency = not draw.only_tractor_on_tractor
    yield from subsequent_decompositions([u.adjacent for u in units], new_adjacency, possible)


def tuples_possible(counts: Sequence[int]) -> Possible:
    """A necessary condition for cards with these copy counts to hold tuples of given sizes:
    for every size ``t`` asked, the tuples of ``t`` or more cards are at most the number of
    ``t``-card tuples the counts can give (``sum(c // t)``), and the cards suffice.

    >>> ok = tuples_possible([3, 2, 2, 1])
    >>> ok([2, 2, 2]), ok([3, 3]), ok([2, 2, 2, 2])
    (True, False, False)
    """
    held = sorted(counts, reverse=True)
    total = sum(held)

    def possible(sizes: Sequence[int]) -> bool:
        if sum(sizes) > total:
            return False
        for t in set(sizes):
            if sum(1 for v in sizes if v >= t) > sum(c // t for c in held if c >= t):
                return False
        return True

    return possible


NO_PROTECTIONS = DrawRule(format_based=True, protects_longer_tuples=False, only_tractor_on_tractor=False)
"""``DRAW_POLICY_NO_PROTECTIONS``."""
LONGER_TUPLES_PROTECTED = DrawRule(format_based=True, protects_longer_tuples=True, only_tractor_on_tractor=False)
"""``DRAW_POLICY_LONGER_TUPLES_PROTECTED``: a tuple of k is filled only by a card held exactly k times."""
ONLY_DRAW_TRACTOR_ON_TRACTOR = DrawRule(format_based=True, protects_longer_tuples=False, only_tractor_on_tractor=True)
"""``DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR``: no requirement adds adjacency a unit did not have."""
BOTH_PROTECTIONS = DrawRule(format_based=True, protects_longer_tuples=True, only_tractor_on_tractor=True)
"""``DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR``."""
NO_FORMAT_BASED_DRAW = DrawRule(format_based=False, protects_longer_tuples=False, only_tractor_on_tractor=False)
"""``DRAW_POLICY_NO_FORMAT_BASED_DRAW``: only the suit is enforced."""


def _draw(ctx: Ruleset) -> DrawRule:
    return ctx.strategies.draw or NO_PROTECTIONS


@dataclass(frozen=True)
class Duty:
    """The first requirement that decides a follow: its place, the requirement, and whether
    the play (else the hand) filled it; ``None`` fields when none decides."""

    position: int | None
    requirement: Requirement | None
    play_fills: bool
    hand_cards: tuple[Card, ...] = ()


def first_duty(
    ctx: Ruleset, units: Sequence[FormatUnit], hand_x: Sequence[Card], play_x: Sequence[Card] | None
) -> Duty:
    """Walk the requirements until the play (if given) or the hand fills one.

    The hand is tested under the variant's draw policy, the play with no protection.
    """
    draw = _draw(ctx)
    exact: dict[Identity, int] | None = None
    if draw.protects_longer_tuples:
        exact = dict(Counter(ctx.identity(c) for c in hand_x))
    # A requirement the hand cannot hold even without protection is filled by neither the hand
    # nor the play (a part of the hand): skipping it changes no verdict.
    possible = tuples_possible(list(Counter(ctx.identity(c) for c in hand_x).values()))
    seen: set[Requirement] = set()
    for position, requirement in enumerate(requirements(units, draw, possible)):
        if requirement in seen or not possible([k for a in requirement for k in a if k > 1]):
            continue
        seen.add(requirement)
        needs = [Need(a) for a in requirement]
        if play_x is not None and fill_needs(ctx, needs, play_x) is not None:
            return Duty(position, requirement, True)
        placed = fill_needs(ctx, needs, hand_x, exact=exact)
        if placed is not None:
            cards = tuple(c for unit in placement_cards(ctx, hand_x, placed) for c in unit)
            if play_x is not None and not Counter(cards) - Counter(play_x):
                # The play holds the very cards the hand fills it with: a fill the greedy
                # search of the play alone can miss.
                return Duty(position, requirement, True)
            return Duty(position, requirement, False, cards)
    return Duty(None, None, False)


def _lowest(ctx: Ruleset, cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (ctx.strength(c), ctx.sort_key(c)))


def legal_example(ctx: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> list[Card]:
    """A legal follow: the cards the hand fills its first requirement with, then the lowest
    cards of the suit, then the lowest others (rule ``follow.suit`` first)."""
    suit = ctx.suit_of(lead)
    n = len(lead)
    hand_x = ctx.of_suit(hand, suit)
    if len(hand_x) < n:
        others = [c for c in hand if ctx.effective_suit(c) != suit]
        rest = sorted(others, key=lambda c: (ctx.is_trump(c), ctx.strength(c), ctx.sort_key(c)))
        return ctx.sorted([*hand_x, *rest[: n - len(hand_x)]])
    chosen = list(first_duty(ctx, lead_format(ctx, lead), hand_x, None).hand_cards)
    left = Counter(hand_x)
    left.subtract(chosen)
    chosen.extend(_lowest(ctx, list(left.elements()))[: n - len(chosen)])
    return ctx.sorted(chosen)


def check_follow_decomposition(
    ctx: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card]
) -> pb.CheckFollowResponse:
    """Judge a follow by rbtying/shengji's rule; ``hand`` is the whole hand before the play."""
    if bombs.follow_allowed(ctx, lead, hand, play):
        return pb.CheckFollowResponse(
            legal=True, rule_ids=["follow.bomb"],
            explanation=f"Legal: {format_cards(ctx.sorted(play))} is a bomb, which the variant lets a follower play.")
    suit = ctx.suit_of(lead)
    name = suit_name(suit)
    n = len(lead)
    hand_x = ctx.of_suit(hand, suit)
    play_x = ctx.of_suit(play, suit)
    units = lead_format(ctx, lead)
    shape = ", ".join(u.name for u in units)
    if len(play_x) < n:
        if len(play_x) == len(hand_x):
            return pb.CheckFollowResponse(
                legal=True, rule_ids=["follow.suit"],
                explanation=f"Legal: every {name} card of the hand ({len(hand_x)}) is played.")
        return _illegal(ctx, lead, hand, "follow.suit", ["follow.suit"],
                        f"the hand holds {len(hand_x)} {name}, so {min(n, len(hand_x))} of them must be "
                        f"played; the play has {len(play_x)}")
    rule_ids = ["follow.suit", "follow.decomposition"]
    if not _draw(ctx).format_based:
        return pb.CheckFollowResponse(
            legal=True, rule_ids=rule_ids,
            explanation=f"Legal: all {n} cards are {name}; the draw policy asks for no format.")
    duty = first_duty(ctx, units, hand_x, play_x)
    if duty.requirement is None:
        return pb.CheckFollowResponse(
            legal=True, rule_ids=rule_ids,
            explanation=(f"Legal: all {n} cards are {name}, and neither the play nor the hand can fill any "
                         f"decomposition of the lead ({shape})."))
    where = "the lead's own format" if duty.position == 0 else f"decomposition {duty.position} of the lead ({shape})"
    wanted = requirement_name(duty.requirement)
    if duty.play_fills:
        return pb.CheckFollowResponse(
            legal=True, rule_ids=rule_ids,
            explanation=(f"Legal: the play shows {wanted}, {where}, the first requirement that the play or the "
                         f"hand can fill."))
    return _illegal(ctx, lead, hand, "follow.decomposition", rule_ids,
                    f"the hand can show {wanted} of {name}, {where}, and the play cannot show it "
                    "or any requirement before it")


def _illegal(
    ctx: Ruleset, lead: Sequence[Card], hand: Sequence[Card], broken: str, rule_ids: list[str], why: str
) -> pb.CheckFollowResponse:
    example = legal_example(ctx, lead, hand)
    return pb.CheckFollowResponse(
        legal=False,
        broken_rule_id=broken,
        example=cards_to_pb(example),
        rule_ids=rule_ids,
        explanation=f"Illegal ({broken}): {why}. A legal play: {format_cards(example)}.",
    )
