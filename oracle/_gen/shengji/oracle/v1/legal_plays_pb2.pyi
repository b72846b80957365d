from oracle._gen.shengji.oracle.v1 import cards_pb2 as _cards_pb2
from oracle._gen.shengji.oracle.v1 import variant_pb2 as _variant_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ListLegalPlaysRequest(_message.Message):
    __slots__ = ("context", "hand", "lead", "page_size", "page_token")
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    LEAD_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    context: _variant_pb2.Context
    hand: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    lead: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    page_size: int
    page_token: str
    def __init__(self, context: _Optional[_Union[_variant_pb2.Context, _Mapping]] = ..., hand: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., lead: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class LegalPlayGroup(_message.Message):
    __slots__ = ("rule_id", "description", "count")
    RULE_ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    rule_id: str
    description: str
    count: int
    def __init__(self, rule_id: _Optional[str] = ..., description: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class LegalPlay(_message.Message):
    __slots__ = ("cards", "group")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    GROUP_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    group: int
    def __init__(self, cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., group: _Optional[int] = ...) -> None: ...

class ListLegalPlaysResponse(_message.Message):
    __slots__ = ("total", "groups", "plays", "next_page_token", "rule_ids", "explanation")
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    total: int
    groups: _containers.RepeatedCompositeFieldContainer[LegalPlayGroup]
    plays: _containers.RepeatedCompositeFieldContainer[LegalPlay]
    next_page_token: str
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    def __init__(self, total: _Optional[int] = ..., groups: _Optional[_Iterable[_Union[LegalPlayGroup, _Mapping]]] = ..., plays: _Optional[_Iterable[_Union[LegalPlay, _Mapping]]] = ..., next_page_token: _Optional[str] = ..., rule_ids: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ...) -> None: ...
