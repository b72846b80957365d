"""The answer to each kind of question, for validated arguments: the one place where a
question meets the strategies of its ruleset.

Each function takes a :class:`~oracle.engine.ruleset.Ruleset` (or, for the questions that
do not depend on the deal, a variant) and cards already checked by :mod:`oracle.service`, and
last the message to write the answer into (``answer``: an empty message, the field of an
``Answer`` for a dispatched question, so the answer is built in its place, not copied there),
or none for a new one.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> answer = check_follow(rules, p("8S 8S"), p("AS 5S 5S 3C 4D"), p("AS 3C"))
>>> answer.legal, answer.broken_rule_id
(False, 'follow.suit')
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card, Rank
from oracle.dispatch.legal_play_answers import counter_refusal as legal_play_counter_refusal
from oracle.dispatch.legal_play_answers import list_legal_plays
from oracle.dispatch.level_tables import level_table_of
from oracle.engine.answers import into
from oracle.engine.ruleset import Play, Ruleset, SeatPlay
from oracle.seed_rules.bottom import score_bottom as _score_bottom
from oracle.seed_rules.declarations import compare_declarations
from oracle.seed_rules.describe import describe_play
from oracle.seed_rules.levels import score_deal as _score_deal

__all__ = [
    "check_follow", "check_throw", "compare_declarations", "describe_play", "into", "judge_trick",
    "legal_play_counter_refusal", "list_legal_plays",
    "score_bottom", "score_deal",
]


def check_follow(
    rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card],
    answer: pb.CheckFollowResponse | None = None,
) -> pb.CheckFollowResponse:
    """CheckFollow: the ruleset's follow rule; ``hand`` is the whole hand before ``play``."""
    return rules.strategies.follow(rules, lead, hand, play, answer)


def check_throw(
    rules: Ruleset, thrower: SeatPlay, other_hands: Sequence[SeatPlay], answer: pb.CheckThrowResponse | None = None
) -> pb.CheckThrowResponse:
    """CheckThrow: the ruleset's throw check (the one of its unit reading); the other hands in any order."""
    return rules.strategies.throw(rules, thrower, other_hands, answer)


def judge_trick(
    rules: Ruleset, plays: Sequence[Play], answer: pb.JudgeTrickResponse | None = None
) -> pb.JudgeTrickResponse:
    """JudgeTrick: the ruleset's trick judge; ``plays`` in play order, the first being the lead;
    the answer written into ``answer`` when given (an ``Answer``'s field: no copy), else a new one."""
    return rules.strategies.judge(rules, plays, answer)


def score_bottom(
    rules: Ruleset,
    last_trick: Sequence[Play],
    banker_seats: frozenset[int],
    bottom: Sequence[Card],
    *,
    banker_side_points: int = 0,
    attacker_points: int = 0,
    judged: pb.JudgeTrickResponse | None = None,
    answer: pb.ScoreBottomResponse | None = None,
) -> pb.ScoreBottomResponse:
    """ScoreBottom: the last trick judged by the ruleset (``judged``, when the caller has already
    asked :func:`judge_trick` about it), the bottom by its multiplier rule."""
    return _score_bottom(rules, last_trick, banker_seats, bottom,
                         banker_side_points=banker_side_points, attacker_points=attacker_points,
                         judged=judged, answer=answer)


def score_deal(
    variant: pb.Variant,
    attacker_points: int,
    banker_seat: int,
    banker_level: Rank | int | None,
    attacker_level: Rank | int | None,
    answer: pb.ScoreDealResponse | None = None,
) -> pb.ScoreDealResponse:
    """ScoreDeal: the band of the variant's level table (its own, or its formula's) for the points."""
    return _score_deal(variant, attacker_points, banker_seat, banker_level, attacker_level,
                       table=level_table_of(variant), answer=answer)
