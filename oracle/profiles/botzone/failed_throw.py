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
from oracle.engine.per_variant import PerVariant
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Block
from oracle.seed_rules.failed_throw import lowest_card


def _read_tie_places(variant: pb.Variant) -> dict[int, int]:
    """Where each suit comes in the variant's order for ties of the forced unit (a suit not in
    it, and the jokers, after every one in it).

    >>> from oracle.variants import get_variant
    >>> _read_tie_places(get_variant("botzone-tractor"))
    {1: 0, 2: 1, 4: 2, 3: 3}
    """
    return {int(s): i for i, s in enumerate(variant.throws.forced_tie_suit_order)}


_tie_places: PerVariant[dict[int, int]] = PerVariant(_read_tie_places)
""":func:`_read_tie_places`, read once per variant message (the caller reads it, never changes it)."""


def lowest_beaten_one_card(rules: Ruleset, blocks: Sequence[Block], cards: Sequence[Card], order: Sequence[int]) -> list[Card]:
    """``FORCED_UNIT_LOWEST_BEATEN_ONE_CARD`` (``checkThrow``): one card of the lowest beaten unit."""
    if len(blocks) == 1:
        return [lowest_card(rules, blocks[0].unit.cards)]
    places = _tie_places(rules.variant)
    last = len(places)
    unit = min((b.unit for b in blocks),
               key=lambda u: (u.top, places.get(u.cards[0].suit, last), -u.size))  # type: ignore[arg-type]
    return [lowest_card(rules, unit.cards)]


def per_beaten_card_penalty(throws: pb.Throws, thrown: int, forced: int, beaten: int) -> int:
    """``PENALTY_KIND_PER_BEATEN_CARD`` (``Punish``): ``penalty_points`` per card of every beaten unit."""
    return throws.penalty_points * beaten
