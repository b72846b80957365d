"""Declarations (亮主): does a new declaration override the standing one? (CompareDeclarations)

Rules ``declare.cards``, ``declare.ladder``, ``declare.suit_order``, ``declare.point_sum``,
``declare.self`` and ``declare.rebury``: a higher rung of the variant's ladder, or a higher point
sum (Heijian), overrides; the rungs, suit order and the standing declarer: docs/rules.md
(Declarations).

>>> from oracle.cards import parse_cards
>>> from oracle.variants import get_variant
>>> qq = get_variant("qq-two-deck")
>>> first = SeatPlay(0, tuple(parse_cards("10H")))
>>> answer = compare_declarations(qq, Rank.TEN, first, SeatPlay(1, tuple(parse_cards("10S 10S"))))
>>> answer.overrides, answer.trump_suit == pb.SUIT_SPADES
(True, True)
>>> answer.explanation
"seat 1's a pair of level cards: 10S 10S is on a higher rung than seat 0's one level card: 10H: it overrides; trump is spades"
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple, cast

from oracle import pb
from oracle.cards import Card, Rank, Suit, format_cards
from oracle.engine.card_order import suit_or_colour
from oracle.engine.per_variant import PerVariant
from oracle.engine.ruleset import SeatPlay

_SUIT_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


class Strength(NamedTuple):
    """What the cards of one declaration make.

    ``value`` is the rung's index in the ladder (from 0, the lowest) or the
    point sum. ``suit`` is the trump suit the cards name, ``None`` for jokers
    (no-trump) and for a point-sum bid, which names no trump
    (``names_trump`` false).
    """

    value: int
    suit: Suit | None
    names_trump: bool
    label: str


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
        else:
            card_points.setdefault(int(entry.card.rank) * 8 + int(entry.card.suit), entry.points)
    return DeclarationTable(
        decl.rule == pb.DECLARATION_RULE_POINT_SUM, decl.rule == pb.DECLARATION_RULE_LADDER,
        variant.deal.suit_mode == pb.SUIT_MODE_TWO_COLOURS,
        tuple(rungs), tuple(int(s) for s in decl.suit_order), card_points, level_points,
        decl.allow_self_reinforce, decl.allow_self_override, decl.allow_rebury,
    )


declaration_table: PerVariant[DeclarationTable] = PerVariant(_read_declaration_table)
"""The variant's :class:`DeclarationTable`, read once per variant message."""


_code = attrgetter("code")


def _identity(table: DeclarationTable, card: Card) -> tuple[int, int]:
    """What makes two cards identical (as :func:`oracle.engine.card_order.card_identity`)."""
    return (int(card.rank), 0 if card.suit is None else suit_or_colour(card.suit, table.two_colours))


def _trump_key(table: DeclarationTable, strength: Strength) -> int:
    """The trump a declaration makes, for sameness: 0 for no-trump."""
    return 0 if strength.suit is None else suit_or_colour(strength.suit, table.two_colours)


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


def ladder_strength(variant: pb.Variant, level: Rank, cards: Sequence[Card]) -> Strength | None:
    """The highest rung of the ladder the cards make, or ``None``.

    >>> from oracle.cards import parse_cards
    >>> from oracle.variants import get_variant
    >>> qq = get_variant("qq-two-deck")
    >>> ladder_strength(qq, Rank.TEN, parse_cards("10D 10D"))
    Strength(value=1, suit=<Suit.DIAMONDS: 3>, names_trump=True, label='a pair of level cards: 10D 10D')
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
        return Strength(best, None, True, f"{ladder[best].name}: {label_cards}")
    if not identical or first.rank != level:
        return None
    for index in range(len(ladder) - 1, -1, -1):
        rung = ladder[index]
        if rung.cards == pb.DECLARATION_CARDS_LEVEL and rung.size == len(cards):
            suit = first.suit if same_card else min(c.suit for c in cards if c.suit is not None)
            return Strength(index, suit, True, f"{rung.name}: {label_cards}")
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
    return Strength(total, None, False, f"{total} points: {format_cards(sorted(cards))}")


def declaration_strength(variant: pb.Variant, level: Rank, cards: Sequence[Card]) -> Strength | None:
    """What the cards make under the variant's rule, or ``None``.

    >>> from oracle.cards import parse_cards
    >>> from oracle.variants import get_variant
    >>> declaration_strength(get_variant("qq-one-deck"), Rank.TWO, parse_cards("2C")).label
    'one level card: 2C'
    """
    return _strength(declaration_table(variant), level, cards)


def _strength(table: DeclarationTable, level: Rank, cards: Sequence[Card]) -> Strength | None:
    if table.point_sum:
        return _point_sum_strength(table, level, cards)
    return _ladder_strength(table, level, cards)


def _trump_words(strength: Strength | None) -> str:
    if strength is None:
        return "nobody has declared trump yet"
    if not strength.names_trump:
        return "the winner of the bidding names trump"
    if strength.suit is None:
        return "the deal is no-trump"
    return f"trump is {_SUIT_NAMES[strength.suit]}"


def _position(table: DeclarationTable, strength: Strength) -> int:
    """Where a declaration stands: its rung's place on the ladder, equal rungs sharing one
    (a point sum stands at its sum)."""
    return table.rungs[strength.value].position if table.by_rung else strength.value


def _override_only(table: DeclarationTable, strength: Strength) -> bool:
    """Whether the declaration's rung may only override (never open the bidding)."""
    return table.by_rung and table.rungs[strength.value].override_only


def _suit_order_beats(table: DeclarationTable, challenger: Strength, standing: Strength) -> bool:
    """On one rung: the challenger's suit comes later in the suit order."""
    order = table.suit_order
    if challenger.suit is None or standing.suit is None:
        return False
    if suit_or_colour(challenger.suit, table.two_colours) == suit_or_colour(
            standing.suit, table.two_colours):
        return False
    if int(challenger.suit) not in order or int(standing.suit) not in order:
        return False
    return order.index(int(challenger.suit)) > order.index(int(standing.suit))


def _against_standing(decl: DeclarationTable, mine: Strength, theirs: Strength, standing_seat: int,
                      challenger_seat: int, rebury: bool, rule_ids: list[str]) -> tuple[bool, Strength, str]:
    """A declaration against a standing one: whether it overrides, the declaration that sets
    trump after it, and why (the rule ids it reads added to ``rule_ids``)."""
    point_sum = decl.point_sum
    who = f"seat {challenger_seat}'s"
    overrides = False
    after = theirs
    if not point_sum:
        rule_ids.append("declare.ladder")
    mine_at, theirs_at = _position(decl, mine), _position(decl, theirs)
    same_rung = mine_at == theirs_at
    by_suit_order = False
    ordered = not point_sum and decl.rungs[mine.value].ordered_by_suit
    if same_rung and ordered and decl.suit_order and mine.suit and theirs.suit:
        rule_ids.append("declare.suit_order")
        by_suit_order = _suit_order_beats(decl, mine, theirs)
    higher = mine_at > theirs_at or by_suit_order
    compared = f"{who} {mine.label}"
    if point_sum:
        relation = "beats" if higher else "does not beat"
        compared += f" {relation} seat {standing_seat}'s {theirs.label}"
    elif by_suit_order:
        assert mine.suit is not None and theirs.suit is not None
        compared += (
            f" is on the same rung as seat {standing_seat}'s {theirs.label} and "
            f"{_SUIT_NAMES[mine.suit]} come after {_SUIT_NAMES[theirs.suit]} in the suit order"
        )
    elif same_rung:
        compared += f" is on the same rung as seat {standing_seat}'s {theirs.label}"
    else:
        place = "a higher" if higher else "a lower"
        compared += f" is on {place} rung than seat {standing_seat}'s {theirs.label}"
    if not higher:
        never = "an equal bid" if point_sum else "an equal declaration"
        why = compared + (f": {never} never overrides" if same_rung else ": it does not override")
    elif standing_seat == challenger_seat:
        rule_ids.append("declare.self")
        same_trump = point_sum or _trump_key(decl, mine) == _trump_key(decl, theirs)
        allowed = decl.allow_self_reinforce if same_trump else decl.allow_self_override
        kind = "strengthening one's own declaration (自保)" if same_trump else (
            "overriding one's own declaration (自反)"
        )
        verdict = "is allowed: it overrides" if allowed else "is not allowed in this variant"
        why = f"{compared}, and {kind} {verdict}"
        overrides = allowed
    else:
        why = compared + ": it overrides"
        overrides = True
    if overrides and rebury:
        rule_ids.append("declare.rebury")
        if not decl.allow_rebury:
            overrides = False
            why += ", but this variant has no re-burying of the bottom (炒底)"
        else:
            why += ", and takes up the bottom to bury it again (炒底)"
    if overrides:
        keep_suit = mine.names_trump and _trump_key(decl, mine) == _trump_key(decl, theirs)
        after = theirs if keep_suit else mine
    return overrides, after, why


def compare_declarations(
    variant: pb.Variant,
    level: Rank,
    standing: SeatPlay | None,
    challenger: SeatPlay,
    rebury: bool = False,
) -> pb.CompareDeclarationsResponse:
    """Does ``challenger`` override ``standing`` (``None``: nobody has declared)?

    With ``rebury`` the challenger declares after the bottom is buried, to
    take it up and bury it again (炒底, rule ``declare.rebury``): the same
    comparison, in a variant that allows it.

    >>> from oracle.cards import parse_cards
    >>> from oracle.variants import get_variant
    >>> qq = get_variant("qq-two-deck")
    >>> pair = SeatPlay(2, tuple(parse_cards("10H 10H")))
    >>> answer = compare_declarations(qq, Rank.TEN, pair, SeatPlay(3, tuple(parse_cards("10S 10S"))))
    >>> answer.challenger_valid, answer.overrides, answer.trump_suit == pb.SUIT_HEARTS
    (True, False, True)
    >>> answer.explanation
    "seat 3's a pair of level cards: 10S 10S is on the same rung as seat 2's a pair of level cards: 10H 10H: an equal declaration never overrides; trump is hearts"
    >>> jokers = SeatPlay(3, tuple(parse_cards("SJ SJ")))
    >>> answer = compare_declarations(qq, Rank.TEN, pair, jokers)
    >>> answer.overrides, answer.no_trump
    (True, True)
    >>> compare_declarations(qq, Rank.TEN, None, SeatPlay(0, tuple(parse_cards("10H 9H")))).challenger_valid
    False
    """
    decl = declaration_table(variant)
    point_sum = decl.point_sum
    theirs = None if standing is None else _strength(decl, level, standing.cards)
    mine = _strength(decl, level, challenger.cards)
    rule_ids = ["declare.point_sum" if point_sum else "declare.cards"]
    who = f"seat {challenger.seat}'s"

    overrides = False
    after = theirs
    if mine is None:
        shown = format_cards(sorted(challenger.cards)) or "no cards"
        why = f"{who} cards {shown} make no declaration of this variant"
        why += "; the standing declaration stays" if theirs is not None else ""
    elif (theirs is None or standing is None) and _override_only(decl, mine):
        rule_ids.append("declare.ladder")
        why = f"{who} {mine.label} can only override a standing declaration, not open the bidding"
    elif theirs is None or standing is None:
        overrides, after = True, mine
        why = f"seat {challenger.seat} declares {mine.label}"
        if standing is not None:
            why += " (the standing cards make no declaration)"
    else:
        overrides, after, why = _against_standing(decl, mine, theirs, standing.seat, challenger.seat, rebury,
                                                  rule_ids)
    response = pb.CompareDeclarationsResponse(
        challenger_valid=mine is not None,
        overrides=overrides,
        standing_strength=(
            "none" if standing is None else "no declaration" if theirs is None else theirs.label
        ),
        challenger_strength="no declaration" if mine is None else mine.label,
        rule_ids=rule_ids,
        explanation=f"{why}; {_trump_words(after)}",
    )
    if after is not None and after.names_trump:
        if after.suit is None:
            response.no_trump = True
        else:
            response.trump_suit = cast(pb.Suit, int(after.suit))
    return response
