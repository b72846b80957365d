"""Answer builders: verdicts and units as proto messages, shared by every strategy.

A leaf: it imports no strategy, so any rule module (the seeds' or a profile's) can build
its answer with it.

>>> from oracle.cards import parse_cards
>>> from oracle.engine.ruleset import SeatPlay
>>> play_verdict(SeatPlay(1, tuple(parse_cards("AS"))), pb.PLAY_KIND_FOLLOW, True, "higher", "trick.structure").rule_ids
['trick.structure']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from google.protobuf.internal.containers import RepeatedCompositeFieldContainer
from google.protobuf.message import Message

from oracle import pb
from oracle.cards import Card, card_name, format_cards, full_deck
from oracle.convert import CardsField, add_cards, suit_name, wire_field, wire_strings, wire_varint
from oracle.engine.ruleset import Ruleset, SeatPlay, points
from oracle.engine.units import Block, Unit

INT32_MAX = 2**31 - 1
"""The largest number an answer's int32 field carries."""


def clamped(value: int) -> int:
    """``value`` within an int32 field: a larger value is carried as :data:`INT32_MAX`.

    >>> clamped(2**40), clamped(-5), clamped(64)
    (2147483647, -5, 64)
    """
    return max(-INT32_MAX - 1, min(INT32_MAX, value))


K = TypeVar("K")


class BestSoFar(Generic[K]):
    """The play that wins a trick so far: its place, its seat, whether it is trump, its key.

    A plain class with slots, built once per play that beats the best (a frozen dataclass costs
    several times as much to build).

    >>> BestSoFar(0, 3, False, (0, 12)).seat
    3
    """

    __slots__ = ("index", "key", "seat", "trump")

    def __init__(self, index: int, seat: int, trump: bool, key: K) -> None:
        self.index = index
        self.seat = seat
        self.trump = trump
        self.key = key


_NAMES = [""] * (max(card.code for card in full_deck()) + 1)
"""Each card's notation, by card code."""
for _card in full_deck():
    _NAMES[_card.code] = card_name(_card)


def cards_text(rules: Ruleset, cards: Sequence[Card]) -> str:
    """The notation of a play's cards in the ruleset's order (trump first, highest first), as a
    reason quotes them: one card's looked up, several cards' codes sorted by the ruleset's order
    (``format_cards(rules.sorted(cards))``, without a card's key computed by a lambda).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> cards_text(rules, parse_cards("3S AH 10C BJ")), cards_text(rules, parse_cards("4D"))
    ('BJ 10C AH 3S', '4D')
    """
    names = _NAMES
    if len(cards) == 1:
        return names[cards[0].code]
    return " ".join([names[code] for code in sorted([card.code for card in cards], key=rules.order.__getitem__)])


Verdict = tuple[pb.PlayKind, bool, str, str]
"""A play's verdict before it is a message: its kind, whether it beats the best so far, the
reason and the rule that decided it (:func:`add_verdict` puts it in an answer)."""


def verdict_against_best(
    rules: Ruleset, play: SeatPlay, kind: pb.PlayKind, outcome: int, what: str, best_seat: int, rule: str
) -> Verdict:
    """The verdict of a play compared with the best so far: ``outcome`` > 0 beats it, 0 ties it
    (the first played wins, rule ``order.first_played_wins``), < 0 does not beat it. A play that
    does not beat the best is no over-ruff (it stays a ruff).

    >>> from oracle.cards import Rank, Suit, parse_cards
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> verdict_against_best(rules, SeatPlay(2, tuple(parse_cards("3H"))), pb.PLAY_KIND_OVER_RUFF, 0,
    ...                      "highest single", 1, "trick.over_ruff")[1:]
    (False, "its highest single (3H) equals seat 1's, and the first played wins", 'order.first_played_wins')
    """
    cards = cards_text(rules, play.cards)
    if outcome > 0:
        return kind, True, f"its {what} ({cards}) beats seat {best_seat}'s", rule
    lost = pb.PLAY_KIND_RUFF if kind == pb.PLAY_KIND_OVER_RUFF else kind
    if outcome == 0:
        return (lost, False, f"its {what} ({cards}) equals seat {best_seat}'s, and the first played wins",
                "order.first_played_wins")
    return lost, False, f"its {what} ({cards}) does not beat seat {best_seat}'s", rule


def against_best(
    rules: Ruleset, play: SeatPlay, kind: pb.PlayKind, outcome: int, what: str, best_seat: int, rule: str
) -> pb.PlayVerdict:
    """:func:`verdict_against_best` as a message."""
    return play_verdict(play, *verdict_against_best(rules, play, kind, outcome, what, best_seat, rule))


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
        self._singles = [b""] * len(_NAMES)
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


def play_verdict(play: SeatPlay, kind: pb.PlayKind, beats: bool, reason: str, rule: str) -> pb.PlayVerdict:
    """What one play did in the trick, why, and the rule that decided it."""
    return pb.PlayVerdict(seat=play.seat, kind=kind, beats_best_so_far=beats, reason=reason, rule_ids=[rule])


_VERDICTS_FIELD = pb.JudgeTrickResponse.DESCRIPTOR.fields_by_name["verdicts"].number
_VERDICT_NUMBERS = {field.name: field.number for field in pb.PlayVerdict.DESCRIPTOR.fields}


SeatVerdict = tuple[int, Verdict]
"""One play's seat and verdict, as a judge collects them for :func:`finish_trick`."""


def _verdict_bytes(seat_verdict: SeatVerdict) -> bytes:
    """A verdict as the bytes of one element of a trick answer's verdicts (each field written as
    protobuf writes it, a third cheaper than a message built and serialized), kept in
    :data:`_VERDICTS`."""
    if len(_VERDICTS) >= _VERDICTS_KEPT:
        _VERDICTS.clear()
    seat, (kind, beats, reason, rule) = seat_verdict
    number = _VERDICT_NUMBERS
    found = _VERDICTS[seat_verdict] = wire_field(_VERDICTS_FIELD, b"".join([
        wire_varint(number["seat"], seat), wire_varint(number["kind"], kind),
        wire_varint(number["beats_best_so_far"], int(beats)), wire_field(number["reason"], reason.encode()),
        wire_field(number["rule_ids"], rule.encode())]))
    return found


_VERDICTS: dict[SeatVerdict, bytes] = {}
"""The verdicts met so far, as their bytes, by their seat and verdict (kind, beats, reason, rule id).
A trick's reasons repeat (a lead, a discard, a ruff, a single's comparison): on fresh random
tricks 87% of the Botzone profile's verdicts and two thirds of the seeds' were met before."""

_VERDICTS_KEPT = 8192  # the most verdicts kept (a megabyte or two): then the cache starts again

_TRICK_RULES: dict[frozenset[str], bytes] = {}
"""The bytes of a judged trick's rule ids, sorted, by the set of them (the sets the judges
build: a few dozen)."""


def trick_answer(
    plays: Sequence[SeatPlay],
    verdicts: Sequence[pb.PlayVerdict],
    winner: int,
    rule_ids: set[str],
    source: str = "",
) -> pb.JudgeTrickResponse:
    """The answer for a judged trick: the play at index ``winner`` takes every point in it.

    ``source`` names, for people, the upstream function a profile's judging copies.
    """
    answer = pb.JudgeTrickResponse(verdicts=verdicts)
    return _finished(answer, b"", plays, winner, verdicts[winner].reason, rule_ids, source)


def finish_trick(
    plays: Sequence[SeatPlay],
    verdicts: Sequence[SeatVerdict],
    winner: int,
    rule_ids: set[str],
    source: str = "",
) -> pb.JudgeTrickResponse:
    """:func:`trick_answer` from each play's seat and verdict, in play order; ``rule_ids`` are
    the rules the judging read besides the verdicts' own (each verdict's rule is added to it).
    Each verdict's bytes are those of the verdict met before (:data:`_VERDICTS`), else built once
    and kept; the winner, the points and the explanation are set, then the verdicts and the
    sorted rule ids merged in one parse.

    >>> plays = [SeatPlay(0, ()), SeatPlay(1, ())]
    >>> answer = finish_trick(plays, [(0, (pb.PLAY_KIND_LEAD, True, "leads", "lead.one_suit")),
    ...                               (1, (pb.PLAY_KIND_DISCARD, False, "discards", "trick.discard"))],
    ...                       0, {"trick.points"})
    >>> answer.winning_seat, list(answer.rule_ids), answer.explanation
    (0, ['lead.one_suit', 'trick.discard', 'trick.points'], 'Seat 0 wins the trick and its 0 points: leads.')
    >>> answer.verdicts[1] == play_verdict(plays[1], pb.PLAY_KIND_DISCARD, False, "discards", "trick.discard")
    True
    """
    kept, wire, add_rule = _VERDICTS, [], rule_ids.add
    for seat_verdict in verdicts:
        found = kept.get(seat_verdict)
        wire.append(_verdict_bytes(seat_verdict) if found is None else found)
        add_rule(seat_verdict[1][3])
    return _finished(pb.JudgeTrickResponse(), b"".join(wire), plays, winner, verdicts[winner][1][2], rule_ids,
                     source)


def _finished(
    answer: pb.JudgeTrickResponse, verdicts: bytes, plays: Sequence[SeatPlay], winner: int, winner_reason: str,
    rule_ids: set[str], source: str,
) -> pb.JudgeTrickResponse:
    """``answer`` with the winner, the points and the explanation set, then ``verdicts`` (their
    bytes) and the sorted rule ids merged in one parse."""
    total = points([card for play in plays for card in play.cards])
    seat = plays[winner].seat
    if seat:  # a field left at its default is not set
        answer.winning_seat = seat
    if total:
        answer.points = total
    answer.explanation = (f"Seat {seat} wins the trick and its {total} points: {winner_reason} ({source})." if source
                          else f"Seat {seat} wins the trick and its {total} points: {winner_reason}.")
    key = frozenset(rule_ids)
    rule_bytes = _TRICK_RULES.get(key)
    if rule_bytes is None:
        rule_bytes = _TRICK_RULES[key] = wire_strings(pb.JudgeTrickResponse, "rule_ids", sorted(rule_ids))
    answer.MergeFromString(verdicts + rule_bytes)
    return answer


_THROW_RULES = {
    outcome: wire_strings(pb.CheckThrowResponse, "rule_ids", rule_ids)
    for outcome, rule_ids in (("single", ["lead.one_suit"]), ("succeeds", ["throw.unbeatable"]),
                              ("fails", ["throw.unbeatable", "throw.forced_unit", "throw.penalty"]))
}
"""The bytes of each kind of throw answer's rule ids, merged with its units (a message's fields set
one by one, and its repeated fields merged as bytes, cost about half of keyword arguments)."""


def not_a_throw(units: Sequence[Unit]) -> pb.CheckThrowResponse:
    """The answer for a lead of one unit: no throw, it can always be led."""
    answer = pb.CheckThrowResponse()
    answer.succeeds = True
    answer.explanation = f"A single unit ({units[0].name}) is not a throw: it can always be led."
    answer.MergeFromString(_THROW_RULES["single"] + THROW_UNITS.wire(units))
    return answer


def throw_answer(
    rules: Ruleset, units: Sequence[Unit], cards: Sequence[Card], blocks: Sequence[Block], order: Sequence[int],
    forced: Sequence[Card] | None = None,
) -> pb.CheckThrowResponse:
    """The answer for a throw, its ``blocks`` found (none: it succeeds). A failed throw forces what
    the ruleset's forced-unit rule says (or ``forced``, where the check decides it itself) and costs
    its penalty; the first blocker in play order (``order``, the other seats) is the one the
    explanation names."""
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
