"""Matching cards against the structure of a lead: how much of its tractors and tuples they show.

The greedy, deterministic match that following, ruffing and the trick winner share: a *profile*
(the shapes matched, largest first) in ``O(n^2 log n)`` for ``n`` cards, with no search. Its
order and why it is greedy: docs/rules.md (Following).

>>> from oracle.cards import parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> lead = rules.units(parse_cards("KS KS QS QS JS JS"))
>>> match_shapes(rules, lead_requirements(lead), parse_cards("9S 9S 8S 8S 4S 4S 3S")).profile
[(2, 2), (2, 1)]
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field

from oracle.cards import Card
from oracle.engine.card_order import Identity
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
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


def match_shapes(
    rules: Ruleset, shapes: Sequence[Shape], cards: Sequence[Card], *, exact_tuples: bool = False,
    ordered: bool = False
) -> Match:
    """Greedily match ``cards`` against required shapes (docs/rules.md, Following). ``ordered``:
    the cards come in the ruleset's order already (:class:`~oracle.engine.pool.Pool`).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> match_shapes(rules, [(2, 1), (2, 1)], parse_cards("9S 9S 8S 8S 4S")).profile
    [(2, 1), (2, 1)]
    """
    if not shapes:
        return Match()  # singles ask for nothing
    if len(shapes) == 1 and shapes[0][1] == 1 and rules.tractor_min_length >= 2:
        return one_tuple(rules, shapes[0][0], cards, exact_tuples=exact_tuples)
    match = match_in(Pool(rules, cards, exact_tuples=exact_tuples, ordered=ordered), shapes)
    assert match is not None  # only a whole match stops short
    return match


def match_in(pool: Pool, shapes: Sequence[Shape], *, whole: bool = False) -> Match | None:
    """:func:`match_shapes` on a pool of the cards, which it takes the match from.

    The requirements wait in a heap, the largest (tuple size, then length) taken first: each
    step costs ``O(log R)`` for ``R`` requirements waiting, not a sort of them all. With
    ``whole``, ``None`` as soon as one shape cannot be shown in full: the match would then show
    fewer cards, or more pieces, than the shapes, never all of them.
    """
    min_len = pool.tractor_min
    waiting = [(-k, -length) for k, length in shapes]
    heapq.heapify(waiting)
    push = heapq.heappush
    match = Match()
    chosen, profile = match.chosen, match.profile
    while waiting:
        minus_k, minus_length = heapq.heappop(waiting)
        k, length = -minus_k, -minus_length
        if length >= min_len:
            runs = pool.runs(k)  # longest first, then highest
            if not runs or len(runs[0]) < min_len:
                if whole:
                    return None
                for _ in range(length):
                    push(waiting, (minus_k, -1))
                continue
            run = runs[0]
            got = min(length, len(run))
            if whole and got < length:
                return None
            # Of the runs showing ``got`` slots (a prefix of them, as they come longest first),
            # the shortest, then the lowest: the first such, as min() would find it.
            if len(runs) > 1 and len(runs[1]) >= got:  # else the first is the only one of ``got``
                best = (len(run), pool.strength(run[0][0]))
                for other in runs[1:]:
                    if len(other) < got:
                        break
                    key = (len(other), pool.strength(other[0][0]))
                    if key < best:
                        run, best = other, key
            for slot_identities in run[len(run) - got:]:
                chosen.extend(pool.take(pool.pick(slot_identities, k), k))
            profile.append((k, got))
            rest = length - got
            if rest >= min_len:
                push(waiting, (minus_k, -rest))
            else:
                for _ in range(rest):
                    push(waiting, (minus_k, -1))
            continue
        identity = pool.fewest(k)
        if identity is not None:
            chosen.extend(pool.take(identity, k))
            profile.append((k, 1))
        elif whole:
            return None
        elif k - 1 >= 2:
            push(waiting, (1 - k, -1))
    match.profile.sort(reverse=True)
    return match


def one_tuple(rules: Ruleset, k: int, cards: Sequence[Card], *, exact_tuples: bool = False) -> Match:
    """:func:`match_shapes` for one tuple of ``k`` asked (a pair led), without a :class:`Pool`: the
    step :func:`match_in` takes, the identity held with the fewest copies (``k`` or more, exactly
    ``k`` with ``exact_tuples``), then the lowest; failing that, a tuple one card smaller.

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> one_tuple(rules, 2, parse_cards("AS AS AS 9S 9S 4S")).profile, one_tuple(rules, 2, parse_cards("9S 4S"))
    ([(2, 1)], Match(profile=[], chosen=[]))
    """
    order, identities, strengths = rules.order, rules.identities, rules.strengths
    held: dict[Identity, list[Card]] = {}
    for card in cards:
        held.setdefault(identities[card.code], []).append(card)
    while k >= 2:
        best: tuple[int, int, Identity] | None = None
        for identity, copies in held.items():
            n = len(copies)
            if n == k if exact_tuples else n >= k:
                first = min(copies, key=lambda c: order[c.code])  # the pool's first of them
                found = (n, strengths[first.code], identity)
                if best is None or found < best:
                    best = found
        if best is not None:
            return Match([(k, 1)], sorted(held[best[2]], key=lambda c: order[c.code])[:k])
        k -= 1
    return Match()


def shows_structure(
    rules: Ruleset, lead_units: Sequence[Unit], cards: Sequence[Card], *, exact_tuples: bool = False
) -> bool:
    """Whether the cards show the lead's whole structure (every tuple and tractor).

    With ``exact_tuples`` a tuple shows only a tuple of its own size (the same
    shape, 同牌型: a triple does not show a pair).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> lead = rules.units(parse_cards("AS KS 5S 5S 4S 4S"))
    >>> shows_structure(rules, lead, parse_cards("9H 9H 8H 8H 7H 2H"))
    True
    >>> shows_structure(rules, lead, parse_cards("9H 9H 7H 7H 5H 2H"))
    False
    """
    return shows_required(rules, lead_requirements(lead_units), cards, exact_tuples=exact_tuples)


def shows_required(
    rules: Ruleset, required: list[Shape], cards: Sequence[Card], *, exact_tuples: bool = False
) -> bool:
    """:func:`shows_structure` for a lead whose :func:`lead_requirements` the caller already has
    (a trick judge reads its lead once for every play): a lead of singles asks for nothing.

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> shows_required(rules, [(2, 1)], parse_cards("9H 8H")), shows_required(rules, [], parse_cards("9H"))
    (False, True)
    """
    if not required:
        return True
    if len(required) == 1 and required[0][1] == 1 and rules.tractor_min_length >= 2:
        # One tuple asked for (a pair led): shown by any card held that many times (exactly
        # that many with ``exact_tuples``), the one step the match below would take.
        k, identities = required[0][0], rules.identities
        counts: dict[Identity, int] = {}
        for card in cards:
            identity = identities[card.code]
            counts[identity] = counts.get(identity, 0) + 1
        return k in counts.values() if exact_tuples else max(counts.values(), default=0) >= k
    return match_shapes(rules, required, cards, exact_tuples=exact_tuples).profile == required


def shown_in(pool: Pool, shapes: Sequence[Shape]) -> Match | None:
    """The match showing every one of ``shapes`` among a pool's cards, or ``None`` when they
    cannot (the pool is taken from; pass a copy to keep it).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> shown_in(Pool(rules, parse_cards("9S 9S 7S 7S")), [(2, 2)]) is None
    True
    """
    match = match_in(pool, shapes, whole=True) if shapes else Match()
    return match if match is not None and match.profile == sorted(shapes, reverse=True) else None
