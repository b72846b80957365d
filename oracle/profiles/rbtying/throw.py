"""Does a throw stand? rbtying/shengji's blocker search (CheckThrow, rule ``throw.unbeatable``).

rbtying/shengji ``mechanics/src/trick.rs`` ``Trick::play_cards`` (the search before
``ThrowFailed``) and ``find_tractors_from_start`` @ 71f8d43: each other seat in play order, each
unit of the lead's format: a tuple falls to a higher card held as many times, a tractor to a
tractor of as many tuples or more, of its tuple size or more, that starts at or above the
tractor's *second* card in upstream's card order. That start misses a higher tractor that begins
at a level card of an earlier suit (docs/rbtying.md, upstream's quirks). The ruleset's forced-unit
rule and penalty then apply, as in the seeds' check.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.FIVE, Suit.SPADES)
>>> others = [SeatPlay(1, tuple(p("5H 5H 5S 5S 3C"))), SeatPlay(2, tuple(p("4C"))), SeatPlay(3, tuple(p("6C")))]
>>> check_throw_by_format(rules, SeatPlay(0, tuple(p("AS AS 5D 5D BJ"))), others).succeeds
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle import pb
from oracle.cards import Card
from oracle.engine.answers import not_a_throw, throw_answer
from oracle.engine.budget import spend
from oracle.engine.card_order import Identity
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.engine.units import Block
from oracle.profiles.rbtying import rainbow
from oracle.profiles.rbtying.trick_format import FormatUnit, lead_format, listed_units, order_keys


@dataclass(frozen=True)
class _Hand:
    """One seat's cards of the thrown suit: copies, cards and successors of each identity, the
    identities in upstream's card order (``Trump::compare``)."""

    ordered: tuple[Identity, ...]
    cards: dict[Identity, list[Card]]
    successors: dict[Identity, list[Identity]]


def _hand(rules: Ruleset, cards: Sequence[Card], tractors: bool) -> _Hand:
    """The seat's cards of the suit; the successors only when ``tractors`` are thrown."""
    pool = Pool(rules, cards)
    keys = order_keys(rules)
    ordered = tuple(sorted(pool.cards, key=lambda i: keys[pool.cards[i][0].code]))
    if not tractors:
        return _Hand(ordered, pool.cards, {})
    at_slot: dict[int, list[Identity]] = {}
    for identity in ordered:
        for slot in pool.slots(identity):
            at_slot.setdefault(slot, []).append(identity)
    # Trump::successor lists the off-suit level cards after the trump ace in ALL_SUITS order
    # (spades, hearts, diamonds, clubs), the order of ``ordered`` between equal cards.
    successors = {
        identity: [m for slot in pool.slots(identity) for m in at_slot.get(slot + 1, ()) if m != identity]
        for identity in ordered
    }
    return _Hand(ordered, pool.cards, successors)


def _tractor_from(hand: _Hand, start: Identity, count: int, length: int) -> tuple[Identity, ...] | None:
    """``find_tractors_from_start`` with the found tractor's requirements: a tractor of at least
    ``length`` tuples of at least ``count`` cards beginning at ``start``, if there is one.

    As upstream, a path goes on through any card held twice or more, and one running minimum of
    the copies is kept over the whole search (all branches at the trump junction)."""
    lowest = len(hand.cards[start])
    if lowest < count:
        return None
    frontier: list[tuple[Identity, tuple[Identity, ...]]] = [(m, (start,)) for m in hand.successors[start]]
    while frontier:
        following: list[tuple[Identity, tuple[Identity, ...]]] = []
        for member, path in frontier:
            spend()
            held = len(hand.cards[member])
            if held >= 2:
                lowest = min(lowest, held)
                longer = (*path, member)
                if lowest >= count and len(longer) >= length:
                    return longer
                following.extend((m, longer) for m in hand.successors[member])
        frontier = following
    return None


def _beating(rules: Ruleset, hand: _Hand, unit: FormatUnit) -> tuple[Card, ...] | None:
    """The cards of ``hand`` that beat the unit as upstream's search finds them, if any."""
    if not unit.is_tractor:
        keys = order_keys(rules)
        low = keys[unit.cards[0].code][0]
        for identity in hand.ordered:
            spend()
            held = hand.cards[identity]
            if len(held) >= unit.count and keys[held[0].code][0] > low:
                return tuple(rules.sorted(held[:unit.count]))
        return None
    second = next(c for c in unit.cards if rules.identity(c) == unit.members[1])
    keys = order_keys(rules)
    floor = keys[second.code]
    for start in hand.ordered:
        if keys[hand.cards[start][0].code] < floor:
            continue  # upstream searches in_suit.range(members[1]..)
        found = _tractor_from(hand, start, unit.count, len(unit.members))
        if found is not None:
            return tuple(rules.sorted(c for member in found for c in hand.cards[member][:unit.count]))
    return None


def check_throw_by_format(
    rules: Ruleset, thrower: SeatPlay, other_hands: Sequence[SeatPlay], answer: pb.CheckThrowResponse | None = None
) -> pb.CheckThrowResponse:
    """Judge a throw against the other seats' hands as rbtying/shengji does (a rainbow by its
    own search, :mod:`.rainbow`); the answer written into ``answer`` when given
    (:class:`~oracle.engine.ruleset.ThrowCheck`)."""
    rainbow_units = rainbow.rainbow_format(rules, thrower.cards)
    if rainbow_units is not None:
        return rainbow.check_rainbow_throw(rules, rainbow_units, thrower, other_hands, answer)
    cards = thrower.cards
    suit = rules.suit_of(cards)
    units = lead_format(rules, cards)  # fewest cards first, then the lowest: upstream's order
    listed = listed_units(rules, units)
    read = [unit for unit, _ in listed]  # (the ruleset's units: format_units)
    if len(units) == 1:
        return not_a_throw(read, answer)
    order = sorted(other_hands, key=lambda h: (h.seat - thrower.seat) % rules.players)
    tractors = any(u.is_tractor for u in units)
    hands = [(h.seat, _hand(rules, rules.of_suit(h.cards, suit), tractors)) for h in order]
    blocks: list[Block] = []
    # Each unit with the first seat that beats it, listed as ``units`` lists them; the forced-unit
    # rule picks from these (the first blocker's fewest cards is upstream's first find).
    for engine_unit, unit in listed:
        for seat, hand in hands:
            beating = _beating(rules, hand, unit)
            if beating is not None:
                blocks.append(Block(engine_unit, seat, beating))
                break
    return throw_answer(rules, read, cards, blocks, [h.seat for h in order], answer=answer)
