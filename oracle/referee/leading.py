"""A trick's lead, checked with the engine: held by the leader, of one effective suit
(``lead.one_suit``), and a throw checked against the other hands as they stand (CheckThrow):
one that fails must give way to the play it forces (``throw.forced_unit``), its penalty counted.

>>> from oracle.cards import format_cards, parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.referee.audit_log import AuditLog
>>> from oracle.referee.holding import Hands
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> hands = Hands([p("AS KS 3C"), p("AS 4C"), p("5C 6C"), p("7C 8C")])
>>> log = AuditLog()
>>> check_lead(rules, hands, SeatPlay(0, tuple(p("AS KS"))), None, "tricks[0]", log).penalty
0
>>> first = log.first_violation
>>> from oracle.convert import cards_from_pb
>>> first.broken_rule_id, format_cards(cards_from_pb(first.legal_alternative))
('throw.unbeatable', 'KS')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle.cards import Card, format_cards
from oracle.convert import cards_from_pb
from oracle.dispatch import questions as engine
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.referee.audit_log import AuditLog
from oracle.referee.holding import Hands


@dataclass(frozen=True)
class LeadOutcome:
    """What a lead cost: the penalty of a failed throw the record shows given way (0 else)."""

    penalty: int = 0


def _same(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return sorted(a) == sorted(b)


_ONE_CARD_RULES = ("lead.one_suit",)


def check_lead(
    rules: Ruleset,
    hands: Hands,
    lead: SeatPlay,
    attempted_throw: Sequence[Card] | None,
    trick: str,
    log: AuditLog,
) -> LeadOutcome:
    """Check the lead of one trick (step ``{trick}.plays[0]``); the cards are already known to
    be held. ``attempted_throw`` is the throw the record says failed, the lead then being the
    play it forced. A lead of one card is one unit of one suit, so neither DescribePlay nor
    CheckThrow is asked; a throw (units of one suit, or a lead of several suits the ruleset
    allows, as :meth:`~oracle.engine.ruleset.Ruleset.lead_units` reads them, as DescribePlay
    does) goes to CheckThrow without DescribePlay, whose words it would not use."""
    step, seat = f"{trick}.plays[0]", lead.seat
    if attempted_throw is None and len(lead.cards) == 1:
        log.ok(step, seat, lead.cards, _ONE_CARD_RULES,
               f"seat {seat} leads {lead.cards[0]}: one card is one unit of one suit, not a throw")
        return LeadOutcome()
    tried = tuple(attempted_throw) if attempted_throw is not None else lead.cards
    units = rules.lead_units(tried)  # DescribePlay's reading: no lead (None), one unit, or a throw
    if units is None or len(units) < 2:  # DescribePlay's words say which
        described = engine.describe_play(rules, tried)
        if not described.valid_lead:
            log.broken(step, seat, tried, "lead.one_suit", described.rule_ids, described.explanation)
        elif attempted_throw is not None:
            log.broken(step, seat, tried, "throw.unbeatable", described.rule_ids,
                       f"{format_cards(tried)} is one unit, not a throw: it cannot fail, and is "
                       "led as it is", alternative=tried)
        else:
            log.ok(step, seat, tried, described.rule_ids, described.explanation)
        return LeadOutcome()
    answer = engine.check_throw(rules, SeatPlay(seat, tried), hands.others(seat))
    forced = cards_from_pb(answer.forced_play)
    if answer.succeeds:
        if attempted_throw is None:
            log.ok(step, seat, tried, answer.rule_ids, answer.explanation)
        else:
            log.broken(step, seat, tried, "throw.unbeatable", answer.rule_ids,
                       f"{answer.explanation} The record shows it failed and {format_cards(lead.cards)} "
                       "led instead.", alternative=tried)
        return LeadOutcome()
    if attempted_throw is None:
        log.broken(step, seat, tried, "throw.unbeatable", answer.rule_ids,
                   f"{answer.explanation} The record shows the whole throw led.", alternative=forced)
        return LeadOutcome()
    if not _same(forced, lead.cards):
        # The throw failed as the record says: its penalty is charged as the game charged it,
        # so that the rest of the audit counts as the game does (the wrong card is flagged).
        log.broken(step, seat, lead.cards, "throw.forced_unit", answer.rule_ids,
                   f"{answer.explanation} The record shows {format_cards(lead.cards)} led instead.",
                   alternative=forced)
        return LeadOutcome(answer.penalty_points)
    log.ok(step, seat, lead.cards, answer.rule_ids, answer.explanation)
    return LeadOutcome(answer.penalty_points)
