"""Every legal follow under the seeds' rule (``FOLLOW_RULE_GREEDY_STRUCTURE``), counted.

Rule ``follow.suit`` splits the plays (:func:`oracle.engine.legal_follows.suit_split`); a play of
``n`` cards of the led suit is judged by :func:`oracle.seed_rules.follow.check_follow_by_structure`,
whose greedy match reads only the identities the play holds twice or more (the ladders' parts
are tuples of two or more), and of those only what :mod:`oracle.seed_rules.follow_readings`
reads: one representative per reading decides all its plays. docs/rules.md (Legal plays) gives
the readings and the cost.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> follows, listed = legal_follows_by_structure(rules, p("8S 8S"), p("AS AS KS 5S 3C"))
>>> [(duty.rule_id, n) for duty, n in follows.counts().items()], listed
([('follow.pairs', 1)], [])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from oracle import pb
from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.legal_follows import SUIT_ONLY, Cores, Judged, Reading, read_whole, suit_split
from oracle.engine.legal_plays import Automaton, Duty, Everything, Sources, Space
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Unit
from oracle.seed_rules.follow import best_rung, first_shortfall, ladder_for
from oracle.seed_rules.follow_readings import (
    PairRuns,
    Segments,
    TupleCounts,
    could_show,
    plain_reading,
    reading,
    segments_reading,
    unpacked,
)
from oracle.seed_rules.matching import Shape, lead_requirements, match_shapes


def structure_duty(rules: Ruleset, lead: Sequence[Card], units: Sequence[Unit] | None = None) -> Duty:
    """The duty a follow of ``n`` cards of the suit meets: the lead's ladder, its tractors, its
    tuples, or the suit alone (a lead of singles). ``units``: the lead's, when read already."""
    units = rules.units(lead) if units is None else units
    if ladder_for(rules, units) is not None:
        return LADDER_DUTY
    if any(u.is_tractor for u in units):
        return TRACTOR_DUTY
    if any(u.tuple_size >= 2 for u in units):
        return PAIRS_DUTY
    return SUIT_DUTY


LADDER_DUTY = Duty(1, "follow.ladder", "the first rung of the ladder the hand can show")
TRACTOR_DUTY = Duty(1, "follow.tractor", "as much of the lead's tractors and tuples as the hand can show")
PAIRS_DUTY = Duty(1, "follow.pairs", "as many of the lead's tuples as the hand can show")
SUIT_DUTY = Duty(1, "follow.suit", "any cards of the led suit")
"""The duties of :func:`structure_duty` (built once: a duty is a value)."""


READING_STEPS = 15
"""The work budget a reading's judgment spends when :func:`could_show` settles it (a pass over
the play's cards, about 15 microseconds); one that needs the greedy match spends
``MATCH_STEPS`` in all."""

MATCH_STEPS = 100
"""The work budget a reading's judgment by the greedy match spends (about 60 microseconds for a
four-deck play of 17 cards, more for longer ones; a step of the budget is about one)."""


def legal_follows_by_structure(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> Sources:
    """The legal follows of ``hand`` to ``lead``, as families to count and page. The lead's
    units are read only when the hand holds more of the suit than led (a short suit plays it
    all, whatever the lead's structure)."""
    exact = not rules.variant.following.must_break_tuples

    def judged(space: Space) -> Automaton:
        units = rules.units(lead)
        duty = structure_duty(rules, lead, units)
        if duty.rule_id == "follow.suit":
            return Everything(duty)
        ladder = ladder_for(rules, units)
        shapes = ([(p.tuple_size, p.length) for rung in ladder.rungs for p in rung.parts] if ladder is not None
                  else lead_requirements(units))
        read = None if ladder is not None else plain_reading(rules, space, shapes, exact)
        profile = [] if ladder is not None else reading_profile(rules, space, read, shapes, exact)
        # The hand's cards of the suit, spelled out only where a match or a rung reads them (a
        # profile told off the reading, the most common, needs none).
        hand_x = space.cards_of(space.copies) if ladder is not None or profile is None else []
        if profile is None:  # the space's cards come in the ruleset's order
            profile = match_shapes(rules, shapes, hand_x, exact_tuples=exact, ordered=True).profile
        if read is None:
            read = reading(rules, space, shapes, exact) if ladder is not None else segments_reading(
                rules, space, shapes, exact, profile)
        followed = isinstance(read, Segments) and bool(read.held)
        inert, alike, idle = unread(read)
        shows = shows_as_much(rules, ladder, shapes, hand_x, exact, followed, profile)

        def judge(play: list[Card]) -> Duty | None:
            return duty if shows(play) else None

        if not followed:
            verdict = None if ladder is not None else verdict_of_reading(rules, read, shapes, profile, exact, duty)
            return Judged(rules, space, read, judge, cost=READING_STEPS, inert=inert, alike=alike,
                          idle=idle, verdict=verdict)
        assert isinstance(read, Segments)
        return Judged(rules, space, read, judge, cost=MATCH_STEPS, viable=read.viable, inert=inert,
                      alike=alike, idle=idle)

    return suit_split(rules, lead, hand, SUIT_ONLY, judged), []


def reading_profile(rules: Ruleset, space: Space, read: Reading[Any] | None, shapes: Sequence[Shape],
                    exact: bool) -> list[Shape] | None:
    """The greedy match's profile of the whole space (the hand's cards of the suit) told off
    its reading (``TupleCounts``, ``PairRuns``: :func:`verdict_of_reading`), ``None`` for
    another reading (the match is run on the cards).

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> space = Space.of(rules, p("AS AS KS KS 9S 9S 5S"))
    >>> reading_profile(rules, space, PairRuns.of(rules, space, True), [(2, 2), (2, 1)], True)
    [(2, 2), (2, 1)]
    """
    if rules.tractor_min_length < 2:
        return None
    if isinstance(read, TupleCounts):
        return TupleCounts.profile(unpacked(cast(int, read_whole(rules, space, read))), shapes, exact)
    if isinstance(read, PairRuns):
        return PairRuns.profile(unpacked(cast(int, read_whole(rules, space, read))), shapes,
                                rules.tractor_min_length, rules.tractor_min_tuple <= 2)
    return None


def verdict_of_reading(rules: Ruleset, read: Reading[Any], shapes: Sequence[Shape], profile: Sequence[Shape],
                       exact: bool, duty: Duty) -> Callable[[Any], Duty | None] | None:
    """The verdict of a play read by ``TupleCounts`` or ``PairRuns`` told off its reading's key
    (:meth:`TupleCounts.profile`, :meth:`PairRuns.profile`: the greedy match run on the tuples'
    copies or the runs' lengths, not on a representative's cards), with the test and the
    budget of :func:`shows_as_much` against the hand's ``profile``; ``None`` for another reading
    (or a ruleset whose single tuples could form tractors).

    >>> from oracle.cards import Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> from oracle.seed_rules.follow_readings import packed
    >>> verdict = verdict_of_reading(rules, TupleCounts(), [(2, 1)], [(2, 1)], True, SUIT_ONLY)
    >>> verdict(packed([2])) == SUIT_ONLY, verdict(packed([]))
    (True, None)
    """
    if rules.tractor_min_length < 2 or not isinstance(read, TupleCounts | PairRuns):
        return None
    if not profile:
        return lambda key: duty
    top, first, hand = max(k for k, _ in shapes), profile[0], list(profile)
    if isinstance(read, TupleCounts):
        def shown(key: Any) -> list[Shape] | None:
            copies = unpacked(key)
            if not TupleCounts.could_show(copies, first, top, exact):
                return None
            return TupleCounts.profile(copies, shapes, exact)
    else:
        min_length, tractors = rules.tractor_min_length, rules.tractor_min_tuple <= 2

        def shown(key: Any) -> list[Shape] | None:
            lengths = unpacked(key)
            if not PairRuns.could_show(lengths, first):
                return None
            return PairRuns.profile(lengths, shapes, min_length, tractors)

    def verdict(key: Any) -> Duty | None:
        if (found := shown(key)) is None:
            return None
        spend(MATCH_STEPS - READING_STEPS)
        return duty if first_shortfall(hand, found) is None else None

    return verdict


def unread(read: Reading[Any]) -> tuple[int, int, int]:
    """Which copies of an identity a :class:`Judged` automaton need not read one by one, as
    (``inert``, ``alike``, ``idle``): fewer than ``inert`` leave the reading as it was, fewer
    than ``alike`` read alike, and an identity held fewer than ``idle`` times is never read. The
    readings of tuples alone ignore fewer copies than their tuples' (two, or ``keep``);
    ``PairRuns`` reads no identity held fewer than twice, and reads all copies fewer than a
    pair's alike (any of them ends the run going on to a pair's slot); ``Segments`` forgets
    where its tuples lie as it reads on, the same for any copies fewer than a pair's.

    >>> unread(Cores(1)), unread(TupleCounts())
    ((1, 1, 1), (2, 2, 2))
    """
    if isinstance(read, Cores):
        return read.keep, read.keep, read.keep
    if isinstance(read, TupleCounts):
        return 2, 2, 2
    if isinstance(read, PairRuns):
        return 0, 2, 2
    return 0, 2 if isinstance(read, Segments) else 0, 0


def shows_as_much(rules: Ruleset, ladder: pb.FollowLadder | None, shapes: Sequence[Shape],
                  hand_x: Sequence[Card], exact: bool, shown: bool = False,
                  profile: Sequence[Shape] | None = None) -> Callable[[Sequence[Card]], bool]:
    """Whether ``n`` cards of the led suit show as much as the hand's cards of it ``hand_x``:
    :func:`oracle.seed_rules.follow.check_follow_by_structure`'s test once the suit is followed (the
    first rung of the ladder, else the greedy match's profile), the hand's side worked out once.
    With ``shown``, every play asked is known to hold what :func:`could_show` asks (the count
    kept only those: :class:`ShapeHeld`), and its greedy match is paid for already. ``profile``:
    the hand's, when worked out already. A play asked comes in the ruleset's order (a
    representative read off the space: :meth:`~oracle.engine.legal_follows.Judged.representative`),
    so its match sorts nothing.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> shows = shows_as_much(rules, None, [(2, 1)], p("AS 5S 5S"), True)
    >>> shows(p("5S 5S")), shows(p("AS 5S"))
    (True, False)
    """
    if ladder is not None:
        hand_rung = best_rung(rules, ladder, hand_x, exact)
        if hand_rung is None:
            return lambda play: True
        reached = hand_rung[0]

        def on_rung(play: Sequence[Card]) -> bool:
            spend(MATCH_STEPS - READING_STEPS)
            play_rung = best_rung(rules, ladder, play, exact)
            return play_rung is not None and play_rung[0] <= reached

        return on_rung
    profile = list(profile) if profile is not None else match_shapes(rules, shapes, hand_x, exact_tuples=exact).profile
    if not profile:
        return lambda play: True
    top = max(k for k, _ in shapes)

    def as_much(play: Sequence[Card]) -> bool:
        if not shown:
            if not could_show(rules, play, profile[0], top, exact):
                return False
            spend(MATCH_STEPS - READING_STEPS)
        return first_shortfall(profile, match_shapes(rules, shapes, play, exact_tuples=exact, ordered=True).profile) is None

    return as_much
