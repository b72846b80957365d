"""The implementations a runner can ask: in-process, a gRPC server, a stdio process.

A target answers a list of questions (``Question`` messages) with one
``Answer`` or one :class:`Failure` per question, in order. A failure is not a
wrong answer but no answer at all: the call failed, the process died, the
line was not JSON.

>>> from oracle import pb
>>> target = InProcessTarget()
>>> [a.WhichOneof("answer") for a in target.answer([pb.Question(), pb.Question(
...     get_variant=pb.GetVariantRequest(variant_id="qq-two-deck"))])]
['error', 'get_variant']
>>> target.close()
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

import grpc
from google.protobuf import json_format

from conformance.compare import AnswerFormatError, parse_answer
from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc
from oracle.service.questions import dispatch as engine_dispatch


@dataclass(frozen=True)
class Failure:
    """No answer for a question, and why."""

    reason: str


Result = pb.Answer | Failure


class Target(Protocol):
    """Something that answers questions."""

    name: str

    def answer(self, questions: Sequence[pb.Question]) -> list[Result]:
        """One answer (or failure) per question, in order."""
        ...

    def close(self) -> None:
        """Release the connection or the process."""
        ...


class InProcessTarget:
    """This project's engine, called directly (:func:`oracle.service.questions.dispatch`).

    ``dispatch`` may be replaced, for example by a test that wraps it.
    """

    name = "in-process"

    def __init__(self, dispatch: Callable[[pb.Question], pb.Answer] = engine_dispatch) -> None:
        self._dispatch = dispatch

    def answer(self, questions: Sequence[pb.Question]) -> list[Result]:
        results: list[Result] = []
        for question in questions:
            try:
                results.append(self._dispatch(question))
            except Exception as err:  # noqa: BLE001 - a crash is this question's failure
                results.append(Failure(f"the engine raised {type(err).__name__}: {err}"))
        return results

    def close(self) -> None:
        return None


class GrpcTarget:
    """A server implementing ``shengji.oracle.v1.OracleService``, asked with ``AnswerBatch``.

    When a whole batch fails (a status other than OK), its questions are
    asked again one per call, so that one bad question fails alone.
    """

    def __init__(self, address: str, timeout: float = 60.0) -> None:
        self.name = f"grpc {address}"
        self._channel = grpc.insecure_channel(
            address, options=[("grpc.max_receive_message_length", 64 * 1024 * 1024)]
        )
        self._stub = oracle_service_pb2_grpc.OracleServiceStub(self._channel)  # type: ignore[no-untyped-call]
        self._timeout = timeout

    def wait_ready(self, timeout: float = 10.0) -> None:
        """Wait until the channel connects; ``ConnectionError`` if it does not."""
        try:
            grpc.channel_ready_future(self._channel).result(timeout=timeout)
        except grpc.FutureTimeoutError:
            raise ConnectionError(f"{self.name}: no server answered within {timeout:g} s") from None

    def _call(self, questions: Sequence[pb.Question]) -> list[Result]:
        request = pb.AnswerBatchRequest(questions=list(questions))
        response = self._stub.AnswerBatch(request, timeout=self._timeout)
        answers: list[Result] = list(response.answers)
        if len(answers) != len(questions):
            reason = f"AnswerBatch returned {len(answers)} answers for {len(questions)} questions"
            return [Failure(reason) for _ in questions]
        return answers

    def answer(self, questions: Sequence[pb.Question]) -> list[Result]:
        try:
            return self._call(questions)
        except grpc.RpcError as err:
            if len(questions) == 1:
                return [Failure(_rpc_error_text(err))]
        results: list[Result] = []
        for question in questions:
            try:
                results.extend(self._call([question]))
            except grpc.RpcError as err:
                results.append(Failure(_rpc_error_text(err)))
        return results

    def close(self) -> None:
        self._channel.close()


def _rpc_error_text(err: Any) -> str:
    code = err.code() if hasattr(err, "code") else None
    details = err.details() if hasattr(err, "details") else str(err)
    return f"AnswerBatch failed: {getattr(code, 'name', code)}: {details}"


def question_line(question: pb.Question) -> str:
    """One question as a line of the stdio protocol: compact proto3 JSON, no newline inside.

    >>> question_line(pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-one-deck")))
    '{"getVariant":{"variantId":"qq-one-deck"}}'
    """
    data = json_format.MessageToDict(question)
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


class StdioTarget:
    """An implementation run as a process: one JSON question per line in, one answer per line out.

    The questions are written by a thread while the answers are read, so
    neither pipe fills up. A process that exits, writes a line that is not an
    ``Answer`` or stays silent for ``timeout`` seconds fails the questions
    left (INTERPRETING.md, "The stdio protocol").
    """

    def __init__(self, command: str, timeout: float = 30.0) -> None:
        self.name = f"stdio {command}"
        self._argv = shlex.split(command)
        if not self._argv:
            raise ValueError("--stdio needs a command")
        self._timeout = timeout
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str] = queue.Queue()
        self._dead = ""

    def _start(self) -> subprocess.Popen[str]:
        if self._process is None:
            self._process = subprocess.Popen(
                self._argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
            assert self._process.stdout is not None
            reader = threading.Thread(target=_read_all, args=(self._process.stdout, self._lines), daemon=True)
            reader.start()
        return self._process

    def answer(self, questions: Sequence[pb.Question]) -> list[Result]:
        if self._dead:
            return [Failure(self._dead) for _ in questions]
        process = self._start()
        assert process.stdin is not None
        lines = [question_line(q) + "\n" for q in questions]
        writer = threading.Thread(target=_write_all, args=(process.stdin, lines), daemon=True)
        writer.start()
        results: list[Result] = []
        for _ in questions:
            if self._dead:
                results.append(Failure(self._dead))
                continue
            try:
                line: str | None = self._lines.get(timeout=self._timeout)
            except queue.Empty:
                line = None
            if line is None:
                self._dead = f"no answer within {self._timeout:g} s"
                self._kill()
                results.append(Failure(self._dead))
            elif line == "":
                code = process.poll()
                self._dead = f"the process ended (exit status {code}) before answering"
                results.append(Failure(self._dead))
            else:
                results.append(_answer_of_line(line))
        writer.join(timeout=self._timeout)
        return results

    def _kill(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait()

    def close(self) -> None:
        process = self._process
        if process is None:
            return
        if process.stdin is not None and not process.stdin.closed:
            try:
                process.stdin.close()
            except OSError:
                pass
        try:
            process.wait(timeout=self._timeout)
        except subprocess.TimeoutExpired:
            self._kill()
        if process.stdout is not None:
            process.stdout.close()
        self._process = None


def _write_all(stream: IO[str], lines: Sequence[str]) -> None:
    try:
        for line in lines:
            stream.write(line)
        stream.flush()
    except (BrokenPipeError, OSError, ValueError):
        pass


def _read_all(stream: IO[str], lines: queue.Queue[str]) -> None:
    """Put every line of ``stream`` on the queue, then ``""`` at its end."""
    try:
        for line in stream:
            if line.strip():
                lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put("")


def _answer_of_line(line: str) -> Result:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        return Failure(f"the answer line is not JSON ({err}): {line[:200]!r}")
    try:
        return parse_answer(data)
    except AnswerFormatError as err:
        return Failure(str(err))
