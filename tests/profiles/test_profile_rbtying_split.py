"""rbtying's follow walk passing whole classes of splits by a joint fill that chooses the split.

``joint.JointFill.holds_split`` decides whether any split of a grouping's tuples in one class of
rbtying's order (``split_classes.split_class``: its longest unit and its number of units) can be held
with some other units; ``split_classes.Runs`` passes a class, or a run of its splits sharing their
first units, when it can hold none. Both are checked against the plain tests they replace: each
split of the class asked one by one, and the plain walk of ``TrickFormat::is_legal_play``
(``scripts/research/rbtying/reference.py``), on seeded random cases.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from oracle import pb
from oracle.cards import Rank, Suit, format_cards
from oracle.engine.budget import WorkExceeded, limited
from oracle.engine.following import suit_duty
from oracle.profiles.rbtying import split_classes
from oracle.profiles.rbtying.follow import unbounded_first_duty
from oracle.profiles.rbtying.joint import JointFill
from oracle.profiles.rbtying.ordering import EXACT_MAX_CARDS
from oracle.profiles.rbtying.split_classes import CoarseSplits
from oracle.profiles.rbtying.trick_format import lead_format
from oracle.variants import make_ruleset
from scripts.research.rbtying.reference import random_follow, random_suit_run, reference_duty, room


def test_a_chosen_split_is_any_split_of_its_class_held_one_by_one() -> None:
    """For random cards of one suit (2 to 8 decks, with and without LongerTuplesProtected,
    across the trump junction), tuples, units beside them and a class: ``holds_split`` answers
    as asking ``holds`` of every split of the tuples in that class, each unit in any order."""
    rng = random.Random(508)
    asked = held = 0
    while asked < 300:
        decks = rng.choice((2, 3, 4, 6, 8))
        level, trump = rng.choice(list(Rank)[:13]), rng.choice([*Suit, None])
        rules = make_ruleset(room(decks, pb.DRAW_POLICY_NO_PROTECTIONS), level, trump, no_trump=trump is None)
        cards = random_suit_run(rng, rules, decks)
        if len(cards) < 4:
            continue
        pool = tuple(sorted((rng.randint(2, min(decks, 5)) for _ in range(rng.randint(1, 6))), reverse=True))
        beside = [tuple(rng.randint(2, min(decks, 4)) for _ in range(rng.randint(1, 2)))] if rng.random() < 0.4 else []
        singles = [(1,)] * rng.randint(0, 2)
        protected = rng.random() < 0.3
        longest, units = rng.randint(1, min(4, len(pool))), rng.randint(1, len(pool))
        reaching = rng.random() < 0.6
        fill = JointFill(rules, cards, protected=protected)
        with limited(steps=10**9):
            chosen = fill.holds_split(singles, beside, pool, units, longest, reaching)
            one_by_one = any(fill.holds(singles, [*beside, *split]) for split, _ in CoarseSplits(pool, longest)
                             if len(split) == units and (not reaching or max(map(len, split)) == longest))
        assert chosen == one_by_one, (format_cards(cards), pool, beside, singles, protected, units, longest, reaching)
        asked += 1
        held += chosen
    assert 30 < held < 270  # both answers were exercised


def test_the_walk_passing_classes_of_splits_decides_as_the_plain_walk_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random follows whose lead holds a unit listed lazily (more than 17 cards), 3 to 8 decks,
    the four draw policies that walk, those whose plain walk takes at most 300,000 steps: with
    every class and run of splits tested as soon as the walk takes one of its splits
    (``RUN_TESTED`` 1, so that tests are many), the walk stops at the requirement the plain
    walk stops at, with the same verdict (``scripts/research/rbtying/walk.py --max-lead 24`` runs
    thousands with the usual threshold)."""
    monkeypatch.setattr(split_classes, "RUN_TESTED", 1)
    tested: list[bool] = []
    real = split_classes.Runs.__init__

    def counting(self: split_classes.Runs, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        some = self.some

        def told(*asked: Any) -> bool:
            tested.append(some(*asked))
            return tested[-1]

        self.some = told

    monkeypatch.setattr(split_classes.Runs, "__init__", counting)
    rng = random.Random(3)
    walked = 0
    while walked < 20:
        rules, lead, hand, play = random_follow(rng, max_lead=24)
        duty = suit_duty(rules, lead, hand, play)
        units = lead_format(rules, lead)
        if (not duty.met or len(duty.play_x) < duty.led
                or not any(sum(u.adjacent) > EXACT_MAX_CARDS for u in units)):
            continue
        try:
            with limited(steps=300_000):
                plain = reference_duty(rules, units, duty.hand_x, duty.play_x)
        except WorkExceeded:
            continue
        with limited(steps=10**9):
            found = unbounded_first_duty(rules, units, duty.hand_x, duty.play_x)
        assert (found.requirement, found.play_fills) == plain, (
            format_cards(lead), format_cards(duty.hand_x), format_cards(duty.play_x))
        walked += 1
    assert tested.count(False) > 3 and tested.count(True) > 100  # classes passed, and kept
