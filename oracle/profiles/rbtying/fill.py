"""Can these cards be split into units of exactly these shapes? rbtying/shengji's format matching.

rbtying/shengji ``mechanics/src/format_match.rs`` answers it by an exhaustive search; this is a
greedy, polynomial fill, ``O(u * n log n)`` for ``u`` units from ``n`` cards, and where it finds
none, the exact search of :mod:`.joint`, so the answer is exact (docs/rbtying.md, "The fill
test"). A unit
is written as the tuple sizes of adjacent cards from the lowest up: ``(2,)`` a pair, ``(2, 2)``
a tractor of two pairs, ``(3, 2)`` a triple with a pair just above it.

>>> from oracle.cards import parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.TEN, Suit.HEARTS)
>>> fill_needs(rules, [Need((2, 2))], parse_cards("7S 7S 8S 8S 3S")) is not None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.card_order import Identity
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.joint import Placement, kept_joint_fill

RankKey = tuple[int, int]
"""How a card ranks when plays are compared: (1 for trump, else 0; its strength)."""

@dataclass(frozen=True)
class Need:
    """One unit to fill: tuple ``sizes`` from the lowest card up."""

    sizes: tuple[int, ...]


def rank_key(rules: Ruleset, card: Card) -> RankKey:
    """The key plays are compared by: any trump outranks any side-suit card.

    >>> from oracle.cards import parse_card, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> rank_key(rules, parse_card("2H")) > rank_key(rules, parse_card("AS"))
    True
    """
    return (1 if rules.is_trump(card) else 0, rules.strength(card))


def _need_order(need: Need) -> tuple[int, int, int]:
    return (-len(need.sizes), -sum(need.sizes), -max(need.sizes))


def fill_needs(
    rules: Ruleset,
    needs: Sequence[Need],
    cards: Sequence[Card],
    *,
    exact: dict[Identity, int] | None = None,
    pool: Pool | None = None,
) -> list[Placement] | None:
    """Split ``cards`` (of one effective suit) into the units ``needs`` asks for, or ``None``.

    Every need is filled from distinct cards; cards left over are allowed. With ``exact``
    (identity to copies held), a tuple of ``k`` may only use an identity held exactly ``k``
    times: rbtying/shengji's LongerTuplesProtected. Placements come back in the order of
    ``needs``. docs/rbtying.md (The fill test) gives the order and the cost. Where the greedy
    finds no fill, the exact search of :mod:`.joint` decides, so the answer is exactly whether a
    fill exists.

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.FOUR, Suit.SPADES)
    >>> fill_needs(rules, [Need((2, 2))], parse_cards("3S 3S 5S 5S")) is not None   # 4 skipped
    True
    >>> fill_needs(rules, [Need((2,)), Need((2,))], parse_cards("3S 3S 5S 6S")) is None
    True
    """
    spend(len(cards) * (len(needs) + 10))  # a pool of the cards, then one scan per need
    if pool is None:  # a caller filling many requirements from the same cards passes their pool
        pool = Pool(rules, cards)
    found = _greedy_fill(rules, pool, needs, exact)
    if found is None:
        # The greedy can miss a fill that exists (units competing for runs or copies): the
        # exact search of :mod:`.joint` decides.
        return kept_joint_fill(rules, cards, exact is not None, pool).fill([n.sizes for n in needs])
    return found


def _greedy_fill(rules: Ruleset, pool: Pool, needs: Sequence[Need], exact: dict[Identity, int] | None) -> list[Placement] | None:
    left = {i: len(cs) for i, cs in pool.cards.items()}
    keys = {i: rank_key(rules, cs[0]) for i, cs in pool.cards.items()}
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
        if need.sizes == (1,):
            free_singles.append(index)
            continue
        if len(need.sizes) > 1:
            placement = _place_adjacent(need, at_slot, left, usable)
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
    candidates = [i for i in left if usable(i, k)]
    if not candidates:
        return None
    identity = min(candidates, key=lambda i: (left[i], keys[i], i))
    return ((identity, k),)


def _place_adjacent(
    need: Need,
    at_slot: dict[int, list[Identity]],
    left: dict[Identity, int],
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
    for start in sorted(at_slot):
        chosen: list[tuple[Identity, int]] = []
        for j, size in enumerate(sizes):
            ids = [i for i in at_slot.get(start + j, ()) if usable(i, size) and all(i != c for c, _ in chosen)]
            if not ids:
                break
            chosen.append((min(ids, key=lambda i: (left[i], i)), size))
        if len(chosen) < len(sizes):
            continue
        waste = sum(left[i] - size for i, size in chosen)
        fit = run_of.get(start, len(sizes))
        # A window strictly inside its run splits it in two: a window at either end is better.
        inside = int(start - 1 in run_of and start + len(sizes) in run_of)
        score = (fit, inside, waste, start)
        if best is None or score < best[0]:
            best = (score, tuple(chosen))
    return None if best is None else best[1]


def placement_cards(rules: Ruleset, cards: Sequence[Card], placements: Sequence[Placement]) -> list[list[Card]]:
    """The cards of each placement, taken from ``cards`` (each copy once).

    >>> from oracle.cards import parse_cards, format_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.FOUR, Suit.SPADES)
    >>> cs = parse_cards("3S 3S 5S 5S 9S")
    >>> [format_cards(u) for u in placement_cards(rules, cs, fill_needs(rules, [Need((1,)), Need((2, 2))], cs) or [])]
    ['9S', '3S 3S 5S 5S']
    """
    pool = Pool(rules, cards)
    out: list[list[Card]] = []
    for placement in placements:
        unit: list[Card] = []
        for identity, count in placement:
            unit.extend(pool.take(identity, count))
        out.append(unit)
    return out
