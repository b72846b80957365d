"""The legal plays of rbtying/shengji's rainbows, counted (ListLegalPlays): the follows to a
rainbow and the rainbow leads of a hand (rules ``follow.rainbow``, ``lead.rainbow``;
:mod:`.rainbow` has the rules, docs/rules.md "Legal plays" the cost).

>>> from oracle import pb
>>> from oracle.cards import format_cards, parse_cards as p, Rank
>>> from oracle.profiles.rbtying.rainbow import rainbow_format
>>> from oracle.variants import get_variant, make_ruleset
>>> room = pb.Variant()
>>> room.CopyFrom(get_variant("rbtying-default"))
>>> room.compound_formats.rainbow_min_cards = 4
>>> rules = make_ruleset(room, Rank.TWO, None)
>>> lead = rainbow_format(rules, p("5C 5D 5H 5S"))
>>> family, _ = legal_rainbow_follows(rules, lead, p("6C 6D 6H 6S 6S 3C"))  # by rank: suits are free
>>> family.total(), [format_cards(rules.sorted(c)) for c, _ in family.page(0, 2)]
(4, ['6S 6S 6H 6D', '6S 6S 6H 6C'])
>>> [format_cards(lead) for lead in rainbow_leads(rules, p("5C 5D 5H 5S 5S 3C"))]
['5S 5H 5D 5C', '5S 5S 5H 5D 5C']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from itertools import product

from oracle.cards import Card
from oracle.engine.budget import WorkExceeded, spend
from oracle.engine.legal_plays import Duty, Everything, Family, Sources, Space
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.rainbow import (
    RainbowUnit,
    assignment,
    fills,
    one_rank_rainbow,
    rank_counts,
)

MAX_RAINBOW_LEADS = 4_096
"""The most rainbow leads ListLegalPlays spells out for one hand (their number, the product over
ranks of one plus each rank's choices, is known before any is built); a hand with more is
refused (``RESOURCE_EXHAUSTED``)."""

STEP_STEPS = 3
"""The work one step of :class:`RainbowFill` costs, in budget steps (about 1 µs each): a step
builds a count vector, about 3 µs measured."""

FILLS = Duty(1, "follow.rainbow", "fills the rainbow's units, each with cards of one rank")
ANY_CARDS = Duty(1, "follow.rainbow", "any cards: the hand cannot fill the rainbow's units by rank")


class RainbowFill:
    """The automaton of the plays that fill a rainbow's units (ListLegalPlays): over the hand's
    cards, the play's count of each rank that the hand holds in at least the smallest unit's
    size (a play with a card of another rank, or a joker, fills nothing); accepted when the counts
    fill the units exactly. A rank's count is checked against the sums of units as soon as its
    last card is read, and no more ranks than units are started. States: the count vectors with
    at most ``u`` ranks started (``u`` units): at most ``C(r, u) · C(n + u, u)`` for ``r`` ranks
    and ``n`` cards, polynomial for a lead of a given number of units."""

    def __init__(self, space: Space, units: Sequence[RainbowUnit]) -> None:
        self.sizes = [u.size for u in units]
        held = rank_counts(c for c, k in zip(space.cards, space.copies, strict=True) for _ in range(k))
        candidates = sorted(r for r, n in held.items() if n >= min(self.sizes))
        where = {r: i for i, r in enumerate(candidates)}
        self.slot = [where.get(int(c.rank), -1) if c.suit is not None else -1 for c in space.cards]
        last: dict[int, int] = {}
        for i, slot in enumerate(self.slot):
            if slot >= 0:
                last[slot] = i
        self.closes = {i: slot for slot, i in last.items()}
        self.width = len(candidates)
        sums = {0}
        for size in self.sizes:
            sums |= {s + size for s in sums}
        self.sums = frozenset(sums)
        self._accepted: dict[tuple[int, ...], bool] = {}

    def start(self) -> Hashable:
        return (0,) * self.width

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        assert isinstance(state, tuple)
        spend(STEP_STEPS)
        slot = self.slot[index]
        if copies:
            if slot < 0 or (not state[slot] and len(state) - state.count(0) >= len(self.sizes)):
                return None  # a card of no candidate rank, or more ranks than units
            state = (*state[:slot], state[slot] + copies, *state[slot + 1:])
        if index in self.closes and state[slot] not in self.sums:
            return None
        return state

    def accept(self, state: Hashable) -> Duty | None:
        assert isinstance(state, tuple)
        ok = self._accepted.get(state)
        if ok is None:
            ok = assignment(Counter(dict(enumerate(state))), self.sizes) is not None
            self._accepted[state] = ok
        return FILLS if ok else None


def legal_rainbow_follows(rules: Ruleset, units: Sequence[RainbowUnit], hand: Sequence[Card]) -> Sources:
    """The legal follows to a rainbow: the plays that fill its units when the hand can, else
    every play of as many cards (rbtying has no suit duty against a rainbow)."""
    space = Space.of(rules, hand)
    size = sum(u.size for u in units)
    if fills(hand, units):
        return Family(space, size, RainbowFill(space, units)), []
    return Family(space, size, Everything(ANY_CARDS)), []


def rainbow_leads(rules: Ruleset, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every rainbow lead of the hand (:attr:`CompoundLeads.leads`): for each rank, each choice of
    its cards over four effective suits or more and at least the minimum, then every non-empty
    combination of ranks; :data:`MAX_RAINBOW_LEADS` at most."""
    by_rank: dict[int, Counter[Card]] = {}
    for card in hand:
        if card.suit is not None:
            by_rank.setdefault(int(card.rank), Counter())[card] += 1
    choices: list[list[tuple[Card, ...]]] = []
    for held in by_rank.values():
        if len({rules.effective_suit(c) for c in held}) < 4:
            continue
        cards = list(held)
        options = []
        for take in product(*(range(held[c] + 1) for c in cards)):
            spend()
            picked = [c for c, k in zip(cards, take, strict=True) for _ in range(k)]
            if one_rank_rainbow(rules, picked):
                options.append(tuple(picked))
        if options:
            choices.append(options)
    total = 1
    for options in choices:
        total *= len(options) + 1
    if total - 1 > MAX_RAINBOW_LEADS:
        raise WorkExceeded(f"this hand holds {total - 1} rainbow leads, more than the {MAX_RAINBOW_LEADS} "
                           "one question spells out (docs/rules.md, Legal plays)")
    found: list[tuple[Card, ...]] = []
    for pick in product(*([(), *options] for options in choices)):
        lead = [c for part in pick for c in part]
        if lead:
            spend()
            found.append(tuple(rules.sorted(lead)))
    return found
