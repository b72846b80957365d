"""Answer builders: units and throws as proto messages, shared by every strategy; a judged
trick's answer is :mod:`oracle.engine.trick_answers`'.

A leaf: it imports no strategy, so any rule module (the seeds' or a profile's) can build
its answer with it.

Every answer builder writes into the message it is given (``answer``: an empty message of its
response, the field of an ``Answer`` for a dispatched question, so the answer is built in its
place and not copied there), or into a new message when given none.

>>> from oracle.cards import parse_cards
>>> answer = pb.CheckThrowResponse()
>>> THROW_UNITS.merge(answer, [Unit(2, 1, 0, tuple(parse_cards("4H 4H")))])
>>> answer.units[0].name
'pair'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from google.protobuf.internal.containers import RepeatedCompositeFieldContainer
from google.protobuf.message import Message

from oracle import pb
from oracle.cards import Card, format_cards, full_deck
from oracle.convert import CardsField, add_cards, suit_name, wire_field, wire_strings, wire_varint
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Block, Unit

_CODES = max(card.code for card in full_deck()) + 1
"""One more than the highest card code: the length of a table by card code."""

INT32_MAX = 2**31 - 1
"""The largest number an answer's int32 field carries."""

_Answer = TypeVar("_Answer", bound=Message)


def into(answer: _Answer | None, made: _Answer) -> _Answer:
    """An answer built apart (``made``: a rare shape built by keyword arguments, or an engine call
    that builds its own message) as the answer asked for: itself when no message to write into
    is given, else copied into ``answer``.

    >>> given = pb.ScoreDealResponse()
    >>> into(given, pb.ScoreDealResponse(levels=2)) is given, given.levels
    (True, 2)
    """
    if answer is None:
        return made
    answer.CopyFrom(made)
    return answer


def clamped(value: int) -> int:
    """``value`` within an int32 field: a larger value is carried as :data:`INT32_MAX`.

    >>> clamped(2**40), clamped(-5), clamped(64)
    (2147483647, -5, 64)
    """
    return max(-INT32_MAX - 1, min(INT32_MAX, value))


def follow_answer(
    answer: pb.CheckFollowResponse | None, rule_ids: Sequence[str], explanation: str, broken: str = ""
) -> pb.CheckFollowResponse:
    """A follow's answer, written into ``answer`` (or a new message): legal unless a rule is
    ``broken``, the rules read and why. An illegal follow's example is added by the caller.

    >>> follow_answer(None, ["follow.suit"], "Legal.") == pb.CheckFollowResponse(
    ...     legal=True, rule_ids=["follow.suit"], explanation="Legal.")
    True
    """
    if answer is None:
        answer = pb.CheckFollowResponse()
    if broken:
        answer.broken_rule_id = broken
    else:
        answer.legal = True
    answer.rule_ids.extend(rule_ids)
    answer.explanation = explanation
    return answer


def unit_to_pb(unit: Unit) -> pb.Unit:
    """A unit as a proto message."""
    message = pb.Unit(tuple_size=unit.tuple_size, length=unit.length, name=unit.name, rainbow=unit.rainbow)
    add_cards(message.cards, unit.cards)
    return message


_TUPLE_MESSAGES: dict[tuple[int, int], pb.Unit] = {}
"""The message of each tuple met so far, by (card code, tuple size): at most one per card and
size (a few hundred). Copying one into an answer costs a quarter of building it field by field."""


def tuple_message(unit: Unit) -> pb.Unit | None:
    """The shared message of a unit that is one tuple of copies of one card (a single, a pair of
    identical cards...): the caller copies it, never changes it. ``None`` for any other unit.

    >>> from oracle.cards import parse_cards
    >>> pair = tuple_message(Unit(2, 1, 0, tuple(parse_cards("4H 4H"))))
    >>> pair.name, len(pair.cards), tuple_message(Unit(2, 1, 0, tuple(parse_cards("4H 4D"))))
    ('pair', 2, None)
    """
    cards = unit.cards
    if unit.length != 1 or not cards or len(cards) != unit.tuple_size:
        return None
    code = cards[0].code
    if len(cards) > 1 and any(card.code != code for card in cards):
        return None
    key = (code, len(cards))
    message = _TUPLE_MESSAGES.get(key)
    if message is None:
        message = _TUPLE_MESSAGES[key] = unit_to_pb(unit)
    return message


def add_units(field: RepeatedCompositeFieldContainer[pb.Unit], units: Iterable[Unit]) -> None:
    """Append units to a repeated ``Unit`` field of an answer: a tuple of one card copied from its
    :func:`tuple_message`, any other unit built in place (building it apart and handing it over
    would copy it again).

    >>> answer = pb.DescribePlayResponse()
    >>> add_units(answer.units, [Unit(2, 1, 0, ())])
    >>> answer.units[0].name
    'pair'
    """
    add = field.add
    for unit in units:
        fill_unit(add(), unit)


def fill_unit(message: pb.Unit, unit: Unit) -> None:
    """Fill an empty ``Unit`` message of an answer with ``unit``: a tuple of one card copied from
    its :func:`tuple_message`, any other unit field by field.

    >>> from oracle.cards import parse_cards
    >>> message = pb.Unit()
    >>> fill_unit(message, Unit(2, 1, 0, tuple(parse_cards("4H 4H"))))
    >>> message == tuple_message(Unit(2, 1, 0, tuple(parse_cards("4H 4H"))))
    True
    """
    shared = tuple_message(unit)
    if shared is not None:
        message.CopyFrom(shared)
        return
    message.tuple_size, message.length, message.name = unit.tuple_size, unit.length, unit.name
    if unit.rainbow:
        message.rainbow = True
    add_cards(message.cards, unit.cards)


class UnitsField:
    """A repeated ``Unit`` field of one message type, filled from its bytes (as
    :class:`~oracle.convert.CardsField` fills cards): the bytes of a unit that is one tuple of
    copies of one card are built once, any other unit's when it is met; :meth:`merge` appends
    units with one parse of their joined bytes.

    >>> from oracle.cards import SMALL_JOKER
    >>> answer, expected = pb.DescribePlayResponse(), pb.DescribePlayResponse()
    >>> units = [Unit(1, 1, 0, (SMALL_JOKER,)), Unit(2, 2, 0, (SMALL_JOKER,) * 4)]
    >>> UnitsField(pb.DescribePlayResponse, "units").merge(answer, units)
    >>> add_units(expected.units, units)
    >>> answer == expected
    True
    """

    def __init__(self, message_type: type[Message], name: str) -> None:
        self.number = message_type.DESCRIPTOR.fields_by_name[name].number
        self._tuples: dict[tuple[int, int], bytes] = {}
        """The bytes of each tuple met so far, by (card code, tuple size): a few hundred at most."""
        self._singles = [b""] * _CODES
        """The bytes of each card's single, by card code (the most frequent unit): built here."""
        for card in full_deck():
            self._singles[card.code] = wire_field(self.number, unit_to_pb(Unit(1, 1, 0, (card,))).SerializeToString())

    def unit_bytes(self, unit: Unit) -> bytes:
        """One unit's bytes as an element of the field.

        >>> from oracle.cards import parse_cards
        >>> single = Unit(1, 1, 9, tuple(parse_cards("AS")))
        >>> THROW_UNITS.unit_bytes(single) == wire_field(THROW_UNITS.number, unit_to_pb(single).SerializeToString())
        True
        """
        cards = unit.cards
        n = len(cards)
        if n == 1 and unit.tuple_size == 1 and unit.length == 1 and not unit.rainbow:
            return self._singles[cards[0].code]
        if n != unit.tuple_size or unit.length != 1 or unit.rainbow or not n or any(
                card.code != cards[0].code for card in cards):
            return wire_field(self.number, unit_to_pb(unit).SerializeToString())
        key = (cards[0].code, n)
        found = self._tuples.get(key)
        if found is None:
            found = self._tuples[key] = wire_field(self.number, unit_to_pb(unit).SerializeToString())
        return found

    def wire(self, units: Iterable[Unit]) -> bytes:
        """The units' bytes as elements of the field, in order."""
        return b"".join([self.unit_bytes(unit) for unit in units])

    def merge(self, message: Message, units: Iterable[Unit]) -> None:
        """Append the units to the field of ``message``, in order."""
        message.MergeFromString(self.wire(units))


THROW_UNITS = UnitsField(pb.CheckThrowResponse, "units")
THROW_FORCED = CardsField(pb.CheckThrowResponse, "forced_play")
BLOCK_UNIT = UnitsField(pb.ThrowBlock, "unit")
BLOCK_BEATING = CardsField(pb.ThrowBlock, "beating_cards")
_BLOCKS = pb.CheckThrowResponse.DESCRIPTOR.fields_by_name["blocks"].number
_BLOCK_SEAT = pb.ThrowBlock.DESCRIPTOR.fields_by_name["seat"].number
_SEATS = [wire_varint(_BLOCK_SEAT, seat) for seat in range(16)]  # a block's seat's bytes, by seat


def block_wire(block: Block) -> bytes:
    """A block of a failed throw as the bytes of one element of the answer's ``blocks``.

    >>> from oracle.cards import parse_cards
    >>> block = Block(Unit(1, 1, 0, tuple(parse_cards("8D"))), 2, tuple(parse_cards("9D")))
    >>> answer, expected = pb.CheckThrowResponse(), pb.CheckThrowResponse()
    >>> _ = answer.MergeFromString(block_wire(block))
    >>> message = expected.blocks.add(seat=2)
    >>> fill_unit(message.unit, block.unit)
    >>> add_cards(message.beating_cards, block.beating)
    >>> answer == expected
    True
    """
    by_code, seat = BLOCK_BEATING.by_code, block.seat
    seat_bytes = _SEATS[seat] if 0 <= seat < len(_SEATS) else wire_varint(_BLOCK_SEAT, seat)
    return wire_field(_BLOCKS, b"".join([BLOCK_UNIT.unit_bytes(block.unit), seat_bytes,
                                         *[by_code[card.code] for card in block.beating]]))


_THROW_RULES = {
    outcome: wire_strings(pb.CheckThrowResponse, "rule_ids", rule_ids)
    for outcome, rule_ids in (("single", ["lead.one_suit"]), ("succeeds", ["throw.unbeatable"]),
                              ("fails", ["throw.unbeatable", "throw.forced_unit", "throw.penalty"]))
}
"""The bytes of each kind of throw answer's rule ids, merged with its units (a message's fields set
one by one, and its repeated fields merged as bytes, cost about half of keyword arguments)."""


def not_a_throw(units: Sequence[Unit], answer: pb.CheckThrowResponse | None = None) -> pb.CheckThrowResponse:
    """The answer for a lead of one unit: no throw, it can always be led."""
    if answer is None:
        answer = pb.CheckThrowResponse()
    answer.succeeds = True
    answer.explanation = f"A single unit ({units[0].name}) is not a throw: it can always be led."
    answer.MergeFromString(_THROW_RULES["single"] + THROW_UNITS.wire(units))
    return answer


def throw_answer(
    rules: Ruleset, units: Sequence[Unit], cards: Sequence[Card], blocks: Sequence[Block], order: Sequence[int],
    forced: Sequence[Card] | None = None, answer: pb.CheckThrowResponse | None = None,
) -> pb.CheckThrowResponse:
    """The answer for a throw, its ``blocks`` found (none: it succeeds). A failed throw forces what
    the ruleset's forced-unit rule says (or ``forced``, where the check decides it itself) and costs
    its penalty; the first blocker in play order (``order``, the other seats) is the one the
    explanation names."""
    if answer is None:
        answer = pb.CheckThrowResponse()
    answer.is_throw = True
    if not blocks:
        answer.succeeds = True
        answer.explanation = (f"The throw of {len(units)} units of {suit_name(rules.suit_of(cards))} succeeds: "
                              "no other hand can beat any of them.")
        answer.MergeFromString(_THROW_RULES["succeeds"] + THROW_UNITS.wire(units))
        return answer
    forced = rules.strategies.forced(rules, blocks, cards, order) if forced is None else list(forced)
    penalty = clamped(rules.strategies.penalty(rules.variant.throws, len(cards), len(forced),
                                             sum([b.unit.size for b in blocks])))
    first = blocks[0] if len(blocks) == 1 else min(blocks, key=lambda b: order.index(b.seat))
    if penalty:
        answer.penalty_points = penalty
    answer.explanation = (f"The throw fails: seat {first.seat} can beat the {first.unit.name} "
                          f"({format_cards(first.unit.cards)}) with {format_cards(first.beating)}; "
                          f"the thrower must play {format_cards(forced)}"
                          + (f" and loses {penalty} points." if penalty else "."))
    answer.MergeFromString(b"".join([_THROW_RULES["fails"], THROW_UNITS.wire(units),
                                     *[block_wire(block) for block in blocks], THROW_FORCED.wire(forced)]))
    return answer
