"""The questions asked of a variant alone, without a deal's level and trump: ScoreDeal,
CompareDeclarations and GetVariant, validated into engine arguments.

>>> parse_get_variant(pb.GetVariantRequest(variant_id="nope"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
oracle.errors.InvalidQuestion: variant_id: unknown variant 'nope'; known: ...
"""

from __future__ import annotations

from typing import NamedTuple

from oracle import pb
from oracle.cards import Rank
from oracle.engine.ruleset import SeatPlay
from oracle.service.card_keys import card_keys
from oracle.service.decoding import (
    Group,
    Problems,
    check_copies,
    check_hand_size,
    check_seat,
    decode_cards,
    decode_level,
    decode_variant,
    decode_variant_context,
)
from oracle.service.fast_path import valid_compare, valid_score_deal
from oracle.service.limits import MAX_POINTS, points_problem


class ScoreDealArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.score_deal`."""

    variant: pb.Variant
    attacker_points: int
    banker_seat: int
    banker_level: Rank | None
    attacker_level: Rank | None


def parse_score_deal(req: pb.ScoreDealRequest) -> ScoreDealArgs:
    """Validate a ScoreDeal request; the two levels are optional.

    >>> args = parse_score_deal(pb.ScoreDealRequest(variant_id="qq-two-deck", attacker_points=85,
    ...     banker_seat=2, banker_level=pb.RANK_FIVE))
    >>> args.banker_level, args.attacker_level
    (<Rank.FIVE: 5>, None)
    """
    valid = valid_score_deal(req)
    if valid is not None:
        known, banker_level, attacker_level = valid
        return ScoreDealArgs(known, req.attacker_points, req.banker_seat, banker_level,
                             attacker_level)
    problems = Problems()
    variant, _ = decode_variant_context(req, problems, level=False)
    check_seat(req.banker_seat, "banker_seat", variant, problems)
    if (why := points_problem(req.attacker_points, low=-MAX_POINTS)) is not None:
        problems.add("attacker_points", why)
    levels: list[Rank | None] = []
    for field, value in (
        ("banker_level", req.banker_level),
        ("attacker_level", req.attacker_level),
    ):
        levels.append(
            None if value == pb.RANK_UNSPECIFIED else decode_level(value, field, variant, problems)
        )
    problems.raise_if_any()
    assert variant is not None
    return ScoreDealArgs(variant, req.attacker_points, req.banker_seat, levels[0], levels[1])


class CompareDeclarationsArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.compare_declarations`."""

    variant: pb.Variant
    level: Rank
    standing: SeatPlay | None
    challenger: SeatPlay
    rebury: bool = False


def _declaration(
    msg: pb.Declaration, field: str, variant: pb.Variant | None, problems: Problems
) -> SeatPlay | None:
    """A seat and the cards it shows: at least one, no more than a hand."""
    check_seat(msg.seat, f"{field}.seat", variant, problems)
    cards = decode_cards(msg.cards, f"{field}.cards", problems)
    if cards is not None and not cards:
        problems.add(f"{field}.cards", "no cards: a declaration shows at least one")
    check_hand_size(len(msg.cards), f"{field}.cards", variant, problems)
    return None if cards is None else SeatPlay(msg.seat, cards)


def parse_compare_declarations(req: pb.CompareDeclarationsRequest) -> CompareDeclarationsArgs:
    """Validate a CompareDeclarations request; ``standing`` is optional.

    >>> from oracle.cards import format_cards
    >>> from oracle.service.decoding import pb_cards
    >>> args = parse_compare_declarations(pb.CompareDeclarationsRequest(variant_id="qq-two-deck",
    ...     level=pb.RANK_TEN, challenger=pb.Declaration(seat=1, cards=pb_cards("10H 10H"))))
    >>> args.standing is None, format_cards(args.challenger.cards)
    (True, '10H 10H')
    """
    valid = valid_compare(card_keys(req))
    if valid is not None:
        return CompareDeclarationsArgs(*valid, rebury=req.rebury)
    problems = Problems()
    variant, level = decode_variant_context(req, problems, level=True)
    standing = (
        _declaration(req.standing, "standing", variant, problems)
        if req.HasField("standing")
        else None
    )
    challenger: SeatPlay | None = None
    if req.HasField("challenger"):
        challenger = _declaration(req.challenger, "challenger", variant, problems)
    else:
        problems.add("challenger", "missing: the declaration to compare")
    groups: list[Group] = [
        ("standing.cards", standing.cards if standing else ()),
        ("challenger.cards", challenger.cards if challenger else None),
    ]
    if standing is not None and challenger is not None and standing.seat == challenger.seat:
        # One seat strengthening or changing its own declaration (自保, 自反) shows again the
        # cards it showed: its two declarations are not different cards.
        for group in groups:
            check_copies([group], "the declaration", variant, problems)
    else:
        check_copies(groups, "the two declarations", variant, problems)
    problems.raise_if_any()
    assert variant is not None and level is not None and challenger is not None
    return CompareDeclarationsArgs(variant, level, standing, challenger, req.rebury)


class GetVariantArgs(NamedTuple):
    """A known variant."""

    variant: pb.Variant


def parse_get_variant(req: pb.GetVariantRequest) -> GetVariantArgs:
    """Validate a GetVariant request.

    >>> parse_get_variant(pb.GetVariantRequest(variant_id="qq-one-deck")).variant.deal.decks
    1
    """
    problems = Problems()
    variant = decode_variant(req.variant_id, "variant_id", problems)
    problems.raise_if_any()
    assert variant is not None
    return GetVariantArgs(variant)
