"""Load test: several client processes against the oracle, then against a no-op server.

Usage::

    python -m scripts.bench.load [--clients N] [--batch-clients M] [--seconds S] [--rounds R]
                           [--mode unary|batch|both] [--processes P] [--connections C]
                           [--batch-size B] [--seed K] [--kinds K1,K2...] [--no-warm-up] [--soak]

It starts its servers on free loopback ports, all at once (each idle but for its own phases):

* the oracle (``python -m oracle --port 0 --host 127.0.0.1 --processes P``; ``P`` defaults to
  the cores, as the oracle's own option does);
* a no-op grpcio server with the same service shape (every RPC of
  ``shengji.oracle.v1.OracleService`` answers an empty response at once), on grpc.aio like
  the oracle's, with the same message limit and in as many processes sharing the port
  (SO_REUSEPORT), so what it costs is gRPC and Python alone;
* in ``batch`` mode with ``P`` > 1, the oracle again in one process, to show how AnswerBatch
  throughput grows with the processes (batches keep the clients' own CPU small);
* in ``unary`` mode, the oracle's server with every engine call replaced by an empty answer
  (``--service-only``, a figure only): what the service costs per call beyond the engine.

Against each, ``--clients`` processes (spawned, each with ``--connections`` channels of their own
connection, used in turn so that the calls spread over the server's processes) send calls back
to back for ``--seconds`` seconds per phase: in ``unary`` mode a mix of the question RPCs,
evenly by kind, drawn from the conformance questions whose expected answer is not an error
(``--kinds``; by default the Speed issue's mixed questions, one play, trick or score each); in
``batch`` mode ``AnswerBatch`` calls of ``--batch-size`` such questions. The server's resident memory
(VmRSS from /proc) and CPU time, summed over the server's processes, are sampled every half
second. It prints, for each phase, the calls and questions per second, p50 and p99 latency,
failed calls and the RSS over time; then the oracle's figures as a ratio of the no-op server's,
and the goals of the Speed issue: unary throughput at least 0.9 of the no-op server's, and
AnswerBatch throughput in two processes at least 1.8 times one process's. Beside the unary goal
it prints where a call's CPU goes (the clients', each server's, and the same questions answered
in this process without gRPC) and what 0.9 leaves the oracle's server (:func:`unary_cpu`).

``--soak`` runs the oracle alone under the mixed unary load for ``--seconds`` (600 for the
memory goal: a flat RSS) and prints its RSS at the start and at the end.

Before the first round every server answers each distinct question of the mix once on each of
four connections per process (``AnswerBatch`` calls; ``--no-warm-up`` skips it), so that every
process has compiled the contexts and built the decompositions the mix needs, as a server that
has run a while has: the rounds measure answering questions, not a process's first sight of them.

The phases run in ``--rounds`` rounds, each server in turn within a round, and every ratio is
the median of the rounds' ratios, so that a burst of other work on a shared machine moves one
round, not the figure. Every phase is bounded by ``--seconds`` (the whole run takes about
``R x S`` times the number of phases of a round, plus the servers' start-up); only loopback
addresses are used. Nothing is asserted: the figures are for people to read.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from concurrent import futures
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any

import grpc

ROOT = Path(__file__).resolve().parents[2]

from google.protobuf import json_format

from oracle import pb
from oracle.service.processes import PortReservation, default_processes, run_processes

SERVICE = "shengji.oracle.v1.OracleService"
CASES = ROOT / "conformance" / "cases"
REGRESSION = ROOT / "conformance" / "regression"
"""The conformance suite's regression set: engine-answered random deals, questions as good as any."""
_METHODS = pb.oracle_service_pb2.DESCRIPTOR.services_by_name["OracleService"].methods
KIND_RPC = {f.name: m.name for f in pb.Question.DESCRIPTOR.fields for m in _METHODS
            if m.input_type.full_name == f.message_type.full_name}
"""Each field of ``Question`` and its unary RPC."""

MAX_MESSAGE_BYTES = 4 * 1024 * 1024

MIXED_KINDS = ("describe_play", "check_follow", "judge_trick", "check_throw", "score_bottom",
               "score_deal", "compare_declarations")
"""The mixed questions of the Speed issue, the kinds ``scripts/bench/bench.py`` mixes in its batch: one
play, trick, score or declaration each (``--kinds``; a whole deal's ``audit_deal`` or a hand's
``list_legal_plays`` are many questions in one, and ``get_variant`` looks a variant up)."""


# ---------------------------------------------------------------------------------------------
# The no-op server.


class NoopServer:
    """The no-op server: every RPC of the service answers an empty response at once, on
    grpc.aio like the oracle's (its own event loop in a thread of its own)."""

    def __init__(self, port: int, reuse_port: bool) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.server, self.port = self._on_loop(self._start(port, reuse_port))

    def _on_loop(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()

    async def _start(self, port: int, reuse_port: bool) -> tuple[Any, int]:
        async def empty(request: bytes, context: Any) -> bytes:
            return b""

        handlers = {
            m.name: grpc.unary_unary_rpc_method_handler(
                empty, request_deserializer=None, response_serializer=None)
            for m in _METHODS
        }
        server = grpc.aio.server(options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.so_reuseport", int(reuse_port))])
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))
        bound = server.add_insecure_port(f"127.0.0.1:{port}")
        await server.start()
        return server, bound

    def stop(self, grace: float | None = None, *, drain: float = 0.0) -> None:
        self._on_loop(self.server.stop(grace))


def serve_noop(processes: int) -> int:
    """Serve the no-op server on a free port until SIGTERM or SIGINT, in ``processes`` processes
    sharing the port as the oracle's do; log the port."""

    def serving(port: int) -> None:
        print(f"no-op server serving {SERVICE} on 127.0.0.1:{port}", file=sys.stderr, flush=True)

    if processes > 1:
        with PortReservation("127.0.0.1", 0) as reserved:
            return run_processes(processes, lambda: NoopServer(reserved.port, True), drain=0.0,
                                 grace=None, on_ready=lambda: serving(reserved.port))
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    server = NoopServer(0, False)
    serving(server.port)
    signal.sigwait({signal.SIGTERM, signal.SIGINT})
    server.stop(None)
    return 0


def serve_service_only(processes: int) -> int:
    """The oracle's own server (``python -m oracle``: processes, event loop, workers, decoding,
    budget, logging, health) with every RPC's engine call replaced by an empty answer of its
    type: what the service costs per call beyond the engine, for the figures only."""
    from oracle.service import servicer
    from oracle.service.server import main as server_main

    for method in pb.oracle_service_pb2.DESCRIPTOR.services_by_name["OracleService"].methods:
        empty = getattr(pb, method.output_type.name)()
        servicer.ANSWERS[method.name] = lambda request, empty=empty: empty
    return server_main(["--port", "0", "--host", "127.0.0.1", "--http-port", "-1",
                        "--processes", str(processes)])


class Server:
    """A server process on a free loopback port, found from its log line."""

    def __init__(self, name: str, argv: list[str]) -> None:
        self.name = name
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 (open while the server runs)
            prefix=f"load-{name.replace('/', '-')}-", suffix=".log", delete=False)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
        self.proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=self.log,
                                     env=env)
        pattern = re.compile(r"serving \S+ on 127\.0\.0\.1:(\d+)")
        deadline = time.monotonic() + 60
        while True:
            found = pattern.search(Path(self.log.name).read_text(errors="replace"))
            if found:
                self.port = int(found.group(1))
                break
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise SystemExit(f"load.py: the {name} server did not start; log {self.log.name}")
            time.sleep(0.05)
        self.target = f"127.0.0.1:{self.port}"

    def pids(self) -> list[int]:
        """The server's process and its children (``--processes``), from /proc."""
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid and fields[0] != "Z":
                children.append(int(stat.parent.name))
        return [self.proc.pid, *children]

    def troubles(self) -> str:
        """What the server's log says went wrong: processes that died (and were replaced),
        tracebacks."""
        text = Path(self.log.name).read_text(errors="replace")
        return (f"{text.count(' exited with status ')} process death(s), "
                f"{text.count('Traceback (most recent call last)')} traceback(s) in its log")

    def rss_kib(self) -> int:
        """Resident memory, summed over the server's processes (the pages the forked children
        still share with the parent counted in each)."""
        return self._summed("status", "VmRSS:")

    def pss_kib(self) -> int:
        """Proportional resident memory, summed over the server's processes: each shared page
        counted once in all, what the server really holds."""
        return self._summed("smaps_rollup", "Pss:")

    def _summed(self, name: str, key: str) -> int:
        total = 0
        for pid in self.pids():
            try:
                for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
                    if line.startswith(key):
                        total += int(line.split()[1])
                        break
            except OSError:
                pass
        return total

    def cpu_by_process(self) -> dict[int, float]:
        """CPU time of each of the server's processes."""
        seconds = {}
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            seconds[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return seconds

    def cpu_seconds(self) -> float:
        """CPU time, summed over the server's processes."""
        return sum(self.cpu_by_process().values())

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=15)
        try:
            os.unlink(self.log.name)
        except OSError:
            pass


# ---------------------------------------------------------------------------------------------
# The questions.


def valid_questions(kinds: Sequence[str] = MIXED_KINDS) -> dict[str, list[bytes]]:
    """The conformance questions of ``kinds`` whose expected answer is not an error, serialized,
    by kind."""
    by_kind: dict[str, list[bytes]] = {kind: [] for kind in kinds}
    for path in [*sorted(CASES.glob("*.jsonl")), *sorted(REGRESSION.glob("*.jsonl"))]:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            case = json.loads(line)
            if "error" in case.get("expected", {}):
                continue
            question = pb.Question()
            try:
                json_format.ParseDict(case["question"], question)
            except (json_format.ParseError, KeyError):
                continue
            kind = question.WhichOneof("question")
            if kind in by_kind:
                by_kind[kind].append(question.SerializeToString())
    return {kind: qs for kind, qs in by_kind.items() if qs}


# ---------------------------------------------------------------------------------------------
# The clients.


def request_pool(mode: str, batch_size: int, seed: int, questions: dict[str, list[bytes]],
                 index: int) -> list[tuple[str, bytes]]:
    """The requests one client sends in turn, serialized (built before the clock starts)."""
    rng = random.Random(f"{seed}/{index}")
    kinds = sorted(questions)
    if mode == "unary":
        pool = []
        for _ in range(2000):
            kind = rng.choice(kinds)
            question = pb.Question.FromString(rng.choice(questions[kind]))
            pool.append((KIND_RPC[kind], getattr(question, kind).SerializeToString()))
        return pool
    everything = [q for kind in kinds for q in questions[kind]]
    return [("AnswerBatch", pb.AnswerBatchRequest(questions=[
        pb.Question.FromString(rng.choice(everything)) for _ in range(batch_size)
    ]).SerializeToString()) for _ in range(20)]


@dataclass
class ClientJob:
    index: int
    target: str
    mode: str
    seconds: float
    batch_size: int
    pool: list[tuple[str, bytes]]
    start_at: float  # time.time() at which every client starts sending
    connections: int = 1


@dataclass
class ClientResult:
    calls: int = 0
    questions: int = 0
    failed: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    late: float = 0.0  # seconds after the agreed start that this client began sending
    cpu: float = 0.0  # this client's CPU seconds (all its threads) while sending


def run_client(job: ClientJob) -> ClientResult:
    pool = job.pool
    result = ClientResult()
    # Each channel its own connection (a local subchannel pool), used in turn: with several
    # server processes, the kernel gives each new connection to one of them.
    channels = [grpc.insecure_channel(job.target, options=[
        ("grpc.max_receive_message_length", 256 * 1024 * 1024),
        ("grpc.enable_retries", 0), ("grpc.use_local_subchannel_pool", 1)])
        for _ in range(job.connections)]
    with contextlib.ExitStack() as stack:
        for channel in channels:
            stack.enter_context(channel)
            grpc.channel_ready_future(channel).result(timeout=30)
        calls = [{rpc: channel.unary_unary(f"/{SERVICE}/{rpc}") for rpc in {r for r, _ in pool}}
                 for channel in channels]
        for by_rpc in calls:
            by_rpc[pool[0][0]](pool[0][1], timeout=30)  # warm the connections up
        time.sleep(max(0.0, job.start_at - time.time()))
        result.late = max(0.0, time.time() - job.start_at)
        end = time.monotonic() + job.seconds
        i = job.index * 97
        per_call = job.batch_size if job.mode == "batch" else 1
        cpu0 = time.process_time()
        while time.monotonic() < end:
            rpc, data = pool[i % len(pool)]
            i += 1
            start = time.perf_counter()
            try:
                calls[i % len(calls)][rpc](data, timeout=30)
            except grpc.RpcError as err:
                name = err.code().name
                result.failed[name] = result.failed.get(name, 0) + 1
            result.latencies.append(time.perf_counter() - start)
            result.calls += 1
            result.questions += per_call
        result.cpu = time.process_time() - cpu0
    return result


# ---------------------------------------------------------------------------------------------
# One phase: one server, one mode.


@dataclass
class Phase:
    server: str
    mode: str
    seconds: float
    calls: int
    questions: int
    failed: dict[str, int]
    p50: float
    p99: float
    rss: list[tuple[float, int]]
    cpu: float
    cpu_shares: list[float]  # of each process, busiest first
    client_cpu: float = 0.0  # the clients' CPU seconds, summed

    @property
    def server_us(self) -> float:
        """The server's CPU microseconds a call."""
        return self.cpu / max(self.calls, 1) * 1e6

    @property
    def client_us(self) -> float:
        """The clients' CPU microseconds a call."""
        return self.client_cpu / max(self.calls, 1) * 1e6

    @property
    def calls_per_s(self) -> float:
        return self.calls / self.seconds

    @property
    def questions_per_s(self) -> float:
        return self.questions / self.seconds


def _started(index: int) -> int:
    """A client process up (spawned, its imports done) before the first phase's clock."""
    time.sleep(1.0)
    return os.getpid()


def run_phase(server: Server, mode: str, clients: int, seconds: float, batch_size: int,
              seed: int, questions: dict[str, list[bytes]], pool: Any,
              connections: int = 1) -> Phase:
    jobs = [ClientJob(i, server.target, mode, seconds, batch_size,
                      request_pool(mode, batch_size, seed, questions, i), 0.0, connections)
            for i in range(clients)]
    start_at = time.time() + 2.0 + 0.25 * clients  # the clients connect before the clock starts
    for job in jobs:
        job.start_at = start_at
    pending = [pool.submit(run_client, job) for job in jobs]
    rss: list[tuple[float, int]] = []
    time.sleep(max(0.0, start_at - time.time()))
    t0 = time.monotonic()
    cpu0 = server.cpu_by_process()
    while time.monotonic() - t0 < seconds:
        rss.append((time.monotonic() - t0, server.rss_kib()))
        futures.wait(pending, timeout=min(0.5, max(0.01, seconds - (time.monotonic() - t0))))
    cpu1 = server.cpu_by_process()
    spent = sorted((cpu1[pid] - cpu0.get(pid, 0.0) for pid in cpu1), reverse=True)
    cpu = sum(spent)
    rss.append((time.monotonic() - t0, server.rss_kib()))
    # A client that died raises BrokenProcessPool here; one that hangs, TimeoutError.
    results: list[ClientResult] = [f.result(timeout=60) for f in pending]
    late = max(r.late for r in results)
    if late > 0.25:
        print(f"  (a client began {late:.2f} s late: the next figures are less reliable)")
    latencies = sorted(x for r in results for x in r.latencies)
    failed: dict[str, int] = {}
    for r in results:
        for k, v in r.failed.items():
            failed[k] = failed.get(k, 0) + v

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] if latencies else 0.0

    return Phase(server.name, mode, seconds, sum(r.calls for r in results),
                 sum(r.questions for r in results), failed, pct(0.5), pct(0.99), rss, cpu,
                 [x / max(cpu, 1e-9) for x in spent], sum(r.cpu for r in results))


def in_process_us(questions: dict[str, list[bytes]], seed: int, passes: int = 3) -> float:
    """The mean CPU microseconds of one client's unary mix (:func:`request_pool`, in the order it
    sends them) validated and answered in this process (``dispatch``, the least of ``passes``
    passes after a first): what the questions cost without gRPC, the event loop or a busy
    machine's other processes."""
    from oracle.service.questions import dispatch

    rpc_kind = {rpc: kind for kind, rpc in KIND_RPC.items()}
    asked = []
    for rpc, data in request_pool("unary", 0, seed, questions, 0):
        kind = rpc_kind[rpc]
        request = type(getattr(pb.Question(), kind)).FromString(data)
        asked.append(pb.Question(**{kind: request}))
    best = float("inf")
    for round_ in range(passes + 1):
        start = time.thread_time()
        for question in asked:
            dispatch(question)
        if round_:
            best = min(best, time.thread_time() - start)
    return best / len(asked) * 1e6


def unary_cpu(phases: dict[tuple[str, str], list[Phase]], n: int, mix_us: float) -> None:
    """Where a unary call's CPU goes, server and clients, and what goal 3 leaves the oracle: with
    every core busy, calls per second are the cores over the CPU of a call (client and server),
    so 0.9 of the no-op's throughput allows the oracle's server ``(noop + client) / 0.9 - client``
    microseconds a call. The model's throughput ratio is printed beside the measured one."""
    def median(name: str, of: Callable[[Phase], float]) -> float:
        return statistics.median(of(p) for p in phases[(f"{name}/{n}", "unary")])

    server, client = attrgetter("server_us"), attrgetter("client_us")
    noop, service, oracle = (median(s, server) for s in ("no-op", "service", "oracle"))
    client_noop, client_oracle = (median(s, client) for s in ("no-op", "oracle"))
    allowed = (noop + client_noop) / 0.9 - client_oracle
    model = (noop + client_noop) / (oracle + client_oracle)
    print("\nunary calls' CPU (µs a call, medians of the rounds):")
    print(f"  clients: {client_noop:.0f} beside the no-op server, {client_oracle:.0f} beside the oracle's")
    print(f"  no-op server {noop:.0f}; the oracle's server without its engine {service:.0f} "
          f"({service - noop:+.0f}); the oracle's server {oracle:.0f} ({oracle - noop:+.0f})")
    print(f"  the same questions in this process, validated and answered: {mix_us:.0f} µs each "
          "(in-process mean, no gRPC)")
    print(f"  throughput from the CPU a call, oracle / no-op: {model:.3f} (measured above); "
          f"0.9 allows the oracle's server {allowed:.0f} µs a call, {allowed - noop:+.0f} over "
          f"the no-op's: the door takes {service - noop:+.0f} of it, the questions "
          f"{oracle - service:+.0f}")


def warm_up(server: Server, questions: dict[str, list[bytes]], connections: int,
            batch_size: int = 100) -> float:
    """Every distinct question of the mix asked once on each of ``connections`` connections (in
    ``AnswerBatch`` calls of ``batch_size``), before any clock starts, so that each server process
    (the kernel gives each connection to one of them) has met every context, variant and lead
    size of the mix, as a long-running server has: the rounds then measure answering, not the
    first compile of a context or the building of a unit's decompositions. Returns the seconds
    it took."""
    everything = [pb.Question.FromString(q) for qs in questions.values() for q in qs]
    batches = [pb.AnswerBatchRequest(questions=everything[i:i + batch_size]).SerializeToString()
               for i in range(0, len(everything), batch_size)]
    start = time.monotonic()

    def one_connection(_: int) -> None:
        with grpc.insecure_channel(server.target, options=[
                ("grpc.max_receive_message_length", 256 * 1024 * 1024),
                ("grpc.use_local_subchannel_pool", 1)]) as channel:
            call = channel.unary_unary(f"/{SERVICE}/AnswerBatch")
            for data in batches:
                call(data, timeout=120)

    with futures.ThreadPoolExecutor(connections) as threads:
        list(threads.map(one_connection, range(connections)))
    return time.monotonic() - start


def _rss_line(rss: list[tuple[float, int]]) -> str:
    if not rss:
        return "no samples"
    step = max(1, len(rss) // 12)
    shown = rss[::step]
    if shown[-1] is not rss[-1]:
        shown.append(rss[-1])
    return "  ".join(f"{t:.0f}s:{kib / 1024:.1f}" for t, kib in shown) + " MiB"


def report(phase: Phase) -> None:
    rates = f"{phase.calls_per_s:8.1f} calls/s"
    if phase.mode == "batch":
        rates += f" ({phase.questions_per_s:.0f} questions/s)"
    failed = ", ".join(f"{k} {v}" for k, v in sorted(phase.failed.items())) or "none"
    peak = max((kib for _, kib in phase.rss), default=0) / 1024
    print(f"  {phase.server:<7} {phase.mode:<6} {phase.calls:8d} calls {rates}   "
          f"p50 {phase.p50 * 1e3:7.2f} ms   p99 {phase.p99 * 1e3:7.2f} ms   failed: {failed}")
    shares = "/".join(f"{x:.0%}" for x in phase.cpu_shares)
    print(f"          server CPU {phase.cpu:.1f} s ({phase.cpu / phase.seconds:.2f} cores; by "
          f"process {shares}), RSS peak {peak:.1f} MiB")
    print(f"          RSS over time: {_rss_line(phase.rss)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=4,
                        help="client processes of the unary phases (default %(default)s)")
    parser.add_argument("--batch-clients", type=int, default=8,
                        help="client processes of the batch phases: more than the unary ones, as "
                             "each costs little CPU, so that every server process always has "
                             "calls (default %(default)s)")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="length of each measured phase (default %(default)s)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of phases, the servers in turn in each; the ratios are the "
                             "medians of the rounds' (default %(default)s)")
    parser.add_argument("--mode", choices=("unary", "batch", "both"), default="both",
                        help="mixed unary calls, AnswerBatch calls, or both (default %(default)s)")
    parser.add_argument("--processes", type=int, default=default_processes(),
                        help="server processes, the oracle's and the no-op server's alike "
                             "(default %(default)s, the cores)")
    parser.add_argument("--connections", type=int, default=4,
                        help="connections per client, used in turn, so that the calls spread over "
                             "the server's processes (default %(default)s)")
    parser.add_argument("--batch-size", type=int, default=100,
                        help="questions per AnswerBatch call (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default %(default)s)")
    parser.add_argument("--kinds", type=lambda text: text.split(","), default=list(MIXED_KINDS),
                        help="the kinds of question in the mix, comma-separated (default: "
                             "the Speed issue's mixed questions, %(default)s)")
    parser.add_argument("--no-warm-up", dest="warm_up", action="store_false",
                        help="measure from a cold start: no warm-up before the first round "
                             "(by default every server first answers each question of the mix "
                             "once per connection, as a long-running server has)")
    parser.add_argument("--soak", action="store_true",
                        help="the oracle alone, mixed unary calls, RSS at start and end")
    parser.add_argument("--noop-server", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--service-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.noop_server:
        return serve_noop(args.processes)
    if args.service_only:
        return serve_service_only(args.processes)
    unknown = set(args.kinds) - set(KIND_RPC)
    if unknown:
        parser.error(f"--kinds: no such kind of question: {', '.join(sorted(unknown))}")
    if (not 1 <= args.clients <= 64 or not 1 <= args.batch_clients <= 64
            or not 0 < args.seconds <= 3600 or not 1 <= args.batch_size <= 10_000 or not 1 <= args.processes <= 64
            or not 1 <= args.connections <= 64 or not 1 <= args.rounds <= 100):
        parser.error("--clients and --batch-clients 1..64, --seconds up to 3600, --batch-size 1..10000, "
                     "--processes 1..64, --connections 1..64, --rounds 1..100")
    modes = ("unary",) if args.soak else ("unary", "batch") if args.mode == "both" else (args.mode,)
    n = args.processes
    print(f"load: {args.clients} client processes ({args.batch_clients} for batches; "
          f"{args.connections} connections each), "
          f"{args.seconds:g} s per phase, "
          f"modes {', '.join(modes)}" + (f", {args.batch_size} questions per batch"
                                         if "batch" in modes else "")
          + f", {n} server process(es), {os.cpu_count()} CPUs, "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    oracle = [sys.executable, "-m", "oracle", "--port", "0", "--host", "127.0.0.1",
              "--http-port", "-1"]  # gRPC only, as the load is
    runs: list[tuple[str, list[str], tuple[str, ...]]] = [
        (f"oracle/{n}", [*oracle, "--processes", str(n)], modes)]
    if not args.soak:
        if "batch" in modes and n > 1:
            runs.append(("oracle/1", [*oracle, "--processes", "1"], ("batch",)))
        runs.append((f"no-op/{n}", [sys.executable, "-m", "scripts.bench.load",
                                    "--noop-server", "--processes", str(n)], modes))
        if "unary" in modes:
            runs.append((f"service/{n}", [sys.executable, "-m", "scripts.bench.load",
                                          "--service-only", "--processes", str(n)], ("unary",)))
    questions = valid_questions(args.kinds)
    rounds = 1 if args.soak else args.rounds
    phases: dict[tuple[str, str], list[Phase]] = {}
    servers: dict[str, Server] = {}
    rss_at_start: dict[str, tuple[int, int]] = {}
    try:
        for name, argv_, _ in runs:  # all up at once, idle but for the phase under way
            servers[name] = Server(name, argv_)
        time.sleep(1.0)
        for name, server in servers.items():
            rss_at_start[name] = server.rss_kib(), server.pss_kib()
            print(f"{name} server on {server.target} (pids {server.pids()}), "
                  f"RSS at start {rss_at_start[name][0] / 1024:.1f} MiB")
        if args.warm_up:
            for name, server in servers.items():
                took = warm_up(server, questions, 4 * n)
                print(f"{name} warmed up: {sum(map(len, questions.values()))} questions on each "
                      f"of {4 * n} connections in {took:.1f} s, RSS then "
                      f"{server.rss_kib() / 1024:.1f} MiB")
        clients = {"unary": args.clients, "batch": args.batch_clients}
        with futures.ProcessPoolExecutor(max(clients[mode] for mode in modes),
                                         mp_context=multiprocessing.get_context("spawn")) as pool:
            list(pool.map(_started, range(max(clients[mode] for mode in modes))))
            for round_ in range(rounds):
                print(f"\nround {round_ + 1} of {rounds}, load average "
                      f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}:")
                for mode in modes:  # the servers in turn, each phase beside the others' of its round
                    for name, _, run_modes in runs:
                        if mode in run_modes:
                            phase = run_phase(servers[name], mode, clients[mode], args.seconds,
                                              args.batch_size, args.seed + round_, questions, pool,
                                              args.connections)
                            phases.setdefault((name, mode), []).append(phase)
                            report(phase)
        print()
        for name, server in servers.items():
            (rss0, pss0), rss1, pss1 = rss_at_start[name], server.rss_kib(), server.pss_kib()
            print(f"{name:<10} RSS at start {rss0 / 1024:7.1f} MiB, at the end {rss1 / 1024:7.1f} "
                  f"MiB ({(rss1 - rss0) / 1024:+.1f} MiB), summed over {len(server.pids())} "
                  f"process(es); PSS {pss0 / 1024:.1f} -> {pss1 / 1024:.1f} MiB; "
                  f"{server.troubles()}")
            if args.soak:
                samples = phases[(name, "unary")][0].rss
                warm = next(kib for t, kib in samples if t >= args.seconds / 10)
                print(f"{'':<10} after the first tenth of the load ({args.seconds / 10:.0f} s): "
                      f"{warm / 1024:.1f} MiB; from then to the end {(rss1 - warm) / 1024:+.1f} "
                      f"MiB, the most above it {(max(k for _, k in samples) - warm) / 1024:+.1f} "
                      f"MiB")
    finally:
        for server in servers.values():
            server.stop()

    def ratio(a: str, b: str, mode: str, per: str = "calls_per_s") -> list[float]:
        return [getattr(x, per) / max(getattr(y, per), 1e-9)
                for x, y in zip(phases[(a, mode)], phases[(b, mode)])]

    def cpu_ratio(a: str, b: str, mode: str) -> list[float]:
        return [x.server_us / max(y.server_us, 1e-9) for x, y in zip(phases[(a, mode)], phases[(b, mode)])]

    def shown(values: list[float]) -> str:
        return f"{statistics.median(values):6.3f} (rounds: {', '.join(f'{v:.3f}' for v in values)})"

    if not args.soak:
        print(f"\noracle / no-op, {n} process(es) each, median of {rounds} round(s):")
        for mode in modes:
            print(f"  {mode:<6} throughput {shown(ratio(f'oracle/{n}', f'no-op/{n}', mode))}")
            print(f"         server CPU per call {shown(cpu_ratio(f'oracle/{n}', f'no-op/{n}', mode))}")
        if "unary" in modes:
            print("  the oracle's server without its engine (every answer empty) / no-op:")
            print(f"  unary  throughput {shown(ratio(f'service/{n}', f'no-op/{n}', 'unary'))}")
            print(f"         server CPU per call "
                  f"{shown(cpu_ratio(f'service/{n}', f'no-op/{n}', 'unary'))}")
            unary_cpu(phases, n, in_process_us(questions, args.seed))
        print("\ngoals (Speed issue), medians:")
        if "unary" in modes:
            value = statistics.median(ratio(f"oracle/{n}", f"no-op/{n}", "unary"))
            print(f"  unary throughput, oracle / no-op:           {value:6.3f}  (goal >= 0.9)  "
                  f"{'met' if value >= 0.9 else 'NOT met'}")
        if "batch" in modes and n > 1:
            value = statistics.median(ratio(f"oracle/{n}", "oracle/1", "batch", "questions_per_s"))
            goal = 0.9 * n
            print(f"  AnswerBatch throughput, {n} processes / 1:    {value:6.3f}  (goal >= {goal:g})  "
                  f"{'met' if value >= goal else 'NOT met'}")
            many, one = phases[(f"oracle/{n}", "batch")], phases[("oracle/1", "batch")]
            per_question = statistics.median(
                (a.cpu / max(a.questions, 1)) / max(b.cpu / max(b.questions, 1), 1e-9)
                for a, b in zip(many, one))
            print(f"    beside it: server CPU per question, {n} processes / 1: {per_question:.3f}; "
                  f"cores used {statistics.median(a.cpu / a.seconds for a in many):.2f} against "
                  f"{statistics.median(b.cpu / b.seconds for b in one):.2f} (on a machine busy "
                  "with other sessions' work, the kernel's autogroup scheduling gives this "
                  "session a fixed share of the cores, however many processes it runs)")
    failed = sum(sum(p.failed.values()) for ps in phases.values() for p in ps)
    print(f"\nload: {failed} failed calls")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
