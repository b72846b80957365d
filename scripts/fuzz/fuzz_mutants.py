"""Proof the fuzz mode finds bugs: every mutant of tests/support/mutants/ fuzzed against the oracle.

Usage::

    python -m scripts.fuzz.fuzz_mutants [--mutant NAME ... | --no-mutants] [--examples N] [--seed S] [--clean N]

It starts a reference oracle on a free loopback port (``python -m oracle --port 0``), then for
each mutant (default: all of them) runs the fuzz of ``shengji-conformance fuzz`` against the stdio
adapter (examples/stdio_adapter/adapter.py) with that mutant's wrong rule in force, claiming what
examples/stdio_adapter/claim.json claims (every shipped variant, every feature), until the first
disagreement or ``--examples`` questions (default 20,000), about every shipped variant and every
room of the suite's cases with a rule choice of its own (:func:`conformance.fuzz.rooms.suite_rooms`). It prints one row per mutant: the
questions compared before the first finding, the cards of that first question and of the shrunk
one, the kind and variant, the seconds, and the shrunk question in the card notation. With
``--clean N`` it then fuzzes the unbroken adapter for N questions, where nothing may be found.
Exit status 1 when a mutant is not found or the unbroken engine disagrees with the reference.

``python -m scripts.fuzz.fuzz_mutants --serve NAME`` is the engine of one row: the stdio adapter with
the mutant's patch in force (what the fuzz starts with ``--stdio``).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from conformance.cases import load_suite, readings
from conformance.claims import Claim, read_claim, shipped_variants
from conformance.fuzz.deck import Room
from conformance.fuzz.generate import questions
from conformance.fuzz.report import notation
from conformance.fuzz.rooms import asking, catalogue_variant, reference_target, suite_rooms
from conformance.fuzz.run import fuzz
from conformance.fuzz.scope import left_out, resendable, scope_of
from conformance.fuzz.search import Asker, Finding
from conformance.targets import StdioTarget, Target

ADAPTER = ROOT / "examples" / "stdio_adapter" / "adapter.py"
CLAIM = ROOT / "examples" / "stdio_adapter" / "claim.json"
DEFAULT_EXAMPLES = 20_000


def serve(name: str) -> int:
    """The stdio adapter answering with one mutant's wrong rule (imported first, then patched)."""
    spec = importlib.util.spec_from_file_location("stdio_adapter", ADAPTER)
    assert spec is not None and spec.loader is not None
    adapter = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(adapter)
    from tests.support.mutants import MUTANTS
    mutant = next(m for m in MUTANTS if m.name == name)
    with mutant.patch():
        code: int = adapter.main()
    return code


@contextlib.contextmanager
def reference_server() -> Iterator[str]:
    """``python -m oracle`` on a free loopback port (gRPC only); yields its address."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as log:
        proc = subprocess.Popen([sys.executable, "-m", "oracle", "--port", "0", "--host", "127.0.0.1",
                                 "--processes", "1", "--http-port", "-1"],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log, env=env)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                log.seek(0)
                found = re.search(r"serving \S+ on 127\.0\.0\.1:(\d+)", log.read())
                if found:
                    yield f"127.0.0.1:{found.group(1)}"
                    return
                if proc.poll() is not None:
                    raise RuntimeError(f"the reference oracle exited on start ({proc.returncode})")
                time.sleep(0.05)
            raise RuntimeError("the reference oracle did not start in 60 s")
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def adapter_claim() -> Claim:
    """What the stdio adapter claims (every shipped variant and feature)."""
    return read_claim(CLAIM, shipped_variants(load_suite(["normative"])))


@dataclass(frozen=True)
class Row:
    """One engine fuzzed: what was found first, after how many questions and in how long."""

    name: str
    finding: Finding | None
    compared: int
    seconds: float


def fuzz_engine(name: str, command: str, reference: Target, rooms: Sequence[Room], claim: Claim, *,
                examples: int, seed: int, max_findings: int = 1) -> Row:
    """The fuzz of one engine (a stdio command) against the reference, as the fuzz mode runs it."""
    chosen = {r: data.get("reference", "") for r, data in readings().items()}
    skip = left_out(claim, chosen)
    strategy = questions(rooms, scope_of(claim), asking(reference)).filter(lambda q: not skip(q))

    def make() -> Target:
        return StdioTarget(command, timeout=60, protocol=2)

    asker = Asker(reference, make(), make, frozenset(r.variant_id for r in rooms if r.two_colours))
    start = time.perf_counter()
    try:
        findings, _ = fuzz(asker, strategy, examples=examples, seed=seed, max_findings=max_findings,
                           catalogue=resendable(claim, rooms))
    finally:
        asker.engine.close()
    return Row(name, findings[0] if findings else None, asker.tally.compared, time.perf_counter() - start)


def mutant_command(name: str) -> str:
    """The stdio command of the adapter under one mutant."""
    return shlex.join([sys.executable, "-m", "scripts.fuzz.fuzz_mutants", "--serve", name])


def row_text(row: Row, width: int) -> str:
    """One row of the table."""
    finding = row.finding
    if finding is None:
        return f"{row.name:<{width}}  {'NOT FOUND':>9}  {row.compared:>8} questions, {row.seconds:.1f} s"
    outcome = finding.outcome
    return (f"{row.name:<{width}}  {finding.examples:>9}  {finding.first_size:>5} {finding.size:>6}  "
            f"{outcome.kind:<20} {outcome.room:<20} {row.seconds:>6.1f}  {notation(outcome.question)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", metavar="NAME", help=argparse.SUPPRESS)
    parser.add_argument("--mutant", action="append", default=[], help="only this mutant (repeatable)")
    parser.add_argument("--examples", type=int, default=DEFAULT_EXAMPLES,
                        help="questions per mutant at most (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clean", type=int, default=0, metavar="N",
                        help="then fuzz the unbroken adapter for N questions (nothing may be found)")
    parser.add_argument("--no-mutants", action="store_true", help="no mutant: only the --clean run")
    args = parser.parse_args(argv)
    if args.serve:
        return serve(args.serve)
    from tests.support.mutants import MUTANTS
    names = [] if args.no_mutants else args.mutant or [m.name for m in MUTANTS]
    claim = adapter_claim()
    width = max(len(n) for n in [*names, "the oracle itself"])
    failed = False
    with reference_server() as address:
        reference = reference_target(address)
        rooms = [Room.of(catalogue_variant(reference, v)) for v in claim.variants] + suite_rooms(claim)
        print(f"{'mutant':<{width}}  {'questions':>9}  {'cards':>5} {'shrunk':>6}  {'kind':<20} {'variant':<20} "
              f"{'s':>6}  shrunk question", flush=True)
        for name in names:
            row = fuzz_engine(name, mutant_command(name), reference, rooms, claim,
                              examples=args.examples, seed=args.seed)
            failed |= row.finding is None
            print(row_text(row, width), flush=True)
        if args.clean:
            row = fuzz_engine("the oracle itself", shlex.join([sys.executable, str(ADAPTER)]), reference, rooms,
                              claim, examples=args.clean, seed=args.seed, max_findings=0)
            found = row.finding is not None
            failed |= found
            print(f"{'the oracle itself':<{width}}  {row.compared} questions compared in {row.seconds:.1f} s: "
                  f"{'a disagreement: ' + row_text(row, width) if found else 'no disagreement'}", flush=True)
        reference.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
