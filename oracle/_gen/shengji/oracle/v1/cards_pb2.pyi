from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Suit(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUIT_UNSPECIFIED: _ClassVar[Suit]
    SUIT_SPADES: _ClassVar[Suit]
    SUIT_HEARTS: _ClassVar[Suit]
    SUIT_DIAMONDS: _ClassVar[Suit]
    SUIT_CLUBS: _ClassVar[Suit]

class Rank(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RANK_UNSPECIFIED: _ClassVar[Rank]
    RANK_TWO: _ClassVar[Rank]
    RANK_THREE: _ClassVar[Rank]
    RANK_FOUR: _ClassVar[Rank]
    RANK_FIVE: _ClassVar[Rank]
    RANK_SIX: _ClassVar[Rank]
    RANK_SEVEN: _ClassVar[Rank]
    RANK_EIGHT: _ClassVar[Rank]
    RANK_NINE: _ClassVar[Rank]
    RANK_TEN: _ClassVar[Rank]
    RANK_JACK: _ClassVar[Rank]
    RANK_QUEEN: _ClassVar[Rank]
    RANK_KING: _ClassVar[Rank]
    RANK_ACE: _ClassVar[Rank]
    RANK_SMALL_JOKER: _ClassVar[Rank]
    RANK_BIG_JOKER: _ClassVar[Rank]

class EffectiveSuit(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EFFECTIVE_SUIT_UNSPECIFIED: _ClassVar[EffectiveSuit]
    EFFECTIVE_SUIT_TRUMP: _ClassVar[EffectiveSuit]
    EFFECTIVE_SUIT_SPADES: _ClassVar[EffectiveSuit]
    EFFECTIVE_SUIT_HEARTS: _ClassVar[EffectiveSuit]
    EFFECTIVE_SUIT_DIAMONDS: _ClassVar[EffectiveSuit]
    EFFECTIVE_SUIT_CLUBS: _ClassVar[EffectiveSuit]
    EFFECTIVE_SUIT_BLACK: _ClassVar[EffectiveSuit]
    EFFECTIVE_SUIT_RED: _ClassVar[EffectiveSuit]
    EFFECTIVE_SUIT_MIXED: _ClassVar[EffectiveSuit]
SUIT_UNSPECIFIED: Suit
SUIT_SPADES: Suit
SUIT_HEARTS: Suit
SUIT_DIAMONDS: Suit
SUIT_CLUBS: Suit
RANK_UNSPECIFIED: Rank
RANK_TWO: Rank
RANK_THREE: Rank
RANK_FOUR: Rank
RANK_FIVE: Rank
RANK_SIX: Rank
RANK_SEVEN: Rank
RANK_EIGHT: Rank
RANK_NINE: Rank
RANK_TEN: Rank
RANK_JACK: Rank
RANK_QUEEN: Rank
RANK_KING: Rank
RANK_ACE: Rank
RANK_SMALL_JOKER: Rank
RANK_BIG_JOKER: Rank
EFFECTIVE_SUIT_UNSPECIFIED: EffectiveSuit
EFFECTIVE_SUIT_TRUMP: EffectiveSuit
EFFECTIVE_SUIT_SPADES: EffectiveSuit
EFFECTIVE_SUIT_HEARTS: EffectiveSuit
EFFECTIVE_SUIT_DIAMONDS: EffectiveSuit
EFFECTIVE_SUIT_CLUBS: EffectiveSuit
EFFECTIVE_SUIT_BLACK: EffectiveSuit
EFFECTIVE_SUIT_RED: EffectiveSuit
EFFECTIVE_SUIT_MIXED: EffectiveSuit

class Card(_message.Message):
    __slots__ = ("rank", "suit")
    RANK_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    rank: Rank
    suit: Suit
    def __init__(self, rank: _Optional[_Union[Rank, str]] = ..., suit: _Optional[_Union[Suit, str]] = ...) -> None: ...

class Play(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[Card]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[Card, _Mapping]]] = ...) -> None: ...

class Hand(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[Card]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[Card, _Mapping]]] = ...) -> None: ...

class Unit(_message.Message):
    __slots__ = ("tuple_size", "length", "cards", "name", "rainbow")
    TUPLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    LENGTH_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RAINBOW_FIELD_NUMBER: _ClassVar[int]
    tuple_size: int
    length: int
    cards: _containers.RepeatedCompositeFieldContainer[Card]
    name: str
    rainbow: bool
    def __init__(self, tuple_size: _Optional[int] = ..., length: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[Card, _Mapping]]] = ..., name: _Optional[str] = ..., rainbow: _Optional[bool] = ...) -> None: ...
