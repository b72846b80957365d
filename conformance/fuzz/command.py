"""``shengji-conformance fuzz``: random questions asked of an engine and of a reference oracle.

::

    shengji-conformance fuzz --stdio "./my-engine" --reference localhost:50051 \\
        --variant qq-two-deck [--room my-rules.toml] [--kinds check_follow,judge_trick] \\
        [--claim claim.json] [--seconds 300 | --examples N] [--seed S] --out found.jsonl

The engine is reached as the runner reaches it (``--stdio`` or ``--target``); the reference is
a running oracle (``--reference HOST:PORT`` over gRPC, ``http://HOST:PORT`` over HTTP/JSON).
Every disagreement is shrunk and written to ``--out`` as a case line as soon as it is found
(``shengji-conformance --stdio ... --cases found.jsonl`` replays them). Exit status: 0 when no
disagreement was found, 1 when some were, 2 when the fuzz could not run.

>>> parse_args(["--stdio", "./e", "--reference", "localhost:1", "--kinds", "check_follow,score_deal"]).kinds
['check_follow', 'score_deal']
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from conformance.cases import CaseFileError, load_suite, readings
from conformance.claims import Claim, ClaimError, read_claim, shipped_variants
from conformance.fuzz.deck import Room
from conformance.fuzz.generate import GENERATED_KINDS, questions
from conformance.fuzz.report import case_line, report_lines
from conformance.fuzz.rooms import (
    SetupError,
    asking,
    catalogue_variant,
    read_room,
    reference_target,
    suite_rooms,
)
from conformance.fuzz.run import fuzz
from conformance.fuzz.scope import left_out, resendable, scope_of
from conformance.fuzz.search import Asker, Finding
from conformance.targets import STDIO_PROTOCOLS, GrpcTarget, ProtocolError, StdioTarget, Target

DEFAULT_EXAMPLES = 2000
"""Questions compared when neither ``--examples`` nor ``--seconds`` is given."""


def _kinds(value: str) -> list[str]:
    kinds = [k.strip() for k in value.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in GENERATED_KINDS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown kind {unknown[0]!r} (the fuzz asks: {', '.join(GENERATED_KINDS)})")
    return kinds


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The command line of the fuzz mode."""
    parser = argparse.ArgumentParser(
        prog="shengji-conformance fuzz",
        description="Ask an engine and a reference oracle the same random questions; shrink each disagreement "
                    "to a small question and write it as a conformance case.")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--stdio", metavar="COMMAND", help="the engine: a command speaking the stdio protocol")
    where.add_argument("--target", metavar="HOST:PORT", help="the engine: a gRPC server of OracleService")
    parser.add_argument("--reference", metavar="ADDRESS", required=True,
                        help="the reference oracle: HOST:PORT (gRPC) or http://HOST:PORT (HTTP/JSON)")
    parser.add_argument("--variant", action="append", default=[],
                        help="a variant to ask about (repeatable; default: the claim's variants)")
    parser.add_argument("--room", metavar="FILE", type=Path,
                        help="a room's own variant (JSON or TOML, as custom_variant; extends allowed)")
    parser.add_argument("--suite-rooms", action="store_true",
                        help="also every room of the suite's cases (custom_variant) the claim covers")
    parser.add_argument("--kinds", type=_kinds, default=[], help="the kinds of question, comma-separated")
    parser.add_argument("--claim", metavar="FILE", type=Path, help="ask only what this claim covers")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=0.0, help="run this long")
    budget.add_argument("--examples", type=int, default=0,
                        help=f"compare this many questions (default {DEFAULT_EXAMPLES})")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default %(default)s)")
    parser.add_argument("--out", metavar="FILE", type=Path, default=Path("found.jsonl"),
                        help="the case lines of the disagreements (default %(default)s)")
    parser.add_argument("--batch", type=int, default=20, help="questions per call (default %(default)s)")
    parser.add_argument("--max-findings", type=int, default=0, help="stop after this many disagreements")
    parser.add_argument("--stdio-protocol", type=int, choices=STDIO_PROTOCOLS,
                        help="the stdio protocol version (default: the claim's, else 2)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for one answer")
    parser.add_argument("--quiet", action="store_true", help="only the report's totals")
    return parser.parse_args(list(argv))


def _claim(args: argparse.Namespace) -> Claim | None:
    if args.claim is None:
        return None
    claim = read_claim(args.claim, shipped_variants(load_suite(["normative"])))
    if args.stdio_protocol is None:
        args.stdio_protocol = claim.stdio_protocol
    return claim


def _rooms(args: argparse.Namespace, claim: Claim | None, reference: Target) -> list[Room]:
    variants = list(args.variant) or ([] if args.room else list(claim.variants if claim else []))
    if claim is not None:
        unclaimed = [v for v in variants if v not in claim.variants]
        if unclaimed:
            raise SetupError(f"--variant {unclaimed[0]}: the claim does not name it")
        if args.room and "custom-variants" not in claim.features:
            raise SetupError("--room: the claim does not include the custom-variants feature")
    if not variants and not args.room:
        raise SetupError("say what to ask about: --variant ID, --room FILE or --claim FILE")
    if args.suite_rooms and claim is not None and "custom-variants" not in claim.features:
        raise SetupError("--suite-rooms: the claim does not include the custom-variants feature")
    rooms = [Room.of(catalogue_variant(reference, v)) for v in variants]
    if args.suite_rooms:
        rooms += suite_rooms(claim)
    if args.room:
        rooms.append(Room.of(read_room(args.room, reference), custom=True))
    return rooms


def _engine_args(args: argparse.Namespace) -> list[str]:
    return ["--stdio", args.stdio] if args.stdio else ["--target", args.target]


def main(argv: Sequence[str]) -> int:
    """Run the fuzz; the exit status (0 nothing found, 1 disagreements, 2 could not run)."""
    args = parse_args(argv)
    err = sys.stderr
    try:
        claim = _claim(args)
        scope = scope_of(claim, args.kinds)
        if not scope.kinds:
            raise SetupError("no kind of question to ask (the claim and --kinds leave none the fuzz asks)")
        reference = reference_target(args.reference, args.timeout)
        rooms = _rooms(args, claim, reference)
    except (SetupError, ClaimError, CaseFileError, ConnectionError, OSError) as problem:
        print(f"shengji-conformance fuzz: {problem}", file=err)
        return 2

    def make_engine() -> Target:
        if args.stdio:
            return StdioTarget(args.stdio, timeout=args.timeout, protocol=args.stdio_protocol or 2)
        target = GrpcTarget(args.target, timeout=args.timeout)
        target.wait_ready(min(args.timeout, 10.0))
        return target

    try:
        engine = make_engine()
    except (ConnectionError, OSError, ValueError) as problem:
        print(f"shengji-conformance fuzz: {problem}", file=err)
        return 2
    chosen = {r: data.get("reference", "") for r, data in readings().items()}
    skip = left_out(claim, chosen)
    strategy = questions(rooms, scope, asking(reference)).filter(lambda q: not skip(q))
    asker = Asker(reference, engine, make_engine,
                  two_colour_rooms=frozenset(r.variant_id for r in rooms if r.two_colours))
    args.out.write_text("", encoding="utf-8")

    def found(finding: Finding) -> None:
        with args.out.open("a", encoding="utf-8") as out:
            out.write(json.dumps(case_line(finding, engine.name, reference.name), ensure_ascii=False, separators=(",", ":")) + "\n")
        if not args.quiet:
            print(f"fuzz: disagreement #{len(findings_so_far) + 1}: {finding.outcome.kind} in "
                  f"{finding.outcome.room} after {finding.examples} questions, shrunk to {finding.size} cards",
                  file=err)
        findings_so_far.append(finding)

    findings_so_far: list[Finding] = []
    if not args.quiet:
        print(f"shengji-conformance fuzz: {', '.join(scope.kinds)} about {', '.join(r.variant_id for r in rooms)}",
              file=err)
    start = time.perf_counter()
    try:
        findings, why = fuzz(asker, strategy, examples=args.examples or (0 if args.seconds else DEFAULT_EXAMPLES),
                             seconds=args.seconds, seed=args.seed, batch=max(args.batch, 1),
                             max_findings=args.max_findings, on_finding=found, catalogue=resendable(claim, rooms))
    except ProtocolError as problem:  # a stray stdout line, or no process at all: nothing more to ask
        print(f"shengji-conformance fuzz: the run stopped: {problem}", file=err)
        return 2
    finally:
        asker.engine.close()
        reference.close()
    lines = report_lines(findings, asker.tally, time.perf_counter() - start, seed=args.seed, engine=engine.name,
                         reference=reference.name, engine_args=_engine_args(args), out=str(args.out))
    if args.quiet:
        lines = lines[:2]
    print("\n".join([*lines, f"fuzz: stopped: {why}; case lines in {args.out}"]))
    return 1 if findings else 0
