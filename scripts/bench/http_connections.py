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

ROOT = Path(__file__).resolve().parents[2]
QUESTION = b'{"variantId": "qq-one-deck"}'
PATH = "/shengji.oracle.v1.OracleService/GetVariant"


def start_server(processes: int) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "oracle", "--port", "0", "--host", "127.0.0.1",
         "--processes", str(processes)],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True,
    )
    port = 0
    ready = threading.Event()

    def read() -> None:
        nonlocal port
        assert proc.stderr is not None
        for line in proc.stderr:
            if found := re.search(r"rule explorer on http://\S+:(\d+)/", line):
                port = int(found.group(1))
            if "serving" in line:
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(60) or not port:
        proc.kill()
        raise SystemExit("the server did not start")
    return proc, port


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--quick", action="store_true", help="20 requests; no wait for the timeout")
    args = parser.parse_args()
    count = 20 if args.quick else args.requests
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.connections + 256)), hard))

    proc, port = start_server(args.processes)
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
