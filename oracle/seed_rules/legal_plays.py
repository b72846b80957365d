"""Every legal follow under the seeds' rule (``FOLLOW_RULE_GREEDY_STRUCTURE``), counted.

Rule ``follow.suit`` splits the plays (:func:`oracle.engine.legal_follows.suit_split`); a play of
``n`` cards of the led suit is judged by :func:`oracle.seed_rules.follow.follow_by_structure`,
whose greedy match reads only the identities the play holds twice or more (the ladders' parts
are tuples of two or more), so one representative per core decides all its plays. docs/rules.md
(Legal plays) gives the states and the cost.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> follows, listed = follow_families(ctx, p("8S 8S"), p("AS AS KS 5S 3C"))
>>> [(duty.rule_id, n) for duty, n in follows.counts().items()], listed
([('follow.pairs', 1)], [])
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.legal_follows import SUIT_ONLY, CheckedCores, suit_split
from oracle.engine.legal_plays import Automaton, Duty, Sources, Space
from oracle.engine.ruleset import Ruleset
from oracle.seed_rules.follow import follow_by_structure, ladder_for


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
    singles_read = any(p.tuple_size < 2 for ladder in ctx.variant.following.ladders
                       for rung in ladder.rungs for p in rung.parts)

    def judged(space: Space) -> Automaton | None:
        if duty.rule_id == "follow.suit":
            return None

        def judge(play: list[Card]) -> Duty | None:
            return duty if follow_by_structure(ctx, lead, hand, play).legal else None

        return CheckedCores(ctx, space, len(lead), 1 if singles_read else 2, judge)

    return suit_split(ctx, lead, hand, SUIT_ONLY, judged, duty), []
