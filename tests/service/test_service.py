"""The service over a real channel: every RPC, health, reflection, batches,
the command line's graceful stop, and a client in another language (Node.js).

Expected values come from the rules of the QQ variant (docs/seeds/002_...):
the level table, the bottom multiplier 2^n and the follow duties.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

import oracle.dispatch.questions
import oracle.service.contexts
import oracle.service.room_cache
import oracle.service.server
from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc
from oracle.cards import Rank, Suit
from oracle.service.decoding import pb_cards
from oracle.service.questions import (
    ANSWER_ONEOF,
    HANDLERS,
    ORACLE_SERVICE,
    QUESTION_KINDS,
    QUESTION_ONEOF,
    dispatch,
    question_kinds,
)
from oracle.service.server import RunningServer, serve
from oracle.service.servicer import ANSWERS, SERVICE_NAME
from oracle.service.status import INTERNAL_MESSAGE
from oracle.variants import get_variant, load_catalogue

ROOT = Path(__file__).resolve().parents[2]

QQ_TEN_HEARTS = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)


@pytest.fixture(scope="module")
def running() -> Iterator[RunningServer]:
    server = serve(port=0, host="localhost", workers=4)
    yield server
    server.stop(grace=None)


@pytest.fixture(scope="module")
def channel(running: RunningServer) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(f"localhost:{running.port}") as ch:
        yield ch


@pytest.fixture(scope="module")
def stub(channel: grpc.Channel) -> Any:
    return oracle_service_pb2_grpc.OracleServiceStub(channel)


def names(cards: Any) -> list[tuple[int, int]]:
    return sorted((c.rank, c.suit) for c in cards)


def test_list_variants_returns_the_catalogue(stub: Any) -> None:
    response = stub.ListVariants(pb.ListVariantsRequest(), timeout=10)
    assert [v.id for v in response.variants] == sorted(load_catalogue())
    qq = next(v for v in response.variants if v.id == "qq-two-deck")
    assert (qq.deal.decks, qq.deal.players, qq.deal.hand_size, qq.deal.bottom_size) == (2, 4, 25, 8)


def test_get_variant_is_resolved(stub: Any) -> None:
    response = stub.GetVariant(pb.GetVariantRequest(variant_id="qq-two-deck-two-trump"), timeout=10)
    assert response.variant.id == "qq-two-deck-two-trump"
    assert response.variant.extends == "qq-two-deck"
    assert response.variant.deal.decks == 2  # inherited


def test_list_rules_has_unique_ids_with_sources(stub: Any) -> None:
    rules = stub.ListRules(pb.ListRulesRequest(), timeout=10).rules
    ids = [r.id for r in rules]
    assert ids == sorted(set(ids))
    assert {"follow.suit", "follow.pairs", "trick.ruff", "throw.unbeatable"} <= set(ids)
    assert all(r.summary and r.sources for r in rules)


def test_describe_play_of_a_pair(stub: Any) -> None:
    response = stub.DescribePlay(
        pb.DescribePlayRequest(context=QQ_TEN_HEARTS, cards=pb_cards("KS KS")), timeout=10
    )
    assert response.effective_suit == pb.EFFECTIVE_SUIT_SPADES
    assert response.points == 20
    assert [(u.tuple_size, u.length) for u in response.units] == [(2, 1)]
    assert response.valid_lead and not response.is_throw


def test_describe_play_of_mixed_suits_is_an_answer(stub: Any) -> None:
    response = stub.DescribePlay(
        pb.DescribePlayRequest(context=QQ_TEN_HEARTS, cards=pb_cards("KS 3C")), timeout=10
    )
    assert response.effective_suit == pb.EFFECTIVE_SUIT_MIXED
    assert not response.valid_lead


def test_check_follow_legal_and_illegal(stub: Any) -> None:
    legal = stub.CheckFollow(
        pb.CheckFollowRequest(
            context=QQ_TEN_HEARTS, lead=pb_cards("8S"), hand=pb_cards("AS 3C"), play=pb_cards("AS")
        ),
        timeout=10,
    )
    assert legal.legal and not legal.broken_rule_id
    # Holding a spade, the follower must play it (follow.suit): an illegal play is a normal answer.
    illegal = stub.CheckFollow(
        pb.CheckFollowRequest(
            context=QQ_TEN_HEARTS, lead=pb_cards("8S"), hand=pb_cards("AS 3C"), play=pb_cards("3C")
        ),
        timeout=10,
    )
    assert not illegal.legal
    assert illegal.broken_rule_id == "follow.suit"
    assert names(illegal.example) == names(pb_cards("AS"))


def test_judge_trick_highest_of_the_led_suit_wins(stub: Any) -> None:
    plays = [
        pb.Play(seat=3, cards=pb_cards("QS")),
        pb.Play(seat=0, cards=pb_cards("AS")),
        pb.Play(seat=1, cards=pb_cards("5S")),
        pb.Play(seat=2, cards=pb_cards("KC")),
    ]
    response = stub.JudgeTrick(pb.JudgeTrickRequest(context=QQ_TEN_HEARTS, plays=plays), timeout=10)
    assert response.winning_seat == 0
    assert response.points == 15
    assert [v.seat for v in response.verdicts] == [3, 0, 1, 2]
    assert response.verdicts[3].kind == pb.PLAY_KIND_DISCARD


def test_check_throw_fails_when_a_single_can_be_beaten(stub: Any) -> None:
    response = stub.CheckThrow(
        pb.CheckThrowRequest(
            context=QQ_TEN_HEARTS,
            throw=pb.Play(seat=0, cards=pb_cards("AS 3S")),
            other_hands=[
                pb.Hand(seat=1, cards=pb_cards("4S 2C")),
                pb.Hand(seat=2, cards=pb_cards("5C")),
            ],
        ),
        timeout=10,
    )
    assert response.is_throw and not response.succeeds
    assert names(response.forced_play) == names(pb_cards("3S"))
    assert [b.seat for b in response.blocks] == [1]


def test_score_bottom_attackers_win_with_a_single(stub: Any) -> None:
    trick = [
        pb.Play(seat=1, cards=pb_cards("AS")),
        pb.Play(seat=2, cards=pb_cards("3S")),
        pb.Play(seat=3, cards=pb_cards("4S")),
        pb.Play(seat=0, cards=pb_cards("6S")),
    ]
    response = stub.ScoreBottom(
        pb.ScoreBottomRequest(
            context=QQ_TEN_HEARTS,
            last_trick=trick,
            banker_seats=[0, 2],
            bottom=pb_cards("5C KC 2D 3D 4D 6D 7D 8D"),
        ),
        timeout=10,
    )
    assert response.winning_seat == 1 and response.attackers_won
    assert response.bottom_points == 15
    assert response.multiplier == 2  # 2 to the power of 1 card
    assert response.points_to_attackers == 30


def test_score_deal_80_points_pass_the_deal(stub: Any) -> None:
    response = stub.ScoreDeal(
        pb.ScoreDealRequest(
            variant_id="qq-two-deck",
            attacker_points=85,
            banker_seat=0,
            banker_level=pb.RANK_FIVE,
            attacker_level=pb.RANK_SEVEN,
        ),
        timeout=10,
    )
    assert response.attackers_take_deal
    assert response.levels == 0
    assert response.next_banker_seat == 1
    assert response.new_attacker_level == pb.RANK_SEVEN


def test_compare_declarations_a_pair_overrides_a_single(stub: Any) -> None:
    response = stub.CompareDeclarations(
        pb.CompareDeclarationsRequest(
            variant_id="qq-two-deck",
            level=pb.RANK_TEN,
            standing=pb.Declaration(seat=0, cards=pb_cards("10H")),
            challenger=pb.Declaration(seat=1, cards=pb_cards("10S 10S")),
        ),
        timeout=10,
    )
    assert response.challenger_valid and response.overrides
    assert response.trump_suit == pb.SUIT_SPADES and not response.no_trump


def test_batch_answers_in_order_with_a_bad_question_in_its_slot(stub: Any) -> None:
    bad_follow = pb.CheckFollowRequest(
        context=QQ_TEN_HEARTS,
        lead=pb_cards("8S 8S 9S"),
        hand=pb_cards("AS 3C"),
        play=pb_cards("AS 3C 4C"),
    )
    questions = [
        pb.Question(
            describe_play=pb.DescribePlayRequest(context=QQ_TEN_HEARTS, cards=pb_cards("KS"))
        ),
        pb.Question(check_follow=bad_follow),
        pb.Question(),
        pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-one-deck")),
        pb.Question(score_deal=pb.ScoreDealRequest(variant_id="qq-two-deck", attacker_points=0)),
    ]
    answers = stub.AnswerBatch(pb.AnswerBatchRequest(questions=questions), timeout=10).answers
    kinds = [a.WhichOneof("answer") for a in answers]
    assert kinds == ["describe_play", "error", "error", "get_variant", "score_deal"]
    assert answers[0].describe_play.points == 10
    error = answers[1].error
    assert error.code == "INVALID_ARGUMENT"
    assert "check_follow.play[2]" in [v.field for v in error.field_violations]
    assert answers[2].error.field_violations[0].field == "question"
    assert answers[3].get_variant.variant.deal.decks == 1
    assert answers[4].score_deal.side == pb.SIDE_BANKER and answers[4].score_deal.levels == 3


def test_every_kind_of_question_has_an_entry_in_the_table() -> None:
    """The table holds every field of the ``Question`` oneof, in order, each with the RPC that
    takes its request and the ``Answer`` field that holds that RPC's response."""
    assert list(QUESTION_KINDS) == [field.name for field in QUESTION_ONEOF.fields]
    methods = {method.name: method for method in ORACLE_SERVICE.methods}
    answers = {field.name: field for field in ANSWER_ONEOF.fields}
    for kind in QUESTION_KINDS.values():
        method = methods[kind.rpc]
        field = pb.Question.DESCRIPTOR.fields_by_name[kind.name]
        assert method.input_type is kind.request.DESCRIPTOR is field.message_type
        assert answers[kind.answer_field].message_type is method.output_type


def test_the_table_fails_on_a_kind_without_a_handler_or_a_handler_without_a_kind() -> None:
    for left_out in HANDLERS:
        others = [h for h in HANDLERS if h is not left_out]
        with pytest.raises(LookupError, match=r"^Question\.\w+ has no handler$"):
            question_kinds(QUESTION_ONEOF, ANSWER_ONEOF, ORACLE_SERVICE, others)
    stray = dataclasses.replace(HANDLERS[0], request=pb.ListRulesRequest)
    with pytest.raises(LookupError, match="ListRulesRequest answers no question"):
        question_kinds(QUESTION_ONEOF, ANSWER_ONEOF, ORACLE_SERVICE, [*HANDLERS, stray])


def test_the_servicer_answers_every_rpc_of_the_contract() -> None:
    assert set(ANSWERS) == {method.name for method in ORACLE_SERVICE.methods}


def test_a_room_variant_is_validated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A room's own variant is validated once, when first seen, and remembered by its bytes:
    later questions of the same room (another level, even a bad one) do not validate it again."""
    calls: list[str] = []
    validate = oracle.service.room_cache.validate

    def counted(variant: pb.Variant) -> Any:
        calls.append(variant.id)
        return validate(variant)

    monkeypatch.setattr(oracle.service.room_cache, "validate", counted)
    oracle.service.room_cache.ROOMS.cache_clear()
    room = pb.Variant()
    room.CopyFrom(get_variant("qq-two-deck"))
    room.id = "room-validated-once"
    context = pb.Context(level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS, custom_variant=room)
    question = pb.Question(
        check_follow=pb.CheckFollowRequest(
            context=context, lead=pb_cards("8S"), hand=pb_cards("AS 3C"), play=pb_cards("3C")
        )
    )
    assert not dispatch(question).check_follow.legal
    assert calls == ["room-validated-once"]
    question.check_follow.context.level = pb.RANK_BIG_JOKER
    assert dispatch(question).WhichOneof("answer") == "error"
    question.check_follow.context.level = pb.RANK_NINE
    assert not dispatch(question).check_follow.legal
    assert calls == ["room-validated-once"]
    question.check_follow.context.custom_variant.name = "another room"
    dispatch(question)
    assert calls == ["room-validated-once", "room-validated-once"]


def test_the_room_cache_is_bounded_in_bytes() -> None:
    """300 distinct rooms of a few KB each never hold more than the cache's byte bound."""
    cache = oracle.service.room_cache.RoomCache(max_bytes=500_000)
    base = pb.Variant()
    base.CopyFrom(get_variant("four-deck"))
    for i in range(300):
        base.description = f"room {i} " + "x" * 3000
        blob = base.SerializeToString()
        room = cache.room(blob)
        cache.ruleset(blob, room, Rank.TWO, Suit.HEARTS)
        assert cache.size() <= 500_000
    assert 0 < cache.size()


ENGINE_DOORS = {"oracle.dispatch.questions", "oracle.engine.ruleset", "oracle.engine.budget"}
"""What the service may import of the rules: the engine's questions and the ruleset type
(only :mod:`oracle.service.contexts` and :mod:`oracle.service.room_cache` build rulesets) and the work budget each call runs under."""


def imported_modules(path: Path) -> set[str]:
    """The modules a source file imports (``from package import module`` names the module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                is_module = (ROOT / f"{inner.replace('.', '/')}.py").exists()
                found.add(inner if is_module else node.module)
    return found


def test_the_service_reaches_the_rules_only_through_the_engine_questions() -> None:
    rules = ("oracle.engine", "oracle.seed_rules", "oracle.profiles")
    for path in sorted((ROOT / "oracle" / "service").glob("*.py")):
        if path.name not in ("contexts.py", "room_cache.py"):  # the two that build rulesets
            reached = {m for m in imported_modules(path) if m.startswith(rules)}
            assert reached <= ENGINE_DOORS, (path.name, sorted(reached - ENGINE_DOORS))


def test_empty_batch_is_an_empty_answer(stub: Any) -> None:
    assert list(stub.AnswerBatch(pb.AnswerBatchRequest(), timeout=10).answers) == []


def test_an_engine_failure_is_internal_with_a_short_message(
    stub: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """No bad input should get here; if the engine fails anyway, the client gets INTERNAL
    with a short message (no traceback) and the server log gets the traceback."""

    def broken(*args: object) -> pb.DescribePlayResponse:
        raise ZeroDivisionError("engine bug")

    monkeypatch.setattr(oracle.dispatch.questions, "describe_play", broken)
    request = pb.DescribePlayRequest(context=QQ_TEN_HEARTS, cards=pb_cards("KS"))
    with caplog.at_level(logging.ERROR, logger="oracle.service.servicer"):
        with pytest.raises(grpc.RpcError) as err:
            stub.DescribePlay(request, timeout=10)
        answers = stub.AnswerBatch(
            pb.AnswerBatchRequest(
                questions=[
                    pb.Question(describe_play=request),
                    pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-two-deck")),
                ]
            ),
            timeout=10,
        ).answers
    assert err.value.code() == grpc.StatusCode.INTERNAL
    assert err.value.details() == INTERNAL_MESSAGE
    assert answers[0].error.code == "INTERNAL" and answers[0].error.message == INTERNAL_MESSAGE
    assert answers[1].WhichOneof("answer") == "get_variant"  # the others are still answered
    assert "ZeroDivisionError: engine bug" in caplog.text


def test_health_is_serving(channel: grpc.Channel) -> None:
    health = health_pb2_grpc.HealthStub(channel)
    for service in ("", SERVICE_NAME):
        status = health.Check(health_pb2.HealthCheckRequest(service=service), timeout=10).status
        assert status == health_pb2.HealthCheckResponse.SERVING
    with pytest.raises(grpc.RpcError) as err:
        health.Check(health_pb2.HealthCheckRequest(service="no.such.Service"), timeout=10)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND


def test_reflection_lists_and_describes_the_service(channel: grpc.Channel) -> None:
    reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
    requests = [
        reflection_pb2.ServerReflectionRequest(list_services=""),
        reflection_pb2.ServerReflectionRequest(file_containing_symbol=SERVICE_NAME),
    ]
    listed, described = list(reflection.ServerReflectionInfo(iter(requests), timeout=10))
    services = {s.name for s in listed.list_services_response.service}
    assert {SERVICE_NAME, "grpc.health.v1.Health"} <= services
    assert described.file_descriptor_response.file_descriptor_proto  # grpcurl can describe it


def test_graceful_stop_turns_health_not_serving() -> None:
    server = serve(port=0, host="127.0.0.1", workers=2)
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as ch:
        health = health_pb2_grpc.HealthStub(ch)
        server.health.enter_graceful_shutdown()
        status = health.Check(
            health_pb2.HealthCheckRequest(service=SERVICE_NAME), timeout=10
        ).status
        assert status == health_pb2.HealthCheckResponse.NOT_SERVING
    server.stop(grace=1)


def test_a_taken_port_is_an_error(running: RunningServer) -> None:
    with pytest.raises(RuntimeError):
        serve(port=running.port, host="localhost")


def start_command(
    *args: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], int]:
    """Start ``python -m oracle`` and wait for the line that names its port."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "oracle", *args],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        text=True,
        env={**os.environ, **(env or {})},
    )
    assert proc.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            break
        found = re.search(r"serving \S+ on \S+:(\d+) ", line)
        if found:
            return proc, int(found.group(1))
    proc.kill()
    raise AssertionError(f"the server did not start: {proc.stderr.read()}")


def test_command_serves_logs_each_call_and_stops_on_sigterm() -> None:
    proc, port = start_command("--log-level", "debug", env={"SHENGJI_ORACLE_PORT": "0"})
    try:
        with grpc.insecure_channel(f"localhost:{port}") as ch:
            stub = oracle_service_pb2_grpc.OracleServiceStub(ch)
            stub.GetVariant(pb.GetVariantRequest(variant_id="qq-two-deck"), timeout=10)
            with pytest.raises(grpc.RpcError):
                stub.GetVariant(pb.GetVariantRequest(variant_id="nope"), timeout=10)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert re.search(r"method=GetVariant variant=qq-two-deck outcome=OK us=\d+", err), err
    assert re.search(r"method=GetVariant variant=nope outcome=INVALID_ARGUMENT us=\d+", err), err
    assert "stopped" in err


def test_command_help_and_bad_port() -> None:
    help_text = subprocess.run(
        [sys.executable, "-m", "oracle", "--help"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert help_text.returncode == 0
    assert "--port" in help_text.stdout and "50051" in help_text.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "oracle"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SHENGJI_ORACLE_PORT": "http"},
    )
    assert bad.returncode != 0 and "SHENGJI_ORACLE_PORT" in bad.stderr


def test_command_refuses_to_serve_no_variants(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(oracle.service.server, "load_catalogue", dict)
    assert oracle.service.server.main(["--port", "0"]) == 2


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_node_client_calls_check_follow(running: RunningServer) -> None:
    """The example in examples/node, a client in another language, against the live server."""
    if not (ROOT / "node_modules" / "@grpc" / "grpc-js").is_dir():
        pytest.fail(
            "the Node.js packages are missing: run `npm ci` (the README's test command does)"
        )
    assert NODE is not None
    result = subprocess.run(
        [NODE, str(ROOT / "examples" / "node" / "check_follow.js"), f"localhost:{running.port}"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["legal"] is False
    assert answer["brokenRuleId"] == "follow.suit"
    assert answer["ruleIds"] and answer["explanation"]


def test_readme_grpcurl_question_is_the_node_example(stub: Any) -> None:
    """The JSON of the README's grpcurl line parses as a CheckFollowRequest and gets the answer told."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(x for x in readme.splitlines() if x.startswith("grpcurl "))
    assert line.endswith("shengji.oracle.v1.OracleService/CheckFollow")
    payload = line.split("-d '", 1)[1].split("'", 1)[0]
    request = json_format.Parse(payload, pb.CheckFollowRequest())
    response = stub.CheckFollow(request, timeout=10)
    assert not response.legal and response.broken_rule_id == "follow.suit"
    assert names(response.example) == names(pb_cards("AS"))
