"""HTTP/JSON beside gRPC (oracle/service/http.py): the same servicer over the Connect protocol,
with the conformance files' field names, the same field violations in an error's details, and
bytes that are not a request refused at the path ``""`` (the whole request)."""

from __future__ import annotations

import base64
import json
import struct
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from oracle import pb
from oracle.service.http import start_http
from oracle.service.server import serve

BAD = {"context": {"variantId": "qq-two-deck", "level": "RANK_TEN", "trumpSuit": "SUIT_HEARTS"},
       "lead": [{"rank": "RANK_EIGHT", "suit": "SUIT_SPADES"}],
       "hand": [{"rank": "RANK_ACE", "suit": "SUIT_SPADES"}],
       "play": [{"rank": "RANK_THREE", "suit": "SUIT_CLUBS"}, {"rank": 99, "suit": "SUIT_CLUBS"}]}


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    running = start_http(port=0, host="127.0.0.1", workers=2)
    yield f"http://127.0.0.1:{running.port}"
    running.stop()


def post(url: str, body: bytes, content_type: str = "application/json") -> tuple[int, Any]:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def rpc(base: str, method: str) -> str:
    return f"{base}/shengji.oracle.v1.OracleService/{method}"


def test_a_conformance_case_over_http(base: str) -> None:
    """The first conformance case of check_follow, asked as its file writes it."""
    with open("conformance/cases/hand-check_follow.jsonl", encoding="utf-8") as cases:
        case = json.loads(cases.readline())
    question = json.dumps(case["question"]["checkFollow"]).encode()
    status, answer = post(rpc(base, "CheckFollow"), question)
    assert status == 200
    expected = case["expected"]["checkFollow"]
    assert answer["legal"] == expected.get("legal", False)
    assert answer.get("brokenRuleId", "") == expected.get("brokenRuleId", "")


def test_errors_carry_the_same_field_violations_as_grpc(base: str) -> None:
    status, error = post(rpc(base, "CheckFollow"), json.dumps(BAD).encode())
    assert status == 400 and error["code"] == "invalid_argument"
    detail = error["details"][0]
    assert detail["type"] == "google.rpc.BadRequest"
    over_http = error_details_pb2.BadRequest.FromString(base64.b64decode(detail["value"] + "=="))
    running = serve(port=0, host="127.0.0.1", workers=1)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            call = channel.unary_unary(
                "/shengji.oracle.v1.OracleService/CheckFollow",
                request_serializer=pb.CheckFollowRequest.SerializeToString,
                response_deserializer=pb.CheckFollowResponse.FromString,
            )
            request = json_format.ParseDict(BAD, pb.CheckFollowRequest())
            with pytest.raises(grpc.RpcError) as failed:
                call(request, timeout=30)
    finally:
        running.stop(grace=None)
    status = rpc_status.from_call(failed.value)
    assert status is not None
    over_grpc = error_details_pb2.BadRequest()
    assert status.details[0].Unpack(over_grpc)
    assert over_http == over_grpc
    assert over_http.field_violations[0].field == "play[1]"
    assert detail["debug"]["fieldViolations"][0]["field"] == "play[1]"


def test_garbage_is_refused_as_the_whole_request(base: str) -> None:
    status, error = post(rpc(base, "GetVariant"), b"\x0a\x02\xff\xfe", "application/proto")
    assert status == 400 and error["code"] == "invalid_argument"
    assert error["message"].startswith('invalid question: "": the whole request (field path "")')
    assert error["details"][0]["debug"]["fieldViolations"][0].get("field", "") == ""


def test_a_field_the_request_does_not_have_is_refused(base: str) -> None:
    status, error = post(rpc(base, "GetVariant"), b'{"variantId": "qq-two-deck", "seat": 1}')
    assert status == 400 and "seat" in error["message"]


def test_the_explorer_page_is_served(base: str) -> None:
    with urllib.request.urlopen(f"{base}/", timeout=30) as page:
        assert page.headers["Content-Type"].startswith("text/html")
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"{base}/nothing-here", timeout=30)


def test_grpc_web_for_browsers(base: str) -> None:
    """A gRPC-Web call (length-prefixed frames, the status in a trailer frame)."""
    message = pb.GetVariantRequest(variant_id="qq-one-deck").SerializeToString()
    frame = b"\x00" + struct.pack(">I", len(message)) + message
    request = urllib.request.Request(
        rpc(base, "GetVariant"), data=frame,
        headers={"Content-Type": "application/grpc-web+proto"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        data = response.read()
    size = struct.unpack(">I", data[1:5])[0]
    assert data[0] == 0 and pb.GetVariantResponse.FromString(data[5 : 5 + size]).variant.id == (
        "qq-one-deck"
    )
    assert data[5 + size] == 0x80 and b"grpc-status: 0" in data[5 + size + 5 :]
