"""rbtying's trick judge against upstream's trick winner read literally.

Seeded random tricks (``tests/rbtying_trick_reference.random_trick``) in rooms of the given deck
counts under the three throw evaluations (a bomb policy drawn per case: no bombs half the time):
the profile's JudgeTrick (``trick.judge_trick_by_format``) against the plain reading of
``Trick::compute_winner`` (``tests/rbtying_trick_reference.reference_winner``). Prints, per room
and policy, the tricks compared, those whose lead is a throw (several units), those where a
follower matched the lead's format, those a follower won (upstream's answer), and the
disagreements, then the first disagreements in card notation. Nothing is asserted.

    python scripts/rbtying_trick_walk.py --cases 2000 --seed 1 --decks 3 4 5 6 8
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from rbtying_trick_reference import BOMB_POLICIES, EVALUATIONS, random_trick, reference_winner

from oracle import pb
from oracle.cards import format_cards
from oracle.profiles.rbtying.trick import judge_trick_by_format
from oracle.profiles.rbtying.trick_format import lead_format

_NAMES = {pb.THROW_EVALUATION_ALL: "All", pb.THROW_EVALUATION_HIGHEST: "Highest",
          pb.THROW_EVALUATION_TRICK_UNIT_LENGTH: "TrickUnitLength"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=1000, help="tricks per room and policy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", type=int, nargs="+", default=[3, 4, 5, 6, 8])
    parser.add_argument("--max-lead", type=int, default=8, help="the most cards a lead has")
    parser.add_argument("--show", type=int, default=5, help="disagreements printed")
    args = parser.parse_args()
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
                ctx, plays = random_trick(rng, decks, evaluation, bomb_policy, args.max_lead)
                ours = judge_trick_by_format(ctx, plays)
                expected = plays[reference_winner(ctx, plays)].seat
                counts["tricks"] += 1
                if any(v.kind != pb.PLAY_KIND_DISCARD and "without the lead's format" not in v.reason
                       for v in ours.verdicts[1:]):
                    counts["matched"] += 1
                if len(lead_format(ctx, plays[0].cards)) > 1:
                    counts["throws"] += 1
                if expected != plays[0].seat:
                    counts["followers"] += 1
                if ours.winning_seat != expected:
                    counts["differ"] += 1
                    if shown < args.show:
                        shown += 1
                        trump = "no trump" if ctx.trump is None else f"trump {ctx.trump.name}"
                        bombs = pb.BombPolicy.Name(bomb_policy)
                        print(f"  differ: {decks} decks, level {ctx.level.name}, {trump}, {_NAMES[evaluation]}, {bombs}:")
                        print("    " + " / ".join(format_cards(p.cards) for p in plays))
                        print(f"    profile: seat {ours.winning_seat}; upstream: seat {expected}")
            total.update(counts)
            print(f"{decks:>5} {_NAMES[evaluation]:>16} {counts['tricks']:>7} {counts['throws']:>7} "
                  f"{counts['matched']:>8} {counts['followers']:>7} {counts['differ']:>7}", flush=True)
    print(f"total: {total['tricks']} tricks, {total['matched']} with a follower in the lead's format, "
          f"{total['differ']} disagreements ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
