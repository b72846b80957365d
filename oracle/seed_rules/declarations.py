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

from typing import cast

from oracle import pb
from oracle.cards import Rank, Suit, format_cards
from oracle.convert import wire_strings
from oracle.engine.ruleset import SeatPlay
from oracle.seed_rules.declaration_strength import (
    DeclarationTable,
    Strength,
    declaration_strength,
    declaration_table,
    ladder_strength,
    point_sum_strength,
    strength,
)

__all__ = ["compare_declarations", "declaration_strength", "ladder_strength", "point_sum_strength"]

_SUIT_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


def _suit_order_beats(table: DeclarationTable, challenger: Strength, standing: Strength) -> bool:
    """On one rung: the challenger's suit comes later in the suit order."""
    order = table.suit_order
    if challenger.suit is None or standing.suit is None or challenger.trump == standing.trump:
        return False
    if int(challenger.suit) not in order or int(standing.suit) not in order:
        return False
    return order.index(int(challenger.suit)) > order.index(int(standing.suit))


def _against_standing(decl: DeclarationTable, mine: Strength, theirs: Strength, standing_seat: int,
                      challenger_seat: int, rebury: bool, rule_ids: list[bytes]) -> tuple[bool, Strength, str]:
    """A declaration against a standing one: whether it overrides, the declaration that sets
    trump after it, and why (the rule ids it reads added to ``rule_ids``, as :data:`_RULE` has
    them)."""
    point_sum = decl.point_sum
    overrides = False
    after = theirs
    if not point_sum:
        rule_ids.append(_RULE["declare.ladder"])
    mine_at, theirs_at = mine.position, theirs.position
    same_rung = mine_at == theirs_at
    by_suit_order = False
    if same_rung and mine.ordered_by_suit and decl.suit_order and mine.suit and theirs.suit:
        rule_ids.append(_RULE["declare.suit_order"])
        by_suit_order = _suit_order_beats(decl, mine, theirs)
    higher = mine_at > theirs_at or by_suit_order
    compared = f"seat {challenger_seat}'s {mine.label}"
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
        rule_ids.append(_RULE["declare.self"])
        same_trump = point_sum or mine.trump == theirs.trump
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
        rule_ids.append(_RULE["declare.rebury"])
        if not decl.allow_rebury:
            overrides = False
            why += ", but this variant has no re-burying of the bottom (炒底)"
        else:
            why += ", and takes up the bottom to bury it again (炒底)"
    if overrides:
        keep_suit = mine.names_trump and mine.trump == theirs.trump
        after = theirs if keep_suit else mine
    return overrides, after, why


_RULE = {
    rule: wire_strings(pb.CompareDeclarationsResponse, "rule_ids", [rule])
    for rule in ("declare.cards", "declare.point_sum", "declare.ladder", "declare.suit_order",
                 "declare.self", "declare.rebury")
}
"""Each rule id of an answer as the bytes of one ``rule_ids`` element: the answer's rule ids,
joined, merge into it with one parse."""


def compare_declarations(
    variant: pb.Variant,
    level: Rank,
    standing: SeatPlay | None,
    challenger: SeatPlay,
    rebury: bool = False,
    answer: pb.CompareDeclarationsResponse | None = None,
) -> pb.CompareDeclarationsResponse:
    """Does ``challenger`` override ``standing`` (``None``: nobody has declared)? The answer is
    written into ``answer`` when given (an empty message: a field of an ``Answer``, built in its
    place), else into a new one.

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
    theirs = None if standing is None else strength(decl, level, standing.cards)
    mine = strength(decl, level, challenger.cards)
    rule_ids = [_RULE["declare.point_sum" if decl.point_sum else "declare.cards"]]
    response = pb.CompareDeclarationsResponse() if answer is None else answer
    after = theirs
    if mine is None:
        shown = format_cards(sorted(challenger.cards)) or "no cards"
        why = f"seat {challenger.seat}'s cards {shown} make no declaration of this variant"
        why += "; the standing declaration stays" if theirs is not None else ""
    else:
        response.challenger_valid = True
        if theirs is None or standing is None:
            if mine.override_only:
                rule_ids.append(_RULE["declare.ladder"])
                why = (f"seat {challenger.seat}'s {mine.label} can only override a standing "
                       "declaration, not open the bidding")
            else:
                response.overrides, after = True, mine
                why = f"seat {challenger.seat} declares {mine.label}"
                if standing is not None:
                    why += " (the standing cards make no declaration)"
        else:
            response.overrides, after, why = _against_standing(
                decl, mine, theirs, standing.seat, challenger.seat, rebury, rule_ids)
    response.standing_strength = (
        "none" if standing is None else "no declaration" if theirs is None else theirs.label
    )
    response.challenger_strength = "no declaration" if mine is None else mine.label
    response.MergeFromString(b"".join(rule_ids))
    if after is None:
        response.explanation = f"{why}; nobody has declared trump yet"
    elif not after.names_trump:
        response.explanation = f"{why}; the winner of the bidding names trump"
    elif after.suit is None:
        response.explanation, response.no_trump = f"{why}; the deal is no-trump", True
    else:
        response.explanation = f"{why}; trump is {_SUIT_NAMES[after.suit]}"
        response.trump_suit = cast(pb.Suit, int(after.suit))
    return response
