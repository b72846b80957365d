"""What a declaration's cards make (亮主): the rung of the variant's ladder, or a point sum.

Rules ``declare.cards``, ``declare.ladder`` and ``declare.point_sum``: a declaration shows level
cards or jokers that make a rung of the variant's ladder, or (Heijian) bidding cards whose points
add up; the rungs and the points: docs/rules.md (Declarations). What the cards make is read once
per variant into a :class:`DeclarationTable` (:func:`declaration_table`), with the strength of
every declaration of copies of one card (:attr:`DeclarationTable.identical`), so that
:func:`strength` reads an ordinary declaration by one look-up.

>>> from oracle.cards import parse_cards
>>> from oracle.variants import get_variant
>>> table = declaration_table(get_variant("qq-two-deck"))
>>> strength(table, Rank.TEN, parse_cards("10S 10S")).label
'a pair of level cards: 10S 10S'
>>> strength(table, Rank.TEN, parse_cards("9S 9S")) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple

from oracle import pb
from oracle.cards import Card, Rank, Suit, card_of, format_cards, full_deck
from oracle.engine.card_order import suit_or_colour
from oracle.engine.per_variant import PerVariant


class Strength(NamedTuple):
    """What the cards of one declaration make.

    ``value`` is the rung's index in the ladder (from 0, the lowest) or the
    point sum. ``suit`` is the trump suit the cards name, ``None`` for jokers
    (no-trump) and for a point-sum bid, which names no trump
    (``names_trump`` false). The rest is read off the rung once: ``position``, where the
    declaration stands (its rung's place, equal rungs sharing one; a point sum stands at its
    sum), whether the rung may only override (``override_only``) and is ordered by suit
    (``ordered_by_suit``), and ``trump``, the trump it makes for sameness (0: no-trump or none).
    """

    value: int
    suit: Suit | None
    names_trump: bool
    label: str
    position: int = 0
    override_only: bool = False
    ordered_by_suit: bool = False
    trump: int = 0


class Rung(NamedTuple):
    """One rung of the declaration ladder as plain values, with its ``position`` (equal rungs,
    ``same_as_previous``, share one)."""

    cards: pb.DeclarationCards
    size: int
    """How many cards the rung takes (the proto's ``count``)."""
    name: str
    position: int
    override_only: bool
    ordered_by_suit: bool


class DeclarationTable(NamedTuple):
    """What CompareDeclarations reads of a variant, read once (:func:`declaration_table`)."""

    point_sum: bool
    by_rung: bool
    """The ladder rule (``DECLARATION_RULE_LADDER``): declarations stand at their rung's position."""
    two_colours: bool
    rungs: tuple[Rung, ...]
    suit_order: tuple[int, ...]
    card_points: dict[int, int]
    """Points of a bidding card by card code (entries naming one card)."""
    level_points: int | None
    """Points of any level card (the entry ``level_card``), if the variant has one."""
    allow_self_reinforce: bool
    allow_self_override: bool
    allow_rebury: bool
    identical: dict[tuple[int, int], Strength]
    """A ladder's declarations of ``n`` copies of one card, by the card's code and ``n`` (a
    level card's as when its rank is the level); a pair missing makes no rung."""


def _read_declaration_table(variant: pb.Variant) -> DeclarationTable:
    decl = variant.declarations
    rungs: list[Rung] = []
    distinct = 0
    for rung in decl.ladder:
        distinct += not rung.same_as_previous
        rungs.append(Rung(rung.cards, rung.count, rung.name, distinct - 1, rung.override_only,
                          rung.ordered_by_suit))
    card_points: dict[int, int] = {}
    level_points = None
    for entry in decl.card_points:
        if entry.level_card:
            level_points = entry.points if level_points is None else level_points
        elif (card := card_of(entry.card.rank, entry.card.suit)) is not None:
            card_points.setdefault(card.code, entry.points)
    table = DeclarationTable(
        decl.rule == pb.DECLARATION_RULE_POINT_SUM, decl.rule == pb.DECLARATION_RULE_LADDER,
        variant.deal.suit_mode == pb.SUIT_MODE_TWO_COLOURS,
        tuple(rungs), tuple(int(s) for s in decl.suit_order), card_points, level_points,
        decl.allow_self_reinforce, decl.allow_self_override, decl.allow_rebury, {},
    )
    return table if table.point_sum else table._replace(identical=_identical(table))


def _identical(table: DeclarationTable) -> dict[tuple[int, int], Strength]:
    """Every declaration of copies of one card that makes a rung, by the card's code and the
    number of copies: read by :func:`_ladder_strength` itself, a level card's with its rank as
    the level (a joker's whatever the level)."""
    sizes = sorted({rung.size for rung in table.rungs if rung.size > 0})
    shown = {}
    for card in full_deck():
        for size in sizes:
            made = _ladder_strength(table, card.rank, (card,) * size)
            if made is not None:
                shown[card.code, size] = made
    return shown


declaration_table: PerVariant[DeclarationTable] = PerVariant(_read_declaration_table)
"""The variant's :class:`DeclarationTable`, read once per variant message."""


_code = attrgetter("code")


def _identity(table: DeclarationTable, card: Card) -> tuple[int, int]:
    """What makes two cards identical (as :func:`oracle.engine.card_order.card_identity`)."""
    return (int(card.rank), 0 if card.suit is None else suit_or_colour(card.suit, table.two_colours))


def _fits(rung: Rung, cards: Sequence[Card], identical: bool) -> bool:
    """Whether jokers ``cards`` (all jokers) make ``rung``."""
    if len(cards) != rung.size:
        return False
    kind = rung.cards
    if kind == pb.DECLARATION_CARDS_JOKERS:
        return identical
    if kind == pb.DECLARATION_CARDS_SMALL_JOKERS:
        return all(c.rank == Rank.SMALL_JOKER for c in cards)
    if kind == pb.DECLARATION_CARDS_BIG_JOKERS:
        return all(c.rank == Rank.BIG_JOKER for c in cards)
    return kind == pb.DECLARATION_CARDS_ANY_JOKERS


def _on_rung(table: DeclarationTable, index: int, suit: Suit | None, label: str) -> Strength:
    """The strength of cards making rung ``index`` and naming ``suit`` (``None``: no-trump)."""
    rung = table.rungs[index]
    trump = 0 if suit is None else suit_or_colour(suit, table.two_colours)
    return Strength(index, suit, True, f"{rung.name}: {label}",
                    rung.position if table.by_rung else index, table.by_rung and rung.override_only,
                    rung.ordered_by_suit, trump)


def ladder_strength(variant: pb.Variant, level: Rank, cards: Sequence[Card]) -> Strength | None:
    """The highest rung of the ladder the cards make, or ``None``.

    >>> from oracle.cards import parse_cards
    >>> from oracle.variants import get_variant
    >>> qq = get_variant("qq-two-deck")
    >>> ladder_strength(qq, Rank.TEN, parse_cards("10D 10D"))[:4]
    (1, <Suit.DIAMONDS: 3>, True, 'a pair of level cards: 10D 10D')
    >>> ladder_strength(qq, Rank.TEN, parse_cards("BJ BJ")).label
    'a pair of jokers (no-trump): BJ BJ'
    >>> ladder_strength(qq, Rank.TEN, parse_cards("10D 10H")) is None   # two suits
    True
    >>> ladder_strength(qq, Rank.TEN, parse_cards("SJ BJ")) is None     # not identical
    True
    >>> ladder_strength(get_variant("two-colour-one-deck"), Rank.TEN, parse_cards("10D 10H")).value
    1
    """
    return _ladder_strength(declaration_table(variant), level, cards)


def _ladder_strength(table: DeclarationTable, level: Rank, cards: Sequence[Card]) -> Strength | None:
    if not cards:
        return None
    first = cards[0]
    same_card = len(cards) == 1 or len({c.code for c in cards}) == 1
    identical = same_card or (table.two_colours and len({_identity(table, c) for c in cards}) == 1)
    # The cards in their fixed order (Card's own: by code), for the label.
    label_cards = format_cards(cards if len(cards) == 1 else sorted(cards, key=_code))
    ladder = table.rungs
    if first.suit is None and all(c.suit is None for c in cards):
        best = None
        for index, rung in enumerate(ladder):
            if _fits(rung, cards, identical):
                best = index
        if best is None:
            return None
        return _on_rung(table, best, None, label_cards)
    if not identical or first.rank != level:
        return None
    for index in range(len(ladder) - 1, -1, -1):
        rung = ladder[index]
        if rung.cards == pb.DECLARATION_CARDS_LEVEL and rung.size == len(cards):
            suit = first.suit if same_card else min(c.suit for c in cards if c.suit is not None)
            return _on_rung(table, index, suit, label_cards)
    return None


def point_sum_strength(variant: pb.Variant, level: Rank, cards: Sequence[Card]) -> Strength | None:
    """The point sum of a bid, or ``None`` when a card is not a bidding card.

    >>> from oracle.cards import parse_cards
    >>> heijian = pb.Variant(declarations=pb.Declarations(
    ...     rule=pb.DECLARATION_RULE_POINT_SUM,
    ...     card_points=[pb.CardPoints(card=pb.Card(rank=pb.RANK_ACE, suit=pb.SUIT_SPADES), points=6),
    ...                  pb.CardPoints(card=pb.Card(rank=pb.RANK_FIVE, suit=pb.SUIT_HEARTS), points=5),
    ...                  pb.CardPoints(level_card=True, points=1)]))
    >>> point_sum_strength(heijian, Rank.FOUR, parse_cards("AS 5H 4C")).value
    12
    >>> point_sum_strength(heijian, Rank.FOUR, parse_cards("AS KS")) is None
    True
    """
    return _point_sum_strength(declaration_table(variant), level, cards)


def _point_sum_strength(table: DeclarationTable, level: Rank, cards: Sequence[Card]) -> Strength | None:
    if not cards:
        return None
    total = 0
    named, level_points = table.card_points, table.level_points
    for card in cards:
        points = named.get(card.code)
        if points is None and card.suit is not None and card.rank == level:
            points = level_points
        if points is None:
            return None
        total += points
    return Strength(total, None, False, f"{total} points: {format_cards(sorted(cards))}", total)


def declaration_strength(variant: pb.Variant, level: Rank, cards: Sequence[Card]) -> Strength | None:
    """What the cards make under the variant's rule, or ``None``.

    >>> from oracle.cards import parse_cards
    >>> from oracle.variants import get_variant
    >>> declaration_strength(get_variant("qq-one-deck"), Rank.TWO, parse_cards("2C")).label
    'one level card: 2C'
    """
    return strength(declaration_table(variant), level, cards)


def strength(table: DeclarationTable, level: Rank, cards: Sequence[Card]) -> Strength | None:
    """What the cards make under the table's rule, or ``None``: copies of one card by one look-up
    in :attr:`DeclarationTable.identical` (a card of another rank than the level makes no rung),
    any other cards by the rule itself."""
    if table.point_sum:
        return _point_sum_strength(table, level, cards)
    if cards:
        first = cards[0]
        if cards.count(first) == len(cards):
            if first.rank != level and first.suit is not None:
                return None
            return table.identical.get((first.code, len(cards)))
    return _ladder_strength(table, level, cards)
