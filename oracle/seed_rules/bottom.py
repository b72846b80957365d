"""The bottom (底牌): its multiplier and the points it adds (ScoreBottom).

Rules ``bottom.banker_wins``, ``bottom.either_side`` and the multiplier of the variant's
``bottom.rule`` (:mod:`oracle.seed_rules.bottom_multipliers`) over the units of the last trick,
which is judged as any trick; docs/rules.md (The bottom).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> trick = [SeatPlay(1, tuple(p("4S 4S 5S 5S"))), SeatPlay(2, tuple(p("3S 6S 7S 8S")))]
>>> r = score_bottom(rules, trick, frozenset({0, 2}), p("KS KS 5D 2C 3C 4C 6C 7C"))
>>> r.attackers_won, r.multiplier, r.bottom_points, r.points_to_attackers
(True, 16, 25, 400)
>>> score_bottom(rules, trick, frozenset({0, 2}), p("KS KS 5D 2C 3C 4C 6C 7C"),
...              judged=rules.strategies.judge(rules, trick)) == r     # a trick judged already
True
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card
from oracle.engine.answers import clamped
from oracle.engine.ruleset import TRUMP, BottomMultiplier, Ruleset, SeatPlay, points
from oracle.engine.units import Unit


def score_bottom(
    rules: Ruleset,
    last_trick: Sequence[SeatPlay],
    banker_seats: frozenset[int],
    bottom_cards: Sequence[Card],
    *,
    banker_side_points: int = 0,
    attacker_points: int = 0,
    judged: pb.JudgeTrickResponse | None = None,
) -> pb.ScoreBottomResponse:
    """Score the bottom after the last trick.

    ``banker_side_points`` and ``attacker_points`` matter only where either
    side digs (``DIG_RULE_EITHER_SIDE``): the side that loses the last trick
    pays the winner its own points times the multiplier (rule ``bottom.either_side``).
    ``judged`` is the ruleset's judgement of ``last_trick`` when the caller already has it
    (a replay judged every trick): the same answer, without judging the trick again.
    """
    trick = rules.strategies.judge(rules, last_trick) if judged is None else judged
    winner = trick.winning_seat
    bottom_points = points(bottom_cards)
    winning_play = next(p for p in last_trick if p.seat == winner)
    if rules.variant.bottom.dig == pb.DIG_RULE_EITHER_SIDE:
        return _either_side(rules, last_trick, trick, winning_play, winner in banker_seats,
                            banker_side_points, attacker_points)
    if winner in banker_seats:
        to_banker = bottom_points if rules.variant.bottom.banker_keeps_points else 0
        return pb.ScoreBottomResponse(
            winning_seat=winner,
            attackers_won=False,
            bottom_points=bottom_points,
            multiplier=0,
            points_to_attackers=0,
            points_to_banker=to_banker,
            rule_ids=["bottom.banker_wins", *trick.rule_ids],
            explanation=(f"Seat {winner}, of the banker's side, wins the last trick: the attackers score "
                         f"nothing from the bottom's {bottom_points} points"
                         + (", which go to the banker's side." if to_banker else ".")),
        )
    lead_units = rules.lead_units(last_trick[0].cards) or []
    factor, rule_id, why = multiplier_of(rules, lead_units)(rules, lead_units, rules.suit_of(winning_play.cards) == TRUMP)
    scored = clamped(bottom_points * factor)
    return pb.ScoreBottomResponse(
        winning_seat=winner,
        attackers_won=True,
        bottom_points=bottom_points,
        multiplier=factor,
        points_to_attackers=scored,
        points_to_banker=0,
        digging_side=pb.SIDE_ATTACKERS,
        rule_ids=[rule_id, *trick.rule_ids],
        explanation=(f"Seat {winner}, an attacker, wins the last trick: the bottom's {bottom_points} points "
                     f"count x{factor} ({why}), {scored} points to the attackers."),
    )


def _either_side(
    rules: Ruleset,
    last_trick: Sequence[SeatPlay],
    trick: pb.JudgeTrickResponse,
    winning_play: SeatPlay,
    banker_won: bool,
    banker_side_points: int,
    attacker_points: int,
) -> pb.ScoreBottomResponse:
    """Digging by either side: the loser of the last trick pays its own points times the multiplier."""
    lead_units = rules.lead_units(last_trick[0].cards) or []
    factor, rule_id, why = multiplier_of(rules, lead_units)(rules, lead_units, rules.suit_of(winning_play.cards) == TRUMP)
    paid = clamped((attacker_points if banker_won else banker_side_points) * factor)
    side, other = ("banker's side", "attackers") if banker_won else ("attackers", "banker's side")
    return pb.ScoreBottomResponse(
        winning_seat=trick.winning_seat,
        attackers_won=not banker_won,
        bottom_points=0,
        multiplier=factor,
        points_to_attackers=0 if banker_won else paid,
        points_to_banker=paid if banker_won else 0,
        digging_side=pb.SIDE_BANKER if banker_won else pb.SIDE_ATTACKERS,
        rule_ids=["bottom.either_side", rule_id, *trick.rule_ids],
        explanation=(f"Seat {trick.winning_seat} wins the last trick: the {side} dig, and the {other} pay "
                     f"their {attacker_points if banker_won else banker_side_points} points x{factor} "
                     f"({why}) = {paid} points."),
    )


def multiplier_of(rules: Ruleset, lead_units: Sequence[Unit]) -> BottomMultiplier:
    """The multiplier rule for this last lead: the variant's throw rule for a throw, if it has one."""
    return rules.strategies.throw_bottom if len(lead_units) > 1 else rules.strategies.bottom
