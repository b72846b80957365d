"""rbtying/shengji's Times kitty penalty (``BOTTOM_RULE_TIMES``): base times the largest unit's size.

rbtying/shengji ``core/src/settings.rs`` ``KittyPenalty::Times`` and ``mechanics/src/scoring.rs``
(the kitty multiplier); the Botzone judge's throw bottom (``Reward``: 2 x the largest
component) is the same rule.

>>> from oracle.cards import Rank, Suit
>>> from oracle.engine.units import Unit
>>> from oracle.variants import make_ruleset
>>> times(make_ruleset("rbtying-default", Rank.TEN, Suit.HEARTS), [Unit(2, 2, 0, ())], False)[0]
8
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Unit
from oracle.seed_rules.bottom_multipliers import largest_unit, measured


def times(rules: Ruleset, lead_units: Sequence[Unit], winner_is_trump: bool) -> tuple[int, str, str]:
    """``BOTTOM_RULE_TIMES`` (``bottom.times``): ``base`` times the size of the largest unit."""
    base = rules.variant.bottom.base
    largest = largest_unit(lead_units)
    size = measured(rules, largest)
    return base * size, "bottom.times", f"its largest unit, a {largest.name}: {base} x {size}"
