"""Trick answers: a play's verdict against the best so far, and the judged trick's answer
(JudgeTrick), shared by every trick judge (the seeds' and each profile's).

A leaf: it imports no strategy. A verdict is a plain tuple; :func:`finish_trick` writes each
verdict as its bytes, met before or built once, and the answer with one parse.

>>> play_verdict(1, pb.PLAY_KIND_FOLLOW, True, "higher", "trick.structure").rule_ids
['trick.structure']
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card, card_name, full_deck
from oracle.convert import wire_field, wire_strings, wire_varint
from oracle.engine.ruleset import Play, Ruleset

_NAMES = [""] * (max(card.code for card in full_deck()) + 1)
"""Each card's notation, by card code."""
for _card in full_deck():
    _NAMES[_card.code] = card_name(_card)


def cards_text(rules: Ruleset, cards: Sequence[Card]) -> str:
    """The notation of a play's cards in the ruleset's order (trump first, highest first), as a
    reason quotes them: one card's looked up, two put in order by one test, more cards' codes
    sorted by the ruleset's order (``format_cards(rules.sorted(cards))``, without a card's key
    computed by a lambda).

    >>> from oracle.cards import parse_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> cards_text(rules, parse_cards("3S AH 10C BJ")), cards_text(rules, parse_cards("4D"))
    ('BJ 10C AH 3S', '4D')
    >>> cards_text(rules, parse_cards("3S AH")), cards_text(rules, parse_cards("3S 3S"))
    ('AH 3S', '3S 3S')
    """
    names = _NAMES
    if len(cards) == 1:
        return names[cards[0].code]
    if len(cards) == 2:  # a pair, most often: two cards put in order by one test
        first, second = cards[0].code, cards[1].code
        if rules.order[second] < rules.order[first]:
            first, second = second, first
        return f"{names[first]} {names[second]}"
    return " ".join([names[code] for code in sorted([card.code for card in cards], key=rules.order.__getitem__)])


Verdict = tuple[pb.PlayKind, bool, str, str]
"""A play's verdict before it is a message: its kind, whether it beats the best so far, the
reason and the rule that decided it (:func:`finish_trick` puts it in an answer, with its seat)."""


def verdict_against_best(
    rules: Ruleset, cards: Sequence[Card], kind: pb.PlayKind, outcome: int, what: str, best_seat: int, rule: str
) -> Verdict:
    """The verdict of a play compared with the best so far: ``outcome`` > 0 beats it, 0 ties it
    (the first played wins, rule ``order.first_played_wins``), < 0 does not beat it. A play that
    does not beat the best is no over-ruff (it stays a ruff).

    >>> from oracle.cards import Rank, Suit, parse_cards
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> verdict_against_best(rules, parse_cards("3H"), pb.PLAY_KIND_OVER_RUFF, 0,
    ...                      "highest single", 1, "trick.over_ruff")[1:]
    (False, "its highest single (3H) equals seat 1's, and the first played wins", 'order.first_played_wins')
    """
    if len(cards) != 1:
        return _against_best(cards_text(rules, cards), kind, outcome, what, best_seat, rule)
    key = (kind, (outcome > 0) - (outcome < 0), what, best_seat, rule, cards[0].code)
    found = _SINGLES.get(key)
    if found is None:
        if len(_SINGLES) >= _VERDICTS_KEPT:
            _SINGLES.clear()
        found = _SINGLES[key] = _against_best(_NAMES[cards[0].code], kind, outcome, what, best_seat, rule)
    return found


def _against_best(cards: str, kind: pb.PlayKind, outcome: int, what: str, best_seat: int, rule: str) -> Verdict:
    """:func:`verdict_against_best` with the play's cards written (``cards``)."""
    if outcome > 0:
        return kind, True, f"its {what} ({cards}) beats seat {best_seat}'s", rule
    lost = pb.PLAY_KIND_RUFF if kind == pb.PLAY_KIND_OVER_RUFF else kind
    if outcome == 0:
        return (lost, False, f"its {what} ({cards}) equals seat {best_seat}'s, and the first played wins",
                "order.first_played_wins")
    return lost, False, f"its {what} ({cards}) does not beat seat {best_seat}'s", rule


_SINGLES: dict[tuple[int, int, str, int, str, int], Verdict] = {}
"""The verdicts of a single compared with the best so far, by their kind, the outcome's sign,
what is compared, the best's seat, the rule and the card's code (a single's text needs no
order): a trick of singles mostly compares a few, and their reasons are then written once and
hashed once (:data:`_VERDICTS` looks each verdict up by its reason too)."""


def play_verdict(seat: int, kind: pb.PlayKind, beats: bool, reason: str, rule: str) -> pb.PlayVerdict:
    """What one seat's play did in the trick, why, and the rule that decided it."""
    return pb.PlayVerdict(seat=seat, kind=kind, beats_best_so_far=beats, reason=reason, rule_ids=[rule])


_VERDICTS_FIELD = pb.JudgeTrickResponse.DESCRIPTOR.fields_by_name["verdicts"].number
_VERDICT_NUMBERS = {field.name: field.number for field in pb.PlayVerdict.DESCRIPTOR.fields}


SeatVerdict = tuple[int, Verdict]
"""One play's seat and verdict, as a judge collects them for :func:`finish_trick`."""


def _verdict_bytes(seat_verdict: SeatVerdict) -> bytes:
    """A verdict as the bytes of one element of a trick answer's verdicts (each field written as
    protobuf writes it, a third cheaper than a message built and serialized), kept in
    :data:`_VERDICTS`: its seat, kind and whether it beats, then its rule id, each from the bytes
    kept for them (:data:`_HEADS`, :data:`_RULE_TAILS`), around its reason's.

    >>> verdict = (2, (pb.PLAY_KIND_DISCARD, False, "discards", "trick.discard"))
    >>> message = pb.PlayVerdict(seat=2, kind=pb.PLAY_KIND_DISCARD, reason="discards", rule_ids=["trick.discard"])
    >>> _verdict_bytes(verdict) == wire_field(_VERDICTS_FIELD, message.SerializeToString())
    True
    """
    if len(_VERDICTS) >= _VERDICTS_KEPT:
        _VERDICTS.clear()
    seat, (kind, beats, reason, rule) = seat_verdict
    head = _HEADS.get((seat, kind, beats))
    if head is None:
        head = _HEADS[seat, kind, beats] = b"".join([
            wire_varint(_VERDICT_NUMBERS["seat"], seat), wire_varint(_VERDICT_NUMBERS["kind"], kind),
            wire_varint(_VERDICT_NUMBERS["beats_best_so_far"], int(beats))])
    tail = _RULE_TAILS.get(rule)
    if tail is None:
        tail = _RULE_TAILS[rule] = wire_field(_VERDICT_NUMBERS["rule_ids"], rule.encode())
    found = _VERDICTS[seat_verdict] = wire_field(_VERDICTS_FIELD, head + wire_field(_REASON, reason.encode()) + tail)
    return found


_HEADS: dict[tuple[int, int, bool], bytes] = {}
"""The first fields of a verdict's bytes (its seat, kind and whether it beats the best so far),
by those three: a few per seat of a trick."""

_RULE_TAILS: dict[str, bytes] = {}
"""The last field of a verdict's bytes (its rule id), by rule id: one per rule a judge names."""

_REASON = _VERDICT_NUMBERS["reason"]


_VERDICTS: dict[SeatVerdict, bytes] = {}
"""The verdicts met so far, as their bytes, by their seat and verdict (kind, beats, reason, rule id).
A trick's reasons repeat (a lead, a discard, a ruff, a single's comparison): on fresh random
tricks 87% of the Botzone profile's verdicts and two thirds of the seeds' were met before."""

_VERDICTS_KEPT = 8192  # the most verdicts kept (a megabyte or two): then the cache starts again

_TRICK_RULES: dict[frozenset[str], bytes] = {}
"""The bytes of a judged trick's rule ids, sorted, by the set of them (the sets the judges
build: a few dozen)."""


def trick_answer(
    plays: Sequence[Play],
    verdicts: Sequence[pb.PlayVerdict],
    winner: int,
    rule_ids: set[str],
    source: str = "",
    answer: pb.JudgeTrickResponse | None = None,
) -> pb.JudgeTrickResponse:
    """The answer for a judged trick: the play at index ``winner`` takes every point in it,
    written into ``answer`` (an empty message, a field of an ``Answer`` for one: built in its
    place, not copied there), or into a new message.

    ``source`` names, for people, the upstream function a profile's judging copies.
    """
    if answer is None:
        answer = pb.JudgeTrickResponse()
    answer.verdicts.extend(verdicts)
    return _finished(answer, [], plays, winner, verdicts[winner].reason, rule_ids, source)


def finish_trick(
    plays: Sequence[Play],
    verdicts: Sequence[SeatVerdict],
    winner: int,
    rule_ids: set[str],
    source: str = "",
    answer: pb.JudgeTrickResponse | None = None,
) -> pb.JudgeTrickResponse:
    """:func:`trick_answer` from each play's seat and verdict, in play order; ``rule_ids`` are
    the rules the judging read besides the verdicts' own (each verdict's rule is added to it).
    Each verdict's bytes are those of the verdict met before (:data:`_VERDICTS`), else built once
    and kept; the winner, the points and the explanation are set, then the verdicts and the
    sorted rule ids merged in one parse.

    >>> plays = [(0, ()), (1, ())]
    >>> answer = finish_trick(plays, [(0, (pb.PLAY_KIND_LEAD, True, "leads", "lead.one_suit")),
    ...                               (1, (pb.PLAY_KIND_DISCARD, False, "discards", "trick.discard"))],
    ...                       0, {"trick.points"})
    >>> answer.winning_seat, list(answer.rule_ids), answer.explanation
    (0, ['lead.one_suit', 'trick.discard', 'trick.points'], 'Seat 0 wins the trick and its 0 points: leads.')
    >>> answer.verdicts[1] == play_verdict(1, pb.PLAY_KIND_DISCARD, False, "discards", "trick.discard")
    True
    """
    kept, wire, add_rule = _VERDICTS, [], rule_ids.add
    for seat_verdict in verdicts:
        found = kept.get(seat_verdict)
        wire.append(_verdict_bytes(seat_verdict) if found is None else found)
        add_rule(seat_verdict[1][3])
    return _finished(pb.JudgeTrickResponse() if answer is None else answer, wire, plays, winner,
                     verdicts[winner][1][2], rule_ids, source)


def _finished(
    answer: pb.JudgeTrickResponse, wire: list[bytes], plays: Sequence[Play], winner: int, winner_reason: str,
    rule_ids: set[str], source: str,
) -> pb.JudgeTrickResponse:
    """``answer`` with the winner, the points (every card's, rule ``points.cards``) and the
    explanation set, then the fields in ``wire`` (bytes of its repeated fields) and the sorted
    rule ids merged in one parse."""
    total = 0  # rule points.cards, each card's Card.points summed as ruleset.points sums them, in half its time (no list)
    for _, cards in plays:
        for card in cards:
            total += card.points
    seat = plays[winner][0]
    if seat:  # a field left at its default is not set
        answer.winning_seat = seat
    if total:
        answer.points = total
    answer.explanation = (f"Seat {seat} wins the trick and its {total} points: {winner_reason} ({source})." if source
                          else f"Seat {seat} wins the trick and its {total} points: {winner_reason}.")
    key = frozenset(rule_ids)
    rule_bytes = _TRICK_RULES.get(key)
    if rule_bytes is None:
        rule_bytes = _TRICK_RULES[key] = wire_strings(pb.JudgeTrickResponse, "rule_ids", sorted(rule_ids))
    wire.append(rule_bytes)
    answer.MergeFromString(b"".join(wire))
    return answer
