from oracle._gen.shengji.oracle.v1 import cards_pb2 as _cards_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AdvancementPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ADVANCEMENT_POLICY_UNSPECIFIED: _ClassVar[AdvancementPolicy]
    ADVANCEMENT_POLICY_UNRESTRICTED: _ClassVar[AdvancementPolicy]
    ADVANCEMENT_POLICY_FULLY_UNRESTRICTED: _ClassVar[AdvancementPolicy]
    ADVANCEMENT_POLICY_DEFEND_POINTS: _ClassVar[AdvancementPolicy]

class SuitMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUIT_MODE_UNSPECIFIED: _ClassVar[SuitMode]
    SUIT_MODE_FOUR_SUITS: _ClassVar[SuitMode]
    SUIT_MODE_TWO_COLOURS: _ClassVar[SuitMode]

class TierKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TIER_KIND_UNSPECIFIED: _ClassVar[TierKind]
    TIER_KIND_BIG_JOKER: _ClassVar[TierKind]
    TIER_KIND_SMALL_JOKER: _ClassVar[TierKind]
    TIER_KIND_TRUMP_LEVEL: _ClassVar[TierKind]
    TIER_KIND_OTHER_LEVEL: _ClassVar[TierKind]
    TIER_KIND_TRUMP_SUIT_RANK: _ClassVar[TierKind]
    TIER_KIND_OTHER_SUITS_RANK: _ClassVar[TierKind]
    TIER_KIND_SAME_COLOUR_RANK: _ClassVar[TierKind]
    TIER_KIND_CARD: _ClassVar[TierKind]
    TIER_KIND_LEVEL_AND_RANK_BY_SUIT: _ClassVar[TierKind]

class RuffRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RUFF_RULE_UNSPECIFIED: _ClassVar[RuffRule]
    RUFF_RULE_UNIT_COUNTS: _ClassVar[RuffRule]
    RUFF_RULE_SAME_SHAPE: _ClassVar[RuffRule]
    RUFF_RULE_LARGEST_UNIT: _ClassVar[RuffRule]

class FollowRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FOLLOW_RULE_UNSPECIFIED: _ClassVar[FollowRule]
    FOLLOW_RULE_GREEDY_STRUCTURE: _ClassVar[FollowRule]
    FOLLOW_RULE_DECOMPOSITION: _ClassVar[FollowRule]
    FOLLOW_RULE_TYPE_AND_PAIRS: _ClassVar[FollowRule]

class DrawPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DRAW_POLICY_UNSPECIFIED: _ClassVar[DrawPolicy]
    DRAW_POLICY_NO_PROTECTIONS: _ClassVar[DrawPolicy]
    DRAW_POLICY_LONGER_TUPLES_PROTECTED: _ClassVar[DrawPolicy]
    DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR: _ClassVar[DrawPolicy]
    DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR: _ClassVar[DrawPolicy]
    DRAW_POLICY_NO_FORMAT_BASED_DRAW: _ClassVar[DrawPolicy]

class ThrowEvaluation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    THROW_EVALUATION_UNSPECIFIED: _ClassVar[ThrowEvaluation]
    THROW_EVALUATION_KEY_UNIT: _ClassVar[ThrowEvaluation]
    THROW_EVALUATION_ALL: _ClassVar[ThrowEvaluation]
    THROW_EVALUATION_HIGHEST: _ClassVar[ThrowEvaluation]
    THROW_EVALUATION_TRICK_UNIT_LENGTH: _ClassVar[ThrowEvaluation]
    THROW_EVALUATION_LARGEST_COMPONENT: _ClassVar[ThrowEvaluation]

class BombPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOMB_POLICY_UNSPECIFIED: _ClassVar[BombPolicy]
    BOMB_POLICY_NO_BOMBS: _ClassVar[BombPolicy]
    BOMB_POLICY_ALLOW_BOMBS: _ClassVar[BombPolicy]
    BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING: _ClassVar[BombPolicy]

class ForcedUnit(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORCED_UNIT_UNSPECIFIED: _ClassVar[ForcedUnit]
    FORCED_UNIT_LOWEST_BEATEN: _ClassVar[ForcedUnit]
    FORCED_UNIT_MOST_CARDS_FIRST: _ClassVar[ForcedUnit]
    FORCED_UNIT_SMALLEST_CARD: _ClassVar[ForcedUnit]
    FORCED_UNIT_FEWEST_CARDS_FIRST: _ClassVar[ForcedUnit]
    FORCED_UNIT_FIRST_BLOCKER_FEWEST_CARDS: _ClassVar[ForcedUnit]
    FORCED_UNIT_LOWEST_BEATEN_ONE_CARD: _ClassVar[ForcedUnit]

class PenaltyKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PENALTY_KIND_UNSPECIFIED: _ClassVar[PenaltyKind]
    PENALTY_KIND_NONE: _ClassVar[PenaltyKind]
    PENALTY_KIND_FIXED: _ClassVar[PenaltyKind]
    PENALTY_KIND_PER_CARD: _ClassVar[PenaltyKind]
    PENALTY_KIND_PER_BEATEN_CARD: _ClassVar[PenaltyKind]

class BottomRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOTTOM_RULE_UNSPECIFIED: _ClassVar[BottomRule]
    BOTTOM_RULE_NONE: _ClassVar[BottomRule]
    BOTTOM_RULE_POWER: _ClassVar[BottomRule]
    BOTTOM_RULE_SHAPE_TABLE: _ClassVar[BottomRule]
    BOTTOM_RULE_LINEAR: _ClassVar[BottomRule]
    BOTTOM_RULE_TRUMP_DOUBLES: _ClassVar[BottomRule]
    BOTTOM_RULE_TIMES: _ClassVar[BottomRule]

class DigRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DIG_RULE_UNSPECIFIED: _ClassVar[DigRule]
    DIG_RULE_ATTACKERS: _ClassVar[DigRule]
    DIG_RULE_EITHER_SIDE: _ClassVar[DigRule]

class UnitMeasure(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    UNIT_MEASURE_UNSPECIFIED: _ClassVar[UnitMeasure]
    UNIT_MEASURE_CARD_COUNT: _ClassVar[UnitMeasure]
    UNIT_MEASURE_TUPLE_SIZE: _ClassVar[UnitMeasure]

class Side(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SIDE_UNSPECIFIED: _ClassVar[Side]
    SIDE_BANKER: _ClassVar[Side]
    SIDE_ATTACKERS: _ClassVar[Side]
    SIDE_NEITHER: _ClassVar[Side]

class DeclarationRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DECLARATION_RULE_UNSPECIFIED: _ClassVar[DeclarationRule]
    DECLARATION_RULE_LADDER: _ClassVar[DeclarationRule]
    DECLARATION_RULE_POINT_SUM: _ClassVar[DeclarationRule]

class DeclarationCards(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DECLARATION_CARDS_UNSPECIFIED: _ClassVar[DeclarationCards]
    DECLARATION_CARDS_LEVEL: _ClassVar[DeclarationCards]
    DECLARATION_CARDS_JOKERS: _ClassVar[DeclarationCards]
    DECLARATION_CARDS_SMALL_JOKERS: _ClassVar[DeclarationCards]
    DECLARATION_CARDS_BIG_JOKERS: _ClassVar[DeclarationCards]
    DECLARATION_CARDS_ANY_JOKERS: _ClassVar[DeclarationCards]
ADVANCEMENT_POLICY_UNSPECIFIED: AdvancementPolicy
ADVANCEMENT_POLICY_UNRESTRICTED: AdvancementPolicy
ADVANCEMENT_POLICY_FULLY_UNRESTRICTED: AdvancementPolicy
ADVANCEMENT_POLICY_DEFEND_POINTS: AdvancementPolicy
SUIT_MODE_UNSPECIFIED: SuitMode
SUIT_MODE_FOUR_SUITS: SuitMode
SUIT_MODE_TWO_COLOURS: SuitMode
TIER_KIND_UNSPECIFIED: TierKind
TIER_KIND_BIG_JOKER: TierKind
TIER_KIND_SMALL_JOKER: TierKind
TIER_KIND_TRUMP_LEVEL: TierKind
TIER_KIND_OTHER_LEVEL: TierKind
TIER_KIND_TRUMP_SUIT_RANK: TierKind
TIER_KIND_OTHER_SUITS_RANK: TierKind
TIER_KIND_SAME_COLOUR_RANK: TierKind
TIER_KIND_CARD: TierKind
TIER_KIND_LEVEL_AND_RANK_BY_SUIT: TierKind
RUFF_RULE_UNSPECIFIED: RuffRule
RUFF_RULE_UNIT_COUNTS: RuffRule
RUFF_RULE_SAME_SHAPE: RuffRule
RUFF_RULE_LARGEST_UNIT: RuffRule
FOLLOW_RULE_UNSPECIFIED: FollowRule
FOLLOW_RULE_GREEDY_STRUCTURE: FollowRule
FOLLOW_RULE_DECOMPOSITION: FollowRule
FOLLOW_RULE_TYPE_AND_PAIRS: FollowRule
DRAW_POLICY_UNSPECIFIED: DrawPolicy
DRAW_POLICY_NO_PROTECTIONS: DrawPolicy
DRAW_POLICY_LONGER_TUPLES_PROTECTED: DrawPolicy
DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR: DrawPolicy
DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR: DrawPolicy
DRAW_POLICY_NO_FORMAT_BASED_DRAW: DrawPolicy
THROW_EVALUATION_UNSPECIFIED: ThrowEvaluation
THROW_EVALUATION_KEY_UNIT: ThrowEvaluation
THROW_EVALUATION_ALL: ThrowEvaluation
THROW_EVALUATION_HIGHEST: ThrowEvaluation
THROW_EVALUATION_TRICK_UNIT_LENGTH: ThrowEvaluation
THROW_EVALUATION_LARGEST_COMPONENT: ThrowEvaluation
BOMB_POLICY_UNSPECIFIED: BombPolicy
BOMB_POLICY_NO_BOMBS: BombPolicy
BOMB_POLICY_ALLOW_BOMBS: BombPolicy
BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING: BombPolicy
FORCED_UNIT_UNSPECIFIED: ForcedUnit
FORCED_UNIT_LOWEST_BEATEN: ForcedUnit
FORCED_UNIT_MOST_CARDS_FIRST: ForcedUnit
FORCED_UNIT_SMALLEST_CARD: ForcedUnit
FORCED_UNIT_FEWEST_CARDS_FIRST: ForcedUnit
FORCED_UNIT_FIRST_BLOCKER_FEWEST_CARDS: ForcedUnit
FORCED_UNIT_LOWEST_BEATEN_ONE_CARD: ForcedUnit
PENALTY_KIND_UNSPECIFIED: PenaltyKind
PENALTY_KIND_NONE: PenaltyKind
PENALTY_KIND_FIXED: PenaltyKind
PENALTY_KIND_PER_CARD: PenaltyKind
PENALTY_KIND_PER_BEATEN_CARD: PenaltyKind
BOTTOM_RULE_UNSPECIFIED: BottomRule
BOTTOM_RULE_NONE: BottomRule
BOTTOM_RULE_POWER: BottomRule
BOTTOM_RULE_SHAPE_TABLE: BottomRule
BOTTOM_RULE_LINEAR: BottomRule
BOTTOM_RULE_TRUMP_DOUBLES: BottomRule
BOTTOM_RULE_TIMES: BottomRule
DIG_RULE_UNSPECIFIED: DigRule
DIG_RULE_ATTACKERS: DigRule
DIG_RULE_EITHER_SIDE: DigRule
UNIT_MEASURE_UNSPECIFIED: UnitMeasure
UNIT_MEASURE_CARD_COUNT: UnitMeasure
UNIT_MEASURE_TUPLE_SIZE: UnitMeasure
SIDE_UNSPECIFIED: Side
SIDE_BANKER: Side
SIDE_ATTACKERS: Side
SIDE_NEITHER: Side
DECLARATION_RULE_UNSPECIFIED: DeclarationRule
DECLARATION_RULE_LADDER: DeclarationRule
DECLARATION_RULE_POINT_SUM: DeclarationRule
DECLARATION_CARDS_UNSPECIFIED: DeclarationCards
DECLARATION_CARDS_LEVEL: DeclarationCards
DECLARATION_CARDS_JOKERS: DeclarationCards
DECLARATION_CARDS_SMALL_JOKERS: DeclarationCards
DECLARATION_CARDS_BIG_JOKERS: DeclarationCards
DECLARATION_CARDS_ANY_JOKERS: DeclarationCards

class Variant(_message.Message):
    __slots__ = ("id", "name", "description", "extends", "sources", "deal", "card_order", "tractors", "following", "throws", "bottom", "level_table", "declarations", "comparison", "unmodelled", "compound_formats")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    EXTENDS_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    CARD_ORDER_FIELD_NUMBER: _ClassVar[int]
    TRACTORS_FIELD_NUMBER: _ClassVar[int]
    FOLLOWING_FIELD_NUMBER: _ClassVar[int]
    THROWS_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_FIELD_NUMBER: _ClassVar[int]
    LEVEL_TABLE_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    COMPARISON_FIELD_NUMBER: _ClassVar[int]
    UNMODELLED_FIELD_NUMBER: _ClassVar[int]
    COMPOUND_FORMATS_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    extends: str
    sources: _containers.RepeatedCompositeFieldContainer[Source]
    deal: Deal
    card_order: CardOrder
    tractors: Tractors
    following: Following
    throws: Throws
    bottom: Bottom
    level_table: LevelTable
    declarations: Declarations
    comparison: Comparison
    unmodelled: UnmodelledSettings
    compound_formats: CompoundFormats
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., extends: _Optional[str] = ..., sources: _Optional[_Iterable[_Union[Source, _Mapping]]] = ..., deal: _Optional[_Union[Deal, _Mapping]] = ..., card_order: _Optional[_Union[CardOrder, _Mapping]] = ..., tractors: _Optional[_Union[Tractors, _Mapping]] = ..., following: _Optional[_Union[Following, _Mapping]] = ..., throws: _Optional[_Union[Throws, _Mapping]] = ..., bottom: _Optional[_Union[Bottom, _Mapping]] = ..., level_table: _Optional[_Union[LevelTable, _Mapping]] = ..., declarations: _Optional[_Union[Declarations, _Mapping]] = ..., comparison: _Optional[_Union[Comparison, _Mapping]] = ..., unmodelled: _Optional[_Union[UnmodelledSettings, _Mapping]] = ..., compound_formats: _Optional[_Union[CompoundFormats, _Mapping]] = ...) -> None: ...

class CompoundFormats(_message.Message):
    __slots__ = ("rainbow_min_cards",)
    RAINBOW_MIN_CARDS_FIELD_NUMBER: _ClassVar[int]
    rainbow_min_cards: int
    def __init__(self, rainbow_min_cards: _Optional[int] = ...) -> None: ...

class UnmodelledSettings(_message.Message):
    __slots__ = ("rainbow_formats", "finding_friends", "advancement_policy")
    RAINBOW_FORMATS_FIELD_NUMBER: _ClassVar[int]
    FINDING_FRIENDS_FIELD_NUMBER: _ClassVar[int]
    ADVANCEMENT_POLICY_FIELD_NUMBER: _ClassVar[int]
    rainbow_formats: bool
    finding_friends: bool
    advancement_policy: AdvancementPolicy
    def __init__(self, rainbow_formats: _Optional[bool] = ..., finding_friends: _Optional[bool] = ..., advancement_policy: _Optional[_Union[AdvancementPolicy, str]] = ...) -> None: ...

class Source(_message.Message):
    __slots__ = ("document", "section", "covers")
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    COVERS_FIELD_NUMBER: _ClassVar[int]
    document: str
    section: str
    covers: str
    def __init__(self, document: _Optional[str] = ..., section: _Optional[str] = ..., covers: _Optional[str] = ...) -> None: ...

class Deal(_message.Message):
    __slots__ = ("decks", "players", "hand_size", "bottom_size", "suit_mode")
    DECKS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_SIZE_FIELD_NUMBER: _ClassVar[int]
    SUIT_MODE_FIELD_NUMBER: _ClassVar[int]
    decks: int
    players: int
    hand_size: int
    bottom_size: int
    suit_mode: SuitMode
    def __init__(self, decks: _Optional[int] = ..., players: _Optional[int] = ..., hand_size: _Optional[int] = ..., bottom_size: _Optional[int] = ..., suit_mode: _Optional[_Union[SuitMode, str]] = ...) -> None: ...

class TrumpTier(_message.Message):
    __slots__ = ("kind", "rank", "suit", "no_tractors", "suit_order", "tractor_group")
    KIND_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    NO_TRACTORS_FIELD_NUMBER: _ClassVar[int]
    SUIT_ORDER_FIELD_NUMBER: _ClassVar[int]
    TRACTOR_GROUP_FIELD_NUMBER: _ClassVar[int]
    kind: TierKind
    rank: _cards_pb2.Rank
    suit: _cards_pb2.Suit
    no_tractors: bool
    suit_order: _containers.RepeatedScalarFieldContainer[_cards_pb2.Suit]
    tractor_group: int
    def __init__(self, kind: _Optional[_Union[TierKind, str]] = ..., rank: _Optional[_Union[_cards_pb2.Rank, str]] = ..., suit: _Optional[_Union[_cards_pb2.Suit, str]] = ..., no_tractors: _Optional[bool] = ..., suit_order: _Optional[_Iterable[_Union[_cards_pb2.Suit, str]]] = ..., tractor_group: _Optional[int] = ...) -> None: ...

class CardOrder(_message.Message):
    __slots__ = ("trump_tiers", "levels")
    TRUMP_TIERS_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    trump_tiers: _containers.RepeatedCompositeFieldContainer[TrumpTier]
    levels: _containers.RepeatedScalarFieldContainer[_cards_pb2.Rank]
    def __init__(self, trump_tiers: _Optional[_Iterable[_Union[TrumpTier, _Mapping]]] = ..., levels: _Optional[_Iterable[_Union[_cards_pb2.Rank, str]]] = ...) -> None: ...

class Tractors(_message.Message):
    __slots__ = ("min_length", "bridge_gaps", "across_trump_tiers", "ace_either_end", "min_tuple_size", "mixed_tuple_sizes", "joker_tractor_alone")
    MIN_LENGTH_FIELD_NUMBER: _ClassVar[int]
    BRIDGE_GAPS_FIELD_NUMBER: _ClassVar[int]
    ACROSS_TRUMP_TIERS_FIELD_NUMBER: _ClassVar[int]
    ACE_EITHER_END_FIELD_NUMBER: _ClassVar[int]
    MIN_TUPLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    MIXED_TUPLE_SIZES_FIELD_NUMBER: _ClassVar[int]
    JOKER_TRACTOR_ALONE_FIELD_NUMBER: _ClassVar[int]
    min_length: int
    bridge_gaps: bool
    across_trump_tiers: bool
    ace_either_end: bool
    min_tuple_size: int
    mixed_tuple_sizes: bool
    joker_tractor_alone: bool
    def __init__(self, min_length: _Optional[int] = ..., bridge_gaps: _Optional[bool] = ..., across_trump_tiers: _Optional[bool] = ..., ace_either_end: _Optional[bool] = ..., min_tuple_size: _Optional[int] = ..., mixed_tuple_sizes: _Optional[bool] = ..., joker_tractor_alone: _Optional[bool] = ...) -> None: ...

class Shape(_message.Message):
    __slots__ = ("tuple_size", "length")
    TUPLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    LENGTH_FIELD_NUMBER: _ClassVar[int]
    tuple_size: int
    length: int
    def __init__(self, tuple_size: _Optional[int] = ..., length: _Optional[int] = ...) -> None: ...

class LadderRung(_message.Message):
    __slots__ = ("name", "parts", "same_as_previous")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PARTS_FIELD_NUMBER: _ClassVar[int]
    SAME_AS_PREVIOUS_FIELD_NUMBER: _ClassVar[int]
    name: str
    parts: _containers.RepeatedCompositeFieldContainer[Shape]
    same_as_previous: bool
    def __init__(self, name: _Optional[str] = ..., parts: _Optional[_Iterable[_Union[Shape, _Mapping]]] = ..., same_as_previous: _Optional[bool] = ...) -> None: ...

class FollowLadder(_message.Message):
    __slots__ = ("lead", "rungs")
    LEAD_FIELD_NUMBER: _ClassVar[int]
    RUNGS_FIELD_NUMBER: _ClassVar[int]
    lead: Shape
    rungs: _containers.RepeatedCompositeFieldContainer[LadderRung]
    def __init__(self, lead: _Optional[_Union[Shape, _Mapping]] = ..., rungs: _Optional[_Iterable[_Union[LadderRung, _Mapping]]] = ...) -> None: ...

class Following(_message.Message):
    __slots__ = ("ruff_rule", "follow_rule", "draw_policy", "throw_evaluation", "must_break_tuples", "ladders")
    RUFF_RULE_FIELD_NUMBER: _ClassVar[int]
    FOLLOW_RULE_FIELD_NUMBER: _ClassVar[int]
    DRAW_POLICY_FIELD_NUMBER: _ClassVar[int]
    THROW_EVALUATION_FIELD_NUMBER: _ClassVar[int]
    MUST_BREAK_TUPLES_FIELD_NUMBER: _ClassVar[int]
    LADDERS_FIELD_NUMBER: _ClassVar[int]
    ruff_rule: RuffRule
    follow_rule: FollowRule
    draw_policy: DrawPolicy
    throw_evaluation: ThrowEvaluation
    must_break_tuples: bool
    ladders: _containers.RepeatedCompositeFieldContainer[FollowLadder]
    def __init__(self, ruff_rule: _Optional[_Union[RuffRule, str]] = ..., follow_rule: _Optional[_Union[FollowRule, str]] = ..., draw_policy: _Optional[_Union[DrawPolicy, str]] = ..., throw_evaluation: _Optional[_Union[ThrowEvaluation, str]] = ..., must_break_tuples: _Optional[bool] = ..., ladders: _Optional[_Iterable[_Union[FollowLadder, _Mapping]]] = ...) -> None: ...

class Comparison(_message.Message):
    __slots__ = ("larger_tuples_win", "bomb_policy")
    LARGER_TUPLES_WIN_FIELD_NUMBER: _ClassVar[int]
    BOMB_POLICY_FIELD_NUMBER: _ClassVar[int]
    larger_tuples_win: bool
    bomb_policy: BombPolicy
    def __init__(self, larger_tuples_win: _Optional[bool] = ..., bomb_policy: _Optional[_Union[BombPolicy, str]] = ...) -> None: ...

class Throws(_message.Message):
    __slots__ = ("forced_unit", "penalty", "penalty_points", "forced_tie_suit_order")
    FORCED_UNIT_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    PENALTY_POINTS_FIELD_NUMBER: _ClassVar[int]
    FORCED_TIE_SUIT_ORDER_FIELD_NUMBER: _ClassVar[int]
    forced_unit: ForcedUnit
    penalty: PenaltyKind
    penalty_points: int
    forced_tie_suit_order: _containers.RepeatedScalarFieldContainer[_cards_pb2.Suit]
    def __init__(self, forced_unit: _Optional[_Union[ForcedUnit, str]] = ..., penalty: _Optional[_Union[PenaltyKind, str]] = ..., penalty_points: _Optional[int] = ..., forced_tie_suit_order: _Optional[_Iterable[_Union[_cards_pb2.Suit, str]]] = ...) -> None: ...

class ShapeMultiplier(_message.Message):
    __slots__ = ("name", "tuple_size", "min_length", "factor", "power_base")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TUPLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    MIN_LENGTH_FIELD_NUMBER: _ClassVar[int]
    FACTOR_FIELD_NUMBER: _ClassVar[int]
    POWER_BASE_FIELD_NUMBER: _ClassVar[int]
    name: str
    tuple_size: int
    min_length: int
    factor: int
    power_base: int
    def __init__(self, name: _Optional[str] = ..., tuple_size: _Optional[int] = ..., min_length: _Optional[int] = ..., factor: _Optional[int] = ..., power_base: _Optional[int] = ...) -> None: ...

class Bottom(_message.Message):
    __slots__ = ("rule", "base", "cap", "measure", "shapes", "banker_keeps_points", "dig", "throw_rule")
    RULE_FIELD_NUMBER: _ClassVar[int]
    BASE_FIELD_NUMBER: _ClassVar[int]
    CAP_FIELD_NUMBER: _ClassVar[int]
    MEASURE_FIELD_NUMBER: _ClassVar[int]
    SHAPES_FIELD_NUMBER: _ClassVar[int]
    BANKER_KEEPS_POINTS_FIELD_NUMBER: _ClassVar[int]
    DIG_FIELD_NUMBER: _ClassVar[int]
    THROW_RULE_FIELD_NUMBER: _ClassVar[int]
    rule: BottomRule
    base: int
    cap: int
    measure: UnitMeasure
    shapes: _containers.RepeatedCompositeFieldContainer[ShapeMultiplier]
    banker_keeps_points: bool
    dig: DigRule
    throw_rule: BottomRule
    def __init__(self, rule: _Optional[_Union[BottomRule, str]] = ..., base: _Optional[int] = ..., cap: _Optional[int] = ..., measure: _Optional[_Union[UnitMeasure, str]] = ..., shapes: _Optional[_Iterable[_Union[ShapeMultiplier, _Mapping]]] = ..., banker_keeps_points: _Optional[bool] = ..., dig: _Optional[_Union[DigRule, str]] = ..., throw_rule: _Optional[_Union[BottomRule, str]] = ...) -> None: ...

class LevelBand(_message.Message):
    __slots__ = ("at_least", "below", "side", "levels", "attackers_take_deal", "step")
    AT_LEAST_FIELD_NUMBER: _ClassVar[int]
    BELOW_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_TAKE_DEAL_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    at_least: int
    below: int
    side: Side
    levels: int
    attackers_take_deal: bool
    step: int
    def __init__(self, at_least: _Optional[int] = ..., below: _Optional[int] = ..., side: _Optional[_Union[Side, str]] = ..., levels: _Optional[int] = ..., attackers_take_deal: _Optional[bool] = ..., step: _Optional[int] = ...) -> None: ...

class LevelFormula(_message.Message):
    __slots__ = ("step_size_per_deck", "step_adjustments", "steps_to_turnover", "deadzone_size", "truncate_zero_crossing_window")
    class StepAdjustmentsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: int
        def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
    STEP_SIZE_PER_DECK_FIELD_NUMBER: _ClassVar[int]
    STEP_ADJUSTMENTS_FIELD_NUMBER: _ClassVar[int]
    STEPS_TO_TURNOVER_FIELD_NUMBER: _ClassVar[int]
    DEADZONE_SIZE_FIELD_NUMBER: _ClassVar[int]
    TRUNCATE_ZERO_CROSSING_WINDOW_FIELD_NUMBER: _ClassVar[int]
    step_size_per_deck: int
    step_adjustments: _containers.ScalarMap[int, int]
    steps_to_turnover: int
    deadzone_size: int
    truncate_zero_crossing_window: bool
    def __init__(self, step_size_per_deck: _Optional[int] = ..., step_adjustments: _Optional[_Mapping[int, int]] = ..., steps_to_turnover: _Optional[int] = ..., deadzone_size: _Optional[int] = ..., truncate_zero_crossing_window: _Optional[bool] = ...) -> None: ...

class LevelTable(_message.Message):
    __slots__ = ("total_points", "bands", "formula")
    TOTAL_POINTS_FIELD_NUMBER: _ClassVar[int]
    BANDS_FIELD_NUMBER: _ClassVar[int]
    FORMULA_FIELD_NUMBER: _ClassVar[int]
    total_points: int
    bands: _containers.RepeatedCompositeFieldContainer[LevelBand]
    formula: LevelFormula
    def __init__(self, total_points: _Optional[int] = ..., bands: _Optional[_Iterable[_Union[LevelBand, _Mapping]]] = ..., formula: _Optional[_Union[LevelFormula, _Mapping]] = ...) -> None: ...

class DeclarationRung(_message.Message):
    __slots__ = ("name", "cards", "count", "ordered_by_suit", "override_only", "same_as_previous")
    NAME_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    ORDERED_BY_SUIT_FIELD_NUMBER: _ClassVar[int]
    OVERRIDE_ONLY_FIELD_NUMBER: _ClassVar[int]
    SAME_AS_PREVIOUS_FIELD_NUMBER: _ClassVar[int]
    name: str
    cards: DeclarationCards
    count: int
    ordered_by_suit: bool
    override_only: bool
    same_as_previous: bool
    def __init__(self, name: _Optional[str] = ..., cards: _Optional[_Union[DeclarationCards, str]] = ..., count: _Optional[int] = ..., ordered_by_suit: _Optional[bool] = ..., override_only: _Optional[bool] = ..., same_as_previous: _Optional[bool] = ...) -> None: ...

class CardPoints(_message.Message):
    __slots__ = ("card", "level_card", "points")
    CARD_FIELD_NUMBER: _ClassVar[int]
    LEVEL_CARD_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    level_card: bool
    points: int
    def __init__(self, card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., level_card: _Optional[bool] = ..., points: _Optional[int] = ...) -> None: ...

class Declarations(_message.Message):
    __slots__ = ("rule", "ladder", "suit_order", "allow_self_reinforce", "allow_self_override", "card_points", "allow_rebury")
    RULE_FIELD_NUMBER: _ClassVar[int]
    LADDER_FIELD_NUMBER: _ClassVar[int]
    SUIT_ORDER_FIELD_NUMBER: _ClassVar[int]
    ALLOW_SELF_REINFORCE_FIELD_NUMBER: _ClassVar[int]
    ALLOW_SELF_OVERRIDE_FIELD_NUMBER: _ClassVar[int]
    CARD_POINTS_FIELD_NUMBER: _ClassVar[int]
    ALLOW_REBURY_FIELD_NUMBER: _ClassVar[int]
    rule: DeclarationRule
    ladder: _containers.RepeatedCompositeFieldContainer[DeclarationRung]
    suit_order: _containers.RepeatedScalarFieldContainer[_cards_pb2.Suit]
    allow_self_reinforce: bool
    allow_self_override: bool
    card_points: _containers.RepeatedCompositeFieldContainer[CardPoints]
    allow_rebury: bool
    def __init__(self, rule: _Optional[_Union[DeclarationRule, str]] = ..., ladder: _Optional[_Iterable[_Union[DeclarationRung, _Mapping]]] = ..., suit_order: _Optional[_Iterable[_Union[_cards_pb2.Suit, str]]] = ..., allow_self_reinforce: _Optional[bool] = ..., allow_self_override: _Optional[bool] = ..., card_points: _Optional[_Iterable[_Union[CardPoints, _Mapping]]] = ..., allow_rebury: _Optional[bool] = ...) -> None: ...

class Context(_message.Message):
    __slots__ = ("variant_id", "level", "trump_suit", "no_trump", "custom_variant")
    VARIANT_ID_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    TRUMP_SUIT_FIELD_NUMBER: _ClassVar[int]
    NO_TRUMP_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_VARIANT_FIELD_NUMBER: _ClassVar[int]
    variant_id: str
    level: _cards_pb2.Rank
    trump_suit: _cards_pb2.Suit
    no_trump: bool
    custom_variant: Variant
    def __init__(self, variant_id: _Optional[str] = ..., level: _Optional[_Union[_cards_pb2.Rank, str]] = ..., trump_suit: _Optional[_Union[_cards_pb2.Suit, str]] = ..., no_trump: _Optional[bool] = ..., custom_variant: _Optional[_Union[Variant, _Mapping]] = ...) -> None: ...
