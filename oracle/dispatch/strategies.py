"""The registries: for every value of every strategy enum of ``Variant``, the rule that implements
it (the seeds' or a compatibility profile's), what else it reads, or why the value is refused; and
each way of reading a play (:data:`UNIT_READINGS`) with what comes with it.

Each rule family declares here, in one place, what it offers: its units reader, throw check,
leads of several suits and settings (:class:`UnitReading`), its follow rule with its legal-play
counter (:class:`FollowRule`), its trick judges (a policy bound in), and what each reads. This
module imports the rules; no rule imports it. :mod:`oracle.dispatch.compile` reads these
registries once per ruleset, and is the only reader of the enums they are keyed by.

>>> FOLLOW_RULES.entry(pb.FOLLOW_RULE_DECOMPOSITION).source
'rbtying/shengji mechanics/src/trick.rs TrickFormat::is_legal_play @ 71f8d43'
>>> sorted(FOLLOW_RULES.entry(pb.FOLLOW_RULE_GREEDY_STRUCTURE).reads)
['following.ladders', 'following.must_break_tuples']
>>> UNIT_READINGS[RBTYING_FORMAT].throw.__name__, UNIT_READINGS[NATURAL].throw.__name__
('check_throw_by_format', 'check_throw_by_natural_units')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from oracle import pb
from oracle.dispatch.registry import Refused, Registry
from oracle.engine.legal_plays import FollowCounter
from oracle.engine.ruleset import (
    BottomMultiplier,
    CompoundLeads,
    FollowCheck,
    ForcedUnit,
    Penalty,
    RuffTest,
    Ruleset,
    ThrowCheck,
    TrickJudge,
    UnitReader,
)
from oracle.profiles.botzone import failed_throw as botzone_failed_throw
from oracle.profiles.botzone import legal_plays as botzone_legal_plays
from oracle.profiles.botzone.follow import check_follow_by_type
from oracle.profiles.botzone.trick import judge_trick_by_type
from oracle.profiles.rbtying import follow as rbtying_follow
from oracle.profiles.rbtying import forced_unit, kitty, policies, rainbow, rainbow_plays
from oracle.profiles.rbtying import legal_plays as rbtying_legal_plays
from oracle.profiles.rbtying.policies import BombRule, DrawRule
from oracle.profiles.rbtying.throw import check_throw_by_format
from oracle.profiles.rbtying.trick import Policy, judge_under
from oracle.profiles.rbtying.trick_format import format_units
from oracle.seed_rules import bottom_multipliers, failed_throw, ruffs
from oracle.seed_rules import legal_plays as seed_legal_plays
from oracle.seed_rules.follow import check_follow_by_structure
from oracle.seed_rules.natural_units import natural_units
from oracle.seed_rules.throw import check_throw_by_natural_units
from oracle.seed_rules.trick import judge_trick_by_key_unit

RBTYING = "rbtying/shengji"
BOTZONE = "keyijing/Tractor-RL judger.py"

NATURAL = "natural"
"""The seeds' reading of a play (``units.tuple``, ``units.tractor``)."""
RBTYING_FORMAT = "rbtying-format"
"""rbtying/shengji's ``TrickFormat::from_cards``."""

_UNSET = "must be set"


@dataclass(frozen=True)
class UnitReading:
    """One way of reading a play, and what a ruleset that reads plays so applies with it."""

    units: UnitReader
    """How cards of one suit split into units."""
    throw: ThrowCheck
    """Whether a throw stands, reading the thrown cards as :attr:`units` does."""
    reads: frozenset[str]
    """The parameters the reading honours beyond the card order and the tractor minimums."""
    source: str
    compound: Callable[[pb.Variant], CompoundLeads | None] = lambda variant: None
    """The leads of several suits a room of this reading allows (``None``: none)."""
    settings: Callable[[pb.Variant], object] = lambda variant: None
    """What the family's rules read beyond their strategies (``Strategies.settings``)."""


@dataclass(frozen=True)
class FollowRule:
    """A follow rule: its check of one follow, and its counter of every legal follow
    (ListLegalPlays; ``None``: the rule has none, and ListLegalPlays refuses a follow)."""

    check: FollowCheck
    count: FollowCounter | None


RAINBOWS = CompoundLeads(rainbow.rainbow_units, rainbow_plays.rainbow_leads, "lead.rainbow",
                         "a rainbow: each rank over four effective suits or more")
"""rbtying/shengji's rainbows (``mechanics/src/trick.rs`` ``try_rainbow_format`` @ 71f8d43)."""

DRAW_POLICIES: Registry[DrawRule] = Registry("following.draw_policy", pb.DrawPolicy)
DRAW_POLICIES.add(pb.DRAW_POLICY_UNSPECIFIED, policies.NO_PROTECTIONS)
DRAW_POLICIES.add(pb.DRAW_POLICY_NO_PROTECTIONS, policies.NO_PROTECTIONS)
DRAW_POLICIES.add(pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED, policies.LONGER_TUPLES_PROTECTED)
DRAW_POLICIES.add(pb.DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR, policies.ONLY_DRAW_TRACTOR_ON_TRACTOR)
DRAW_POLICIES.add(pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR,
                  policies.BOTH_PROTECTIONS)
DRAW_POLICIES.add(pb.DRAW_POLICY_NO_FORMAT_BASED_DRAW, policies.NO_FORMAT_BASED_DRAW)

BOMB_POLICIES: Registry[BombRule] = Registry("comparison.bomb_policy", pb.BombPolicy)
BOMB_POLICIES.add(pb.BOMB_POLICY_UNSPECIFIED, policies.NO_BOMBS)
BOMB_POLICIES.add(pb.BOMB_POLICY_NO_BOMBS, policies.NO_BOMBS)
BOMB_POLICIES.add(pb.BOMB_POLICY_ALLOW_BOMBS, policies.ALLOW_BOMBS)
BOMB_POLICIES.add(pb.BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING, policies.ALLOW_BOMBS_SUIT_FOLLOWING)


def _rbtying_policies(variant: pb.Variant) -> policies.Policies:
    """A room's draw and bomb policies, read through their registries when a ruleset is compiled."""
    return policies.Policies(DRAW_POLICIES.entry(variant.following.draw_policy).strategy,
                             BOMB_POLICIES.entry(variant.comparison.bomb_policy).strategy)


def _rainbows(variant: pb.Variant) -> CompoundLeads | None:
    """rbtying's rainbows where its room turns them on (``compound_formats.rainbow_min_cards``)."""
    return RAINBOWS if variant.compound_formats.rainbow_min_cards else None


UNIT_READINGS: dict[str, UnitReading] = {
    NATURAL: UnitReading(natural_units, check_throw_by_natural_units,
                         frozenset({"tractors.mixed_tuple_sizes", "tractors.joker_tractor_alone"}),
                         source="rules units.tuple, units.tractor, throw.unbeatable"),
    RBTYING_FORMAT: UnitReading(format_units, check_throw_by_format,
                                frozenset({"compound_formats.rainbow_min_cards"}),
                                source=f"{RBTYING} mechanics/src/trick.rs TrickFormat::from_cards, "
                                       "Trick::play_cards @ 71f8d43",
                                compound=_rainbows, settings=_rbtying_policies),
}
"""How a ruleset reads a play, by the name its follow rule and trick judge give: the units
reader, the throw check that reads plays alike, the compound leads and the family's settings."""

FOLLOW_RULES: Registry[FollowRule] = Registry("following.follow_rule", pb.FollowRule)
for _follow in (pb.FOLLOW_RULE_UNSPECIFIED, pb.FOLLOW_RULE_GREEDY_STRUCTURE):  # unset: the seeds' rule
    FOLLOW_RULES.add(_follow, FollowRule(check_follow_by_structure, seed_legal_plays.legal_follows_by_structure),
                     units=NATURAL,
                     reads={"following.ladders", "following.must_break_tuples"},
                     source="rules follow.suit, follow.tractor, follow.pairs, follow.ladder")
FOLLOW_RULES.add(pb.FOLLOW_RULE_DECOMPOSITION,
                 FollowRule(rbtying_follow.check_follow_by_decomposition,
                            rbtying_legal_plays.legal_follows_by_decomposition),
                 units=RBTYING_FORMAT, reads={"following.draw_policy", "comparison.bomb_policy"},
                 source=f"{RBTYING} mechanics/src/trick.rs TrickFormat::is_legal_play @ 71f8d43")
FOLLOW_RULES.add(pb.FOLLOW_RULE_TYPE_AND_PAIRS,
                 FollowRule(check_follow_by_type, botzone_legal_plays.legal_follows_by_type),
                 units=NATURAL, source=f"{BOTZONE} checkLegalMove")


def follow_counter(rules: Ruleset) -> FollowCounter:
    """The legal-follow counter of the ruleset's follow rule, or :class:`Refused` when it has none."""
    count: FollowCounter | None = rules.strategies.count
    if count is None:
        value = rules.variant.following.follow_rule
        raise Refused(FOLLOW_RULES.path, f"{FOLLOW_RULES.name(value)} has no legal-play counter")
    return count


TRICK_JUDGES: Registry[TrickJudge] = Registry("following.throw_evaluation", pb.ThrowEvaluation)
for _evaluation in (pb.THROW_EVALUATION_UNSPECIFIED, pb.THROW_EVALUATION_KEY_UNIT):  # unset: the seeds'
    TRICK_JUDGES.add(_evaluation, judge_trick_by_key_unit, units=NATURAL,
                     reads={"following.ruff_rule", "comparison.larger_tuples_win"},
                     source="rules trick.structure, trick.ruff, trick.over_ruff, trick.kinds, trick.discard")
for _value, _policy in ((pb.THROW_EVALUATION_ALL, Policy.ALL), (pb.THROW_EVALUATION_HIGHEST, Policy.HIGHEST),
                       (pb.THROW_EVALUATION_TRICK_UNIT_LENGTH, Policy.TRICK_UNIT_LENGTH)):
    TRICK_JUDGES.add(_value, judge_under(_policy), units=RBTYING_FORMAT,
                     reads={"comparison.bomb_policy"},
                     source=f"{RBTYING} mechanics/src/trick.rs Trick::winner, Trick::_defeats @ 71f8d43")
TRICK_JUDGES.add(pb.THROW_EVALUATION_LARGEST_COMPONENT, judge_trick_by_type, units=NATURAL,
                 source=f"{BOTZONE} checkWinner")

RUFF_RULES: Registry[RuffTest] = Registry("following.ruff_rule", pb.RuffRule)
RUFF_RULES.refuse(pb.RUFF_RULE_UNSPECIFIED, "must be set for the key-unit trick judge")
RUFF_RULES.add(pb.RUFF_RULE_UNIT_COUNTS, RuffTest(ruffs.ruff_counts, "as many tractors and pairs as the lead"),
               source="rule trick.ruff")
RUFF_RULES.add(pb.RUFF_RULE_SAME_SHAPE, RuffTest(ruffs.ruff_same_shape, "the lead's shape"),
               source="rule trick.ruff")
RUFF_RULES.add(pb.RUFF_RULE_LARGEST_UNIT,
               RuffTest(ruffs.ruff_largest_unit, "a largest unit of the lead's largest unit's shape"),
               source="rule trick.ruff")

FORCED_UNITS: Registry[ForcedUnit] = Registry("throws.forced_unit", pb.ForcedUnit)
FORCED_UNITS.refuse(pb.FORCED_UNIT_UNSPECIFIED, _UNSET)
FORCED_UNITS.add(pb.FORCED_UNIT_LOWEST_BEATEN, failed_throw.lowest_beaten, source="rule throw.forced_unit")
FORCED_UNITS.add(pb.FORCED_UNIT_MOST_CARDS_FIRST, failed_throw.most_cards_first, source="rule throw.forced_unit")
FORCED_UNITS.add(pb.FORCED_UNIT_SMALLEST_CARD, failed_throw.smallest_card, source="rule trick.ruff")
FORCED_UNITS.add(pb.FORCED_UNIT_FEWEST_CARDS_FIRST, failed_throw.fewest_cards_first, source="rule throw.forced_unit")
FORCED_UNITS.add(pb.FORCED_UNIT_FIRST_BLOCKER_FEWEST_CARDS, forced_unit.first_blocker_fewest_cards,
                 source=f"{RBTYING} mechanics/src/trick.rs Trick::play_cards")
FORCED_UNITS.add(pb.FORCED_UNIT_LOWEST_BEATEN_ONE_CARD, botzone_failed_throw.lowest_beaten_one_card,
                 reads={"throws.forced_tie_suit_order"}, source=f"{BOTZONE} checkThrow")

PENALTIES: Registry[Penalty] = Registry("throws.penalty", pb.PenaltyKind)
PENALTIES.refuse(pb.PENALTY_KIND_UNSPECIFIED, _UNSET)
PENALTIES.add(pb.PENALTY_KIND_NONE, failed_throw.no_penalty)
PENALTIES.add(pb.PENALTY_KIND_FIXED, failed_throw.fixed_penalty, reads={"throws.penalty_points"},
              source="rule throw.penalty")
PENALTIES.add(pb.PENALTY_KIND_PER_CARD, failed_throw.per_card_penalty, reads={"throws.penalty_points"})
PENALTIES.add(pb.PENALTY_KIND_PER_BEATEN_CARD, botzone_failed_throw.per_beaten_card_penalty,
              reads={"throws.penalty_points"}, source=f"{BOTZONE} Punish")

_BOTTOM_READS: dict[int, set[str]] = {
    pb.BOTTOM_RULE_POWER: {"bottom.base", "bottom.cap", "bottom.measure"},
    pb.BOTTOM_RULE_TIMES: {"bottom.base", "bottom.measure"},
    pb.BOTTOM_RULE_LINEAR: {"bottom.measure"},
    pb.BOTTOM_RULE_SHAPE_TABLE: {"bottom.shapes"},
}


BOTTOM_RULES: Registry[BottomMultiplier] = Registry("bottom.rule", pb.BottomRule)
BOTTOM_RULES.refuse(pb.BOTTOM_RULE_UNSPECIFIED, _UNSET)
BOTTOM_RULES.refuse(pb.BOTTOM_RULE_NONE, "scores no last trick: every deal digs its last trick by a multiplier rule, "
                    "a deal without a bottom by either side (DIG_RULE_EITHER_SIDE)")
for _rule, _strategy, _source in (
    (pb.BOTTOM_RULE_POWER, bottom_multipliers.power, "rule bottom.power"),
    (pb.BOTTOM_RULE_SHAPE_TABLE, bottom_multipliers.shape_table, "rule bottom.shape_table"),
    (pb.BOTTOM_RULE_LINEAR, bottom_multipliers.linear, "rule bottom.linear"),
    (pb.BOTTOM_RULE_TRUMP_DOUBLES, bottom_multipliers.trump_doubles, "rule bottom.trump_doubles"),
    (pb.BOTTOM_RULE_TIMES, kitty.times, f"{RBTYING} core/src/settings.rs KittyPenalty::Times"),
):
    BOTTOM_RULES.add(_rule, _strategy, reads=_BOTTOM_READS.get(_rule, set()), source=_source)

REGISTRIES: tuple[Registry[Any], ...] = (
    FOLLOW_RULES, TRICK_JUDGES, RUFF_RULES, DRAW_POLICIES, BOMB_POLICIES, FORCED_UNITS, PENALTIES, BOTTOM_RULES,
)
"""Every registry, for the test that walks every enum value."""
