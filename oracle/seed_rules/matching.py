"""Matching cards against the structure of a lead.

Following, ruffing and the trick winner all ask one question: how much of the
lead's structure (its tractors and tuples) can these cards show? The answer is
a *profile*: the shapes matched, largest first.

The matching is greedy and deterministic (documented in docs/rules.md,
"Following"):

1. The lead's tuples and tractors are requirements, taken largest first
   (tuple size, then length). Singles require nothing beyond the suit.
2. A tractor requirement of length ``l`` takes the longest run it can use,
   ``u = min(l, run)``; of the runs giving that ``u`` the shortest (least
   waste), then the lowest; it takes the run's lowest ``u`` tuples. What is
   left of the requirement (``l - u``) is required again: as a tractor when it
   is still long enough to be one, else as separate tuples. With no run to
   use, the requirement becomes ``l`` separate tuples.
3. A tuple requirement of size ``k`` takes the lowest identity with ``k`` or
   more copies (the fewest copies first). With none left it becomes a
   requirement of size ``k - 1`` (a pair becomes nothing more than cards of
   the suit).

Every step looks at each run or identity once: with ``n`` cards there are at
most ``n`` requirements and each costs ``O(n log n)``, so a match is
``O(n^2 log n)``; there is no search.

Finding the matching that covers the most pairs would be a packing problem
(NP-hard in general); the rule sources only say "as far as the hand allows",
and this greedy order is the reading the oracle fixes.

>>> from oracle.cards import parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> lead = ctx.units(parse_cards("KS KS QS QS JS JS"))
>>> match_structure(ctx, lead, parse_cards("9S 9S 8S 8S 4S 4S 3S")).profile
[(2, 2), (2, 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from oracle.cards import Card
from oracle.engine.card_order import Identity
from oracle.engine.ruleset import Ruleset
from oracle.engine.pool import Pool
from oracle.engine.units import Unit

Shape = tuple[int, int]


@dataclass
class Match:
    """What a set of cards shows of a lead's structure.

    ``profile`` lists the shapes matched, largest first; ``chosen`` the cards
    that showed them.
    """

    profile: list[Shape] = field(default_factory=list)
    chosen: list[Card] = field(default_factory=list)


def lead_requirements(lead_units: Sequence[Unit]) -> list[Shape]:
    """The shapes a lead requires, largest first (singles require nothing).

    >>> lead_requirements([Unit(2, 2, 0, ()), Unit(1, 1, 0, ()), Unit(2, 1, 0, ())])
    [(2, 2), (2, 1)]
    """
    return sorted((u.shape for u in lead_units if u.tuple_size >= 2), reverse=True)


def match_structure(
    ctx: Ruleset, lead_units: Sequence[Unit], cards: Sequence[Card], *, exact_tuples: bool = False
) -> Match:
    """Greedily match ``cards`` (all of the led suit) against the lead's units.

    With ``exact_tuples`` only tuples of exactly the asked size count (a
    triple is not a pair): the variant's ``following.must_break_tuples`` off.
    """
    return match_shapes(ctx, lead_requirements(lead_units), cards, exact_tuples=exact_tuples)


def match_shapes(
    ctx: Ruleset, shapes: Sequence[Shape], cards: Sequence[Card], *, exact_tuples: bool = False
) -> Match:
    """Greedily match ``cards`` against required shapes (see the module docstring).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> match_shapes(ctx, [(2, 1), (2, 1)], parse_cards("9S 9S 8S 8S 4S")).profile
    [(2, 1), (2, 1)]
    """
    pool = Pool(ctx, cards, exact_tuples=exact_tuples)
    min_len = pool.tractor_min
    requirements = list(shapes)
    match = Match()
    while requirements:
        requirements.sort()
        k, length = requirements.pop()
        if length >= min_len:
            usable = [run for run in pool.runs(k) if len(run) >= min_len]
            if not usable:
                requirements.extend([(k, 1)] * length)
                continue
            got = max(min(length, len(run)) for run in usable)
            run = min(
                (r for r in usable if min(length, len(r)) == got),
                key=lambda r: (len(r), pool.strength(r[0][0])),
            )
            for slot_identities in run[len(run) - got:]:
                match.chosen.extend(pool.take(pool.pick(slot_identities, k), k))
            match.profile.append((k, got))
            rest = length - got
            if rest >= min_len:
                requirements.append((k, rest))
            else:
                requirements.extend([(k, 1)] * rest)
            continue
        candidates = pool.identities(k)
        if candidates:
            identity = min(candidates, key=lambda i: (pool.count(i), pool.strength(i), i))
            match.chosen.extend(pool.take(identity, k))
            match.profile.append((k, 1))
        elif k - 1 >= 2:
            requirements.append((k - 1, 1))
    match.profile.sort(reverse=True)
    return match


def shows_structure(
    ctx: Ruleset, lead_units: Sequence[Unit], cards: Sequence[Card], *, exact_tuples: bool = False
) -> bool:
    """Whether the cards show the lead's whole structure (every tuple and tractor).

    With ``exact_tuples`` a tuple shows only a tuple of its own size (the same
    shape, 同牌型: a triple does not show a pair).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
        >>> ctx = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> lead = ctx.units(parse_cards("AS KS 5S 5S 4S 4S"))
    >>> shows_structure(ctx, lead, parse_cards("9H 9H 8H 8H 7H 2H"))
    True
    >>> shows_structure(ctx, lead, parse_cards("9H 9H 7H 7H 5H 2H"))
    False
    """
    match = match_structure(ctx, lead_units, cards, exact_tuples=exact_tuples)
    return match.profile == lead_requirements(lead_units)


def shows_shapes(ctx: Ruleset, shapes: Sequence[Shape], cards: Sequence[Card], *, exact_tuples: bool = False) -> Match | None:
    """The match showing every one of ``shapes`` among the cards, or ``None`` when they cannot.

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> shows_shapes(ctx, [(2, 2)], parse_cards("9S 9S 7S 7S")) is None
    True
    """
    match = match_shapes(ctx, shapes, cards, exact_tuples=exact_tuples)
    return match if match.profile == sorted(shapes, reverse=True) else None


# --- Filling exact requirements (rbtying/shengji's format matching) ----------------------------
#
# The functions above measure how much of a lead's structure some cards show. The ones below
# answer a yes/no question instead: can these cards be split into units of exactly these
# shapes? A unit is written as the tuple sizes of adjacent cards from the lowest up, as
# rbtying/shengji writes a format: ``(2,)`` a pair, ``(2, 2)`` a tractor of two pairs, ``(3, 2)``
# a triple with a pair just above it. A unit may also have to start (its lowest card) above, or
# level with, a given card: that is how a play is compared with the best play so far.
#
# The search is greedy, like ``match_shapes``: units with the most adjacent tuples first (a
# window of adjacent slots in the tightest run that holds it, at an end of that run rather
# than inside it, least waste, then lowest), then
# tuples by size (fewest copies, then lowest), then single cards. Units bound to rank above a
# card take the lowest placement that does, the highest bound first. Each unit is one scan of
# the slots, so a fill of ``u`` units from ``n`` cards costs ``O(u * n log n)``. An exhaustive
# search (rbtying/shengji's) can find a split the greedy order misses when adjacent units
# compete for the same run; oracle/decomposition.py documents where.

RankKey = tuple[int, int]
"""How a card ranks when plays are compared: (1 for trump, else 0; its strength)."""

Placement = tuple[tuple[Identity, int], ...]
"""Where a unit was filled: (identity, copies) for each adjacent tuple, from the lowest up."""


@dataclass(frozen=True)
class Need:
    """One unit to fill: tuple ``sizes`` from the lowest card up; ``above`` or ``equal`` bind
    the rank of its lowest card (strictly above, or level with, that key)."""

    sizes: tuple[int, ...]
    above: RankKey | None = None
    equal: RankKey | None = None

    def admits(self, key: RankKey) -> bool:
        """Whether a unit whose lowest card ranks ``key`` meets the bound."""
        if self.equal is not None:
            return key == self.equal
        return self.above is None or key > self.above


def rank_key(ctx: Ruleset, card: Card) -> RankKey:
    """The key plays are compared by: any trump outranks any side-suit card.

    >>> from oracle.cards import parse_card, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> rank_key(ctx, parse_card("2H")) > rank_key(ctx, parse_card("AS"))
    True
    """
    return (1 if ctx.is_trump(card) else 0, ctx.strength(card))


def _need_order(need: Need) -> tuple[int, int, int, int, tuple[int, int]]:
    bound = 0 if need.equal is not None else (1 if need.above is not None else 2)
    level = need.equal or need.above or (0, 0)
    return (-len(need.sizes), -sum(need.sizes), -max(need.sizes), bound, (-level[0], -level[1]))


def fill_needs(
    ctx: Ruleset,
    needs: Sequence[Need],
    cards: Sequence[Card],
    *,
    exact: dict[Identity, int] | None = None,
) -> list[Placement] | None:
    """Split ``cards`` (of one effective suit) into the units ``needs`` asks for, or ``None``.

    Every need is filled from distinct cards; cards left over are allowed. With ``exact``
    (identity to copies held), a tuple of ``k`` may only use an identity held exactly ``k``
    times: rbtying/shengji's LongerTuplesProtected. Placements come back in the order of
    ``needs``. See the comment above for the order and the cost.

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("qq-two-deck", Rank.FOUR, Suit.SPADES)
    >>> fill_needs(ctx, [Need((2, 2))], parse_cards("3S 3S 5S 5S")) is not None   # 4 skipped
    True
    >>> fill_needs(ctx, [Need((2,)), Need((2,))], parse_cards("3S 3S 5S 6S")) is None
    True
    """
    pool = Pool(ctx, cards)
    left = {i: len(cs) for i, cs in pool.cards.items()}
    keys = {i: rank_key(ctx, cs[0]) for i, cs in pool.cards.items()}
    at_slot: dict[int, list[Identity]] = {}
    for identity in sorted(left):
        for slot in pool.slots(identity):
            at_slot.setdefault(slot, []).append(identity)

    def usable(identity: Identity, size: int) -> bool:
        if left[identity] < size:
            return False
        return exact is None or exact.get(identity, 0) == size

    placements: list[Placement | None] = [None] * len(needs)
    free_singles: list[int] = []
    for index in sorted(range(len(needs)), key=lambda i: _need_order(needs[i])):
        need = needs[index]
        if need.sizes == (1,) and need.above is None and need.equal is None:
            free_singles.append(index)
            continue
        if len(need.sizes) > 1:
            placement = _place_adjacent(need, at_slot, left, keys, usable)
        else:
            placement = _place_tuple(need, left, keys, usable)
        if placement is None:
            return None
        for identity, count in placement:
            left[identity] -= count
        placements[index] = placement
    for index in free_singles:
        spare = [i for i in left if usable(i, 1)]
        if not spare:
            return None
        identity = min(spare, key=lambda i: (keys[i], i))
        left[identity] -= 1
        placements[index] = ((identity, 1),)
    return [p for p in placements if p is not None]


def _place_tuple(
    need: Need,
    left: dict[Identity, int],
    keys: dict[Identity, RankKey],
    usable: Callable[[Identity, int], bool],
) -> Placement | None:
    k = need.sizes[0]
    candidates = [i for i in left if usable(i, k) and need.admits(keys[i])]
    if not candidates:
        return None
    if need.above is None and need.equal is None:
        identity = min(candidates, key=lambda i: (left[i], keys[i], i))
    else:
        identity = min(candidates, key=lambda i: (keys[i], left[i], i))
    return ((identity, k),)


def _place_adjacent(
    need: Need,
    at_slot: dict[int, list[Identity]],
    left: dict[Identity, int],
    keys: dict[Identity, RankKey],
    usable: Callable[[Identity, int], bool],
) -> Placement | None:
    sizes = need.sizes
    low = min(sizes)
    # Maximal runs of slots able to hold the smallest tuple: a window is best placed in the
    # tightest run that holds it.
    holding = [slot for slot in sorted(at_slot) if any(usable(i, low) for i in at_slot[slot])]
    run_of: dict[int, int] = {}
    first = 0
    for end in range(1, len(holding) + 1):
        if end == len(holding) or holding[end] != holding[end - 1] + 1:
            for slot in holding[first:end]:
                run_of[slot] = end - first
            first = end
    best: tuple[tuple[int, ...], Placement] | None = None
    bound = need.above is not None or need.equal is not None
    for start in sorted(at_slot):
        chosen: list[tuple[Identity, int]] = []
        for j, size in enumerate(sizes):
            ids = [i for i in at_slot.get(start + j, ()) if usable(i, size) and all(i != c for c, _ in chosen)]
            if not ids:
                break
            chosen.append((min(ids, key=lambda i: (left[i], i)), size))
        if len(chosen) < len(sizes) or not need.admits(keys[chosen[0][0]]):
            continue
        waste = sum(left[i] - size for i, size in chosen)
        fit = run_of.get(start, len(sizes))
        # A window strictly inside its run splits it in two: a window at either end is better.
        inside = int(start - 1 in run_of and start + len(sizes) in run_of)
        key = keys[chosen[0][0]]
        score = (key[0], key[1], fit, inside, waste, start) if bound else (fit, inside, waste, start)
        if best is None or score < best[0]:
            best = (score, tuple(chosen))
    return None if best is None else best[1]


def placement_cards(ctx: Ruleset, cards: Sequence[Card], placements: Sequence[Placement]) -> list[list[Card]]:
    """The cards of each placement, taken from ``cards`` (each copy once).

    >>> from oracle.cards import parse_cards, format_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("qq-two-deck", Rank.FOUR, Suit.SPADES)
    >>> cs = parse_cards("3S 3S 5S 5S 9S")
    >>> [format_cards(u) for u in placement_cards(ctx, cs, fill_needs(ctx, [Need((1,)), Need((2, 2))], cs) or [])]
    ['9S', '3S 3S 5S 5S']
    """
    pool = Pool(ctx, cards)
    out: list[list[Card]] = []
    for placement in placements:
        unit: list[Card] = []
        for identity, count in placement:
            unit.extend(pool.take(identity, count))
        out.append(unit)
    return out
