"""Wrong implementations of the seeds' rules: the play, the card order, scoring and declarations.

>>> len(SEED_MUTANTS), SEED_MUTANTS[0].name, SEED_MUTANTS[0].target
(36, 'ties-go-to-the-later-play', 'following.throw_evaluation')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from oracle import cards, pb
from oracle.cards import Card, Rank, Suit
from oracle.dispatch.strategies import (
    BOTTOM_RULES,
    FOLLOW_RULES,
    FORCED_UNITS,
    NATURAL,
    PENALTIES,
    RUFF_RULES,
    TRICK_JUDGES,
)
from oracle.engine import ruleset as ruleset_module
from oracle.engine.card_order import TRUMP, Identity
from oracle.engine.ruleset import (
    MIXED,
    BottomMultiplier,
    ForcedUnit,
    Play,
    RuffTest,
    Ruleset,
    SeatPlay,
)
from oracle.engine.units import Block
from oracle.seed_rules import bottom, declarations, levels, trick
from tests.support.mutants.patching import (
    SEED_FOLLOW,
    SEED_JUDGE,
    CardKeys,
    Keys,
    Mutant,
    edit_verdicts,
    edited_keys,
    edited_variants,
    follow_check,
    legal_when_broken,
    registered,
    replaced_function,
    replaced_reading,
    wrapped_keys,
)

# --- The play -----------------------------------------------------------------------------

def _ties_to_later(rules: Ruleset, plays: Sequence[Play], answer: pb.JudgeTrickResponse) -> None:
    for verdict in answer.verdicts:
        if "order.first_played_wins" in verdict.rule_ids:
            verdict.beats_best_so_far = True


def _any_over_ruff(rules: Ruleset, plays: Sequence[Play], answer: pb.JudgeTrickResponse) -> None:
    for verdict in answer.verdicts:
        # A valid ruff that does not beat an earlier ruff is answered as a ruff that does not win.
        if verdict.kind == pb.PLAY_KIND_RUFF and not verdict.beats_best_so_far:
            verdict.beats_best_so_far = True
            verdict.kind = pb.PLAY_KIND_OVER_RUFF


def _discard_by_rank(rules: Ruleset, plays: Sequence[Play], answer: pb.JudgeTrickResponse) -> None:
    _, led = plays[0]  # a play is (seat, cards): a SeatPlay, or a pair read from a trick's bytes
    shape = trick.key_shape(rules.units(led))
    best = trick.key_strength(rules, led, shape)
    for (_, played), verdict in zip(plays[1:], answer.verdicts[1:], strict=True):
        key = trick.key_strength(rules, played, shape)
        side_suit = rules.suit_of(played) not in (TRUMP, MIXED)
        if verdict.kind == pb.PLAY_KIND_DISCARD and side_suit and key is not None and best is not None and key > best:
            verdict.beats_best_so_far = True
        if verdict.beats_best_so_far:
            best = key


def _ruff_always(original: RuffTest) -> RuffTest:
    return RuffTest(lambda rules, lead_units, cards: True, original.needs)


def _forced_highest(original: ForcedUnit) -> ForcedUnit:
    def forced(rules: Ruleset, blocks: Sequence[Block], thrown: Sequence[Card], order: Sequence[int]) -> list[Card]:
        return list(max((b.unit for b in blocks), key=lambda u: (u.top, u.size)).cards)
    return forced


def _throw_ignores_last_seat(original: Any) -> Any:
    """Which hands a throw is checked against is no strategy (the forced-unit rule only sees the
    blocks found): the natural unit reading's throw check is replaced."""
    def check(rules: Ruleset, thrower: SeatPlay, others: Sequence[SeatPlay],
              into_answer: pb.CheckThrowResponse | None = None, /) -> pb.CheckThrowResponse:
        order = sorted(others, key=lambda h: (h.seat - thrower.seat) % rules.players)
        answer: pb.CheckThrowResponse = original(rules, thrower, order[:-1], into_answer)
        return answer
    return check


# --- Card order ---------------------------------------------------------------------------

SPREAD = 8
"""Strengths are multiplied by this, to make room for a card between two others."""


def _spread(keys: Keys) -> None:
    for card, key in keys.items():
        keys[card] = dataclasses.replace(key, strength=key.strength * SPREAD)


def _other_levels_unequal(variant: pb.Variant, level: Rank, trump: Suit | None, keys: Keys) -> None:
    _spread(keys)
    for card, key in keys.items():
        if card.suit is not None and card.rank == level and card.suit != trump and key.suit == TRUMP:
            keys[card] = dataclasses.replace(key, strength=key.strength + int(card.suit))


def _jokers_equal(variant: pb.Variant, level: Rank, trump: Suit | None, keys: Keys) -> None:
    keys[cards.SMALL_JOKER] = dataclasses.replace(keys[cards.SMALL_JOKER], strength=keys[cards.BIG_JOKER].strength)


def _level_card_in_side_suit(variant: pb.Variant, level: Rank, trump: Suit | None, keys: Keys) -> None:
    """The side suits' level cards just above the rank below the level, in their suits."""
    _spread(keys)
    for card, key in list(keys.items()):
        if card.suit is None or card.rank != level or card.suit == trump:
            continue
        below = next((k for c, k in keys.items()
                      if c.suit == card.suit and c.rank == level - 1 and k.suit != TRUMP), None)
        if below is not None:
            keys[card] = dataclasses.replace(key, suit=below.suit, strength=below.strength + SPREAD // 2, slot=None)


def _two_colour_pairs_not_formed(variant: pb.Variant, level: Rank, trump: Suit | None, keys: Keys) -> None:
    if variant.deal.suit_mode != pb.SUIT_MODE_TWO_COLOURS:
        return
    for card, key in keys.items():
        if card.suit is not None:
            keys[card] = dataclasses.replace(key, identity=(key.identity[0], 10 + int(card.suit)))


def _equal_cards_adjacent(variant: pb.Variant, level: Rank, trump: Suit | None, keys: Keys) -> None:
    """Equal trump cards of different identities (副10) get places of their own, one below the
    other, as if each were a rank: 10S 10S 10C 10C becomes a tractor."""
    at: dict[int, set[Identity]] = {}
    for key in keys.values():
        if key.suit == TRUMP and key.slot is not None:
            at.setdefault(key.slot, set()).add(key.identity)
    shared = {slot: sorted(ids) for slot, ids in at.items() if len(ids) > 1}

    def moved(slot: int | None) -> int | None:
        if slot is None:
            return None
        return slot - sum(len(ids) - 1 for above, ids in shared.items() if above > slot)

    for card, key in keys.items():
        if key.suit != TRUMP or key.slot is None:
            continue
        slot = moved(key.slot)
        assert slot is not None
        if key.slot in shared:
            slot -= shared[key.slot].index(key.identity)
        keys[card] = dataclasses.replace(key, slot=slot, low_slot=moved(key.low_slot))


def _no_trump_is_spades(original: CardKeys) -> CardKeys:
    return lambda variant, level, trump: original(variant, level, Suit.SPADES if trump is None else trump)


def _drop_fixed_rank(variant: pb.Variant) -> None:
    keep = [t for t in variant.card_order.trump_tiers if t.kind not in (
        pb.TIER_KIND_OTHER_SUITS_RANK, pb.TIER_KIND_TRUMP_SUIT_RANK)]
    del variant.card_order.trump_tiers[:]
    variant.card_order.trump_tiers.extend(keep)


def _king_worth_five(original: Callable[[Sequence[Card]], int]) -> Callable[[Sequence[Card]], int]:
    """The points on cards are no parameter or strategy, so no registry reaches them: the public
    ``points`` of :mod:`oracle.engine.ruleset` is replaced."""
    return lambda cards_: original(cards_) - 5 * sum(1 for c in cards_ if c.rank == Rank.KING)


# --- Scoring and declarations ----------------------------------------------------------------

def _power_off_by_one(original: BottomMultiplier) -> BottomMultiplier:
    def multiplier(rules: Ruleset, lead_units: Any, winner_is_trump: bool) -> tuple[int, str, str]:
        value, rule, why = original(rules, lead_units, winner_is_trump)
        return (value // rules.variant.bottom.base if value > 1 else value), rule, why
    return multiplier


def _trump_doubles_reversed(original: BottomMultiplier) -> BottomMultiplier:
    return lambda rules, lead_units, winner_is_trump: original(rules, lead_units, not winner_is_trump)


def _banker_win_scores(original: Any) -> Any:
    """Which side scores the bottom is no strategy (only its multiplier is), so no registry reaches
    it: the public ``score_bottom`` is replaced."""
    def score(rules: Ruleset, last_trick: Any, banker_seats: frozenset[int], bottom_cards: Any, **kw: Any) -> Any:
        return original(rules, last_trick, frozenset(), bottom_cards, **kw)
    return score


def _edges_up(variant: pb.Variant) -> None:
    """Each band's bounds one point up: points on a lower edge fall in the band below."""
    for band in variant.level_table.bands:
        if band.HasField("at_least"):
            band.at_least += 1
        if band.HasField("below"):
            band.below += 1


def _no_steps(variant: pb.Variant) -> None:
    for band in variant.level_table.bands:
        band.step = 0


def _always_next_seat(original: Any) -> Any:
    """Who deals next is no strategy, and editing the bands' ``attackers_take_deal`` would change
    more than the seat: the public ``next_banker_seat`` is replaced."""
    return lambda players, banker_seat, attackers_take_deal: (banker_seat + 1) % players


def _never_passes(original: Any) -> Any:
    """Moving through the levels is no strategy, and no variant edit loses only the report of
    passing the last one: the public ``advance_level`` is replaced."""
    def advance(sequence: Any, level: Any, steps: int) -> Any:
        new, _ = original(sequence, level, steps)
        return new, False
    return advance


def _equal_rung_overrides(original: Any) -> Any:
    """Comparing declarations is no strategy, and two declarations of one rung are equal whatever
    the ladder says: the public ``compare_declarations`` is replaced."""
    def compare(variant: pb.Variant, level: Any, standing: Any, challenger: Any, *args: Any, **kw: Any) -> Any:
        answer = original(variant, level, standing, challenger, *args, **kw)
        if standing is None or answer.overrides:
            return answer
        theirs = declarations.declaration_strength(variant, level, standing.cards)
        mine = declarations.declaration_strength(variant, level, challenger.cards)
        if theirs is not None and mine is not None and mine.value == theirs.value:
            answer.overrides = True
            answer.ClearField("trump_suit")
            answer.no_trump = False
            if mine.names_trump and mine.suit is None:
                answer.no_trump = True
            elif mine.suit is not None:
                answer.trump_suit = int(mine.suit)
        return answer
    return compare


def _set(path: str, value: Any) -> Callable[[pb.Variant], None]:
    def edit(variant: pb.Variant) -> None:
        *parents, last = path.split(".")
        message: Any = variant
        for name in parents:
            message = getattr(message, name)
        setattr(message, last, value)
    return edit


def _no_self_declarations(variant: pb.Variant) -> None:
    variant.declarations.allow_self_reinforce = False
    variant.declarations.allow_self_override = False


def _pair_row_first(variant: pb.Variant) -> None:
    rows = list(variant.bottom.shapes)
    pair = next((r for r in rows if r.tuple_size == 2 and r.min_length <= 1), None)
    if len(rows) < 2 or pair is None:
        return
    rows.remove(pair)
    rows.insert(0, pair)
    del variant.bottom.shapes[:]
    variant.bottom.shapes.extend(rows)


def _no_ladders(variant: pb.Variant) -> None:
    del variant.following.ladders[:]


def _special_cards_make_tractors(variant: pb.Variant) -> None:
    for tier in variant.card_order.trump_tiers:
        tier.no_tractors = False


SEED_MUTANTS: list[Mutant] = [
    registered("ties-go-to-the-later-play", "of equal plays the later one wins",
               TRICK_JUDGES, SEED_JUDGE, edit_verdicts(_ties_to_later)),
    registered("pairs-need-not-answer-pairs", "a follower need not show the pairs the lead asks for",
               FOLLOW_RULES, SEED_FOLLOW, follow_check(legal_when_broken("follow.pairs"))),
    registered("tractor-duty-ignored", "to a tractor lead, pairs are as good as a tractor",
               FOLLOW_RULES, SEED_FOLLOW, follow_check(legal_when_broken("follow.tractor"))),
    registered("follow-suit-unchecked", "a follower may keep cards of the led suit back",
               FOLLOW_RULES, SEED_FOLLOW, follow_check(legal_when_broken("follow.suit"))),
    edited_variants("level-gap-not-bridged", "the level rank's gap breaks tractors (JJ99 playing 10 is no tractor)",
                    _set("tractors.bridge_gaps", False)),
    edited_variants("trump-tiers-not-adjacent", "no tractors across jokers, level cards and the trump suit",
                    _set("tractors.across_trump_tiers", False)),
    edited_keys("two-pairs-of-other-level-cards-a-tractor",
                "两对副10 (equal level cards of two suits) make a tractor", _equal_cards_adjacent),
    edited_variants("ace-wraps-around", "an ace also ends a tractor low in every variant (AA22 a tractor)",
                    _set("tractors.ace_either_end", True)),
    registered("ruff-without-the-structure-wins", "a trump play to a pair or tractor lead ruffs without the structure",
               RUFF_RULES, (pb.RUFF_RULE_UNIT_COUNTS, pb.RUFF_RULE_LARGEST_UNIT), _ruff_always),
    registered("any-later-ruff-over-ruffs", "a later ruff always beats an earlier one",
               TRICK_JUDGES, SEED_JUDGE, edit_verdicts(_any_over_ruff)),
    registered("discard-wins-by-rank", "a card of another side suit can win by its rank",
               TRICK_JUDGES, SEED_JUDGE, edit_verdicts(_discard_by_rank)),
    edited_keys("other-level-cards-unequal", "level cards of different side suits rank by suit instead of being equal",
                _other_levels_unequal),
    edited_keys("jokers-equal", "the small joker is as high as the big joker", _jokers_equal),
    edited_keys("level-card-stays-in-its-suit", "the level card of a side suit plays in that suit, not as trump",
                _level_card_in_side_suit),
    edited_keys("two-colour-pairs-not-formed", "two cards of one rank and colour (KS KC) are not a pair",
                _two_colour_pairs_not_formed),
    wrapped_keys("no-trump-keeps-a-trump-suit", "a no-trump deal is played with spades as trump",
                 _no_trump_is_spades),
    edited_variants("fixed-rank-not-trump", "where 2 is always trump (2为常主) the side 2s stay in their suits",
                    _drop_fixed_rank),
    replaced_function("king-worth-five", "a king is worth 5 points", ruleset_module.points, _king_worth_five),
    replaced_reading("throw-ignores-the-last-seat",
                     "a throw is checked against every other hand but the last in play order", NATURAL,
                     lambda reading: dataclasses.replace(reading, throw=_throw_ignores_last_seat(reading.throw))),
    registered("forced-unit-highest", "a failed throw forces the highest beaten unit, not the lowest",
               FORCED_UNITS, [pb.FORCED_UNIT_LOWEST_BEATEN], _forced_highest),
    registered("penalty-where-none", "a failed throw costs the thrower's side 10 points where it should cost none",
               PENALTIES, [pb.PENALTY_KIND_NONE], lambda original: lambda throws, thrown, forced, beaten: 10),
    edited_variants("forced-unit-ignores-the-variant", "every variant forces the lowest beaten unit",
                    _set("throws.forced_unit", pb.FORCED_UNIT_LOWEST_BEATEN)),
    registered("bottom-power-off-by-one", "the bottom multiplier is 2^(n-1) instead of 2^n",
               BOTTOM_RULES, [pb.BOTTOM_RULE_POWER], _power_off_by_one),
    edited_variants("bottom-cap-ignored", "the bottom multiplier is not capped (QQ: 64)", _set("bottom.cap", 0)),
    replaced_function("banker-win-still-digs",
                      "the attackers score the bottom even when the banker's side wins the last trick",
                      bottom.score_bottom, _banker_win_scores),
    edited_variants("shape-table-pair-first", "the Lianzhong table is read with the pair row before the tractor row",
                    _pair_row_first),
    edited_variants("band-edge-in-lower-band", "points on a band's lower edge count in the band below (80 is 40-80)",
                    _edges_up),
    replaced_function("next-banker-always-next-seat", "the seat after the banker always deals next",
                      levels.next_banker_seat, _always_next_seat),
    replaced_function("last-level-never-passed", "going past the last level is never reported",
                      levels.advance_level, _never_passes),
    edited_variants("level-step-ignored", "the open band gives no extra level per step (QQ: per 40 points)",
                    _no_steps),
    replaced_function("equal-declaration-overrides", "a declaration on the same rung overrides the standing one",
                      declarations.compare_declarations, _equal_rung_overrides),
    edited_variants("self-declaration-forbidden",
                    "the standing declarer may never strengthen or change its declaration", _no_self_declarations),
    edited_variants("larger-tuples-do-not-win", "a quad (bomb) or a tractor of triples does not outrank a pair tractor",
                    _set("comparison.larger_tuples_win", False)),
    edited_variants("follow-ladders-ignored", "the variant's follow ladders (Titanic, quads) are not applied",
                    _no_ladders),
    edited_variants("special-trump-make-tractors", "Heijian's special trump cards make tractors",
                    _special_cards_make_tractors),
    registered("trump-doubles-reversed", "Heijian's bottom doubles when won in a side suit instead of by trump",
               BOTTOM_RULES, [pb.BOTTOM_RULE_TRUMP_DOUBLES], _trump_doubles_reversed),
]
"""The seeds' rules broken, one mutant each."""
