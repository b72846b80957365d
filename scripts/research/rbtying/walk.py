"""rbtying's follow walk: agreement with the plain walk, and the cost of the heaviest follows.

1. Differential: seeded random follows in rooms of 2 to 8 decks under the four draw policies
   that walk decompositions; the profile's walk without its work bound
   (``follow.unbounded_first_duty``) against the plain walk (``scripts/research/rbtying/reference.py``): the requirement that decides and
   the verdict must be the same. Prints cases, disagreements and time, and how many of the
   follows of each deck count the walk with its bound (``follow.WALK_STEPS``) refuses.
2. Cost: in-process CheckFollow questions (validation included) of the profile in a room of
   four decks (or ``--decks``): the median over random follows, and each constructed heavy
   follow as a ratio of it. Timings are medians of repeats in this run; nothing is asserted.
3. Examples (``--examples N``): seeded random follows of three and four decks under the two
   policies that protect longer tuples; each illegal verdict's example is asked again as the
   play and must be legal. Prints follows, illegal verdicts and refused examples.

    python -m scripts.research.rbtying.walk --cases 3000 --seed 1
    python -m scripts.research.rbtying.walk --cases 0 --plain 0 --examples 4000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

from oracle import pb
from oracle.cards import Card, format_cards, parse_cards
from oracle.convert import cards_from_pb, cards_to_pb
from oracle.dispatch.questions import check_follow
from oracle.engine.budget import DEFAULT_STEPS, WorkExceeded, limited
from oracle.engine.following import suit_duty
from oracle.profiles.rbtying.follow import WALK_STEPS, first_duty, unbounded_first_duty
from oracle.profiles.rbtying.trick_format import lead_format
from oracle.service.questions import dispatch
from scripts.research.rbtying.reference import random_follow, reference_duty, room


def differential(cases: int, seed: int, max_lead: int) -> None:
    rng = random.Random(seed)
    walked = disagreements = 0
    spent_new = spent_ref = 0.0
    asked: Counter[int] = Counter()
    refused: Counter[int] = Counter()
    while walked < cases:
        rules, lead, hand, play = random_follow(rng, max_lead)
        duty = suit_duty(rules, lead, hand, play)
        if not duty.met or len(duty.play_x) < duty.led:
            continue
        units = lead_format(rules, lead)
        start = time.perf_counter()
        new = unbounded_first_duty(rules, units, duty.hand_x, duty.play_x)
        middle = time.perf_counter()
        ref = reference_duty(rules, units, duty.hand_x, duty.play_x)
        spent_new += middle - start
        spent_ref += time.perf_counter() - middle
        walked += 1
        decks = rules.variant.deal.decks
        asked[decks] += 1
        try:
            with limited(steps=DEFAULT_STEPS):
                first_duty(rules, units, duty.hand_x, duty.play_x)
        except WorkExceeded:
            refused[decks] += 1
        if (new.requirement, new.play_fills) != ref:
            disagreements += 1
            print(f"DISAGREE {rules.variant.deal.decks} decks: lead {format_cards(lead)}, hand "
                  f"{format_cards(duty.hand_x)}, play {format_cards(duty.play_x)}: "
                  f"{new.requirement} {new.play_fills} against {ref}")
    print(f"differential: {walked} follows walked (seed {seed}, leads up to {max_lead} cards), "
          f"{disagreements} disagreements; walk {spent_new:.1f} s, plain walk {spent_ref:.1f} s")
    print(f"refused at the walk's bound ({WALK_STEPS} steps), by decks: " + ", ".join(
        f"{refused[d]} of {asked[d]} with {d}" for d in sorted(asked)))


def _question(variant: pb.Variant, level: int, trump: int, lead: list[Card], hand: list[Card],
              play: list[Card]) -> pb.Question:
    context = pb.Context(level=level, trump_suit=trump, custom_variant=variant)  # type: ignore[arg-type]
    return pb.Question(check_follow=pb.CheckFollowRequest(
        context=context, lead=cards_to_pb(lead), hand=cards_to_pb(hand), play=cards_to_pb(play)))


def _median_us(fn: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1e6)
    return statistics.median(samples)


def heavy_follows(decks: int) -> list[tuple[str, pb.Question]]:
    """Constructed heavy follows: long tractors and the issue's throw against gapped hands."""
    variant = room(decks, pb.DRAW_POLICY_NO_PROTECTIONS)
    variant.deal.hand_size = min(13 * decks, (54 * decks - 8) // 4 + 12)
    variant.deal.bottom_size = 54 * decks - 4 * variant.deal.hand_size
    out = []
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "A"]
    # A throw of four quads, a tractor of two triples and a triple of big jokers, level K,
    # hearts trump, against a trump-heavy hand (the input upstream takes 50 s on).
    if decks >= 4:
        lead = parse_cards("2H 2H 2H 2H 4H 4H 4H 4H 9H 9H 9H 9H JH JH JH JH 6H 6H 6H 7H 7H 7H BJ BJ BJ")
        rest = [r for r in ranks if r not in ("2", "4", "9", "J", "6", "7")]
        hand = parse_cards(" ".join(f"{r}H " * (decks - 1) for r in rest) + " 3H 5H 8H 10H QH AH"
                           + " KS KS KD KD KC KC KH KH SJ SJ SJ BJ 6H 7H")
        hand = hand[:variant.deal.hand_size]
        for name, play in (("lowest", hand[-len(lead):]), ("highest", hand[:len(lead)])):
            out.append((f"throw of 4 quads + (3,3) + BJ triple, {name} play",
                        _question(variant, pb.RANK_KING, pb.SUIT_HEARTS, lead, hand, play)))
    # One long tractor of each width against hands holding each tuple short, with gaps.
    for width in range(2, min(decks, 4) + 1):
        for length in (6, 9, 12):
            for gap in (2, 3, 4):
                lead = parse_cards(" ".join(f"{r}H " * width for r in ranks[:length]))
                held = " ".join(f"{r}H " * (decks - width if i < length else decks)
                                for i, r in enumerate(ranks) if i % gap != gap - 1)
                hand = parse_cards(held + " KS KD KC SJ BJ KH " * (decks // 2))[:variant.deal.hand_size]
                if len(hand) < len(lead):
                    continue
                for name, play in (("lowest", hand[-len(lead):]), ("highest", hand[:len(lead)])):
                    out.append((f"tractor {length}x{width} against gaps every {gap}, {name} play",
                                _question(variant, pb.RANK_KING, pb.SUIT_HEARTS, lead, hand, play)))
    return out


def cost(decks: int, seed: int, plain: int, repeat: int) -> None:
    rng = random.Random(seed)
    plain_qs = []
    while len(plain_qs) < plain:
        rules, lead, hand, play = random_follow(rng)
        if rules.variant.deal.decks != decks:
            continue
        variant = room(decks, rules.variant.following.draw_policy)
        plain_qs.append(_question(variant, rules.level, rules.trump or pb.SUIT_UNSPECIFIED, lead, hand, play))
    for q in plain_qs:
        dispatch(q)  # every list a question needs is built once per process
    median = statistics.median(_median_us(lambda q=q: dispatch(q), repeat) for q in plain_qs)
    pair = _question(room(decks, pb.DRAW_POLICY_NO_PROTECTIONS), pb.RANK_TWO, pb.SUIT_SPADES,
                     parse_cards("9H 9H"), parse_cards("3H 3H 5H 7C"), parse_cards("3H 5H"))
    dispatch(pair)
    simple = _median_us(lambda: dispatch(pair), repeat * 20)
    print(f"cost, {decks} decks: median of {plain} random follows {median:.0f} µs; "
          f"a pair followed (illegal) {simple:.0f} µs")
    worst = ("", 0.0)
    for name, question in heavy_follows(decks):
        answer = dispatch(question)
        us = _median_us(lambda q=question: dispatch(q), repeat)
        status = answer.WhichOneof("answer") or "?"
        if status == "error":
            status = f"error {answer.error.code}"
        else:
            status = "legal" if answer.check_follow.legal else "illegal"
        print(f"  {us / median:7.1f} x  {us:9.0f} µs  {status:8}  {name}")
        if us > worst[1]:
            worst = (name, us)
    print(f"worst: {worst[0]}: {worst[1] / median:.1f} x the median follow, "
          f"{worst[1] / simple:.1f} x the pair followed")


PROTECTING = (pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED,
              pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR)


def examples(cases: int, seed: int) -> None:
    """Each illegal follow's example, asked again as the play, must be legal."""
    rng = random.Random(seed)
    asked = illegal = refused = bounded = 0
    while asked < cases:
        rules, lead, hand, play = random_follow(rng)
        if rules.variant.deal.decks not in (3, 4) or rules.variant.following.draw_policy not in PROTECTING:
            continue
        asked += 1
        try:
            answer = check_follow(rules, lead, hand, play)
        except WorkExceeded:  # the walk or the example's search past the walk's bound
            bounded += 1
            continue
        if answer.legal:
            continue
        illegal += 1
        example = cards_from_pb(answer.example)
        if not check_follow(rules, lead, hand, example).legal:
            refused += 1
            print(f"REFUSED {rules.variant.deal.decks} decks, policy {rules.variant.following.draw_policy}: lead "
                  f"{format_cards(lead)}, hand {format_cards(hand)}, play {format_cards(play)}, example "
                  f"{format_cards(example)}")
    print(f"examples: {asked} follows of 3 and 4 decks under the protecting policies (seed {seed}), "
          f"{illegal} illegal, {refused} examples refused, {bounded} refused at the walk's bound")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-lead", type=int, default=16)
    parser.add_argument("--decks", type=int, default=4)
    parser.add_argument("--plain", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--examples", type=int, default=0)
    args = parser.parse_args()
    if args.cases:
        differential(args.cases, args.seed, args.max_lead)
    if args.examples:
        examples(args.examples, args.seed)
    if args.plain:
        cost(args.decks, args.seed, args.plain, args.repeat)


if __name__ == "__main__":
    main()
