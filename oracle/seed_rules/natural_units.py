"""The seeds' reading of a play: its natural units (rules ``units.tuple``, ``units.tractor``).

Identical cards form one tuple of their count; tuples of one size on adjacent slots form
tractors, the longest first (Heijian: tuples of different sizes make one of the smaller,
``tractors.mixed_tuple_sizes``). Equal cards of different identity share a slot and never
make a tractor with each other: 两对副10 is not a tractor.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> [u.name for u in natural_units(rules, p("JS JS 9S 9S 4S"))]   # JJ99: the gap is bridged
['tractor of 2 pairs', 'single']
>>> [u.name for u in natural_units(rules, p("10S 10S 10C 10C"))]   # 两对副10
['pair', 'pair']
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Unit


def natural_units(rules: Ruleset, cards: Sequence[Card]) -> list[Unit]:
    """The natural units of cards of one effective suit, largest first.

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> [u.name for u in natural_units(rules, parse_cards("9S 8S 8S 4S 4S"))]
    ['pair', 'pair', 'single']
    >>> [u.name for u in natural_units(rules, parse_cards("AS AS 2S 2S"))]   # AA22 is not a tractor
    ['pair', 'pair']
    """
    if len(cards) == 1:
        return [rules.singles[cards[0].code]]  # one card: one single (most leads and follows of a trick)
    identities = rules.identities
    if len(cards) == 2:
        return _two(rules, cards[0], cards[1])
    held = {identities[c.code] for c in cards}
    if len(held) == 1:
        # Copies of one card: one tuple of them all (a triple, a quad), as the general way
        # below reads them (one place makes no tractor).
        return [_unit(rules, len(cards), 1, list(cards))]
    if len(held) == len(cards):
        # No two cards pair: singles only, highest first (as the general sort below orders them),
        # sorted as their places in that order (a table of the ruleset's).
        highs, singles = rules.highs, rules.singles_by_high
        return [singles[place] for place in sorted([highs[c.code] for c in cards])]
    return pooled_units(rules, cards)


def _two(rules: Ruleset, a: Card, b: Card) -> list[Unit]:
    """The natural units of two cards (most plays of more than one): a pair of copies of one card,
    or two singles, highest first, compared as the general sort orders them (by strength, then
    by the output order).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> [str(u.cards[0]) for u in _two(rules, *parse_cards("10C 10S"))]   # equal: by the output order
    ['10S', '10C']
    """
    code_a, code_b = a.code, b.code
    order, strengths = rules.order, rules.strengths
    if rules.identities[code_a] == rules.identities[code_b]:
        return [Unit(2, 1, strengths[code_a], (a, b) if order[code_a] <= order[code_b] else (b, a))]
    strength_a, strength_b = strengths[code_a], strengths[code_b]
    singles = rules.singles
    if strength_a > strength_b or (strength_a == strength_b and order[code_a] < order[code_b]):
        return [singles[code_a], singles[code_b]]
    return [singles[code_b], singles[code_a]]


def pooled_units(rules: Ruleset, cards: Sequence[Card]) -> list[Unit]:
    """:func:`natural_units` the general way, through a :class:`~oracle.engine.pool.Pool` (what
    the short ways above give for one card, two cards, copies of one card or no pair at all, as a test
    checks on random cards of every variant).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> [u.name for u in pooled_units(rules, parse_cards("JS JS 9S 9S 4S"))]
    ['tractor of 2 pairs', 'single']
    """
    mixed = rules.variant.tractors.mixed_tuple_sizes
    # The natural tuples: a tractor of k-tuples is made of cards held exactly k times, unless
    # the variant lets tuples of different sizes make one.
    pool = Pool(rules, cards, exact_tuples=not mixed)
    units: list[Unit] = []
    counts = sorted([len(cs) for cs in pool.cards.values()], reverse=True)
    sizes = sorted({n for n in counts if n >= 2}, reverse=True)
    if mixed and sizes:
        # Tuples of different sizes make a tractor of the smaller: every size, largest first.
        sizes = list(range(sizes[0], 1, -1))
    # A run holds an identity not held higher up at each of its places: a tractor of k-tuples
    # needs `tractor_min` identities held k times or more (the variant's min_length, at least 2).
    tractor_min = pool.tractor_min
    most = counts[tractor_min - 1] if len(counts) >= tractor_min else 0
    for k in sizes:
        if k > most:
            continue
        runs = pool.runs(k)
        while runs and len(runs[0]) >= tractor_min:
            run = runs[0]
            top = pool.strength(run[0][0])  # the highest place: an ace ending a tractor low is not its top
            taken: list[Card] = []
            apart = True
            for slot_ids in run:
                identity = pool.pick(slot_ids, k)
                apart = apart and len(slot_ids) == 1 and len(pool.slots(identity)) == 1
                taken.extend(pool.take(identity, k))
                apart = apart and pool.count(identity) < k
            units.append(_unit(rules, k, len(run), taken, top))
            # A run taken whole, each of its places held by one identity of one place now gone
            # from the runs, leaves the other runs as they were: no need to find them again.
            runs = runs[1:] if apart else pool.runs(k)
    # What is left: one tuple of each identity, its cards read from the pool (kept in the
    # ruleset's order, as each unit's cards are) with nothing taken, the pool read for the last time.
    strengths = rules.strengths
    for held in pool.cards.values():
        units.append(Unit(len(held), 1, strengths[held[0].code], tuple(held)))
    # Units that tie (equal cards of different suits, such as 副10 singles) are ordered by
    # their cards, so the answer does not depend on the order the cards came in.
    if rules.variant.tractors.joker_tractor_alone and len(units) > 1:
        units = [piece for unit in units for piece in _jokers_apart(rules, unit)]
    if len(units) == 1:
        return units
    order = rules.order
    return sorted(units, key=lambda u: (u.sort_key(), [order[c.code] for c in u.cards]))


def _jokers_apart(rules: Ruleset, unit: Unit) -> list[Unit]:
    """A tractor of jokers alone, split into its tuples (inside a throw, where the variant says so)."""
    if not unit.is_tractor or not all(c.is_joker for c in unit.cards):
        return [unit]
    by_rank: dict[int, list[Card]] = {}
    for card in unit.cards:
        by_rank.setdefault(int(card.rank), []).append(card)
    return [_unit(rules, len(cards), 1, cards) for cards in by_rank.values()]


def _unit(rules: Ruleset, k: int, length: int, cards: list[Card], top: int | None = None) -> Unit:
    ordered = tuple(rules.sorted(cards))
    return Unit(k, length, rules.strengths[ordered[0].code] if top is None else top, ordered)
