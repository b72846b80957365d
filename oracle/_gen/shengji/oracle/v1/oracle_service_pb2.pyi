from oracle._gen.shengji.oracle.v1 import cards_pb2 as _cards_pb2
from oracle._gen.shengji.oracle.v1 import legal_plays_pb2 as _legal_plays_pb2
from oracle._gen.shengji.oracle.v1 import records_pb2 as _records_pb2
from oracle._gen.shengji.oracle.v1 import variant_pb2 as _variant_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PlayKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAY_KIND_UNSPECIFIED: _ClassVar[PlayKind]
    PLAY_KIND_LEAD: _ClassVar[PlayKind]
    PLAY_KIND_FOLLOW: _ClassVar[PlayKind]
    PLAY_KIND_RUFF: _ClassVar[PlayKind]
    PLAY_KIND_OVER_RUFF: _ClassVar[PlayKind]
    PLAY_KIND_DISCARD: _ClassVar[PlayKind]
    PLAY_KIND_BOMB: _ClassVar[PlayKind]
PLAY_KIND_UNSPECIFIED: PlayKind
PLAY_KIND_LEAD: PlayKind
PLAY_KIND_FOLLOW: PlayKind
PLAY_KIND_RUFF: PlayKind
PLAY_KIND_OVER_RUFF: PlayKind
PLAY_KIND_DISCARD: PlayKind
PLAY_KIND_BOMB: PlayKind

class ListVariantsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListVariantsResponse(_message.Message):
    __slots__ = ("variants",)
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    variants: _containers.RepeatedCompositeFieldContainer[_variant_pb2.Variant]
    def __init__(self, variants: _Optional[_Iterable[_Union[_variant_pb2.Variant, _Mapping]]] = ...) -> None: ...

class GetVariantRequest(_message.Message):
    __slots__ = ("variant_id",)
    VARIANT_ID_FIELD_NUMBER: _ClassVar[int]
    variant_id: str
    def __init__(self, variant_id: _Optional[str] = ...) -> None: ...

class GetVariantResponse(_message.Message):
    __slots__ = ("variant",)
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    variant: _variant_pb2.Variant
    def __init__(self, variant: _Optional[_Union[_variant_pb2.Variant, _Mapping]] = ...) -> None: ...

class ListRulesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Rule(_message.Message):
    __slots__ = ("id", "summary", "sources")
    ID_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    id: str
    summary: str
    sources: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., summary: _Optional[str] = ..., sources: _Optional[_Iterable[str]] = ...) -> None: ...

class ListRulesResponse(_message.Message):
    __slots__ = ("rules",)
    RULES_FIELD_NUMBER: _ClassVar[int]
    rules: _containers.RepeatedCompositeFieldContainer[Rule]
    def __init__(self, rules: _Optional[_Iterable[_Union[Rule, _Mapping]]] = ...) -> None: ...

class DescribePlayRequest(_message.Message):
    __slots__ = ("context", "cards")
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    context: _variant_pb2.Context
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, context: _Optional[_Union[_variant_pb2.Context, _Mapping]] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class DescribePlayResponse(_message.Message):
    __slots__ = ("effective_suit", "units", "points", "valid_lead", "is_throw", "rule_ids", "explanation")
    EFFECTIVE_SUIT_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    VALID_LEAD_FIELD_NUMBER: _ClassVar[int]
    IS_THROW_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    effective_suit: _cards_pb2.EffectiveSuit
    units: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Unit]
    points: int
    valid_lead: bool
    is_throw: bool
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    def __init__(self, effective_suit: _Optional[_Union[_cards_pb2.EffectiveSuit, str]] = ..., units: _Optional[_Iterable[_Union[_cards_pb2.Unit, _Mapping]]] = ..., points: _Optional[int] = ..., valid_lead: _Optional[bool] = ..., is_throw: _Optional[bool] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ...) -> None: ...

class CheckFollowRequest(_message.Message):
    __slots__ = ("context", "lead", "hand", "play")
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    LEAD_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    context: _variant_pb2.Context
    lead: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    hand: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    play: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, context: _Optional[_Union[_variant_pb2.Context, _Mapping]] = ..., lead: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., hand: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., play: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class CheckFollowResponse(_message.Message):
    __slots__ = ("legal", "broken_rule_id", "example", "rule_ids", "explanation")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    BROKEN_RULE_ID_FIELD_NUMBER: _ClassVar[int]
    EXAMPLE_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    broken_rule_id: str
    example: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    def __init__(self, legal: _Optional[bool] = ..., broken_rule_id: _Optional[str] = ..., example: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ...) -> None: ...

class JudgeTrickRequest(_message.Message):
    __slots__ = ("context", "plays")
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    context: _variant_pb2.Context
    plays: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Play]
    def __init__(self, context: _Optional[_Union[_variant_pb2.Context, _Mapping]] = ..., plays: _Optional[_Iterable[_Union[_cards_pb2.Play, _Mapping]]] = ...) -> None: ...

class PlayVerdict(_message.Message):
    __slots__ = ("seat", "kind", "beats_best_so_far", "reason", "rule_ids")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    BEATS_BEST_SO_FAR_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: PlayKind
    beats_best_so_far: bool
    reason: str
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[PlayKind, str]] = ..., beats_best_so_far: _Optional[bool] = ..., reason: _Optional[str] = ..., rule_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class JudgeTrickResponse(_message.Message):
    __slots__ = ("winning_seat", "points", "verdicts", "rule_ids", "explanation")
    WINNING_SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    VERDICTS_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    winning_seat: int
    points: int
    verdicts: _containers.RepeatedCompositeFieldContainer[PlayVerdict]
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    def __init__(self, winning_seat: _Optional[int] = ..., points: _Optional[int] = ..., verdicts: _Optional[_Iterable[_Union[PlayVerdict, _Mapping]]] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ...) -> None: ...

class CheckThrowRequest(_message.Message):
    __slots__ = ("context", "throw", "other_hands")
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    THROW_FIELD_NUMBER: _ClassVar[int]
    OTHER_HANDS_FIELD_NUMBER: _ClassVar[int]
    context: _variant_pb2.Context
    throw: _cards_pb2.Play
    other_hands: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Hand]
    def __init__(self, context: _Optional[_Union[_variant_pb2.Context, _Mapping]] = ..., throw: _Optional[_Union[_cards_pb2.Play, _Mapping]] = ..., other_hands: _Optional[_Iterable[_Union[_cards_pb2.Hand, _Mapping]]] = ...) -> None: ...

class ThrowBlock(_message.Message):
    __slots__ = ("unit", "seat", "beating_cards")
    UNIT_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BEATING_CARDS_FIELD_NUMBER: _ClassVar[int]
    unit: _cards_pb2.Unit
    seat: int
    beating_cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, unit: _Optional[_Union[_cards_pb2.Unit, _Mapping]] = ..., seat: _Optional[int] = ..., beating_cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class CheckThrowResponse(_message.Message):
    __slots__ = ("is_throw", "succeeds", "units", "blocks", "forced_play", "penalty_points", "rule_ids", "explanation")
    IS_THROW_FIELD_NUMBER: _ClassVar[int]
    SUCCEEDS_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    BLOCKS_FIELD_NUMBER: _ClassVar[int]
    FORCED_PLAY_FIELD_NUMBER: _ClassVar[int]
    PENALTY_POINTS_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    is_throw: bool
    succeeds: bool
    units: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Unit]
    blocks: _containers.RepeatedCompositeFieldContainer[ThrowBlock]
    forced_play: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    penalty_points: int
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    def __init__(self, is_throw: _Optional[bool] = ..., succeeds: _Optional[bool] = ..., units: _Optional[_Iterable[_Union[_cards_pb2.Unit, _Mapping]]] = ..., blocks: _Optional[_Iterable[_Union[ThrowBlock, _Mapping]]] = ..., forced_play: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., penalty_points: _Optional[int] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ...) -> None: ...

class ScoreBottomRequest(_message.Message):
    __slots__ = ("context", "last_trick", "banker_seats", "bottom", "banker_side_points", "attacker_points")
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_FIELD_NUMBER: _ClassVar[int]
    BANKER_SEATS_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_FIELD_NUMBER: _ClassVar[int]
    BANKER_SIDE_POINTS_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_POINTS_FIELD_NUMBER: _ClassVar[int]
    context: _variant_pb2.Context
    last_trick: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Play]
    banker_seats: _containers.RepeatedScalarFieldContainer[int]
    bottom: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    banker_side_points: int
    attacker_points: int
    def __init__(self, context: _Optional[_Union[_variant_pb2.Context, _Mapping]] = ..., last_trick: _Optional[_Iterable[_Union[_cards_pb2.Play, _Mapping]]] = ..., banker_seats: _Optional[_Iterable[int]] = ..., bottom: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., banker_side_points: _Optional[int] = ..., attacker_points: _Optional[int] = ...) -> None: ...

class ScoreBottomResponse(_message.Message):
    __slots__ = ("winning_seat", "attackers_won", "bottom_points", "multiplier", "points_to_attackers", "points_to_banker", "rule_ids", "explanation", "digging_side")
    WINNING_SEAT_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_WON_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_POINTS_FIELD_NUMBER: _ClassVar[int]
    MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    POINTS_TO_ATTACKERS_FIELD_NUMBER: _ClassVar[int]
    POINTS_TO_BANKER_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    DIGGING_SIDE_FIELD_NUMBER: _ClassVar[int]
    winning_seat: int
    attackers_won: bool
    bottom_points: int
    multiplier: int
    points_to_attackers: int
    points_to_banker: int
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    digging_side: _variant_pb2.Side
    def __init__(self, winning_seat: _Optional[int] = ..., attackers_won: _Optional[bool] = ..., bottom_points: _Optional[int] = ..., multiplier: _Optional[int] = ..., points_to_attackers: _Optional[int] = ..., points_to_banker: _Optional[int] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ..., digging_side: _Optional[_Union[_variant_pb2.Side, str]] = ...) -> None: ...

class ScoreDealRequest(_message.Message):
    __slots__ = ("variant_id", "attacker_points", "banker_seat", "banker_level", "attacker_level", "context")
    VARIANT_ID_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_POINTS_FIELD_NUMBER: _ClassVar[int]
    BANKER_SEAT_FIELD_NUMBER: _ClassVar[int]
    BANKER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    variant_id: str
    attacker_points: int
    banker_seat: int
    banker_level: _cards_pb2.Rank
    attacker_level: _cards_pb2.Rank
    context: _variant_pb2.Context
    def __init__(self, variant_id: _Optional[str] = ..., attacker_points: _Optional[int] = ..., banker_seat: _Optional[int] = ..., banker_level: _Optional[_Union[_cards_pb2.Rank, str]] = ..., attacker_level: _Optional[_Union[_cards_pb2.Rank, str]] = ..., context: _Optional[_Union[_variant_pb2.Context, _Mapping]] = ...) -> None: ...

class ScoreDealResponse(_message.Message):
    __slots__ = ("side", "levels", "attackers_take_deal", "next_banker_seat", "new_banker_level", "new_attacker_level", "passes_last_level", "rule_ids", "explanation")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_TAKE_DEAL_FIELD_NUMBER: _ClassVar[int]
    NEXT_BANKER_SEAT_FIELD_NUMBER: _ClassVar[int]
    NEW_BANKER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    NEW_ATTACKER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    PASSES_LAST_LEVEL_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    side: _variant_pb2.Side
    levels: int
    attackers_take_deal: bool
    next_banker_seat: int
    new_banker_level: _cards_pb2.Rank
    new_attacker_level: _cards_pb2.Rank
    passes_last_level: bool
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    def __init__(self, side: _Optional[_Union[_variant_pb2.Side, str]] = ..., levels: _Optional[int] = ..., attackers_take_deal: _Optional[bool] = ..., next_banker_seat: _Optional[int] = ..., new_banker_level: _Optional[_Union[_cards_pb2.Rank, str]] = ..., new_attacker_level: _Optional[_Union[_cards_pb2.Rank, str]] = ..., passes_last_level: _Optional[bool] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ...) -> None: ...

class Declaration(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class CompareDeclarationsRequest(_message.Message):
    __slots__ = ("variant_id", "level", "standing", "challenger", "rebury", "context")
    VARIANT_ID_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    STANDING_FIELD_NUMBER: _ClassVar[int]
    CHALLENGER_FIELD_NUMBER: _ClassVar[int]
    REBURY_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    variant_id: str
    level: _cards_pb2.Rank
    standing: Declaration
    challenger: Declaration
    rebury: bool
    context: _variant_pb2.Context
    def __init__(self, variant_id: _Optional[str] = ..., level: _Optional[_Union[_cards_pb2.Rank, str]] = ..., standing: _Optional[_Union[Declaration, _Mapping]] = ..., challenger: _Optional[_Union[Declaration, _Mapping]] = ..., rebury: _Optional[bool] = ..., context: _Optional[_Union[_variant_pb2.Context, _Mapping]] = ...) -> None: ...

class CompareDeclarationsResponse(_message.Message):
    __slots__ = ("challenger_valid", "overrides", "trump_suit", "no_trump", "standing_strength", "challenger_strength", "rule_ids", "explanation")
    CHALLENGER_VALID_FIELD_NUMBER: _ClassVar[int]
    OVERRIDES_FIELD_NUMBER: _ClassVar[int]
    TRUMP_SUIT_FIELD_NUMBER: _ClassVar[int]
    NO_TRUMP_FIELD_NUMBER: _ClassVar[int]
    STANDING_STRENGTH_FIELD_NUMBER: _ClassVar[int]
    CHALLENGER_STRENGTH_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    challenger_valid: bool
    overrides: bool
    trump_suit: _cards_pb2.Suit
    no_trump: bool
    standing_strength: str
    challenger_strength: str
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    def __init__(self, challenger_valid: _Optional[bool] = ..., overrides: _Optional[bool] = ..., trump_suit: _Optional[_Union[_cards_pb2.Suit, str]] = ..., no_trump: _Optional[bool] = ..., standing_strength: _Optional[str] = ..., challenger_strength: _Optional[str] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ...) -> None: ...

class Question(_message.Message):
    __slots__ = ("describe_play", "check_follow", "judge_trick", "check_throw", "score_bottom", "score_deal", "compare_declarations", "get_variant", "list_legal_plays", "audit_deal")
    DESCRIBE_PLAY_FIELD_NUMBER: _ClassVar[int]
    CHECK_FOLLOW_FIELD_NUMBER: _ClassVar[int]
    JUDGE_TRICK_FIELD_NUMBER: _ClassVar[int]
    CHECK_THROW_FIELD_NUMBER: _ClassVar[int]
    SCORE_BOTTOM_FIELD_NUMBER: _ClassVar[int]
    SCORE_DEAL_FIELD_NUMBER: _ClassVar[int]
    COMPARE_DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    GET_VARIANT_FIELD_NUMBER: _ClassVar[int]
    LIST_LEGAL_PLAYS_FIELD_NUMBER: _ClassVar[int]
    AUDIT_DEAL_FIELD_NUMBER: _ClassVar[int]
    describe_play: DescribePlayRequest
    check_follow: CheckFollowRequest
    judge_trick: JudgeTrickRequest
    check_throw: CheckThrowRequest
    score_bottom: ScoreBottomRequest
    score_deal: ScoreDealRequest
    compare_declarations: CompareDeclarationsRequest
    get_variant: GetVariantRequest
    list_legal_plays: _legal_plays_pb2.ListLegalPlaysRequest
    audit_deal: _records_pb2.AuditDealRequest
    def __init__(self, describe_play: _Optional[_Union[DescribePlayRequest, _Mapping]] = ..., check_follow: _Optional[_Union[CheckFollowRequest, _Mapping]] = ..., judge_trick: _Optional[_Union[JudgeTrickRequest, _Mapping]] = ..., check_throw: _Optional[_Union[CheckThrowRequest, _Mapping]] = ..., score_bottom: _Optional[_Union[ScoreBottomRequest, _Mapping]] = ..., score_deal: _Optional[_Union[ScoreDealRequest, _Mapping]] = ..., compare_declarations: _Optional[_Union[CompareDeclarationsRequest, _Mapping]] = ..., get_variant: _Optional[_Union[GetVariantRequest, _Mapping]] = ..., list_legal_plays: _Optional[_Union[_legal_plays_pb2.ListLegalPlaysRequest, _Mapping]] = ..., audit_deal: _Optional[_Union[_records_pb2.AuditDealRequest, _Mapping]] = ...) -> None: ...

class QuestionError(_message.Message):
    __slots__ = ("code", "message", "field_violations")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    FIELD_VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    code: str
    message: str
    field_violations: _containers.RepeatedCompositeFieldContainer[FieldViolation]
    def __init__(self, code: _Optional[str] = ..., message: _Optional[str] = ..., field_violations: _Optional[_Iterable[_Union[FieldViolation, _Mapping]]] = ...) -> None: ...

class FieldViolation(_message.Message):
    __slots__ = ("field", "description")
    FIELD_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    field: str
    description: str
    def __init__(self, field: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class Answer(_message.Message):
    __slots__ = ("describe_play", "check_follow", "judge_trick", "check_throw", "score_bottom", "score_deal", "compare_declarations", "get_variant", "list_legal_plays", "audit_deal", "error")
    DESCRIBE_PLAY_FIELD_NUMBER: _ClassVar[int]
    CHECK_FOLLOW_FIELD_NUMBER: _ClassVar[int]
    JUDGE_TRICK_FIELD_NUMBER: _ClassVar[int]
    CHECK_THROW_FIELD_NUMBER: _ClassVar[int]
    SCORE_BOTTOM_FIELD_NUMBER: _ClassVar[int]
    SCORE_DEAL_FIELD_NUMBER: _ClassVar[int]
    COMPARE_DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    GET_VARIANT_FIELD_NUMBER: _ClassVar[int]
    LIST_LEGAL_PLAYS_FIELD_NUMBER: _ClassVar[int]
    AUDIT_DEAL_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    describe_play: DescribePlayResponse
    check_follow: CheckFollowResponse
    judge_trick: JudgeTrickResponse
    check_throw: CheckThrowResponse
    score_bottom: ScoreBottomResponse
    score_deal: ScoreDealResponse
    compare_declarations: CompareDeclarationsResponse
    get_variant: GetVariantResponse
    list_legal_plays: _legal_plays_pb2.ListLegalPlaysResponse
    audit_deal: _records_pb2.AuditDealResponse
    error: QuestionError
    def __init__(self, describe_play: _Optional[_Union[DescribePlayResponse, _Mapping]] = ..., check_follow: _Optional[_Union[CheckFollowResponse, _Mapping]] = ..., judge_trick: _Optional[_Union[JudgeTrickResponse, _Mapping]] = ..., check_throw: _Optional[_Union[CheckThrowResponse, _Mapping]] = ..., score_bottom: _Optional[_Union[ScoreBottomResponse, _Mapping]] = ..., score_deal: _Optional[_Union[ScoreDealResponse, _Mapping]] = ..., compare_declarations: _Optional[_Union[CompareDeclarationsResponse, _Mapping]] = ..., get_variant: _Optional[_Union[GetVariantResponse, _Mapping]] = ..., list_legal_plays: _Optional[_Union[_legal_plays_pb2.ListLegalPlaysResponse, _Mapping]] = ..., audit_deal: _Optional[_Union[_records_pb2.AuditDealResponse, _Mapping]] = ..., error: _Optional[_Union[QuestionError, _Mapping]] = ...) -> None: ...

class AnswerBatchRequest(_message.Message):
    __slots__ = ("questions",)
    QUESTIONS_FIELD_NUMBER: _ClassVar[int]
    questions: _containers.RepeatedCompositeFieldContainer[Question]
    def __init__(self, questions: _Optional[_Iterable[_Union[Question, _Mapping]]] = ...) -> None: ...

class AnswerBatchResponse(_message.Message):
    __slots__ = ("answers",)
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    answers: _containers.RepeatedCompositeFieldContainer[Answer]
    def __init__(self, answers: _Optional[_Iterable[_Union[Answer, _Mapping]]] = ...) -> None: ...
