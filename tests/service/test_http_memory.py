"""Finding 3 of the HTTP door's probe: a 460 KB ``AnswerBatch`` of 10,000 ``GetVariant``
questions over JSON took the server from 56 MB to 640 MB. Asked of the run command's server (one
process, its own memory), it must not raise the process's peak memory by more than 100 MB: the
answer's budget refuses it before it is built (docs/http.md, "The answer's size"), and gRPC's
health checks are answered meanwhile."""

from __future__ import annotations

import contextlib
import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.support.run_command import RunCommand

MAX_GROWTH_KB = 100 * 1024


class Server(RunCommand):
    """The run command in one process (its own memory), this checkout's code."""

    def __init__(self) -> None:
        super().__init__("--processes", "1", checkout=True)

    def memory_kb(self, field: str) -> int:
        """``VmRSS`` (now) or ``VmHWM`` (the peak) of the server process, in KB."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        found = re.search(rf"^{field}:\s+(\d+) kB", status, re.MULTILINE)
        assert found is not None
        return int(found.group(1))


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    if not Path("/proc/self/status").exists():
        pytest.skip("needs /proc to read a process's memory")
    running = Server()
    yield running
    running.stop()


def test_a_10000_question_json_batch_does_not_raise_memory_by_100_mb(server: Server) -> None:
    url = f"http://127.0.0.1:{server.http_port}/shengji.oracle.v1.OracleService/"
    warm = urllib.request.Request(url + "GetVariant", data=b'{"variantId": "qq-two-deck"}',
                                  headers={"Content-Type": "application/json"})
    urllib.request.urlopen(warm, timeout=30).read()
    with contextlib.suppress(OSError):  # the peak starts again from now (Linux 4.0 and later)
        Path(f"/proc/{server.proc.pid}/clear_refs").write_text("5")
    before = server.memory_kb("VmRSS")
    batch = json.dumps({"questions": [{"getVariant": {"variantId": "qq-two-deck"}}] * 10_000})
    request = urllib.request.Request(url + "AnswerBatch", data=batch.encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
    except urllib.error.HTTPError as err:
        assert err.code == 429 and json.load(err)["code"] == "resource_exhausted"
    with grpc.insecure_channel(f"127.0.0.1:{server.grpc_port}") as channel:
        health = health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(), timeout=5)
        assert health.status == health_pb2.HealthCheckResponse.SERVING
    growth = server.memory_kb("VmHWM") - before
    assert growth < MAX_GROWTH_KB, f"the peak grew by {growth} KB"
