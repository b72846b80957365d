"""Benchmark: each kind of question's engine call alone (its request already validated), in-process,
on ``bench.py``'s sample two-deck questions (section 1's "engine µs") and on its random
``qq-two-deck`` follows, tricks and throws (section 4's questions, without their validation).

Usage: ``python -m scripts.bench.bench_engine [--rounds N] [--count N]``

A sample question's figure is the least of ``--rounds`` rounds (default 15) of 200 calls; a random
kind's is the median over its ``--count`` questions (default 60) of each one's least of five rounds
of 20 calls: the measuring thread's CPU time, the rounds least disturbed by the machine's other
work. The figures are meant to be compared with the same script run from another tree on the
same machine, the runs alternated (docs/speed-history.md: the seeds' engine, before and after).
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from oracle.service.questions import QUESTION_KINDS
from scripts.bench.bench import random_play_questions, sample_questions
from scripts.bench.bench_validation import least_us

KINDS = ("describe_play", "check_follow", "judge_trick", "check_throw", "score_bottom",
         "score_deal", "compare_declarations")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--count", type=int, default=60)
    args = parser.parse_args(argv)
    samples = sample_questions()
    print("question                          engine µs")
    for kind in KINDS:
        ask, parse = QUESTION_KINDS[kind].ask, QUESTION_KINDS[kind].parse
        parsed = parse(getattr(samples[kind], kind))
        print(f"{kind:33} {least_us(lambda a=parsed, f=ask: f(a), 200, args.rounds):9.2f}")  # type: ignore[misc]
    for kind, questions in random_play_questions("qq-two-deck", args.count).items():
        ask, parse = QUESTION_KINDS[kind].ask, QUESTION_KINDS[kind].parse
        parsed_all = [parse(getattr(question, kind)) for question in questions]
        median = statistics.median(least_us(lambda a=parsed, f=ask: f(a), 20, 5)  # type: ignore[misc]
                                   for parsed in parsed_all)
        print(f"{'random qq-two-deck ' + kind:33} {median:9.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
