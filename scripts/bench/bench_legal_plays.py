"""Benchmark: ListLegalPlays' counting against a plain CheckFollow measured in the same run.

Usage: ``python -m scripts.bench.bench_legal_plays [--cases N] [--seed S] [--only TEXT] [--repeat R]
[--against DIR]``

One row per shipped variant, per option of rbtying's profile that no shipped variant sets, per
room of the two-deck game dealt with four decks and of the four-deck game dealt with six and eight
decks: random questions of a full hand (the variant's hand size; 52 cards in four-deck) heavy in
the led suit (the hard case: more cards of the suit than led) against a lead of up to six cards
a deck (a 24-card throw in four-deck), each answered in-process under the service's work budget (a question that spends it,
or that its follow rule's counter refuses, is ``RESOURCE_EXHAUSTED``, as the service answers
it). Printed per row: the median and the worst time found (CPU time of this thread), each
against the median plain CheckFollow of the same run, the questions out of budget, and the goal
(every question counted in at most 2 ms in-process: a refusal is no count) as PASS or MISS, with
the worst question; then the rows that miss, and goal 5 of docs/speed.md (the two-deck rows'
questions: their median at most 100 us, each row's worst at most 1 ms). Each question is asked
once (the goals' measure); with ``--repeat R`` its time is the least of ``R`` calls in a row,
steadier on a shared machine, and lower by what a process keeps of a hand from one call to the
next (rbtying's joint fill of the hand). With ``--against DIR`` (a checkout of another
commit), the same questions are answered by both engines instead: per row, how many each
answered, the answers that differ, the questions the other answered and this one refuses.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if os.environ.get("ORACLE_TREE"):  # --against: the engine of another checkout, not this one's
    sys.path.insert(0, os.environ["ORACLE_TREE"])

from conformance.authoring import perft
from oracle import pb
from oracle.cards import Card, format_cards
from oracle.dispatch.questions import check_follow, list_legal_plays
from oracle.engine.budget import DEFAULT_STEPS, WorkExceeded, limited
from oracle.variants import get_variant, load_catalogue

GOAL_MS = 2.0

TWO_DECK_MEDIAN_MS = 0.1
"""Goal 5 of the speed issue (docs/speed.md): the two-deck questions' median, and each two-deck
row's worst (``TWO_DECK_WORST_MS``)."""
TWO_DECK_WORST_MS = 1.0


def _room(base: str, name: str, decks: int = 0, draw: int = 0, bombs: int = 0) -> pb.Variant:
    """A room's own variant: a shipped one with some parameters changed."""
    variant = pb.Variant()
    variant.CopyFrom(get_variant(base))
    variant.id = name
    if decks:
        players = variant.deal.players
        variant.deal.decks = decks
        variant.deal.hand_size = (decks * 54 - variant.deal.bottom_size) // players
    if draw:
        variant.following.draw_policy = draw  # type: ignore[assignment]
    if bombs:
        variant.comparison.bomb_policy = bombs  # type: ignore[assignment]
    return variant


ROOMS = [
    _room("rbtying-default", "rbtying, longer tuples protected", decks=3, draw=pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED),
    _room("rbtying-default", "rbtying, only tractor on tractor", draw=pb.DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR),
    _room("rbtying-default", "rbtying, both draw policies", decks=3,
          draw=pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR),
    _room("rbtying-default", "rbtying, bombs", decks=4, bombs=pb.BOMB_POLICY_ALLOW_BOMBS),
    _room("qq-two-deck", "two-deck rules, 4 decks", decks=4),
    _room("four-deck", "four-deck rules, 6 decks", decks=6),
    _room("four-deck", "four-deck rules, 8 decks", decks=8),
]


def _cpu(call: Callable[[], object]) -> float:
    start = time.thread_time()
    call()
    return (time.thread_time() - start) * 1000


def _count(deal: perft.Deal, hand: list[Card], lead: list[Card], outcome: list[str]) -> None:
    try:
        with limited(steps=DEFAULT_STEPS):
            outcome.append(f"{list_legal_plays(deal.rules, hand, lead, 0, 10).total} plays")
    except WorkExceeded as err:
        outcome.append(f"RESOURCE_EXHAUSTED ({err})")


def plain_check_follow(rng: random.Random, repeat: int) -> float:
    """The median CheckFollow of two-deck hands (ms)."""
    times = []
    for _ in range(repeat):
        deal = perft.random_deal(rng, "qq-two-deck")
        lead = perft.random_lead(rng, deal, rng.choice([1, 2, 4, 6]))
        hand = perft.random_hand(rng, deal, deal.rules.effective_suit(lead[0]), 8, 17, lead)
        play = rng.sample(hand, len(lead))
        times.append(_cpu(partial(check_follow, deal.rules, lead, hand, play)))
    return statistics.median(times)


def _sizes(variant: str | pb.Variant) -> tuple[pb.Variant, int, int]:
    v = get_variant(variant) if isinstance(variant, str) else variant
    hand_size = v.deal.hand_size or (v.deal.decks * 54 - v.deal.bottom_size) // v.deal.players
    return v, hand_size, min(24, 6 * v.deal.decks, hand_size)


def questions(rng: random.Random, variant: str | pb.Variant, cases: int) -> Iterator[tuple[perft.Deal, list[Card],
                                                                                            list[Card]]]:
    """The row's random questions: (deal, hand, lead)."""
    _, hand_size, lead_size = _sizes(variant)
    for _ in range(cases):
        deal = perft.random_deal(rng, variant)
        lead = perft.random_lead(rng, deal, rng.randint(max(2, lead_size // 2), lead_size))
        wanted = rng.randint(len(lead) + 1, hand_size)
        hand = perft.random_hand(rng, deal, deal.rules.effective_suit(lead[0]), wanted, hand_size - wanted, lead)
        yield deal, hand, lead


def row(rng: random.Random, variant: str | pb.Variant, cases: int,
        base: float, repeat: int = 1) -> tuple[str, str, list[float]]:
    """Time ``cases`` questions of the variant (each the least of ``repeat`` calls); the row's
    line, its verdict and its times (ms)."""
    v, hand_size, lead_size = _sizes(variant)
    times: list[tuple[float, str, str]] = []
    for deal, hand, lead in questions(rng, variant, cases):
        suit = deal.rules.effective_suit(lead[0])
        in_suit = sum(1 for c in hand if deal.rules.effective_suit(c) == suit)
        outcome: list[str] = []
        spent = min(_cpu(partial(_count, deal, hand, lead, outcome)) for _ in range(repeat))
        question = (f"{deal.level.name} {deal.trump.name if deal.trump else 'no-trump'} | lead ({len(lead)}) "
                    f"{format_cards(deal.rules.sorted(lead))} | hand ({len(hand)}, {in_suit} of the suit) "
                    f"{format_cards(deal.rules.sorted(hand))}")
        times.append((spent, outcome[0], question))
    worst = max(times)
    median = statistics.median(t for t, _, _ in times)
    exhausted = sum(1 for _, o, _ in times if o.startswith("RESOURCE_EXHAUSTED"))
    verdict = "PASS" if worst[0] <= GOAL_MS and not exhausted else "MISS"
    rule = pb.FollowRule.Name(v.following.follow_rule or pb.FOLLOW_RULE_GREEDY_STRUCTURE)[len("FOLLOW_RULE_"):]
    line = (f"{v.id} ({rule}; {hand_size}-card hands, leads up to {lead_size}): median {median:.1f} ms "
            f"({median / base:.0f}x CheckFollow), worst {worst[0]:.1f} ms ({worst[0] / base:.0f}x), "
            f"{exhausted}/{cases} out of budget; goal {GOAL_MS} ms: {verdict}\n"
            f"  worst: {worst[1]}: {worst[2]}")
    return line, verdict, [t for t, _, _ in times]


def goal_five(two_deck: dict[str, list[float]]) -> str:
    """Goal 5's lines: the median of every two-deck question, and the rows whose worst passes
    ``TWO_DECK_WORST_MS``."""
    every = [t for times in two_deck.values() for t in times]
    if not every:
        return "goal 5: no two-deck row asked"
    median = statistics.median(every)
    over = [name for name, times in two_deck.items() if max(times) > TWO_DECK_WORST_MS]
    return (f"goal 5, two decks ({len(two_deck)} rows, {len(every)} questions): median {median * 1000:.0f} us "
            f"(goal {TWO_DECK_MEDIAN_MS * 1000:.0f} us): {'PASS' if median <= TWO_DECK_MEDIAN_MS else 'MISS'}; "
            f"rows whose worst passes {TWO_DECK_WORST_MS} ms: {', '.join(over) or 'none'}: "
            f"{'MISS' if over else 'PASS'}")


def _answers(variants: list[str | pb.Variant], cases: int, seed: int) -> None:
    """``--emit``: one JSON line per question (its row, its number, the CPU time, and the answer:
    the total, the groups' counts and the first ten plays, or the refusal)."""
    for variant in variants:
        name = variant if isinstance(variant, str) else variant.id
        for number, (deal, hand, lead) in enumerate(questions(random.Random(f"{seed}:{name}"), variant, cases)):
            start = time.thread_time()
            try:
                with limited(steps=DEFAULT_STEPS):
                    found = list_legal_plays(deal.rules, hand, lead, 0, 10)
                answer: object = [found.total, [(g.rule_id, g.count) for g in found.groups],
                                  [[c.rank * 10 + c.suit for c in play.cards] for play in found.plays]]
            except WorkExceeded:
                answer = "RESOURCE_EXHAUSTED"
            ms = (time.thread_time() - start) * 1000
            print(json.dumps({"row": name, "q": number, "ms": round(ms, 2), "answer": answer}), flush=True)


def _against(other: str, args: argparse.Namespace) -> int:
    """``--against DIR``: the same questions answered by this tree's engine and by the checkout in
    ``DIR`` (another commit: ``git worktree add DIR COMMIT``), each in a process of its own; per
    row the questions each answered (the others refused), the answers that differ where both
    answered, and the worst CPU time of each."""
    runs = []
    for tree in (str(ROOT), other):
        command = [sys.executable, "-m", "scripts.bench.bench_legal_plays", "--emit",
                   "--cases", str(args.cases), "--seed", str(args.seed), "--only", args.only]
        out = subprocess.run(command, env={**os.environ, "ORACLE_TREE": tree}, cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
        runs.append([json.loads(line) for line in out.splitlines()])
    print(f"{'row':36} answered here / there  differing  lost  worst ms here / there")
    lost = differ = 0
    for name in dict.fromkeys(r["row"] for r in runs[0]):
        here = [r for r in runs[0] if r["row"] == name]
        there = [r for r in runs[1] if r["row"] == name]
        ok_here = [r["answer"] != "RESOURCE_EXHAUSTED" for r in here]
        ok_there = [r["answer"] != "RESOURCE_EXHAUSTED" for r in there]
        row_differ = sum(1 for a, b, x, y in zip(here, there, ok_here, ok_there, strict=True)
                         if x and y and a["answer"] != b["answer"])
        row_lost = sum(1 for x, y in zip(ok_here, ok_there, strict=True) if y and not x)
        differ, lost = differ + row_differ, lost + row_lost
        print(f"{name:36} {sum(ok_here):8} / {sum(ok_there):<8} {row_differ:9} {row_lost:5}  "
              f"{max(r['ms'] for r in here):10.1f} / {max(r['ms'] for r in there):.1f}")
    print(f"\n{differ} answers differ, {lost} questions answered there are refused here")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=12, help="random questions per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="only the rows whose variant id holds this text")
    parser.add_argument("--repeat", type=int, default=1, metavar="R",
                        help="time each question as the least of R calls (1: asked once, the goals' measure)")
    parser.add_argument("--against", metavar="DIR", help="compare with the engine of the checkout in DIR")
    parser.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat: at least 1 (each question is asked at least once)")
    every: list[str | pb.Variant] = [*sorted(load_catalogue()), *ROOMS]
    variants = [v for v in every if args.only in (v if isinstance(v, str) else v.id)]
    if args.emit:
        _answers(variants, args.cases, args.seed)
        return 0
    if args.against:
        return _against(args.against, args)
    # What is loaded so far stays out of the collector's passes, as in the service's processes
    # (oracle/service/processes.py freezes it before starting them): else a full collection,
    # about 10 ms here, lands in whichever question happens to be running then.
    gc.collect()
    gc.freeze()
    rng = random.Random(args.seed)
    base = plain_check_follow(rng, 200)
    print(f"baseline: median plain CheckFollow {base * 1000:.0f} us (two-deck, 25-card hands); each question "
          + ("asked once" if args.repeat <= 1 else f"the least of {args.repeat} calls"))
    missed = []
    two_deck: dict[str, list[float]] = {}
    for variant in variants:
        name = variant if isinstance(variant, str) else variant.id
        line, verdict, times = row(random.Random(f"{args.seed}:{name}"), variant, args.cases, base, args.repeat)
        print(f"\n{line}", flush=True)
        if verdict == "MISS":
            missed.append(name)
        if _sizes(variant)[0].deal.decks == 2:
            two_deck[name] = times
    print(f"\nrows missing the {GOAL_MS} ms goal: {', '.join(missed) or 'none'}")
    print(goal_five(two_deck))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
