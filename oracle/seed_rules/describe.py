"""What a set of cards is (DescribePlay): suit, units, points, valid lead.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> r = describe_play(rules, p("SJ SJ 10H 10H 10S 10S AH AH 3H"))
>>> [u.name for u in r.units], r.is_throw, r.points
(['tractor of 4 pairs', 'single'], True, 40)
>>> describe_play(rules, p("AS AH")).valid_lead
False
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card, full_deck
from oracle.convert import suit_name, wire_strings, wire_varint
from oracle.engine.answers import UnitsField, into
from oracle.engine.ruleset import MIXED, Ruleset, points
from oracle.engine.units import Unit

RULES = wire_strings(pb.DescribePlayResponse, "rule_ids",
                     ["order.trump", "units.tuple", "points.cards", "lead.one_suit"])
"""The rules a lead of one suit reads, as the bytes of the answer's ``rule_ids``."""

RULES_WITH_TRACTORS = wire_strings(pb.DescribePlayResponse, "rule_ids",
                                   ["order.trump", "units.tuple", "units.tractor", "points.cards", "lead.one_suit"])
"""The rules a lead of one suit holding a tractor reads, as :data:`RULES`."""

_FIELDS = pb.DescribePlayResponse.DESCRIPTOR.fields_by_name

LEADS = {
    (suit, throw, tractors): b"".join([
        wire_varint(_FIELDS["effective_suit"].number, suit), wire_varint(_FIELDS["valid_lead"].number, 1),
        wire_varint(_FIELDS["is_throw"].number, throw), RULES_WITH_TRACTORS if tractors else RULES])
    for suit in pb.EffectiveSuit.values() for throw in (False, True) for tractors in (False, True)
}
"""A lead's fixed fields (its suit, a valid lead, whether it is a throw, its rule ids) as bytes, by
(suit, throw, tractors): merged with its units in one parse, where setting them costs more."""

UNITS = UnitsField(pb.DescribePlayResponse, "units")

SINGLES = [b""] * (max(card.code for card in full_deck()) + 1)
"""Each card's single as the bytes of an element of the answer's ``units``, by card code (a
unit of one card is always a single: a rainbow spans four suits)."""
for _card in full_deck():
    SINGLES[_card.code] = UNITS.unit_bytes(Unit(1, 1, 0, (_card,)))


def describe_play(
    rules: Ruleset, cards: Sequence[Card], answer: pb.DescribePlayResponse | None = None
) -> pb.DescribePlayResponse:
    """Describe cards in a context; the answer written into ``answer`` when given (an empty
    message: a field of an ``Answer``, built in its place), else into a new one."""
    suit = rules.suit_of(cards)
    total = points(cards)
    if suit == MIXED:
        if rules.strategies.compound is not None:
            return into(answer, _describe_compound(rules, cards, total))
        return into(answer, pb.DescribePlayResponse(
            effective_suit=suit, points=total, valid_lead=False, is_throw=False,
            rule_ids=["lead.one_suit", "points.cards"],
            explanation="The cards are of more than one effective suit: not a lead.",
        ))
    units = rules.units(cards)
    # The points and explanation set, then the fixed fields (LEADS) and the units merged in one
    # parse (about half of keyword arguments); each unit's name, bytes and shape read in one pass.
    if answer is None:
        answer = pb.DescribePlayResponse()
    if total:
        answer.points = total
    if len(units) == 1:
        unit = units[0]
        name = "single" if len(cards) == 1 else unit.name
        answer.explanation = f"{len(cards)} cards of {suit_name(suit)}: {name}; {total} points."
        answer.MergeFromString(LEADS[suit, False, unit.length >= 2] + UNITS.unit_bytes(unit))
        return answer
    unit_bytes = UNITS.unit_bytes
    names, wire, tractors = [], [], False
    for unit in units:
        if len(unit.cards) == 1:  # a single: named and written from tables, no property read
            names.append("single")
            wire.append(SINGLES[unit.cards[0].code])
            continue
        wire.append(unit_bytes(unit))
        names.append(unit.name)
        if unit.length >= 2:
            tractors = True
    answer.explanation = (f"{len(cards)} cards of {suit_name(suit)}: {', '.join(names)}; {total} points; "
                          "leading them is a throw.")
    answer.MergeFromString(b"".join([LEADS[suit, True, tractors], *wire]))
    return answer


def _describe_compound(rules: Ruleset, cards: Sequence[Card], total: int) -> pb.DescribePlayResponse:
    """Cards of several suits where the ruleset allows such leads (rbtying's rainbows)."""
    units = rules.lead_units(cards)
    if units is None:
        return pb.DescribePlayResponse(
            effective_suit=MIXED, points=total, valid_lead=False, is_throw=False,
            rule_ids=["lead.one_suit", "lead.rainbow", "points.cards"],
            explanation="The cards are of more than one effective suit and are no rainbow: not a lead.")
    names = ", ".join(u.name for u in units)
    answer = pb.DescribePlayResponse(
        effective_suit=MIXED, points=total, valid_lead=True, is_throw=len(units) > 1,
        rule_ids=["lead.rainbow", "points.cards"],
        explanation=(f"{len(cards)} cards, a rainbow: {names}; {total} points"
                     + ("; leading them is a throw." if len(units) > 1 else ".")))
    UNITS.merge(answer, units)
    return answer
