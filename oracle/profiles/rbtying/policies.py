"""rbtying/shengji's room policies its rules read beyond their strategies: the draw policy
(``TrickDrawPolicy``) and the bomb policy (``BombPolicy``), as plain switches.

rbtying/shengji ``mechanics/src/trick.rs`` (``TrickDrawPolicy``, ``BombPolicy``) @ 71f8d43. The
dispatch reads ``following.draw_policy`` and ``comparison.bomb_policy`` into :class:`Policies`
and hands them to the ruleset (``Strategies.settings``); a rule reads them with :func:`policies`.

>>> from oracle.cards import Rank, Suit
>>> from oracle.variants import make_ruleset
>>> policies(make_ruleset("rbtying-default", Rank.TWO, Suit.HEARTS)).bombs.allowed
False
>>> policies(make_ruleset("qq-two-deck", Rank.TWO, Suit.HEARTS)) == DEFAULT
True
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.engine.ruleset import Ruleset


@dataclass(frozen=True)
class DrawRule:
    """rbtying/shengji's TrickDrawPolicy as two switches and an off switch."""

    format_based: bool
    protects_longer_tuples: bool
    only_tractor_on_tractor: bool


@dataclass(frozen=True)
class BombRule:
    """rbtying/shengji's BombPolicy: whether bombs play, and whether they must follow suit."""

    allowed: bool
    follows_suit: bool


NO_PROTECTIONS = DrawRule(format_based=True, protects_longer_tuples=False, only_tractor_on_tractor=False)
"""``DRAW_POLICY_NO_PROTECTIONS``."""
LONGER_TUPLES_PROTECTED = DrawRule(format_based=True, protects_longer_tuples=True, only_tractor_on_tractor=False)
"""``DRAW_POLICY_LONGER_TUPLES_PROTECTED``: a tuple of k is filled only by a card held exactly k times."""
ONLY_DRAW_TRACTOR_ON_TRACTOR = DrawRule(format_based=True, protects_longer_tuples=False, only_tractor_on_tractor=True)
"""``DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR``: no requirement adds adjacency a unit did not have."""
BOTH_PROTECTIONS = DrawRule(format_based=True, protects_longer_tuples=True, only_tractor_on_tractor=True)
"""``DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR``."""
NO_FORMAT_BASED_DRAW = DrawRule(format_based=False, protects_longer_tuples=False, only_tractor_on_tractor=False)
"""``DRAW_POLICY_NO_FORMAT_BASED_DRAW``: only the suit is enforced."""

NO_BOMBS = BombRule(allowed=False, follows_suit=False)
"""``BOMB_POLICY_NO_BOMBS``: a bomb is only its cards."""
ALLOW_BOMBS = BombRule(allowed=True, follows_suit=False)
"""``BOMB_POLICY_ALLOW_BOMBS``: a bomb of the lead's card count may be played whatever the suit."""
ALLOW_BOMBS_SUIT_FOLLOWING = BombRule(allowed=True, follows_suit=True)
"""``BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING``: the bomb must be of the led suit or trump."""


@dataclass(frozen=True)
class Policies:
    """The draw and bomb policies of one room."""

    draw: DrawRule
    bombs: BombRule


DEFAULT = Policies(NO_PROTECTIONS, NO_BOMBS)
"""A room that sets neither policy (and any ruleset not of rbtying's family)."""


def policies(rules: Ruleset) -> Policies:
    """The room's policies: the ruleset's settings where they are rbtying's, :data:`DEFAULT` otherwise."""
    settings = rules.strategies.settings
    return settings if isinstance(settings, Policies) else DEFAULT
