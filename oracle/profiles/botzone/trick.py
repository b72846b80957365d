"""The Botzone Tractor judge's trick winner (JudgeTrick, ``THROW_EVALUATION_LARGEST_COMPONENT``).

keyijing/Tractor-RL judger.py ``checkWinner`` (read at 2807665 and 01621cc): rules
``trick.same_type`` (a lead that is not a throw) and ``trick.largest_component`` (a throw), in
the vocabulary of :mod:`oracle.profiles.botzone.play_types`. The rule step by step: docs/botzone.md.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
>>> judge_trick_by_type(rules, [SeatPlay(0, tuple(p("AS"))), SeatPlay(1, tuple(p("3H")))]).winning_seat
1
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card
from oracle.convert import suit_name
from oracle.engine.ruleset import TRUMP, Ruleset, SeatPlay
from oracle.engine.trick_answers import (
    BestSoFar,
    SeatVerdict,
    Verdict,
    finish_trick,
    verdict_against_best,
)
from oracle.profiles.botzone.play_types import (
    PAIR,
    SINGLE,
    THROW,
    TRACTOR,
    UPSTREAM,
    code_parts,
    covers,
    part_lengths,
    play_type,
    top_strength,
)

_Best = BestSoFar[int | None]

_SUITS = pb.EffectiveSuit.values()
_TYPES = (SINGLE, PAIR, TRACTOR, THROW)

_OTHER_TYPE = {(own, kind): f"a {own}, not a {kind} like the lead: it cannot win" for own in _TYPES for kind in _TYPES}
"""The reason of a play of another type than the lead's, by (its type, the lead's): built once."""

_DISCARDS = {(kind, suit, led): f"a {kind} of {suit_name(suit)} to a {suit_name(led)} lead: a discard (垫)"
             for kind in _TYPES for suit in _SUITS for led in _SUITS}
"""The reason of a discard of the lead's type, by (the type, the play's suit, the lead's)."""

_LEADS = {(suit, kind): f"leads {suit_name(suit)}: a {kind}" for suit in _SUITS for kind in _TYPES}
"""The reason of a lead that is not a throw, by (its suit, its type)."""

_SOURCE = f"{UPSTREAM} checkWinner"


def judge_trick_by_type(rules: Ruleset, plays: Sequence[SeatPlay]) -> pb.JudgeTrickResponse:
    """Judge a trick as the Botzone judge's checkWinner does; ``plays`` in play order.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
    >>> plays = [SeatPlay(0, tuple(p("AS AS KS"))), SeatPlay(1, tuple(p("3H 3H 4H"))),
    ...          SeatPlay(2, tuple(p("5H 6H 7H"))), SeatPlay(3, tuple(p("4S 5S 6S")))]
    >>> r = judge_trick_by_type(rules, plays)
    >>> r.winning_seat, [pb.PlayKind.Name(v.kind)[10:] for v in r.verdicts]
    (1, ['LEAD', 'RUFF', 'DISCARD', 'FOLLOW'])
    """
    lead = plays[0]
    suit = rules.suit_of(lead.cards)
    kind = play_type(rules, lead.cards)
    if kind == THROW:
        need = part_lengths(rules, lead.cards)
        lead_reason = f"leads {suit_name(suit)}: a throw of {' + '.join(map(str, need))} cards"
        rule = "trick.largest_component"
        key = _throw_key(rules, lead.cards, need)
    else:
        need = []
        lead_reason = _LEADS[suit, kind]
        rule = "trick.same_type"
        key = top_strength(rules, lead.cards)
    best = BestSoFar(0, lead.seat, suit == TRUMP, key)
    verdicts: list[SeatVerdict] = [(lead.seat, (pb.PLAY_KIND_LEAD, True, lead_reason, "lead.one_suit"))]
    for index in range(1, len(plays)):
        play = plays[index]
        play_suit = rules.suit_of(play.cards)
        if kind == THROW:
            verdict, key = _judge_throw_play(rules, play, play_suit, suit, need, best)
        else:
            verdict, key = _judge_typed_play(rules, play, play_suit, suit, kind, best)
        if verdict[1]:  # it beats the best so far
            best = BestSoFar(index, play.seat, True if kind == THROW else play_suit == TRUMP, key)
        verdicts.append((play.seat, verdict))
    return finish_trick(plays, verdicts, best.index, {"trick.points", rule}, _SOURCE)


Judged = tuple[Verdict, "int | None"]
"""A play's verdict, and how it compares should it beat the best so far: its top card (not a
throw), the top of its first longest component (a throw with a tractor) or its highest card
held that often (other throws)."""


def _compare(
    rules: Ruleset, play: SeatPlay, key: int | None, best: _Best, kind: pb.PlayKind, what: str, rule: str
) -> Judged:
    """A play without a key, or against a best without one, beats nothing and ties nothing."""
    outcome = -1 if key is None or best.key is None else (key > best.key) - (key < best.key)
    return verdict_against_best(rules, play, kind, outcome, what, best.seat, rule), key


def _judge_typed_play(rules: Ruleset, play: SeatPlay, suit: int, led: int, kind: str, best: _Best) -> Judged:
    """checkWinner, a lead that is not a throw (rule trick.same_type); ``suit`` is the play's."""
    rule = "trick.same_type"
    own = play_type(rules, play.cards)
    if own != kind:
        return (pb.PLAY_KIND_FOLLOW if suit == led else pb.PLAY_KIND_DISCARD, False, _OTHER_TYPE[own, kind],
                rule), None
    if suit not in (led, TRUMP):
        return (pb.PLAY_KIND_DISCARD, False, _DISCARDS[kind, suit, led], "trick.discard"), None
    key = top_strength(rules, play.cards)
    if best.trump:
        if suit != TRUMP:
            return (pb.PLAY_KIND_FOLLOW, False, f"follows {suit_name(led)}, but seat {best.seat} has ruffed",
                    "trick.ruff"), None
        kind_pb = pb.PLAY_KIND_FOLLOW if led == TRUMP else pb.PLAY_KIND_OVER_RUFF
        return _compare(rules, play, key, best, kind_pb, f"{kind} of trump",
                        rule if led == TRUMP else "trick.over_ruff")
    if suit == TRUMP:
        return (pb.PLAY_KIND_RUFF, True, f"ruffs (毙) with a {kind} of trump", "trick.ruff"), key
    return _compare(rules, play, key, best, pb.PLAY_KIND_FOLLOW, kind, rule)


def _judge_throw_play(
    rules: Ruleset, play: SeatPlay, suit: int, led: int, need: Sequence[int], best: _Best
) -> Judged:
    """checkWinner, a throw lead (rule trick.largest_component); ``suit`` is the play's."""
    rule = "trick.largest_component"
    # Any cards cover a throw of singles as long as it (covers): no split to read then.
    if need[0] > 1 or len(play.cards) < len(need):
        have = part_lengths(rules, play.cards)
        if not covers(have, need):
            kind = pb.PLAY_KIND_FOLLOW if suit == led else pb.PLAY_KIND_DISCARD
            why = (f"its components ({'+'.join(map(str, have))} cards) do not cover the throw's "
                   f"({'+'.join(map(str, need))}): it cannot win")
            return (kind, False, why, rule), None
    if suit != TRUMP:
        kind = pb.PLAY_KIND_FOLLOW if suit == led else pb.PLAY_KIND_DISCARD
        return (kind, False, "not all trump: only trump can beat a throw", rule), None
    key = _throw_key(rules, play.cards, need)
    if not best.trump:
        return (pb.PLAY_KIND_RUFF, True, "ruffs (毙) the throw with trump covering its components", "trick.ruff"), key
    kind_pb = pb.PLAY_KIND_FOLLOW if led == TRUMP else pb.PLAY_KIND_OVER_RUFF
    if need[0] >= 4:
        if rules.trump is None:
            return (pb.PLAY_KIND_FOLLOW if led == TRUMP else pb.PLAY_KIND_RUFF, False,
                    "no-trump: the judge lets nothing beat trump against a throw with a tractor", rule), None
        what = "first longest tractor"
    else:
        what = "highest pair" if need[0] == 2 else "highest card"
    return _compare(rules, play, key, best, kind_pb, what, rule if led == TRUMP else "trick.over_ruff")


def _throw_key(rules: Ruleset, cards: Sequence[Card], need: Sequence[int]) -> int | None:
    """How a play compares against a throw of components ``need``: the top card of its first
    longest component (a throw with a tractor; checkWinner: ``x_parse[0][-1]``), or its highest
    card held as often as the throw's longest component (other throws)."""
    if need[0] < 4:
        return top_strength(rules, cards, need[0])
    strengths = rules.strengths
    return max(strengths[c] for c in code_parts(rules, cards)[0])
