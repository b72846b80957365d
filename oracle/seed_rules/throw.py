"""Does this throw (甩牌) succeed? (CheckThrow)

Rules ``throw.unbeatable``, ``throw.forced_unit`` and ``throw.penalty``: a throw fails when
another hand can beat one of its units inside the thrown suit, and the variant's forced-unit and
penalty strategies say what it costs; docs/rules.md (Throws).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> thrower = SeatPlay(0, tuple(p("9S 8S 8S 4S 4S")))
>>> r = check_throw_by_natural_units(rules, thrower, [SeatPlay(1, tuple(p("JS 3C"))), SeatPlay(2, tuple(p("2S")))])
>>> r.succeeds, [str(c.rank) for c in r.forced_play]
(False, ['9'])
>>> r = check_throw_by_natural_units(rules, thrower, [SeatPlay(1, tuple(p("5S 5S"))), SeatPlay(3, tuple(p("QS QS")))])
>>> r.succeeds, [c.rank for c in r.forced_play] == [pb.RANK_FOUR, pb.RANK_FOUR]
(False, True)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card
from oracle.engine.answers import not_a_throw, throw_answer
from oracle.engine.card_order import Identity
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.engine.units import Block, Unit


def beating_cards(rules: Ruleset, unit: Unit, cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The lowest cards among ``cards`` (all of the unit's suit) that beat the unit, if any.

    >>> from oracle.cards import format_cards, parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> pair = rules.units(p("8S 8S"))[0]
    >>> format_cards(beating_cards(rules, pair, p("9S 9S QS QS 7S 7S")) or ())
    '9S 9S'
    """
    return _beating(Pool(rules, cards), unit)


def _beating(pool: Pool, unit: Unit) -> tuple[Card, ...] | None:
    """:func:`beating_cards` on a pool built once for the hand (the pool is not changed).

    Where larger tuples win, a tractor is beaten first by a unit of its card count made of
    larger tuples, the largest tuple size first (a stand-in is itself beaten by any larger one,
    so trying every size once, largest first, finds what a walk of the stand-ins' own stand-ins
    would); sizes above the most copies the hand holds of one card cannot be held.
    """
    if unit.is_tractor and pool.rules.larger_tuples_win:
        most = max((len(cards) for cards in pool.cards.values()), default=0)
        for bigger in range(min(unit.size, most), unit.tuple_size, -1):
            if unit.size % bigger:
                continue
            length = unit.size // bigger
            found = _beating_shape(pool, Unit(bigger, length, -1, ())) if length >= 2 else _any_tuple(pool, bigger)
            if found is not None:
                return found
    return _beating_shape(pool, unit)


def _beating_shape(pool: Pool, unit: Unit) -> tuple[Card, ...] | None:
    """The lowest cards of the pool of the unit's own shape that beat it, if any."""
    rules = pool.rules
    k = unit.tuple_size
    if unit.is_tractor:
        # The lowest stretch of `length` places above the unit's top, in one pass over the places.
        lowest: list[list[Identity]] | None = None
        low = 0
        for run in pool.runs(k):
            for start in range(len(run) - unit.length + 1):
                strength = pool.strength(run[start][0])
                if strength > unit.top and (lowest is None or strength < low):
                    lowest, low = run[start:start + unit.length], strength
        if lowest is None:
            return None
        return tuple(rules.sorted(c for ids in lowest for c in pool.cards[pool.pick(ids, k)][:k]))
    identity = pool.lowest(k, unit.top)
    # In the ruleset's order, as the pool keeps each identity's cards: in the two-colour game a
    # pair is two different cards (4H 4D).
    return None if identity is None else tuple(pool.cards[identity][:k])


def _any_tuple(pool: Pool, k: int) -> tuple[Card, ...] | None:
    """The lowest ``k`` identical cards of the pool, if any."""
    found = pool.lowest(k)
    return None if found is None else tuple(pool.cards[found][:k])


class _Hand:
    """Another seat's cards of the thrown suit, as their places lowest first (the ruleset's
    :attr:`~oracle.engine.ruleset.Ruleset.lows`), for finding the lowest cards that beat a unit:
    a tuple by a binary search and a look at the places above it (what :meth:`Pool.lowest
    <oracle.engine.pool.Pool.lowest>` finds, with no pool built), a tractor on a pool built
    when one is first asked about.

    >>> from oracle.cards import format_cards, parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> hand = _Hand(rules, p("9S 9S QS QS 7S 3C"), rules.suits[p("AS")[0].code])
    >>> pair, single = rules.units(p("8S 8S"))[0], rules.units(p("KS"))[0]
    >>> format_cards(hand.beating(pair) or ()), hand.beating(single)
    ('9S 9S', None)
    """

    __slots__ = ("_pool", "best", "held", "rules")

    def __init__(self, rules: Ruleset, cards: Sequence[Card], suit: int) -> None:
        lows, suits = rules.lows, rules.suits
        self.rules = rules
        self.held = held = sorted([lows[c.code] for c in cards if suits[c.code] == suit])
        self.best = rules.low_strengths[held[-1]] if held else -1
        """The strength of the hand's highest card of the suit (-1 for none): no tuple, and no
        tractor where larger tuples do not win, beats a unit whose top is as high."""
        self._pool: Pool | None = None

    def beating(self, unit: Unit) -> tuple[Card, ...] | None:
        """:func:`beating_cards` of the unit in this hand."""
        rules, held = self.rules, self.held
        if unit.length >= 2:
            if not rules.larger_tuples_win and self.best <= unit.top:
                return None  # no card above the tractor's top: no stretch of places starts above it
            if self._pool is None:
                by_low = rules.cards_by_low
                self._pool = Pool(rules, [by_low[place] for place in held])
            return _beating(self._pool, unit)
        return self._lowest_tuple(unit.tuple_size, unit.top)

    def _lowest_tuple(self, k: int, top: int) -> tuple[Card, ...] | None:
        """The lowest ``k`` copies of one card stronger than ``top``: of the cards of the lowest
        strength above ``top`` held ``k`` times, those held fewest times, then the lowest identity
        (as a pool orders them), its first ``k`` cards in the ruleset's order."""
        held, rules = self.held, self.rules
        by_low, strengths = rules.cards_by_low, rules.strengths
        i, n = bisect_left(held, bisect_right(rules.low_strengths, top)), len(held)
        while i < n:
            card = by_low[held[i]]
            strength = strengths[card.code]
            j = i + 1
            while j < n and strengths[by_low[held[j]].code] == strength:
                j += 1
            if j == i + 1:  # one card of this strength, the commonest case
                if k == 1:
                    return (card,)
            elif j - i >= k:
                identities = rules.identities
                by_identity: dict[Identity, list[Card]] = {}
                for place in held[i:j]:
                    same = by_low[place]
                    by_identity.setdefault(identities[same.code], []).append(same)
                found = min(((len(cs), identity) for identity, cs in by_identity.items() if len(cs) >= k),
                            default=None)
                if found is not None:
                    return tuple(by_identity[found[1]][:k])
            i = j
        return None


def check_throw_by_natural_units(
    rules: Ruleset, thrower: SeatPlay, other_hands: Sequence[SeatPlay], answer: pb.CheckThrowResponse | None = None
) -> pb.CheckThrowResponse:
    """Judge a throw against the other seats' hands; the answer written into ``answer`` when given
    (:class:`~oracle.engine.ruleset.ThrowCheck`)."""
    cards = thrower.cards
    units = rules.units(cards)
    if len(units) == 1:
        return not_a_throw(units, answer)
    suit = rules.suit_of(cards)
    players = rules.players
    order = sorted(other_hands, key=lambda h: (h.seat - thrower.seat) % players)
    blocks: list[Block] = []
    # A hand's cards of the suit are read when a unit first reaches it (one not beaten by an
    # earlier seat), then kept for the next units.
    hands: list[_Hand | None] = [None] * len(order)
    for unit in units:
        # A unit that only a higher card can beat is not asked of a hand without one.
        top = unit.top if unit.length == 1 or not rules.larger_tuples_win else None
        for i, other in enumerate(order):
            hand = hands[i]
            if hand is None:
                hand = hands[i] = _Hand(rules, other.cards, suit)
            if top is not None and hand.best <= top:
                continue
            beating = hand.beating(unit)
            if beating is not None:
                blocks.append(Block(unit, other.seat, beating))
                break
    return throw_answer(rules, units, cards, blocks, [h.seat for h in order], answer=answer)
