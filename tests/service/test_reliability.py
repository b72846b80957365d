"""Every reproducer of the reliability report, sent over gRPC to a fresh server: each answers with
the right status in bounded time. (Shutdown and health under load: tests/service/test_server_lifecycle.py.)"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc
from oracle.cards import parse_cards
from oracle.convert import cards_from_pb, cards_to_pb
from oracle.service.server import RunningServer, serve
from oracle.variants import get_variant

INT32_MAX = 2**31 - 1


@pytest.fixture(scope="module")
def running() -> Iterator[RunningServer]:
    server = serve(port=0, host="127.0.0.1", workers=4)
    yield server
    server.stop(grace=None)


@pytest.fixture(scope="module")
def stub(running: RunningServer) -> Iterator[Any]:
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        yield oracle_service_pb2_grpc.OracleServiceStub(channel)


def cards(text: str) -> list[pb.Card]:
    return cards_to_pb(parse_cards(text))


def room(variant_id: str = "qq-two-deck") -> pb.Variant:
    variant = pb.Variant()
    variant.CopyFrom(get_variant(variant_id))
    return variant


def follow(variant: pb.Variant, lead: str = "8S", hand: str = "AS", play: str = "AS",
           level: int = pb.RANK_TEN, trump: int = pb.SUIT_HEARTS) -> pb.CheckFollowRequest:
    return pb.CheckFollowRequest(
        context=pb.Context(level=level, trump_suit=trump, custom_variant=variant),  # type: ignore[arg-type]
        lead=cards(lead), hand=cards(hand), play=cards(play))


def assert_example_is_legal(stub: Any, request: pb.CheckFollowRequest) -> None:
    """The follow is illegal, and its example, asked again in its place, is legal."""
    answer = stub.CheckFollow(request, timeout=10)
    assert not answer.legal
    again = pb.CheckFollowRequest()
    again.CopyFrom(request)
    del again.play[:]
    again.play.extend(answer.example)
    assert stub.CheckFollow(again, timeout=10).legal, [str(c) for c in cards_from_pb(answer.example)]


def refused(call: Any, request: Any, field: str, seconds: float = 10.0) -> grpc.RpcError:
    """The call fails with INVALID_ARGUMENT naming ``field`` (a BadRequest), within ``seconds``
    (a hang guard: the reproducers took from 2 s to minutes before)."""
    start = time.perf_counter()
    with pytest.raises(grpc.RpcError) as info:
        call(request, timeout=30)
    elapsed = time.perf_counter() - start
    err = info.value
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT, err.details()
    assert field in err.details(), err.details()
    assert elapsed < seconds, elapsed
    return err  # type: ignore[no-any-return]


@pytest.mark.parametrize("steps", [1_000_000, 3_000_000, INT32_MAX])
def test_1_a_huge_steps_to_turnover_is_refused(stub: Any, steps: int) -> None:
    """Finding 1: it cost time and memory in proportion to its value, then MemoryError, INTERNAL."""
    variant = room("rbtying-default")
    variant.level_table.formula.steps_to_turnover = steps
    refused(stub.CheckFollow, follow(variant), "custom_variant.level_table.formula.steps_to_turnover")


def _pinning_follow() -> pb.CheckFollowRequest:
    variant = room("rbtying-default")
    variant.id, variant.deal.decks, variant.deal.bottom_size = "room-8-decks", 8, 8
    variant.deal.hand_size = (54 * 8 - 8) // 4
    variant.level_table.total_points = 800
    lead = " ".join(f"{rank}S" for rank in ["Q", "J", "10", "9", "8", "7", "6", "5"] for _ in range(5))
    hand = ("AS " * 8 + "KS " * 6 + "QS " * 3 + "JS " * 3 + "10S " + "9S " * 2 + "8S " * 3 + "7S "
            + "6S " * 2 + "5S " * 2 + "4S " * 4 + "3S " * 8)
    lowest = " ".join(str(c) for c in sorted(parse_cards(hand), key=lambda c: int(c.rank))[:40])
    return follow(variant, lead, hand, lowest, level=pb.RANK_TWO)


def test_2_a_pinning_follow_stops_at_its_work_budget(stub: Any) -> None:
    """Finding 2: 54 s of server CPU for one 3 KB question. Now RESOURCE_EXHAUSTED naming the budget."""
    start = time.perf_counter()
    with pytest.raises(grpc.RpcError) as info:
        stub.CheckFollow(_pinning_follow(), timeout=60)
    assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "work budget" in info.value.details()
    assert time.perf_counter() - start < 30  # a hang guard, not a timing: the budget bounds the work


def test_2_a_pinning_follow_stops_at_its_deadline_and_the_server_moves_on(stub: Any) -> None:
    """A client that gives up (its deadline) frees the worker: the next call is answered at once.
    (One pinning follow now stops at its walk's own bound within milliseconds: a batch of them
    takes longer than the deadline.)"""
    questions = [pb.Question(check_follow=_pinning_follow())] * 100
    with pytest.raises(grpc.RpcError) as info:
        stub.AnswerBatch(pb.AnswerBatchRequest(questions=questions), timeout=0.02)
    assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    start = time.perf_counter()
    answer = stub.CheckFollow(follow(room()), timeout=10)
    assert answer.legal
    assert time.perf_counter() - start < 10  # a hang guard: the worker was freed


def test_2_in_a_batch_the_question_past_its_budget_gets_its_own_error(stub: Any) -> None:
    questions = [pb.Question(check_follow=_pinning_follow()), pb.Question(check_follow=follow(room()))]
    answers = stub.AnswerBatch(pb.AnswerBatchRequest(questions=questions), timeout=60).answers
    assert answers[0].error.code == "RESOURCE_EXHAUSTED"
    assert answers[1].check_follow.legal


def test_3_a_huge_per_card_penalty_is_refused(stub: Any) -> None:
    """Finding 3: int32 overflow (INTERNAL) while building the answer."""
    variant = room()
    variant.throws.penalty = pb.PENALTY_KIND_PER_CARD
    variant.throws.penalty_points = 2**30
    request = pb.CheckThrowRequest(
        context=pb.Context(level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS, custom_variant=variant),
        throw=pb.Play(seat=0, cards=cards("AS KS QS JS 9S 8S 7S")),
        other_hands=[pb.Hand(seat=1, cards=cards("2S"))])
    refused(stub.CheckThrow, request, "custom_variant.throws.penalty_points")


def _last_trick_request(variant: pb.Variant) -> pb.ScoreBottomRequest:
    lead = "4S 4S 5S 5S 6S 6S 7S 7S 8S 8S 9S 9S"
    others = ["3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C", "9C 9C JC JC QC QC 2D 2D 3D 3D 4D 4D",
              "5D 5D 6D 6D 7D 7D 8D 8D 9D 9D JD JD"]
    return pb.ScoreBottomRequest(
        context=pb.Context(level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS, custom_variant=variant),
        last_trick=[pb.Play(seat=1, cards=cards(lead))]
        + [pb.Play(seat=s, cards=cards(c)) for s, c in zip((2, 3, 0), others)],
        banker_seats=[0, 2], bottom=cards("KS KS 10S 10S 5H 5H KD KD"))


def test_3_a_power_rule_of_base_1000_is_refused(stub: Any) -> None:
    variant = room()
    variant.bottom.base, variant.bottom.cap = 1000, 0
    refused(stub.ScoreBottom, _last_trick_request(variant), "custom_variant.bottom.base")


def test_3_the_largest_power_within_the_limits_fits_its_fields(stub: Any) -> None:
    """Base 100 to the 12 cards of a tractor: carried as the largest int32, said in the answer."""
    variant = room()
    variant.bottom.base, variant.bottom.cap = 100, 0
    answer = stub.ScoreBottom(_last_trick_request(variant), timeout=10)
    assert answer.attackers_won
    assert answer.multiplier == INT32_MAX
    assert answer.points_to_attackers == INT32_MAX
    assert "largest" in answer.explanation


@pytest.mark.parametrize("rpc", ["DescribePlay", "CheckFollow", "JudgeTrick", "ScoreBottom"])
def test_4_an_unspecified_suit_in_a_suit_order_is_refused(stub: Any, rpc: str) -> None:
    """Finding 4: INTERNAL '0 is not a valid Suit'."""
    variant = room("four-deck")
    tier = next(t for t in variant.card_order.trump_tiers if t.suit_order)
    tier.suit_order[0] = pb.SUIT_UNSPECIFIED
    rules = pb.Context(level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS, custom_variant=variant)
    plays = [pb.Play(seat=s, cards=cards(c)) for s, c in enumerate(["AS", "3S", "4S", "5S"])]
    requests = {
        "DescribePlay": pb.DescribePlayRequest(context=rules, cards=cards("AS")),
        "CheckFollow": pb.CheckFollowRequest(context=rules, lead=cards("8S"), hand=cards("AS"), play=cards("AS")),
        "JudgeTrick": pb.JudgeTrickRequest(context=rules, plays=plays),
        "ScoreBottom": pb.ScoreBottomRequest(context=rules, last_trick=plays, banker_seats=[0, 2],
                                             bottom=cards("6C 7C 8C 9C 6D 7D 8D 9D")),
    }
    refused(getattr(stub, rpc), requests[rpc], "suit_order")


@pytest.mark.parametrize(("what", "field"), [
    ("trump tiers", "custom_variant.card_order.trump_tiers"),
    ("ladders", "custom_variant.following.ladders"),
    ("declaration rungs", "custom_variant.declarations.ladder"),
])
def test_6_huge_lists_inside_a_room_are_refused_at_once(stub: Any, what: str, field: str) -> None:
    """Finding 6: 900,000 tiers answered after 7 s; 200,000 ladders 4.4 s; 500,000 rungs 2 s."""
    variant = room("qq-three-deck")
    if what == "trump tiers":
        variant.card_order.trump_tiers.extend([variant.card_order.trump_tiers[0]] * 900_000)
    elif what == "ladders":  # as small as a ladder can be, so that the request stays under 4 MiB
        variant.following.ladders.extend([pb.FollowLadder(lead=pb.Shape(tuple_size=1))] * 200_000)
    else:
        variant.declarations.ladder.extend([pb.DeclarationRung(count=1)] * 500_000)
    refused(stub.CheckFollow, follow(variant), field)


def test_7_a_long_variant_id_is_cut_short_in_the_error(stub: Any) -> None:
    """Finding 7: a 5,000-character id echoed into the trailer gave RESOURCE_EXHAUSTED."""
    request = pb.CheckFollowRequest(
        context=pb.Context(variant_id="v" * 5000, level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS),
        lead=cards("8S"), hand=cards("AS"), play=cards("AS"))
    err = refused(stub.CheckFollow, request, "context.variant_id")
    assert len(err.details()) < 1000
    assert "5000 characters" in err.details()


def test_8_the_botzone_example_is_legal_in_a_three_deck_room(stub: Any) -> None:
    """Finding 8: the example of an illegal follow was the very play judged illegal."""
    variant = room("botzone-tractor")
    variant.deal.decks, variant.deal.bottom_size = 3, 6
    variant.deal.hand_size = (54 * 3 - 6) // 4
    request = follow(variant, "9S 9S 10S 10S", "2S 2S 2S 3S 3S 3S", "3S 2S 2S 2S",
                     level=pb.RANK_FOUR, trump=pb.SUIT_SPADES)
    assert_example_is_legal(stub, request)


def _either_side_request(banker_side_points: int) -> pb.ScoreBottomRequest:
    rules = pb.Context(variant_id="fixed-two-no-bottom", level=pb.RANK_THREE, trump_suit=pb.SUIT_HEARTS)
    plays = [pb.Play(seat=0, cards=cards("AH AH")), pb.Play(seat=1, cards=cards("4S 5S")),
             pb.Play(seat=2, cards=cards("6S 7S")), pb.Play(seat=3, cards=cards("8S 9S"))]
    return pb.ScoreBottomRequest(context=rules, last_trick=plays, banker_seats=[0, 2],
                                 banker_side_points=banker_side_points, attacker_points=60)


def test_9_negative_points_before_a_dig_are_refused(stub: Any) -> None:
    refused(stub.ScoreBottom, _either_side_request(-1), "banker_side_points")


def test_9_the_banker_side_digging_has_its_multiplier(stub: Any) -> None:
    """Where either side digs, the multiplier is the digging side's (the contract says so now):
    the banker's side wins the last trick with a pair, the attackers pay 60 x 2."""
    answer = stub.ScoreBottom(_either_side_request(40), timeout=10)
    assert not answer.attackers_won
    assert answer.digging_side == pb.SIDE_BANKER
    assert answer.multiplier == 2
    assert answer.points_to_banker == 120


@pytest.mark.parametrize(("edit", "field"), [
    (lambda v: setattr(v.bottom, "throw_rule", pb.BOTTOM_RULE_SHAPE_TABLE), "custom_variant.bottom.shapes"),
    (lambda v: setattr(v.bottom, "rule", pb.BOTTOM_RULE_NONE), "custom_variant.bottom.rule"),
    (lambda v: setattr(v.bottom, "dig", pb.DIG_RULE_EITHER_SIDE), "custom_variant.bottom.dig"),
], ids=["throw-rule-table-without-rows", "no-bottom-rule", "either-side-with-a-bottom"])
def test_fuzzed_bottom_rules_are_refused(stub: Any, edit: Any, field: str) -> None:
    """Found by scripts/fuzz/fuzz.py --requests 100000: a throw's shape table without rows and a bottom
    rule that scores nothing were INTERNAL; either side digging beside a dealt bottom ignored it."""
    variant = room()
    edit(variant)
    refused(stub.ScoreBottom, _last_trick_request(variant), field)


def test_the_rbtying_example_passes_the_longer_tuple_guard(stub: Any) -> None:
    """Found by scripts/fuzz/fuzz.py: under LongerTuplesProtected the example broke the guard. Three
    decks: a tractor and a single led; the hand's pairs 8S 8S and JS JS are the example's."""
    variant = room("rbtying-default")
    variant.id, variant.deal.decks, variant.deal.bottom_size = "room-3-decks-ltp", 3, 6
    variant.deal.hand_size = (54 * 3 - 6) // 4
    variant.level_table.total_points = 300
    variant.following.draw_policy = pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED
    request = follow(variant, "9S 9S 10S 10S KS", "6S 6S 6S 8S 8S JS JS", "6S 6S 6S 8S 8S",
                     level=pb.RANK_FOUR, trump=pb.SUIT_HEARTS)
    assert_example_is_legal(stub, request)
