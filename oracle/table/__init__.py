"""The oracle in Python: one deal's table (a variant, the level, the trump), its questions asked
in card notation, its answers as frozen dataclasses (:mod:`oracle.table.records`).

Each method builds the proto request and asks :func:`oracle.service.questions.dispatch`, the
same validation and question functions the gRPC and HTTP doors use: a malformed question raises
:class:`~oracle.errors.InvalidQuestion` naming each field (``check_follow.play[1]``), a question
past its work budget :class:`TooMuchWork`.

>>> table = Table("qq-two-deck", level="10", trump="H")
>>> verdict = table.check_follow(lead="8S 8S", hand="AS 5S 5S 3C 4D", play="AS 3C")
>>> verdict.legal, verdict.broken_rule_id, verdict.example
(False, 'follow.suit', ('5S', '5S'))
>>> table.judge_trick(["8S 8S", "5S 5S", "10C 10C"]).winning_seat
2
>>> table.check_follow(lead="8S", hand="AS", play="XS")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
oracle.errors.InvalidQuestion: check_follow.play[0]: 'XS' is not a card: ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar, cast

from google.protobuf import json_format
from google.protobuf.message import Message

from oracle import pb
from oracle.cards import Card, CardNotationError, Rank, Suit, card_of, parse_card
from oracle.convert import cards_to_pb
from oracle.errors import InvalidQuestion, Violation
from oracle.service.questions import QUESTION_KINDS, dispatch
from oracle.table.records import (
    Audit,
    BottomScore,
    Description,
    FollowVerdict,
    LegalPlays,
    Record,
    ThrowVerdict,
    TrickVerdict,
)

__all__ = ["Audit", "BottomScore", "CardsIn", "Description", "FollowVerdict", "InvalidQuestion", "LegalPlays",
           "Table", "ThrowVerdict", "TooMuchWork", "TrickVerdict"]

CardsIn = str | Iterable[str | Card | int]
"""Cards as one string in notation (``"AS 10H BJ"``), or one item per card: its notation, a
:class:`~oracle.cards.Card`, or its code (:attr:`Card.code <oracle.cards.Card.code>`)."""

R = TypeVar("R", bound=Record)

_RANKS = {rank.symbol: rank for rank in Rank if not rank.is_joker}
_SUITS = {suit.letter: suit for suit in Suit}


class TooMuchWork(RuntimeError):
    """A question that spent its work budget (``RESOURCE_EXHAUSTED`` on the wire)."""


def _card(item: str | Card | int) -> Card:
    if isinstance(item, Card):
        return item
    if isinstance(item, int) and not isinstance(item, bool):
        found = card_of(item // 8, item % 8) if item >= 0 else None
        if found is None:
            raise CardNotationError(f"{item} is no card's code")
        return found
    return parse_card(str(item))


def _cards(field: str, cards: CardsIn) -> list[pb.Card]:
    """The cards as proto messages; a card that is none is named by its place (``field[i]``)."""
    items = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    problems, found = [], []
    for index, item in enumerate(items):
        try:
            found.append(_card(item))
        except CardNotationError as err:
            problems.append(Violation(f"{field}[{index}]", str(err)))
    if problems:
        raise InvalidQuestion(problems)
    return cards_to_pb(found)


def _level(level: str | int | Rank) -> Rank:
    if isinstance(level, Rank):
        return level
    if isinstance(level, int) and not isinstance(level, bool) and level in _RANKS.values():
        return Rank(level)
    found = _RANKS.get(str(level).strip().upper())
    if found is None:
        raise InvalidQuestion.single("context.level", f"{level!r} is not a rank: 2-10, J, Q, K or A")
    return found


def _trump(trump: str | Suit | None) -> Suit | None:
    if trump is None or isinstance(trump, Suit):
        return trump
    text = str(trump).strip().upper()
    if text in ("NONE", "NT"):
        return None
    if text not in _SUITS:
        raise InvalidQuestion.single("context.trump_suit", f"{trump!r} is not a trump: S, H, D, C or none")
    return _SUITS[text]


def _ask(kind: str, request: Message, record: type[R]) -> R:
    """The answer to one question, as ``record``, or the error it gets, raised."""
    question = pb.Question()
    getattr(question, kind).CopyFrom(request)
    answer = dispatch(question)
    if answer.WhichOneof("answer") == "error":
        error = answer.error
        if error.field_violations:
            raise InvalidQuestion([Violation(v.field, v.description) for v in error.field_violations])
        raise TooMuchWork(f"{error.code}: {error.message}")
    return record.from_proto(getattr(answer, QUESTION_KINDS[kind].answer_field))


class Table:
    """One deal: a variant (a catalogue id, or a room's own ``pb.Variant``), the level rank
    (``"10"``, ``"A"``) and the trump suit (``"H"``, or ``None``/``"none"`` for no-trump).

    >>> Table("qq-two-deck", level="10", trump="H").describe("JH JH QH QH").units[0].name
    'tractor of 2 pairs'
    """

    def __init__(self, variant: str | pb.Variant = "qq-two-deck", *, level: str | int | Rank = "2",
                 trump: str | Suit | None = "S") -> None:
        context = pb.Context(level=cast(pb.Rank, int(_level(level))))
        suit = _trump(trump)
        if suit is None:
            context.no_trump = True
        else:
            context.trump_suit = cast(pb.Suit, int(suit))
        if isinstance(variant, pb.Variant):
            context.custom_variant.CopyFrom(variant)
        else:
            context.variant_id = variant
        self.context = context
        """The proto ``Context`` every question of this table carries."""

    def describe(self, cards: CardsIn) -> Description:
        """What the cards are (DescribePlay): their units, points, and whether they are a lead."""
        request = pb.DescribePlayRequest(context=self.context, cards=_cards("describe_play.cards", cards))
        return _ask("describe_play", request, Description)

    def check_follow(self, lead: CardsIn, hand: CardsIn, play: CardsIn) -> FollowVerdict:
        """Whether ``play`` from ``hand`` (the whole hand before it) legally follows ``lead``."""
        request = pb.CheckFollowRequest(context=self.context, lead=_cards("check_follow.lead", lead),
                                        hand=_cards("check_follow.hand", hand),
                                        play=_cards("check_follow.play", play))
        return _ask("check_follow", request, FollowVerdict)

    def judge_trick(self, plays: Sequence[CardsIn], seats: Sequence[int] | None = None) -> TrickVerdict:
        """Who wins the trick: ``plays`` in play order, the lead first, by ``seats`` (0, 1, ... by default)."""
        chosen = list(range(len(plays))) if seats is None else list(seats)
        request = pb.JudgeTrickRequest(context=self.context, plays=[
            pb.Play(seat=seat, cards=_cards(f"judge_trick.plays[{i}].cards", cards))
            for i, (seat, cards) in enumerate(zip(chosen, plays, strict=False))])
        return _ask("judge_trick", request, TrickVerdict)

    def check_throw(self, throw: CardsIn, others: Mapping[int, CardsIn], seat: int = 0) -> ThrowVerdict:
        """Whether ``seat``'s throw stands against the other seats' hands (``others``, by seat).

        >>> t = Table("qq-two-deck", level="10", trump="H")
        >>> t.check_throw("AS KS", {1: "QS 3C", 2: "2S 4D", 3: "3D 3D"}).succeeds
        True
        """
        request = pb.CheckThrowRequest(context=self.context, other_hands=[
            pb.Hand(seat=other, cards=_cards(f"check_throw.other_hands[{i}].cards", cards))
            for i, (other, cards) in enumerate(others.items())])
        request.throw.seat = seat
        request.throw.cards.extend(_cards("check_throw.throw.cards", throw))
        return _ask("check_throw", request, ThrowVerdict)

    def legal_plays(self, hand: CardsIn, lead: CardsIn = (), page_size: int = 0,
                    page_token: str = "") -> LegalPlays:
        """Every legal follow of ``hand`` to ``lead`` (its leads without one), counted, and one page.

        >>> Table("qq-two-deck", level="10", trump="H").legal_plays("AS AS KS 5S 3C", lead="8S 8S").plays[0].cards
        ('AS', 'AS')
        """
        request = pb.ListLegalPlaysRequest(context=self.context, hand=_cards("list_legal_plays.hand", hand),
                                           lead=_cards("list_legal_plays.lead", lead), page_size=page_size,
                                           page_token=page_token)
        return _ask("list_legal_plays", request, LegalPlays)

    def score_bottom(self, last_trick: Sequence[CardsIn], banker_seats: Iterable[int], bottom: CardsIn, *,
                     seats: Sequence[int] | None = None, banker_side_points: int = 0,
                     attacker_points: int = 0) -> BottomScore:
        """What the bottom adds after ``last_trick`` (in play order, by ``seats``, 0, 1, ... by default)."""
        chosen = list(range(len(last_trick))) if seats is None else list(seats)
        request = pb.ScoreBottomRequest(
            context=self.context, banker_seats=list(banker_seats), bottom=_cards("score_bottom.bottom", bottom),
            banker_side_points=banker_side_points, attacker_points=attacker_points,
            last_trick=[pb.Play(seat=seat, cards=_cards(f"score_bottom.last_trick[{i}].cards", cards))
                        for i, (seat, cards) in enumerate(zip(chosen, last_trick, strict=False))])
        return _ask("score_bottom", request, BottomScore)

    def audit(self, record: pb.DealRecord | Mapping[str, Any]) -> Audit:
        """A whole deal record replayed (AuditDeal): a ``pb.DealRecord`` or its JSON mapping. The
        record names its own variant, level and trump; the table's are not read."""
        message = record if isinstance(record, pb.DealRecord) else json_format.ParseDict(dict(record), pb.DealRecord())
        return _ask("audit_deal", pb.AuditDealRequest(record=message), Audit)
