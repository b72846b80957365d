"""The questions asked of a variant alone, without a deal's level and trump: ScoreDeal,
CompareDeclarations and GetVariant, validated into engine arguments.

>>> parse_get_variant(pb.GetVariantRequest(variant_id="nope"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
oracle.errors.InvalidQuestion: variant_id: unknown variant 'nope'; known: ...
"""

from __future__ import annotations

from typing import Any, NamedTuple

from oracle import pb
from oracle.cards import Rank
from oracle.engine.ruleset import SeatPlay
from oracle.service.card_keys import card_keys
from oracle.service.contexts import Deal
from oracle.service.decoding import (
    Group,
    Problems,
    check_copies,
    check_hand_size,
    check_seat,
    decode_level,
    decode_variant,
    read_group,
    read_variant_context,
)
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
    >>> parse_score_deal(pb.ScoreDealRequest(variant_id="qq-two-deck", attacker_points=-200_000))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: attacker_points: -200000 points: the attackers' points are -100000 to 100000
    """
    problems = Problems()
    context = req.context.SerializeToString() if req.HasField("context") else None
    deal, _ = read_variant_context(req, context, problems, level=False)
    check_seat(req.banker_seat, "banker_seat", deal, problems)
    # below 0 after a failed throw's penalty, say
    if (why := points_problem(req.attacker_points, "the attackers' points are", low=-MAX_POINTS)) is not None:
        problems.add("attacker_points", why)
    variant = None if deal is None else deal.variant
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


def _declaration(mirror: Any, field: str, deal: Deal | None, problems: Problems) -> Group:
    """A seat's declaration, the cards it shows: at least one, no more than a hand; ``mirror``
    is the declaration's (:mod:`oracle.service.card_keys`)."""
    check_seat(mirror.seat, f"{field}.seat", deal, problems)
    group = read_group(mirror.cards, f"{field}.cards", problems)
    if group.cards is not None and not group.cards:
        problems.add(f"{field}.cards", "no cards: a declaration shows at least one")
    check_hand_size(len(group.keys), f"{field}.cards", deal, problems)
    return group


def parse_compare_declarations(req: pb.CompareDeclarationsRequest) -> CompareDeclarationsArgs:
    """Validate a CompareDeclarations request; ``standing`` is optional.

    >>> from oracle.cards import format_cards
    >>> from oracle.service.decoding import pb_cards
    >>> args = parse_compare_declarations(pb.CompareDeclarationsRequest(variant_id="qq-two-deck",
    ...     level=pb.RANK_TEN, challenger=pb.Declaration(seat=1, cards=pb_cards("10H 10H"))))
    >>> args.standing is None, format_cards(args.challenger.cards)
    (True, '10H 10H')
    """
    keys = card_keys(req)
    problems = Problems()
    context = keys.context if req.HasField("context") else None
    deal, level = read_variant_context(req, context, problems, level=True)
    standing = challenger = None
    groups = [Group("standing.cards", ())]
    if req.HasField("standing"):
        groups[0] = _declaration(keys.standing, "standing", deal, problems)
        standing = None if groups[0].cards is None else SeatPlay(keys.standing.seat, groups[0].cards)
    if req.HasField("challenger"):
        groups.append(_declaration(keys.challenger, "challenger", deal, problems))
        if groups[1].cards is not None:
            challenger = SeatPlay(keys.challenger.seat, groups[1].cards)
    else:
        problems.add("challenger", "missing: the declaration to compare")
        groups.append(Group("challenger.cards", None))
    if standing is not None and challenger is not None and standing.seat == challenger.seat:
        # One seat strengthening or changing its own declaration (自保, 自反) shows again the
        # cards it showed: its two declarations are not different cards.
        for group in groups:
            check_copies([group], "the declaration", deal, problems)
    else:
        check_copies(groups, "the two declarations", deal, problems)
    problems.raise_if_any()
    assert deal is not None and level is not None and challenger is not None
    return CompareDeclarationsArgs(deal.variant, level, standing, challenger, req.rebury)


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
