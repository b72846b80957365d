"""The Botzone judge's vocabulary: play types, components of a throw, and covering.

keyijing/Tractor-RL judger.py (``checkPokerType``, ``checkThrow`` with ``check=False``, the
loop over ``first_parse`` / ``outhis``); docs/botzone.md names the commits.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
>>> play_type(rules, p("SJ SJ BJ BJ")), play_type(rules, p("SJ SJ BJ BJ AH AH"))
('tractor', 'throw')
>>> [len(c) for c in components(rules, p("SJ SJ BJ BJ AH AH KH"))]
[2, 2, 2, 1]
>>> covers([4, 1], [2, 2, 1]), covers([2, 2, 1], [4, 1])
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from oracle.cards import Card, Rank
from oracle.engine.ruleset import Ruleset

SINGLE = "single"
PAIR = "pair"
TRACTOR = "tractor"
THROW = "throw"
"""The judge's play types (checkPokerType; its "suspect" is a throw)."""

UPSTREAM = "keyijing/Tractor-RL judger.py"
"""The judge this module follows (docs/botzone.md names the commits)."""

_JOKERS = (Rank.SMALL_JOKER, Rank.BIG_JOKER)


def joins_runs(rules: Ruleset, card: Card) -> bool:
    """Whether the card can be one of the pairs of a run: not a joker, and a card with a place
    for tractors (the level cards have none in this profile)."""
    return not card.is_joker and rules.slot(card) is not None


def adjacent_runs(rules: Ruleset, pairs: Sequence[Card]) -> list[list[Card]]:
    """Maximal runs of adjacent cards among ``pairs`` (one card per pair), each lowest first.

    Cards of different effective suits never join (the judge's single ``suit``
    variable can join them in a mixed discard; docs/botzone.md, item 17).
    """
    ordered = sorted(pairs, key=lambda c: (rules.effective_suit(c), rules.slot(c) or 0))
    runs: list[list[Card]] = []
    for card in ordered:
        last = runs[-1][-1] if runs else None
        if (last is not None and rules.effective_suit(last) == rules.effective_suit(card)
                and (rules.slot(last) or 0) + 1 == rules.slot(card)):
            runs[-1].append(card)
        else:
            runs.append([card])
    return runs


def play_type(rules: Ruleset, cards: Sequence[Card]) -> str:
    """The judge's type of a play (checkPokerType): single, pair, tractor or throw.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.FIVE, Suit.SPADES)
    >>> [play_type(rules, p(t)) for t in ("4H 4H 6H 6H", "5H 5H 6H 6H", "AS AS 2S 2S", "9C 9C")]
    ['tractor', 'throw', 'throw', 'pair']
    """
    n = len(cards)
    if n == 1:
        return SINGLE
    counts = Counter(cards)
    if n == 2:
        return PAIR if len(counts) == 1 else THROW
    if n % 2:
        return THROW
    if any(c.is_joker for c in counts):
        jokers = {c.rank: k for c, k in counts.items()}
        return TRACTOR if n == 4 and all(jokers.get(r) == 2 for r in _JOKERS) else THROW
    if any(k != 2 for k in counts.values()) or len({c.suit for c in counts}) != 1:
        return THROW
    if not all(joins_runs(rules, c) for c in counts):
        return THROW
    runs = adjacent_runs(rules, list(counts))
    return TRACTOR if len(runs) == 1 else THROW


def components(rules: Ruleset, cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The judge's split of a set of cards (checkThrow with check=False), longest first.

    Runs of two or more adjacent pairs are tractors (lowest first); the other
    cards are groups of identical cards. Equal lengths: the lower first.

    >>> from oracle.cards import parse_cards as p, Rank, Suit, format_cards
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.TEN, Suit.SPADES)
    >>> [format_cards(c) for c in components(rules, p("9S 9S JS JS 3S 3S 4S 4S 10S 10S 7S"))]
    ['3S 3S 4S 4S', '9S 9S JS JS', '10S 10S', '7S']
    """
    counts = Counter(cards)
    pairs = [c for c, k in counts.items() if k == 2 and joins_runs(rules, c)]
    parts: list[tuple[Card, ...]] = []
    for run in adjacent_runs(rules, pairs):
        if len(run) >= 2:
            parts.append(tuple(c for card in run for c in (card, card)))
            for card in run:
                del counts[card]
    parts.extend(tuple([card] * k) for card, k in counts.items())

    def order(part: tuple[Card, ...]) -> tuple[int, int, tuple[int, int, int, int]]:
        top = max(part, key=lambda c: (rules.strength(c), rules.sort_key(c)))
        return (-len(part), rules.strength(top), rules.sort_key(top))

    return sorted(parts, key=order)


def lengths(parts: Sequence[Sequence[Card]]) -> list[int]:
    """The lengths of components, longest first."""
    return sorted((len(p) for p in parts), reverse=True)


def covers(have: Sequence[int], need: Sequence[int]) -> bool:
    """Whether component lengths ``have`` cover ``need`` as the judge checks it.

    Each needed length, longest first, is taken out of the longest length
    left; lengths only, so a tractor of four covers two pairs, and a pair two
    singles.

    >>> covers([6], [4, 2]), covers([2, 2, 2], [4, 2]), covers([2, 1, 1], [1, 1, 1, 1])
    (True, False, True)
    """
    left = sorted(have, reverse=True)
    for length in sorted(need, reverse=True):
        if not left or left[0] < length:
            return False
        left[0] -= length
        left.sort(reverse=True)
    return True


def top_strength(rules: Ruleset, cards: Sequence[Card], min_copies: int = 1) -> int | None:
    """The strength of the highest card held at least ``min_copies`` times, if any."""
    counts = Counter(cards)
    found = [rules.strength(c) for c, k in counts.items() if k >= min_copies]
    return max(found) if found else None
