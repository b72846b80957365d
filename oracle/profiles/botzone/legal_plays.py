"""Every legal follow under the Botzone judge (``FOLLOW_RULE_TYPE_AND_PAIRS``), counted.

keyijing/Tractor-RL judger.py ``checkLegalMove`` (:mod:`oracle.profiles.botzone.follow`): a hand
holding a play of the lead's type in the led suit plays one (listed: a window per tractor); one
holding none follows suit (a tractor's pairs counted as the judge counts them), or plays the lead's
type from any suit (the judge's hole, docs/botzone.md item 3); a throw with a tractor is judged by
its components, read card by card into the lengths so far (:class:`ThrowComponents`).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
>>> follows, listed = legal_follows_by_type(rules, p("8S 8S"), p("AS 5S 3H 3H 4D"))
>>> [d.rule_id for d in follows.duties()], [d.rule_id for d in listed[0].duties()]
(['follow.suit'], ['follow.same_type'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import cast

from oracle.cards import Card
from oracle.engine.legal_follows import SUIT_ONLY, suit_split
from oracle.engine.legal_plays import Automaton, Duty, Everything, Family, Listed, Sources, Space
from oracle.engine.ruleset import Ruleset
from oracle.profiles.botzone.follow import _pairs, has_response
from oracle.profiles.botzone.play_types import (
    PAIR,
    SINGLE,
    THROW,
    TRACTOR,
    adjacent_runs,
    components,
    covers,
    joins_runs,
    lengths,
    play_type,
)

Components = tuple[tuple[int, ...], int, int | None]
"""The lengths of the components of two or more cards so far (sorted), the run of pairs going on,
its last slot. The single cards are not kept: a play has as many as its cards leave over."""

COVERS = Duty(1, "follow.throw_components", "the play's components cover the throw's")
PAIRS = Duty(2, "follow.pairs", "as many cards in pairs and tractors as the judge asks")


def legal_follows_by_type(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> Sources:
    """The legal follows of ``hand`` to ``lead``, as families to count and page."""
    suit = rules.suit_of(lead)
    n = len(lead)
    kind = play_type(rules, lead)
    hand_x = rules.of_suit(hand, suit)
    if kind == THROW:
        need = lengths(components(rules, lead))

        def thrown(space: Space) -> Automaton | None:
            return None if need[0] < 4 else ThrowComponents(rules, space, lead, hand_x)

        return suit_split(rules, lead, hand, SUIT_ONLY, thrown, Duty(1, "follow.suit", "any cards of the led suit")), []
    rule = "follow.suit" if kind == SINGLE else "follow.same_type"
    if has_response(rules, kind, n, hand_x):
        same = Duty(1, rule, f"a {kind} of the led suit")
        none = Family(Space.of(rules, ()), 0, Everything(same), excluded=frozenset({()}))
        return none, [Listed(Space.of(rules, hand), [(p, same) for p in same_type_plays(rules, kind, n, hand_x)])]

    def paired(space: Space) -> Automaton | None:
        return PairCount(space, min(n // 2, _pairs(hand_x))) if kind == TRACTOR else None

    full = (Duty(1, "follow.pairs", "as many pairs of the led suit as the hand holds, up to the tractor's")
            if kind == TRACTOR else Duty(1, "follow.suit", "any cards of the led suit"))
    follows = suit_split(rules, lead, hand, SUIT_ONLY, paired, full)
    hole = Duty(3, rule, f"a {kind} of another suit: with no {kind} of the led suit the judge checks "
                         "nothing more (docs/botzone.md, item 3)")
    extra = [(p, hole) for p in same_type_plays(rules, kind, n, hand) if not follows.holds(p)]
    return follows, [Listed(Space.of(rules, hand), extra)]


def same_type_plays(rules: Ruleset, kind: str, n: int, cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every play of ``kind`` and ``n`` cards from ``cards`` (checkPokerType), each once."""
    counts = Counter(cards)
    found: list[tuple[Card, ...]]
    if kind == SINGLE:
        found = [(c,) for c in counts]
    elif kind == PAIR:
        found = [(c, c) for c, k in counts.items() if k >= 2]
    else:
        pairs = [c for c, k in counts.items() if k >= 2]
        found = [tuple(c for card in run[i:i + n // 2] for c in (card, card))
                 for run in adjacent_runs(rules, [c for c in pairs if joins_runs(rules, c)])
                 for i in range(len(run) - n // 2 + 1)]
        jokers = [c for c in pairs if c.is_joker]
        if n == 4 and len(jokers) == 2:
            found.append(tuple(c for card in jokers for c in (card, card)))
    return [p for p in found if play_type(rules, p) == kind]


class PairCount:
    """Against a tractor with no tractor in the suit: at least ``wanted`` cards held twice."""

    def __init__(self, space: Space, wanted: int) -> None:
        self.space, self.wanted = space, wanted

    def start(self) -> Hashable:
        return 0

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        return min(self.wanted, cast(int, state) + (copies >= 2))

    def accept(self, state: Hashable) -> Duty | None:
        return Duty(1, "follow.pairs", "as many pairs of the led suit as the hand holds, up to the tractor's") \
            if state == self.wanted else None


class ThrowComponents:
    """A play of the suit read into the judge's components: the lengths of two or more cards so
    far (sorted), and the run of adjacent pairs going on (its length and its last slot). A play
    of the suit has as many cards as the lead, so its single cards are the cards the other
    components leave: plays that differ only in which single cards they hold are one state."""

    def __init__(self, rules: Ruleset, space: Space, lead: Sequence[Card], hand_x: Sequence[Card]) -> None:
        self.space, self.led = space, len(lead)
        thrown = components(rules, lead)
        own = components(rules, hand_x)
        self.need = lengths(thrown)
        self.hand_covers = covers(lengths(own), self.need)
        self.limit = min(_paired(lengths(own)), _paired(self.need))
        self.slots = [rules.slot(c) if joins_runs(rules, c) else None for c in space.cards]

    def start(self) -> Hashable:
        return ((), 0, None)

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        found, run, last = cast(Components, state)
        slot = self.slots[index]
        if copies == 2 and slot is not None:
            if run and last == slot + 1:
                return (found, run + 1, slot)
            return (_close(found, run), 1, slot)
        if copies > 1:
            found = tuple(sorted((*found, copies)))
        return (found, run, last)

    def accept(self, state: Hashable) -> Duty | None:
        found, run, _ = cast(Components, state)
        parts = sorted(_close(found, run), reverse=True)
        parts += [1] * (self.led - sum(parts))  # the single cards
        if covers(parts, self.need):
            return COVERS
        if self.hand_covers:
            return None
        return PAIRS if _paired(parts) >= self.limit else None


def _close(found: tuple[int, ...], run: int) -> tuple[int, ...]:
    """The lengths once a run of ``run`` adjacent pairs ends: a tractor, or one pair."""
    return found if not run else tuple(sorted((*found, 2 * run)))


def _paired(parts: Sequence[int]) -> int:
    return sum(p for p in parts if p >= 2)
