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
from oracle.engine.ruleset import TRUMP, Play, Ruleset
from oracle.engine.trick_answers import SeatVerdict, Verdict, finish_trick, verdict_against_best
from oracle.profiles.botzone.play_types import (
    PAIR,
    SINGLE,
    THROW,
    TRACTOR,
    UPSTREAM,
    code_parts,
    covers,
    part_lengths,
    read_play,
    top_strength,
)

_SUITS = pb.EffectiveSuit.values()
_TYPES = (SINGLE, PAIR, TRACTOR, THROW)

_OTHER_TYPE: dict[tuple[str, str, bool], Verdict] = {
    (own, kind, follows): (pb.PLAY_KIND_FOLLOW if follows else pb.PLAY_KIND_DISCARD, False,
                           f"a {own}, not a {kind} like the lead: it cannot win", "trick.same_type")
    for own in _TYPES for kind in _TYPES for follows in (False, True)}
"""The verdict of a play of another type than the lead's, by (its type, the lead's, whether it
is of the lead's suit): built once."""

_NOT_TRUMP: dict[bool, Verdict] = {
    follows: (pb.PLAY_KIND_FOLLOW if follows else pb.PLAY_KIND_DISCARD, False,
              "not all trump: only trump can beat a throw", "trick.largest_component")
    for follows in (False, True)}
"""The verdict of a play against a throw that covers its components but is not all trump, by
whether it is of the lead's suit: built once."""

_DISCARDS: dict[tuple[str, int, int], Verdict] = {
    (kind, suit, led): (pb.PLAY_KIND_DISCARD, False,
                        f"a {kind} of {suit_name(suit)} to a {suit_name(led)} lead: a discard (垫)", "trick.discard")
    for kind in _TYPES for suit in _SUITS for led in _SUITS}
"""The verdict of a discard of the lead's type, by (the type, the play's suit, the lead's)."""

_LEADS: dict[tuple[int, str], Verdict] = {
    (suit, kind): (pb.PLAY_KIND_LEAD, True, f"leads {suit_name(suit)}: a {kind}", "lead.one_suit")
    for suit in _SUITS for kind in _TYPES}
"""The verdict of a lead that is not a throw, by (its suit, its type)."""

_RUFFED: dict[tuple[int, int], Verdict] = {}
"""The verdict of a play of the lead's suit after a ruff, by (the lead's suit, the ruffing seat):
each written the first time it is met (a few suits times a deal's seats)."""


def _ruffed(led: int, seat: int) -> Verdict:
    """The verdict of a play following ``led`` after seat ``seat`` has ruffed.

    >>> _ruffed(pb.EFFECTIVE_SUIT_SPADES, 2)[2]
    'follows spades, but seat 2 has ruffed'
    """
    found = _RUFFED.get((led, seat))
    if found is None:
        found = _RUFFED[led, seat] = (pb.PLAY_KIND_FOLLOW, False, f"follows {suit_name(led)}, but seat {seat} has ruffed",
                                      "trick.ruff")
    return found


_RUFFS: dict[str, Verdict] = {
    kind: (pb.PLAY_KIND_RUFF, True, f"ruffs (毙) with a {kind} of trump", "trick.ruff") for kind in _TYPES}
"""The verdict of the first ruff of a lead that is no throw, by the lead's type."""

_SOURCE = f"{UPSTREAM} checkWinner"

_THROW_LEADS: dict[tuple[int, ...], str] = {}
"""The reason of a throw's lead, by its suit and its components' lengths, written once each: a
few dozen are met in a game, and at most :data:`_THROW_LEADS_KEPT` are kept (then it starts again)."""

_THROW_LEADS_KEPT = 4096


def _throw_lead(suit: int, need: Sequence[int]) -> str:
    """The reason of a lead that is a throw of components of lengths ``need``, in ``suit``.

    >>> _throw_lead(pb.EFFECTIVE_SUIT_SPADES, [2, 1])
    'leads spades: a throw of 2 + 1 cards'
    """
    key = (suit, *need)
    reason = _THROW_LEADS.get(key)
    if reason is None:
        if len(_THROW_LEADS) >= _THROW_LEADS_KEPT:
            _THROW_LEADS.clear()
        reason = _THROW_LEADS[key] = f"leads {suit_name(suit)}: a throw of {' + '.join(map(str, need))} cards"
    return reason


def judge_trick_by_type(
    rules: Ruleset, plays: Sequence[Play], answer: pb.JudgeTrickResponse | None = None
) -> pb.JudgeTrickResponse:
    """Judge a trick as the Botzone judge's checkWinner does; ``plays`` in play order, the answer
    written into ``answer`` when given (:class:`~oracle.engine.ruleset.TrickJudge`).

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
    >>> plays = [(0, tuple(p("AS AS KS"))), (1, tuple(p("3H 3H 4H"))),  # (seat, cards) pairs
    ...          (2, tuple(p("5H 6H 7H"))), (3, tuple(p("4S 5S 6S")))]
    >>> r = judge_trick_by_type(rules, plays)
    >>> r.winning_seat, [pb.PlayKind.Name(v.kind)[10:] for v in r.verdicts]
    (1, ['LEAD', 'RUFF', 'DISCARD', 'FOLLOW'])
    """
    seat, cards = plays[0]
    suit, kind, key = read_play(rules, cards)
    if kind == THROW:
        need = part_lengths(rules, cards)
        verdicts = [(seat, (pb.PLAY_KIND_LEAD, True, _throw_lead(suit, need), "lead.one_suit"))]
        # A throw of singles compares by its highest card: the key read with the play.
        key = key if need[0] == 1 else _throw_key(rules, cards, need)
        winner = _throw_verdicts(rules, plays, suit, need, key, verdicts)
        rule = "trick.largest_component"
    else:
        verdicts = [(seat, _LEADS[suit, kind])]
        winner = _typed_verdicts(rules, plays, suit, kind, key, verdicts)
        rule = "trick.same_type"
    return finish_trick(plays, verdicts, winner, {"trick.points", rule}, _SOURCE, answer)


def _typed_verdicts(
    rules: Ruleset, plays: Sequence[Play], led: int, kind: str, key: int | None, verdicts: list[SeatVerdict]
) -> int:
    """checkWinner, a lead that is not a throw (rule trick.same_type): each later play's seat and
    verdict appended to ``verdicts`` (the play read once, then held against the best so far: its
    seat, whether it is trump, its top card's strength); the index of the play that wins."""
    winner, best_seat, best_trump, best_key = 0, plays[0][0], led == TRUMP, key
    for index in range(1, len(plays)):
        seat, cards = plays[index]
        suit, own, key = read_play(rules, cards)
        if own != kind:  # another type than the lead's: it cannot win
            verdicts.append((seat, _OTHER_TYPE[own, kind, suit == led]))
            continue
        if suit != led and suit != TRUMP:  # the lead's type, neither its suit nor trump
            verdicts.append((seat, _DISCARDS[kind, suit, led]))
            continue
        verdict = _judge_typed_play(rules, cards, suit, key, led, kind, best_seat, best_trump, best_key)
        if verdict[1]:  # it beats the best so far
            winner, best_seat, best_trump, best_key = index, seat, suit == TRUMP, key
        verdicts.append((seat, verdict))
    return winner


def _judge_typed_play(
    rules: Ruleset, cards: Sequence[Card], suit: int, key: int | None, led: int, kind: str,
    best_seat: int, best_trump: bool, best_key: int | None,
) -> Verdict:
    """One play of the lead's type and of its suit or trump, in a trick whose lead is no throw:
    ``suit`` and ``key`` are its suit and its top card's strength (:func:`read_play`), ``led``
    and ``kind`` the lead's (:func:`_typed_verdicts` gives the other plays their verdicts)."""
    rule = "trick.same_type"
    if best_trump:
        if suit != TRUMP:
            return _ruffed(led, best_seat)
        if led == TRUMP:
            return _compare(rules, cards, key, best_seat, best_key, pb.PLAY_KIND_FOLLOW, f"{kind} of trump", rule)
        return _compare(rules, cards, key, best_seat, best_key, pb.PLAY_KIND_OVER_RUFF, f"{kind} of trump",
                        "trick.over_ruff")
    if suit == TRUMP:
        return _RUFFS[kind]
    return _compare(rules, cards, key, best_seat, best_key, pb.PLAY_KIND_FOLLOW, kind, rule)


def _compare(
    rules: Ruleset, cards: Sequence[Card], key: int | None, best_seat: int, best_key: int | None,
    kind: pb.PlayKind, what: str, rule: str,
) -> Verdict:
    """A play without a key, or against a best without one, beats nothing and ties nothing."""
    outcome = -1 if key is None or best_key is None else (key > best_key) - (key < best_key)
    return verdict_against_best(rules, cards, kind, outcome, what, best_seat, rule)


def _throw_verdicts(
    rules: Ruleset, plays: Sequence[Play], led: int, need: Sequence[int], key: int | None,
    verdicts: list[SeatVerdict],
) -> int:
    """checkWinner, a throw lead of components ``need`` (rule trick.largest_component): each later
    play's seat and verdict appended to ``verdicts`` (only trump covering the components beats
    the throw); the index of the play that wins."""
    winner, best_seat, best_trump, best_key = 0, plays[0][0], led == TRUMP, key
    singles = need[0] == 1
    for index in range(1, len(plays)):
        seat, cards = plays[index]
        suit = rules.suit_of(cards)
        if singles and suit != TRUMP and len(cards) >= len(need):
            # It covers a throw of singles but is not all trump (_judge_throw_play's first tests).
            verdicts.append((seat, _NOT_TRUMP[suit == led]))
            continue
        verdict, key = _judge_throw_play(rules, cards, suit, led, need, best_seat, best_trump, best_key)
        if verdict[1]:  # it beats the best so far: trump, as only trump beats a throw
            winner, best_seat, best_trump, best_key = index, seat, True, key
        verdicts.append((seat, verdict))
    return winner


def _judge_throw_play(
    rules: Ruleset, cards: Sequence[Card], suit: int, led: int, need: Sequence[int],
    best_seat: int, best_trump: bool, best_key: int | None,
) -> tuple[Verdict, int | None]:
    """One play of a trick whose lead is a throw; ``suit`` is the play's. Its verdict, and its
    key (:func:`_throw_key`) when it has trump covering the throw's components."""
    rule = "trick.largest_component"
    # Any cards cover a throw of singles as long as it (covers): no split to read then.
    if need[0] > 1 or len(cards) < len(need):
        have = part_lengths(rules, cards)
        if not covers(have, need):
            kind = pb.PLAY_KIND_FOLLOW if suit == led else pb.PLAY_KIND_DISCARD
            why = (f"its components ({'+'.join(map(str, have))} cards) do not cover the throw's "
                   f"({'+'.join(map(str, need))}): it cannot win")
            return (kind, False, why, rule), None
    if suit != TRUMP:
        return _NOT_TRUMP[suit == led], None
    key = _throw_key(rules, cards, need)
    if not best_trump:
        return (pb.PLAY_KIND_RUFF, True, "ruffs (毙) the throw with trump covering its components", "trick.ruff"), key
    kind_pb = pb.PLAY_KIND_FOLLOW if led == TRUMP else pb.PLAY_KIND_OVER_RUFF
    if need[0] >= 4:
        if rules.trump is None:
            return (pb.PLAY_KIND_FOLLOW if led == TRUMP else pb.PLAY_KIND_RUFF, False,
                    "no-trump: the judge lets nothing beat trump against a throw with a tractor", rule), None
        what = "first longest tractor"
    else:
        what = "highest pair" if need[0] == 2 else "highest card"
    return _compare(rules, cards, key, best_seat, best_key, kind_pb, what,
                    rule if led == TRUMP else "trick.over_ruff"), key


def _throw_key(rules: Ruleset, cards: Sequence[Card], need: Sequence[int]) -> int | None:
    """How a play compares against a throw of components ``need``: the top card of its first
    longest component (a throw with a tractor; checkWinner: ``x_parse[0][-1]``), or its highest
    card held as often as the throw's longest component (other throws)."""
    if need[0] < 4:
        return top_strength(rules, cards, need[0])
    strengths = rules.strengths
    return max(strengths[c] for c in code_parts(rules, cards)[0])
