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
from oracle.engine.ruleset import TRUMP, BottomMultiplier, Play, Ruleset, points
from oracle.engine.units import Unit
from oracle.seed_rules.bottom_multipliers import bottom_table


def score_bottom(
    rules: Ruleset,
    last_trick: Sequence[Play],
    banker_seats: frozenset[int],
    bottom_cards: Sequence[Card],
    *,
    banker_side_points: int = 0,
    attacker_points: int = 0,
    judged: pb.JudgeTrickResponse | None = None,
    answer: pb.ScoreBottomResponse | None = None,
) -> pb.ScoreBottomResponse:
    """Score the bottom after the last trick.

    ``banker_side_points`` and ``attacker_points`` matter only where either
    side digs (``DIG_RULE_EITHER_SIDE``): the side that loses the last trick
    pays the winner its own points times the multiplier (rule ``bottom.either_side``).
    ``judged`` is the ruleset's judgement of ``last_trick`` when the caller already has it
    (a replay judged every trick): the same answer, without judging the trick again. The answer
    is written into ``answer`` when given (an empty message: a field of an ``Answer``, built in
    its place), else into a new one.
    """
    trick = rules.strategies.judge(rules, last_trick) if judged is None else judged
    winner = trick.winning_seat
    table = bottom_table(rules.variant)
    for seat, cards in last_trick:
        if seat == winner:
            won_with = cards
            break
    else:
        raise ValueError(f"the winner, seat {winner}, has no play in the trick")
    if answer is None:
        answer = pb.ScoreBottomResponse()
    answer.winning_seat = winner
    if table.either_side:
        rule_id = _either_side(answer, rules, last_trick, won_with, winner in banker_seats,
                               banker_side_points, attacker_points)
        answer.rule_ids.extend(["bottom.either_side", rule_id, *trick.rule_ids[:]])
        return answer
    bottom_points = points(bottom_cards)
    answer.bottom_points = bottom_points
    if winner in banker_seats:
        to_banker = bottom_points if table.banker_keeps_points else 0
        answer.points_to_banker = to_banker
        answer.rule_ids.extend(["bottom.banker_wins", *trick.rule_ids[:]])
        answer.explanation = (
            f"Seat {winner}, of the banker's side, wins the last trick: the attackers score "
            f"nothing from the bottom's {bottom_points} points"
            + (", which go to the banker's side." if to_banker else "."))
        return answer
    factor, rule_id, why = _multiplier(rules, last_trick, won_with)
    scored = clamped(bottom_points * factor)
    answer.attackers_won = True
    answer.multiplier, answer.points_to_attackers = factor, scored
    answer.digging_side = pb.SIDE_ATTACKERS
    answer.rule_ids.extend([rule_id, *trick.rule_ids[:]])  # a list of them: one call
    answer.explanation = (
        f"Seat {winner}, an attacker, wins the last trick: the bottom's {bottom_points} points "
        f"count x{factor} ({why}), {scored} points to the attackers.")
    return answer


def _multiplier(rules: Ruleset, last_trick: Sequence[Play], won_with: Sequence[Card]) -> tuple[int, str, str]:
    """The multiplier of the last trick's lead, its rule id and why (:func:`multiplier_of`)."""
    lead_units = rules.lead_units(last_trick[0][1]) or []
    return multiplier_of(rules, lead_units)(rules, lead_units, rules.suit_of(won_with) == TRUMP)


def _either_side(
    answer: pb.ScoreBottomResponse,
    rules: Ruleset,
    last_trick: Sequence[Play],
    won_with: Sequence[Card],
    banker_won: bool,
    banker_side_points: int,
    attacker_points: int,
) -> str:
    """Digging by either side: the loser of the last trick pays its own points times the
    multiplier (the answer's fields but its rule ids); the multiplier's rule id."""
    factor, rule_id, why = _multiplier(rules, last_trick, won_with)
    paid = clamped((attacker_points if banker_won else banker_side_points) * factor)
    side, other = ("banker's side", "attackers") if banker_won else ("attackers", "banker's side")
    answer.attackers_won = not banker_won
    answer.multiplier = factor
    if banker_won:
        answer.points_to_banker, answer.digging_side = paid, pb.SIDE_BANKER
    else:
        answer.points_to_attackers, answer.digging_side = paid, pb.SIDE_ATTACKERS
    answer.explanation = (
        f"Seat {answer.winning_seat} wins the last trick: the {side} dig, and the {other} pay "
        f"their {attacker_points if banker_won else banker_side_points} points x{factor} "
        f"({why}) = {paid} points.")
    return rule_id


def multiplier_of(rules: Ruleset, lead_units: Sequence[Unit]) -> BottomMultiplier:
    """The multiplier rule for this last lead: the variant's throw rule for a throw, if it has one."""
    return rules.strategies.throw_bottom if len(lead_units) > 1 else rules.strategies.bottom
