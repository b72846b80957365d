"""Every legal follow under rbtying/shengji's rule (``FOLLOW_RULE_DECOMPOSITION``), counted.

Rule ``follow.suit`` splits the plays (:func:`oracle.engine.legal_follows.suit_split`); a play of
``n`` cards of the led suit is judged by
:func:`oracle.profiles.rbtying.follow.check_follow_decomposition`'s steps (a bomb it allows, then the
walk, ``first_duty``) and grouped by the first requirement of the walk it fills. Its fills read single cards too (adjacent
units, the hand's own fill), so a play's core is every identity it holds. Bombs the policy lets a
follower play are a group of their own where they are not already legal follows. docs/rules.md
(Legal plays) gives the cost.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
>>> follows, bombs = follow_families(ctx, p("7S 7S"), p("2S 2S 3S 3S 5S 5S 9H"))
>>> follows.total(), bombs[0].total()
(3, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.budget import WorkExceeded
from oracle.engine.following import suit_duty
from oracle.engine.legal_follows import SUIT_ONLY, Cores, Judged, suit_split
from oracle.engine.legal_leads import multisets
from oracle.engine.legal_plays import Automaton, Duty, Everything, Family, Listed, Sources, Space
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying import bombs, rainbow, rainbow_plays
from oracle.profiles.rbtying.follow import first_duty
from oracle.profiles.rbtying.trick_format import lead_format, requirement_name

JUDGMENT_STEPS = 100
"""The work budget one judgment spends besides its walk, whose own steps the walk charges as it
counts them (about 0.3 µs a step, docs/rbtying.md): the bomb test and the count's bookkeeping,
about 50 µs a judgment measured (a three-deck hand against a 12-card lead: 253 walks, 170 ms in
the walks, 12 ms besides)."""

MAX_JUDGMENTS = 256
"""The most plays of the led suit one count judges: each is one walk (0.2 ms to 0.7 ms), and their
number, known before any is judged, is that of the multisets of ``n`` cards of the suit; a hand
with more is refused at once (``RESOURCE_EXHAUSTED``) instead of answered slowly."""

NO_DUTY = Duty(1, "follow.decomposition", "no decomposition of the lead that the play or the hand can fill")
ANY_FORMAT = Duty(1, "follow.decomposition", "any cards of the led suit (the draw policy asks for no format)")
BOMB_IN_SUIT = Duty(9_999, "follow.bomb", "a bomb of the led suit")
BOMB = Duty(10_000, "follow.bomb", "a bomb, which the variant lets a follower play")


def follow_families(ctx: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> Sources:
    """The legal follows of ``hand`` to ``lead``, as families to count and page (to a rainbow,
    :func:`.rainbow_plays.rainbow_follow_families`)."""
    rainbow_units = rainbow.rainbow_format(ctx, lead)
    if rainbow_units is not None:
        return rainbow_plays.rainbow_follow_families(ctx, rainbow_units, hand)
    units = lead_format(ctx, lead)
    hand_x = suit_duty(ctx, lead, hand, ()).hand_x
    draw = ctx.strategies.draw

    def judged(space: Space) -> Automaton | None:
        if draw is not None and not draw.format_based:
            return None
        plays = Family(space, len(lead), Everything(ANY_FORMAT)).total()
        if plays > MAX_JUDGMENTS:
            raise WorkExceeded(f"rbtying's rule is counted by judging every play of the led suit: this hand "
                               f"has {plays} plays of {len(lead)} cards of it, more than the {MAX_JUDGMENTS} "
                               "one question may judge (docs/rules.md, Legal plays)")

        def judge(play: list[Card]) -> Duty | None:
            # check_follow_decomposition's verdict for n cards of the suit: a bomb it allows,
            # else the walk's first requirement that the play or the hand fills, if the play does.
            if bombs.follow_allowed(ctx, lead, hand, play):
                return BOMB_IN_SUIT
            duty = first_duty(ctx, units, hand_x, play, same_positions=True)
            if duty.requirement is None or duty.position is None:
                return NO_DUTY
            if not duty.play_fills:
                return None
            return Duty(2 + duty.position, "follow.decomposition",
                        f"fills {requirement_name(duty.requirement)} (decomposition {duty.position} of the lead)")

        return Judged(ctx, space, Cores(1), judge, cost=JUDGMENT_STEPS)

    follows = suit_split(ctx, lead, hand, SUIT_ONLY, judged, ANY_FORMAT)
    extra = bomb_follows(ctx, lead, hand, follows)
    return follows, [extra]


def bomb_follows(ctx: Ruleset, lead: Sequence[Card], hand: Sequence[Card], follows: Family) -> Listed:
    """The bombs of ``n`` cards the policy lets the hand play that are not legal follows anyway
    (rbtying/shengji ``TrickFormat::is_legal_play`` @ 71f8d43, ``BombPolicy``)."""
    space = Space.of(ctx, hand)
    found: list[tuple[tuple[Card, ...], Duty]] = []
    if bombs.allowed(ctx) and len(lead) >= 4:
        by_identity: dict[object, Counter[Card]] = {}
        for card, copies in zip(space.cards, space.copies, strict=True):
            by_identity.setdefault(ctx.identity(card), Counter())[card] = copies
        for held in by_identity.values():
            for play in multisets(list(held.items()), len(lead)):
                if not bombs.follow_allowed(ctx, lead, hand, play):
                    continue
                if follows.holds(play):
                    continue
                found.append((tuple(play), BOMB))
    return Listed(space, found)

