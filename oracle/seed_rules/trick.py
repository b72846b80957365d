"""Who wins this trick, and why? (JudgeTrick) The seeds' key-unit judge.

Chosen by ``THROW_EVALUATION_KEY_UNIT`` (or ``following.throw_evaluation`` unset). Rules
``trick.structure``, ``trick.ruff``, ``trick.over_ruff``, ``trick.kinds``, ``trick.discard`` and
``order.first_played_wins``: a follow showing the lead's structure, or a ruff, wins by its key
unit (the highest unit of the lead's largest unit's shape); docs/rules.md (The trick).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> plays = [SeatPlay(0, tuple(p("5S 4S 4S"))), SeatPlay(1, tuple(p("9H 7H 7H"))),
...          SeatPlay(2, tuple(p("8H 8H 4H"))), SeatPlay(3, tuple(p("6S 3S 2S")))]
>>> r = judge_trick_by_key_unit(rules, plays)
>>> r.winning_seat, [pb.PlayKind.Name(v.kind) for v in r.verdicts]
(2, ['PLAY_KIND_LEAD', 'PLAY_KIND_RUFF', 'PLAY_KIND_OVER_RUFF', 'PLAY_KIND_FOLLOW'])
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card
from oracle.convert import suit_name
from oracle.engine.ruleset import TRUMP, Play, Ruleset
from oracle.engine.trick_answers import SeatVerdict, Verdict, finish_trick, verdict_against_best
from oracle.engine.units import Unit, shape_name
from oracle.seed_rules.matching import Shape, lead_requirements, shows_required


def key_shape(lead_units: Sequence[Unit]) -> tuple[int, int]:
    """The shape plays are compared by: the lead's largest unit (most cards, then the larger
    tuple), as a tractor if it is one.

    >>> key_shape([Unit(1, 1, 0, ()), Unit(2, 1, 0, ())])
    (2, 1)
    >>> key_shape([Unit(3, 1, 0, ()), Unit(2, 2, 0, ())])
    (2, 2)
    """
    best = lead_units[0] if len(lead_units) == 1 else max(lead_units, key=lambda u: (u.size, u.tuple_size))
    return (best.tuple_size, 2 if best.is_tractor else 1)


Key = tuple[int, int]
"""How a play compares: (its kind, the strength of its key unit); higher wins."""



def stand_in(
    rules: Ruleset, lead_units: Sequence[Unit], cards: Sequence[Card], units: Sequence[Unit] | None = None
) -> Unit | None:
    """With ``comparison.larger_tuples_win``: the play's one unit that outranks the lead's tractor
    (``units`` are the cards' units, when already known).

    A play that is one unit of the lead's card count and of larger tuples
    than the lead's one tractor (a quad against a two-pair tractor, 666777
    against QQKKAA) stands in for the lead's structure and outranks any unit
    of the lead's kind.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> stand_in(rules, rules.units(p("7S 7S 8S 8S")), p("AS AS AS AS")) is None  # two decks: no
    True
    """
    if not rules.larger_tuples_win or len(lead_units) != 1:
        return None
    lead = lead_units[0]
    if not lead.is_tractor:
        return None
    if units is None:
        units = rules.units(cards)
    if len(units) == 1 and units[0].size == lead.size and units[0].tuple_size > lead.tuple_size:
        return units[0]
    return None


def key_strength(
    rules: Ruleset, cards: Sequence[Card], shape: tuple[int, int], units: Sequence[Unit] | None = None
) -> Key | None:
    """The play's kind and the strength of its highest unit of the key shape; ``None`` without one.

    The kind is 0 unless the variant lets larger tuples win: then it is the
    tuple size of the unit compared. ``units`` are the cards' units, when already known.
    """
    k, min_length = shape
    ranked = rules.larger_tuples_win
    if k == 1:
        return (1 if ranked else 0, rules.top_strength(cards))
    if units is None:
        units = rules.units(cards)
    # A larger tuple holds the key tuple (a quad holds a triple), as the structure match allows.
    tops = [u.top for u in units if u.tuple_size >= k and u.length >= min_length]
    if not tops:
        return None
    return (k if ranked else 0, max(tops))


NO_KEY: Key = (-1, -1)
"""The key of a play that has no unit of the key shape: it beats nothing it is compared with."""


def _play_key(
    rules: Ruleset, lead_units: Sequence[Unit], cards: Sequence[Card], shape: tuple[int, int]
) -> tuple[Key, Unit | None]:
    """How a play that shows the structure (or stands in for it) compares, and its
    :func:`stand_in` unit if it has one; the play's units read once.

    A ruff that the variant's ruff rule accepts may still lack a unit of the
    key shape (a Heijian ruff matched by its largest unit): it beats a
    side-suit play, and compares below any ruff that has one.
    """
    if shape[0] < 2:
        # A key shape of singles needs no units, and its lead (no tractor) has no stand-in.
        return key_strength(rules, cards, shape) or NO_KEY, None
    units = rules.units(cards)
    unit = stand_in(rules, lead_units, cards, units)
    if unit is not None:
        return (unit.tuple_size, unit.top), unit
    key = key_strength(rules, cards, shape, units)
    return (NO_KEY if key is None else key), None


_SUITS = pb.EffectiveSuit.values()

_DISCARDS = {(played, led): f"plays {suit_name(played)} to a {suit_name(led)} lead: a discard (垫)"
             for played in _SUITS for led in _SUITS}
"""The reason of a discard of one suit to a lead of another, by (the play's suit, the lead's):
built once, not for every play."""

_NO_STRUCTURE = {led: f"follows {suit_name(led)} without the lead's structure, so cannot win" for led in _SUITS}
"""The reason of a follow without the lead's structure, by the lead's suit."""


def judge_trick_by_key_unit(
    rules: Ruleset, plays: Sequence[Play], answer: pb.JudgeTrickResponse | None = None
) -> pb.JudgeTrickResponse:
    """Judge a trick by key units (``THROW_EVALUATION_KEY_UNIT``); ``plays`` in play order, the
    answer written into ``answer`` when given (:class:`~oracle.engine.ruleset.TrickJudge`)."""
    lead_seat, lead = plays[0]
    suit = rules.suit_of(lead)
    lead_units = rules.units(lead)
    shape = key_shape(lead_units)
    lead_strength = key_strength(rules, lead, shape, lead_units)
    if lead_strength is None:  # a lead that is its own stand-in cannot happen: it has its shape
        raise ValueError("the lead has no unit of its own key shape")
    winner, best_seat, best_trump, best_key = 0, lead_seat, suit == TRUMP, lead_strength
    structure = lead_units[0].name if len(lead_units) == 1 else ", ".join([u.name for u in lead_units])
    # What a follow must show, read once for every play: nothing when singles are led.
    required = lead_requirements(lead_units) if shape[0] >= 2 else []
    verdicts: list[SeatVerdict] = [(lead_seat, (pb.PLAY_KIND_LEAD, True, f"leads {suit_name(suit)}: {structure}",
                                                 "lead.one_suit"))]
    for index in range(1, len(plays)):
        seat, cards = plays[index]
        play_suit = rules.suit_of(cards)
        verdict, strength = _judge_play(rules, cards, play_suit, suit, lead_units, required, shape, best_seat,
                                        best_trump, best_key)
        if verdict[1]:  # it beats the best so far
            if strength is None:
                strength = _play_key(rules, lead_units, cards, shape)[0]
            winner, best_seat, best_trump, best_key = index, seat, play_suit == TRUMP, strength
        verdicts.append((seat, verdict))
    return finish_trick(plays, verdicts, winner, {"trick.points"}, answer=answer)


def _judge_play(
    rules: Ruleset,
    cards: Sequence[Card],
    play_suit: int,
    led_suit: int,
    lead_units: Sequence[Unit],
    required: list[Shape],
    shape: tuple[int, int],
    best_seat: int,
    best_trump: bool,
    best_key: Key,
) -> tuple[Verdict, Key | None]:
    """The play's verdict, and its key when comparing it needed one (``required``: the lead's
    :func:`~oracle.seed_rules.matching.lead_requirements`; the best so far: its seat, whether it
    is trump, its key)."""
    if play_suit == led_suit:
        # A lead of singles requires nothing: every follow of its suit shows its structure.
        if required and not shows_required(rules, required, cards, exact_tuples=True) and stand_in(
            rules, lead_units, cards
        ) is None:
            return (pb.PLAY_KIND_FOLLOW, False, _NO_STRUCTURE[led_suit], "trick.structure"), None
        if best_trump and led_suit != TRUMP:
            return (pb.PLAY_KIND_FOLLOW, False, f"follows, but seat {best_seat} has ruffed", "trick.ruff"), None
        return _compare(rules, cards, lead_units, pb.PLAY_KIND_FOLLOW, shape, best_seat, best_key, "trick.structure")
    if play_suit == TRUMP and led_suit != TRUMP:
        ruff = rules.strategies.ruff
        assert ruff is not None, "the key-unit judge is compiled with a ruff rule"
        valid, needs = ruff.test(rules, lead_units, cards), ruff.needs
        if not valid and stand_in(rules, lead_units, cards) is not None:
            valid, needs = True, "one unit of larger tuples than the lead's tractor"
        if not valid:
            return (pb.PLAY_KIND_DISCARD, False,
                    f"trump without {needs} is a discard (垫), not a ruff", "trick.ruff"), None
        if not best_trump:
            return (pb.PLAY_KIND_RUFF, True, f"ruffs (毙) with trump holding {needs}", "trick.ruff"), None
        return _compare(rules, cards, lead_units, pb.PLAY_KIND_OVER_RUFF, shape, best_seat, best_key,
                        "trick.over_ruff")
    return (pb.PLAY_KIND_DISCARD, False, _DISCARDS[play_suit, led_suit], "trick.discard"), None


def _compare(
    rules: Ruleset,
    cards: Sequence[Card],
    lead_units: Sequence[Unit],
    kind: pb.PlayKind,
    shape: tuple[int, int],
    best_seat: int,
    best_key: Key,
    rule: str,
) -> tuple[Verdict, Key]:
    strength, unit = _play_key(rules, lead_units, cards, shape)
    key_name = shape_name(shape) if shape[0] >= 2 else "single"
    if unit is not None:
        rule, key_name = "trick.kinds", "unit (of larger tuples than the lead's)"
    outcome = 1 if strength > best_key else 0 if strength == best_key and strength != NO_KEY else -1
    return verdict_against_best(rules, cards, kind, outcome, f"highest {key_name}", best_seat, rule), strength
