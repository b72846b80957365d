"""One page of a question's legal plays, and every duty with its count: the counted family and
the few listed plays (:mod:`oracle.engine.legal_plays`) merged in the whole hand's canonical
order, so that a page and its offset mean the same whichever source a play came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle.cards import Card
from oracle.engine.legal_plays import Duty, Family, Listed, Space, canonical_key
from oracle.engine.ruleset import Ruleset


@dataclass(frozen=True)
class LegalPlays:
    """Every duty with its count, and one page of plays with their duty."""

    duties: tuple[tuple[Duty, int], ...]
    page: tuple[tuple[tuple[Card, ...], Duty], ...]

    @property
    def total(self) -> int:
        return sum(n for _, n in self.duties)


def collect(rules: Ruleset, hand: Sequence[Card], family: Family, listed: Sequence[Listed], offset: int,
            limit: int) -> LegalPlays:
    """The duties of the family and the listed plays (disjoint), and the page of the plays of all
    from ``offset`` of at most ``limit``, in canonical order over the whole hand."""
    counts = family.counts()  # a dict of its own, the listed plays' counts added to it below
    if not listed:
        # The family's page is in the whole hand's canonical order already: its space's cards
        # come in the hand's order, and its fixed cards are in every play.
        plays: list[tuple[Sequence[Card], Duty]] = list(family.page(offset, limit))
    else:
        space = Space.of(rules, hand)
        spelled: list[tuple[tuple[int, ...], tuple[Card, ...], Duty]] = []
        for source in listed:
            for duty, n in source.counts().items():
                counts[duty] = counts.get(duty, 0) + n
            spelled.extend((canonical_key(space, cards), cards, duty) for cards, duty in source.plays)
        spelled.sort(key=lambda item: item[0])
        # The listed plays before the offset: those whose place among all plays is below it.
        taken = 0
        for j, (key, _, _) in enumerate(spelled):
            if j + family.rank(space, [-k for k in key]) >= offset:
                break
            taken = j + 1
        from_family = family.page(offset - taken, limit)
        merged = [(canonical_key(space, cards), tuple(cards), duty) for cards, duty in from_family]
        merged.extend(spelled[taken:taken + limit])
        merged.sort(key=lambda item: item[0])
        plays = [(cards, duty) for _, cards, duty in merged[:limit]]
    if listed or family.fixed:
        page = tuple([(tuple(rules.sorted(cards)), duty) for cards, duty in plays])
    else:  # the family's plays: its space's cards, in the ruleset's order already
        page = tuple([(tuple(cards), duty) for cards, duty in plays])
    return LegalPlays(tuple(sorted((d, n) for d, n in counts.items() if n)), page)
