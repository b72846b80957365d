"""Scale out: three oracle replicas behind Debian's nginx as a gRPC balancer, one killed under load.

The balancer runs the shipped deploy/nginx/oracle.conf (its upstream `server` lines and its
`listen` port rewritten for loopback), the client uses the shipped service config
(examples/service_config.json: retries on UNAVAILABLE). A few threads send calls for some
seconds; midway one replica is killed with SIGKILL. Every call must succeed: what the kill
costs is absorbed by nginx's grpc_next_upstream and the client's retry policy.

When nginx is missing, scripts/setup/install_nginx.sh installs it (as root, with apt-get); the test
is skipped, saying why, only when that fails.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from grpc_health.v1 import health_pb2, health_pb2_grpc

from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx" / "oracle.conf"
SERVICE_CONFIG = ROOT / "examples" / "service_config.json"
INSTALL = ROOT / "scripts" / "setup" / "install_nginx.sh"

REPLICAS = 3
THREADS = 3
SECONDS = 8.0
KILL_AFTER = 3.0


def _nginx() -> str | None:
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


@pytest.fixture(scope="module")
def nginx() -> str:
    binary = _nginx()
    if binary is None:
        try:
            done = subprocess.run(["bash", str(INSTALL)], capture_output=True, text=True,
                                  timeout=600, stdin=subprocess.DEVNULL, check=False)
            why = (done.stderr or done.stdout).strip().splitlines()[-1:] if done.returncode else []
        except (OSError, subprocess.TimeoutExpired) as err:
            why = [str(err)]
        binary = _nginx()
        if binary is None:
            pytest.skip(f"nginx is not installed and scripts/setup/install_nginx.sh could not install "
                        f"it ({'; '.join(why) or 'no nginx after the install'})")
    return binary


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start_replica(log: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "oracle", "--port", "0", "--host", "127.0.0.1", "--grace", "1"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=out, env=env, stdin=subprocess.DEVNULL)


def _port_of(proc: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> int:
    pattern = re.compile(r"serving \S+ on 127\.0\.0\.1:(\d+)")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = pattern.search(log.read_text(errors="replace"))
        if found:
            return int(found.group(1))
        if proc.poll() is not None:
            raise AssertionError(f"a replica exited on start: {log.read_text(errors='replace')}")
        time.sleep(0.05)
    raise AssertionError("a replica did not start in time")


def render_nginx_conf(shipped: str, replica_ports: list[int], listen_port: int) -> str:
    """The shipped server block with its upstream's `server` lines and its `listen` port replaced."""
    lines = [f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=10s;" for p in replica_ports]
    upstream = re.compile(r"(upstream shengji_oracle \{.*?)((?:\n\s*server [^\n]*;)+)", re.DOTALL)
    assert upstream.search(shipped), "deploy/nginx/oracle.conf: no upstream shengji_oracle block"
    conf = upstream.sub(lambda m: m.group(1) + "\n" + "\n".join(lines), shipped, count=1)
    conf, listens = re.subn(r"listen \d+ http2;", f"listen 127.0.0.1:{listen_port} http2;", conf)
    assert listens == 1, "deploy/nginx/oracle.conf: expected one `listen PORT http2;`"
    return conf


def _main_conf(tmp: Path, server_block: Path) -> str:
    temp_paths = "\n".join(
        f"    {name}_temp_path {tmp / name};" for name in ("client_body", "proxy", "fastcgi",
                                                          "uwsgi", "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""{user}daemon off;
worker_processes 1;
pid {tmp / 'nginx.pid'};
error_log {tmp / 'error.log'} info;
events {{ worker_connections 512; }}
http {{
    log_format upstreams '$status $request_uri $upstream_addr $upstream_status';
    access_log {tmp / 'access.log'} upstreams;
{temp_paths}
    include {server_block};
}}
"""


def _questions() -> list[tuple[str, Any]]:
    """A few questions answered OK, of several kinds, from the conformance suite."""
    wanted = {"checkFollow": "CheckFollow", "judgeTrick": "JudgeTrick", "checkThrow": "CheckThrow",
              "describePlay": "DescribePlay", "scoreDeal": "ScoreDeal"}
    out: list[tuple[str, Any]] = []
    seen: Counter[str] = Counter()
    for path in sorted((ROOT / "conformance" / "cases").glob("hand-*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            kind = next(iter(case["question"]), None)
            if kind in wanted and "error" not in case["expected"] and seen[kind] < 20:
                question = json_format.ParseDict(case["question"], pb.Question())
                out.append((wanted[kind], getattr(question, question.WhichOneof("question"))))
                seen[kind] += 1
    assert len(seen) == len(wanted), seen
    return out


def test_killing_a_replica_under_load_loses_no_call(nginx: str) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="oracle-scale-out-"))
    procs: list[subprocess.Popen[bytes]] = []
    balancer: subprocess.Popen[bytes] | None = None
    channel: grpc.Channel | None = None
    try:
        logs = [tmp / f"replica-{i}.log" for i in range(REPLICAS)]
        procs = [_start_replica(log) for log in logs]
        ports = [_port_of(p, log) for p, log in zip(procs, logs)]
        listen = _free_port()
        server_block = tmp / "oracle.conf"
        server_block.write_text(render_nginx_conf(NGINX_CONF.read_text(), ports, listen))
        main_conf = tmp / "nginx.conf"
        main_conf.write_text(_main_conf(tmp, server_block))
        nginx_cmd = [nginx, "-p", str(tmp), "-e", str(tmp / "error.log"), "-c", str(main_conf)]
        check = subprocess.run([*nginx_cmd, "-t"], capture_output=True, text=True, timeout=30,
                               check=False)
        assert check.returncode == 0, check.stderr
        balancer = subprocess.Popen(nginx_cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    stdin=subprocess.DEVNULL)

        service_config = json.loads(SERVICE_CONFIG.read_text())
        channel = grpc.insecure_channel(f"127.0.0.1:{listen}", options=[
            ("grpc.service_config", json.dumps(service_config)),
            ("grpc.enable_retries", 1),
        ])
        health = health_pb2_grpc.HealthStub(channel)
        deadline = time.monotonic() + 20
        while True:  # nginx up and every replica answering through it
            try:
                status = health.Check(health_pb2.HealthCheckRequest(
                    service="shengji.oracle.v1.OracleService"), timeout=2, wait_for_ready=True)
                if status.status == health_pb2.HealthCheckResponse.SERVING:
                    break
            except grpc.RpcError:
                pass
            assert balancer.poll() is None, (tmp / "error.log").read_text(errors="replace")
            assert time.monotonic() < deadline, "nginx did not answer in time"
            time.sleep(0.1)

        stub = oracle_service_pb2_grpc.OracleServiceStub(channel)
        questions = _questions()
        outcomes: Counter[str] = Counter()
        after_kill: Counter[str] = Counter()
        failures: list[str] = []
        lock = threading.Lock()
        killed = threading.Event()
        stop_at = time.monotonic() + SECONDS

        def client(index: int) -> None:
            i = index
            while time.monotonic() < stop_at:
                rpc, request = questions[i % len(questions)]
                i += THREADS
                try:
                    getattr(stub, rpc)(request, timeout=10)
                    code = "OK"
                except grpc.RpcError as err:
                    code = err.code().name
                    with lock:
                        if len(failures) < 10:
                            failures.append(f"{rpc}: {code}: {err.details()}")
                with lock:
                    outcomes[code] += 1
                    if killed.is_set():
                        after_kill[code] += 1

        threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(THREADS)]
        for t in threads:
            t.start()
        time.sleep(KILL_AFTER)
        victim = procs[1]
        calls_before = sum(outcomes.values())
        victim.send_signal(signal.SIGKILL)
        victim.wait(timeout=10)
        killed.set()
        for t in threads:
            t.join(timeout=SECONDS + 30)
        assert not any(t.is_alive() for t in threads), "a client thread did not finish"

        access = (tmp / "access.log").read_text(errors="replace").splitlines()
        victim_addr = f"127.0.0.1:{ports[1]}"
        # What the kill cost, as nginx saw it: calls it sent on to another replica itself
        # (grpc_next_upstream), and calls in flight on the killed one that it could only
        # answer UNAVAILABLE (status 204 from @grpc_unavailable), which the client retried.
        moved = [line for line in access if ", " in line or " : " in line]
        unavailable = [line for line in access if line.startswith("204 ")]
        print(f"\nscale out: {sum(outcomes.values())} calls ({calls_before} before the kill, "
              f"{sum(after_kill.values())} after): {dict(outcomes)}; nginx moved {len(moved)} "
              f"to another replica and answered UNAVAILABLE to {len(unavailable)}, "
              f"retried by the client")
        assert moved or unavailable, "the kill went unnoticed: no call was moved or retried"
        assert victim.returncode == -signal.SIGKILL
        assert calls_before > 50, f"too few calls before the kill: {calls_before}"
        assert sum(after_kill.values()) > 50, f"too few calls after the kill: {after_kill}"
        assert any(victim_addr in line for line in access), "the killed replica never got a call"
        assert all(p.poll() is None for i, p in enumerate(procs) if i != 1), "a survivor died"
        assert outcomes == Counter(OK=sum(outcomes.values())), (outcomes, failures)
    finally:
        if channel is not None:
            channel.close()
        if balancer is not None and balancer.poll() is None:
            balancer.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            try:
                balancer.wait(timeout=10)
            except subprocess.TimeoutExpired:
                balancer.kill()
                balancer.wait(timeout=10)
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)


def test_the_shipped_service_config_retries_unavailable() -> None:
    """examples/service_config.json: the documented retry policy, and gRPC accepts it."""
    config = json.loads(SERVICE_CONFIG.read_text())
    policies = [m["retryPolicy"] for m in config["methodConfig"]
                if {"service": "shengji.oracle.v1.OracleService"} in m["name"]]
    assert len(policies) == 1
    assert policies[0]["retryableStatusCodes"] == ["UNAVAILABLE"]
    assert policies[0]["maxAttempts"] == 5
    # A channel refuses a service config it cannot parse; this one connects to nothing.
    with grpc.insecure_channel(f"127.0.0.1:{_free_port()}", options=[
            ("grpc.service_config", json.dumps(config))]) as channel:
        with pytest.raises(grpc.RpcError) as err:
            health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)
        assert err.value.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
