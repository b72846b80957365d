"""A ``DealRecord`` from its JSON mapping (docs/records.md), quickly: the documented shape is read
field by field, and anything else (another spelling, an unknown field, a room's variant) goes
through protobuf's own ``json_format``, which also says what is wrong.

>>> record = record_from_dict({"context": {"variantId": "qq-one-deck", "level": "RANK_TWO"},
...     "bankerSeat": 1, "bottom": [{"rank": "RANK_BIG_JOKER"}, {"rank": 3, "suit": "SUIT_CLUBS"}]})
>>> record.banker_seat, [c.rank for c in record.bottom], record.context.level
(1, [16, 3], 2)
>>> record_from_dict({"bankerSeat": "x"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: not a DealRecord: Failed to parse bankerSeat field: ...
"""

from __future__ import annotations

from typing import Any, TypeVar

from google.protobuf import json_format
from google.protobuf.message import Message

from oracle import pb

_RANKS: dict[Any, Any] = {**dict(pb.Rank.items()), **{v: v for v in pb.Rank.values()}}
_SUITS: dict[Any, Any] = {**dict(pb.Suit.items()), **{v: v for v in pb.Suit.values()}}
_SIDES: dict[Any, Any] = {**dict(pb.Side.items()), **{v: v for v in pb.Side.values()}}

_M = TypeVar("_M", pb.Play, pb.Hand)


class _Unusual(Exception):
    """Not the documented shape: json_format decides."""


def _int(value: Any) -> int:
    if type(value) is not int:
        raise _Unusual
    return value


def _keys(data: Any, allowed: frozenset[str]) -> dict[str, Any]:
    if not isinstance(data, dict) or not data.keys() <= allowed:
        raise _Unusual
    return data


_CARD = frozenset({"rank", "suit"})

_PIECES: dict[tuple[type[Message], str, Any, Any], bytes] = {}
"""Each valid card as a message holding it alone in one repeated field, serialized once per
process (at most the ranks' and suits' names and numbers, for five fields)."""


def _cards(items: Any, owner: type[Message], field: str) -> bytes:
    """The cards as ``owner``'s repeated ``field``, serialized: protobuf parses serialized
    messages put end to end as one, each repeated field's items appended in order, so a list
    of cards costs a join of pieces made once (building each card's message costs four times
    more).

    >>> hand = pb.Hand.FromString(_cards([{"rank": "RANK_ACE", "suit": 1}, {"rank": 15}], pb.Hand, "cards"))
    >>> hand == pb.Hand(cards=[pb.Card(rank=pb.RANK_ACE, suit=1), pb.Card(rank=pb.RANK_SMALL_JOKER)])
    True
    """
    if not isinstance(items, list):
        raise _Unusual
    pieces = []
    for item in items:
        if not isinstance(item, dict) or not item.keys() <= _CARD:
            raise _Unusual
        rank, suit = item.get("rank", 0), item.get("suit", 0)
        try:
            key = (owner, field, rank, suit)
            piece = _PIECES.get(key)
            if piece is None:
                card = pb.Card(rank=_RANKS[rank], suit=_SUITS[suit])
                piece = _PIECES[key] = owner(**{field: [card]}).SerializeToString()
        except (KeyError, TypeError) as err:  # a name that is no rank, an unhashable value
            raise _Unusual from err
        pieces.append(piece)
    return b"".join(pieces)


def _message(owner: type[_M], seat: int, cards: bytes) -> _M:
    """A ``Play`` or a ``Hand``: the seat, then the cards' serialized pieces."""
    message = owner(seat=seat)
    message.MergeFromString(cards)
    return message


def _plays(items: Any, owner: type[_M]) -> list[_M]:
    if not isinstance(items, list):
        raise _Unusual
    return [_message(owner, _int(p.get("seat", 0)), _cards(p.get("cards", []), owner, "cards"))
            for p in (_keys(i, frozenset({"seat", "cards"})) for i in items)]


_CONTEXT = frozenset({"variantId", "level", "trumpSuit", "noTrump"})
_TRICK = frozenset({"plays", "attemptedThrow", "reportedWinner", "reportedPoints"})
_REPORTED = frozenset({"bottomMultiplier", "attackerPoints", "levelSide", "levels", "nextBankerSeat"})
_RECORD = frozenset({"context", "bankerSeat", "hands", "bottom", "declarations", "buried", "tricks",
                     "attackerLevel", "reported"})


def _fast(data: Any) -> pb.DealRecord:
    data = _keys(data, _RECORD)
    ctx = _keys(data.get("context", {}), _CONTEXT)
    if not isinstance(ctx.get("variantId", ""), str) or not isinstance(ctx.get("noTrump", False), bool):
        raise _Unusual
    try:
        record = pb.DealRecord(
            context=pb.Context(variant_id=ctx.get("variantId", ""), level=_RANKS[ctx.get("level", 0)],
                               trump_suit=_SUITS[ctx.get("trumpSuit", 0)],
                               no_trump=ctx.get("noTrump", False)),
            banker_seat=_int(data.get("bankerSeat", 0)),
            hands=_plays(data.get("hands", []), pb.Hand),
            declarations=_plays(data.get("declarations", []), pb.Play),
            attacker_level=_RANKS[data.get("attackerLevel", 0)],
        )
    except (KeyError, TypeError) as err:
        raise _Unusual from err
    record.MergeFromString(_cards(data.get("bottom", []), pb.DealRecord, "bottom")
                           + _cards(data.get("buried", []), pb.DealRecord, "buried"))
    for item in data.get("tricks", []) if isinstance(data.get("tricks", []), list) else [None]:
        trick = _keys(item, _TRICK)
        out = record.tricks.add(plays=_plays(trick.get("plays", []), pb.Play))
        out.MergeFromString(_cards(trick.get("attemptedThrow", []), pb.Trick, "attempted_throw"))
        if "reportedWinner" in trick:
            out.reported_winner = _int(trick["reportedWinner"])
        if "reportedPoints" in trick:
            out.reported_points = _int(trick["reportedPoints"])
    reported = _keys(data.get("reported", {}), _REPORTED)
    for key, name in (("bottomMultiplier", "bottom_multiplier"), ("attackerPoints", "attacker_points"),
                      ("levels", "levels"), ("nextBankerSeat", "next_banker_seat")):
        if key in reported:
            setattr(record.reported, name, _int(reported[key]))
    if "levelSide" in reported:
        if reported["levelSide"] not in _SIDES:
            raise _Unusual
        record.reported.level_side = _SIDES[reported["levelSide"]]
    return record


def record_from_dict(data: Any) -> pb.DealRecord:
    """The record a parsed JSON value holds; ``ValueError`` when it holds none."""
    try:
        return _fast(data)
    except _Unusual:
        pass
    try:
        return json_format.ParseDict(data, pb.DealRecord())
    except json_format.ParseError as err:
        raise ValueError(f"not a DealRecord: {err}") from err
