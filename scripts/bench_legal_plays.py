"""Benchmark: ListLegalPlays' counting against a plain CheckFollow measured in the same run.

Usage: ``python scripts/bench_legal_plays.py [--cases N] [--seed S] [--only TEXT]``

One row per shipped variant, per option of rbtying's profile that no shipped variant sets, per
room of the two-deck game dealt with four decks and of the four-deck game dealt with six and eight
decks: random questions of a full hand (the variant's hand size; 52 cards in four-deck) heavy in
the led suit (the hard case: more cards of the suit than led) against a lead of up to six cards
a deck (a 24-card throw in four-deck), each answered in-process under the service's work budget (a question that spends it,
or that its follow rule's counter refuses, is ``RESOURCE_EXHAUSTED``, as the service answers
it). Printed per row: the median and the worst time found (CPU time of this thread), each
against the median plain CheckFollow of the same run, the questions out of budget, and the goal
(every question counted in at most 2 ms in-process: a refusal is no count) as PASS or MISS, with
the worst question; then the rows that miss.
Nothing is asserted.
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
from oracle import pb
from oracle.cards import Card, format_cards
from oracle.engine.budget import DEFAULT_STEPS, WorkExceeded, limited
from oracle.engine.questions import check_follow, list_legal_plays
from oracle.variants import get_variant, load_catalogue

GOAL_MS = 2.0


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
            outcome.append(f"{list_legal_plays(deal.ctx, hand, lead, 0, 10).total} plays")
    except WorkExceeded as err:
        outcome.append(f"RESOURCE_EXHAUSTED ({err})")


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


def row(rng: random.Random, variant: str | pb.Variant, cases: int, base: float) -> tuple[str, str]:
    """Time ``cases`` questions of the variant; the row's line and its verdict."""
    v = get_variant(variant) if isinstance(variant, str) else variant
    hand_size = v.deal.hand_size or (v.deal.decks * 54 - v.deal.bottom_size) // v.deal.players
    lead_size = min(24, 6 * v.deal.decks, hand_size)
    times: list[tuple[float, str, str]] = []
    for _ in range(cases):
        deal = perft.random_deal(rng, variant)
        lead = perft.random_lead(rng, deal, rng.randint(max(2, lead_size // 2), lead_size))
        suit = deal.ctx.effective_suit(lead[0])
        wanted = rng.randint(len(lead) + 1, hand_size)
        hand = perft.random_hand(rng, deal, suit, wanted, hand_size - wanted, lead)
        in_suit = sum(1 for c in hand if deal.ctx.effective_suit(c) == suit)
        outcome: list[str] = []
        spent = _cpu(partial(_count, deal, hand, lead, outcome))
        question = (f"{deal.level.name} {deal.trump.name if deal.trump else 'no-trump'} | lead ({len(lead)}) "
                    f"{format_cards(deal.ctx.sorted(lead))} | hand ({len(hand)}, {in_suit} of the suit) "
                    f"{format_cards(deal.ctx.sorted(hand))}")
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
    return line, verdict


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=12, help="random questions per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="only the rows whose variant id holds this text")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    base = plain_check_follow(rng, 200)
    print(f"baseline: median plain CheckFollow {base * 1000:.0f} us (two-deck, 25-card hands)")
    variants: list[str | pb.Variant] = [*sorted(load_catalogue()), *ROOMS]
    missed = []
    for variant in variants:
        name = variant if isinstance(variant, str) else variant.id
        if args.only not in name:
            continue
        line, verdict = row(random.Random(f"{args.seed}:{name}"), variant, args.cases, base)
        print(f"\n{line}", flush=True)
        if verdict == "MISS":
            missed.append(name)
    print(f"\nrows missing the {GOAL_MS} ms goal: {', '.join(missed) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
