"""Compile a variant into a ruleset for one deal, and refuse parameter sets no strategy honours.

:func:`strategies_for` reads the variant's strategy enums through the registries of
:mod:`oracle.dispatch.strategies`; :func:`parameter_problems` lists what a variant asks for
that its strategies would ignore (an enum value with no strategy, a follow rule and a trick
judge that read plays differently, a parameter set that no chosen strategy reads), so that a
variant file or a room's ``custom_variant`` is refused rather than answered wrongly.

>>> from oracle.cards import Rank, Suit
>>> from oracle.variants import get_variant
>>> rules = compile_ruleset(get_variant("qq-two-deck"), Rank.TEN, Suit.HEARTS)
>>> rules.strategies.judge.__name__
'judge_trick_by_key_unit'
>>> room = pb.Variant()
>>> room.CopyFrom(get_variant("four-deck"))
>>> room.comparison.bomb_policy = pb.BOMB_POLICY_ALLOW_BOMBS
>>> [v.field for v in parameter_problems(room)]
['comparison.bomb_policy']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from oracle import pb
from oracle.cards import Rank, Suit
from oracle.dispatch.registry import Refused
from oracle.dispatch.strategies import (
    BOTTOM_RULES,
    FOLLOW_RULES,
    FORCED_UNITS,
    PENALTIES,
    RUFF_RULES,
    TRICK_JUDGES,
    UNIT_READINGS,
)
from oracle.engine.card_order import card_keys
from oracle.engine.ruleset import Ruleset, Strategies
from oracle.errors import Violation

CONDITIONAL: dict[str, Callable[[pb.Variant], bool]] = {
    "following.ruff_rule": lambda v: v.following.ruff_rule != pb.RUFF_RULE_UNSPECIFIED,
    "following.ladders": lambda v: len(v.following.ladders) > 0,
    "following.must_break_tuples": lambda v: v.following.must_break_tuples,
    "following.draw_policy": lambda v: v.following.draw_policy != pb.DRAW_POLICY_UNSPECIFIED,
    "comparison.bomb_policy": lambda v: v.comparison.bomb_policy
    not in (pb.BOMB_POLICY_UNSPECIFIED, pb.BOMB_POLICY_NO_BOMBS),
    "comparison.larger_tuples_win": lambda v: v.comparison.larger_tuples_win,
    "throws.forced_tie_suit_order": lambda v: len(v.throws.forced_tie_suit_order) > 0,
    "throws.penalty_points": lambda v: v.throws.penalty_points != 0,
    "bottom.base": lambda v: v.bottom.base != 0,
    "bottom.cap": lambda v: v.bottom.cap != 0,
    "bottom.measure": lambda v: v.bottom.measure != pb.UNIT_MEASURE_UNSPECIFIED,
    "bottom.shapes": lambda v: len(v.bottom.shapes) > 0,
    "tractors.mixed_tuple_sizes": lambda v: v.tractors.mixed_tuple_sizes,
    "tractors.joker_tractor_alone": lambda v: v.tractors.joker_tractor_alone,
    "compound_formats.rainbow_min_cards": lambda v: v.compound_formats.rainbow_min_cards != 0,
}
"""Parameters that only some strategies read, and whether a variant sets them (to anything but
the value every strategy honours). One set while no chosen strategy reads it is refused."""


def strategies_for(variant: pb.Variant) -> Strategies:
    """The strategies a valid variant's enums choose (:class:`Refused` for a value with none)."""
    following = variant.following
    follow = FOLLOW_RULES.entry(following.follow_rule)
    judge = TRICK_JUDGES.entry(following.throw_evaluation)
    bottom = variant.bottom
    uses = follow.reads | judge.reads
    reading = UNIT_READINGS[follow.units or judge.units]
    return Strategies(
        units=reading.units,
        follow=follow.strategy.check,
        count=follow.strategy.count,
        judge=judge.strategy,
        forced=FORCED_UNITS.entry(variant.throws.forced_unit).strategy,
        penalty=PENALTIES.entry(variant.throws.penalty).strategy,
        bottom=BOTTOM_RULES.entry(bottom.rule).strategy,
        throw_bottom=BOTTOM_RULES.entry(bottom.throw_rule or bottom.rule).strategy,
        throw=reading.throw,
        ruff=RUFF_RULES.entry(following.ruff_rule).strategy if "following.ruff_rule" in uses else None,
        compound=reading.compound(variant),
        settings=reading.settings(variant),
    )


def compile_ruleset(variant: pb.Variant, level: Rank, trump: Suit | None) -> Ruleset:
    """The ruleset of a valid variant for one deal (callers cache it: see :mod:`oracle.variants`)."""
    return Ruleset(variant, level, trump, card_keys(variant, level, trump), strategies_for(variant))


def _entry(registry: Any, value: int, problems: list[Violation]) -> Any:
    try:
        return registry.entry(value)
    except Refused as err:
        problems.append(Violation(err.field, err.reason))
        return None


def parameter_problems(variant: pb.Variant) -> list[Violation]:
    """What the variant asks for that its strategies would not honour, field by field."""
    problems: list[Violation] = []
    following, bottom = variant.following, variant.bottom
    follow = _entry(FOLLOW_RULES, following.follow_rule, problems)
    judge = _entry(TRICK_JUDGES, following.throw_evaluation, problems)
    forced = _entry(FORCED_UNITS, variant.throws.forced_unit, problems)
    penalty = _entry(PENALTIES, variant.throws.penalty, problems)
    rule = _entry(BOTTOM_RULES, bottom.rule, problems)
    throw_rule = _entry(BOTTOM_RULES, bottom.throw_rule, problems) if bottom.throw_rule else None
    if follow is None or judge is None:
        return problems
    if follow.units != judge.units:
        problems.append(Violation(
            "following.throw_evaluation",
            f"{TRICK_JUDGES.name(following.throw_evaluation)} reads plays as {judge.units} units, but "
            f"following.follow_rule {FOLLOW_RULES.name(following.follow_rule)} reads them as "
            f"{follow.units} units: a follow rule and a trick judge must read plays alike",
        ))
    reads = set(follow.reads | judge.reads | UNIT_READINGS[follow.units].reads)
    for entry in (forced, penalty, rule, throw_rule):
        if entry is not None:
            reads |= entry.reads
    if "following.ruff_rule" in reads:
        _entry(RUFF_RULES, following.ruff_rule, problems)
    chosen = (f"follow rule {FOLLOW_RULES.name(following.follow_rule)}, trick judge "
              f"{TRICK_JUDGES.name(following.throw_evaluation)}")
    for path, is_set in CONDITIONAL.items():
        if path not in reads and is_set(variant):
            problems.append(Violation(path, f"is set, but no strategy of this variant reads it ({chosen}, "
                                            "its throw and bottom rules): leave it unset"))
    return problems
