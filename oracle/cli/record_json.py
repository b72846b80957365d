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

from typing import Any

from google.protobuf import json_format

from oracle import pb

_RANKS: dict[Any, Any] = {**dict(pb.Rank.items()), **{v: v for v in pb.Rank.values()}}
_SUITS: dict[Any, Any] = {**dict(pb.Suit.items()), **{v: v for v in pb.Suit.values()}}
_SIDES: dict[Any, Any] = {**dict(pb.Side.items()), **{v: v for v in pb.Side.values()}}


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


def _cards(items: Any) -> list[pb.Card]:
    if not isinstance(items, list):
        raise _Unusual
    out = []
    for item in items:
        if not isinstance(item, dict) or not item.keys() <= _CARD:
            raise _Unusual
        try:
            out.append(pb.Card(rank=_RANKS[item.get("rank", 0)], suit=_SUITS[item.get("suit", 0)]))
        except (KeyError, TypeError) as err:
            raise _Unusual from err
    return out


def _plays(items: Any) -> list[pb.Play]:
    if not isinstance(items, list):
        raise _Unusual
    return [pb.Play(seat=_int(p.get("seat", 0)), cards=_cards(p.get("cards", [])))
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
            hands=[pb.Hand(seat=p.seat, cards=p.cards) for p in _plays(data.get("hands", []))],
            bottom=_cards(data.get("bottom", [])),
            declarations=_plays(data.get("declarations", [])),
            buried=_cards(data.get("buried", [])),
            attacker_level=_RANKS[data.get("attackerLevel", 0)],
        )
    except (KeyError, TypeError) as err:
        raise _Unusual from err
    for item in data.get("tricks", []) if isinstance(data.get("tricks", []), list) else [None]:
        trick = _keys(item, _TRICK)
        out = record.tricks.add(plays=_plays(trick.get("plays", [])),
                                attempted_throw=_cards(trick.get("attemptedThrow", [])))
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
