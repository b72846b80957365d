"""rbtying's legal-follow count on random rooms: against every play judged apart, and its cost.

Usage: ``python -m scripts.research.rbtying.legal_plays [--cases N] [--seed S] [--decks 2 3 4 ...]``

Random rooms of the rbtying profile (the decks given, each draw policy, bombs or not) and random
questions: a hand heavy in the led suit against a lead of up to six cards a deck (at most 24).
Each is answered by ListLegalPlays' count (``first_fill.FirstFill``) under the service's work
budget, a page of ten plays (timed), then with every play listed, and where the hand has at most
256 plays of the suit, again with every play judged apart by ``check_follow_by_decomposition``'s
steps (the count's fallback). Printed: the questions
compared and the answers that differ (total, groups and the whole list), the refusals and why,
the largest set of ways one requirement's state held, and the median and worst CPU time of the
count. Nothing is asserted (tests/profiles/test_profile_rbtying_fill_count.py asserts).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from pathlib import Path
from unittest.mock import patch

ROOT = Path(__file__).resolve().parents[3]

from conformance.authoring import perft
from oracle import pb
from oracle.cards import Card
from oracle.convert import cards_from_pb
from oracle.dispatch.questions import list_legal_plays
from oracle.engine.budget import DEFAULT_STEPS, WorkExceeded, limited
from oracle.profiles.rbtying import fill_count, first_fill
from scripts.research.rbtying.reference import DRAW_POLICIES, room


def random_room(rng: random.Random, decks: int) -> pb.Variant:
    bombs = rng.choice([pb.BOMB_POLICY_NO_BOMBS, pb.BOMB_POLICY_ALLOW_BOMBS])
    variant = room(decks, rng.choice(DRAW_POLICIES), bomb_policy=bombs)
    variant.id = f"rbtying, {decks} decks, {pb.DrawPolicy.Name(variant.following.draw_policy)}"
    return variant


def answer(deal: perft.Deal, hand: list[Card], lead: list[Card], page: int = 100_000) -> tuple[object, ...]:
    """The total, the groups and the plays of the first page (every play by default)."""
    with limited(steps=DEFAULT_STEPS):
        found = list_legal_plays(deal.rules, hand, lead, 0, page)
    plays = [tuple(sorted(c.code for c in cards_from_pb(p.cards))) for p in found.plays]
    return found.total, sorted((g.rule_id, g.count, g.description) for g in found.groups), plays


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", type=int, nargs="+", default=[2, 3, 4, 5, 6, 8])
    args = parser.parse_args()
    rng = random.Random(args.seed)
    most_ways = [0]
    step = fill_count.FillsRequirement._step

    def counted_step(self: fill_count.FillsRequirement, state: fill_count.State, index: int,
                     copies: int) -> fill_count.State | None:
        after = step(self, state, index, copies)
        most_ways[0] = max(most_ways[0], len(after[2]) if after else 0)
        return after

    times: list[float] = []
    refused: Counter[str] = Counter()
    compared = differ = 0
    with patch.object(fill_count.FillsRequirement, "_step", counted_step):
        for _ in range(args.cases):
            variant = random_room(rng, rng.choice(args.decks))
            deal = perft.random_deal(rng, variant)
            lead = perft.random_lead(rng, deal, rng.randint(4, min(24, 6 * variant.deal.decks)))
            size = variant.deal.hand_size
            wanted = rng.randint(len(lead) + 1, size)
            hand = perft.random_hand(rng, deal, deal.rules.effective_suit(lead[0]), wanted, size - wanted, lead)
            start = time.thread_time()
            try:
                answer(deal, hand, lead, page=10)  # timed as the benchmark times it: the count, one page
            except WorkExceeded as err:
                refused[str(err).split(":")[0]] += 1
                continue
            finally:
                times.append((time.thread_time() - start) * 1000)
            try:
                counted = answer(deal, hand, lead)
                with patch.object(first_fill.FirstFill, "of", classmethod(lambda cls, *a: None)):
                    judged = answer(deal, hand, lead)
            except WorkExceeded:
                continue  # more plays than one question may list, or judge apart
            compared += 1
            if judged != counted:
                differ += 1
                print(f"differs: {variant.id}, {deal.level.name} {deal.trump}, lead {lead}, hand {hand}")
    print(f"{args.cases} questions, rooms of {args.decks} decks: {compared} compared with every play judged "
          f"apart, {differ} differ; {sum(refused.values())} refused")
    for why, n in refused.most_common():
        print(f"  refused {n}: {why}")
    print(f"the count: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms (CPU); "
          f"the largest set of ways of one requirement: {most_ways[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
