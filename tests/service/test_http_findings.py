"""Three findings of the HTTP door's probe (issue 24), asked of the run command's server on its
defaults (one process), with questions that need no test service: each failed on the
``wsgiref`` door and passes on the uvicorn one.

- Finding 4, deadlines: an ``AnswerBatch`` of a few thousand ``GetVariant`` questions whose JSON
  answer fits the answer budget (docs/http.md, "The answer's size") takes over a second to
  write; sent with ``Connect-Timeout-Ms: 200`` (or gRPC-Web's ``grpc-timeout: 200m``) it must be
  answered ``deadline_exceeded``, not 200 with the whole answer (the old door ignored both).
- Finding 3, health during a heavy batch: gRPC health checks asked while the heaviest batch the
  door accepts is answered over JSON (and the 10,000-question one, which the budget refuses) are
  each answered SERVING within a second (the README: a heavy question never delays a probe).
- Finding 5, CORS on the defaults: a preflight from another origin and the call after it carry
  the Access-Control headers (the old door answered neither).

``python -m scripts.bench.http_connections --health`` prints the health checks' p50 and p99 during such a
batch against the same figures without one.
"""

from __future__ import annotations

import http.client
import json
import struct
from collections.abc import Iterator

import pytest

from scripts.bench import http_connections
from tests.support.run_command import RunCommand

RPC = "/shengji.oracle.v1.OracleService/"
OTHER_ORIGIN = "https://elsewhere.example"
HANG = 10.0
"""A socket timeout: a request unanswered by then has hung (never a measured time)."""


SCRIPT = http_connections
"""scripts/bench/http_connections.py, whose batches and health checks the tests share."""
HEAVIEST = SCRIPT.heaviest_batch()
"""The most ``GetVariant`` questions whose JSON answer fits the answer budget (4,706 of
``qq-two-deck``): its JSON takes more than a second to write."""


@pytest.fixture(scope="module")
def server() -> Iterator[RunCommand]:
    running = RunCommand("--processes", "1", checkout=True)
    yield running
    running.stop()


def post(
    server: RunCommand, method: str, body: bytes, headers: dict[str, str], timeout: float = HANG
) -> tuple[int, dict[str, str], bytes]:
    """One POST on a connection of its own: the status, the headers (lower-case) and body."""
    connection = http.client.HTTPConnection("127.0.0.1", server.http_port, timeout=timeout)
    try:
        connection.request("POST", RPC + method, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


# Finding 4: Connect-Timeout-Ms and grpc-timeout enforced on a call that is really slow.


def test_connect_timeout_ms_ends_a_slow_batch(server: RunCommand) -> None:
    status, _, body = post(server, "AnswerBatch", SCRIPT.batch_json(HEAVIEST),
                           {"Content-Type": "application/json", "Connect-Timeout-Ms": "200"})
    assert status != 200, f"answered 200 with {len(body)} bytes past its 200 ms deadline"
    assert json.loads(body)["code"] == "deadline_exceeded"


def test_grpc_timeout_ends_a_slow_grpc_web_batch(server: RunCommand) -> None:
    message = SCRIPT.batch_json(HEAVIEST)
    frame = b"\x00" + struct.pack(">I", len(message)) + message
    status, headers, body = post(server, "AnswerBatch", frame,
                                 {"Content-Type": "application/grpc-web+json",
                                  "Grpc-Timeout": "200m"})
    assert status == 200  # gRPC-Web's status is in its trailers (or the headers, with no body)
    grpc_status = headers.get("grpc-status") or trailers(body).get("grpc-status", "")
    assert grpc_status == "4", f"grpc-status {grpc_status!r} after {len(body)} bytes"


def trailers(body: bytes) -> dict[str, str]:
    """The trailer frame of a gRPC-Web body (flag 0x80), its frames walked by their lengths.

    >>> trailers(b"\\x00\\x00\\x00\\x00\\x01x\\x80\\x00\\x00\\x00\\x10grpc-status: 4\\r\\n")
    {'grpc-status': '4'}
    """
    at, found = 0, {}
    while at + 5 <= len(body):
        flag, length = body[at], struct.unpack(">I", body[at + 1 : at + 5])[0]
        if flag & 0x80:
            lines = body[at + 5 : at + 5 + length].decode("latin-1").split("\r\n")
            found = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines) if k}
        at += 5 + length
    return found


# Finding 3: gRPC health answered while the heaviest JSON batch is.

REFUSED_BATCHES = 6
"""10,000-question batches sent beside the heaviest one (the old door took up to 8 at once)."""


def test_health_is_answered_while_the_heaviest_json_batch_is(server: RunCommand) -> None:
    batches = SCRIPT.heavy_batches(server.http_port, REFUSED_BATCHES)
    times, statuses = SCRIPT.health_during(server.grpc_port, batches)
    assert 200 in statuses, f"the heaviest batch the door accepts was not answered: {statuses}"
    assert len(times) >= 5
    slowest = max(times)
    assert slowest < 1.0, f"slowest of {len(times)} health checks: {slowest:.3f} s"


# Finding 5: CORS on the server's defaults.


def test_a_preflight_from_another_origin_is_allowed_on_the_defaults(server: RunCommand) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.http_port, timeout=HANG)
    try:
        connection.request("OPTIONS", RPC + "GetVariant", headers={
            "Origin": OTHER_ORIGIN, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type,connect-protocol-version"})
        response = connection.getresponse()
        response.read()
        headers = {k.lower(): v for k, v in response.getheaders()}
    finally:
        connection.close()
    assert response.status in (200, 204)
    assert headers.get("access-control-allow-origin") in ("*", OTHER_ORIGIN)
    assert "POST" in headers.get("access-control-allow-methods", "")
    allowed = headers.get("access-control-allow-headers", "").lower()
    assert "content-type" in allowed and "connect-protocol-version" in allowed


def test_a_call_from_another_origin_may_be_read_on_the_defaults(server: RunCommand) -> None:
    status, headers, body = post(server, "GetVariant", b'{"variantId": "qq-one-deck"}',
                                 {"Content-Type": "application/json", "Origin": OTHER_ORIGIN})
    assert status == 200 and json.loads(body)["variant"]["id"] == "qq-one-deck"
    assert headers.get("access-control-allow-origin") in ("*", OTHER_ORIGIN)
