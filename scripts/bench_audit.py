"""Benchmark of AuditDeal: one whole two-deck deal audited in-process, and records per second on
this machine, each printed as a ratio to a baseline measured in the same run.

Usage: ``python scripts/bench_audit.py [--deals N] [--archive N] [--workers W]``

1. One ``qq-two-deck`` deal (the example of docs/records.md and random legal deals) audited
   in-process through ``dispatch`` (validation included): the median CPU time per deal against
   the goal (5 ms), and against its floor, the engine's own questions for that deal asked directly
   (every lead's DescribePlay and CheckThrow, every CheckFollow and JudgeTrick, ScoreBottom,
   ScoreDeal, CompareDeclarations): the ratio is what the referee adds.
2. Records per second on one machine: a JSON Lines archive of random deals of every shipped
   variant audited in one process, then by ``shengji-oracle audit``'s bulk path on a local Dask
   cluster of ``--workers`` processes (default: one per core), its workers warmed first as this
   process is (imports, rulesets); the ratio is the speed-up, on a machine whose cores may be
   busy with other work.

Each goal line ends in PASS or MISS; nothing is asserted, and the exit status is 0 either way.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from google.protobuf import json_format

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from oracle import pb
from oracle.cli.bulk_audit import audit_task, plan, run_bulk
from oracle.engine import questions as engine
from oracle.referee.random_deal import random_record
from oracle.referee.record import Record
from oracle.referee.record_message import record_to_pb
from oracle.referee.replay import audit_deal
from oracle.service.questions import dispatch
from oracle.variants import load_catalogue

GOAL_MS = 5.0


def _cpu(fn: object, repeat: int) -> float:
    """The median CPU seconds of ``fn()`` over ``repeat`` runs (after one warm-up)."""
    call = fn  # type: ignore[assignment]
    call()  # type: ignore[operator]
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        call()  # type: ignore[operator]
        times.append(time.thread_time() - start)
    return statistics.median(times)


def _floor_calls(record: Record) -> list[object]:
    """The engine calls of the deal as closures, built before timing."""
    from oracle.engine.ruleset import SeatPlay

    answer = audit_deal(record)
    trump = None if answer.totals.no_trump else answer.totals.trump_suit
    rules = record.rules_for(None if trump is None else __import__("oracle.cards").cards.Suit(trump))
    hands = {s: list(h) for s, h in enumerate(record.hands)}
    banker = record.banker_seat
    hands[banker] = [*hands[banker], *record.bottom]
    for card in record.buried:
        hands[banker].remove(card)
    calls: list[object] = []
    standing = None
    for declaration in record.declarations:
        calls.append(lambda s=standing, d=declaration: engine.compare_declarations(
            record.variant, record.level, s, d))
        standing = declaration
    for trick in record.tricks:
        lead = trick.plays[0]
        tried = trick.attempted_throw or lead.cards
        others = [SeatPlay(s, tuple(hands[s])) for s in hands if s != lead.seat]
        calls.append(lambda t=tried: engine.describe_play(rules, t))
        if len(tried) > 1:
            calls.append(lambda t=tried, o=others, s=lead.seat: engine.check_throw(rules, SeatPlay(s, t), o))
        for card in lead.cards:
            hands[lead.seat].remove(card)
        for play in trick.plays[1:]:
            hand = tuple(hands[play.seat])
            calls.append(lambda h=hand, p=play, led=lead.cards: engine.check_follow(rules, led, h, p.cards))
            for card in play.cards:
                hands[play.seat].remove(card)
        calls.append(lambda t=trick: engine.judge_trick(rules, t.plays))
    side = record.banker_side()
    calls.append(lambda: engine.score_bottom(rules, record.tricks[-1].plays, side, record.buried))
    calls.append(lambda: engine.score_deal(record.variant, 80, banker, record.level, None))
    return calls


def section_one(deals: int) -> None:
    print("1. one whole two-deck deal audited in-process (qq-two-deck)")
    ratios, per_deal = [], []
    for seed in range(deals):
        record = random_record("qq-two-deck", seed=1000 + seed)
        question = pb.Question(audit_deal=pb.AuditDealRequest(record=record_to_pb(record, report=True)))
        full = _cpu(lambda q=question: dispatch(q), repeat=5)
        calls = _floor_calls(record)
        floor = _cpu(lambda c=calls: [f() for f in c], repeat=5)  # type: ignore[operator]
        per_deal.append(full)
        ratios.append(full / floor)
    median = statistics.median(per_deal) * 1000
    verdict = "PASS" if median <= GOAL_MS else "MISS"
    print(f"   median {median:.1f} ms per deal over {deals} deals (goal {GOAL_MS:.0f} ms): "
          f"x{median / GOAL_MS:.2f} the goal  {verdict}")
    print(f"   against the engine's own questions for the same deal asked directly: "
          f"x{statistics.median(ratios):.2f} (what the referee, the validation and the answer add)")


def section_two(archive: int, workers: int) -> None:
    print("2. records per second on one machine (every shipped variant)")
    variants = sorted(load_catalogue())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deals.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for i in range(archive):
                record = record_to_pb(random_record(variants[i % len(variants)], seed=i), report=True)
                out.write(json.dumps(json_format.MessageToDict(record)) + "\n")
        start = time.perf_counter()
        for task in plan(path):
            audit_task(task, "auto")
        one = archive / (time.perf_counter() - start)
        from dask.distributed import LocalCluster

        start = time.perf_counter()
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        started = time.perf_counter() - start
        from dask.distributed import Client

        with Client(cluster.scheduler_address) as warm:  # imports and rulesets, as in this process
            warm.run(audit_task, plan(path)[0], "auto")
        devnull = open(os.devnull, "w")  # noqa: SIM115
        saved, sys.stdout = sys.stdout, devnull
        try:
            start = time.perf_counter()
            run_bulk(path, "auto", scheduler=cluster.scheduler_address)
            many = archive / (time.perf_counter() - start)
        finally:
            sys.stdout = saved
            devnull.close()
            cluster.close()
    print(f"   one process: {one:.0f} records/s")
    print(f"   local Dask cluster of {workers} worker processes: {many:.0f} records/s, "
          f"x{many / one:.2f} one process (the cluster took {started:.1f} s to start, not counted)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--archive", type=int, default=400)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    section_one(args.deals)
    section_two(args.archive, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
