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

from collections.abc import Sequence

from oracle.cards import BIG_JOKER, SMALL_JOKER, Card, card_of
from oracle.engine.ruleset import MIXED, Ruleset

SINGLE = "single"
PAIR = "pair"
TRACTOR = "tractor"
THROW = "throw"
"""The judge's play types (checkPokerType; its "suspect" is a throw)."""

UPSTREAM = "keyijing/Tractor-RL judger.py"
"""The judge this module follows (docs/botzone.md names the commits)."""

_FIRST_JOKER = SMALL_JOKER.code
"""The jokers have the highest card codes: a code at least this is a joker's."""

_JOKER_TRACTOR = [SMALL_JOKER.code, SMALL_JOKER.code, BIG_JOKER.code, BIG_JOKER.code]
"""The codes of the one tractor of jokers, sorted: SJ SJ BJ BJ."""

Part = list[int]
"""A component as card codes: a tractor's pairs lowest first, or copies of one card."""


def joins_runs(rules: Ruleset, card: Card) -> bool:
    """Whether the card can be one of the pairs of a run: not a joker, and a card with a place
    for tractors (the level cards have none in this profile)."""
    return card.code < _FIRST_JOKER and bool(rules.places[card.code])


def code_runs(rules: Ruleset, codes: Sequence[int]) -> list[list[int]]:
    """Maximal runs of adjacent card codes among ``codes`` (each a code that joins runs, once),
    each lowest first: of one effective suit, each slot one above the last.

    Cards of different effective suits never join (the judge's single ``suit``
    variable can join them in a mixed discard; docs/botzone.md, item 17).
    """
    suits, places = rules.suits, rules.places
    runs: list[list[int]] = []
    last_suit = last_slot = -2
    for code in sorted(codes, key=lambda c: (suits[c], places[c][0])):
        suit, slot = suits[code], places[code][0]
        if suit == last_suit and last_slot + 1 == slot:
            runs[-1].append(code)
        else:
            runs.append([code])
        last_suit, last_slot = suit, slot
    return runs


def adjacent_runs(rules: Ruleset, pairs: Sequence[Card]) -> list[list[Card]]:
    """Maximal runs of adjacent cards among ``pairs`` (one card per pair, each joining runs),
    each lowest first (:func:`code_runs`)."""
    return [[_card(code) for code in run] for run in code_runs(rules, [c.code for c in pairs])]


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
    if n == 2:
        return PAIR if cards[0].code == cards[1].code else THROW
    if n % 2 or not n:
        return THROW
    codes = sorted([c.code for c in cards])
    if codes[-1] >= _FIRST_JOKER:
        return TRACTOR if codes == _JOKER_TRACTOR else THROW
    pairs = codes[::2]
    # Every card exactly twice, all of one physical suit (a code is rank * 8 + suit), each with a
    # place for tractors.
    if pairs != codes[1::2] or len(set(pairs)) != len(pairs) or len({c & 7 for c in pairs}) != 1:
        return THROW
    places = rules.places
    if not all(places[c] for c in pairs):
        return THROW
    return TRACTOR if len(code_runs(rules, pairs)) == 1 else THROW


def read_play(rules: Ruleset, cards: Sequence[Card]) -> tuple[int, str, int | None]:
    """A play's effective suit (``MIXED`` for cards of several), its type (:func:`play_type`)
    and the strength of its highest card (:func:`top_strength`), each card read once.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.FIVE, Suit.SPADES)
    >>> suit, kind, top = read_play(rules, p("4H 4H 6H 6H"))
    >>> suit == rules.suit_of(p("4H")), kind, top == rules.strengths[p("6H")[0].code]
    (True, 'tractor', True)
    """
    if len(cards) < 2:  # one card (a single: three look-ups), or none
        if not cards:
            return MIXED, THROW, None
        code = cards[0].code
        return rules.suits[code], SINGLE, rules.strengths[code]
    suits, strengths = rules.suits, rules.strengths
    first = cards[0].code
    if len(cards) == 2:  # two cards (a pair, or a throw of two): two codes read, no loop
        second = cards[1].code
        if first == second:
            return suits[first], PAIR, strengths[first]
        suit, top, other = suits[first], strengths[first], strengths[second]
        return suit if suits[second] == suit else MIXED, THROW, other if other > top else top  # noqa: FURB136 - no call
    suit, top = suits[first], strengths[first]
    for card in cards:
        code = card.code
        if suits[code] != suit:
            suit = MIXED
        if strengths[code] > top:  # noqa: PLR1730 - a call of max costs more, on every card
            top = strengths[code]
    return suit, play_type(rules, cards), top


def counted(cards: Sequence[Card]) -> dict[int, int]:
    """How many times each card code is held, in the order the codes first come."""
    counts: dict[int, int] = {}
    for card in cards:
        code = card.code
        counts[code] = counts.get(code, 0) + 1
    return counts


def run_pairs(rules: Ruleset, counts: dict[int, int]) -> list[int]:
    """The codes held exactly twice that can be pairs of a run (no joker, a place for tractors),
    in the order of ``counts``."""
    places = rules.places
    return [c for c, k in counts.items() if k == 2 and c < _FIRST_JOKER and places[c]]


def code_parts(rules: Ruleset, cards: Sequence[Card]) -> list[Part]:
    """:func:`components` as card codes (the same parts in the same order): cards held once
    each on a short way, a sort (:func:`grouped_parts` gives the same).

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
    >>> [len(part) for part in code_parts(rules, p("3S 3S 4S 4S 9S 9S KS"))]
    [4, 2, 1]
    """
    counts = counted(cards)
    if len(counts) < len(cards):
        return grouped_parts(rules, counts)
    strengths, order = rules.strengths, rules.order
    return [[code] for code in sorted(counts, key=lambda c: (strengths[c], order[c]))]


def grouped_parts(rules: Ruleset, counts: dict[int, int]) -> list[Part]:
    """The components of cards counted by code (:func:`counted`): runs of two or more adjacent
    pairs, then groups of identical cards, longest first, then the lower top card first.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
    >>> [len(part) for part in grouped_parts(rules, counted(p("KS 9S 9S 3S 3S 4S 4S")))]
    [4, 2, 1]
    """
    counts = dict(counts)
    strengths, order = rules.strengths, rules.order
    parts: list[Part] = []
    pairs = run_pairs(rules, counts)
    if len(pairs) > 1:
        for run in code_runs(rules, pairs):
            if len(run) >= 2:
                parts.append([c for code in run for c in (code, code)])
                for code in run:
                    del counts[code]
    parts.extend([code] * k for code, k in counts.items())

    def rank(code: int) -> tuple[int, int]:
        return strengths[code], order[code]

    def part_order(part: Part) -> tuple[int, tuple[int, int]]:
        return -len(part), rank(max(part, key=rank))

    parts.sort(key=part_order)
    return parts


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
    return [tuple([_card(code) for code in part]) for part in code_parts(rules, cards)]


def part_lengths(rules: Ruleset, cards: Sequence[Card]) -> list[int]:
    """The lengths of the cards' components, longest first (``lengths(components(...))``); all
    ones at once for cards held once each."""
    if len({c.code for c in cards}) == len(cards):
        return [1] * len(cards)
    return [len(part) for part in code_parts(rules, cards)]


def lengths(parts: Sequence[Sequence[Card]]) -> list[int]:
    """The lengths of components, longest first."""
    return sorted((len(p) for p in parts), reverse=True)


def covers(have: Sequence[int], need: Sequence[int]) -> bool:
    """Whether component lengths ``have`` cover ``need`` as the judge checks it
    (:func:`greedy_covers`); a throw of singles on a short way: one card of any component each.

    >>> covers([6], [4, 2]), covers([2, 2, 2], [4, 2]), covers([2, 1, 1], [1, 1, 1, 1])
    (True, False, True)
    """
    if max(need, default=0) <= 1:
        return sum(have) >= len(need)
    return greedy_covers(have, need)


def greedy_covers(have: Sequence[int], need: Sequence[int]) -> bool:
    """The judge's check: each needed length, longest first, is taken out of the longest length
    left; lengths only, so a tractor of four covers two pairs, and a pair two singles.

    >>> greedy_covers([6], [4, 2]), greedy_covers([2, 2, 2], [4, 2]), greedy_covers([3], [1, 1])
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
    strengths = rules.strengths
    if min_copies <= 1:
        return rules.top_strength(cards) if cards else None
    found = [strengths[code] for code, k in counted(cards).items() if k >= min_copies]
    return max(found) if found else None


def _card(code: int) -> Card:
    """The card of a code (one of the shared cards)."""
    card = card_of(code >> 3, code & 7)
    assert card is not None
    return card
