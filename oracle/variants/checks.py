"""The checks every variant passes: its values against each other (cards that add up, a level
table without holes, enum values the proto defines...). Each problem names the field.

>>> v = pb.Variant()
>>> [p.field for p in structure_problems(v)][:3]
['id', 'sources', 'deal.decks']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from oracle import pb
from oracle.dispatch.level_tables import table_bands
from oracle.errors import Violation as Problem


def structure_problems(variant: pb.Variant) -> list[Problem]:
    """Check a variant's values against each other.

    >>> from oracle.variants import get_variant
    >>> structure_problems(get_variant("qq-two-deck"))
    []
    """
    problems: list[Problem] = list(_unknown_enum_values(variant, ""))
    if problems:
        return problems
    problems.extend(_validate_deal(variant))
    problems.extend(_validate_card_order(variant.card_order))
    problems.extend(_suit_list(variant.throws.forced_tie_suit_order, "throws.forced_tie_suit_order"))
    problems.extend(_validate_units(variant))
    problems.extend(_validate_ladders(variant.following))
    problems.extend(_validate_throws(variant.throws))
    problems.extend(_validate_bottom(variant))
    problems.extend(_validate_level_table(variant.level_table, variant.deal.decks))
    problems.extend(_validate_declarations(variant.declarations))
    problems.extend(_unmodelled(variant.unmodelled))
    return problems


def _validate_deal(variant: pb.Variant) -> Iterable[Problem]:
    """The id, the sources, and the deal: decks, players, suits and the cards adding up."""
    deal = variant.deal
    if not variant.id:
        yield Problem("id", "every variant needs an id")
    if not variant.sources:
        yield Problem("sources", "every variant lists its sources")
    if not 1 <= deal.decks <= 8:
        yield Problem("deal.decks", "must be 1 to 8")
    if not 2 <= deal.players <= 8:
        yield Problem("deal.players", "must be 2 to 8")
    if deal.suit_mode == pb.SUIT_MODE_UNSPECIFIED:
        yield Problem("deal.suit_mode", "must be set")
    if deal.hand_size * deal.players + deal.bottom_size != 54 * deal.decks:
        yield Problem("deal.hand_size", f"{deal.players} hands of {deal.hand_size} and a bottom of "
                                        f"{deal.bottom_size} do not make the {54 * deal.decks} cards of "
                                        f"{deal.decks} decks")


_RANKED_TIERS = (pb.TIER_KIND_TRUMP_SUIT_RANK, pb.TIER_KIND_OTHER_SUITS_RANK, pb.TIER_KIND_SAME_COLOUR_RANK,
                 pb.TIER_KIND_CARD)
"""The kinds of trump tier that name a rank."""


def _validate_card_order(order: pb.CardOrder) -> Iterable[Problem]:
    """The level ranks, and the trump tiers: each joker once, each tier's kind, rank, suit and
    suit order."""
    levels = list(order.levels)
    if not levels or len(set(levels)) != len(levels):
        yield Problem("card_order.levels", "must list distinct ranks")
    if any(r in (pb.RANK_UNSPECIFIED, pb.RANK_SMALL_JOKER, pb.RANK_BIG_JOKER) for r in levels):
        yield Problem("card_order.levels", "levels are ranks 2 to A")
    kinds = [tier.kind for tier in order.trump_tiers]
    for joker in (pb.TIER_KIND_BIG_JOKER, pb.TIER_KIND_SMALL_JOKER):
        if kinds.count(joker) != 1:
            yield Problem("card_order.trump_tiers", f"must name {pb.TierKind.Name(joker)} exactly once")
    for i, tier in enumerate(order.trump_tiers):
        key = f"card_order.trump_tiers[{i}]"
        if tier.kind == pb.TIER_KIND_UNSPECIFIED:
            yield Problem(f"{key}.kind", "must be set")
        if tier.kind in _RANKED_TIERS and tier.rank in (pb.RANK_UNSPECIFIED, pb.RANK_SMALL_JOKER, pb.RANK_BIG_JOKER):
            yield Problem(f"{key}.rank", "this kind of tier needs a rank 2 to A")
        if tier.kind == pb.TIER_KIND_CARD and tier.suit == pb.SUIT_UNSPECIFIED:
            yield Problem(f"{key}.suit", "a card tier needs a suit")
        yield from _suit_list(tier.suit_order, f"{key}.suit_order")


def _validate_units(variant: pb.Variant) -> Iterable[Problem]:
    """The tractors' minimums and the rainbows' minimum, against the number of decks."""
    decks = variant.deal.decks
    if variant.tractors.min_length < 2:
        yield Problem("tractors.min_length", "must be at least 2")
    if not 2 <= variant.tractors.min_tuple_size <= max(2, decks):
        yield Problem("tractors.min_tuple_size", "must be 2 to the number of decks")
    if not 0 <= variant.compound_formats.rainbow_min_cards <= 4 * decks:
        yield Problem("compound_formats.rainbow_min_cards",
                      f"must be 0 (no rainbows) to {4 * decks}, the cards of one rank in {decks} decks")


def _validate_ladders(following: pb.Following) -> Iterable[Problem]:
    """Each follow ladder: its lead's shape, and rungs that fit in it."""
    for i, ladder in enumerate(following.ladders):
        key = f"following.ladders[{i}]"
        if ladder.lead.tuple_size < 1 or ladder.lead.length < 1:
            yield Problem(f"{key}.lead", "a ladder's lead needs a tuple size and a length")
        if not ladder.rungs or ladder.rungs[0].same_as_previous:
            yield Problem(f"{key}.rungs", "a ladder needs rungs, the first not an alternative")
        lead_size = ladder.lead.tuple_size * ladder.lead.length
        for j, rung in enumerate(ladder.rungs):
            size = sum(p.tuple_size * max(p.length, 1) for p in rung.parts)
            if size > lead_size or any(p.tuple_size < 1 or p.length < 1 for p in rung.parts):
                yield Problem(f"{key}.rungs[{j}]", f"parts must be shapes of at most {lead_size} cards in all")


def _validate_throws(throws: pb.Throws) -> Iterable[Problem]:
    """A failed throw's forced unit and penalty, set, and its points not negative."""
    if throws.forced_unit == pb.FORCED_UNIT_UNSPECIFIED:
        yield Problem("throws.forced_unit", "must be set")
    if throws.penalty == pb.PENALTY_KIND_UNSPECIFIED:
        yield Problem("throws.penalty", "must be set")
    if throws.penalty_points < 0:
        yield Problem("throws.penalty_points", "must not be negative")


def _unmodelled(settings: pb.UnmodelledSettings) -> Iterable[Problem]:
    """An upstream room setting no rule models is refused, never answered as if it were off
    (docs/rbtying.md, "Room settings").

    >>> [p.field for p in _unmodelled(pb.UnmodelledSettings(rainbow_formats=True))]
    ['unmodelled.rainbow_formats']
    """
    if settings.rainbow_formats:
        yield Problem("unmodelled.rainbow_formats",
                      "rbtying/shengji's rainbow formats (#508) are set by compound_formats.rainbow_min_cards "
                      "(upstream's CompoundFormats::rainbows, a minimum of cards per rank): leave this unset")
    if settings.finding_friends:
        yield Problem("unmodelled.finding_friends",
                      "rbtying/shengji's FindingFriends mode (core/src/settings.rs GameMode) is not modelled: "
                      "its teams and bonus level change who scores and how many levels")
    if settings.advancement_policy not in (pb.ADVANCEMENT_POLICY_UNSPECIFIED, pb.ADVANCEMENT_POLICY_UNRESTRICTED):
        yield Problem("unmodelled.advancement_policy",
                      "only rbtying/shengji's default AdvancementPolicy (Unrestricted) is modelled")


def _suit_list(suits: Any, key: str) -> Iterable[Problem]:
    """A list of suits names real suits, each once."""
    for i, suit in enumerate(suits):
        if suit == pb.SUIT_UNSPECIFIED:
            yield Problem(f"{key}[{i}]", "SUIT_UNSPECIFIED (0) is not a suit: list SUIT_SPADES to SUIT_CLUBS")
    if len(set(suits)) != len(suits):
        yield Problem(key, "must list distinct suits")


def _unknown_enum_values(message: Any, path: str) -> Iterable[Problem]:
    """Every enum field whose number the enum does not define (the wire format allows them)."""
    for field, value in message.ListFields():
        key = f"{path}.{field.name}" if path else field.name
        values = value if field.is_repeated else [value]
        if field.message_type is not None and not field.message_type.GetOptions().map_entry:
            for i, item in enumerate(values):
                yield from _unknown_enum_values(item, f"{key}[{i}]" if field.is_repeated else key)
        elif field.enum_type is not None:
            for i, item in enumerate(values):
                if item not in field.enum_type.values_by_number:
                    where = f"{key}[{i}]" if field.is_repeated else key
                    yield Problem(where, f"{item} is not a value of {field.enum_type.name}")


def _validate_bottom(variant: pb.Variant) -> Iterable[Problem]:
    bottom = variant.bottom
    if bottom.rule == pb.BOTTOM_RULE_UNSPECIFIED:
        yield Problem("bottom.rule", "must be set")
    if bottom.dig == pb.DIG_RULE_UNSPECIFIED:
        yield Problem("bottom.dig", "must be set")
    if bottom.dig == pb.DIG_RULE_ATTACKERS and variant.deal.bottom_size == 0:
        yield Problem("bottom.dig", "the attackers dig a bottom: a variant without one digs by either side")
    if bottom.dig == pb.DIG_RULE_EITHER_SIDE and variant.deal.bottom_size > 0:
        yield Problem("bottom.dig", "either side digs only where no bottom is dealt (000_): the bottom's "
                                    "points would be ignored; a variant with a bottom digs by the attackers")
    rules = {("bottom.rule", bottom.rule), ("bottom.throw_rule", bottom.throw_rule)}
    for key, rule in sorted(rules):
        if rule in (pb.BOTTOM_RULE_POWER, pb.BOTTOM_RULE_TIMES) and bottom.base < 2:
            yield Problem("bottom.base", f"{pb.BottomRule.Name(rule)} ({key}) needs a base of at least 2")
        if rule in (pb.BOTTOM_RULE_POWER, pb.BOTTOM_RULE_LINEAR, pb.BOTTOM_RULE_TIMES) \
                and bottom.measure == pb.UNIT_MEASURE_UNSPECIFIED:
            yield Problem("bottom.measure", f"must be set for {pb.BottomRule.Name(rule)} ({key})")
        if rule == pb.BOTTOM_RULE_SHAPE_TABLE:
            if not bottom.shapes:
                yield Problem("bottom.shapes", f"a shape table ({key}) needs rows")
            elif not any(s.tuple_size == 1 and s.min_length <= 1 for s in bottom.shapes):
                yield Problem("bottom.shapes", "the table needs a last row for singles (tuple_size 1)")
    if bottom.cap < 0:
        yield Problem("bottom.cap", "must not be negative")


def _validate_level_table(table: pb.LevelTable, decks: int) -> Iterable[Problem]:
    bands = list(table.bands)
    if not bands and table.HasField("formula"):
        try:
            table_bands(table, decks)
        except ValueError as err:
            yield Problem("level_table.formula", str(err))
        if table.formula.deadzone_size < 0:
            yield Problem("level_table.formula.deadzone_size", "must not be negative")
        return
    if not bands:
        yield Problem("level_table.bands", "a level table needs bands")
        return
    if bands[0].HasField("at_least"):
        yield Problem("level_table.bands[0].at_least", "the first band must have no lower bound")
    if bands[-1].HasField("below"):
        yield Problem(f"level_table.bands[{len(bands) - 1}].below", "the last band must have no upper bound")
    for i, band in enumerate(bands):
        key = f"level_table.bands[{i}]"
        if band.side == pb.SIDE_UNSPECIFIED:
            yield Problem(f"{key}.side", "must be set")
        if band.levels < 0 or band.step < 0:
            yield Problem(key, "levels and step must not be negative")
        if i > 0:
            prev = bands[i - 1]
            if not (band.HasField("at_least") and prev.HasField("below") and band.at_least == prev.below):
                yield Problem(f"{key}.at_least", "must equal the previous band's `below` (no holes, no overlaps)")
        if band.HasField("at_least") and band.HasField("below") and band.below <= band.at_least:
            yield Problem(f"{key}.below", "must be greater than at_least")


def _validate_declarations(decl: pb.Declarations) -> Iterable[Problem]:
    if decl.rule == pb.DECLARATION_RULE_UNSPECIFIED:
        yield Problem("declarations.rule", "must be set")
    if decl.rule == pb.DECLARATION_RULE_LADDER and not decl.ladder:
        yield Problem("declarations.ladder", "a ladder needs rungs")
    for i, rung in enumerate(decl.ladder):
        if rung.cards == pb.DECLARATION_CARDS_UNSPECIFIED or rung.count < 1:
            yield Problem(f"declarations.ladder[{i}]", "a rung needs cards and a count of at least 1")
    if decl.rule == pb.DECLARATION_RULE_POINT_SUM and not decl.card_points:
        yield Problem("declarations.card_points", "a point-sum rule needs card points")
    yield from _suit_list(decl.suit_order, "declarations.suit_order")
