"""rbtying's trick judge against upstream's trick winner read literally.

Seeded random tricks (``scripts.research.rbtying.trick_reference.random_trick``) in rooms of the given deck
counts under the three throw evaluations (a bomb policy drawn per case: no bombs half the time):
the profile's JudgeTrick (``trick.judge_trick_by_format``) against the plain reading of
``Trick::compute_winner`` (``scripts.research.rbtying.trick_reference.reference_winner``). Prints, per room
and policy, the tricks compared, those whose lead is a throw (several units), those where a
follower matched the lead's format, those a follower won (upstream's answer), and the
disagreements, then the first disagreements in card notation. Nothing is asserted.

With ``--cost N``: the work (budget steps) and time of JudgeTrick on N random tricks of a
room (``--cost-decks``, four by default; median of ``--repeats`` runs each), and of constructed
heavy tricks (many units of several shapes, followers of a few cards in many copies, so that
a play splits many ways), each as a ratio of the random tricks' median.

    python -m scripts.research.rbtying.trick_walk --cases 2000 --seed 1 --decks 3 4 5 6 7 8
    python -m scripts.research.rbtying.trick_walk --cases 0 --cost 300 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

from oracle import pb
from oracle.cards import Rank, Suit, format_cards, parse_cards
from oracle.dispatch.questions import judge_trick
from oracle.engine.budget import limited
from oracle.engine.ruleset import SeatPlay
from oracle.profiles.rbtying.trick_format import lead_format
from oracle.variants import make_ruleset
from scripts.research.rbtying.trick_reference import (
    BOMB_POLICIES,
    EVALUATIONS,
    random_trick,
    reference_winner,
    room,
)

_NAMES: dict[int, str] = {pb.THROW_EVALUATION_ALL: "All", pb.THROW_EVALUATION_HIGHEST: "Highest",
          pb.THROW_EVALUATION_TRICK_UNIT_LENGTH: "TrickUnitLength"}


_TRUMP_IDS = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "2H", "2D", "2C", "2S", "SJ", "BJ"]


def _heavy() -> list[tuple[str, int, int, Rank, Suit, list[str]]]:
    """Constructed tricks whose plays split many ways (level 2, trump S unless said)."""
    lead = " ".join(f"{c} {c}" if i % 2 == 0 else c for i, c in enumerate(_TRUMP_IDS))  # 9 pairs, 9 singles
    out = []
    for kinds in (4, 6, 9):
        follower = " ".join(_TRUMP_IDS[i % kinds] for i in range(27))
        for evaluation in EVALUATIONS:
            out.append((f"9 pairs + 9 singles of trump against 27 trumps of {kinds} kinds",
                        8, evaluation, Rank.TWO, Suit.SPADES, [lead, follower, follower]))
    quads = "3H 3H 3H 3H 6H 6H 6H 6H 9H 9H 9H 9H QH QH QH QH 4H 4H 4H 5H 5H 5H BJ BJ BJ"
    trumps = "KS KS KS KS KD KD KD KD AH AH AH AH SJ SJ SJ SJ 7H 7H 7H 8H 8H 8H 10H 10H 10H"
    for evaluation in EVALUATIONS:
        out.append(("four quads, a tractor of triples, a triple (4 decks, level K, trump H)", 4, evaluation,
                    Rank.KING, Suit.HEARTS, [quads, trumps, trumps]))
    pairs_and_singles = "3D 3D 5D 5D 7D 7D 9D 9D JD JD KD KD 4D 6D 8D 10D QD AD"
    follower = "3D 3D 3D 3D 4D 4D 4D 4D 5D 5D 5D 5D 6D 6D 6D 6D 7D 7D"
    for evaluation in EVALUATIONS:
        out.append(("6 pairs + 6 singles of diamonds against 4 cards x4 + a pair (8 decks, level 2)", 8,
                    evaluation, Rank.TWO, Suit.CLUBS, [pairs_and_singles, follower, follower]))
    tractors = "3H 3H 4H 4H 6H 6H 7H 7H 9H 9H 10H 10H QH QH AH AH JH KH 5H 8H"
    ladder = "3H 3H 3H 3H 4H 4H 4H 4H 5H 5H 5H 5H 6H 6H 6H 6H 7H 7H 7H 7H"
    for evaluation in EVALUATIONS:
        out.append(("3 tractors + 2 pairs + 4 singles of hearts against 3H-7H x4 (8 decks, level 2)", 8,
                    evaluation, Rank.TWO, Suit.SPADES, [tractors, ladder, ladder]))
    return out


def _measure(rules: object, plays: list[SeatPlay], repeats: int) -> tuple[float, int]:
    times = []
    steps = 0
    for _ in range(repeats):
        with limited(steps=10**12) as budget:
            start = time.perf_counter()
            judge_trick(rules, plays)  # type: ignore[arg-type]
            times.append(time.perf_counter() - start)
        steps = 10**12 - budget.steps
    return statistics.median(times), steps


def cost(cases: int, seed: int, decks: int, repeats: int) -> None:
    rng = random.Random(f"cost-{seed}")
    random_times, random_steps = [], []
    for n in range(cases):
        rules, plays = random_trick(rng, decks, EVALUATIONS[n % 3], BOMB_POLICIES[0], 10)
        t, steps = _measure(rules, plays, repeats)
        random_times.append(t)
        random_steps.append(steps)
    median_t, median_s = statistics.median(random_times), statistics.median(random_steps)
    print(f"random tricks ({cases}, {decks} decks): median {median_t * 1e3:.2f} ms, {median_s:.0f} steps; "
          f"worst {max(random_times) / median_t:.1f}x time, {max(random_steps) / median_s:.1f}x steps")
    for name, room_decks, evaluation, level, trump, texts in _heavy():
        rules = make_ruleset(room(room_decks, evaluation), level, trump)
        plays = [SeatPlay(i, tuple(parse_cards(t))) for i, t in enumerate(texts)]
        if len({len(p.cards) for p in plays}) != 1:
            raise SystemExit(f"{name}: plays of different sizes")
        t, steps = _measure(rules, plays, repeats)
        print(f"  {name}, {_NAMES[evaluation]}: {t * 1e3:.2f} ms ({t / median_t:.1f}x), "
              f"{steps} steps ({steps / median_s:.1f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=1000, help="tricks per room and policy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", type=int, nargs="+", default=[3, 4, 5, 6, 8])
    parser.add_argument("--max-lead", type=int, default=8, help="the most cards a lead has")
    parser.add_argument("--show", type=int, default=5, help="disagreements printed")
    parser.add_argument("--cost", type=int, default=0, help="random tricks timed against the heavy ones")
    parser.add_argument("--cost-decks", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    if args.cost:
        cost(args.cost, args.seed, args.cost_decks, args.repeats)
    if not args.cases:
        return
    shown = 0
    total: Counter[str] = Counter()
    start = time.perf_counter()
    print(f"{'decks':>5} {'policy':>16} {'tricks':>7} {'throws':>7} {'matched':>8} {'won by':>7} {'differ':>7}")
    for decks in args.decks:
        for evaluation in EVALUATIONS:
            rng = random.Random(f"{args.seed}-{decks}-{evaluation}")
            counts: Counter[str] = Counter()
            for _ in range(args.cases):
                bomb_policy = BOMB_POLICIES[0] if rng.random() < 0.5 else rng.choice(BOMB_POLICIES)
                rules, plays = random_trick(rng, decks, evaluation, bomb_policy, args.max_lead)
                ours = judge_trick(rules, plays)
                expected = plays[reference_winner(rules, plays)].seat
                counts["tricks"] += 1
                if any(v.kind != pb.PLAY_KIND_DISCARD and "without the lead's format" not in v.reason
                       for v in ours.verdicts[1:]):
                    counts["matched"] += 1
                if len(lead_format(rules, plays[0].cards)) > 1:
                    counts["throws"] += 1
                if expected != plays[0].seat:
                    counts["followers"] += 1
                if ours.winning_seat != expected:
                    counts["differ"] += 1
                    if shown < args.show:
                        shown += 1
                        trump = "no trump" if rules.trump is None else f"trump {rules.trump.name}"
                        bombs = pb.BombPolicy.Name(bomb_policy)
                        print(f"  differ: {decks} decks, level {rules.level.name}, {trump}, {_NAMES[evaluation]}, {bombs}:")
                        print("    " + " / ".join(format_cards(p.cards) for p in plays))
                        print(f"    profile: seat {ours.winning_seat}; upstream: seat {expected}")
            total.update(counts)
            print(f"{decks:>5} {_NAMES[evaluation]:>16} {counts['tricks']:>7} {counts['throws']:>7} "
                  f"{counts['matched']:>8} {counts['followers']:>7} {counts['differ']:>7}", flush=True)
    print(f"total: {total['tricks']} tricks, {total['matched']} with a follower in the lead's format, "
          f"{total['differ']} disagreements ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
