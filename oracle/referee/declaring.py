"""The declarations of a record, replayed in order with the engine's CompareDeclarations: each
must be held, make a declaration and override the standing one; the last standing one sets
the trump, which must agree with the trump the record names (rules ``declare.*``).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.referee.audit_log import AuditLog
>>> from oracle.variants import get_variant
>>> hands = [p("10H 10S 10S"), p("3C"), p("4C"), p("5C")]
>>> log = AuditLog()
>>> trump = replay_declarations(get_variant("qq-two-deck"), Rank.TEN, hands,
...     [SeatPlay(0, tuple(p("10H"))), SeatPlay(0, tuple(p("10S 10S")))], log)
>>> trump.named, trump.suit, log.violations
(True, <Suit.SPADES: 1>, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle import pb
from oracle.cards import Card, Rank, Suit, format_cards
from oracle.dispatch import questions as engine
from oracle.engine.ruleset import SeatPlay
from oracle.referee.audit_log import AuditLog
from oracle.referee.holding import Hands


@dataclass(frozen=True)
class DeclaredTrump:
    """The trump the declarations set: ``named`` false when none stands or the standing one
    names no trump (a point-sum bid); ``suit`` ``None`` for no-trump."""

    named: bool
    suit: Suit | None = None


def replay_declarations(
    variant: pb.Variant,
    level: Rank,
    hands: Sequence[Sequence[Card]],
    declarations: Sequence[SeatPlay],
    log: AuditLog,
) -> DeclaredTrump:
    """Check every declaration in order (step ``declarations[i]``); the trump they set."""
    standing: SeatPlay | None = None
    trump = DeclaredTrump(False)
    dealt = Hands(hands)
    for i, declaration in enumerate(declarations):
        step = f"declarations[{i}]"
        seat, cards = declaration.seat, declaration.cards
        missing = dealt.unheld(seat, cards)
        if missing:
            log.broken(step, seat, cards, "declare.cards", [],
                       f"seat {seat} shows {format_cards(missing)}, which it was not dealt")
            continue
        answer = engine.compare_declarations(variant, level, standing, declaration)
        if answer.challenger_valid and answer.overrides:
            log.ok(step, seat, cards, answer.rule_ids, answer.explanation)
            standing = declaration
            named = answer.no_trump or answer.trump_suit != pb.SUIT_UNSPECIFIED
            trump = DeclaredTrump(named, Suit(answer.trump_suit) if answer.trump_suit else None)
        else:
            broken = "declare.cards" if not answer.challenger_valid else answer.rule_ids[-1]
            log.broken(step, seat, cards, broken, answer.rule_ids, answer.explanation)
    return trump
