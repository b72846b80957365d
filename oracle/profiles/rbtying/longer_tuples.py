"""The longer-tuple guard of rbtying/shengji's follow rule (``follow.decomposition`` under the
two draw policies that protect longer tuples, #507 and #512).

Once a play fills a requirement of the walk (:mod:`.follow`), it is still illegal where it
broke a longer tuple to show a tuple of a size the rest of the hand holds genuinely
(docs/rbtying.md, "Following").

>>> sorted(n_slots(((3,), (2,), (1,))).items())
[(2, 1), (3, 1)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.ordering import Requirement


def longer_tuple_bypasses_genuine(
    rules: Ruleset, requirement: Requirement, hand_x: Sequence[Card], play_x: Sequence[Card],
) -> tuple[int, int] | None:
    """The guard of ``is_legal_play`` under the longer-tuple protections, once the play fills
    ``requirement`` (rbtying/shengji ``mechanics/src/trick.rs`` @ 71f8d43, #507 and #512; read in
    the fork copy at tgoh-ots/shengji-tractor @ 18514e6, ``longer_tuple_bypasses_genuine`` over
    ``available_minus_play``, docs/rbtying.md).

    For each tuple size ``n`` of two or more that the requirement asks for as a tuple of its own:
    its places, less the identities the play holds exactly ``n`` times, are left; if the cards of
    the suit the play leaves in the hand hold as many identities exactly ``n`` times (protected
    against that rest of the hand), the play broke a longer tuple while keeping genuine ones back,
    and is illegal. Returns ``(n, places left)`` for the first size that fires.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
    >>> longer_tuple_bypasses_genuine(rules, ((2,), (1,), (1,)), p("QH QH QH 5H 5H 6H 8H"), p("QH QH QH 6H"))
    (2, 1)
    >>> longer_tuple_bypasses_genuine(rules, ((2,), (1,), (1,)), p("QH QH QH 5H 5H 6H 8H"), p("5H 5H QH 6H")) is None
    True
    """
    in_play = Counter(rules.identity(c) for c in play_x)
    left = Counter(rules.identity(c) for c in hand_x)
    left.subtract(in_play)
    for n, wanted in n_slots(requirement).items():
        remaining = wanted - sum(1 for held in in_play.values() if held == n)
        if remaining > 0 and sum(1 for held in left.values() if held == n) >= remaining:
            return (n, remaining)
    return None


def n_slots(requirement: Requirement) -> Counter[int]:
    """How many tuples of each size of two or more the requirement asks for as units of their
    own: the places the longer-tuple guard counts (the guard's ``n_slots`` in
    ``TrickFormat::is_legal_play``, tgoh-ots/shengji-tractor @ 18514e6).

    >>> sorted(n_slots(((2, 2), (2,), (2,), (3,), (1,))).items())
    [(2, 2), (3, 1)]
    """
    return Counter(a[0] for a in requirement if len(a) == 1 and a[0] >= 2)
