"""One trick of a record, replayed with the engine: led by the seat whose turn it is
(``trick.leader``), every card held (``play.held``), the lead (:mod:`oracle.referee.leading`),
every follow legal against the hand as it stands (CheckFollow), then the winner and the points
(JudgeTrick) beside the ones the client reported.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.referee.audit_log import AuditLog
>>> from oracle.referee.holding import Hands
>>> from oracle.referee.record import RecordedTrick
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> hands = Hands([p("AS 3C"), p("4S 4C"), p("5C 6C"), p("KS 8C")])
>>> plays = tuple(SeatPlay(s, tuple(p(c))) for s, c in [(0, "AS"), (1, "4C"), (2, "5C"), (3, "KS")])
>>> log = AuditLog()
>>> done = replay_trick(rules, hands, RecordedTrick(plays, reported_winner=3), 0, 0, log)
>>> done.winner, done.points, [s.broken_rule_id for s in log.steps if not s.legal]
(0, 15, ['follow.suit', 'trick.structure'])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from oracle import pb
from oracle.cards import format_cards
from oracle.convert import cards_from_pb
from oracle.dispatch import questions as engine
from oracle.engine.ruleset import Ruleset
from oracle.referee.audit_log import AuditLog
from oracle.referee.holding import Hands
from oracle.referee.leading import check_lead
from oracle.referee.record import RecordedTrick


class TrickOutcome(NamedTuple):
    """A trick replayed: its winner, its points, the penalty of a failed throw in it, and the
    judge's answer (the last trick's is the bottom's)."""

    winner: int
    points: int
    penalty: int
    leader: int
    judged: pb.JudgeTrickResponse


@lru_cache(maxsize=4096)
def _step_names(index: int, plays: int) -> tuple[str, tuple[str, ...]]:
    """The names of trick ``index``'s step and of its plays' steps."""
    name = f"tricks[{index}]"
    return name, tuple(f"{name}.plays[{j}]" for j in range(plays))


def replay_trick(
    rules: Ruleset,
    hands: Hands,
    trick: RecordedTrick,
    index: int,
    expected_leader: int,
    log: AuditLog,
) -> TrickOutcome | None:
    """Replay trick ``index`` on ``hands`` (changed in place as each seat plays); ``None`` when
    a seat plays a card it does not hold, which stops the replay."""
    name, steps = _step_names(index, len(trick.plays))
    plays = trick.plays
    lead = plays[0]
    for j, play in enumerate(plays):
        unheld = hands.unheld(play.seat, play.cards)
        if j == 0 and trick.attempted_throw is not None and not unheld:
            unheld = hands.unheld(play.seat, trick.attempted_throw)
        if unheld:
            log.broken(steps[j], play.seat, play.cards, "play.held", [],
                       f"seat {play.seat} plays {format_cards(unheld)}, which it does not hold "
                       "(played before, or never dealt to it)")
            log.stop(f"seat {play.seat} played cards it does not hold in {name}")
            return None
    if lead.seat != expected_leader:
        log.broken(steps[0], lead.seat, lead.cards, "trick.leader", [],
                   f"seat {expected_leader} leads {name} (the banker leads the first trick, the "
                   f"winner of each trick the next), but seat {lead.seat} led")
    outcome = check_lead(rules, hands, lead, trick.attempted_throw, name, log)
    hands.play(lead.seat, lead.cards)
    for j in range(1, len(plays)):
        seat, cards = plays[j]
        answer = engine.check_follow(rules, lead.cards, hands.cards[seat], cards)
        if answer.legal:
            log.ok(steps[j], seat, cards, answer.rule_ids, answer.explanation)
        else:
            log.broken(steps[j], seat, cards, answer.broken_rule_id, answer.rule_ids,
                       answer.explanation, alternative=cards_from_pb(answer.example))
        hands.play(seat, cards)
    judged = engine.judge_trick(rules, plays)
    _judge_step(name, trick, judged, log)
    return TrickOutcome(judged.winning_seat, judged.points, outcome.penalty, lead.seat, judged)


def _judge_step(name: str, trick: RecordedTrick, judged: pb.JudgeTrickResponse, log: AuditLog) -> None:
    """The step ``tricks[i]``: the judge's winner and points beside the reported ones."""
    winner, trick_points = judged.winning_seat, judged.points
    wrong: list[tuple[str, str]] = []
    if trick.reported_winner is not None and trick.reported_winner != winner:
        log.differs(f"{name}.reported_winner", trick.reported_winner, winner)
        rule, why = _winner_rule(judged, trick.reported_winner)
        wrong.append((rule, (f"the record says seat {trick.reported_winner} won, but seat {winner} "
                            f"wins ({why})")))
    if trick.reported_points is not None and trick.reported_points != trick_points:
        log.differs(f"{name}.reported_points", trick.reported_points, trick_points)
        wrong.append(("trick.points", (f"the record says the trick holds {trick.reported_points} "
                                      f"points, but it holds {trick_points}")))
    if wrong:
        log.broken(name, winner, (), wrong[0][0], judged.rule_ids,
                   "; ".join(w for _, w in wrong) + ".")
    else:
        log.ok(name, winner, (), judged.rule_ids, judged.explanation)


def _trick_rule(rule_ids: Sequence[str]) -> str | None:
    """The first rule of a verdict that decides between plays (a ``trick.*`` rule but the points)."""
    return next((r for r in rule_ids if r.startswith("trick.") and r != "trick.points"), None)


def _winner_rule(judged: pb.JudgeTrickResponse, claimed_seat: int) -> tuple[str, str]:
    """The rule that decides the claimed seat does not win, and why: its own play's verdict where
    that play does not beat the best so far (a discard, a play without the lead's structure, a
    lower play), else the winner's, which beat it later (the leader's verdict only describes the
    lead, ``lead.one_suit``; another that beat the best so far says why it won then).

    >>> v = pb.PlayVerdict
    >>> judged = pb.JudgeTrickResponse(winning_seat=3, rule_ids=["lead.one_suit", "trick.structure"], verdicts=[
    ...     v(seat=1, rule_ids=["lead.one_suit"], reason="leads clubs: single"),
    ...     v(seat=3, rule_ids=["trick.structure"], reason="its highest single (KC) beats seat 1's")])
    >>> _winner_rule(judged, 1)
    ('trick.structure', "seat 3: its highest single (KC) beats seat 1's")
    """
    verdicts = {v.seat: v for v in judged.verdicts}
    claimed = verdicts.get(claimed_seat)
    if claimed is not None and not claimed.beats_best_so_far and (rule := _trick_rule(claimed.rule_ids)):
        return rule, claimed.reason
    won = verdicts.get(judged.winning_seat)
    rule = (_trick_rule(won.rule_ids) if won is not None else None) or _trick_rule(judged.rule_ids) or "trick.points"
    why = "" if claimed is not None else f"seat {claimed_seat} did not play"
    if won is not None:
        why += ("; " if why else "") + f"seat {judged.winning_seat}: {won.reason}"
    return rule, why
