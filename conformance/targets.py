"""The implementations a runner can ask: in-process, a gRPC server, a stdio process.

A target answers a list of questions (``Question`` messages of
:mod:`conformance.protos`), each with its case id, with one ``Answer``, one
:class:`Unsupported` or one :class:`Failure` per question, in order. A failure
is not a wrong answer but no answer at all: the call failed, the process died.
A :class:`ProtocolError` (a stray line on a stdio engine's stdout) stops the
run: after it, answers can no longer be matched to questions.

>>> from conformance.protos import Question
>>> stdio_line(Question(get_variant={"variant_id": "qq-one-deck"}), "hand/x", 2)
'{"id":"hand/x","question":{"getVariant":{"variantId":"qq-one-deck"}}}'
>>> stdio_line(Question(get_variant={"variant_id": "qq-one-deck"}), "hand/x", 1)
'{"getVariant":{"variantId":"qq-one-deck"}}'
"""

from __future__ import annotations

import collections
import json
import queue
import shlex
import signal
import subprocess
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

import grpc
from google.protobuf import json_format

from conformance import protos
from conformance.compare import AnswerFormatError, parse_answer

STDIO_PROTOCOLS = (1, 2)
"""The versions of the stdio protocol (INTERPRETING.md, "The stdio protocol")."""

UNSUPPORTED_CODES = frozenset({"UNIMPLEMENTED", "UNSUPPORTED"})
"""Error codes of an ``Answer`` saying "this engine does not do that": the case is skipped."""

STDERR_LINES = 20
"""The last lines of a stdio engine's stderr kept to show when it fails."""


@dataclass(frozen=True)
class Failure:
    """No answer for a question, and why."""

    reason: str


@dataclass(frozen=True)
class Unsupported:
    """The engine says it does not implement what the question needs (the case is skipped)."""

    reason: str


class ProtocolError(RuntimeError):
    """The engine broke the stdio protocol (a stray line): the run cannot go on.

    ``partial`` holds the results of the batch's questions answered before it.
    """

    def __init__(self, message: str, partial: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.partial = list(partial)


Result = Any  # an Answer message, Unsupported or Failure


def unsupported_of(answer: Any) -> Unsupported | None:
    """An ``Answer`` whose error code says the engine does not implement the question.

    >>> unsupported_of(parse_answer({"error": {"code": "UNIMPLEMENTED", "message": "no throws"}}))
    Unsupported(reason='UNIMPLEMENTED: no throws')
    >>> unsupported_of(parse_answer({"error": {"code": "INVALID_ARGUMENT"}})) is None
    True
    """
    if not isinstance(answer, protos.Answer) or answer.WhichOneof("answer") != "error":
        return None
    if answer.error.code not in UNSUPPORTED_CODES:
        return None
    return Unsupported(f"{answer.error.code}: {answer.error.message}".rstrip(": "))


class Target(Protocol):
    """Something that answers questions."""

    name: str

    def answer(self, questions: Sequence[Any], ids: Sequence[str]) -> list[Result]:
        """One answer (or failure) per question, in order; ``ids`` are the cases' ids."""
        ...

    def close(self) -> None:
        """Release the connection or the process."""
        ...


class InProcessTarget:
    """This project's engine (the ``oracle`` package), called directly.

    Only this target needs the engine; it is imported when the target is
    made. ``dispatch`` (default :func:`oracle.service.questions.dispatch`)
    takes and returns the engine's own messages; they cross over as bytes.
    """

    name = "in-process"

    def __init__(self, dispatch: Callable[[Any], Any] | None = None) -> None:
        try:
            from oracle import pb
            from oracle.service.questions import dispatch as engine_dispatch
        except ImportError as err:
            raise ValueError(f"--in-process needs this project's engine (oracle): {err}") from None
        self._dispatch = dispatch or engine_dispatch
        self._question_type = pb.Question

    def answer(self, questions: Sequence[Any], ids: Sequence[str] = ()) -> list[Result]:
        results: list[Result] = []
        for question in questions:
            try:
                asked = self._question_type.FromString(question.SerializeToString())
                results.append(protos.Answer.FromString(self._dispatch(asked).SerializeToString()))
            except Exception as err:  # noqa: BLE001 - a crash is this question's failure
                results.append(Failure(f"the engine raised {type(err).__name__}: {err}"))
        return results

    def close(self) -> None:
        return None


ANSWER_BATCH = f"/{protos.SERVICE.full_name}/AnswerBatch"


class GrpcTarget:
    """A server implementing ``shengji.oracle.v1.OracleService``, asked with ``AnswerBatch``.

    When a whole batch fails (a status other than OK), its questions are
    asked again one per call, so that one bad question fails alone. A question
    the server does not implement is answered in its slot with the error code
    ``UNIMPLEMENTED`` (a status ``UNIMPLEMENTED`` says ``AnswerBatch`` itself is
    missing: a failure).
    """

    def __init__(self, address: str, timeout: float = 60.0) -> None:
        self.name = f"grpc {address}"
        self._channel = grpc.insecure_channel(
            address, options=[("grpc.max_receive_message_length", 64 * 1024 * 1024)]
        )
        self._stub = self._channel.unary_unary(
            ANSWER_BATCH,
            request_serializer=lambda m: m.SerializeToString(),
            response_deserializer=protos.AnswerBatchResponse.FromString,
        )
        self._timeout = timeout

    def wait_ready(self, timeout: float = 10.0) -> None:
        """Wait until the channel connects; ``ConnectionError`` if it does not."""
        try:
            grpc.channel_ready_future(self._channel).result(timeout=timeout)
        except grpc.FutureTimeoutError:
            raise ConnectionError(f"{self.name}: no server answered within {timeout:g} s") from None

    def _call(self, questions: Sequence[Any]) -> list[Result]:
        request = protos.AnswerBatchRequest(questions=list(questions))
        response = self._stub(request, timeout=self._timeout)
        answers: list[Result] = list(response.answers)
        if len(answers) != len(questions):
            reason = f"AnswerBatch returned {len(answers)} answers for {len(questions)} questions"
            return [Failure(reason) for _ in questions]
        return answers

    def answer(self, questions: Sequence[Any], ids: Sequence[str] = ()) -> list[Result]:
        try:
            return self._call(questions)
        except grpc.RpcError as err:
            if len(questions) == 1:
                return [_rpc_result(err)]
        results: list[Result] = []
        for question in questions:
            try:
                results.extend(self._call([question]))
            except grpc.RpcError as err:
                results.append(_rpc_result(err))
        return results

    def close(self) -> None:
        self._channel.close()


def _rpc_result(err: Any) -> Result:
    code = err.code() if hasattr(err, "code") else None
    details = err.details() if hasattr(err, "details") else str(err)
    return Failure(f"AnswerBatch failed: {getattr(code, 'name', code)}: {details}")


def stdio_line(question: Any, case_id: str, protocol: int = 2) -> str:
    """One question as a line of the stdio protocol: compact proto3 JSON, no newline inside.

    Protocol 2 wraps it with the case's id, which the answer echoes.
    """
    data: Any = json_format.MessageToDict(question)
    if protocol >= 2:
        data = {"id": case_id, "question": data}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def exit_text(code: int | None) -> str:
    """An exit status for people.

    >>> exit_text(3), exit_text(-9), exit_text(None)
    ('exit status 3', 'killed by signal 9 (SIGKILL)', 'still running')
    """
    if code is None:
        return "still running"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "unknown"
        return f"killed by signal {-code} ({name})"
    return f"exit status {code}"


class StdioTarget:
    """An implementation run as a process: one JSON question per line in, one answer per line out.

    The questions are written by a thread while the answers are read, so
    neither pipe fills up; another thread keeps the last lines of stderr. A
    process that exits or stays silent for ``timeout`` seconds fails the
    questions left, with its exit status and last stderr lines. In protocol 2
    a line that is not the answer to the question owed (not JSON, no ``id``,
    another id) raises :class:`ProtocolError` (INTERPRETING.md, "The stdio
    protocol").
    """

    def __init__(self, command: str, timeout: float = 30.0, protocol: int = 2) -> None:
        self.name = f"stdio {command}"
        self._argv = shlex.split(command)
        if not self._argv:
            raise ValueError("--stdio needs a command")
        if protocol not in STDIO_PROTOCOLS:
            raise ValueError(f"no stdio protocol {protocol} (there are {STDIO_PROTOCOLS})")
        self.protocol = protocol
        self._timeout = timeout
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._dead = ""
        self._stderr_reader: threading.Thread | None = None

    def _start(self) -> subprocess.Popen[str]:
        if self._process is None:
            try:
                self._process = subprocess.Popen(
                    self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    text=True, encoding="utf-8", errors="replace", bufsize=1,
                )
            except OSError as err:
                raise ProtocolError(f"cannot start {self._argv[0]!r}: {err}") from None
            assert self._process.stdout is not None and self._process.stderr is not None
            threading.Thread(target=_read_all, args=(self._process.stdout, self._lines), daemon=True).start()
            self._stderr_reader = threading.Thread(target=_keep_tail, args=(self._process.stderr, self._stderr),
                                                   daemon=True)
            self._stderr_reader.start()
        return self._process

    def stderr_tail(self) -> str:
        """The last lines the process wrote on stderr, indented, or "" when none."""
        if self._stderr_reader is not None and self._process is not None and self._process.poll() is not None:
            self._stderr_reader.join(timeout=2)
        lines = [line.rstrip("\n") for line in list(self._stderr)]
        if not lines:
            return ""
        return "; its last stderr lines:\n" + "\n".join(f"    | {line}" for line in lines)

    def answer(self, questions: Sequence[Any], ids: Sequence[str] = ()) -> list[Result]:
        if self._dead:
            return [Failure(self._dead) for _ in questions]
        process = self._start()
        assert process.stdin is not None
        names = list(ids) or [f"#{i}" for i in range(len(questions))]
        lines = [stdio_line(q, i, self.protocol) + "\n" for q, i in zip(questions, names, strict=True)]
        writer = threading.Thread(target=_write_all, args=(process.stdin, lines), daemon=True)
        writer.start()
        results: list[Result] = []
        for case_id in names:
            if self._dead:
                results.append(Failure(self._dead))
                continue
            try:
                line: str | None = self._lines.get(timeout=self._timeout)
            except queue.Empty:
                line = None
            if line is None:
                self._kill()
                self._dead = f"no answer within {self._timeout:g} s (the process was stopped)" + self.stderr_tail()
                results.append(Failure(self._dead))
            elif line == "":
                try:
                    code: int | None = process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    code = None
                self._dead = (f"the process closed its stdout before answering ({exit_text(code)})"
                              + self.stderr_tail())
                results.append(Failure(self._dead))
            elif self.protocol >= 2:
                try:
                    results.append(self._answer_v2(line, case_id))
                except ProtocolError as err:
                    err.partial = results
                    raise
            else:
                results.append(_answer_of_line(line))
        writer.join(timeout=self._timeout)
        return results

    def _answer_v2(self, line: str, case_id: str) -> Result:
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            data = None
        if not isinstance(data, dict) or "id" not in data:
            self._stop()
            raise ProtocolError(
                f"a stray line on the engine's stdout where the answer to {case_id} was due: "
                f"{line.rstrip()[:300]!r} (protocol 2: every stdout line is an answer "
                f"{{\"id\": ..., \"answer\": ...}}; write logs to stderr){self.stderr_tail()}")
        if data["id"] != case_id:
            self._stop()
            raise ProtocolError(
                f"an answer out of step: the answer to {case_id} was due, the line answers "
                f"{data['id']!r}: {line.rstrip()[:300]!r}")
        if "unsupported" in data:
            return Unsupported(str(data["unsupported"]) or "unsupported")
        if "answer" not in data:
            return Failure(f"the line for {case_id} holds neither \"answer\" nor \"unsupported\": "
                           f"{line.rstrip()[:300]!r}")
        try:
            return parse_answer(data["answer"])
        except AnswerFormatError as err:
            return Failure(str(err))

    def _kill(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait()

    def _stop(self) -> None:
        self._dead = "the run stopped (a protocol error)"
        self._kill()

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
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
        self._process = None


def _write_all(stream: IO[str], lines: Sequence[str]) -> None:
    try:
        for line in lines:
            stream.write(line)
        stream.flush()
    except (BrokenPipeError, OSError, ValueError):
        pass


def _read_all(stream: IO[str], lines: queue.Queue[str]) -> None:
    """Put every non-blank line of ``stream`` on the queue, then ``""`` at its end."""
    try:
        for line in stream:
            if line.strip():
                lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put("")


def _keep_tail(stream: IO[str], tail: collections.deque[str]) -> None:
    try:
        for line in stream:
            tail.append(line)
    except (OSError, ValueError):
        pass


def _answer_of_line(line: str) -> Result:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        return Failure(f"the answer line is not JSON ({err}): {line[:200]!r}")
    try:
        return parse_answer(data)
    except AnswerFormatError as err:
        return Failure(str(err))
