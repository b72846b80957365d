"""A short run of scripts/fuzz/fuzz.py: 1,500 fuzzed requests to each RPC of the service.

The fuzzer starts its own servers on free loopback ports, sends requests built from the
conformance questions and the shipped variants with one thing changed at a time, and exits 1
on any INTERNAL status, crash, broken answer invariant or call over 2 seconds. About 16,500
calls from two client processes, some 25 seconds on a two-core machine (bounded at 50 s of
sending by --seconds). The long run is `python -m scripts.fuzz.fuzz --requests 100000`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = 1500


def test_a_short_fuzz_finds_nothing(tmp_path: Path) -> None:
    failures = tmp_path / "failures.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "scripts.fuzz.fuzz", "--requests", str(REQUESTS),
         "--seconds", "50", "--seed", "1", "--jobs", "2", "--failures", str(failures)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL, check=False,
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    assert "fuzz: passed: 0 INTERNAL" in done.stdout, report
    # Every RPC was fuzzed: the table has a row for each, with its calls (all of them unless
    # a slow machine hit the --seconds bound first, which is not a failure).
    for rpc in ("DescribePlay", "CheckFollow", "JudgeTrick", "CheckThrow", "ScoreBottom",
                "ScoreDeal", "CompareDeclarations", "GetVariant", "ListVariants", "ListRules",
                "AnswerBatch"):
        row = next(line for line in done.stdout.splitlines() if line.startswith(rpc + " "))
        calls = int(row.split()[1])
        assert calls == REQUESTS or (calls > 0 and "stopped by --seconds" in done.stdout), row
