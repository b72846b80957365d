"""What a failed throw forces and costs under the Botzone judge (keyijing/Tractor-RL judger.py).

``checkThrow`` plays one card of the lowest beaten component (ties between equal level cards
by the judge's s, h, c, d order, ``throws.forced_tie_suit_order``); ``Punish`` takes 10 points
per card of every beaten component (``PENALTY_KIND_PER_BEATEN_CARD``). docs/botzone.md.

>>> from oracle import pb
>>> per_beaten_card_penalty(pb.Throws(penalty_points=10), 5, 1, 3)
30
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Block, Unit
from oracle.seed_rules.failed_throw import lowest_card


def _tie(rules: Ruleset, unit: Unit) -> int:
    """Where the unit's suit comes in the variant's order for ties of the forced unit."""
    order = [int(s) for s in rules.variant.throws.forced_tie_suit_order]
    suit = unit.cards[0].suit
    if suit is None or int(suit) not in order:
        return len(order)
    return order.index(int(suit))


def lowest_beaten_one_card(rules: Ruleset, blocks: Sequence[Block], cards: Sequence[Card], order: Sequence[int]) -> list[Card]:
    """``FORCED_UNIT_LOWEST_BEATEN_ONE_CARD`` (``checkThrow``): one card of the lowest beaten unit."""
    unit = min((b.unit for b in blocks), key=lambda u: (u.top, _tie(rules, u), -u.size))
    return [lowest_card(rules, unit.cards)]


def per_beaten_card_penalty(throws: pb.Throws, thrown: int, forced: int, beaten: int) -> int:
    """``PENALTY_KIND_PER_BEATEN_CARD`` (``Punish``): ``penalty_points`` per card of every beaten unit."""
    return throws.penalty_points * beaten
