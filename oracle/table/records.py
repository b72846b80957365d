"""The public API's answers: frozen dataclasses mirroring the proto responses field by field,
cards in notation (``"10H"``), enums by name, to and from the proto messages without loss.

Every record names its message (``PROTO``); :func:`from_proto` and :meth:`Record.to_proto` map
each field of the message to the field of the same name.

>>> answer = pb.CheckFollowResponse(legal=False, broken_rule_id="follow.suit",
...                                 example=[pb.Card(rank=pb.RANK_ACE, suit=pb.SUIT_SPADES)])
>>> verdict = FollowVerdict.from_proto(answer)
>>> verdict.legal, verdict.broken_rule_id, verdict.example
(False, 'follow.suit', ('AS',))
>>> verdict.to_proto() == answer
True
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from google.protobuf.message import Message

from oracle import pb
from oracle.cards import parse_cards
from oracle.convert import cards_from_pb, cards_to_pb

R = TypeVar("R", bound="Record")


@dataclass(frozen=True)
class Record:
    """A proto message as a frozen dataclass: one attribute per field, of the same name."""

    PROTO: ClassVar[type[Message]]

    @classmethod
    def from_proto(cls, message: Message) -> typing.Self:
        """The record of ``message`` (a ``PROTO``)."""
        return from_proto(cls, message)

    def to_proto(self) -> Any:
        """The proto message this record mirrors."""
        message = self.PROTO()
        hints = typing.get_type_hints(type(self))
        for item in dataclasses.fields(self):
            _set(message, message.DESCRIPTOR.fields_by_name[item.name], hints[item.name],
                 getattr(self, item.name))
        return message


def _nested(hint: Any) -> Any:
    """The record class of a field's annotation (``Unit`` or ``tuple[Unit, ...]``), else ``None``."""
    for candidate in (hint, *typing.get_args(hint)):
        if isinstance(candidate, type) and issubclass(candidate, Record):
            return candidate
    return None


def _value(field: Any, hint: Any, value: Any) -> Any:
    """One proto value (not a repeated container) as the record holds it."""
    if field.message_type is not None:
        if field.message_type.full_name == pb.Card.DESCRIPTOR.full_name:
            return str(cards_from_pb([value])[0])
        return from_proto(_nested(hint), value)
    if field.enum_type is not None:
        return field.enum_type.values_by_number[value].name
    return value


def from_proto(cls: type[R], message: Message) -> R:
    """The record ``cls`` of ``message``."""
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for item in dataclasses.fields(cls):
        field = message.DESCRIPTOR.fields_by_name[item.name]
        raw = getattr(message, item.name)
        if field.is_repeated:
            values[item.name] = tuple(_value(field, hints[item.name], v) for v in raw)
        elif field.message_type is not None and not message.HasField(item.name):
            values[item.name] = None
        else:
            values[item.name] = _value(field, hints[item.name], raw)
    return cls(**values)


def _set(message: Any, field: Any, hint: Any, value: Any) -> None:
    name = field.name
    if value is None:
        return
    if field.message_type is not None and field.message_type.full_name == pb.Card.DESCRIPTOR.full_name:
        cards = cards_to_pb(parse_cards(" ".join(value) if isinstance(value, tuple) else value))
        if field.is_repeated:
            getattr(message, name).extend(cards)
        else:
            getattr(message, name).CopyFrom(cards[0])
    elif field.message_type is not None:
        if field.is_repeated:
            getattr(message, name).extend(v.to_proto() for v in value)
        elif value is not None:
            getattr(message, name).CopyFrom(value.to_proto())
    elif field.enum_type is not None:
        number = field.enum_type.values_by_name[value].number
        if field.is_repeated:
            getattr(message, name).extend([field.enum_type.values_by_name[v].number for v in value])
        else:
            setattr(message, name, number)
    elif field.is_repeated:
        getattr(message, name).extend(value)
    else:
        setattr(message, name, value)


Cards = tuple[str, ...]
"""Cards in notation, in the answer's order."""


@dataclass(frozen=True)
class Unit(Record):
    """One unit of a play: a tuple or a tractor (``tuple_size`` cards per rank, ``length`` ranks)."""

    PROTO = pb.Unit
    tuple_size: int
    length: int
    cards: Cards
    name: str
    rainbow: bool


@dataclass(frozen=True)
class Description(Record):
    """What a set of cards is (DescribePlay): its suit, units and points, and whether it leads."""

    PROTO = pb.DescribePlayResponse
    effective_suit: str
    units: tuple[Unit, ...]
    points: int
    valid_lead: bool
    is_throw: bool
    rule_ids: tuple[str, ...]
    explanation: str


@dataclass(frozen=True)
class FollowVerdict(Record):
    """Whether a follow is legal (CheckFollow); an illegal one names the rule broken and a legal play."""

    PROTO = pb.CheckFollowResponse
    legal: bool
    broken_rule_id: str
    example: Cards
    rule_ids: tuple[str, ...]
    explanation: str


@dataclass(frozen=True)
class PlayVerdict(Record):
    """One play of a trick: what it is (``kind``, a ``PlayKind`` name) and whether it leads the trick."""

    PROTO = pb.PlayVerdict
    seat: int
    kind: str
    beats_best_so_far: bool
    reason: str
    rule_ids: tuple[str, ...]


@dataclass(frozen=True)
class TrickVerdict(Record):
    """Who wins a trick (JudgeTrick), its points, and a verdict per play."""

    PROTO = pb.JudgeTrickResponse
    winning_seat: int
    points: int
    verdicts: tuple[PlayVerdict, ...]
    rule_ids: tuple[str, ...]
    explanation: str


@dataclass(frozen=True)
class ThrowBlock(Record):
    """A unit of a throw another seat beats, and the cards that beat it."""

    PROTO = pb.ThrowBlock
    unit: Unit
    seat: int
    beating_cards: Cards


@dataclass(frozen=True)
class ThrowVerdict(Record):
    """Whether a throw stands (CheckThrow); a failed one, what it forces and costs."""

    PROTO = pb.CheckThrowResponse
    is_throw: bool
    succeeds: bool
    units: tuple[Unit, ...]
    blocks: tuple[ThrowBlock, ...]
    forced_play: Cards
    penalty_points: int
    rule_ids: tuple[str, ...]
    explanation: str


@dataclass(frozen=True)
class BottomScore(Record):
    """What the bottom adds (ScoreBottom) after the last trick."""

    PROTO = pb.ScoreBottomResponse
    winning_seat: int
    attackers_won: bool
    bottom_points: int
    multiplier: int
    points_to_attackers: int
    points_to_banker: int
    rule_ids: tuple[str, ...]
    explanation: str
    digging_side: str


@dataclass(frozen=True)
class LegalPlayGroup(Record):
    """The legal plays of one duty, and how many there are."""

    PROTO = pb.LegalPlayGroup
    rule_id: str
    description: str
    count: int


@dataclass(frozen=True)
class LegalPlay(Record):
    """One legal play and its group (an index into :attr:`LegalPlays.groups`)."""

    PROTO = pb.LegalPlay
    cards: Cards
    group: int


@dataclass(frozen=True)
class LegalPlays(Record):
    """Every legal follow or lead of a hand (ListLegalPlays): the exact counts and one page."""

    PROTO = pb.ListLegalPlaysResponse
    total: int
    groups: tuple[LegalPlayGroup, ...]
    plays: tuple[LegalPlay, ...]
    next_page_token: str
    rule_ids: tuple[str, ...]
    explanation: str


@dataclass(frozen=True)
class AuditStep(Record):
    """One step of a deal record, judged."""

    PROTO = pb.AuditStep
    step: str
    seat: int
    legal: bool
    cards: Cards
    broken_rule_id: str
    legal_alternative: Cards
    rule_ids: tuple[str, ...]
    explanation: str


@dataclass(frozen=True)
class ResultDifference(Record):
    """A result the record reports that the oracle works out otherwise."""

    PROTO = pb.ResultDifference
    field: str
    reported: str
    oracle: str


@dataclass(frozen=True)
class AuditTotals(Record):
    """The deal's results as the oracle works them out (sides and ranks by their enum names)."""

    PROTO = pb.AuditTotals
    tricks: int
    trick_points: int
    penalty_points: int
    bottom_multiplier: int
    digging_side: str
    bottom_points_to_attackers: int
    attacker_points: int
    level_side: str
    levels: int
    attackers_take_deal: bool
    next_banker_seat: int
    new_banker_level: str
    new_attacker_level: str
    trump_suit: str
    no_trump: bool
    violations: int


@dataclass(frozen=True)
class Audit(Record):
    """A whole deal record replayed (AuditDeal): every step, the first violation, the results."""

    PROTO = pb.AuditDealResponse
    clean: bool
    steps: tuple[AuditStep, ...]
    first_violation: AuditStep | None
    differences: tuple[ResultDifference, ...]
    totals: AuditTotals | None
    complete: bool
    rule_ids: tuple[str, ...]
    explanation: str

