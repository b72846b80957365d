"""The ``shengji-conformance`` command: run the suite against an implementation.

Three ways to reach the implementation under test:

``--target HOST:PORT``
    a gRPC server of ``shengji.oracle.v1.OracleService``, asked with
    ``AnswerBatch`` (``--batch-size`` questions per call);
``--stdio "COMMAND ARGS"``
    a process reading one question per line on stdin and writing one answer
    per line on stdout (INTERPRETING.md, "The stdio protocol"; protocol 2 by
    default, ``--stdio-protocol 1`` for the first);
``--in-process``
    this project's engine, called directly (needs the ``oracle`` package).

``--claim FILE`` runs the cases an engine's claim covers and prints the claim
earned (INTERPRETING.md, "Claims"). Filters (``--variant``, ``--tag``,
``--skip-tag``, ``--rule``, ``--id``, ``--origin``) narrow the cases; a filter
value that names nothing is an error naming it. ``--known-failing FILE`` lists
id patterns expected to fail (a pattern matching no case is an error, a listed
case that passes fails the run); ``--write-known-failing FILE`` writes the
failures of this run as such a file. Reports: a summary on stdout
(``--format``), a progress bar on stderr, ``--json-report``, ``--junit`` and
``--html-report``. The exit status is 0 when every case ran as expected (and,
with ``--claim``, the claim is earned), 1 when some did not, 2 when the suite
could not run (bad arguments, unreadable case files, no server, a stdio engine
breaking the protocol), 3 when every case ran as expected but the claim is not
earned (a known failure or an unsupported answer among its cases): so CI gates
on the claim by the status alone.

>>> main(["--in-process", "--id", "seed/qq/throw-98844-*", "--quiet"])  # doctest: +ELLIPSIS
4 cases against in-process: 4 passed, 0 failed, 0 known failures, 0 known failures now passing, 0 skipped (unsupported), in ... s
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from google.protobuf import json_format

from conformance import CONTRACT_VERSION, SUITE_VERSION, protos
from conformance.cases import (
    ORIGINS,
    SETS,
    TAGS,
    Case,
    CaseFileError,
    load_cases,
    load_suite,
    matches_any,
    read_patterns,
    readings,
    select,
)
from conformance.claims import FEATURES, SCOPES, ClaimError, covered, read_claim, shipped_variants
from conformance.compare import Mismatch, match_normalised, normalise, parse_answer
from conformance.report import (
    FAIL,
    FORMATS,
    KNOWN_FAILURE,
    PASS,
    SKIPPED,
    UNEXPECTED_PASS,
    CaseResult,
    Report,
    html_report,
    junit_xml,
    summary_lines,
)
from conformance.targets import (
    STDIO_PROTOCOLS,
    Failure,
    GrpcTarget,
    InProcessTarget,
    ProtocolError,
    StdioTarget,
    Target,
    Unsupported,
    unsupported_of,
)

__all__ = [
    "FAIL",
    "KNOWN_FAILURE",
    "PASS",
    "SKIPPED",
    "UNEXPECTED_PASS",
    "CaseResult",
    "Prepared",
    "Report",
    "judge",
    "main",
    "prepare",
    "run",
]

DEFAULT_BATCH_SIZE = 500
"""Questions per ``AnswerBatch`` call (and per round trip of the stdio protocol)."""


@dataclass(frozen=True)
class Prepared:
    """A case ready to run: its question as a message and its expected answer normalised."""

    case: Case
    question: Any
    want: dict[str, Any]


CLAIM_NOT_EARNED = 3
"""The exit status of a run whose cases ran as expected but whose claim is not earned."""


def prepare(cases: Sequence[Case]) -> list[Prepared]:
    """Parse every question and expected answer once; ``CaseFileError`` names a bad case.

    >>> from conformance import CASES_DIR
    >>> prepared = prepare(load_cases([CASES_DIR / "seed.jsonl"])[:1])
    >>> prepared[0].question.WhichOneof("question") is not None
    True
    """
    out: list[Prepared] = []
    for case in cases:
        question = protos.Question()
        try:
            json_format.ParseDict(case.question, question, ignore_unknown_fields=False)
            want = normalise(parse_answer(case.expected), case.compare)
        except (json_format.ParseError, ValueError) as err:
            raise CaseFileError(f"{case.file}:{case.line}: case {case.id}: {err}") from None
        out.append(Prepared(case, question, want))
    return out


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
    (the mutant tests only need to know that something failed). A
    :class:`ProtocolError` stops the run; the report says why.
    """
    start = time.perf_counter()
    results: list[CaseResult] = []
    unexpected = 0
    stopped = ""
    for begin in range(0, len(prepared), max(batch_size, 1)):
        chunk = prepared[begin:begin + batch_size]
        try:
            answers = target.answer([p.question for p in chunk], [p.case.id for p in chunk])
        except ProtocolError as err:
            results += [judge(item, answer, known_failing) for item, answer in zip(chunk, err.partial)]
            stopped = str(err)
            break
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
    return Report(target.name, results, time.perf_counter() - start, stopped=stopped)


def judge(item: Prepared, answer: Any, known_failing: Sequence[str] = ()) -> CaseResult:
    """The result of one case given the target's answer (an ``Answer``, Unsupported or Failure)."""
    unsupported = answer if isinstance(answer, Unsupported) else unsupported_of(answer)
    if unsupported is not None:
        return CaseResult(item.case, SKIPPED, failure=unsupported.reason,
                          sent=json_format.MessageToDict(item.question))
    got: Any = None
    if isinstance(answer, Failure):
        mismatches: list[Mismatch] = []
        failure = answer.reason
    else:
        mismatches = match_normalised(item.want, item.case.compare, answer)
        failure = ""
        if mismatches:
            got = normalise(answer, item.case.compare)
    passed = not mismatches and not failure
    known = bool(known_failing) and matches_any(item.case.id, known_failing)
    if passed:
        status = UNEXPECTED_PASS if known else PASS
    else:
        status = KNOWN_FAILURE if known else FAIL
    sent = None if status == PASS else json_format.MessageToDict(item.question)
    return CaseResult(item.case, status, mismatches, failure, got, sent)


class ArgumentProblem(ValueError):
    """A command-line value that names nothing: the message names it."""


def check_filters(args: argparse.Namespace, cases: Sequence[Case]) -> None:
    """Every ``--variant``, ``--rule`` and ``--tag`` names something the loaded cases have.

    >>> case = Case("a", "qq-two-deck", "check_follow", {}, {}, (), ("follow.suit",), (), "hand", "")
    >>> check_filters(parse_args(["--variant", "qq-two-dek"]), [case])
    Traceback (most recent call last):
    ...
    conformance.runner.ArgumentProblem: unknown variant 'qq-two-dek' (the cases know: qq-two-deck)
    """
    unknown_tags = [t for t in [*args.tag, *args.skip_tag] if t not in TAGS]
    if unknown_tags:
        raise ArgumentProblem(f"unknown tag {unknown_tags[0]!r} (see --list-tags)")
    variants = sorted({c.variant for c in cases if c.variant})
    for variant in args.variant:
        if variant not in variants:
            raise ArgumentProblem(f"unknown variant {variant!r} (the cases know: {', '.join(variants)})")
    rules = sorted({r for c in cases for r in c.rules})
    for rule in args.rule:
        if rule not in rules:
            near = [r for r in rules if r.split(".")[0] == rule.split(".")[0]] or rules
            raise ArgumentProblem(f"unknown rule {rule!r} (rules of the cases: {', '.join(near)})")


def _readings(values: Sequence[str]) -> dict[str, str]:
    chosen: dict[str, str] = {}
    for value in values:
        reading, sep, choice = value.partition("=")
        if not sep:
            raise ArgumentProblem(f"--alternative {value!r}: write READING=CHOICE")
        chosen[reading] = choice
    return chosen


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line.

    >>> args = parse_args(["--target", "localhost:50051", "--tag", "ruff", "--id", "hand/*"])
    >>> args.target, args.tag, args.id, args.batch_size, args.stdio_protocol
    ('localhost:50051', ['ruff'], ['hand/*'], 500, None)
    """
    parser = argparse.ArgumentParser(
        prog="shengji-conformance",
        description="Run the Shengji conformance suite against an implementation of the rules.",
        epilog="The case files and how to read them: README.md and INTERPRETING.md of the suite. "
               "Fuzz mode: 'shengji-conformance fuzz --stdio CMD --reference HOST:PORT --variant ID' asks "
               "random questions of an engine and a reference oracle and shrinks each disagreement to a case "
               "line ('shengji-conformance fuzz --help'; README.md step 7).",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--target", metavar="HOST:PORT", help="a gRPC server of shengji.oracle.v1.OracleService")
    where.add_argument("--stdio", metavar="COMMAND", help="a command speaking the stdio protocol (quote it)")
    where.add_argument("--in-process", action="store_true", help="this project's engine, called directly")
    parser.add_argument("--stdio-protocol", type=int, choices=STDIO_PROTOCOLS,
                        help="the stdio protocol version (default: the claim's, else 2)")
    parser.add_argument("--claim", metavar="FILE", type=Path,
                        help="the engine's claim (JSON): run the cases it covers and print the claim earned")
    parser.add_argument("--cases", metavar="PATH", action="append", type=Path,
                        help="case files or folders instead of the shipped sets; repeatable")
    parser.add_argument("--set", action="append", default=[], choices=list(SETS), dest="sets",
                        help="the shipped sets to run (default: normative; with --claim, the claim's)")
    parser.add_argument("--alternative", action="append", default=[], metavar="READING=CHOICE",
                        help="run this reading's cases (see --list-readings); repeatable")
    parser.add_argument("--variant", action="append", default=[], help="only cases of this variant; repeatable")
    parser.add_argument("--tag", action="append", default=[], help="only cases with this tag; repeatable (all must match)")
    parser.add_argument("--skip-tag", action="append", default=[], help="leave out cases with this tag; repeatable")
    parser.add_argument("--rule", action="append", default=[], help="only cases exercising this rule id; repeatable")
    parser.add_argument("--id", action="append", default=[], help="only cases whose id matches this glob; repeatable")
    parser.add_argument("--origin", action="append", default=[], choices=ORIGINS, help="only cases of this origin")
    parser.add_argument("--known-failing", metavar="FILE", type=Path,
                        help="id patterns expected to fail, one per line (# comments)")
    parser.add_argument("--write-known-failing", metavar="FILE", type=Path,
                        help="write the ids of the cases failing in this run (a baseline for --known-failing)")
    parser.add_argument("--json-report", metavar="FILE", type=Path, help="write the results as JSON")
    parser.add_argument("--junit", metavar="FILE", type=Path, help="write the results as JUnit XML")
    parser.add_argument("--html-report", metavar="FILE", type=Path,
                        help="write an HTML report: variant x rule area, with the failing cases")
    parser.add_argument("--format", choices=FORMATS, default="full",
                        help="console report: full (why, rules, seed, question), short, jsonl (default %(default)s)")
    parser.add_argument("--batch-size", type=int, default=DEFAULT_BATCH_SIZE, help="questions per call (default %(default)s)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for one answer (default %(default)s)")
    parser.add_argument("--max-details", type=int, default=20, help="failures shown with their differences (default %(default)s)")
    parser.add_argument("--list", action="store_true", help="print the ids of the chosen cases and stop")
    parser.add_argument("--list-tags", action="store_true", help="print the closed list of tags and stop")
    parser.add_argument("--list-features", action="store_true",
                        help="print the optional features and scopes a claim may name, and stop")
    parser.add_argument("--list-readings", action="store_true",
                        help="print the readings the sources leave open and their choices, and stop")
    parser.add_argument("--quiet", action="store_true", help="no progress bar and only the last summary lines")
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s suite {SUITE_VERSION}, runner contract {CONTRACT_VERSION}")
    return parser.parse_args(argv)


def fuzz_main(argv: Sequence[str]) -> int:
    """The fuzz mode; it needs Hypothesis (``pip install 'shengji-conformance[fuzz]'``)."""
    try:
        from conformance.fuzz.command import main as fuzz
    except ImportError as err:
        print(f"shengji-conformance fuzz: needs Hypothesis: pip install 'shengji-conformance[fuzz]' ({err})",
              file=sys.stderr)
        return 2
    return fuzz(argv)


def make_target(args: argparse.Namespace) -> Target:
    """The target the arguments name; ``ConnectionError`` when a server does not answer."""
    if args.target:
        target = GrpcTarget(args.target, timeout=args.timeout)
        target.wait_ready(min(args.timeout, 10.0))
        return target
    if args.stdio:
        return StdioTarget(args.stdio, timeout=args.timeout, protocol=args.stdio_protocol or 2)
    return InProcessTarget()


def write_lines(lines: Sequence[str], stream: IO[str] | None = None) -> None:
    """Print lines; a reader that goes away (``--list | head``) ends the output quietly."""
    stream = stream or sys.stdout
    try:
        for line in lines:
            stream.write(line + "\n")
        stream.flush()
    except BrokenPipeError:
        # The reader closed the pipe: stop writing, and keep the interpreter's final flush quiet.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError):
            pass


def _wants_regression(path: Path) -> bool:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False  # read_claim reports the problem
    return isinstance(data, dict) and data.get("regression") is True


def choose(args: argparse.Namespace) -> tuple[list[Case], list[Case], str]:
    """The cases loaded, the cases chosen (claim and filters) and the claim in words."""
    if args.cases:
        loaded = load_cases(args.cases)
    elif args.claim is not None:  # the claim chooses among the sets (regression only when it asks)
        loaded = load_suite(args.sets or [s for s in SETS if s != "regression" or _wants_regression(args.claim)])
    else:
        loaded = load_suite(args.sets or ["normative"], _readings(args.alternative))
    claim_text = ""
    chosen = loaded
    if args.claim is not None:
        claim = read_claim(args.claim, shipped_variants(loaded))
        if args.stdio_protocol is None and claim.stdio_protocol is not None:
            args.stdio_protocol = claim.stdio_protocol
        chosen = covered(claim, loaded)
        claim_text = claim.describe(SUITE_VERSION)
    check_filters(args, loaded)
    chosen = select(chosen, variants=args.variant, tags=args.tag, skip_tags=args.skip_tag, rules=args.rule,
                    ids=args.id, origins=args.origin)
    if claim_text and (args.variant or args.tag or args.skip_tag or args.rule or args.id or args.origin):
        claim_text = ""  # a filtered run earns no claim
    return loaded, chosen, claim_text


def main(argv: Sequence[str] | None = None, *, make: Callable[[argparse.Namespace], Target] = make_target) -> int:
    """Run the command; returns the exit status (0 ok, 1 unexpected results, 2 could not run,
    3 the claim not earned).

    ``shengji-conformance fuzz ...`` is the fuzz mode (:mod:`conformance.fuzz.command`).
    """
    words = sys.argv[1:] if argv is None else list(argv)
    if words[:1] == ["fuzz"]:
        return fuzz_main(words[1:])
    args = parse_args(argv)
    err = sys.stderr
    if args.list_tags:
        write_lines([f"{tag:<22}{meaning}" for tag, meaning in TAGS.items()])
        return 0
    if args.list_features:
        write_lines([*(f"feature {name:<18}{meaning}" for name, (meaning, _) in FEATURES.items()),
                     *(f"scope   {name:<18}{meaning}" for name, meaning in SCOPES.items())])
        return 0
    if args.list_readings:
        write_lines([f"{rid}: {r['question']} (choices: {', '.join(r['choices'])})"
                     for rid, r in readings().items()])
        return 0
    try:
        loaded, cases, claim_text = choose(args)
        if args.list:
            write_lines([case.id for case in cases])
            return 0
        known = read_patterns(args.known_failing) if args.known_failing else []
        idle = [p for p in known if not any(matches_any(c.id, [p]) for c in loaded)]
        if idle:
            raise ArgumentProblem(f"{args.known_failing}: the pattern {idle[0]!r} matches no case "
                                  f"(remove it, or fix its spelling)")
        prepared = prepare(cases)
    except (CaseFileError, ClaimError, ArgumentProblem, OSError) as problem:
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
    report.claim = claim_text
    lines = summary_lines(report, args.max_details, args.format)
    if args.quiet:
        lines = [line for line in lines if line.startswith(("STOPPED", "conformant", "not earned"))] + [
            next(line for line in reversed(summary_lines(report, 0, "full")) if " cases against " in line)]
        lines.sort(key=lambda line: (not line.startswith("STOPPED"), line.startswith(("conformant", "not earned"))))
    write_lines(lines)
    if report.stopped:
        print(f"shengji-conformance: the run stopped: {report.stopped}", file=err)
    if args.json_report:
        args.json_report.write_text(json.dumps(report.to_json(), ensure_ascii=False, indent=1) + "\n",
                                    encoding="utf-8")
    if args.junit:
        args.junit.write_text(junit_xml(report) + "\n", encoding="utf-8")
    if args.html_report:
        args.html_report.write_text(html_report(report), encoding="utf-8")
    if args.write_known_failing:
        failing = [r.case.id for r in report.results if r.status in (FAIL, KNOWN_FAILURE)]
        header = (f"# Cases failing against {report.target} (suite {SUITE_VERSION}), written by "
                  f"--write-known-failing: {len(failing)} ids. Pass it back with --known-failing.\n")
        args.write_known_failing.write_text(header + "".join(f"{i}\n" for i in failing), encoding="utf-8")
        if not report.stopped and all(r.status in (PASS, FAIL, KNOWN_FAILURE, SKIPPED) for r in report.results):
            return 0
    if report.stopped:
        return 2
    if not report.ok:
        return 1
    return CLAIM_NOT_EARNED if report.claim and not report.claim_earned else 0


if __name__ == "__main__":
    sys.exit(main())
