"""Benchmark of AuditDeal: one whole two-deck deal audited in-process, and records per second on
this machine, each printed as a ratio to a baseline measured in the same run.

Usage: ``python -m scripts.bench.bench_audit [--deals N] [--archive N] [--workers W] [--against TREE]``

1. One ``qq-two-deck`` deal (the example of docs/records.md and random legal deals) audited
   in-process through ``dispatch`` (validation included): each deal's CPU time (the least of
   several runs, the one least disturbed by other work on the machine, as ``timeit`` advises),
   their median against the goal (1.5 ms, goal 6 of docs/speed.md), and against its floor, the
   engine's own questions for that deal asked directly and timed the same way (DescribePlay of
   every lead of more than one card that is no throw, CheckThrow of every throw, every CheckFollow and JudgeTrick, ScoreBottom, ScoreDeal,
   CompareDeclarations): the ratio is what the referee adds, whatever the machine's speed.
2. Records per second on one machine: a JSON Lines archive of random deals of every shipped
   variant audited in one process, then by ``shengji-oracle audit``'s bulk path on a local Dask
   cluster of ``--workers`` processes (default: one per core) in tasks of a piece of the file
   each, its workers warmed first by a pass over the archive as this process is by making it
   (imports, rulesets); the ratio is the speed-up, on a machine whose cores may be busy with
   other work, so the workers' CPU per record is printed beside this process's: near 1 the
   cluster's own work (scheduling, its threads) costs little. ``--archive 0`` leaves it out.

``--against TREE`` (another checkout of the project, the "before" of a change) adds, after section
1, the median per deal of this tree and of that one measured the same way, each in a fresh
process (the other tree's ``oracle`` first on the path), alternated ``--rounds`` times on the same
machine at the same load: the ratio after/before is what the change bought, whatever the load.

Each goal line ends in PASS or MISS; nothing is asserted, and the exit status is 0 either way.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from google.protobuf import json_format

ROOT = Path(__file__).resolve().parents[2]

from oracle import pb
from oracle.cli.bulk_audit import CHUNK_BYTES, audit_task, plan, run_bulk
from oracle.dispatch import questions as engine
from oracle.referee.random_deal import random_record
from oracle.referee.record import Record
from oracle.referee.record_message import record_to_pb
from oracle.referee.replay import audit_deal
from oracle.service.questions import dispatch
from oracle.service.record_validation import parse_audit_deal
from oracle.variants import load_catalogue

GOAL_MS = 1.5
"""Goal 6 of the speed issue (docs/speed.md): a two-deck deal audited in-process."""


def _cpu(fn: object, repeat: int) -> float:
    """The least CPU seconds of ``fn()`` over ``repeat`` runs (after one warm-up)."""
    call = fn  # type: ignore[assignment]
    call()  # type: ignore[operator]
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        call()  # type: ignore[operator]
        times.append(time.thread_time() - start)
    return min(times)


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
        if len(tried) > 1:  # a one-card lead is one unit: the referee asks nothing
            if engine.describe_play(rules, tried).is_throw:  # a throw: CheckThrow alone
                calls.append(lambda t=tried, o=others, s=lead.seat: engine.check_throw(
                    rules, SeatPlay(s, t), o))
            else:
                calls.append(lambda t=tried: engine.describe_play(rules, t))
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


def _doc_example() -> pb.DealRecord:
    """The JSON record under "A complete example" in docs/records.md."""
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)\n```", text.split("## A complete example", 1)[1], re.DOTALL)
    assert block is not None
    return json_format.Parse(block.group(1), pb.DealRecord())


def _measure(message: pb.DealRecord) -> tuple[float, float, float]:
    """One record's audit through ``dispatch``: its median CPU seconds, the ratio to the engine's
    own questions asked directly, and the validation's share."""
    question = pb.Question(audit_deal=pb.AuditDealRequest(record=message))
    full = _cpu(lambda: dispatch(question), repeat=7)
    calls = _floor_calls(parse_audit_deal(question.audit_deal))
    floor = _cpu(lambda: [f() for f in calls], repeat=7)  # type: ignore[operator]
    checked = _cpu(lambda: parse_audit_deal(question.audit_deal), repeat=7)
    return full, full / floor, checked / full


def section_one(deals: int) -> None:
    print(f"1. one whole two-deck deal audited in-process (qq-two-deck); load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    example, example_ratio, _ = _measure(_doc_example())
    print(f"   the example of docs/records.md: {example * 1000:.1f} ms, x{example_ratio:.2f} the "
          "engine's own questions")
    measured = _random_deals(deals)
    median = statistics.median(m[0] for m in measured) * 1000
    verdict = "PASS" if median <= GOAL_MS else "MISS"
    print(f"   median {median:.2f} ms per deal over {deals} random deals (goal {GOAL_MS} ms): "
          f"x{median / GOAL_MS:.2f} the goal  {verdict}")
    print(f"   against the engine's own questions for the same deal asked directly: "
          f"x{statistics.median(m[1] for m in measured):.2f} (what the referee, the validation and "
          "the answer add)")
    print(f"   the record's validation alone: {statistics.median(m[2] for m in measured):.0%} of "
          "the audit")


def _random_deals(deals: int) -> list[tuple[float, float, float]]:
    """:func:`_measure` of each of ``deals`` random ``qq-two-deck`` deals (the same deals in
    every run and every tree)."""
    return [_measure(record_to_pb(random_record("qq-two-deck", seed=1000 + seed), report=True))
            for seed in range(deals)]


def _medians(deals: int) -> None:
    """The child of ``--against``: the median seconds per deal and the validation's share,
    one line."""
    measured = _random_deals(deals)
    print(statistics.median(m[0] for m in measured), statistics.median(m[2] for m in measured))


def section_against(deals: int, tree: Path, rounds: int) -> None:
    """This tree's median per deal against ``tree``'s, each in a fresh process, alternated."""
    def run(root: Path) -> tuple[float, float]:
        env = {**os.environ, "PYTHONPATH": str(root)}
        out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--deals", str(deals),
                              "--medians"], env=env, cwd=root, check=True, capture_output=True,
                             text=True).stdout.split()
        return float(out[0]), float(out[1])
    before: list[tuple[float, float]] = []
    after: list[tuple[float, float]] = []
    for _ in range(rounds):
        before.append(run(tree))
        after.append(run(ROOT))
    old, new = min(b[0] for b in before) * 1000, min(a[0] for a in after) * 1000
    print(f"   against {tree.name} (the same {deals} deals, each tree in a fresh process, "
          f"alternated {rounds} times, the least of the rounds; load average "
          f"{os.getloadavg()[0]:.1f}): before {old:.2f} ms, after {new:.2f} ms: x{new / old:.2f}")
    print(f"   the validation's share: before {min(b[1] for b in before):.0%}, after "
          f"{min(a[1] for a in after):.0%}")


def section_two(archive: int, workers: int) -> None:
    print("2. records per second on one machine (every shipped variant)")
    variants = sorted(load_catalogue())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deals.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for i in range(archive):
                record = record_to_pb(random_record(variants[i % len(variants)], seed=i), report=True)
                out.write(json.dumps(json_format.MessageToDict(record)) + "\n")
        tasks = plan(path)
        start, cpu = time.perf_counter(), time.process_time()
        for task in tasks:
            audit_task(task, "auto")
        one = archive / (time.perf_counter() - start)
        one_cpu = archive / (time.process_time() - cpu)
        from dask.distributed import Client, LocalCluster

        start = time.perf_counter()
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        started = time.perf_counter() - start
        devnull = open(os.devnull, "w")  # noqa: SIM115
        saved, sys.stdout = sys.stdout, devnull
        try:
            with Client(cluster.scheduler_address) as watch:
                # A first pass warms the workers as making the archive warmed this process
                # (imports, every variant's rulesets); the second is measured.
                run_bulk(path, "auto", scheduler=cluster.scheduler_address)
                before = watch.run(time.process_time)
                start = time.perf_counter()
                run_bulk(path, "auto", scheduler=cluster.scheduler_address)
                many = archive / (time.perf_counter() - start)
                after = watch.run(time.process_time)
        finally:
            sys.stdout = saved
            devnull.close()
        cluster.close()
    many_cpu = archive / sum(after[w] - before[w] for w in after)
    load = os.getloadavg()[0]
    print(f"   {archive} records in {len(tasks)} tasks (about {archive / len(tasks):.0f} records "
          f"each, pieces of {CHUNK_BYTES // 1024} KiB); load average {load:.1f} on "
          f"{os.cpu_count()} cores")
    print(f"   one process: {one:.0f} records/s ({one_cpu:.0f} per CPU second)")
    print(f"   local Dask cluster of {workers} worker processes: {many:.0f} records/s, "
          f"x{many / one:.2f} one process (the cluster took {started:.1f} s to start, not counted)")
    print(f"   the workers' CPU per record against one process's: x{one_cpu / many_cpu:.2f} (above "
          "1 is what the cluster's own work adds; a speed-up below the workers' count with this "
          "near 1 is the machine's cores busy with other work)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--archive", type=int, default=400)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--against", type=Path, help="another checkout: the 'before' of section 1")
    parser.add_argument("--rounds", type=int, default=3, help="alternations of --against")
    parser.add_argument("--medians", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.medians:
        _medians(args.deals)
        return 0
    section_one(args.deals)
    if args.against is not None:
        section_against(args.deals, args.against.resolve(), args.rounds)
    if args.archive:
        section_two(args.archive, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
