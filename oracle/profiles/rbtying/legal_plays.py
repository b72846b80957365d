"""Every legal follow under rbtying/shengji's rule (``FOLLOW_RULE_DECOMPOSITION``), counted.

Rule ``follow.suit`` splits the plays (:func:`oracle.engine.legal_follows.suit_split`); the
plays of ``n`` cards of the led suit are counted by :class:`.first_fill.FirstFill`, grouped by the
first requirement of the walk they fill (``follow.first_duty``), without judging any. A bomb the
policy lets a follower play is a group of its own (``check_follow_by_decomposition`` asks for it
first). Only where the fills cannot be read by slots (an ace at either end, which upstream does
not play, or the guard in the two-colour game), or the hand's walk is past its bound, is every
play judged, at most :data:`MAX_JUDGMENTS`. docs/rules.md (Legal plays) gives the cost.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
>>> follows, bombs = legal_follows_by_decomposition(rules, p("7S 7S"), p("2S 2S 3S 3S 5S 5S 9H"))
>>> follows.total(), bombs[0].total()
(3, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from oracle.cards import Card
from oracle.engine.budget import WorkExceeded
from oracle.engine.following import suit_duty
from oracle.engine.legal_follows import SUIT_ONLY, Cores, Judged, suit_split
from oracle.engine.legal_leads import multisets
from oracle.engine.legal_plays import Automaton, Duty, Everything, Family, Listed, Sources, Space
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying import bombs, rainbow, rainbow_plays
from oracle.profiles.rbtying.first_fill import NO_DUTY, FirstFill, fills
from oracle.profiles.rbtying.follow import WalkExceeded, first_duty
from oracle.profiles.rbtying.policies import policies
from oracle.profiles.rbtying.trick_format import FormatUnit, lead_format

JUDGMENT_STEPS = 100
"""The work budget one judgment spends besides its walk, whose own steps the walk charges as it
counts them (about 0.3 µs a step, docs/rbtying.md): the bomb test and the count's bookkeeping,
about 50 µs a judgment measured (a three-deck hand against a 12-card lead: 253 walks, 170 ms in
the walks, 12 ms besides)."""

MAX_JUDGMENTS = 256
"""The most plays of the led suit one count judges: each is one walk (0.2 ms to 0.7 ms), and their
number, known before any is judged, is that of the multisets of ``n`` cards of the suit; a hand
with more is refused at once (``RESOURCE_EXHAUSTED``) instead of answered slowly."""

ANY_FORMAT = Duty(1, "follow.decomposition", "any cards of the led suit (the draw policy asks for no format)")
BOMB_IN_SUIT = Duty(9_999, "follow.bomb", "a bomb of the led suit")
BOMB = Duty(10_000, "follow.bomb", "a bomb, which the variant lets a follower play")


def legal_follows_by_decomposition(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> Sources:
    """The legal follows of ``hand`` to ``lead``, as families to count and page (to a rainbow,
    :func:`.rainbow_plays.legal_rainbow_follows`)."""
    rainbow_units = rainbow.rainbow_format(rules, lead)
    if rainbow_units is not None:
        return rainbow_plays.legal_rainbow_follows(rules, rainbow_units, hand)
    units = lead_format(rules, lead)
    hand_x = suit_duty(rules, lead, hand, ()).hand_x
    if not policies(rules).draw.format_based:
        follows = suit_split(rules, lead, hand, SUIT_ONLY, lambda space: None, ANY_FORMAT)
        return follows, [bomb_follows(rules, lead, hand, follows)]
    counted: Automaton | None = None

    def in_suit(space: Space) -> Automaton:
        nonlocal counted
        try:
            counted = FirstFill.of(rules, space, units, hand_x)
        except WalkExceeded:  # the hand's walk to its own fill is past the walk's bound
            counted = None
        if counted is None:
            counted = _judged(rules, lead, hand, units, hand_x, space)
        return counted

    follows = suit_split(rules, lead, hand, SUIT_ONLY, in_suit, ANY_FORMAT)
    if not isinstance(counted, FirstFill):  # a short suit, or every play judged (the bombs among them)
        return follows, [bomb_follows(rules, lead, hand, follows)]
    # check_follow_by_decomposition asks for a bomb the policy allows before the walk: such a play
    # of the suit is a group of its own, whatever it fills.
    found: list[tuple[tuple[Card, ...], Duty]] = []
    excluded: set[tuple[int, ...]] = set()
    for play in bomb_plays(rules, lead, hand):
        vector = follows.space.vector(play)
        found.append((tuple(play), BOMB if vector is None else BOMB_IN_SUIT))
        if vector is not None and follows.accepts(vector) is not None:
            excluded.add(vector)
    follows = Family(follows.space, follows.size, follows.automaton, excluded=frozenset(excluded))
    return follows, [Listed(Space.of(rules, hand), found)]


def _judged(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], units: Sequence[FormatUnit],
            hand_x: Sequence[Card], space: Space) -> Automaton:
    """Every play of ``n`` cards of the suit judged by ``check_follow_by_decomposition``'s steps, at
    most :data:`MAX_JUDGMENTS` of them: in rooms whose fills the count cannot read by slots (an
    ace at either end, which upstream does not play) or whose identities are several cards
    under the guard (the two-colour game), and where the walk of the hand to the first
    requirement it fills protected is past the walk's bound (each play's own walk stops at the
    first requirement the play fills, often much sooner)."""
    plays = Family(space, len(lead), Everything(ANY_FORMAT)).total()
    if plays > MAX_JUDGMENTS:
        raise WorkExceeded(f"rbtying's rule is counted here by judging every play of the led suit (docs/rules.md, "
                           f"Legal plays): this hand has {plays} plays of {len(lead)} cards of it, more than the "
                           f"{MAX_JUDGMENTS} one question may judge")

    def judge(play: list[Card]) -> Duty | None:
        # check_follow_by_decomposition's verdict for n cards of the suit: a bomb it allows,
        # else the walk's first requirement that the play or the hand fills, if the play does.
        if bombs.follow_allowed(rules, lead, hand, play):
            return BOMB_IN_SUIT
        duty = first_duty(rules, units, hand_x, play, same_positions=True)
        if duty.requirement is None or duty.position is None:
            return NO_DUTY
        return fills(duty.position, duty.requirement) if duty.play_fills else None

    return Judged(rules, space, Cores(1), judge, cost=JUDGMENT_STEPS, inert=1)


def bomb_follows(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], follows: Family) -> Listed:
    """The bombs of ``n`` cards the policy lets the hand play that are not legal follows anyway
    (rbtying/shengji ``TrickFormat::is_legal_play`` @ 71f8d43, ``BombPolicy``)."""
    found = [(tuple(play), BOMB) for play in bomb_plays(rules, lead, hand) if not follows.holds(play)]
    return Listed(Space.of(rules, hand), found)


def bomb_plays(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> Iterator[list[Card]]:
    """The bombs of ``n`` cards the policy lets the hand play whatever the usual duties say."""
    if not bombs.allowed(rules) or len(lead) < 4:
        return
    by_identity: dict[object, Counter[Card]] = {}
    for card in hand:
        by_identity.setdefault(rules.identity(card), Counter())[card] += 1
    for held in by_identity.values():
        for play in multisets(list(held.items()), len(lead)):
            if bombs.follow_allowed(rules, lead, hand, play):
                yield play
