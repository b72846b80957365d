"""Benchmark: ListLegalPlays' counting against a plain CheckFollow measured in the same run.

Usage: ``python scripts/bench_legal_plays.py [--cases N] [--seed S]``

For each follow rule's counter (the seeds' rule in four-deck: a 52-card hand against a throw of up
to 24 cards; rbtying's and Botzone's in their two-deck variants: a 25-card hand against a lead of
up to 12), random hands heavy in the led suit (the hard case: more cards of the suit than led),
each answered in-process under the service's work budget (a question that spends it is
``RESOURCE_EXHAUSTED``, as the service answers it). Printed per rule: the median and the worst
time found (CPU time of this thread), each against the median plain CheckFollow of the same run,
the worst case's question, and the goal (at most 2 ms) as PASS or MISS. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance.authoring import perft
from oracle.cards import Card, format_cards
from oracle.engine.budget import DEFAULT_STEPS, WorkExceeded, limited
from oracle.engine.questions import check_follow, list_legal_plays

GOAL_MS = 2.0

RULES = [
    ("seeds' rule (GREEDY_STRUCTURE)", "four-deck", 52, 24),
    ("rbtying (DECOMPOSITION)", "rbtying-default", 25, 12),
    ("Botzone (TYPE_AND_PAIRS)", "botzone-tractor", 25, 12),
]


def _cpu(call: Callable[[], object]) -> float:
    start = time.thread_time()
    call()
    return (time.thread_time() - start) * 1000


def _count(deal: perft.Deal, hand: list[Card], lead: list[Card], outcome: list[str]) -> None:
    try:
        with limited(steps=DEFAULT_STEPS):
            outcome.append(f"{list_legal_plays(deal.ctx, hand, lead, 0, 10).total} plays")
    except WorkExceeded:
        outcome.append("RESOURCE_EXHAUSTED")


def plain_check_follow(rng: random.Random, repeat: int) -> float:
    """The median CheckFollow of two-deck hands (ms)."""
    times = []
    for _ in range(repeat):
        deal = perft.random_deal(rng, "qq-two-deck")
        lead = perft.random_lead(rng, deal, rng.choice([1, 2, 4, 6]))
        hand = perft.random_hand(rng, deal, deal.ctx.effective_suit(lead[0]), 8, 17, lead)
        play = rng.sample(hand, len(lead))
        times.append(_cpu(partial(check_follow, deal.ctx, lead, hand, play)))
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=12, help="random questions per follow rule")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    base = plain_check_follow(rng, 200)
    print(f"baseline: median plain CheckFollow {base * 1000:.0f} us (two-deck, 25-card hands)")
    for name, variant, hand_size, lead_size in RULES:
        times: list[tuple[float, str, str]] = []
        for _ in range(args.cases):
            deal = perft.random_deal(rng, variant)
            lead = perft.random_lead(rng, deal, lead_size)
            suit = deal.ctx.effective_suit(lead[0])
            in_suit = rng.randint(len(lead) + 1, hand_size)
            hand = perft.random_hand(rng, deal, suit, in_suit, hand_size - in_suit, lead)
            outcome: list[str] = []
            spent = _cpu(partial(_count, deal, hand, lead, outcome))
            question = (f"{variant} {deal.level.name} {deal.trump.name if deal.trump else 'no-trump'} | lead "
                        f"{format_cards(deal.ctx.sorted(lead))} | hand ({len(hand)}, {in_suit} of the suit) "
                        f"{format_cards(deal.ctx.sorted(hand))}")
            times.append((spent, outcome[0], question))
        worst = max(times)
        median = statistics.median(t for t, _, _ in times)
        exhausted = sum(1 for _, o, _ in times if o == "RESOURCE_EXHAUSTED")
        verdict = "PASS" if worst[0] <= GOAL_MS else "MISS"
        print(f"\n{name}: {args.cases} questions, median {median:.1f} ms ({median / base:.0f}x CheckFollow), "
              f"worst {worst[0]:.1f} ms ({worst[0] / base:.0f}x CheckFollow), {exhausted} out of budget; "
              f"goal {GOAL_MS} ms: {verdict}")
        print(f"  worst: {worst[1]}: {worst[2]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
