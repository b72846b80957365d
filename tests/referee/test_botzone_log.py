"""The Botzone Tractor match log imported as a deal record: a log built as the judge's input
format says (keyijing/Tractor-RL judger.py ``main``: ``initdata`` with ``allocation``,
``publiccard`` and ``level``; ``log`` alternating the judge's outputs and the players'
responses, places 1-199 the dealing, 200 the bottom to the banker, 201 the bury, then the plays,
each output's ``display.event.poker`` the cards really played) from a random legal deal.

The judge runs once per turn: each output's ``display.get_score`` is that turn's change of the
attackers' points (a failed throw's ``Punish``, a trick's points by ``checkWinner``'s
``Reward``, and at the end the bottom), its running total in the next request's
``global.total_score``. The log below scores them by the judge's own arithmetic, not the
referee's: the points of 5, 10 and K, the winner of each trick as the next trick's leader (the
last one's by the judge's order of single cards), the bottom times the last lead's card count;
only a failed throw's penalty is the engine's (CheckThrow)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from oracle import pb
from oracle.cards import Card, Rank
from oracle.convert import card_from_pb
from oracle.dispatch import questions as engine
from oracle.engine.ruleset import SeatPlay
from oracle.importers.botzone_log import LogFormatError, record_from_botzone
from oracle.profiles.botzone.notation import botzone_ids
from oracle.referee.random_deal import random_record
from oracle.referee.record_message import record_to_pb
from oracle.service.questions import dispatch
from oracle.variants import make_ruleset

LEVEL_CHARS = {Rank.TEN: "0", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
MAJORS = {pb.SUIT_SPADES: "s", pb.SUIT_HEARTS: "h", pb.SUIT_CLUBS: "c", pb.SUIT_DIAMONDS: "d"}


class Ids:
    """Each physical card's judge id: the first copy dealt gets the first deck's id."""

    def __init__(self) -> None:
        self.given: Counter[Card] = Counter()
        self.held: dict[int, list[tuple[Card, int]]] = {}

    def deal(self, seat: int, cards: Any) -> list[int]:
        out = []
        for msg in cards:
            card = card_from_pb(msg)
            number = botzone_ids(card)[self.given[card]]
            self.given[card] += 1
            self.held.setdefault(seat, []).append((card, number))
            out.append(number)
        return out

    def play(self, seat: int, cards: Any) -> list[int]:
        out = []
        for msg in cards:
            card = card_from_pb(msg)
            pair = next(p for p in self.held[seat] if p[0] == card)
            self.held[seat].remove(pair)
            out.append(pair[1])
        return out

    def peek(self, seat: int, cards: Any) -> list[int]:
        pool = list(self.held[seat])
        out = []
        for msg in cards:
            pair = next(p for p in pool if p[0] == card_from_pb(msg))
            pool.remove(pair)
            out.append(pair[1])
        return out


def _output(seat: int, **content: Any) -> dict[str, Any]:
    return {"output": {"command": "request", "content": {str(seat): content}, "display": {}}}


def judge_log(record: pb.DealRecord) -> dict[str, Any]:
    """The judge's input for the whole deal of ``record`` (a botzone-tractor record)."""
    ids = Ids()
    declared = {d.seat: list(d.cards) for d in record.declarations}
    allocation = []
    for hand in record.hands:  # declared cards first, so they are dealt early
        cards = list(hand.cards)
        first = declared.get(hand.seat, [])
        rest = list(cards)
        for c in first:
            rest.remove(c)
        allocation.append(ids.deal(hand.seat, first + rest))
    bottom = ids.deal(record.banker_seat, record.bottom)
    level = Rank(record.context.level)
    log: list[dict[str, Any]] = [_output(0, stage="deal", deliver=[allocation[0][0]])]
    declarations = list(record.declarations)
    for round_ in range(100):
        seat = round_ % 4
        response: list[int] = []
        if declarations and declarations[0].seat == seat and round_ >= 4 * len(declarations[0].cards):
            response = ids.peek(seat, declarations.pop(0).cards)
        log.append({str(seat): {"response": response}})
        if round_ < 99:
            log.append(_output((seat + 1) % 4, stage="deal"))
    assert not declarations
    major = "n" if record.context.no_trump else MAJORS[record.context.trump_suit]
    banker = record.banker_seat
    log.append(_output(banker, stage="cover", deliver=bottom,
                       **{"global": {"banking": {"banker": banker, "major": major}}}))
    log.append({str(banker): {"response": ids.play(banker, record.buried)}})
    log.append(_output(banker, stage="play"))
    side = {banker, (banker + 2) % 4}
    rules = make_ruleset(record.context.variant_id, level, record.context.trump_suit,
                         no_trump=record.context.no_trump)
    total = 0
    for k, trick in enumerate(record.tricks):
        for j, play in enumerate(trick.plays):
            change = 0
            if j == 0 and trick.attempted_throw:  # Punish: the thrower's side pays
                penalty = _penalty(rules, ids, play.seat, trick.attempted_throw)
                change += penalty if play.seat in side else -penalty
            sent = ids.peek(play.seat, trick.attempted_throw) if j == 0 and trick.attempted_throw \
                else None
            played = ids.play(play.seat, play.cards)
            log.append({str(play.seat): {"response": sent or played}})
            if j == 3:  # checkWinner's Reward: the trick's points to the attackers
                last = k == len(record.tricks) - 1
                winner = (_single_winner(trick.plays, level, record.context.trump_suit) if last
                          else record.tricks[k + 1].plays[0].seat)
                if winner not in side:
                    change += sum(_points(p.cards) for p in trick.plays)
                    if last:  # main: the bottom times the last lead's card count
                        change += _points(record.buried) * len(trick.plays[0].cards)
            total += change
            nxt = (play.seat + 1) % 4
            log.append({"output": {"command": "request",
                                   "content": {str(nxt): {"stage": "play",
                                                          "global": {"total_score": total}}},
                                   "display": {"event": {"currplayer": play.seat,
                                                         "action": "play", "poker": played},
                                               "get_score": change}}})
    log[-1]["output"]["command"] = "finish"
    log[-1]["output"]["content"] = {}
    return {"initdata": {"allocation": allocation, "publiccard": bottom,
                         "level": LEVEL_CHARS.get(level, str(int(level)))}, "log": log}


POINTS = {pb.RANK_FIVE: 5, pb.RANK_TEN: 10, pb.RANK_KING: 10}
"""The judge's points (``checkWinner``, ``main``): 5 is 5, 10 and K are 10."""


def _points(cards: Any) -> int:
    return sum(POINTS.get(c.rank, 0) for c in cards)


def _trump_key(card: pb.Card, level: int, major: int) -> tuple[int, int] | None:
    """The judge's order of the trumps (``setMajor``'s ``Major``, and ``checkWinner``'s rule that
    an off-suit level card is beaten only by the trump level card and the jokers); ``None`` for
    a card of a side suit. ``major`` 0 is no-trump."""
    if card.rank == pb.RANK_BIG_JOKER:
        return 4, 0
    if card.rank == pb.RANK_SMALL_JOKER:
        return 3, 0
    if card.rank == level:
        return (2, 0) if card.suit == major else (1, 0)
    return (0, card.rank) if card.suit == major else None


def _single_winner(plays: Any, level: int, major: int) -> int:
    """The winner of a trick of single cards as the judge's ``checkWinner`` finds it: a trump
    beats the side suits, a higher card of the led suit the lower, the first of equals stays."""
    assert all(len(p.cards) == 1 for p in plays), "the last trick is one of single cards"
    win = plays[0]
    for play in plays[1:]:
        mine = _trump_key(play.cards[0], level, major)
        best = _trump_key(win.cards[0], level, major)
        trumps = mine is not None and (best is None or mine > best)
        follows = mine is None and best is None and play.cards[0].suit == win.cards[0].suit
        if trumps or (follows and play.cards[0].rank > win.cards[0].rank):
            win = play
    return win.seat


def _penalty(rules: Any, ids: Ids, seat: int, cards: Any) -> int:
    """A failed throw's penalty, by the engine's CheckThrow against the other hands as they are."""
    others = [SeatPlay(s, tuple(c for c, _ in ids.held[s])) for s in range(4) if s != seat]
    thrown = tuple(card_from_pb(c) for c in cards)
    return engine.check_throw(rules, SeatPlay(seat, thrown), others).penalty_points


def _pinned(record: pb.DealRecord) -> pb.DealRecord:
    """The record as the judge plays it: the trump named, no reported results."""
    out = pb.DealRecord()
    out.CopyFrom(record)
    for trick in out.tricks:
        trick.ClearField("reported_winner")
        trick.ClearField("reported_points")
    out.ClearField("reported")
    return out


def _botzone_record(seed: int) -> pb.DealRecord:
    record = record_to_pb(random_record("botzone-tractor", seed))
    answer = dispatch(pb.Question(audit_deal=pb.AuditDealRequest(record=record))).audit_deal
    totals = answer.totals
    record.context.ClearField("trump_suit")
    record.context.ClearField("no_trump")
    if totals.no_trump:
        record.context.no_trump = True
    else:
        record.context.trump_suit = totals.trump_suit
    return _pinned(record)


@pytest.mark.parametrize("seed", [1, 5])
def test_a_judge_log_imports_as_the_deal_and_audits_clean(seed: int) -> None:
    """The deal comes back whole, and the referee's final points are the judge's arithmetic."""
    record = _botzone_record(seed)
    log = judge_log(record)
    changes = [e["output"]["display"].get("get_score", 0) for e in log["log"][202:] if "output" in e]
    assert sum(1 for c in changes if c) > 1  # the judge scores turn by turn
    imported = record_from_botzone(log)
    assert imported.reported.attacker_points == sum(changes)
    assert imported.banker_seat == record.banker_seat
    for mine, theirs in zip(imported.hands, record.hands, strict=True):
        assert Counter(c.SerializeToString() for c in mine.cards) == Counter(
            c.SerializeToString() for c in theirs.cards)
    assert [list(t.plays) for t in imported.tricks] == [list(t.plays) for t in record.tricks]
    assert [list(t.attempted_throw) for t in imported.tricks] == [
        list(t.attempted_throw) for t in record.tricks]
    assert list(imported.declarations) == list(record.declarations)
    answer = dispatch(pb.Question(audit_deal=pb.AuditDealRequest(record=imported))).audit_deal
    assert answer.clean, answer.explanation
    assert answer.totals.attacker_points == imported.reported.attacker_points


def test_a_wrong_final_score_in_a_judge_log_is_found() -> None:
    """The judge's ``get_score`` 5 points off: the score step breaks trick.points."""
    record = _botzone_record(1)
    log = judge_log(record)
    right = record_from_botzone(log).reported.attacker_points
    log["log"][-1]["output"]["display"]["get_score"] += 5
    imported = record_from_botzone(log)
    assert imported.reported.attacker_points == right + 5
    answer = dispatch(pb.Question(audit_deal=pb.AuditDealRequest(record=imported))).audit_deal
    assert answer.first_violation.step == "score"
    assert answer.first_violation.broken_rule_id == "trick.points"


def test_a_log_that_is_not_the_judges_is_refused_with_its_place() -> None:
    log = judge_log(_botzone_record(1))
    log["log"][205] = {"9": {"response": [1]}}
    with pytest.raises(LogFormatError, match=r"log\[205\]"):
        record_from_botzone(log)
    log["initdata"]["allocation"][0][0] = 400
    with pytest.raises(LogFormatError, match=r"initdata.allocation\[0\]"):
        record_from_botzone(log)
