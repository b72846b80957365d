"""The ``shengji-conformance`` command: run the suite against an implementation.

Three ways to reach the implementation under test:

``--target HOST:PORT``
    a gRPC server of ``shengji.oracle.v1.OracleService``, asked with
    ``AnswerBatch`` (``--batch-size`` questions per call);
``--stdio "COMMAND ARGS"``
    a process reading one question per line on stdin and writing one answer
    per line on stdout (INTERPRETING.md, "The stdio protocol");
``--in-process``
    this project's engine, called directly.

Filters (``--variant``, ``--tag``, ``--skip-tag``, ``--rule``, ``--id``,
``--origin``) choose the cases; ``--known-failing FILE`` lists id patterns
expected to fail: such a case failing is reported but does not fail the run,
and such a case passing does (the list is stale). Reports: a summary on
stdout, a progress bar on stderr, ``--json-report FILE`` and ``--junit
FILE``. The exit status is 0 when every case ran as expected, 1 when some did
not, 2 when the suite could not run (bad arguments, unreadable case files, no
server).

>>> main(["--in-process", "--id", "seed/qq/throw-98844-*", "--quiet"])  # doctest: +ELLIPSIS
4 cases against in-process: 4 passed, 0 failed, 0 known failures, 0 known failures now passing, in ... s
0
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from google.protobuf import json_format

from conformance import CASES_DIR, CONTRACT_VERSION, SUITE_VERSION
from conformance.cases import (
    KINDS,
    ORIGINS,
    TAGS,
    Case,
    CaseFileError,
    load_cases,
    matches_any,
    read_patterns,
    select,
)
from conformance.compare import Mismatch, match_normalised, normalise, parse_answer
from conformance.targets import Failure, GrpcTarget, InProcessTarget, StdioTarget, Target
from oracle import pb

DEFAULT_BATCH_SIZE = 500
"""Questions per ``AnswerBatch`` call (and per round trip of the stdio protocol)."""

PASS = "pass"
FAIL = "fail"
KNOWN_FAILURE = "known-failure"
UNEXPECTED_PASS = "unexpected-pass"


@dataclass(frozen=True)
class Prepared:
    """A case ready to run: its question as a message and its expected answer normalised."""

    case: Case
    question: pb.Question
    want: dict[str, Any]


def prepare(cases: Sequence[Case]) -> list[Prepared]:
    """Parse every question and expected answer once; ``CaseFileError`` names a bad case.

    >>> from conformance.cases import load_cases
    >>> prepared = prepare(load_cases([CASES_DIR / "seed.jsonl"])[:1])
    >>> prepared[0].question.WhichOneof("question") is not None
    True
    """
    out: list[Prepared] = []
    for case in cases:
        question = pb.Question()
        try:
            json_format.ParseDict(case.question, question, ignore_unknown_fields=False)
            want = normalise(parse_answer(case.expected), case.compare)
        except (json_format.ParseError, ValueError) as err:
            raise CaseFileError(f"{case.file}:{case.line}: case {case.id}: {err}") from None
        out.append(Prepared(case, question, want))
    return out


@dataclass
class CaseResult:
    """What happened to one case."""

    case: Case
    status: str
    mismatches: list[Mismatch] = field(default_factory=list)
    failure: str = ""

    @property
    def ok(self) -> bool:
        """The case ran as expected (passed, or failed while listed as known failing)."""
        return self.status in (PASS, KNOWN_FAILURE)

    def problems(self) -> list[str]:
        """The reasons the answer did not match, one line each."""
        if self.failure:
            return [f"no answer: {self.failure}"]
        return [str(m) for m in self.mismatches]


@dataclass
class Report:
    """The results of one run."""

    target: str
    results: list[CaseResult]
    seconds: float

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    def to_json(self) -> dict[str, Any]:
        """The ``--json-report`` document."""
        return {
            "suite_version": SUITE_VERSION,
            "contract_version": CONTRACT_VERSION,
            "target": self.target,
            "seconds": round(self.seconds, 3),
            "total": len(self.results),
            "passed": self.count(PASS),
            "failed": self.count(FAIL),
            "known_failures": self.count(KNOWN_FAILURE),
            "unexpected_passes": self.count(UNEXPECTED_PASS),
            "results": [
                {
                    "id": r.case.id,
                    "kind": r.case.kind,
                    "variant": r.case.variant,
                    "origin": r.case.origin,
                    "status": r.status,
                    **({"failure": r.failure} if r.failure else {}),
                    **({"mismatches": [m.to_json() for m in r.mismatches]} if r.mismatches else {}),
                }
                for r in self.results
            ],
        }


class Progress:
    """A text progress bar on a stream (stderr); redrawn in place on a terminal.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = Progress(200, out, width=10)
    >>> bar.update(100); bar.done()
    >>> out.getvalue().splitlines()[-1].startswith("[#####.....] 100/200 cases  50%")
    True
    """

    def __init__(self, total: int, stream: IO[str] | None, width: int = 30) -> None:
        self.total, self.stream, self.width = total, stream, width
        self.start = time.perf_counter()
        self.tty = bool(stream is not None and getattr(stream, "isatty", lambda: False)())
        self._last_tenth = -1

    def update(self, done: int) -> None:
        if self.stream is None or self.total == 0:
            return
        tenth = done * 10 // self.total
        if not self.tty and tenth == self._last_tenth:
            return
        self._last_tenth = tenth
        filled = done * self.width // self.total
        bar = "#" * filled + "." * (self.width - filled)
        digits = len(str(self.total))
        text = (f"[{bar}] {done:>{digits}}/{self.total} cases {done * 100 // self.total:3d}% "
                f"{time.perf_counter() - self.start:.1f} s")
        self.stream.write(("\r" + text) if self.tty else text + "\n")
        self.stream.flush()

    def done(self) -> None:
        if self.stream is not None and self.tty:
            self.stream.write("\n")
            self.stream.flush()


def run(
    prepared: Sequence[Prepared],
    target: Target,
    *,
    known_failing: Sequence[str] = (),
    batch_size: int = DEFAULT_BATCH_SIZE,
    progress: Progress | None = None,
    stop_after_failures: int = 0,
) -> Report:
    """Ask the target every question, batch by batch, and match the answers.

    ``stop_after_failures`` > 0 stops after that many unexpected results
    (the mutant tests only need to know that something failed).
    """
    start = time.perf_counter()
    results: list[CaseResult] = []
    unexpected = 0
    for begin in range(0, len(prepared), max(batch_size, 1)):
        chunk = prepared[begin:begin + batch_size]
        answers = target.answer([p.question for p in chunk])
        for item, answer in zip(chunk, answers, strict=True):
            result = judge(item, answer, known_failing)
            unexpected += not result.ok
            results.append(result)
        if progress is not None:
            progress.update(len(results))
        if stop_after_failures and unexpected >= stop_after_failures:
            break
    if progress is not None:
        progress.done()
    return Report(target.name, results, time.perf_counter() - start)


def judge(item: Prepared, answer: pb.Answer | Failure, known_failing: Sequence[str] = ()) -> CaseResult:
    """The result of one case given the target's answer."""
    if isinstance(answer, Failure):
        mismatches: list[Mismatch] = []
        failure = answer.reason
    else:
        mismatches = match_normalised(item.want, item.case.compare, answer)
        failure = ""
    passed = not mismatches and not failure
    known = bool(known_failing) and matches_any(item.case.id, known_failing)
    if passed:
        status = UNEXPECTED_PASS if known else PASS
    else:
        status = KNOWN_FAILURE if known else FAIL
    return CaseResult(item.case, status, mismatches, failure)


def summary_lines(report: Report, max_details: int = 20) -> list[str]:
    """The console summary: failures with their differences, then counts by kind."""
    lines: list[str] = []
    shown = 0
    for result in report.results:
        if result.ok:
            continue
        case = result.case
        if result.status == UNEXPECTED_PASS:
            lines.append(f"UNEXPECTED PASS {case.id} (listed as known failing; remove it from the list)")
            continue
        if shown >= max_details:
            lines.append(f"FAIL {case.id}")
            continue
        shown += 1
        lines.append(f"FAIL {case.id} ({case.kind or 'empty question'}, {case.variant}, {case.file}:{case.line})")
        if case.notation:
            lines.append(f"    {case.notation}")
        for problem in result.problems():
            lines.append(f"    {problem}")
    rows: dict[str, Counter[str]] = {}
    for result in report.results:
        rows.setdefault(result.case.kind or "(empty question)", Counter())[result.status] += 1
    if lines:
        lines.append("")
    lines.append(f"{'kind':<22}{'cases':>7}{'passed':>8}{'failed':>8}{'known':>7}")
    for kind in [*KINDS, "(empty question)"]:
        if kind in rows:
            c = rows[kind]
            total = sum(c.values())
            lines.append(f"{kind:<22}{total:>7}{c[PASS]:>8}{c[FAIL] + c[UNEXPECTED_PASS]:>8}{c[KNOWN_FAILURE]:>7}")
    lines.append(
        f"{len(report.results)} cases against {report.target}: {report.count(PASS)} passed, "
        f"{report.count(FAIL)} failed, {report.count(KNOWN_FAILURE)} known failures, "
        f"{report.count(UNEXPECTED_PASS)} known failures now passing, in {report.seconds:.1f} s"
    )
    return lines


def junit_xml(report: Report) -> str:
    """The run as JUnit XML: one ``testsuite`` per kind of question, one ``testcase`` per case.

    >>> case = Case("a", "v", "check_follow", {}, {}, (), (), (), "hand", "lead: AS")
    >>> xml = junit_xml(Report("t", [CaseResult(case, FAIL, [Mismatch("x", "1", "2")])], 0.5))
    >>> '<failure message="x: expected 1, got 2"' in xml
    True
    """
    root = ET.Element("testsuites", name=f"shengji-conformance {SUITE_VERSION}",
                      tests=str(len(report.results)), time=f"{report.seconds:.3f}")
    suites: dict[str, ET.Element] = {}
    counts: dict[str, Counter[str]] = {}
    for result in report.results:
        kind = result.case.kind or "empty_question"
        if kind not in suites:
            suites[kind] = ET.SubElement(root, "testsuite", name=kind)
            counts[kind] = Counter()
        testcase = ET.SubElement(suites[kind], "testcase", classname=kind, name=result.case.id)
        counts[kind]["tests"] += 1
        if result.status == FAIL or result.status == UNEXPECTED_PASS:
            counts[kind]["failures"] += 1
            problems = (result.problems() if result.status == FAIL
                        else ["listed as known failing but passed"])
            failure = ET.SubElement(testcase, "failure", message=problems[0] if problems else "failed")
            failure.text = "\n".join([result.case.notation, *problems])
        elif result.status == KNOWN_FAILURE:
            counts[kind]["skipped"] += 1
            ET.SubElement(testcase, "skipped", message="known failure: " + "; ".join(result.problems()))
    for kind, suite in suites.items():
        for key in ("tests", "failures", "skipped"):
            suite.set(key, str(counts[kind][key]))
    return ET.tostring(root, encoding="unicode")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line.

    >>> args = parse_args(["--target", "localhost:50051", "--tag", "ruff", "--id", "hand/*"])
    >>> args.target, args.tag, args.id, args.batch_size
    ('localhost:50051', ['ruff'], ['hand/*'], 500)
    """
    parser = argparse.ArgumentParser(
        prog="shengji-conformance",
        description="Run the Shengji conformance suite against an implementation of the rules.",
        epilog="The case files and how to read them: conformance/README.md and conformance/INTERPRETING.md.",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--target", metavar="HOST:PORT", help="a gRPC server of shengji.oracle.v1.OracleService")
    where.add_argument("--stdio", metavar="COMMAND", help="a command speaking the stdio protocol (quote it)")
    where.add_argument("--in-process", action="store_true", help="this project's engine, called directly")
    parser.add_argument("--cases", metavar="PATH", action="append", type=Path,
                        help="case files or folders (default: the shipped suite); repeatable")
    parser.add_argument("--variant", action="append", default=[], help="only cases of this variant; repeatable")
    parser.add_argument("--tag", action="append", default=[], help="only cases with this tag; repeatable (all must match)")
    parser.add_argument("--skip-tag", action="append", default=[], help="leave out cases with this tag; repeatable")
    parser.add_argument("--rule", action="append", default=[], help="only cases exercising this rule id; repeatable")
    parser.add_argument("--id", action="append", default=[], help="only cases whose id matches this glob; repeatable")
    parser.add_argument("--origin", action="append", default=[], choices=ORIGINS, help="only cases of this origin")
    parser.add_argument("--known-failing", metavar="FILE", type=Path,
                        help="id patterns expected to fail, one per line (# comments)")
    parser.add_argument("--json-report", metavar="FILE", type=Path, help="write the results as JSON")
    parser.add_argument("--junit", metavar="FILE", type=Path, help="write the results as JUnit XML")
    parser.add_argument("--batch-size", type=int, default=DEFAULT_BATCH_SIZE, help="questions per call (default %(default)s)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for one batch (default %(default)s)")
    parser.add_argument("--max-details", type=int, default=20, help="failures shown with their differences (default %(default)s)")
    parser.add_argument("--list", action="store_true", help="print the ids of the chosen cases and stop")
    parser.add_argument("--list-tags", action="store_true", help="print the closed list of tags and stop")
    parser.add_argument("--quiet", action="store_true", help="no progress bar and only the last summary line")
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s suite {SUITE_VERSION}, runner contract {CONTRACT_VERSION}")
    return parser.parse_args(argv)


def make_target(args: argparse.Namespace) -> Target:
    """The target the arguments name; ``ConnectionError`` when a server does not answer."""
    if args.target:
        target = GrpcTarget(args.target, timeout=args.timeout)
        target.wait_ready(min(args.timeout, 10.0))
        return target
    if args.stdio:
        return StdioTarget(args.stdio, timeout=args.timeout)
    return InProcessTarget()


def main(argv: Sequence[str] | None = None, *, make: Callable[[argparse.Namespace], Target] = make_target) -> int:
    """Run the command; returns the exit status (0 ok, 1 unexpected results, 2 could not run)."""
    args = parse_args(argv)
    err = sys.stderr
    if args.list_tags:
        for tag, meaning in TAGS.items():
            print(f"{tag:<22}{meaning}")
        return 0
    unknown = [t for t in [*args.tag, *args.skip_tag] if t not in TAGS]
    if unknown:
        print(f"shengji-conformance: unknown tag {unknown[0]!r} (see --list-tags)", file=err)
        return 2
    try:
        cases = select(load_cases(args.cases or [CASES_DIR]), variants=args.variant, tags=args.tag,
                       skip_tags=args.skip_tag, rules=args.rule, ids=args.id, origins=args.origin)
        if args.list:
            for case in cases:
                print(case.id)
            return 0
        known = read_patterns(args.known_failing) if args.known_failing else []
        prepared = prepare(cases)
    except (CaseFileError, OSError) as problem:
        print(f"shengji-conformance: {problem}", file=err)
        return 2
    if not args.target and not args.stdio and not args.in_process:
        print("shengji-conformance: say what to test: --target HOST:PORT, --stdio COMMAND or --in-process",
              file=err)
        return 2
    if not cases:
        print("shengji-conformance: no case passes the filters", file=err)
        return 2
    try:
        target = make(args)
    except (ConnectionError, OSError, ValueError) as problem:
        print(f"shengji-conformance: {problem}", file=err)
        return 2
    if not args.quiet:
        print(f"shengji-conformance: suite {SUITE_VERSION} (contract {CONTRACT_VERSION}), "
              f"{len(cases)} cases against {target.name}", file=err)
    try:
        report = run(prepared, target, known_failing=known, batch_size=args.batch_size,
                     progress=None if args.quiet else Progress(len(prepared), err))
    finally:
        target.close()
    lines = summary_lines(report, args.max_details)
    print("\n".join(lines[-1:] if args.quiet else lines))
    if args.json_report:
        args.json_report.write_text(json.dumps(report.to_json(), ensure_ascii=False, indent=1) + "\n",
                                    encoding="utf-8")
    if args.junit:
        args.junit.write_text(junit_xml(report) + "\n", encoding="utf-8")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
