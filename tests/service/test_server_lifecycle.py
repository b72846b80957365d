"""The server's promises about time: health checks answered while every worker is busy, a call's
client going away reaching the worker, and the shutdown sequence of SIGTERM (docs/operations.md,
"Running the service") over a real process: NOT_SERVING at once, new calls answered during the drain
window, refused after it, the exit within drain + grace even with a call still computing, and a
second signal exiting at once.

The slow calls are made deterministic: a servicer whose handle loops until a time or until its
context stops being active, never a heavy rules input.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc
from oracle.engine.budget import spend
from oracle.service import servicer
from oracle.service.server import RunningServer, serve
from oracle.service.servicer import SERVICE_NAME, OracleService
from oracle.service.workers import INLINE_BYTES, INLINE_STEPS, CallContext, WorkerPool

ROOT = Path(__file__).resolve().parents[2]
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
SLOW = "slow" + "-" * INLINE_BYTES
"""The variant id of a GetVariant call the test servicers make slow: long enough for the request
to be answered in the worker pool, as every request larger than ``INLINE_BYTES`` is."""

HEALTH_DEADLINE = 2.0
"""How fast a health check must be answered, however busy the workers are."""


class SpinningService(OracleService):
    """GetVariant of ``slow`` spins on the CPU (holding the GIL, as the engine does) until its
    context stops being active or 20 s pass; every other call is the oracle's."""

    def __init__(self) -> None:
        self.started = threading.Semaphore(0)
        self.stopped: list[tuple[float, bool]] = []  # (time.monotonic, still active)

    def handle(self, method: str, request: Any, context: Any) -> Any:
        if method != "GetVariant" or request.variant_id != SLOW:
            return super().handle(method, request, context)
        self.started.release()
        end = time.monotonic() + 20
        while context.is_active() and time.monotonic() < end:
            sum(range(200))
        active = context.is_active()
        self.stopped.append((time.monotonic(), active))
        if not active:  # as the servicer's work budget does
            context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "the caller went away")
        return pb.GetVariantResponse()


@pytest.fixture
def spinning() -> Iterator[tuple[SpinningService, RunningServer]]:
    service = SpinningService()
    running = serve(port=0, host="127.0.0.1", workers=2, service=service)
    yield service, running
    running.stop(grace=None)


def check(channel: grpc.Channel, service: str = "", timeout: float = HEALTH_DEADLINE) -> Any:
    return (
        health_pb2_grpc.HealthStub(channel)
        .Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
        .status
    )


def slow_call(channel: grpc.Channel, timeout: float | None = 30) -> Any:
    stub = oracle_service_pb2_grpc.OracleServiceStub(channel)
    return stub.GetVariant.future(pb.GetVariantRequest(variant_id=SLOW), timeout=timeout)


def get_variant(channel: grpc.Channel) -> Any:
    stub = oracle_service_pb2_grpc.OracleServiceStub(channel)
    return stub.GetVariant(pb.GetVariantRequest(variant_id="qq-two-deck"), timeout=5)


def wait_until(condition: Any, timeout: float = 5.0) -> float:
    """Poll ``condition`` until true; the seconds it took (AssertionError after ``timeout``)."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"not within {timeout} s")
        time.sleep(0.005)
    return time.monotonic() - start


def test_health_is_answered_while_every_worker_is_busy(
    spinning: tuple[SpinningService, RunningServer],
) -> None:
    service, running = spinning
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        calls = [slow_call(channel) for _ in range(3)]  # two workers: the third call waits
        for _ in range(2):
            assert service.started.acquire(timeout=5)
        assert running.pool.busy == 2
        latencies = []
        for _ in range(20):
            start = time.monotonic()
            assert check(channel, SERVICE_NAME) == SERVING
            latencies.append(time.monotonic() - start)
        print(f"health with every worker busy: worst {max(latencies) * 1000:.0f} ms")
        assert max(latencies) < HEALTH_DEADLINE
        for call in reversed(calls):  # the queued call first: a worker freed first could start it
            call.cancel()
        # The cancelled calls' contexts turn inactive: the spinning workers stop, the queued
        # call never starts.
        wait_until(lambda: running.pool.busy == 0)
        assert len(service.stopped) == 2 and not any(active for _, active in service.stopped)
        assert get_variant(channel).variant.id == "qq-two-deck"


def test_a_deadline_reaches_the_worker(spinning: tuple[SpinningService, RunningServer]) -> None:
    service, running = spinning
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        start = time.monotonic()
        call = slow_call(channel, timeout=0.3)
        with pytest.raises(grpc.RpcError) as err:
            call.result()
        assert err.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        wait_until(lambda: running.pool.busy == 0)
        assert service.stopped[0][0] - start < 3  # soon after the deadline, not the call's 30 s


def test_the_call_context_of_a_worker() -> None:
    context = CallContext(time_remaining=0.05)
    remaining = context.time_remaining()
    assert remaining is not None and 0 < remaining <= 0.05
    assert context.is_active()
    time.sleep(0.06)
    assert not context.is_active() and context.time_remaining() == 0
    with pytest.raises(Exception) as err:
        context.abort(grpc.StatusCode.INTERNAL, "boom")
    assert (err.value.code, err.value.details) == (grpc.StatusCode.INTERNAL, "boom")  # type: ignore[attr-defined]


def test_worker_threads_never_keep_the_process_alive() -> None:
    pool = WorkerPool(2)
    blocker = threading.Event()
    pool.submit(blocker.wait)
    assert all(t.daemon for t in threading.enumerate() if t.name.startswith("oracle-worker"))
    pool.shutdown(wait=False)
    blocker.set()


def test_a_question_that_spends_its_share_on_the_loop_moves_to_the_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A small question is answered on the event loop with a share of the work budget; one that
    spends more is answered again in a worker with the whole budget, and health checks are
    answered meanwhile."""
    threads: list[str] = []

    def heavy(request: Any) -> Any:
        threads.append(threading.current_thread().name)
        end = time.monotonic() + 0.5
        while time.monotonic() < end:  # about 0.5 s of steps: far more than the loop's share
            spend(1)
            sum(range(50))
        return pb.GetVariantResponse(variant=pb.Variant(id="heavy"))

    def light(request: Any) -> Any:
        threads.append(threading.current_thread().name)
        spend(INLINE_STEPS // 2)
        return pb.GetVariantResponse(variant=pb.Variant(id="light"))

    running = serve(port=0, host="127.0.0.1", workers=1)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = oracle_service_pb2_grpc.OracleServiceStub(channel)
            monkeypatch.setitem(servicer.ANSWERS, "GetVariant", light)
            assert stub.GetVariant(pb.GetVariantRequest(), timeout=5).variant.id == "light"
            assert threads == ["oracle-event-loop"]

            threads.clear()
            monkeypatch.setitem(servicer.ANSWERS, "GetVariant", heavy)
            call = stub.GetVariant.future(pb.GetVariantRequest(), timeout=30)
            wait_until(lambda: running.pool.busy == 1)
            start = time.monotonic()
            assert check(channel, SERVICE_NAME) == SERVING
            health_took = time.monotonic() - start
            assert call.result().variant.id == "heavy"
        print(f"health while a moved question computes: {health_took * 1000:.0f} ms")
        assert threads[0] == "oracle-event-loop" and threads[1].startswith("oracle-worker")
        assert len(threads) == 2
        assert health_took < HEALTH_DEADLINE
    finally:
        running.stop(grace=None)


def test_stop_in_process_keeps_its_grace(spinning: tuple[SpinningService, RunningServer]) -> None:
    """In-process: NOT_SERVING during the drain, new calls still answered, then the stop within
    drain + grace though a call ignores it (its context turns inactive when cancelled)."""
    service, running = spinning
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        call = slow_call(channel)
        assert service.started.acquire(timeout=5)
        stopper = threading.Thread(target=running.stop, kwargs={"grace": 1.0, "drain": 2.0})
        start = time.monotonic()
        stopper.start()
        wait_until(lambda: check(channel) == NOT_SERVING, timeout=1.5)
        assert get_variant(channel).variant.id == "qq-two-deck"  # inside the drain window
        stopper.join(timeout=10)
        took = time.monotonic() - start
        assert not stopper.is_alive() and took < 2.0 + 1.0 + 3, took  # not the call's 30 s
        with pytest.raises(grpc.RpcError):
            call.result(timeout=5)
        wait_until(lambda: running.pool.busy == 0)


CHILD = """
import os, sys, time
from oracle import pb
from oracle.service import server, servicer

original = servicer.OracleService.handle

def handle(self, method, request, context):
    if method == "GetVariant" and request.variant_id.startswith("slow"):
        print("slow call started", file=sys.stderr, flush=True)
        time.sleep(60)  # ignores its context: the worst case for a shutdown
    if method == "GetVariant" and request.variant_id == "pid":  # which process answers
        return pb.GetVariantResponse(variant=pb.Variant(id=str(os.getpid())))
    return original(self, method, request, context)

servicer.OracleService.handle = handle
raise SystemExit(server.main(sys.argv[1:]))
"""


class Child:
    """``python -m oracle`` with a slow GetVariant, its stderr read line by line."""

    def __init__(self, *args: str, new_session: bool = False) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, "--port", "0", "--host", "127.0.0.1", *args],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            start_new_session=new_session,
        )
        self.lines: list[str] = []
        self.read_at: list[float] = []  # time.monotonic() when each line was read
        self.port = 0
        self.ready = threading.Event()
        self.slow_started = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        if not self.ready.wait(30):
            self.proc.kill()
            raise AssertionError("the server did not start:\n" + "".join(self.lines))

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.read_at.append(time.monotonic())
            self.lines.append(line)
            if found := re.search(r"serving \S+ on \S+:(\d+) ", line):
                self.port = int(found.group(1))
                self.ready.set()
            if "slow call started" in line:
                self.slow_started.set()
        self.ready.set()

    def logged_at(self, text: str) -> float:
        return next(t for t, line in zip(self.read_at, self.lines) if text in line)

    def log(self) -> str:
        return "".join(self.lines)

    def children(self) -> set[int]:
        """The pids of the server's own processes (none with ``--processes 1``)."""
        return children_of(self.proc.pid)

    def kill(self) -> None:
        pids = self.children()
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for pid in pids:  # they go when the parent does; in case a test failed before that
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def children_of(parent: int) -> set[int]:
    """The live (not zombie) processes whose parent is ``parent``, from /proc."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == parent and fields[0] != "Z":
                found.add(int(stat.parent.name))
    return found


def gone(pid: int) -> bool:
    """Whether ``pid`` has exited (a zombie counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"


@pytest.fixture
def child_factory() -> Iterator[Any]:
    children: list[Child] = []

    def start(*args: str, new_session: bool = False) -> Child:
        children.append(Child(*args, new_session=new_session))
        return children[-1]

    yield start
    for child in children:
        child.kill()


def watch(channel: grpc.Channel, seen: list[tuple[float, Any]]) -> None:
    """Record when a Watch stream sees each status (until the stream ends)."""
    stream = health_pb2_grpc.HealthStub(channel).Watch(health_pb2.HealthCheckRequest(service=""))
    try:
        for response in stream:
            seen.append((time.monotonic(), response.status))
    except grpc.RpcError:
        pass


def test_sigterm_runs_the_shutdown_sequence(child_factory: Any) -> None:
    # Margins wide enough for a loaded two-core machine; the call in flight sleeps 60 s, so an
    # exit within drain + grace + a few seconds still shows the grace is kept.
    drain, grace = 3.0, 2.0
    child = child_factory("--processes", "1", "--drain", str(drain), "--grace", str(grace))
    with grpc.insecure_channel(f"127.0.0.1:{child.port}") as channel:
        assert check(channel, timeout=5) == SERVING
        seen: list[tuple[float, Any]] = []
        threading.Thread(target=watch, args=(channel, seen), daemon=True).start()
        wait_until(lambda: seen)
        call = slow_call(channel)
        assert child.slow_started.wait(5)

        start = time.monotonic()
        child.proc.send_signal(signal.SIGTERM)
        first_not_serving = wait_until(lambda: check(channel) == NOT_SERVING, timeout=1.5)
        assert get_variant(channel).variant.id == "qq-two-deck"  # a new call inside the drain
        answered_in_drain = time.monotonic() - start
        time.sleep(max(0.0, drain + 0.4 - (time.monotonic() - start)))
        with pytest.raises(grpc.RpcError) as refused:
            get_variant(channel)  # after the drain, inside the grace period
        refused_at = time.monotonic() - start
        child.proc.wait(timeout=drain + grace + 4)
        exited = time.monotonic() - start

    watched = next(t for t, status in seen if status == NOT_SERVING) - start
    stopped = child.logged_at("stopped") - start
    print(
        f"NOT_SERVING after {first_not_serving * 1000:.0f} ms (Check), {watched * 1000:.0f} ms "
        f"(Watch); a new call answered at {answered_in_drain:.2f} s, refused at "
        f"{refused_at:.2f} s; stopped after {stopped:.2f} s, exit after {exited:.2f} s "
        f"(drain {drain}, grace {grace})"
    )
    assert watched < 1.5
    assert answered_in_drain < drain
    assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
    assert drain + grace - 0.2 < stopped < drain + grace + 2, stopped
    assert exited < drain + grace + 4, exited
    assert child.proc.returncode == 0, child.log()
    with pytest.raises(grpc.RpcError) as dropped:
        call.result(timeout=5)
    print(f"the call still computing ended with {dropped.value.code().name}")
    assert "1 call(s) still computing after the grace period: abandoned" in child.log()
    assert "stopped" in child.log()


def test_a_second_sigterm_exits_at_once(child_factory: Any) -> None:
    child = child_factory("--processes", "1", "--drain", "5", "--grace", "5")
    with grpc.insecure_channel(f"127.0.0.1:{child.port}") as channel:
        call = slow_call(channel)
        assert child.slow_started.wait(5)
        child.proc.send_signal(signal.SIGTERM)
        wait_until(lambda: check(channel) == NOT_SERVING, timeout=1.5)
        start = time.monotonic()
        child.proc.send_signal(signal.SIGTERM)
        child.proc.wait(timeout=4)
        exited = time.monotonic() - start
    print(f"second SIGTERM: exit after {exited * 1000:.0f} ms")
    assert call.exception(timeout=5) is not None
    assert exited < 3  # at once, not after the drain and grace of 10 s
    assert child.proc.returncode == 128 + signal.SIGTERM, child.log()
    assert "second SIGTERM" in child.log()


def test_sigint_stops_like_sigterm(child_factory: Any) -> None:
    child = child_factory("--drain", "0", "--grace", "1")  # as many processes as cores
    child.proc.send_signal(signal.SIGINT)
    child.proc.wait(timeout=3)
    assert child.proc.returncode == 0, child.log()
    assert "SIGINT: NOT_SERVING" in child.log()


# ---------------------------------------------------------------------------------------------
# --processes 2: two children on one port, the parent relaying signals.


def channels_by_process(port: int, wanted: int = 2, tries: int = 24) -> dict[int, grpc.Channel]:
    """One channel (its own connection) to each process serving ``port``, found by asking which
    process answers over new connections (the kernel spreads them among the processes)."""
    found: dict[int, grpc.Channel] = {}
    for _ in range(tries):
        channel = grpc.insecure_channel(
            f"127.0.0.1:{port}", options=[("grpc.use_local_subchannel_pool", 1)]
        )
        stub = oracle_service_pb2_grpc.OracleServiceStub(channel)
        pid = int(stub.GetVariant(pb.GetVariantRequest(variant_id="pid"), timeout=5).variant.id)
        if pid in found:
            channel.close()
        else:
            found[pid] = channel
        if len(found) == wanted:
            break
    return found


def test_processes_share_the_port_and_run_the_shutdown_sequence_together(
    child_factory: Any,
) -> None:
    drain, grace = 3.0, 2.0
    child = child_factory("--processes", "2", "--drain", str(drain), "--grace", str(grace))
    pids = child.children()
    assert len(pids) == 2, pids
    channels = channels_by_process(child.port)
    try:
        assert set(channels) == pids  # both children answer on the one port; the parent does not
        watched: list[list[tuple[float, Any]]] = []
        for channel in channels.values():
            assert check(channel, SERVICE_NAME, timeout=5) == SERVING
            watched.append([])
            threading.Thread(target=watch, args=(channel, watched[-1]), daemon=True).start()
            wait_until(lambda seen=watched[-1]: seen)
        first = next(iter(channels.values()))
        call = slow_call(first)
        assert child.slow_started.wait(5)

        start = time.monotonic()
        child.proc.send_signal(signal.SIGTERM)
        not_serving = [
            wait_until(lambda c=c: check(c) == NOT_SERVING, timeout=1.5) for c in channels.values()
        ]
        for channel in channels.values():  # new calls answered in the drain, in every process
            assert get_variant(channel).variant.id == "qq-two-deck"
        answered_in_drain = time.monotonic() - start
        time.sleep(max(0.0, drain + 0.4 - (time.monotonic() - start)))
        refused = []
        for channel in channels.values():
            with pytest.raises(grpc.RpcError) as err:
                get_variant(channel)
            refused.append(err.value.code())
        child.proc.wait(timeout=drain + grace + 6)
        exited = time.monotonic() - start
    finally:
        for channel in channels.values():
            channel.close()
    watches = [next(t for t, status in seen if status == NOT_SERVING) - start for seen in watched]
    print(
        f"--processes 2: NOT_SERVING after {max(not_serving) * 1000:.0f} ms (Check), "
        f"{max(watches) * 1000:.0f} ms (Watch) in both; new calls "
        f"answered until {answered_in_drain:.2f} s; exit after {exited:.2f} s "
        f"(drain {drain}, grace {grace})"
    )
    assert answered_in_drain < drain
    assert max(watches) < 1.5
    assert refused == [grpc.StatusCode.UNAVAILABLE] * 2
    assert drain + grace - 0.2 < exited < drain + grace + 6, exited
    assert child.proc.returncode == 0, child.log()
    assert all(gone(pid) for pid in pids)
    assert call.exception(timeout=5) is not None
    assert "1 call(s) still computing after the grace period: abandoned" in child.log()


def test_processes_a_signal_to_the_group_counts_once_and_a_second_exits_at_once(
    child_factory: Any,
) -> None:
    child = child_factory("--processes", "2", "--drain", "5", "--grace", "5", new_session=True)
    pids = child.children()
    assert len(pids) == 2
    with grpc.insecure_channel(f"127.0.0.1:{child.port}") as channel:
        os.killpg(child.proc.pid, signal.SIGTERM)  # as a terminal's Ctrl-C or systemd would
        wait_until(lambda: check(channel) == NOT_SERVING, timeout=1.5)
        time.sleep(0.3)
        assert child.proc.poll() is None and not any(gone(pid) for pid in pids)  # still draining
        start = time.monotonic()
        child.proc.send_signal(signal.SIGTERM)
        child.proc.wait(timeout=4)
        exited = time.monotonic() - start
    print(f"--processes 2, second SIGTERM: exit after {exited * 1000:.0f} ms")
    assert exited < 3  # not after the drain and grace of 10 s
    assert child.proc.returncode == 128 + signal.SIGTERM, child.log()
    assert all(gone(pid) for pid in pids)


def test_processes_a_dead_child_is_replaced_and_all_go_with_the_parent(child_factory: Any) -> None:
    child = child_factory("--processes", "2")
    pids = child.children()
    victim = min(pids)
    os.kill(victim, signal.SIGKILL)
    wait_until(lambda: len(child.children() - {victim}) == 2, timeout=10)
    replaced = child.children()
    assert victim not in replaced and len(replaced & pids) == 1
    assert re.search(rf"process \d \(pid {victim}\) exited with status -9: starting", child.log())
    channels = channels_by_process(child.port)
    try:
        assert set(channels) == replaced
        assert all(check(c, SERVICE_NAME) == SERVING for c in channels.values())
    finally:
        for channel in channels.values():
            channel.close()
    child.proc.kill()  # the parent killed: its children see their pipe close and exit
    child.proc.wait()
    wait_until(lambda: all(gone(pid) for pid in replaced), timeout=5)


def test_processes_too_many_deaths_stop_the_server(child_factory: Any) -> None:
    """A sixth death within a minute: something kills the processes faster than they serve."""
    child = child_factory("--processes", "2", "--drain", "0", "--grace", "0")
    for deaths in range(1, 7):
        victim = min(child.children())
        os.kill(victim, signal.SIGKILL)
        if deaths < 6:  # replaced, and serving again before the next death
            wait_until(lambda d=deaths: child.log().count("serving again") == d, timeout=10)
    child.proc.wait(timeout=10)
    assert child.proc.returncode == 1, child.log()
    assert "the 6-th within 60 s: stopping" in child.log()


def test_processes_a_port_in_use_fails_at_once() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "oracle",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--processes",
                "2",
            ],
            check=False,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
    assert done.returncode == 1, done.stderr
    assert "cannot listen on 127.0.0.1:" in done.stderr
