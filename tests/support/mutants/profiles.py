"""Wrong implementations of the compatibility profiles' strategies (rbtying/shengji, Botzone).

Each replaces, through its registry, a strategy a profile chooses; the profile cases
(conformance/cases/profile-*.jsonl) ask about rooms of those profiles.

>>> sorted({m.profile for m in PROFILE_MUTANTS})
['botzone', 'rbtying']
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from oracle import pb
from oracle.cards import Card
from oracle.dispatch.registry import Registry
from oracle.dispatch.strategies import (
    BOMB_POLICIES,
    BOTTOM_RULES,
    DRAW_POLICIES,
    FOLLOW_RULES,
    FORCED_UNITS,
    PENALTIES,
    RBTYING_FORMAT,
    RUFF_RULES,
    TRICK_JUDGES,
)
from oracle.engine.answers import into
from oracle.engine.ruleset import (
    BottomMultiplier,
    FollowCheck,
    ForcedUnit,
    Penalty,
    Play,
    Ruleset,
    TrickJudge,
)
from oracle.engine.units import Block
from oracle.profiles.rbtying.policies import BombRule, DrawRule
from tests.support.mutants.patching import (
    Cards,
    Mutant,
    edit_verdicts,
    follow_check,
    legal_when_broken,
    registered,
)

T = TypeVar("T")

RBTYING = "rbtying"
BOTZONE = "botzone"

RBTYING_JUDGE = tuple(value for value, entry in TRICK_JUDGES.entries.items() if entry.units == RBTYING_FORMAT)
"""The trick judge values of rbtying/shengji's format judge (those that read its format)."""


def with_strategies(**changes: Any) -> Callable[[Ruleset], Ruleset]:
    """A view of a ruleset with some of its strategies changed (one per ruleset, kept)."""
    views: dict[Ruleset, Ruleset] = {}

    def view(rules: Ruleset) -> Ruleset:
        found = views.get(rules)
        if found is None:
            found = copy.copy(rules)
            found.strategies = dataclasses.replace(rules.strategies, **changes)
            views[rules] = found
        return found
    return view


def judged_with(**changes: Any) -> Callable[[TrickJudge], TrickJudge]:
    """A trick judge that runs another one (``judge=``, else the real one) on the ruleset with
    some of its strategies changed: a judge that reads the variant's policy wrongly."""
    other = changes.pop("judge", None)

    def make(original: TrickJudge) -> TrickJudge:
        judge, view = other or original, with_strategies(**changes)
        return lambda rules, plays, answer=None: judge(view(rules), plays, answer)
    return make


def judged_as(evaluation: int) -> Callable[[TrickJudge], TrickJudge]:
    """rbtying/shengji's judge applying another throw evaluation policy than the variant's: the
    judge registered for that policy's value."""
    return lambda original: TRICK_JUDGES.entry(evaluation).strategy


def only_suit_duty(original: FollowCheck) -> FollowCheck:
    """A follow check that accepts any play holding as many cards of the led suit as it must."""
    def check(rules: Ruleset, lead: Cards, hand: Cards, play: Cards,
              into_answer: pb.CheckFollowResponse | None = None, /) -> pb.CheckFollowResponse:
        suit = rules.suit_of(lead)
        if len(rules.of_suit(play, suit)) >= min(len(lead), len(rules.of_suit(hand, suit))):
            return into(into_answer, pb.CheckFollowResponse(legal=True, rule_ids=["follow.suit"]))
        return original(rules, lead, hand, play, into_answer)
    return check


def _instead(registry: Registry[T], value: int) -> Callable[[T], T]:
    """The strategy another value of the registry has, in place of the real one."""
    return lambda original: registry.entry(value).strategy


def _times_off_by_one(original: BottomMultiplier) -> BottomMultiplier:
    def multiplier(rules: Ruleset, lead_units: Any, winner_is_trump: bool) -> tuple[int, str, str]:
        value, rule, why = original(rules, lead_units, winner_is_trump)
        return value + rules.variant.bottom.base, rule, why
    return multiplier


def _whole_unit(original: ForcedUnit) -> ForcedUnit:
    """The lowest beaten unit, every card of it, where one card of it is forced."""
    def forced(rules: Ruleset, blocks: Sequence[Block], thrown: Sequence[Card], order: Sequence[int]) -> list[Card]:
        card = original(rules, blocks, thrown, order)[0]
        return list(next(b.unit for b in blocks if card in b.unit.cards).cards)
    return forced


def _per_thrown_card(original: Penalty) -> Penalty:
    return lambda throws, thrown, forced, beaten: throws.penalty_points * thrown


def _no_bomb(original: BombRule) -> BombRule:
    return BombRule(allowed=False, follows_suit=original.follows_suit)


def _no_protections(original: DrawRule) -> DrawRule:
    return dataclasses.replace(original, protects_longer_tuples=False, only_tractor_on_tractor=False)


def _format_draw(original: DrawRule) -> DrawRule:
    return dataclasses.replace(original, format_based=True)


def _bombs_lose(rules: Ruleset, plays: Sequence[Play], answer: pb.JudgeTrickResponse) -> None:
    """A bomb played is judged a bomb, but does not beat the best so far."""
    for verdict in answer.verdicts:
        if verdict.kind == pb.PLAY_KIND_BOMB:
            verdict.beats_best_so_far = False


PROFILE_MUTANTS: list[Mutant] = [
    # rbtying/shengji
    registered("decomposition-walk-skipped", "rbtying: a follow of the led suit need not fill any decomposition",
               FOLLOW_RULES, [pb.FOLLOW_RULE_DECOMPOSITION], follow_check(legal_when_broken("follow.decomposition")),
               RBTYING),
    registered("throw-evaluation-all-as-highest", "rbtying: the All policy judged as Highest",
               TRICK_JUDGES, [pb.THROW_EVALUATION_ALL], judged_as(pb.THROW_EVALUATION_HIGHEST), RBTYING),
    registered("throw-evaluation-highest-as-all", "rbtying: the Highest policy judged as All",
               TRICK_JUDGES, [pb.THROW_EVALUATION_HIGHEST], judged_as(pb.THROW_EVALUATION_ALL), RBTYING),
    registered("throw-evaluation-trick-unit-length-as-all", "rbtying: the TrickUnitLength policy judged as All",
               TRICK_JUDGES, [pb.THROW_EVALUATION_TRICK_UNIT_LENGTH], judged_as(pb.THROW_EVALUATION_ALL), RBTYING),
    registered("first-blocker-forced-as-lowest-beaten",
               "rbtying: a failed throw forces the lowest beaten unit, not the first blocker's fewest cards",
               FORCED_UNITS, [pb.FORCED_UNIT_FIRST_BLOCKER_FEWEST_CARDS],
               _instead(FORCED_UNITS, pb.FORCED_UNIT_LOWEST_BEATEN), RBTYING),
    registered("times-kitty-off-by-one", "rbtying: the Times kitty is base x (size + 1), not base x size",
               BOTTOM_RULES, [pb.BOTTOM_RULE_TIMES], _times_off_by_one, RBTYING),
    registered("bombs-never-beat", "rbtying: a bomb may be played but never beats",
               TRICK_JUDGES, RBTYING_JUDGE, edit_verdicts(_bombs_lose), RBTYING),
    registered("bomb-policy-ignored", "rbtying: a room that allows bombs is played as one without",
               BOMB_POLICIES, [pb.BOMB_POLICY_ALLOW_BOMBS, pb.BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING], _no_bomb,
               RBTYING),
    registered("longer-tuples-not-protected",
               "rbtying: under LongerTuplesProtected a hand must still break a triple for a pair",
               DRAW_POLICIES, [pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED], _no_protections, RBTYING),
    registered("format-draw-where-none", "rbtying: NoFormatBasedDraw still asks the follower for the lead's format",
               DRAW_POLICIES, [pb.DRAW_POLICY_NO_FORMAT_BASED_DRAW], _format_draw, RBTYING),
    # Botzone
    registered("type-and-pairs-any-follow-of-the-suit", "botzone: any follow of the led suit is legal",
               FOLLOW_RULES, [pb.FOLLOW_RULE_TYPE_AND_PAIRS], follow_check(only_suit_duty), BOTZONE),
    registered("largest-component-judged-by-key-unit", "botzone: a trick is judged by the seeds' key unit",
               TRICK_JUDGES, [pb.THROW_EVALUATION_LARGEST_COMPONENT],
               judged_with(judge=TRICK_JUDGES.entry(pb.THROW_EVALUATION_KEY_UNIT).strategy,
                           ruff=RUFF_RULES.entry(pb.RUFF_RULE_SAME_SHAPE).strategy), BOTZONE),
    registered("one-card-forced-as-whole-unit", "botzone: a failed throw forces the whole lowest beaten unit",
               FORCED_UNITS, [pb.FORCED_UNIT_LOWEST_BEATEN_ONE_CARD], _whole_unit, BOTZONE),
    registered("penalty-per-thrown-card",
               "botzone: a failed throw costs 10 points per card thrown, not per card beaten",
               PENALTIES, [pb.PENALTY_KIND_PER_BEATEN_CARD], _per_thrown_card, BOTZONE),
]
"""The profiles' strategies broken, one mutant each."""
