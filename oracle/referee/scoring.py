"""The end of a deal, with the engine: the bottom scored from the last trick (ScoreBottom,
digging by either side where the variant says so), the attackers' final points, the level
movement and the next banker (ScoreDeal), each beside the result the client reported.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.referee.audit_log import AuditLog
>>> from oracle.referee.record import Reported
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> last = tuple(SeatPlay(s, tuple(p(c))) for s, c in [(1, "AS"), (2, "3S"), (3, "4S"), (0, "5S")])
>>> points = SidePoints(attackers=60, banker_side=40)
>>> log = AuditLog()
>>> totals = score_end(rules, last, frozenset({0, 2}), p("KC KC 3C 4C 6C 7C 8C 9C"), points, 0,
...                    None, Reported(bottom_multiplier=4), log)
>>> totals.bottom_multiplier, totals.attacker_points, log.first_violation.broken_rule_id
(2, 100, 'bottom.power')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle import pb
from oracle.cards import Card, Rank
from oracle.dispatch import questions as engine
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.referee.audit_log import NOBODY, AuditLog
from oracle.referee.record import Reported


@dataclass(frozen=True)
class SidePoints:
    """Each side's points from the tricks, failed throws' penalties counted, before the bottom."""

    attackers: int
    banker_side: int


def _multiplier_rule(answer: pb.ScoreBottomResponse) -> str:
    """The rule that set the multiplier (or that nobody digs)."""
    ids = list(answer.rule_ids)
    return ids[1] if ids[0] == "bottom.either_side" and len(ids) > 1 else ids[0]


def score_end(
    rules: Ruleset,
    last_trick: Sequence[SeatPlay],
    banker_side: frozenset[int],
    bottom: Sequence[Card],
    points: SidePoints,
    banker_seat: int,
    attacker_level: Rank | None,
    reported: Reported,
    log: AuditLog,
    judged: pb.JudgeTrickResponse | None = None,
) -> pb.AuditTotals:
    """Score the bottom (step ``bottom``) and the deal (step ``score``); the totals. ``judged``
    is the engine's judgement of the last trick, when the replay has it (not judged again)."""
    dug = engine.score_bottom(rules, last_trick, banker_side, bottom,
                              banker_side_points=max(points.banker_side, 0),
                              attacker_points=max(points.attackers, 0), judged=judged)
    multiplier = dug.multiplier
    cards = list(bottom)
    if reported.bottom_multiplier is not None and reported.bottom_multiplier != multiplier:
        log.differs("reported.bottom_multiplier", reported.bottom_multiplier, multiplier)
        log.broken("bottom", dug.winning_seat, cards, _multiplier_rule(dug), dug.rule_ids,
                   f"the record says the bottom multiplier is {reported.bottom_multiplier}, but "
                   f"it is {multiplier}: {dug.explanation}")
    else:
        log.ok("bottom", dug.winning_seat, cards, dug.rule_ids, dug.explanation)
    final = points.attackers + dug.points_to_attackers
    if dug.digging_side == pb.SIDE_BANKER and rules.variant.bottom.dig == pb.DIG_RULE_EITHER_SIDE:
        final -= dug.points_to_banker  # the attackers pay the banker's side (bottom.either_side)
    scored = engine.score_deal(rules.variant, final, banker_seat, rules.level, attacker_level)
    _score_step(scored, final, reported, log)
    return pb.AuditTotals(
        bottom_multiplier=multiplier, digging_side=dug.digging_side,
        bottom_points_to_attackers=dug.points_to_attackers, attacker_points=final,
        level_side=scored.side, levels=scored.levels,
        attackers_take_deal=scored.attackers_take_deal, next_banker_seat=scored.next_banker_seat,
        new_banker_level=scored.new_banker_level, new_attacker_level=scored.new_attacker_level,
    )


def _score_step(scored: pb.ScoreDealResponse, final: int, reported: Reported, log: AuditLog) -> None:
    """The step ``score``: the final points and the level movement beside the reported ones."""
    wrong: list[tuple[str, str]] = []
    table_rule = scored.rule_ids[0]
    if reported.attacker_points is not None and reported.attacker_points != final:
        log.differs("reported.attacker_points", reported.attacker_points, final)
        wrong.append(("trick.points", (f"the record says the attackers have "
                                      f"{reported.attacker_points} points, but they have {final}")))
    if reported.level_side != pb.SIDE_UNSPECIFIED and reported.level_side != scored.side:
        log.differs("reported.level_side", pb.Side.Name(reported.level_side), pb.Side.Name(scored.side))
        wrong.append((table_rule, (f"the record says {pb.Side.Name(reported.level_side)} goes up, "
                                  f"but it is {pb.Side.Name(scored.side)}")))
    if reported.levels is not None and reported.levels != scored.levels:
        log.differs("reported.levels", reported.levels, scored.levels)
        wrong.append((table_rule, (f"the record says {reported.levels} levels, but it is "
                                  f"{scored.levels}")))
    if reported.next_banker_seat is not None and reported.next_banker_seat != scored.next_banker_seat:
        log.differs("reported.next_banker_seat", reported.next_banker_seat, scored.next_banker_seat)
        wrong.append(("levels.next_banker", (f"the record says seat {reported.next_banker_seat} "
                                            f"deals next, but it is seat {scored.next_banker_seat}")))
    if wrong:
        log.broken("score", NOBODY, (), wrong[0][0], scored.rule_ids,
                   "; ".join(w for _, w in wrong) + f" ({scored.explanation}).")
    else:
        log.ok("score", NOBODY, (), ["trick.points", *scored.rule_ids], scored.explanation)
