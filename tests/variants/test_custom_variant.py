"""A room's own variant (``Context.custom_variant``): used when valid, refused with the field
when not, and never a crash whatever its values."""

from __future__ import annotations

import random

from oracle import pb
from oracle.cards import parse_cards
from oracle.convert import cards_to_pb
from oracle.service.questions import dispatch
from oracle.variants import get_variant, load_catalogue


def _follow(ctx: pb.Context, lead: str, hand: str, play: str) -> pb.Answer:
    return dispatch(pb.Question(check_follow=pb.CheckFollowRequest(
        context=ctx, lead=cards_to_pb(parse_cards(lead)), hand=cards_to_pb(parse_cards(hand)),
        play=cards_to_pb(parse_cards(play)))))


def _room(variant_id: str) -> pb.Variant:
    room = pb.Variant()
    room.CopyFrom(get_variant(variant_id))
    return room


def test_a_room_variant_is_used() -> None:
    """The same follow is illegal under the QQ rules and legal once the room turns format
    draws off (rbtying's NoFormatBasedDraw): the room's parameters, not the catalogue's, decide."""
    lead, hand, play = "8S 8S", "AS 5S 5S 3C", "AS 5S"
    ctx = pb.Context(variant_id="rbtying-default", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
    assert not _follow(ctx, lead, hand, play).check_follow.legal
    room = _room("rbtying-default")
    room.following.draw_policy = pb.DRAW_POLICY_NO_FORMAT_BASED_DRAW
    custom = pb.Context(level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS, custom_variant=room)
    assert _follow(custom, lead, hand, play).check_follow.legal


def test_a_broken_room_variant_names_the_field() -> None:
    room = _room("qq-two-deck")
    room.deal.decks = 0
    ctx = pb.Context(level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS, custom_variant=room)
    answer = _follow(ctx, "8S", "AS", "AS")
    assert answer.error.code == "INVALID_ARGUMENT"
    assert any(v.field.endswith("custom_variant.deal.decks") for v in answer.error.field_violations)


def test_a_room_variant_needs_both_jokers_in_its_trump() -> None:
    room = _room("qq-two-deck")
    room.card_order.trump_tiers[0].kind = pb.TIER_KIND_SMALL_JOKER
    ctx = pb.Context(level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS, custom_variant=room)
    answer = _follow(ctx, "8S", "AS", "AS")
    assert answer.error.code == "INVALID_ARGUMENT"
    assert any("card_order.trump_tiers" in v.field for v in answer.error.field_violations)


def test_a_ladder_without_a_catch_all_rung_answers_a_hand_that_reaches_none() -> None:
    """Four-deck's ladder for a tractor of two pairs ends in 散牌 (singles), a rung every hand
    reaches (seed 002, 跟牌: 两连拖---对子----散牌). A room that drops that rung is valid; a
    follower holding no pair of the led suit then reaches none of its rungs, and owes only the
    suit: four spades played from a hand of single spades is legal, as under the seed's ladder
    (it was answered INTERNAL, an unbound name in seed_rules/follow.py)."""
    lead, hand, play = "8S 8S 9S 9S", "3S 5S 7S JS 4C 4C", "3S 5S 7S JS"
    shipped = pb.Context(variant_id="four-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
    assert _follow(shipped, lead, hand, play).check_follow.legal
    room = _room("four-deck")
    ladder = next(x for x in room.following.ladders if (x.lead.tuple_size, x.lead.length) == (2, 2))
    assert not ladder.rungs[-1].parts  # the catch-all
    del ladder.rungs[-1]
    ctx = pb.Context(level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS, custom_variant=room)
    answer = _follow(ctx, lead, hand, play)
    assert answer.WhichOneof("answer") == "check_follow", answer
    assert answer.check_follow.legal and "none of the ladder's rungs" in answer.check_follow.explanation
    # Holding spades, a play of clubs still breaks the suit.
    wrong = _follow(ctx, lead, "3S 5S 7S JS 4C 4C 6C 6C", "4C 4C 6C 6C").check_follow
    assert (wrong.legal, wrong.broken_rule_id) == (False, "follow.suit")


def _mutate(variant: pb.Variant, rng: random.Random) -> None:
    """Set one scalar field somewhere in the variant to another value."""
    fields = []
    stack = [variant]
    while stack:
        message = stack.pop()
        for field in message.DESCRIPTOR.fields:
            value = getattr(message, field.name)
            if field.message_type is not None:
                if field.message_type.GetOptions().map_entry:
                    continue
                stack.extend(value if field.is_repeated else [value])
            elif not field.is_repeated:
                fields.append((message, field))
    message, field = rng.choice(fields)
    if field.type == field.TYPE_BOOL:
        setattr(message, field.name, not getattr(message, field.name))
    elif field.enum_type is not None:
        setattr(message, field.name, rng.choice([v.number for v in field.enum_type.values]))
    elif field.type == field.TYPE_INT32:
        setattr(message, field.name, rng.choice([0, 1, 2, 3, 4, 8, -1, 100]))


def test_no_room_variant_makes_the_oracle_fail() -> None:
    """Random changes to every shipped variant, asked four kinds of question: every answer is
    an answer or INVALID_ARGUMENT, never an exception."""
    rng = random.Random(20261129)
    catalogue = load_catalogue()
    questions = [
        lambda ctx: pb.Question(check_follow=pb.CheckFollowRequest(
            context=ctx, lead=cards_to_pb(parse_cards("KS KS QS QS")),
            hand=cards_to_pb(parse_cards("9S 9S 8S 8S 3S 3C")), play=cards_to_pb(parse_cards("9S 8S 3S 3C")))),
        lambda ctx: pb.Question(judge_trick=pb.JudgeTrickRequest(context=ctx, plays=[
            pb.Play(seat=i, cards=cards_to_pb(parse_cards(c)))
            for i, c in enumerate(["KS KS QS QS", "9H 9H 8H 8H", "AS AS 3S 3S", "2C 3C 4C 5C"])])),
        lambda ctx: pb.Question(check_throw=pb.CheckThrowRequest(
            context=ctx, throw=pb.Play(seat=0, cards=cards_to_pb(parse_cards("AS KS KS 5S 5S"))),
            other_hands=[pb.Hand(seat=1, cards=cards_to_pb(parse_cards("QS QS 6S 6S 2S")))])),
        lambda ctx: pb.Question(describe_play=pb.DescribePlayRequest(
            context=ctx, cards=cards_to_pb(parse_cards("SJ SJ 10H 10H 10S 10S AH AH")))),
    ]
    for _ in range(150):
        variant_id = rng.choice(sorted(catalogue))
        room = _room(variant_id)
        for _ in range(rng.randint(1, 3)):
            _mutate(room, rng)
        level = rng.choice(list(catalogue[variant_id].card_order.levels))
        ctx = pb.Context(level=level, trump_suit=rng.choice([1, 2, 3, 4]), custom_variant=room)
        for question in questions:
            answer = dispatch(question(ctx))
            if answer.WhichOneof("answer") == "error":
                assert answer.error.code == "INVALID_ARGUMENT", answer.error.message
