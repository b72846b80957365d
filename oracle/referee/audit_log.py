"""The referee's notebook: every step's verdict in order, the first violation, the reported
results that differ, and the audit's answer built from them.

>>> from oracle.cards import parse_cards as p
>>> log = AuditLog()
>>> log.ok("hands", -1, (), ["deal.cards"], "every card was dealt once")
>>> log.broken("tricks[0].plays[1]", 1, p("3S"), "follow.suit", ["follow.suit"], "not hearts",
...            alternative=p("4H"))
>>> log.first_violation.step, log.violations
('tricks[0].plays[1]', 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from oracle import pb
from oracle.cards import Card, full_deck
from oracle.convert import card_to_pb

_PB: dict[int, pb.Card] = {}
"""Each card's proto message, made once (a step copies it)."""


def cards_to_pb(cards: Sequence[Card]) -> list[pb.Card]:
    """The cards as proto messages, each made once per process."""
    out = []
    for card in cards:
        message = _PB.get(card.code)
        if message is None:
            message = _PB[card.code] = card_to_pb(card)
        out.append(message)
    return out


_CARD_FIELD: list[bytes] = [b""] * (max(card.code for card in full_deck()) + 1)
"""Each card, by code, as an ``AuditStep`` holding it alone, serialized once."""
for _card in full_deck():
    _CARD_FIELD[_card.code] = pb.AuditStep(cards=[card_to_pb(_card)]).SerializeToString()

_RULE_FIELD: dict[str, bytes] = {}
"""Each rule id as an ``AuditStep`` holding it alone, serialized once per process."""


def _lists(cards: Sequence[Card], rule_ids: Iterable[str]) -> bytes:
    """A step's cards and rule ids as an ``AuditStep`` serialized: protobuf parses serialized
    messages put end to end as one message, each repeated field's items appended in order, so
    the pieces made once per card and per rule id make any step's lists at the cost of a join
    (copying the cards' messages into each step costs several times more).

    >>> from oracle.cards import parse_cards as p
    >>> step = pb.AuditStep.FromString(_lists(p("AS 3C"), ["follow.suit"]))
    >>> step == pb.AuditStep(cards=cards_to_pb(p("AS 3C")), rule_ids=["follow.suit"])
    True
    """
    pieces = [_CARD_FIELD[card.code] for card in cards]
    for rule_id in rule_ids:
        piece = _RULE_FIELD.get(rule_id)
        if piece is None:
            piece = _RULE_FIELD[rule_id] = pb.AuditStep(rule_ids=[rule_id]).SerializeToString()
        pieces.append(piece)
    return b"".join(pieces)


NOBODY = -1
"""The seat of a step that is nobody's (the deal, the score)."""


class AuditLog:
    """The steps of one audit so far, written straight into the answer."""

    def __init__(self) -> None:
        self._response = pb.AuditDealResponse()
        self.steps = self._response.steps
        self.first_violation: pb.AuditStep | None = None
        self.violations = 0
        self.differences = self._response.differences
        self.stopped = ""
        """Why the replay stopped before the end (empty while it goes on)."""
        self._rule_ids: dict[str, None] = {}

    def ok(self, step: str, seat: int, cards: Sequence[Card], rule_ids: Sequence[str],
           explanation: str) -> None:
        """A step that keeps the rules."""
        ids = rule_ids[:]  # an engine answer's repeated field read once (each read copies it)
        message = self.steps.add()
        message.step = step
        message.seat = seat
        message.legal = True
        message.explanation = explanation
        message.MergeFromString(_lists(cards, ids))
        seen = self._rule_ids
        for rule_id in ids:
            seen[rule_id] = None

    def broken(self, step: str, seat: int, cards: Sequence[Card], broken_rule_id: str,
               rule_ids: Sequence[str], explanation: str, *,
               alternative: Sequence[Card] = ()) -> None:
        """A step that breaks ``broken_rule_id``, with a legal alternative where there is one."""
        ids = _unique([broken_rule_id, *rule_ids])
        verdict = self.steps.add(
            step=step, seat=seat, legal=False, cards=cards_to_pb(cards),
            broken_rule_id=broken_rule_id, legal_alternative=cards_to_pb(alternative),
            rule_ids=ids, explanation=explanation,
        )
        self._rule_ids.update(dict.fromkeys(ids))
        self.violations += 1
        if self.first_violation is None:
            self.first_violation = verdict

    def differs(self, field: str, reported: object, oracle: object) -> None:
        """A reported result that is not the referee's."""
        self.differences.add(field=field, reported=str(reported), oracle=str(oracle))

    def stop(self, why: str) -> None:
        """The replay cannot go on: the cards in play are no longer known."""
        self.stopped = why

    def answer(self, totals: pb.AuditTotals | None) -> pb.AuditDealResponse:
        """The audit's answer: clean when no step broke a rule and no result differs."""
        response = self._response
        response.clean = self.violations == 0 and not self.differences and not self.stopped
        response.complete = not self.stopped
        if self.first_violation is not None:
            response.first_violation.CopyFrom(self.first_violation)
        if totals is not None:
            totals.violations = self.violations
            response.totals.CopyFrom(totals)
        response.rule_ids.extend(i for i in self._rule_ids if i)
        response.explanation = _summary(self)
        return response


def _unique(ids: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(i for i in ids if i))


def _summary(log: AuditLog) -> str:
    first = log.first_violation
    if first is None and not log.differences and not log.stopped:
        return f"The deal keeps the rules: {len(log.steps)} steps checked."
    parts = []
    if first is not None:
        count = f"{log.violations} step{'s' if log.violations > 1 else ''} broke a rule"
        parts.append(f"{count}; the first, {first.step}: {first.explanation.rstrip('.')}")
    if log.differences:
        parts.append(f"{len(log.differences)} reported result(s) differ from the referee's")
    if log.stopped:
        parts.append(f"the replay stopped: {log.stopped}")
    return "; ".join(parts) + "."
