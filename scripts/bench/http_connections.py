"""Many idle connections against the HTTP door (finding 2 of its probe: 2,200 idle connections
slowed every request to 10-11 s on wsgiref). Starts the run command's server (two processes by
default, free ports), times plain requests alone, then with ``--connections`` idle connections
held open (and a few trickling one header line a second), and prints the figures: requests
answered, their median and slowest time, each as a ratio of the time alone, and how many held
connections the door had closed once its head timeout (10 s) passed.

    python -m scripts.bench.http_connections                    # 2,000 connections, two processes
    python -m scripts.bench.http_connections --connections 500 --quick
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
QUESTION = b'{"variantId": "qq-one-deck"}'
PATH = "/shengji.oracle.v1.OracleService/GetVariant"
BATCH_PATH = "/shengji.oracle.v1.OracleService/AnswerBatch"
BATCH_VARIANT = "qq-two-deck"


def start_server(processes: int) -> tuple[subprocess.Popen[str], int, int]:
    """The run command on free ports: its process, HTTP port and gRPC port."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "oracle", "--port", "0", "--host", "127.0.0.1",
         "--processes", str(processes)],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True,
    )
    port = grpc_port = 0
    ready = threading.Event()

    def read() -> None:
        nonlocal port, grpc_port
        assert proc.stderr is not None
        for line in proc.stderr:
            if found := re.search(r"rule explorer on http://\S+:(\d+)/", line):
                port = int(found.group(1))
            if found := re.search(r"serving \S+ on \S+:(\d+) ", line):
                grpc_port = int(found.group(1))
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(60) or not port:
        proc.kill()
        raise SystemExit("the server did not start")
    return proc, port, grpc_port


def timed_requests(port: int, count: int) -> tuple[int, list[float]]:
    """``count`` requests, each on a new connection; how many were answered 200, their times."""
    answered, times = 0, []
    for _ in range(count):
        start = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request("POST", PATH, QUESTION, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            answered += response.status == 200
        except OSError:
            pass
        finally:
            connection.close()
        times.append(time.perf_counter() - start)
    return answered, times


def summary(name: str, answered: int, times: list[float], alone: float | None) -> str:
    median, slowest = statistics.median(times), max(times)
    ratio = "" if alone is None else f" ({median / alone:.1f}x, slowest {slowest / alone:.1f}x)"
    return (f"{name}: {answered}/{len(times)} answered, median {median * 1000:.1f} ms, "
            f"slowest {slowest * 1000:.1f} ms{ratio}")


def trickle(port: int, stop: threading.Event) -> None:
    """One header line a second, never ending the head."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"POST {PATH} HTTP/1.1\r\nHost: x\r\n".encode())
        line = 0
        while not stop.wait(1.0):
            try:
                sock.sendall(f"X-Line-{line}: y\r\n".encode())
            except OSError:
                return
            line += 1


def closed(sock: socket.socket) -> bool:
    """Whether the door answered (408) or closed the connection."""
    sock.setblocking(False)
    try:
        sock.recv(4096)
    except BlockingIOError:
        return False
    except OSError:
        pass
    return True


def heaviest_batch() -> int:
    """The most ``GetVariant`` questions of :data:`BATCH_VARIANT` whose compact JSON answer fits
    the answer budget (``MAX_ANSWER_BYTES``), by the door's own floor of the answer's size."""
    from oracle import pb
    from oracle.service.http_answer_size import batch_floor
    from oracle.service.limits import MAX_ANSWER_BYTES

    one = pb.AnswerBatchRequest(
        questions=[pb.Question(get_variant=pb.GetVariantRequest(variant_id=BATCH_VARIANT))])
    return (MAX_ANSWER_BYTES - 64) // batch_floor(one, "json")


def batch_json(questions: int) -> bytes:
    """An ``AnswerBatch`` of ``questions`` ``GetVariant`` questions, in JSON."""
    return json.dumps(
        {"questions": [{"getVariant": {"variantId": BATCH_VARIANT}}] * questions}).encode()


def post_batch(port: int, questions: int) -> int:
    """An ``AnswerBatch`` of ``questions`` over JSON; its HTTP status, the body read and dropped."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("POST", BATCH_PATH, batch_json(questions),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def health_times(grpc_port: int, stop: threading.Event, timeout: float = 10.0) -> list[float]:
    """gRPC health checks one after another (20 ms apart) until ``stop``: each one's time in
    seconds, ``inf`` for one not answered SERVING."""
    times: list[float] = []
    with grpc.insecure_channel(f"127.0.0.1:{grpc_port}") as channel:
        check = health_pb2_grpc.HealthStub(channel).Check
        check(health_pb2.HealthCheckRequest(), timeout=timeout)
        while not stop.is_set():
            start = time.perf_counter()
            try:
                status = check(health_pb2.HealthCheckRequest(), timeout=timeout).status
            except grpc.RpcError:
                status = None
            serving = status == health_pb2.HealthCheckResponse.SERVING
            times.append(time.perf_counter() - start if serving else float("inf"))
            time.sleep(0.02)
    return times


def health_during(grpc_port: int, batches: list[tuple[int, int]]) -> tuple[list[float], list[int]]:
    """Health check times while each ``(http_port, questions)`` batch is sent at once (for one
    second when there is none), and the batches' HTTP statuses."""
    stop = threading.Event()
    times: list[float] = []
    statuses: list[int] = []
    checker = threading.Thread(target=lambda: times.extend(health_times(grpc_port, stop)))
    senders = [threading.Thread(target=lambda b=b: statuses.append(post_batch(*b)))
               for b in batches]
    checker.start()
    time.sleep(0.2)
    for thread in senders:
        thread.start()
    for thread in senders:
        thread.join(90)
    if not batches:
        time.sleep(1)
    stop.set()
    checker.join(15)
    return times, statuses


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def heavy_batches(port: int, refused: int) -> list[tuple[int, int]]:
    """The heaviest batch the door accepts over JSON, and ``refused`` of 10,000 questions."""
    return [(port, heaviest_batch()), *[(port, 10_000)] * refused]


def health_figures(processes: int, refused: int) -> None:
    """Finding 3's figures (the module's text)."""
    proc, port, grpc_port = start_server(processes)
    try:
        post_batch(port, 10)  # warm up
        alone, _ = health_during(grpc_port, [])
        batches = heavy_batches(port, refused)
        during, statuses = health_during(grpc_port, batches)
        p50, p99 = percentile(alone, 0.5), percentile(alone, 0.99)
        print(f"health alone: {len(alone)} checks, p50 {p50 * 1000:.1f} ms, "
              f"p99 {p99 * 1000:.1f} ms")
        d50, d99 = percentile(during, 0.5), percentile(during, 0.99)
        sizes = ", ".join(str(questions) for _, questions in batches)
        print(f"health during batches of {sizes} questions (HTTP {sorted(statuses)}): "
              f"{len(during)} checks, p50 {d50 * 1000:.1f} ms ({d50 / p50:.1f}x), "
              f"p99 {d99 * 1000:.1f} ms ({d99 / p99:.1f}x), slowest {max(during) * 1000:.1f} ms")
    finally:
        proc.terminate()
        proc.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--quick", action="store_true", help="20 requests; no wait for the timeout")
    parser.add_argument("--health", action="store_true",
                        help="gRPC health p50/p99 during the heaviest JSON batch (finding 3)")
    parser.add_argument("--batches", type=int, default=6,
                        help="with --health: 10,000-question batches sent beside it")
    args = parser.parse_args()
    if args.health:
        health_figures(args.processes, args.batches)
        return
    count = 20 if args.quick else args.requests
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.connections + 256)), hard))

    proc, port, _ = start_server(args.processes)
    try:
        timed_requests(port, 5)  # warm up
        answered, times = timed_requests(port, count)
        alone = statistics.median(times)
        print(summary("alone", answered, times, None))

        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(args.connections)]
        stop = threading.Event()
        tricklers = [threading.Thread(target=trickle, args=(port, stop), daemon=True)
                     for _ in range(4)]
        for thread in tricklers:
            thread.start()
        time.sleep(1)
        answered, times = timed_requests(port, count)
        print(summary(f"with {args.connections} idle and 4 trickling connections", answered,
                      times, alone))
        if not args.quick:
            time.sleep(11)  # past the head timeout
            print(f"after 11 s: {sum(closed(s) for s in held)}/{len(held)} idle connections "
                  "closed by the door")
        stop.set()
        for sock in held:
            sock.close()
    finally:
        proc.terminate()
        proc.wait(30)


if __name__ == "__main__":
    main()
