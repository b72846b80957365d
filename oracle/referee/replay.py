"""AuditDeal: a whole deal record replayed step by step with the engine's own questions, from
the deal to the next banker; every step's verdict, the first violation, the reported results
that differ and the totals (docs/records.md).

The replay goes on past a broken rule (a revoke, a wrong claim), judging the game as it was
played, and stops where the cards in play are no longer known: a broken deal, a bury of cards
not taken up, a card played that is not held, a trump nobody set, a deal left unfinished.

>>> from oracle.referee.random_deal import random_record
>>> record = random_record("qq-two-deck", seed=7)
>>> answer = audit_deal(record)
>>> answer.clean, answer.complete, answer.totals.tricks == len(record.tricks)
(True, True, True)
"""

from __future__ import annotations

from oracle import pb
from oracle.engine.ruleset import Ruleset
from oracle.referee.audit_log import NOBODY, AuditLog
from oracle.referee.burying import bury
from oracle.referee.dealing import deal_problem
from oracle.referee.declaring import replay_declarations
from oracle.referee.holding import Hands
from oracle.referee.record import Record
from oracle.referee.scoring import SidePoints, score_end
from oracle.referee.tricks import replay_trick


def audit_deal(record: Record) -> pb.AuditDealResponse:
    """Replay ``record`` and tell every step's verdict."""
    log = AuditLog()
    rules = _deal_and_trump(record, log)
    if rules is None:
        return log.answer(None)
    banker = record.banker_seat
    kept = bury(record.hands[banker], record.bottom, record.buried, banker, log)
    if kept is None:
        log.stop("the buried cards were not taken up by the banker")
        return log.answer(None)
    hands = Hands([kept if seat == banker else hand for seat, hand in enumerate(record.hands)])
    side = record.banker_side()
    trick_points = banker_points = penalties = 0
    leader = banker
    judged: pb.JudgeTrickResponse | None = None
    for index, trick in enumerate(record.tricks):
        done = replay_trick(rules, hands, trick, index, leader, log)
        if done is None:
            return log.answer(None)
        judged = done.judged
        # A failed throw costs the thrower's side: the attackers lose the penalty, or gain it
        # when the banker's side threw (throw.penalty).
        penalties += done.penalty if done.leader in side else -done.penalty
        if done.winner in side:
            banker_points += done.points
        else:
            trick_points += done.points
        leader = done.winner
    left = hands.left()
    if not record.tricks or left:
        held = ", ".join(f"seat {s}: {n}" for s, n in left.items())
        log.stop(f"the record ends with cards still in hand ({held})")
        return log.answer(None)
    points = SidePoints(trick_points + penalties, banker_points)
    totals = score_end(rules, record.tricks[-1].plays, side, record.buried, points, banker,
                       record.attacker_level, record.reported, log, judged)
    totals.tricks = len(record.tricks)
    totals.trick_points = trick_points
    totals.penalty_points = penalties
    if rules.trump is None:
        totals.no_trump = True
    else:
        totals.trump_suit = int(rules.trump)  # type: ignore[assignment]
    return log.answer(totals)


def _deal_and_trump(record: Record, log: AuditLog) -> Ruleset | None:
    """The deal's check (step ``hands``) and the declarations; the ruleset of the trump played
    in, or ``None`` when the replay cannot go on."""
    deal = record.variant.deal
    problem = deal_problem(record.variant, record.hands, record.bottom)
    if problem:
        log.broken("hands", NOBODY, (), "deal.cards", [], problem)
        log.stop("the deal is not one of the variant's")
        return None
    log.ok("hands", NOBODY, (), ["deal.cards"],
           f"every card of the {deal.decks} deck(s) dealt once: {deal.hand_size} to each seat, "
           f"{deal.bottom_size} to the bottom")
    declared = replay_declarations(record.variant, record.level, record.hands,
                                   record.declarations, log)
    if not record.trump_given:
        if not declared.named:
            log.stop("no declaration set the trump and the record names none")
            return None
        return record.rules_for(declared.suit)
    if declared.named and declared.suit != record.trump:
        log.broken("declarations", NOBODY, (), "declare.cards", [],
                   f"the declarations set {_trump_name(declared.suit)}, but the record plays in "
                   f"{_trump_name(record.trump)}")
    return record.rules_for(record.trump)


def _trump_name(suit: object) -> str:
    return "no-trump" if suit is None else getattr(suit, "name", str(suit)).lower()
