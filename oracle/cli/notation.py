"""Click parameter types for the command line's questions: cards in notation, a seat and its
cards, a level, a trump and a room's own variant; a wrong value is named with what is wrong.

>>> Cards().convert("AS 10h", None, None)[1].rank
10
>>> SeatCards().convert("2: AS AS", None, None)[0]
2
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import click
from google.protobuf import json_format

from oracle import pb
from oracle.cards import CardNotationError, Rank, Suit, parse_cards
from oracle.convert import cards_to_pb


class Cards(click.ParamType[list[pb.Card]]):
    """Cards in notation, separated by spaces or commas; a wrong card is named with what is
    wrong with it."""

    name = "CARDS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, list):
            return value
        try:
            return cards_to_pb(parse_cards(str(value)))
        except CardNotationError as err:
            self.fail(str(err), param, ctx)


class SeatCards(click.ParamType[tuple[int, list[pb.Card]]]):
    """``SEAT:CARDS``, for example ``2:AS AS``: a seat and the cards it plays or holds."""

    name = "SEAT:CARDS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        seat, colon, cards = str(value).partition(":")
        if not colon or not seat.strip().isdigit():
            self.fail(f"{value!r} is not SEAT:CARDS (for example '2:AS AS')", param, ctx)
        return int(seat), Cards().convert(cards, param, ctx)


class Level(click.ParamType[Rank]):
    """A rank in notation (2-10, J, Q, K, A)."""

    name = "RANK"
    _BY_SYMBOL: ClassVar[dict[str, Rank]] = {rank.symbol: rank for rank in Rank if not rank.is_joker}

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, Rank):
            return value
        rank = self._BY_SYMBOL.get(str(value).strip().upper())
        if rank is None:
            self.fail(f"{value!r} is not a rank: 2-10, J, Q, K or A", param, ctx)
        return rank


NO_TRUMP = "none"


class Trump(click.ParamType[Suit | str]):
    """A suit letter (S, H, D, C), or ``none`` (:data:`NO_TRUMP`) for a no-trump deal."""

    name = "SUIT"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        text = str(value).strip().upper()
        if text in ("NONE", "NT"):
            return NO_TRUMP
        for suit in Suit:
            if suit.letter == text:
                return suit
        self.fail(f"{value!r} is not a trump: S, H, D, C or none", param, ctx)


class RoomFile(click.ParamType[pb.Variant]):
    """A JSON file of the proto ``Variant``: a room's own variant (``custom_variant``)."""

    name = "FILE"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, pb.Variant):
            return value
        try:
            return json_format.Parse(Path(value).read_text(encoding="utf-8"), pb.Variant())
        except (OSError, UnicodeDecodeError, json_format.ParseError) as err:
            self.fail(f"{value}: {err}", param, ctx)
