"""The bury (扣底): the banker takes up the bottom and buries as many cards, each taken from
its hand and the bottom (rule ``bury.cards``).

>>> from oracle.cards import parse_cards as p, format_cards
>>> from oracle.referee.audit_log import AuditLog
>>> log = AuditLog()
>>> format_cards(bury(p("AS KS"), p("3C 4C"), p("AS 3C"), 0, log))
'KS 4C'
>>> bury(p("AS KS"), p("3C 4C"), p("AS AS"), 0, log) is None, log.first_violation.broken_rule_id
(True, 'bury.cards')
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card, format_cards
from oracle.referee.audit_log import AuditLog
from oracle.referee.holding import Hands


def bury(
    hand: Sequence[Card], bottom: Sequence[Card], buried: Sequence[Card], banker: int, log: AuditLog
) -> list[Card] | None:
    """The banker's hand after the bury (step ``buried``), or ``None`` when the buried cards
    are not the bottom's count or not all from the banker's hand and the bottom."""
    taken_up = Hands([[*hand, *bottom]])
    missing = taken_up.unheld(0, buried)
    problems = []
    if len(buried) != len(bottom):
        problems.append(f"{len(buried)} cards were buried, but the bottom has {len(bottom)}")
    if missing:
        problems.append(f"{format_cards(missing)} {'is' if len(missing) == 1 else 'are'} neither "
                        "in the banker's hand nor in the bottom")
    if problems:
        log.broken("buried", banker, buried, "bury.cards", [], "; ".join(problems))
        return None
    taken_up.play(0, buried)
    log.ok("buried", banker, buried, ["bury.cards"],
           f"seat {banker} takes up the bottom and buries {len(buried)} cards from its hand and the "
           "bottom" if buried else "no bottom is dealt: nothing is buried")
    return taken_up.cards[0]
