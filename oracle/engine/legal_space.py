"""The cards legal plays are counted over: a hand's distinct cards in the ruleset's order, with
their copies (a :class:`Space`), and the canonical order of plays over them (:func:`canonical_key`:
most copies of the highest card first), in which every page of legal plays is listed.

>>> from oracle.cards import parse_cards as p, format_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> space = Space.of(make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS), p("KS AS KS"))
>>> space.copies, [format_cards(play) for play in sorted([p("KS KS"), p("AS KS")], key=lambda play: canonical_key(space, play))]
((1, 2), ['AS KS', 'KS KS'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from oracle.cards import Card
from oracle.engine.ruleset import Ruleset


@dataclass(frozen=True)
class Space:
    """A hand's distinct cards in the ruleset's order (trump first, highest first), with copies.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> Space.of(make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS), p("3S AS 3S")).copies
    (1, 2)
    """

    cards: tuple[Card, ...]
    copies: tuple[int, ...]
    numbers: list[object] = field(init=False, repr=False, compare=False, hash=False, default_factory=list)
    """The identity numbers of the cards last found (:func:`oracle.engine.legal_follows.identity_numbers`),
    after the ruleset's identity table they were found by, then each number's last card once
    asked (:func:`~oracle.engine.legal_follows.identity_ends`): found once for the readings and
    the count of one question."""

    @cached_property
    def places(self) -> dict[Card, int]:
        """Each card's place in ``cards`` (a play's vector is its copies counted at these places),
        found when first asked (a count and its page never ask)."""
        return {card: i for i, card in enumerate(self.cards)}

    @classmethod
    def of(cls, rules: Ruleset, cards: Iterable[Card]) -> Space:
        """The space of the cards, counted by card code (the ruleset's order is a table by code)."""
        held: dict[int, int] = {}
        first: dict[int, Card] = {}
        for card in cards:
            code = card.code
            if code in held:
                held[code] += 1
            else:
                held[code], first[code] = 1, card
        order = sorted(held, key=rules.order.__getitem__)
        return cls(tuple([first[code] for code in order]), tuple([held[code] for code in order]))

    def vector(self, play: Iterable[Card]) -> tuple[int, ...] | None:
        """The play's copies of each card of the space; ``None`` if it holds another card."""
        places = self.places
        vector = [0] * len(self.cards)
        for card in play:
            place = places.get(card)
            if place is None:
                return None
            vector[place] += 1
        return tuple(vector)

    def cards_of(self, vector: Sequence[int]) -> list[Card]:
        return [c for c, k in zip(self.cards, vector, strict=True) for _ in range(k)]


def canonical_key(space: Space, play: Iterable[Card]) -> tuple[int, ...]:
    """The order plays are listed in: most copies of the space's first card first, and so on."""
    places, key = space.places, [0] * len(space.cards)
    for card in play:
        key[places[card]] -= 1
    return tuple(key)
