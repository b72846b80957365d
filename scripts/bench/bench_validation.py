"""Benchmark: each kind of question's validation alone and whole, in-process, on ``bench.py``'s
sample two-deck questions; and 1,000 mixed questions answered as one ``AnswerBatch`` (the
request parsed, answered, the response serialized) against the same questions answered one by
one in-process.

Usage: ``python -m scripts.bench.bench_validation [--rounds N]``

Every figure is the least of ``--rounds`` rounds (default 9) of the measuring thread's CPU
time, the round least disturbed by the machine's other work. The figures are meant to be
compared with the same script run from another tree on the same machine, runs alternated
(docs/speed-history.md: how the one validator was compared with the two parsers it replaced).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from oracle import pb
from oracle.service import servicer
from oracle.service.questions import QUESTION_KINDS, dispatch
from scripts.bench.bench import mixed_questions, sample_questions

KINDS = ("describe_play", "check_follow", "judge_trick", "check_throw", "score_bottom",
         "score_deal", "compare_declarations", "list_legal_plays")


def least_us(fn: Callable[[], object], calls: int, rounds: int) -> float:
    """The least CPU microseconds per call over ``rounds`` rounds of ``calls`` calls."""
    best = float("inf")
    for _ in range(rounds):
        start = time.thread_time()
        for _ in range(calls):
            fn()
        best = min(best, (time.thread_time() - start) / calls)
    return best * 1e6


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args(argv)
    samples = sample_questions()
    print("kind                   validation µs  whole µs")
    for kind in KINDS:
        if kind not in samples:
            continue
        question = samples[kind]
        request, parse = getattr(question, kind), QUESTION_KINDS[kind].parse
        calls = 100 if kind == "list_legal_plays" else 400
        valid = least_us(lambda p=parse, r=request: p(r), calls, args.rounds)  # type: ignore[misc]
        whole = least_us(lambda q=question: dispatch(q), calls, args.rounds)  # type: ignore[misc]
        print(f"{kind:22} {valid:13.1f} {whole:9.1f}")
    questions = mixed_questions(1000, 2)
    data = pb.AnswerBatchRequest(questions=questions).SerializeToString()
    batch_answer = getattr(servicer, "serialized_batch", None)

    def batch() -> object:
        request = pb.AnswerBatchRequest.FromString(data)
        if batch_answer is not None:
            return batch_answer(request)
        return servicer.answer_batch(request).SerializeToString()

    batched = least_us(batch, 1, max(3, args.rounds // 2)) / len(questions)
    alone = least_us(lambda: [dispatch(q) for q in questions], 1, max(3, args.rounds // 2))
    alone /= len(questions)
    print(f"1,000 mixed questions: {batched:.1f} µs a question in one batch (parsed, answered, "
          f"serialized), {alone:.1f} answered one by one in-process: {batched / alone:.2f} x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
