"""Benchmark: the cost of each question, in-process and over gRPC, as ratios in one run.

Usage: ``python scripts/bench.py [--repeat N] [--quick]``

It prints, all measured in this one run (the machines are noisy, so compare the
ratios, not the microseconds):

1. the baseline: the server CPU that one gRPC round trip of the cheapest call
   (the standard health check) costs, read from the server process's own CPU clock;
2. each question kind answered in-process (validation included), and its
   ratio to that baseline;
3. 1,000 questions through one AnswerBatch call against the same questions
   sent one call each;
4. the worst inputs we can construct (long throws against full hands, follows
   of big structures from hands of one suit, in every shipped variant) against
   a simple two-deck question.

Nothing here is asserted: the figures are for people to read.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc
from oracle.cards import Card, full_deck, parse_cards
from oracle.variants import make_ruleset
from oracle.convert import cards_to_pb
from oracle.service.questions import QUESTION_KINDS, dispatch
from oracle.variants import load_catalogue


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def _median_us(fn: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1e6)
    return statistics.median(samples)


def _ctx_pb(variant: str, level: int, trump: int) -> pb.Context:
    return pb.Context(variant_id=variant, level=level, trump_suit=trump)


def sample_questions(seed: int = 7) -> dict[str, pb.Question]:
    """One ordinary question of each kind on a two-deck deal, in the order of the kinds' table."""
    rng = random.Random(seed)
    deck = full_deck() * 2
    rng.shuffle(deck)
    hands = [deck[i * 25:(i + 1) * 25] for i in range(4)]
    ctx = _ctx_pb("qq-two-deck", pb.RANK_TEN, pb.SUIT_HEARTS)
    engine = make_ruleset("qq-two-deck", 10, 2)
    lead_suit = engine.effective_suit(hands[0][0])
    lead = [c for c in hands[0] if engine.effective_suit(c) == lead_suit][:2]
    follower = hands[1]
    play = follower[:2]
    trick = [pb.Play(seat=i, cards=cards_to_pb(h[:1])) for i, h in enumerate(hands)]
    trick[0] = pb.Play(seat=0, cards=cards_to_pb(lead[:1]))
    questions = [
        pb.Question(describe_play=pb.DescribePlayRequest(context=ctx, cards=cards_to_pb(lead))),
        pb.Question(check_follow=pb.CheckFollowRequest(
            context=ctx, lead=cards_to_pb(lead), hand=cards_to_pb(follower), play=cards_to_pb(play))),
        pb.Question(judge_trick=pb.JudgeTrickRequest(context=ctx, plays=trick)),
        pb.Question(check_throw=pb.CheckThrowRequest(
            context=ctx, throw=pb.Play(seat=0, cards=cards_to_pb(lead)),
            other_hands=[pb.Hand(seat=i, cards=cards_to_pb(hands[i])) for i in (1, 2, 3)])),
        pb.Question(score_bottom=pb.ScoreBottomRequest(
            context=ctx, last_trick=trick, banker_seats=[0, 2], bottom=cards_to_pb(deck[100:108]))),
        pb.Question(score_deal=pb.ScoreDealRequest(
            variant_id="qq-two-deck", attacker_points=125, banker_seat=0,
            banker_level=pb.RANK_TEN, attacker_level=pb.RANK_FIVE)),
        pb.Question(compare_declarations=pb.CompareDeclarationsRequest(
            variant_id="qq-two-deck", level=pb.RANK_TEN,
            standing=pb.Declaration(seat=0, cards=cards_to_pb(parse_cards("10H"))),
            challenger=pb.Declaration(seat=1, cards=cards_to_pb(parse_cards("10S 10S"))))),
        pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-two-deck")),
    ]
    samples = {str(q.WhichOneof("question")): q for q in questions}
    missing = [kind for kind in QUESTION_KINDS if kind not in samples]
    if missing:
        raise SystemExit(f"bench: no sample question of {', '.join(missing)}")
    return {kind: samples[kind] for kind in QUESTION_KINDS}


def worst_questions() -> list[tuple[str, pb.Question]]:
    """The heaviest inputs we can build in each shipped variant.

    Two shapes of lead in one side suit, each against followers holding as
    many cards of that suit as the decks allow (the hand sizes are the
    variant's own):

    * "split": every other rank in all its copies (many tuples, no tractor),
      the followers holding the ranks between, in runs;
    * "runs": pairs of adjacent ranks (long tractors of pairs) with a single
      between, the followers holding the other copies, in runs too.

    A follow checks the first follower's whole hand against the lead; a throw
    checks the lead against all three hands.
    """
    out: list[tuple[str, pb.Question]] = []
    for variant_id, variant in sorted(load_catalogue().items()):
        for shape in ("split", "runs"):
            out.extend(_worst(variant_id, variant, shape))
    out.extend(_big_room_tractor_follows())
    return out


def _big_room_tractor_follows() -> list[tuple[str, pb.Question]]:
    """rbtying/shengji's rule walks the decompositions of a lead's format: the heaviest inputs
    are one long tractor of wide tuples in a room of many decks (a custom variant), followed
    from a hand of the suit that holds every tuple one copy short of it, with gaps."""
    out: list[tuple[str, pb.Question]] = []
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
    for decks, width in ((4, 2), (6, 3), (8, 4), (8, 3)):
        room = pb.Variant()
        room.CopyFrom(load_catalogue()["rbtying-default"])
        room.deal.decks, room.deal.hand_size = decks, 12 * decks
        room.deal.bottom_size = 54 * decks - 4 * room.deal.hand_size
        lead = parse_cards(" ".join(" ".join([f"{r}S"] * width) for r in ranks))
        hand = parse_cards(" ".join(" ".join([f"{r}S"] * (decks - width)) for i, r in enumerate(ranks)
                                    if i % 4 != 3))[:room.deal.hand_size]
        clubs = parse_cards(" ".join(" ".join([f"{r}C"] * decks) for r in ranks))
        hand += clubs[:max(0, len(lead) - len(hand))]
        play = list(reversed(hand))[:len(lead)]
        ctx = pb.Context(level=pb.RANK_TWO, trump_suit=pb.SUIT_HEARTS, custom_variant=room)
        out.append((f"follow rbtying room of {decks} decks (a {width}-wide tractor of 12, hand {len(hand)})",
                    pb.Question(check_follow=pb.CheckFollowRequest(
                        context=ctx, lead=cards_to_pb(lead), hand=cards_to_pb(hand), play=cards_to_pb(play)))))
    return out


def _worst(variant_id: str, variant: pb.Variant, shape: str) -> list[tuple[str, pb.Question]]:
    decks, hand_size = variant.deal.decks, variant.deal.hand_size
    level = variant.card_order.levels[-1]
    ctx = _ctx_pb(variant_id, level, pb.SUIT_HEARTS)
    engine = make_ruleset(variant_id, level, pb.SUIT_HEARTS)
    target = engine.effective_suit(parse_cards("2S")[0])  # spades, or the black cards of two colours
    spades = [c for c in full_deck() * decks if engine.effective_suit(c) == target]
    spades.sort(key=lambda c: -int(c.rank))
    ranks = sorted({int(c.rank) for c in spades}, reverse=True)
    lead: list[Card] = []
    for i, rank in enumerate(ranks):
        copies = [c for c in spades if int(c.rank) == rank]
        if shape == "split":
            lead.extend(copies if i % 2 == 0 else [])
        else:
            lead.extend(copies[:1] if i % 3 == 2 else copies[:2])
    lead = lead[:hand_size]
    left = Counter(spades)
    left.subtract(lead)
    rest = sorted(left.elements(), key=lambda c: -int(c.rank))
    # Top the hands up from what the decks still hold, clubs and diamonds (no trump).
    pool = Counter(full_deck() * decks)
    pool.subtract(spades)
    filler = sorted(
        (c for c in pool.elements() if engine.effective_suit(c) not in (target, pb.EFFECTIVE_SUIT_TRUMP)),
        key=lambda c: (int(c.suit or 0), int(c.rank)),
    )
    others = []
    for seat in (1, 2, 3):
        hand = rest[(seat - 1)::3][:hand_size]
        need = hand_size - len(hand)
        hand, filler = hand + filler[:need], filler[need:]
        others.append(hand)
    follow_hand = others[0]
    follow_lead = lead[:len(follow_hand)]
    play = follow_hand[:len(follow_lead)]
    return [
        (f"follow {variant_id} {shape} ({len(follow_lead)} led, hand {len(follow_hand)})",
         pb.Question(check_follow=pb.CheckFollowRequest(
             context=ctx, lead=cards_to_pb(follow_lead), hand=cards_to_pb(follow_hand),
             play=cards_to_pb(play)))),
        (f"throw {variant_id} {shape} ({len(lead)} cards vs 3 hands)",
         pb.Question(check_throw=pb.CheckThrowRequest(
             context=ctx, throw=pb.Play(seat=0, cards=cards_to_pb(lead)),
             other_hands=[pb.Hand(seat=s, cards=cards_to_pb(h)) for s, h in zip((1, 2, 3), others)]))),
    ]


def _start_server(port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "oracle", "--port", str(port), "--host", "127.0.0.1"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    try:
        grpc.channel_ready_future(channel).result(timeout=max(0.1, deadline - time.monotonic()))
    finally:
        channel.close()
    return proc


def _report(rows: Sequence[tuple[str, str]]) -> None:
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=300, help="samples per figure (default 300)")
    parser.add_argument("--quick", action="store_true", help="fewer samples, for a smoke run")
    args = parser.parse_args(argv)
    repeat = 30 if args.quick else args.repeat

    port = _free_port()
    server = _start_server(port)
    try:
        channel = grpc.insecure_channel(f"127.0.0.1:{port}")
        stub = oracle_service_pb2_grpc.OracleServiceStub(channel)
        # The cheapest call there is: the standard health check (no work, a tiny answer).
        health = health_pb2_grpc.HealthStub(channel)
        ping = health_pb2.HealthCheckRequest(service="")
        for _ in range(50):
            health.Check(ping)
        calls = repeat * 5
        cpu0, wall0 = _cpu_seconds(server.pid), time.perf_counter()
        for _ in range(calls):
            health.Check(ping)
        cpu_us = (_cpu_seconds(server.pid) - cpu0) / calls * 1e6
        wall_us = (time.perf_counter() - wall0) / calls * 1e6
        print(f"Baseline: one health-check round trip costs the server {cpu_us:.0f} µs of CPU "
              f"({wall_us:.0f} µs wall at the client).")

        print("\n1. Each question in-process (validation included), against that round trip:")
        rows = []
        simple_us = 0.0
        for kind, question in sample_questions().items():
            us = _median_us(lambda q=question: dispatch(q), repeat)
            if kind == "check_follow":
                simple_us = us
            rows.append((kind, f"{us:8.1f} µs   {us / cpu_us:6.3f} x round trip"))
        _report(rows)

        samples = list(sample_questions().values())
        questions = (samples * (1000 // len(samples) + 1))[:1000]
        batch = pb.AnswerBatchRequest(questions=questions)
        stub.AnswerBatch(batch)
        unary = {kind.name: getattr(stub, kind.rpc) for kind in QUESTION_KINDS.values()}
        rounds = 3 if args.quick else 5
        batch_s = min(_timed(lambda: stub.AnswerBatch(batch)) for _ in range(rounds))
        single_s = min(
            _timed(lambda: [unary[str(q.WhichOneof("question"))](getattr(q, str(q.WhichOneof("question"))))
                            for q in questions])
            for _ in range(rounds)
        )
        print("\n2. 1,000 questions:")
        _report([
            ("one AnswerBatch call", f"{batch_s * 1e3:8.1f} ms"),
            ("1,000 unary calls", f"{single_s * 1e3:8.1f} ms"),
            ("batch / unary", f"{batch_s / single_s:8.3f}"),
        ])

        print("\n3. Worst inputs built, against a simple two-deck check_follow "
              f"({simple_us:.1f} µs in-process):")
        worst_rows = []
        worst = ("", 0.0)
        for name, question in worst_questions():
            answer = dispatch(question)
            if answer.WhichOneof("answer") == "error":
                worst_rows.append((name, f"rejected: {answer.error.message}"))
                continue
            us = _median_us(lambda q=question: dispatch(q), max(5, repeat // 10))
            worst_rows.append((name, f"{us:9.1f} µs  {us / simple_us:7.1f} x simple"))
            if us > worst[1]:
                worst = (name, us)
        _report(worst_rows)
        print(f"\nWorst case found: {worst[0]}: {worst[1] / simple_us:.1f} x the simple question, "
              f"{worst[1] / cpu_us:.2f} x one round trip.")
        channel.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


if __name__ == "__main__":
    raise SystemExit(main())
