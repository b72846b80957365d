"""The questions asked of a variant alone, without a deal's level and trump: ScoreDeal,
CompareDeclarations and GetVariant, validated into engine arguments.

>>> parse_get_variant(pb.GetVariantRequest(variant_id="nope"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
oracle.errors.InvalidQuestion: variant_id: unknown variant 'nope'; known: ...
"""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple

from oracle import pb
from oracle.cards import Rank
from oracle.engine.ruleset import SeatPlay
from oracle.service.card_keys import card_keys, cards_of, within_copies
from oracle.service.contexts import LEVEL_RANKS, Deal, known_variant
from oracle.service.declaration_keys import declaration_keys, declaration_mirror
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
from oracle.service.trick_plays import seat_play


class ScoreDealArgs(NamedTuple):
    """The arguments of :func:`oracle.dispatch.questions.score_deal`."""

    variant: pb.Variant
    attacker_points: int
    banker_seat: int
    banker_level: Rank | None
    attacker_level: Rank | None


_score_deal_args = partial(tuple.__new__, ScoreDealArgs)
"""A :class:`ScoreDealArgs` from its five values, built in C (as
:func:`~oracle.service.trick_plays.seat_play`)."""


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
    blob = req.context.SerializeToString()  # empty without a context: no known variant
    known = None if req.variant_id else known_variant(blob)
    if known is not None and not known.level:  # the happy path: each test one of those below
        seen, points, seat = known.deal, req.attacker_points, req.banker_seat
        banker, attacker = req.banker_level, req.attacker_level
        if (
            0 <= seat < seen.players
            and -MAX_POINTS <= points <= MAX_POINTS
            and (not banker or banker in seen.levels)
            and (not attacker or attacker in seen.levels)
        ):
            return _score_deal_args((seen.variant, points, seat,
                                     LEVEL_RANKS.get(banker), LEVEL_RANKS.get(attacker)))
    context = blob if req.HasField("context") else None
    problems = Problems()
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


_declarations = partial(tuple.__new__, CompareDeclarationsArgs)
"""A :class:`CompareDeclarationsArgs` from its five values, built in C (as
:func:`~oracle.service.trick_plays.seat_play`)."""


def _ordinary_declarations(
    req: pb.CompareDeclarationsRequest, mirror: Any, deal: Deal, level: Rank
) -> CompareDeclarationsArgs | None:
    """A CompareDeclarations of ordinary declarations (:mod:`oracle.service.declaration_keys`),
    each read by one look-up, or ``None``: a challenger and perhaps a standing declaration (one
    showing no cards is refused), together showing a card no more often than the decks hold
    (as :func:`_plain_declarations` tests)."""
    ordinary = declaration_keys(deal.variant.id)
    challenger = ordinary.get(mirror.challenger)
    if challenger is None:
        return None
    if not mirror.standing:
        if req.HasField("standing"):
            return None
        return _declarations((deal.variant, level, None, challenger.play, mirror.rebury))
    standing = ordinary.get(mirror.standing)
    if standing is None or (
        standing.code == challenger.code
        and standing.play.seat != challenger.play.seat
        and standing.copies + challenger.copies > deal.decks
    ):
        return None
    return _declarations((deal.variant, level, standing.play, challenger.play, mirror.rebury))


def _plain_declarations(keys: Any, deal: Deal, level: Rank) -> CompareDeclarationsArgs | None:
    """A CompareDeclarations on the happy path, from the request's mirror ``keys`` (each test one
    of :func:`_declaration`'s and :func:`parse_compare_declarations`'), or ``None``: each
    declaration a seat of the deal showing good cards, at least one and no more than a hand (a
    challenger missing shows none; a standing declaration missing is none, one showing no cards
    is refused), and no card shown more often than the decks hold."""
    challenger = keys.challenger
    shown = challenger.cards[:]
    cards = cards_of(shown)
    seat, players, most = challenger.seat, deal.players, deal.most_cards
    if not cards or len(shown) > most or not 0 <= seat < players:
        return None
    standing = keys.standing
    held = standing.cards[:]
    if not held:
        if keys.HasField("standing") or not within_copies(shown, deal.decks):
            return None
        return _declarations((deal.variant, level, None, seat_play((seat, cards)), keys.rebury))
    before, first = cards_of(held), standing.seat
    if not before or len(held) > most or not 0 <= first < players:
        return None
    if first == seat:  # one seat again: each declaration apart
        within = within_copies(held, deal.decks) and within_copies(shown, deal.decks)
    else:
        within = within_copies(held + shown, deal.decks)
    if not within:
        return None
    return _declarations((deal.variant, level, seat_play((first, before)), seat_play((seat, cards)),
                          keys.rebury))


def parse_compare_declarations(req: pb.CompareDeclarationsRequest) -> CompareDeclarationsArgs:
    """Validate a CompareDeclarations request; ``standing`` is optional.

    >>> from oracle.cards import format_cards
    >>> from oracle.service.decoding import pb_cards
    >>> args = parse_compare_declarations(pb.CompareDeclarationsRequest(variant_id="qq-two-deck",
    ...     level=pb.RANK_TEN, challenger=pb.Declaration(seat=1, cards=pb_cards("10H 10H"))))
    >>> args.standing is None, format_cards(args.challenger.cards)
    (True, '10H 10H')
    """
    mirror = declaration_mirror(req)
    known = known_variant(mirror.context)  # None without a context (its bytes are then empty)
    keys = None
    if known is not None and known.level_rank is not None and not mirror.variant_id and not mirror.level:
        args = _ordinary_declarations(req, mirror, known.deal, known.level_rank)
        if args is None:  # declarations of other cards: read card by card
            keys = card_keys(req)
            args = _plain_declarations(keys, known.deal, known.level_rank)
        if args is not None:
            return args
    keys = card_keys(req) if keys is None else keys
    context = keys.context if req.HasField("context") else None
    problems = Problems()
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
