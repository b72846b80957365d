"""The contract stays compatible and self-describing: ``buf breaking`` against the last release
(an image of its proto files committed in proto/releases/), reflection v1 and v1alpha serving
the proto comments, and ScoreDeal and CompareDeclarations taking a Context like the other
questions while the deprecated ``variant_id`` and ``level`` are still answered.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import grpc
import pytest
from google.protobuf import descriptor_pb2
from grpc_reflection.v1alpha import reflection_pb2

from oracle import pb
from oracle.service.questions import dispatch
from oracle.service.server import serve
from oracle.variants import get_variant

ROOT = Path(__file__).resolve().parents[2]
BUF = ROOT / "node_modules" / ".bin" / "buf"
RELEASE = ROOT / "proto" / "releases" / "1.0.0.binpb"


def buf_breaking(proto_dir: Path) -> subprocess.CompletedProcess[str]:
    if not BUF.exists():
        pytest.fail("node_modules/.bin/buf is missing: run `npm ci` first")
    return subprocess.run(
        [str(BUF), "breaking", str(proto_dir), "--against", str(RELEASE)],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=120,
    )


def test_no_breaking_change_since_the_last_release() -> None:
    result = buf_breaking(ROOT / "proto")
    assert result.returncode == 0, result.stdout + result.stderr


def test_buf_breaking_would_catch_a_removed_field(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "proto", tmp_path / "proto")
    service = tmp_path / "proto" / "shengji" / "oracle" / "v1" / "oracle_service.proto"
    text = service.read_text()
    assert "  string explanation = 5;\n" in text
    service.write_text(text.replace("  string explanation = 5;\n", "", 1))
    result = buf_breaking(tmp_path / "proto")
    assert result.returncode != 0 and "explanation" in result.stdout, result.stdout


@pytest.mark.parametrize("version", ["v1", "v1alpha"])
def test_reflection_serves_the_proto_comments(version: str) -> None:
    running = serve(port=0, host="127.0.0.1", workers=1)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            info = channel.stream_stream(
                f"/grpc.reflection.{version}.ServerReflection/ServerReflectionInfo",
                request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
                response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
            )
            requests = [
                reflection_pb2.ServerReflectionRequest(list_services=""),
                reflection_pb2.ServerReflectionRequest(
                    file_containing_symbol="shengji.oracle.v1.ScoreDealRequest"
                ),
            ]
            listed, found = list(info(iter(requests), timeout=10))
    finally:
        running.stop(grace=None)
    names = {s.name for s in listed.list_services_response.service}
    assert {"shengji.oracle.v1.OracleService", f"grpc.reflection.{version}.ServerReflection"} <= names
    files = [
        descriptor_pb2.FileDescriptorProto.FromString(raw)
        for raw in found.file_descriptor_response.file_descriptor_proto
    ]
    service = next(f for f in files if f.name == "shengji/oracle/v1/oracle_service.proto")
    comments = " ".join(place.leading_comments for place in service.source_code_info.location)
    assert "The cards the follower plays." in comments


def score_deal(**fields: object) -> pb.Answer:
    return dispatch(pb.Question(score_deal=pb.ScoreDealRequest(banker_seat=0, **fields)))


def violations(answer: pb.Answer) -> list[str]:
    return [v.field for v in answer.error.field_violations]


def test_score_deal_uses_a_rooms_own_variant() -> None:
    """A room's copy of the one-deck game scores as the one-deck game does, not as the
    two-deck game (40 points are a different band of each table)."""
    room = pb.Variant()
    room.CopyFrom(get_variant("qq-one-deck"))  # a copy: the catalogue's own stays as it is
    room.id = "my-room"
    own = score_deal(context=pb.Context(custom_variant=room), attacker_points=40)
    one_deck = score_deal(context=pb.Context(variant_id="qq-one-deck"), attacker_points=40)
    two_deck = score_deal(context=pb.Context(variant_id="qq-two-deck"), attacker_points=40)
    assert own.WhichOneof("answer") == "score_deal"
    assert own.score_deal == one_deck.score_deal
    assert own.score_deal != two_deck.score_deal


def test_the_deprecated_variant_id_is_still_answered_alone() -> None:
    old = score_deal(variant_id="qq-two-deck", attacker_points=85)
    new = score_deal(context=pb.Context(variant_id="qq-two-deck"), attacker_points=85)
    assert old.WhichOneof("answer") == "score_deal" and old == new
    both = score_deal(variant_id="qq-two-deck", context=pb.Context(variant_id="qq-two-deck"))
    assert violations(both) == ["score_deal.variant_id"]


def test_there_is_no_default_variant() -> None:
    assert violations(score_deal(attacker_points=85)) == ["score_deal.variant_id"]
    assert violations(score_deal(context=pb.Context())) == ["score_deal.context.variant_id"]


def test_context_fields_a_question_does_not_use_are_refused() -> None:
    deal = score_deal(context=pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN))
    assert violations(deal) == ["score_deal.context.level"]
    challenger = pb.Declaration(seat=1, cards=[pb.Card(rank=pb.RANK_TEN, suit=pb.SUIT_HEARTS)])
    declare = dispatch(pb.Question(compare_declarations=pb.CompareDeclarationsRequest(
        context=pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, no_trump=True),
        challenger=challenger,
    )))
    assert violations(declare) == ["compare_declarations.context.no_trump"]
    old = dispatch(pb.Question(compare_declarations=pb.CompareDeclarationsRequest(
        variant_id="qq-two-deck", level=pb.RANK_TEN, challenger=challenger,
    )))
    new = dispatch(pb.Question(compare_declarations=pb.CompareDeclarationsRequest(
        context=pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN), challenger=challenger,
    )))
    assert new.compare_declarations.overrides and old == new
