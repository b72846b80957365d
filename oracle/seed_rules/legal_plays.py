"""Every legal follow under the seeds' rule (``FOLLOW_RULE_GREEDY_STRUCTURE``), counted.

Rule ``follow.suit`` splits the plays (:func:`oracle.engine.legal_follows.suit_split`); a play of
``n`` cards of the led suit is judged by :func:`oracle.seed_rules.follow.follow_by_structure`,
whose greedy match reads only the identities the play holds twice or more (the ladders' parts
are tuples of two or more), and of those, for a lead without tractors, only their copies, and for
pairs alone, only the lengths of their runs: one representative per reading decides all its
plays. docs/rules.md (Legal plays) gives the readings and the cost.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> follows, listed = follow_families(ctx, p("8S 8S"), p("AS AS KS 5S 3C"))
>>> [(duty.rule_id, n) for duty, n in follows.counts().items()], listed
([('follow.pairs', 1)], [])
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import cast

from oracle.cards import Card
from oracle.engine.legal_follows import (
    SUIT_ONLY,
    Cores,
    Judged,
    Reading,
    identity_numbers,
    suit_split,
)
from oracle.engine.legal_plays import Automaton, Duty, Sources, Space
from oracle.engine.ruleset import Ruleset
from oracle.seed_rules.follow import follow_by_structure, ladder_for
from oracle.seed_rules.matching import Shape, lead_requirements


def structure_duty(ctx: Ruleset, lead: Sequence[Card]) -> Duty:
    """The duty a follow of ``n`` cards of the suit meets: the lead's ladder, its tractors, its
    tuples, or the suit alone (a lead of singles)."""
    units = ctx.units(lead)
    if ladder_for(ctx, units) is not None:
        return Duty(1, "follow.ladder", "the first rung of the ladder the hand can show")
    if any(u.is_tractor for u in units):
        return Duty(1, "follow.tractor", "as much of the lead's tractors and tuples as the hand can show")
    if any(u.tuple_size >= 2 for u in units):
        return Duty(1, "follow.pairs", "as many of the lead's tuples as the hand can show")
    return Duty(1, "follow.suit", "any cards of the led suit")


def follow_families(ctx: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> Sources:
    """The legal follows of ``hand`` to ``lead``, as families to count and page."""
    duty = structure_duty(ctx, lead)
    units = ctx.units(lead)
    ladder = ladder_for(ctx, units)
    shapes = ([(p.tuple_size, p.length) for rung in ladder.rungs for p in rung.parts] if ladder is not None
              else lead_requirements(units))
    exact = not ctx.variant.following.must_break_tuples

    def judged(space: Space) -> Automaton | None:
        if duty.rule_id == "follow.suit":
            return None

        def judge(play: list[Card]) -> Duty | None:
            return duty if follow_by_structure(ctx, lead, hand, play).legal else None

        return Judged(ctx, space, reading(ctx, space, shapes, exact), judge)

    return suit_split(ctx, lead, hand, SUIT_ONLY, judged, duty), []


def reading(ctx: Ruleset, space: Space, shapes: Sequence[Shape], exact: bool) -> Reading:
    """What decides the greedy match of the play against ``shapes`` (docs/rules.md, Legal plays):
    the copies of its tuples when no shape is a tractor; the lengths of its runs of pairs when
    every shape is of pairs and no slot of the suit holds two pairs; else the play's core."""
    if any(k < 2 for k, _ in shapes):
        return Cores(1)
    if all(length == 1 for _, length in shapes):
        return TupleCounts()
    if all(k == 2 for k, _ in shapes) and ctx.tractor_min_length >= 2:
        runs = PairRuns.of(ctx, space, exact)
        if runs is not None:
            return runs
    return Cores(2)


@dataclass(frozen=True)
class TupleCounts:
    """No shape is a tractor: the greedy match takes a tuple from the identity with the fewest
    copies (then the lowest) and never looks at slots, so which copies the play holds of each
    identity held twice or more, as a multiset, decides it."""

    def start(self) -> Hashable:
        return ()

    def close(self, state: Hashable, identity: int, copies: int) -> Hashable:
        counts = cast(tuple[int, ...], state)
        return tuple(sorted((*counts, copies))) if copies >= 2 else counts


@dataclass(frozen=True)
class PairRuns:
    """Every shape is of pairs and each slot holds at most one identity that can be a pair: the
    greedy match takes, for a tractor, the run giving the most, the shortest of those, its lowest
    pairs (the rest of the run stays a run), and for a pair any pair left; so the lengths of the
    play's runs of pairs, as a multiset, decide it (a pair without a slot is a run of one)."""

    slot: dict[int, int | None]
    exact: bool

    @classmethod
    def of(cls, ctx: Ruleset, space: Space, exact: bool) -> PairRuns | None:
        """The reading, or ``None`` where a slot holds two pairs (or a card two slots, or an
        identity two pairs)."""
        ident = identity_numbers(ctx, space)
        held: dict[int, int] = {}
        slots: dict[int, tuple[int, ...]] = {}
        for card, copies, number in zip(space.cards, space.copies, ident, strict=True):
            held[number] = held.get(number, 0) + copies
            slots[number] = ctx.slots(card)
        pairs = [i for i, k in held.items() if k >= 2]
        places = [s for i in pairs for s in slots[i]]
        if (any(len(slots[i]) > 1 for i in pairs) or len(places) != len(set(places))
                or (not exact and any(held[i] > 3 for i in pairs))):
            return None
        return cls({i: (slots[i][0] if slots[i] else None) for i in held}, exact)

    def start(self) -> Hashable:
        return ((), 0, None)

    def close(self, state: Hashable, identity: int, copies: int) -> Hashable:
        runs, run, last = cast(tuple[tuple[int, ...], int, int | None], state)
        if not (copies == 2 if self.exact else copies >= 2):
            return state
        slot = self.slot[identity]
        if slot is None:
            return (tuple(sorted((*runs, 1))), run, last)
        if run and last == slot + 1:
            return (runs, run + 1, slot)
        return (tuple(sorted((*runs, run))) if run else runs, 1, slot)
