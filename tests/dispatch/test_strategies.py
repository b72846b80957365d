"""The registries of strategies: every value of every strategy enum has a strategy or a clear
refusal; the enums are read in one place; a variant that sets a parameter its strategies would
ignore is refused with the field named; and every question of one ruleset reads a play alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from oracle import pb
from oracle.cards import parse_cards
from oracle.convert import cards_to_pb
from oracle.dispatch.compile import CONDITIONAL, parameter_problems, strategies_for
from oracle.dispatch.registry import Refused
from oracle.dispatch.strategies import REGISTRIES
from oracle.service.questions import dispatch
from oracle.variants import get_variant, load_catalogue

ROOT = Path(__file__).resolve().parents[2] / "oracle"


@pytest.mark.parametrize("registry", REGISTRIES, ids=[r.path for r in REGISTRIES])
def test_every_enum_value_has_a_strategy_or_a_refusal(registry: object) -> None:
    values = registry.values()  # type: ignore[attr-defined]
    assert values, "the registry's enum has values"
    for value in values:
        covered = value in registry.entries or value in registry.refusals  # type: ignore[attr-defined]
        assert covered, f"{registry.path}: {registry.name(value)} has neither"  # type: ignore[attr-defined]
        if value in registry.refusals:  # type: ignore[attr-defined]
            with pytest.raises(Refused, match=registry.path):  # type: ignore[attr-defined]
                registry.entry(value)  # type: ignore[attr-defined]


STRATEGY_ENUMS = ("follow_rule", "throw_evaluation", "ruff_rule", "draw_policy", "bomb_policy", "forced_unit",
                  "penalty ==", "bottom.rule", ".throw_rule")


def test_the_strategy_enums_are_read_only_by_the_compiler() -> None:
    """No rule module reads a strategy enum of the variant: the ruleset holds the choice."""
    readers = []
    for path in ROOT.rglob("*.py"):
        if "_gen" in path.parts or path.parent.name == "variants" or path.name in ("compile.py", "strategies.py"):
            continue
        code = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith(("#", ">>>")))
        code = re.sub(r'"""[\s\S]*?"""', "", code)
        for name in STRATEGY_ENUMS:
            if re.search(r"variant\.[a-z_.]*" + re.escape(name), code):
                readers.append(f"{path.relative_to(ROOT)}: {name}")
    assert readers == []


def test_every_shipped_variant_compiles() -> None:
    for variant in load_catalogue().values():
        assert parameter_problems(variant) == [], variant.id
        strategies_for(variant)


def _room(variant_id: str) -> pb.Variant:
    room = pb.Variant()
    room.CopyFrom(get_variant(variant_id))
    return room


def _follow(room: pb.Variant) -> pb.Answer:
    rules = pb.Context(level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS, custom_variant=room)
    return dispatch(pb.Question(check_follow=pb.CheckFollowRequest(
        context=rules, lead=cards_to_pb(parse_cards("8S")), hand=cards_to_pb(parse_cards("AS")),
        play=cards_to_pb(parse_cards("AS")))))


REFUSED = [
    ("four-deck", "comparison.bomb_policy", lambda v: setattr(v.comparison, "bomb_policy", pb.BOMB_POLICY_ALLOW_BOMBS)),
    ("qq-two-deck", "following.draw_policy",
     lambda v: setattr(v.following, "draw_policy", pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED)),
    ("rbtying-default", "following.ruff_rule", lambda v: setattr(v.following, "ruff_rule", pb.RUFF_RULE_UNIT_COUNTS)),
    ("rbtying-default", "comparison.larger_tuples_win", lambda v: setattr(v.comparison, "larger_tuples_win", True)),
    ("rbtying-default", "tractors.mixed_tuple_sizes", lambda v: setattr(v.tractors, "mixed_tuple_sizes", True)),
    ("botzone-tractor", "following.must_break_tuples", lambda v: setattr(v.following, "must_break_tuples", True)),
    ("qq-two-deck", "throws.forced_tie_suit_order", lambda v: v.throws.forced_tie_suit_order.append(pb.SUIT_CLUBS)),
    ("heijian", "throws.penalty_points", lambda v: setattr(v.throws, "penalty_points", 5)),
    ("qq-two-deck", "following.throw_evaluation",
     lambda v: setattr(v.following, "throw_evaluation", pb.THROW_EVALUATION_ALL)),
    ("qq-two-deck", "following.ruff_rule", lambda v: setattr(v.following, "ruff_rule", pb.RUFF_RULE_UNSPECIFIED)),
    ("qq-two-deck", "throws.forced_unit", lambda v: setattr(v.throws, "forced_unit", pb.FORCED_UNIT_UNSPECIFIED)),
]


@pytest.mark.parametrize(("variant_id", "field", "edit"), REFUSED, ids=[f"{v}:{f}" for v, f, _ in REFUSED])
def test_a_parameter_no_strategy_reads_is_refused_with_its_field(variant_id: str, field: str, edit: object) -> None:
    """A room asking for something its strategies would ignore gets INVALID_ARGUMENT naming the field,
    never a confident answer from rules that ignore it (a four-deck room with bombs, say)."""
    room = _room(variant_id)
    edit(room)  # type: ignore[operator]
    answer = _follow(room)
    assert answer.error.code == "INVALID_ARGUMENT"
    fields = [v.field for v in answer.error.field_violations]
    assert f"check_follow.context.custom_variant.{field}" in fields, fields


def test_a_parameter_its_strategy_reads_is_accepted() -> None:
    """The same settings where a strategy honours them: bombs in an rbtying room."""
    room = _room("rbtying-default")
    room.comparison.bomb_policy = pb.BOMB_POLICY_ALLOW_BOMBS
    assert _follow(room).WhichOneof("answer") == "check_follow"


def test_every_conditional_parameter_is_read_by_some_strategy() -> None:
    """Each parameter the compiler may refuse is honoured somewhere (else it is dead weight)."""
    read = set()
    for registry in REGISTRIES:
        for entry in registry.entries.values():
            read |= entry.reads
    from oracle.dispatch.strategies import UNIT_READINGS

    for reading in UNIT_READINGS.values():
        read |= reading.reads
    assert set(CONDITIONAL) <= read


def _rbtying_room(decks: int) -> pb.Variant:
    room = _room("rbtying-default")
    room.id = f"rbtying-{decks}-decks"
    room.deal.decks, room.deal.bottom_size = decks, 6
    room.deal.hand_size = (54 * decks - 6) // 4
    room.level_table.total_points = 100 * decks
    return room


def test_every_question_of_a_ruleset_reads_a_play_alike() -> None:
    """Three decks, rbtying's rules: 4S 4S 4S 5S 5S is one reading in DescribePlay, CheckThrow and
    JudgeTrick (rbtying's TrickFormat::from_cards: a tractor 4S4S5S5S and a single 4S)."""
    rules = pb.Context(level=pb.RANK_TWO, trump_suit=pb.SUIT_HEARTS, custom_variant=_rbtying_room(3))
    lead = cards_to_pb(parse_cards("4S 4S 4S 5S 5S"))
    described = dispatch(pb.Question(describe_play=pb.DescribePlayRequest(context=rules, cards=lead)))
    thrown = dispatch(pb.Question(check_throw=pb.CheckThrowRequest(
        context=rules, throw=pb.Play(seat=0, cards=lead),
        other_hands=[pb.Hand(seat=1, cards=cards_to_pb(parse_cards("3C")))])))
    shapes = sorted((u.tuple_size, u.length) for u in described.describe_play.units)
    assert shapes == [(1, 1), (2, 2)]
    assert sorted((u.tuple_size, u.length) for u in thrown.check_throw.units) == shapes
    # JudgeTrick: trump of two pairs and a single does not fill that format, a tractor and a
    # single does: only seat 2 ruffs.
    judged = dispatch(pb.Question(judge_trick=pb.JudgeTrickRequest(context=rules, plays=[
        pb.Play(seat=0, cards=lead),
        pb.Play(seat=1, cards=cards_to_pb(parse_cards("6H 6H 10H 10H 9H"))),
        pb.Play(seat=2, cards=cards_to_pb(parse_cards("7H 7H 8H 8H 9H"))),
    ])))
    assert judged.judge_trick.winning_seat == 2


def test_no_ruleset_of_a_shipped_variant_mixes_unit_readings() -> None:
    for variant in load_catalogue().values():
        s = strategies_for(variant)
        assert s.units is not None
        assert (s.ruff is None) == (variant.following.ruff_rule == pb.RUFF_RULE_UNSPECIFIED), variant.id
