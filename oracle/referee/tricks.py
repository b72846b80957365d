"""One trick of a record, replayed with the engine: led by the seat whose turn it is
(``trick.leader``), every card held (``play.held``), the lead (:mod:`oracle.referee.leading`),
every follow legal against the hand as it stands (CheckFollow), then the winner and the points
(JudgeTrick) beside the ones the client reported.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.referee.audit_log import AuditLog
>>> from oracle.referee.record import RecordedTrick
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> hands = {0: p("AS 3C"), 1: p("4S 4C"), 2: p("5C 6C"), 3: p("KS 8C")}
>>> plays = tuple(SeatPlay(s, tuple(p(c))) for s, c in [(0, "AS"), (1, "4C"), (2, "5C"), (3, "KS")])
>>> log = AuditLog()
>>> done = replay_trick(rules, hands, RecordedTrick(plays, reported_winner=3), 0, 0, log)
>>> done.winner, done.points, [s.broken_rule_id for s in log.steps if not s.legal]
(0, 15, ['follow.suit', 'trick.structure'])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter
from typing import NamedTuple

from oracle import pb
from oracle.cards import Card, format_cards
from oracle.convert import cards_from_pb
from oracle.engine import questions as engine
from oracle.engine.ruleset import Ruleset
from oracle.referee.audit_log import AuditLog
from oracle.referee.leading import check_lead
from oracle.referee.record import RecordedTrick

_CODE = attrgetter("code")


class TrickOutcome(NamedTuple):
    """A trick replayed: its winner, its points, the penalty of a failed throw in it, and the
    judge's answer (the last trick's is the bottom's)."""

    winner: int
    points: int
    penalty: int
    leader: int
    judged: pb.JudgeTrickResponse


def _after(hand: list[Card], cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """The hand once ``cards`` are played from it, and the cards played beyond those held
    (each copy counts, sorted).

    >>> from oracle.cards import format_cards, parse_cards as p
    >>> [format_cards(c) for c in _after(p("AS AS 3C"), p("AS 3C 3C 4D"))]
    ['AS', '3C 4D']
    """
    left = hand.copy()
    codes = list(map(_CODE, left))  # found by code, in C (a card's __eq__ is Python)
    over = []
    for card in cards:
        if card.code in codes:
            i = codes.index(card.code)
            del codes[i]
            del left[i]
        else:
            over.append(card)
    return left, sorted(over)


@lru_cache(maxsize=4096)
def _step_names(index: int, plays: int) -> tuple[str, tuple[str, ...]]:
    """The names of trick ``index``'s step and of its plays' steps."""
    name = f"tricks[{index}]"
    return name, tuple(f"{name}.plays[{j}]" for j in range(plays))


def replay_trick(
    rules: Ruleset,
    hands: dict[int, list[Card]],
    trick: RecordedTrick,
    index: int,
    expected_leader: int,
    log: AuditLog,
) -> TrickOutcome | None:
    """Replay trick ``index`` on ``hands`` (seat to the cards it holds, changed in place);
    ``None`` when a seat plays a card it does not hold, which stops the replay."""
    name, steps = _step_names(index, len(trick.plays))
    lead = trick.plays[0]
    kept = []
    for j, play in enumerate(trick.plays):
        left, unheld = _after(hands[play.seat], play.cards)
        if j == 0 and trick.attempted_throw is not None and not unheld:
            unheld = _after(hands[play.seat], trick.attempted_throw)[1]
        if unheld:
            log.broken(steps[j], play.seat, play.cards, "play.held", [],
                       f"seat {play.seat} plays {format_cards(unheld)}, which it does not hold "
                       "(played before, or never dealt to it)")
            log.stop(f"seat {play.seat} played cards it does not hold in {name}")
            return None
        kept.append(left)
    if lead.seat != expected_leader:
        log.broken(steps[0], lead.seat, lead.cards, "trick.leader", [],
                   f"seat {expected_leader} leads {name} (the banker leads the first trick, the "
                   f"winner of each trick the next), but seat {lead.seat} led")
    outcome = check_lead(rules, hands, lead, trick.attempted_throw, name, log)
    hands[lead.seat] = kept[0]
    for j in range(1, len(trick.plays)):
        play = trick.plays[j]
        answer = engine.check_follow(rules, lead.cards, hands[play.seat], play.cards)
        if answer.legal:
            log.ok(steps[j], play.seat, play.cards, answer.rule_ids, answer.explanation)
        else:
            log.broken(steps[j], play.seat, play.cards, answer.broken_rule_id, answer.rule_ids,
                       answer.explanation, alternative=cards_from_pb(answer.example))
        hands[play.seat] = kept[j]
    judged = engine.judge_trick(rules, trick.plays)
    _judge_step(name, trick, judged, log)
    return TrickOutcome(judged.winning_seat, judged.points, outcome.penalty, lead.seat, judged)


def _judge_step(name: str, trick: RecordedTrick, judged: pb.JudgeTrickResponse, log: AuditLog) -> None:
    """The step ``tricks[i]``: the judge's winner and points beside the reported ones."""
    winner, trick_points = judged.winning_seat, judged.points
    wrong: list[tuple[str, str]] = []
    if trick.reported_winner is not None and trick.reported_winner != winner:
        log.differs(f"{name}.reported_winner", trick.reported_winner, winner)
        claimed = next((v for v in judged.verdicts if v.seat == trick.reported_winner), None)
        why = claimed.reason if claimed is not None else "it did not play"
        rule = claimed.rule_ids[0] if claimed is not None and claimed.rule_ids else judged.rule_ids[0]
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
