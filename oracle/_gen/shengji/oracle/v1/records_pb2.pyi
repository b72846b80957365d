from oracle._gen.shengji.oracle.v1 import cards_pb2 as _cards_pb2
from oracle._gen.shengji.oracle.v1 import variant_pb2 as _variant_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DealRecord(_message.Message):
    __slots__ = ("context", "banker_seat", "hands", "bottom", "declarations", "buried", "tricks", "attacker_level", "reported")
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    BANKER_SEAT_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    BURIED_FIELD_NUMBER: _ClassVar[int]
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    REPORTED_FIELD_NUMBER: _ClassVar[int]
    context: _variant_pb2.Context
    banker_seat: int
    hands: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Hand]
    bottom: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    declarations: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Play]
    buried: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    tricks: _containers.RepeatedCompositeFieldContainer[Trick]
    attacker_level: _cards_pb2.Rank
    reported: ReportedResults
    def __init__(self, context: _Optional[_Union[_variant_pb2.Context, _Mapping]] = ..., banker_seat: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[_cards_pb2.Hand, _Mapping]]] = ..., bottom: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., declarations: _Optional[_Iterable[_Union[_cards_pb2.Play, _Mapping]]] = ..., buried: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., tricks: _Optional[_Iterable[_Union[Trick, _Mapping]]] = ..., attacker_level: _Optional[_Union[_cards_pb2.Rank, str]] = ..., reported: _Optional[_Union[ReportedResults, _Mapping]] = ...) -> None: ...

class Trick(_message.Message):
    __slots__ = ("plays", "attempted_throw", "reported_winner", "reported_points")
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    ATTEMPTED_THROW_FIELD_NUMBER: _ClassVar[int]
    REPORTED_WINNER_FIELD_NUMBER: _ClassVar[int]
    REPORTED_POINTS_FIELD_NUMBER: _ClassVar[int]
    plays: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Play]
    attempted_throw: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    reported_winner: int
    reported_points: int
    def __init__(self, plays: _Optional[_Iterable[_Union[_cards_pb2.Play, _Mapping]]] = ..., attempted_throw: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., reported_winner: _Optional[int] = ..., reported_points: _Optional[int] = ...) -> None: ...

class ReportedResults(_message.Message):
    __slots__ = ("bottom_multiplier", "attacker_points", "level_side", "levels", "next_banker_seat")
    BOTTOM_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_POINTS_FIELD_NUMBER: _ClassVar[int]
    LEVEL_SIDE_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    NEXT_BANKER_SEAT_FIELD_NUMBER: _ClassVar[int]
    bottom_multiplier: int
    attacker_points: int
    level_side: _variant_pb2.Side
    levels: int
    next_banker_seat: int
    def __init__(self, bottom_multiplier: _Optional[int] = ..., attacker_points: _Optional[int] = ..., level_side: _Optional[_Union[_variant_pb2.Side, str]] = ..., levels: _Optional[int] = ..., next_banker_seat: _Optional[int] = ...) -> None: ...

class AuditDealRequest(_message.Message):
    __slots__ = ("record",)
    RECORD_FIELD_NUMBER: _ClassVar[int]
    record: DealRecord
    def __init__(self, record: _Optional[_Union[DealRecord, _Mapping]] = ...) -> None: ...

class AuditStep(_message.Message):
    __slots__ = ("step", "seat", "legal", "cards", "broken_rule_id", "legal_alternative", "rule_ids", "explanation")
    STEP_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    BROKEN_RULE_ID_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ALTERNATIVE_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    step: str
    seat: int
    legal: bool
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    broken_rule_id: str
    legal_alternative: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    def __init__(self, step: _Optional[str] = ..., seat: _Optional[int] = ..., legal: _Optional[bool] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., broken_rule_id: _Optional[str] = ..., legal_alternative: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ...) -> None: ...

class ResultDifference(_message.Message):
    __slots__ = ("field", "reported", "oracle")
    FIELD_FIELD_NUMBER: _ClassVar[int]
    REPORTED_FIELD_NUMBER: _ClassVar[int]
    ORACLE_FIELD_NUMBER: _ClassVar[int]
    field: str
    reported: str
    oracle: str
    def __init__(self, field: _Optional[str] = ..., reported: _Optional[str] = ..., oracle: _Optional[str] = ...) -> None: ...

class AuditTotals(_message.Message):
    __slots__ = ("tricks", "trick_points", "penalty_points", "bottom_multiplier", "digging_side", "bottom_points_to_attackers", "attacker_points", "level_side", "levels", "attackers_take_deal", "next_banker_seat", "new_banker_level", "new_attacker_level", "trump_suit", "no_trump", "violations")
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    TRICK_POINTS_FIELD_NUMBER: _ClassVar[int]
    PENALTY_POINTS_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    DIGGING_SIDE_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_POINTS_TO_ATTACKERS_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_POINTS_FIELD_NUMBER: _ClassVar[int]
    LEVEL_SIDE_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_TAKE_DEAL_FIELD_NUMBER: _ClassVar[int]
    NEXT_BANKER_SEAT_FIELD_NUMBER: _ClassVar[int]
    NEW_BANKER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    NEW_ATTACKER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    TRUMP_SUIT_FIELD_NUMBER: _ClassVar[int]
    NO_TRUMP_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    tricks: int
    trick_points: int
    penalty_points: int
    bottom_multiplier: int
    digging_side: _variant_pb2.Side
    bottom_points_to_attackers: int
    attacker_points: int
    level_side: _variant_pb2.Side
    levels: int
    attackers_take_deal: bool
    next_banker_seat: int
    new_banker_level: _cards_pb2.Rank
    new_attacker_level: _cards_pb2.Rank
    trump_suit: _cards_pb2.Suit
    no_trump: bool
    violations: int
    def __init__(self, tricks: _Optional[int] = ..., trick_points: _Optional[int] = ..., penalty_points: _Optional[int] = ..., bottom_multiplier: _Optional[int] = ..., digging_side: _Optional[_Union[_variant_pb2.Side, str]] = ..., bottom_points_to_attackers: _Optional[int] = ..., attacker_points: _Optional[int] = ..., level_side: _Optional[_Union[_variant_pb2.Side, str]] = ..., levels: _Optional[int] = ..., attackers_take_deal: _Optional[bool] = ..., next_banker_seat: _Optional[int] = ..., new_banker_level: _Optional[_Union[_cards_pb2.Rank, str]] = ..., new_attacker_level: _Optional[_Union[_cards_pb2.Rank, str]] = ..., trump_suit: _Optional[_Union[_cards_pb2.Suit, str]] = ..., no_trump: _Optional[bool] = ..., violations: _Optional[int] = ...) -> None: ...

class AuditDealResponse(_message.Message):
    __slots__ = ("clean", "steps", "first_violation", "differences", "totals", "complete", "rule_ids", "explanation")
    CLEAN_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    FIRST_VIOLATION_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCES_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    clean: bool
    steps: _containers.RepeatedCompositeFieldContainer[AuditStep]
    first_violation: AuditStep
    differences: _containers.RepeatedCompositeFieldContainer[ResultDifference]
    totals: AuditTotals
    complete: bool
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    def __init__(self, clean: _Optional[bool] = ..., steps: _Optional[_Iterable[_Union[AuditStep, _Mapping]]] = ..., first_violation: _Optional[_Union[AuditStep, _Mapping]] = ..., differences: _Optional[_Iterable[_Union[ResultDifference, _Mapping]]] = ..., totals: _Optional[_Union[AuditTotals, _Mapping]] = ..., complete: _Optional[bool] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ...) -> None: ...
