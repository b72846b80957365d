"""Answering a question leaves no reference cycle behind: every object it made is freed by
reference counting as the answer returns, none is left to the cycle collector.

A cycle left per question (a closure that calls itself, a message class made again and again)
keeps the question's tables alive until a collection, and the collection, 0.1 to 0.3 ms here,
lands in whichever question happens to be running then (docs/speed-history.md, "No garbage
left to the cycle collector"). Each question is asked once first, so that what a process keeps
for good (per-shape and per-ruleset tables, the room's ruleset) is made before the count.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any

import pytest

from oracle import pb
from oracle.dispatch.questions import check_follow, list_legal_plays
from oracle.engine.budget import DEFAULT_STEPS, WorkExceeded, limited
from oracle.service.decoding import pb_cards
from oracle.service.questions import dispatch
from oracle.variants import load_catalogue
from scripts.bench import bench
from scripts.bench.bench_legal_plays import ROOMS, questions
from scripts.research.rbtying.reference import random_follow


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector paused, and what exists now frozen out of its passes: each count below is a
    pass over what the questions made alone, however large the test process has grown."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    gc.freeze()
    try:
        yield
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.unfreeze()
        if was:
            gc.enable()


def cyclic_garbage(ask: Callable[[], object]) -> Counter[str]:
    """The objects in cycles that ``ask`` leaves, by type (inside :func:`collector_paused`)."""
    ask()
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    gc.set_debug(0)
    found = Counter(type(o).__qualname__ for o in gc.garbage)
    gc.garbage.clear()
    gc.collect()  # now without saving them: freed
    return found


def assert_no_cycles(asks: Sequence[tuple[str, Callable[[], object]]]) -> None:
    for _, ask in asks:
        ask()  # what a process keeps for good is made now, not counted
    with collector_paused():
        left = {name: cyclic_garbage(ask) for name, ask in asks}
    left = {name: found for name, found in left.items() if found}
    assert not left, f"questions leaving reference cycles (objects by type): {left}"


def dispatched(questions: Sequence[tuple[str, pb.Question]]) -> list[tuple[str, Callable[[], object]]]:
    return [(name, partial(dispatch, q)) for name, q in questions]


def test_the_benchmarks_questions_leave_no_cycles() -> None:
    asked = list(bench.sample_questions().items())
    asked += [(f"mixed {i}", q) for i, q in enumerate(bench.mixed_questions(60, 2))]
    for variant in ("botzone-tractor", "qq-two-deck", "rbtying-default"):
        for kind, qs in bench.random_play_questions(variant, 8).items():
            asked += [(f"{variant} {kind} {i}", q) for i, q in enumerate(qs)]
    asked += bench.big_rbtying_follows()  # the eight-deck pinning follow among them: refused
    assert_no_cycles(dispatched(asked))


def test_refused_questions_leave_no_cycles() -> None:
    context = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
    bad = [
        pb.Question(check_follow=pb.CheckFollowRequest(
            context=context, lead=pb_cards("AS"), hand=[pb.Card(rank=99)],  # type: ignore[arg-type]  # no such rank
            play=pb_cards("AS"))),
        pb.Question(check_follow=pb.CheckFollowRequest(context=pb.Context(variant_id="nope"))),
        pb.Question(judge_trick=pb.JudgeTrickRequest(context=context)),
        pb.Question(list_legal_plays=pb.ListLegalPlaysRequest(context=context)),
        pb.Question(check_follow=pb.CheckFollowRequest(
            context=pb.Context(custom_variant=pb.Variant(id="bare")), lead=pb_cards("AS"))),
    ]
    answers = [dispatch(q) for q in bad]
    assert {a.error.code for a in answers} == {"INVALID_ARGUMENT"}
    assert_no_cycles(dispatched([(f"bad {i}", q) for i, q in enumerate(bad)]))


def _legal_plays_asks(cases: int) -> list[tuple[str, Callable[[], object]]]:
    asks: list[tuple[str, Callable[[], object]]] = []
    every: list[str | pb.Variant] = [*sorted(load_catalogue()), *ROOMS]
    for variant in every:
        name = variant if isinstance(variant, str) else variant.id
        for i, (deal, hand, lead) in enumerate(questions(random.Random(f"1:{name}"), variant, cases)):
            def ask(rules: Any = deal.rules, hand: Any = hand, lead: Any = lead) -> object:
                try:
                    with limited(steps=DEFAULT_STEPS):
                        return list_legal_plays(rules, hand, lead, 0, 10)
                except WorkExceeded:
                    return None
            asks.append((f"{name} {i}", ask))
    return asks


def test_legal_plays_of_every_variant_leave_no_cycles() -> None:
    assert_no_cycles(_legal_plays_asks(3))


@pytest.mark.parametrize("seed", [5, 6])
def test_rbtying_follows_of_many_decks_leave_no_cycles(seed: int) -> None:
    rng = random.Random(seed)
    asks: list[tuple[str, Callable[[], object]]] = []
    for i in range(60):
        rules, lead, hand, play = random_follow(rng, 24)

        def ask(rules: Any = rules, lead: Any = lead, hand: Any = hand, play: Any = play) -> object:
            try:
                with limited(steps=DEFAULT_STEPS):
                    return check_follow(rules, lead, hand, play)
            except WorkExceeded:
                return None
        asks.append((f"follow {i}", ask))
    assert_no_cycles(asks)
