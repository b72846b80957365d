"""Malformed questions over a real channel: INVALID_ARGUMENT with a
google.rpc.BadRequest naming the field, never INTERNAL.

One case per kind of bad input (see oracle/service/): unknown variant,
level, trump; unknown cards; more copies than the decks hold; cards played
that are not in the hand; wrong card counts; a lead of several suits; seats
out of range, twice or out of order; oversize requests. Then a fuzz test:
random garbage never makes the server fail with INTERNAL or UNKNOWN, and
random *valid* questions are always answered.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc
from oracle.cards import full_deck
from oracle.convert import card_from_pb, cards_to_pb
from oracle.service.decoding import pb_cards
from oracle.service.limits import MAX_LIST, MAX_QUESTIONS, MAX_VIOLATIONS
from oracle.service.questions import QUESTION_KINDS
from oracle.service.server import RunningServer, serve
from oracle.service.servicer import SERVICE_NAME
from oracle.variants import load_catalogue, make_ruleset

QQ = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
QQ1 = pb.Context(variant_id="qq-one-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
HAND = pb_cards("AS KS 3C")


@pytest.fixture(scope="module")
def running() -> Iterator[RunningServer]:
    server = serve(port=0, host="127.0.0.1", workers=4)
    yield server
    server.stop(grace=None)


@pytest.fixture(scope="module")
def channel(running: RunningServer) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as ch:
        yield ch


@pytest.fixture(scope="module")
def stub(channel: grpc.Channel) -> Any:
    return oracle_service_pb2_grpc.OracleServiceStub(channel)


def call_raw(channel: grpc.Channel, rpc: str, data: bytes) -> bytes:
    """Send bytes as they are, as a client with another idea of the contract would."""
    method = channel.unary_unary(f"/{SERVICE_NAME}/{rpc}")
    return method(data, timeout=30)  # type: ignore[no-any-return]


def bad_request(err: grpc.RpcError) -> error_details_pb2.BadRequest:
    status = rpc_status.from_call(err)
    assert status is not None, "the status has no details"
    for detail in status.details:
        found = error_details_pb2.BadRequest()
        if detail.Unpack(found):
            return found
    raise AssertionError("no google.rpc.BadRequest in the status details")


def violations_of(stub: Any, rpc: str, request: Any) -> dict[str, str]:
    """Call, expect INVALID_ARGUMENT with a BadRequest, return {field: description}."""
    with pytest.raises(grpc.RpcError) as caught:
        getattr(stub, rpc)(request, timeout=30)
    err = caught.value
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT, (err.code(), err.details())
    found = bad_request(err)
    assert found.field_violations, "a BadRequest with no violation"
    return {v.field: v.description for v in found.field_violations}


def follow(
    lead: str = "8S", hand: Any = None, play: str = "AS", context: pb.Context = QQ
) -> pb.CheckFollowRequest:
    return pb.CheckFollowRequest(
        context=context,
        lead=pb_cards(lead),
        hand=HAND if hand is None else hand,
        play=pb_cards(play),
    )


def trick(*plays: tuple[int, str], context: pb.Context = QQ) -> pb.JudgeTrickRequest:
    return pb.JudgeTrickRequest(
        context=context, plays=[pb.Play(seat=s, cards=pb_cards(c)) for s, c in plays]
    )


def bottom(
    cards: str = "2C 3C 4C 5C 6C 7C 8C 9C",
    seats: tuple[int, ...] = (0, 2),
    last_trick: tuple[str, ...] = ("AS", "3S", "4S", "5S"),
    context: pb.Context = QQ,
) -> pb.ScoreBottomRequest:
    """A ScoreBottom question; the last trick is played by seats 0, 1, 2, 3."""
    return pb.ScoreBottomRequest(
        context=context,
        last_trick=[pb.Play(seat=s, cards=pb_cards(c)) for s, c in enumerate(last_trick)],
        banker_seats=seats,
        bottom=pb_cards(cards),
    )


@dataclass(frozen=True)
class Case:
    name: str
    rpc: str
    request: Any
    field: str
    says: str = ""  # a word the description must contain


def _rank(rank: int, suit: int = 0) -> pb.Card:
    return pb.Card(rank=rank, suit=suit)


CASES = [
    # The context.
    Case(
        "unknown variant",
        "CheckFollow",
        follow(context=pb.Context(variant_id="nope", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)),
        "context.variant_id",
        "qq-two-deck",
    ),
    Case(
        "unknown variant, GetVariant",
        "GetVariant",
        pb.GetVariantRequest(variant_id="nope"),
        "variant_id",
        "qq-two-deck",
    ),
    Case(
        "unknown variant, ScoreDeal", "ScoreDeal", pb.ScoreDealRequest(variant_id=""), "variant_id"
    ),
    Case(
        "level is a joker",
        "DescribePlay",
        pb.DescribePlayRequest(
            context=pb.Context(
                variant_id="qq-two-deck", level=pb.RANK_BIG_JOKER, trump_suit=pb.SUIT_HEARTS
            ),
            cards=pb_cards("AS"),
        ),
        "context.level",
    ),
    Case(
        "level not set",
        "CompareDeclarations",
        pb.CompareDeclarationsRequest(
            variant_id="qq-two-deck", challenger=pb.Declaration(seat=0, cards=pb_cards("10H"))
        ),
        "level",
    ),
    Case(
        "banker level out of the enum",
        "ScoreDeal",
        pb.ScoreDealRequest(variant_id="qq-two-deck", banker_level=77),
        "banker_level",
    ),
    Case(
        "trump suit and no-trump",
        "DescribePlay",
        pb.DescribePlayRequest(
            context=pb.Context(
                variant_id="qq-two-deck",
                level=pb.RANK_TEN,
                trump_suit=pb.SUIT_HEARTS,
                no_trump=True,
            ),
            cards=pb_cards("AS"),
        ),
        "context.no_trump",
    ),
    Case(
        "neither trump suit nor no-trump",
        "DescribePlay",
        pb.DescribePlayRequest(
            context=pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN), cards=pb_cards("AS")
        ),
        "context.trump_suit",
    ),
    # Cards that do not exist.
    Case(
        "rank out of the enum",
        "CheckFollow",
        follow(hand=[*HAND, _rank(99, pb.SUIT_SPADES)]),
        "hand[3]",
        "rank",
    ),
    Case(
        "rank not set",
        "DescribePlay",
        pb.DescribePlayRequest(context=QQ, cards=[_rank(0, 1)]),
        "cards[0]",
        "rank",
    ),
    Case(
        "suit out of the enum",
        "DescribePlay",
        pb.DescribePlayRequest(context=QQ, cards=[_rank(pb.RANK_ACE, 9)]),
        "cards[0]",
        "suit",
    ),
    Case(
        "negative enum",
        "DescribePlay",
        pb.DescribePlayRequest(context=QQ, cards=[_rank(-3, pb.SUIT_SPADES)]),
        "cards[0]",
        "rank",
    ),
    Case(
        "joker with a suit",
        "CheckFollow",
        pb.CheckFollowRequest(
            context=QQ,
            lead=[_rank(pb.RANK_BIG_JOKER, pb.SUIT_SPADES)],
            hand=HAND,
            play=pb_cards("AS"),
        ),
        "lead[0]",
        "joker",
    ),
    Case(
        "plain card without a suit",
        "JudgeTrick",
        pb.JudgeTrickRequest(context=QQ, plays=[pb.Play(seat=0, cards=[_rank(pb.RANK_ACE)])]),
        "plays[0].cards[0]",
        "suit",
    ),
    Case(
        "bad card in another hand",
        "CheckThrow",
        pb.CheckThrowRequest(
            context=QQ,
            throw=pb.Play(seat=0, cards=pb_cards("AS KS")),
            other_hands=[pb.Hand(seat=1, cards=[*pb_cards("2C 3C 4C"), _rank(1, 1)])],
        ),
        "other_hands[0].cards[3]",
    ),
    # More copies than the decks hold.
    Case(
        "two AS with one deck: lead and hand",
        "CheckFollow",
        follow(lead="AS", hand=pb_cards("AS 3C"), play="AS", context=QQ1),
        "hand[0]",
        "1 deck",
    ),
    Case(
        "three AS with two decks: in one trick",
        "JudgeTrick",
        trick((0, "AS"), (1, "AS"), (2, "AS")),
        "plays[2].cards[0]",
        "3 copies",
    ),
    Case(
        "three BJ with two decks: throw and hands",
        "CheckThrow",
        pb.CheckThrowRequest(
            context=QQ,
            throw=pb.Play(seat=0, cards=pb_cards("BJ BJ")),
            other_hands=[pb.Hand(seat=2, cards=pb_cards("BJ"))],
        ),
        "other_hands[0].cards[0]",
        "copies",
    ),
    Case(
        "copies over trick and bottom",
        "ScoreBottom",
        bottom("AS 2C 3C 4C 6C 7C", context=QQ1),
        "bottom[0]",
        "copies",
    ),
    Case(
        "copies over two declarations",
        "CompareDeclarations",
        pb.CompareDeclarationsRequest(
            variant_id="qq-one-deck",
            level=pb.RANK_TEN,
            standing=pb.Declaration(seat=0, cards=pb_cards("10H")),
            challenger=pb.Declaration(seat=1, cards=pb_cards("10H")),
        ),
        "challenger.cards[0]",
        "copies",
    ),
    # Cards played that are not in the hand.
    Case(
        "played card not in the hand",
        "CheckFollow",
        follow(play="QS"),
        "play[0]",
        "not in the hand",
    ),
    Case(
        "played twice, held once",
        "CheckFollow",
        follow(lead="8S 9S", play="AS AS"),
        "play[1]",
        "holds 1",
    ),
    # Wrong card counts.
    Case(
        "follow with fewer cards than the lead",
        "CheckFollow",
        follow(lead="8S 8S", play="AS"),
        "play",
    ),
    Case("empty lead", "CheckFollow", follow(lead="", play=""), "lead"),
    Case(
        "hand bigger than a hand",
        "CheckFollow",
        follow(hand=cards_to_pb(full_deck()[:26])),
        "hand",
        "25",
    ),
    Case(
        "trick play of another size", "JudgeTrick", trick((0, "AS AS"), (1, "3S")), "plays[1].cards"
    ),
    Case("no plays", "JudgeTrick", pb.JudgeTrickRequest(context=QQ), "plays"),
    Case("empty describe", "DescribePlay", pb.DescribePlayRequest(context=QQ), "cards"),
    Case(
        "bottom of the wrong size",
        "ScoreBottom",
        bottom("2C"),
        "bottom",
        "8",
    ),
    Case(
        "last trick not whole",
        "ScoreBottom",
        bottom(last_trick=("AS",)),
        "last_trick",
    ),
    Case(
        "declaration without cards",
        "CompareDeclarations",
        pb.CompareDeclarationsRequest(
            variant_id="qq-two-deck", level=pb.RANK_TEN, challenger=pb.Declaration(seat=0)
        ),
        "challenger.cards",
    ),
    Case(
        "no challenger",
        "CompareDeclarations",
        pb.CompareDeclarationsRequest(variant_id="qq-two-deck", level=pb.RANK_TEN),
        "challenger",
    ),
    # A lead of several effective suits.
    Case(
        "lead of two suits",
        "CheckFollow",
        follow(lead="8S 8C", play="AS 3C"),
        "lead",
        "one effective suit",
    ),
    Case(
        "trick lead of two suits",
        "JudgeTrick",
        trick((0, "8S 8C"), (1, "AS 3C")),
        "plays[0].cards",
        "one effective suit",
    ),
    Case(
        "throw of two suits",
        "CheckThrow",
        pb.CheckThrowRequest(context=QQ, throw=pb.Play(seat=0, cards=pb_cards("AS AC"))),
        "throw.cards",
        "one effective suit",
    ),
    # Seats.
    Case(
        "seat out of range",
        "JudgeTrick",
        trick((3, "AS"), (4, "3S")),
        "plays[1].seat",
        "out of range",
    ),
    Case("negative seat", "JudgeTrick", trick((-1, "AS")), "plays[0].seat", "out of range"),
    Case(
        "seat twice",
        "JudgeTrick",
        trick((1, "AS"), (2, "3S"), (1, "4S")),
        "plays[2].seat",
        "already",
    ),
    Case(
        "seats out of play order",
        "JudgeTrick",
        trick((1, "AS"), (3, "3S")),
        "plays[1].seat",
        "order",
    ),
    Case(
        "more plays than seats",
        "JudgeTrick",
        trick((0, "2S"), (1, "3S"), (2, "4S"), (3, "5S"), (0, "6S")),
        "plays",
    ),
    Case(
        "thrower among the other hands",
        "CheckThrow",
        pb.CheckThrowRequest(
            context=QQ,
            throw=pb.Play(seat=2, cards=pb_cards("AS KS")),
            other_hands=[pb.Hand(seat=2, cards=pb_cards("3C"))],
        ),
        "other_hands[0].seat",
        "thrower",
    ),
    Case(
        "other hand seat out of range",
        "CheckThrow",
        pb.CheckThrowRequest(
            context=QQ,
            throw=pb.Play(seat=0, cards=pb_cards("AS KS")),
            other_hands=[pb.Hand(seat=9, cards=pb_cards("3C"))],
        ),
        "other_hands[0].seat",
        "out of range",
    ),
    Case(
        "banker seat out of range",
        "ScoreBottom",
        bottom(seats=(0, 4)),
        "banker_seats[1]",
        "out of range",
    ),
    Case(
        "no banker seats",
        "ScoreBottom",
        bottom(seats=()),
        "banker_seats",
    ),
    Case(
        "banker seat of ScoreDeal",
        "ScoreDeal",
        pb.ScoreDealRequest(variant_id="qq-two-deck", banker_seat=7),
        "banker_seat",
        "out of range",
    ),
    # The README's Limits table: a deal's points are -100,000 to 100,000 (issue 23's values).
    *(
        Case(
            f"attackers' points {points} in ScoreDeal",
            "ScoreDeal",
            pb.ScoreDealRequest(context=pb.Context(variant_id="qq-two-deck"), attacker_points=points),
            "attacker_points",
            "points: the attackers' points are -100000 to 100000",
        )
        for points in (100_001, -100_001, -(2**31))
    ),
    Case(
        "declaring seat out of range",
        "CompareDeclarations",
        pb.CompareDeclarationsRequest(
            variant_id="qq-two-deck",
            level=pb.RANK_TEN,
            challenger=pb.Declaration(seat=-5, cards=pb_cards("10H")),
        ),
        "challenger.seat",
        "out of range",
    ),
    # Documented size limits.
    Case(
        "more than 1000 cards in a list",
        "DescribePlay",
        pb.DescribePlayRequest(context=QQ, cards=cards_to_pb(full_deck()) * 19),
        "cards",
        str(MAX_LIST),
    ),
    Case(
        "more than 1000 plays",
        "JudgeTrick",
        pb.JudgeTrickRequest(context=QQ, plays=[pb.Play(seat=0)] * (MAX_LIST + 1)),
        "plays",
        str(MAX_LIST),
    ),
    Case(
        "more than 10000 questions",
        "AnswerBatch",
        pb.AnswerBatchRequest(questions=[pb.Question()] * (MAX_QUESTIONS + 1)),
        "questions",
        str(MAX_QUESTIONS),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_invalid_argument_naming_the_field(stub: Any, case: Case) -> None:
    found = violations_of(stub, case.rpc, case.request)
    assert case.field in found, found
    assert case.says in found[case.field], found[case.field]


def test_every_problem_is_listed(stub: Any) -> None:
    request = pb.CheckFollowRequest(
        context=pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN),
        lead=[*pb_cards("8S"), _rank(pb.RANK_SMALL_JOKER, pb.SUIT_CLUBS)],
        hand=pb_cards("AS 3C"),
        play=pb_cards("QS"),
    )
    found = violations_of(stub, "CheckFollow", request)
    assert set(found) == {"context.trump_suit", "lead[1]", "play", "play[0]"}, found


def test_a_flood_of_problems_is_summarised_and_still_arrives(stub: Any) -> None:
    """1000 bad cards: the trailer stays small enough for a default client."""
    garbage = [_rank(200 + i % 50, 7) for i in range(MAX_LIST)]
    request = pb.CheckFollowRequest(context=QQ, lead=garbage, hand=garbage, play=garbage)
    found = violations_of(stub, "CheckFollow", request)
    assert len(found) == MAX_VIOLATIONS
    assert any("more problems, not listed" in d for d in found.values())


def test_a_message_over_4_mib_is_resource_exhausted(stub: Any) -> None:
    request = pb.DescribePlayRequest(context=pb.Context(variant_id="x" * (4 * 1024 * 1024 + 1)))
    with pytest.raises(grpc.RpcError) as caught:
        stub.DescribePlay(request, timeout=30)
    assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED


def test_a_bad_question_in_a_batch_has_prefixed_paths(stub: Any) -> None:
    questions = [
        pb.Question(check_follow=follow(lead="8S 9S 10S", play="AS KS QS")),
        pb.Question(judge_trick=trick((0, "AS"), (5, "3S"))),
        pb.Question(describe_play=pb.DescribePlayRequest(context=QQ, cards=pb_cards("AS"))),
    ]
    answers = stub.AnswerBatch(pb.AnswerBatchRequest(questions=questions), timeout=30).answers
    assert [a.WhichOneof("answer") for a in answers] == ["error", "error", "describe_play"]
    assert answers[0].error.code == "INVALID_ARGUMENT"
    assert "check_follow.play[2]" in [v.field for v in answers[0].error.field_violations]
    assert "judge_trick.plays[1].seat" in [v.field for v in answers[1].error.field_violations]


RAW_CASES = {
    "a string that is not UTF-8": ("GetVariant", b"\x0a\x02\xff\xfe"),
    "a truncated message": ("CheckFollow", b"\x0a\x10ab"),
    "no protobuf at all": ("JudgeTrick", b"\xff\xff\xff"),
}


@pytest.mark.parametrize("rpc,data", RAW_CASES.values(), ids=RAW_CASES.keys())
def test_bytes_that_are_no_message_are_invalid_argument(
    channel: grpc.Channel, rpc: str, data: bytes
) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        call_raw(channel, rpc, data)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    violation = bad_request(caught.value).field_violations[0]
    assert violation.field == "" and "shengji.oracle.v1." in violation.description


# Fuzzing: garbage never gives INTERNAL or UNKNOWN.

VARIANTS = sorted(load_catalogue())
DECK = cards_to_pb(full_deck())

enum_ints = st.integers(min_value=-3, max_value=20)
cards = st.one_of(
    st.sampled_from(DECK),
    st.sampled_from(DECK),
    st.builds(pb.Card, rank=enum_ints, suit=st.integers(min_value=-2, max_value=6)),
)
card_lists = st.lists(cards, max_size=12)
seats = st.integers(min_value=-2, max_value=7)
contexts = st.builds(
    pb.Context,
    variant_id=st.sampled_from([*VARIANTS, "", "nope"]),
    level=st.one_of(st.integers(min_value=2, max_value=14), enum_ints),
    trump_suit=st.integers(min_value=0, max_value=5),
    no_trump=st.booleans(),
)
plays = st.lists(st.builds(pb.Play, seat=seats, cards=card_lists), max_size=6)
hands = st.lists(st.builds(pb.Hand, seat=seats, cards=card_lists), max_size=5)
declarations = st.builds(pb.Declaration, seat=seats, cards=st.lists(cards, max_size=4))
variant_ids = st.sampled_from([*VARIANTS, "", "nope"])

REQUESTS: dict[type[Message], st.SearchStrategy[Any]] = {
    pb.DescribePlayRequest: st.builds(pb.DescribePlayRequest, context=contexts, cards=card_lists),
    pb.CheckFollowRequest: st.builds(
        pb.CheckFollowRequest,
        context=contexts,
        lead=card_lists,
        hand=card_lists,
        play=card_lists,
    ),
    pb.JudgeTrickRequest: st.builds(pb.JudgeTrickRequest, context=contexts, plays=plays),
    pb.CheckThrowRequest: st.builds(
        pb.CheckThrowRequest,
        context=contexts,
        throw=st.builds(pb.Play, seat=seats, cards=card_lists),
        other_hands=hands,
    ),
    pb.ScoreBottomRequest: st.builds(
        pb.ScoreBottomRequest,
        context=contexts,
        last_trick=plays,
        banker_seats=st.lists(seats, max_size=5),
        bottom=card_lists,
    ),
    pb.ScoreDealRequest: st.builds(
        pb.ScoreDealRequest,
        variant_id=variant_ids,
        attacker_points=st.integers(-(2**31), 2**31 - 1),
        banker_seat=seats,
        banker_level=enum_ints,
        attacker_level=enum_ints,
    ),
    pb.CompareDeclarationsRequest: st.builds(
        pb.CompareDeclarationsRequest,
        variant_id=variant_ids,
        level=enum_ints,
        standing=st.one_of(st.none(), declarations),
        challenger=st.one_of(st.none(), declarations),
    ),
    pb.GetVariantRequest: st.builds(pb.GetVariantRequest, variant_id=variant_ids),
    pb.ListLegalPlaysRequest: st.builds(
        pb.ListLegalPlaysRequest,
        context=contexts,
        hand=card_lists,
        lead=card_lists,
        page_size=st.integers(-5, 1500),
        page_token=st.text(max_size=24),
    ),
    pb.AuditDealRequest: st.builds(
        pb.AuditDealRequest,
        record=st.builds(
            pb.DealRecord,
            context=contexts,
            banker_seat=seats,
            hands=st.lists(st.builds(pb.Hand, seat=seats, cards=card_lists), max_size=5),
            bottom=card_lists,
            declarations=plays,
            buried=card_lists,
            tricks=st.lists(st.builds(pb.Trick, plays=plays), max_size=3),
        ),
    ),
}
"""Random requests of each kind of question (a kind missing here fails at import)."""

questions = st.one_of(
    *(
        st.builds(pb.Question, **{kind.name: REQUESTS[kind.request]})
        for kind in QUESTION_KINDS.values()
    ),
    st.just(pb.Question()),
)

RPC_OF = {kind.name: kind.rpc for kind in QUESTION_KINDS.values()}

FUZZ = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(question=questions)
def test_garbage_never_gives_internal(stub: Any, question: pb.Question) -> None:
    kind = question.WhichOneof("question")
    if kind is None:
        return
    try:
        getattr(stub, RPC_OF[kind])(getattr(question, kind), timeout=30)
    except grpc.RpcError as err:
        assert err.code() == grpc.StatusCode.INVALID_ARGUMENT, (err.code(), err.details(), question)
        assert bad_request(err).field_violations


@settings(FUZZ, max_examples=40)
@given(batch=st.lists(questions, max_size=25))
def test_garbage_batches_never_give_internal(stub: Any, batch: list[pb.Question]) -> None:
    answers = stub.AnswerBatch(pb.AnswerBatchRequest(questions=batch), timeout=30).answers
    assert len(answers) == len(batch)
    for question, answer in zip(batch, answers, strict=True):
        if answer.WhichOneof("answer") == "error":
            assert answer.error.code == "INVALID_ARGUMENT", (answer.error, question)
            assert answer.error.field_violations
            kind = question.WhichOneof("question") or "question"
            assert all(v.field.startswith(kind) for v in answer.error.field_violations)
        else:
            assert answer.WhichOneof("answer") == question.WhichOneof("question")


@FUZZ
@given(rpc=st.sampled_from(sorted(RPC_OF.values())), data=st.binary(max_size=64))
def test_random_bytes_never_give_internal(channel: grpc.Channel, rpc: str, data: bytes) -> None:
    try:
        call_raw(channel, rpc, data)
    except grpc.RpcError as err:
        assert err.code() == grpc.StatusCode.INVALID_ARGUMENT, (err.code(), err.details(), data)


# Valid questions from real deals are always answered (never INVALID_ARGUMENT),
# and the same questions with one field changed never give INTERNAL.


def deal(variant: pb.Variant, rng: random.Random) -> tuple[list[list[pb.Card]], list[pb.Card]]:
    deck = DECK * variant.deal.decks
    rng.shuffle(deck)
    size = variant.deal.hand_size
    hands = [deck[i * size : (i + 1) * size] for i in range(variant.deal.players)]
    return hands, deck[variant.deal.players * size :]


def context_for(variant: pb.Variant, rng: random.Random) -> pb.Context:
    level = rng.choice(list(variant.card_order.levels))
    if rng.random() < 0.2:
        return pb.Context(variant_id=variant.id, level=level, no_trump=True)
    return pb.Context(variant_id=variant.id, level=level, trump_suit=rng.randint(1, 4))


def one_suit_lead(ctx: pb.Context, hand: list[pb.Card], rng: random.Random) -> list[pb.Card]:
    """1 to 7 cards of the hand, all of the effective suit of the first."""
    context = make_ruleset(ctx.variant_id, ctx.level, ctx.trump_suit, ctx.no_trump)
    pool = list(hand)
    rng.shuffle(pool)
    suit = context.effective_suit(card_from_pb(pool[0]))
    same = [c for c in pool if context.effective_suit(card_from_pb(c)) == suit]
    return same[: rng.randint(1, 7)]


def valid_questions(variant: pb.Variant, rng: random.Random) -> list[pb.Question]:
    """One valid question of each kind, from a random deal of the variant."""
    ctx = context_for(variant, rng)
    hands, bottom = deal(variant, rng)
    players = variant.deal.players
    leader = rng.randrange(players)
    lead = one_suit_lead(ctx, hands[leader], rng)
    trick_plays = [pb.Play(seat=leader, cards=lead)]
    follows = []
    for i in range(1, players):
        seat = (leader + i) % players
        play = rng.sample(hands[seat], len(lead))
        follows.append(pb.CheckFollowRequest(context=ctx, lead=lead, hand=hands[seat], play=play))
        trick_plays.append(pb.Play(seat=seat, cards=play))
    others = [pb.Hand(seat=s, cards=hands[s]) for s in range(players) if s != leader]
    banker = rng.randrange(players)
    level_cards = [c for c in DECK if c.rank == ctx.level] + pb_cards("SJ BJ")
    standing = rng.sample(level_cards, rng.randint(1, 2))
    challenger = rng.sample([c for c in level_cards if c not in standing], rng.randint(1, 2))
    return [
        pb.Question(describe_play=pb.DescribePlayRequest(context=ctx, cards=lead)),
        *(pb.Question(check_follow=f) for f in follows),
        pb.Question(
            judge_trick=pb.JudgeTrickRequest(
                context=ctx, plays=trick_plays[: rng.randint(1, players)]
            )
        ),
        pb.Question(
            check_throw=pb.CheckThrowRequest(
                context=ctx, throw=pb.Play(seat=leader, cards=lead), other_hands=others
            )
        ),
        pb.Question(
            score_bottom=pb.ScoreBottomRequest(
                context=ctx,
                last_trick=trick_plays,
                banker_seats=sorted({banker, (banker + 2) % players}),
                bottom=bottom,
            )
        ),
        pb.Question(
            score_deal=pb.ScoreDealRequest(
                variant_id=variant.id,
                attacker_points=rng.randrange(-20, variant.level_table.total_points * 2, 5),
                banker_seat=banker,
                banker_level=ctx.level,
                attacker_level=rng.choice(list(variant.card_order.levels)),
            )
        ),
        pb.Question(
            compare_declarations=pb.CompareDeclarationsRequest(
                variant_id=variant.id,
                level=ctx.level,
                standing=pb.Declaration(seat=banker, cards=standing)
                if rng.random() < 0.7
                else None,
                challenger=pb.Declaration(seat=(banker + 1) % players, cards=challenger),
            )
        ),
        pb.Question(get_variant=pb.GetVariantRequest(variant_id=variant.id)),
        pb.Question(list_legal_plays=pb.ListLegalPlaysRequest(context=ctx, hand=hands[leader])),
        pb.Question(list_legal_plays=pb.ListLegalPlaysRequest(
            context=ctx, hand=follows[0].hand, lead=lead, page_size=5)),
        pb.Question(
            audit_deal=pb.AuditDealRequest(
                record=pb.DealRecord(
                    context=ctx,
                    banker_seat=banker,
                    hands=[pb.Hand(seat=s, cards=hands[s]) for s in range(players)],
                    bottom=bottom,
                    tricks=[pb.Trick(plays=trick_plays)],
                )
            )
        ),
    ]


@pytest.mark.parametrize("seed", range(20))
def test_valid_questions_from_real_deals_are_answered(stub: Any, seed: int) -> None:
    rng = random.Random(seed)
    for variant in load_catalogue().values():
        batch = valid_questions(variant, rng)
        assert {q.WhichOneof("question") for q in batch} == set(QUESTION_KINDS)
        for question in batch:
            kind = question.WhichOneof("question")
            assert kind is not None
            getattr(stub, RPC_OF[kind])(getattr(question, kind), timeout=30)  # raises on any error


def mutate(message: Message, rng: random.Random) -> None:
    """Change one thing somewhere inside the message: a number, a flag, a string, a list."""
    targets: list[tuple[Message, Any]] = []

    def walk(m: Message) -> None:
        for field in m.DESCRIPTOR.fields:
            if field.is_repeated:
                targets.append((m, field))
                if field.message_type is not None:
                    for item in getattr(m, field.name):
                        walk(item)
            elif field.message_type is not None:
                if m.HasField(field.name):
                    walk(getattr(m, field.name))
            else:
                targets.append((m, field))

    walk(message)
    m, field = rng.choice(targets)
    value = getattr(m, field.name)
    if field.is_repeated:
        items = list(value)
        op = rng.choice(["drop", "double", "clear"] if items else ["clear"])
        if op == "drop":
            del value[rng.randrange(len(items))]
        elif op == "double":
            value.append(rng.choice(items))
        else:
            del value[:]
    elif field.type == field.TYPE_BOOL:
        setattr(m, field.name, not value)
    elif field.type == field.TYPE_STRING:
        setattr(m, field.name, rng.choice(["", "nope", *VARIANTS]))
    else:
        setattr(m, field.name, rng.choice([value + 1, value - 1, -1, 0, rng.randint(-3, 20)]))


@settings(FUZZ, max_examples=200)
@given(rng=st.randoms(use_true_random=False), mutations=st.integers(min_value=1, max_value=3))
def test_near_valid_questions_never_give_internal(
    stub: Any, rng: random.Random, mutations: int
) -> None:
    variant = rng.choice(list(load_catalogue().values()))
    batch = valid_questions(variant, rng)
    for question in batch:
        for _ in range(mutations):
            mutate(question, rng)
    answers = stub.AnswerBatch(pb.AnswerBatchRequest(questions=batch), timeout=30).answers
    assert len(answers) == len(batch)
    for question, answer in zip(batch, answers, strict=True):
        if answer.WhichOneof("answer") == "error":
            assert answer.error.code == "INVALID_ARGUMENT", (answer.error, question)
