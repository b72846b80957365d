"""Every valid lead of a hand: its singles, tuples and tractors listed, its throws counted.

A lead is any cards of one effective suit (rule ``lead.one_suit``); one unit, as the ruleset reads
plays (:meth:`~oracle.engine.ruleset.Ruleset.units`), is a single, a tuple or a tractor, and more
than one unit is a throw (whether it stands is CheckThrow's question). The units are found from
the hand's tuples and runs of adjacent slots (polynomially many, each read back by the ruleset);
the throws are every one-suit multiset but those, counted by :class:`OneSuit` over the cards.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> throws, units = lead_families(rules, p("AS AS KS KS 3C"))
>>> [(d.rule_id, n) for d, n in sorted(units[0].counts().items())], throws.total()
([('lead.one_suit', 3), ('units.tuple', 2), ('units.tractor', 1)], 3)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import product

from oracle.cards import Card
from oracle.engine.legal_plays import Duty, Family, Listed, Sources, Space
from oracle.engine.ruleset import Ruleset

SINGLE = Duty(0, "lead.one_suit", "a single card")
TUPLE = Duty(1, "units.tuple", "a tuple: identical cards")
TRACTOR = Duty(2, "units.tractor", "a tractor: tuples of one size on adjacent places")
THROW = Duty(3, "lead.one_suit", "a throw: more than one unit of one suit (whether it stands is CheckThrow's)")


def lead_families(rules: Ruleset, hand: Sequence[Card]) -> Sources:
    """The valid leads of ``hand``: the one-unit leads listed, then the throws; and the leads of
    several suits the ruleset allows (:attr:`~oracle.engine.ruleset.Strategies.compound`), listed."""
    space = Space.of(rules, hand)
    units = unit_leads(rules, space)
    excluded = frozenset(v for play, _ in units if (v := space.vector(play)) is not None)
    listed = [Listed(space, units)]
    compound = rules.strategies.compound
    if compound is not None:
        duty = Duty(4, compound.rule_id, compound.description)
        listed.append(Listed(space, [(lead, duty) for lead in compound.leads(rules, hand)]))
    return Family(space, None, OneSuit(rules, space), excluded=excluded), listed


def unit_leads(rules: Ruleset, space: Space) -> list[tuple[tuple[Card, ...], Duty]]:
    """Every lead of one unit: each card, each identity's tuples, each window of a run of slots."""
    by_identity: dict[Hashable, list[tuple[Card, int]]] = {}
    for card, copies in zip(space.cards, space.copies, strict=True):
        by_identity.setdefault(rules.identity(card), []).append((card, copies))
    found: list[tuple[tuple[Card, ...], Duty]] = [((c,), SINGLE) for c in space.cards]
    tuples: dict[int, list[Hashable]] = {}
    for identity, held in by_identity.items():
        total = sum(k for _, k in held)
        for size in range(2, total + 1):
            tuples.setdefault(size, []).append(identity)
            found.extend((tuple(play), TUPLE) for play in multisets(held, size) if _one_unit(rules, play, False))
    for size, identities in tuples.items():
        at_slot: dict[int, list[Hashable]] = {}
        for identity in identities:
            for slot in rules.slots(by_identity[identity][0][0]):
                at_slot.setdefault(slot, []).append(identity)
        for low in at_slot:
            top = low
            while top + 1 in at_slot:
                top += 1
                for chosen in product(*(at_slot[s] for s in range(low, top + 1))):
                    if len(set(chosen)) < len(chosen):
                        continue
                    parts = [multisets(by_identity[i], size) for i in chosen]
                    for pick in product(*parts):
                        play = [c for part in pick for c in part]
                        if _one_unit(rules, play, True):
                            found.append((tuple(play), TRACTOR))
    return found


def _one_unit(rules: Ruleset, play: Sequence[Card], tractor: bool) -> bool:
    units = rules.units(play)
    return len(units) == 1 and units[0].is_tractor == tractor


def multisets(held: list[tuple[Card, int]], size: int) -> list[list[Card]]:
    """Every multiset of ``size`` cards from ``held`` (card, copies), the most copies of the first
    card first.

    >>> from oracle.cards import parse_cards
    >>> ace, king = parse_cards("AS KS")
    >>> [" ".join(map(str, m)) for m in multisets([(ace, 2), (king, 1)], 2)]
    ['AS AS', 'AS KS']
    """
    if size == 0:
        return [[]]
    if not held:
        return []
    (card, copies), rest = held[0], held[1:]
    return [[card] * k + more for k in range(min(copies, size), -1, -1) for more in multisets(rest, size - k)]


class OneSuit:
    """Any cards of one effective suit, at least one: the state is the suit so far (0: none)."""

    def __init__(self, rules: Ruleset, space: Space) -> None:
        self.suits = [int(rules.effective_suit(c)) for c in space.cards]

    def start(self) -> Hashable:
        return 0

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        if not copies:
            return state
        suit = self.suits[index]
        return suit if state in (0, suit) else None

    def accept(self, state: Hashable) -> Duty | None:
        return THROW if state != 0 else None
