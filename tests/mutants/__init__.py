"""Deliberately wrong rule implementations, to prove the conformance suite catches them.

Each :class:`Mutant` is a context manager that patches the engine (in the
test process only; nothing here is shipped) so that one rule is implemented
wrongly, the way a real engine might get it wrong. tests/test_mutants.py runs
the suite in-process under each one and asserts that some case fails.

Three ways to break a rule:

* replace an engine function (:func:`replace`), wrapping the original;
* edit the variants of the catalogue in place (:func:`edit_variants`), as an
  engine that ignored a parameter would behave;
* edit a card's key in every context (:func:`edit_keys`).

The caches of contexts are cleared on entering and leaving.

>>> [m.name for m in MUTANTS][:3]
['ties-go-to-the-later-play', 'pairs-need-not-answer-pairs', 'tractor-duty-ignored']
>>> len(MUTANTS) >= 20
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from oracle import cards, pb
from oracle.engine import ruleset as context
from oracle.engine import units
from oracle.seed_rules import bottom, declarations, follow, levels, throw, trick
from oracle.service import requests
from oracle.cards import Rank
from oracle.variants import load_catalogue


@dataclass(frozen=True)
class Mutant:
    """A wrong implementation of one rule: its name, what is wrong, and the patch."""

    name: str
    wrong: str
    patch: Callable[[], contextlib.AbstractContextManager[None]]


def _clear() -> None:
    """Empty every cache of the engine (contexts, card keys), so a patch takes effect at once."""
    for module in list(sys.modules.values()):
        if module is None or not getattr(module, "__name__", "").startswith("oracle"):
            continue
        for name, value in list(vars(module).items()):
            if name == "load_catalogue":
                continue  # the catalogue is what edit_variants edits in place
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


@contextlib.contextmanager
def replace(module: Any, name: str, make: Callable[[Any], Any]) -> Iterator[None]:
    """Replace ``module.name`` by ``make(original)`` for the duration."""
    original = getattr(module, name)
    setattr(module, name, make(original))
    _clear()
    try:
        yield
    finally:
        setattr(module, name, original)
        _clear()


@contextlib.contextmanager
def edit_variants(edit: Callable[[pb.Variant], None]) -> Iterator[None]:
    """Apply ``edit`` to every variant of the catalogue, in place, for the duration."""
    catalogue = load_catalogue()
    saved = {vid: pb.Variant() for vid in catalogue}
    for vid, variant in catalogue.items():
        saved[vid].CopyFrom(variant)
        edit(variant)
    _clear()
    try:
        yield
    finally:
        for vid, variant in catalogue.items():
            variant.CopyFrom(saved[vid])
        _clear()


def edit_keys(edit: Callable[[pb.Variant, Rank, Any, dict[Any, Any]], None]) -> contextlib.AbstractContextManager[None]:
    """Let ``edit(variant, level, trump, keys)`` change the card keys of every context."""
    def make(original: Any) -> Any:
        def card_keys(variant: pb.Variant, level: Rank, trump: Any) -> Any:
            keys = dict(original(variant, level, trump))
            edit(variant, level, trump, keys)
            return keys
        return card_keys
    return replace(context, "_card_keys", make)


def _several(*managers: Callable[[], contextlib.AbstractContextManager[None]]) -> Callable[[], Any]:
    @contextlib.contextmanager
    def combined() -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            for manager in managers:
                stack.enter_context(manager())
            yield
    return combined


# --- The play -----------------------------------------------------------------------------

def _ties_to_later(original: Any) -> Any:
    def compare(*args: Any, **kw: Any) -> pb.PlayVerdict:
        verdict = original(*args, **kw)
        if not verdict.beats_best_so_far and "order.first_played_wins" in verdict.rule_ids:
            verdict.beats_best_so_far = True
        return verdict
    return compare


def _only_tractors(original: Any) -> Any:
    return lambda hand, play: original([s for s in hand if s[1] >= 2], [s for s in play if s[1] >= 2])


def _tractors_as_pairs(original: Any) -> Any:
    def flat(shapes: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return sorted(((k, 1) for k, n in shapes for _ in range(n)), reverse=True)
    return lambda hand, play: original(flat(hand), flat(play))


def _no_follow_suit(original: Any) -> Any:
    def check(*args: Any, **kw: Any) -> pb.CheckFollowResponse:
        answer = original(*args, **kw)
        if answer.broken_rule_id == "follow.suit":
            return pb.CheckFollowResponse(legal=True, rule_ids=["follow.suit"])
        return answer
    return check


def _ruff_always(original: Any) -> Any:
    return lambda *args, **kw: True


def _discard_by_rank(original: Any) -> Any:
    def judge(ctx: Any, play: Any, led_suit: Any, lead_units: Any, shape: Any, best: Any, ruff_rule: Any) -> Any:
        verdict = original(ctx, play, led_suit, lead_units, shape, best, ruff_rule)
        if verdict.kind == pb.PLAY_KIND_DISCARD and ctx.suit_of(play.cards) not in (context.TRUMP, context.MIXED):
            key = trick.key_strength(ctx, play.cards, shape)
            if key is not None and key > best.strength:
                verdict.beats_best_so_far = True
        return verdict
    return judge


def _any_over_ruff(original: Any) -> Any:
    def compare(ctx: Any, play: Any, lead_units: Any, kind: Any, *rest: Any) -> pb.PlayVerdict:
        verdict = original(ctx, play, lead_units, kind, *rest)
        if kind == pb.PLAY_KIND_OVER_RUFF:
            verdict.beats_best_so_far = True
            verdict.kind = pb.PLAY_KIND_OVER_RUFF
        return verdict
    return compare


def _runs_split_equal_cards(original: Any) -> Any:
    def runs(self: Any, k: int) -> Any:
        out = []
        for run in original(self, k):
            out.append([[identity] for slot in run for identity in slot])
        return out
    return runs


def _throw_ignores_last_seat(original: Any) -> Any:
    def check(ctx: Any, thrower: Any, others: Any) -> pb.CheckThrowResponse:
        order = sorted(others, key=lambda h: (h.seat - thrower.seat) % ctx.players)
        return original(ctx, thrower, order[:-1])
    return check


def _forced_highest(original: Any) -> Any:
    def forced(ctx: Any, units_: Any, blocks: Any, cards_: Any) -> Any:
        if ctx.variant.throws.forced_unit == pb.FORCED_UNIT_LOWEST_BEATEN:
            return list(max((b.unit for b in blocks), key=lambda u: (u.top, u.size)).cards)
        return original(ctx, units_, blocks, cards_)
    return forced


# --- Card order ---------------------------------------------------------------------------

def _other_levels_unequal(variant: pb.Variant, level: Rank, trump: Any, keys: dict[Any, Any]) -> None:
    for card, key in keys.items():
        if card.suit is not None and card.rank == level and card.suit != trump and key.suit == context.TRUMP:
            keys[card] = dataclasses.replace(key, strength=key.strength + 0.1 * int(card.suit))


def _jokers_equal(variant: pb.Variant, level: Rank, trump: Any, keys: dict[Any, Any]) -> None:
    keys[cards.SMALL_JOKER] = dataclasses.replace(keys[cards.SMALL_JOKER], strength=keys[cards.BIG_JOKER].strength)


def _level_card_in_side_suit(variant: pb.Variant, level: Rank, trump: Any, keys: dict[Any, Any]) -> None:
    for card, key in list(keys.items()):
        if card.suit is None or card.rank != level or card.suit == trump:
            continue
        below = next((k for c, k in keys.items() if c.suit == card.suit and c.rank == level - 1
                      and k.suit != context.TRUMP), None)
        if below is not None:
            keys[card] = dataclasses.replace(key, suit=below.suit, strength=below.strength + 0.5, slot=None)


def _two_colour_pairs_not_formed(variant: pb.Variant, level: Rank, trump: Any, keys: dict[Any, Any]) -> None:
    if variant.deal.suit_mode != pb.SUIT_MODE_TWO_COLOURS:
        return
    for card, key in keys.items():
        if card.suit is not None:
            keys[card] = dataclasses.replace(key, identity=(key.identity[0], 10 + int(card.suit)))


def _no_trump_is_spades(original: Any) -> Any:
    def make(variant_id: str, level: Any, trump_suit: Any, no_trump: bool = False, *rest: Any, **kw: Any) -> Any:
        if no_trump and trump_suit in (None, 0):
            return original(variant_id, level, cards.Suit.SPADES, False, *rest, **kw)
        return original(variant_id, level, trump_suit, no_trump, *rest, **kw)
    return make


def _drop_fixed_rank(variant: pb.Variant) -> None:
    keep = [t for t in variant.card_order.trump_tiers if t.kind not in (
        pb.TIER_KIND_OTHER_SUITS_RANK, pb.TIER_KIND_TRUMP_SUIT_RANK)]
    del variant.card_order.trump_tiers[:]
    variant.card_order.trump_tiers.extend(keep)


def _king_worth_five() -> contextlib.AbstractContextManager[None]:
    @contextlib.contextmanager
    def patch() -> Iterator[None]:
        cards._POINTS[Rank.KING] = 5
        try:
            yield
        finally:
            cards._POINTS[Rank.KING] = 10
    return patch()


# --- Scoring and declarations ----------------------------------------------------------------

def _power_off_by_one(original: Any) -> Any:
    def multiplier(ctx: Any, lead_units: Any, winner_is_trump: bool) -> Any:
        value, rule, why = original(ctx, lead_units, winner_is_trump)
        if rule == "bottom.power" and value > 1:
            value //= ctx.variant.bottom.base
        return value, rule, why
    return multiplier


def _banker_win_scores(original: Any) -> Any:
    def score(ctx: Any, last_trick: Any, banker_seats: Any, bottom_cards: Any, **kw: Any) -> Any:
        return original(ctx, last_trick, frozenset(), bottom_cards, **kw)
    return score


def _edge_to_lower_band(original: Any) -> Any:
    def contains(band: pb.LevelBand, points: int) -> bool:
        if band.HasField("at_least") and points <= band.at_least:
            return False
        return not (band.HasField("below") and points > band.below)
    return contains


def _always_next_seat(original: Any) -> Any:
    return lambda players, banker_seat, attackers_take_deal: (banker_seat + 1) % players


def _never_passes(original: Any) -> Any:
    def advance(sequence: Any, level: Any, steps: int) -> Any:
        new, _ = original(sequence, level, steps)
        return new, False
    return advance


def _no_step(original: Any) -> Any:
    return lambda band, points: max(band.levels, 0)


def _equal_rung_overrides(original: Any) -> Any:
    def compare(variant: pb.Variant, level: Any, standing: Any, challenger: Any, **kw: Any) -> Any:
        answer = original(variant, level, standing, challenger, **kw)
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


def _variants(edit: Callable[[pb.Variant], None]) -> Callable[[], contextlib.AbstractContextManager[None]]:
    return lambda: edit_variants(edit)


def _set(path: str, value: Any, only: Callable[[pb.Variant], bool] = lambda v: True) -> Callable[[pb.Variant], None]:
    def edit(variant: pb.Variant) -> None:
        if not only(variant):
            return
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
    if len(rows) < 2:
        return
    pair = next((r for r in rows if r.tuple_size == 2 and r.min_length <= 1), None)
    if pair is None:
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


def _trump_doubles_reversed(original: Any) -> Any:
    def multiplier(ctx: Any, lead_units: Any, winner_is_trump: bool) -> Any:
        return original(ctx, lead_units, not winner_is_trump)
    return multiplier


MUTANTS: list[Mutant] = [
    Mutant("ties-go-to-the-later-play", "of equal plays the later one wins",
           lambda: replace(trick, "_compare", _ties_to_later)),
    Mutant("pairs-need-not-answer-pairs", "a follower need not show the pairs the lead asks for",
           lambda: replace(follow, "_first_shortfall", _only_tractors)),
    Mutant("tractor-duty-ignored", "to a tractor lead, pairs are as good as a tractor",
           lambda: replace(follow, "_first_shortfall", _tractors_as_pairs)),
    Mutant("follow-suit-unchecked", "a follower may keep cards of the led suit back",
           lambda: replace(requests, "check_follow", _no_follow_suit)),
    Mutant("level-gap-not-bridged", "the level rank's gap breaks tractors (JJ99 playing 10 is no tractor)",
           _variants(_set("tractors.bridge_gaps", False))),
    Mutant("trump-tiers-not-adjacent", "no tractors across jokers, level cards and the trump suit",
           _variants(_set("tractors.across_trump_tiers", False))),
    Mutant("two-pairs-of-other-level-cards-a-tractor", "两对副10 (equal level cards of two suits) make a tractor",
           lambda: replace(units.Pool, "runs", _runs_split_equal_cards)),
    Mutant("ace-wraps-around", "an ace also ends a tractor low in every variant (AA22 a tractor)",
           _variants(_set("tractors.ace_either_end", True))),
    Mutant("ruff-without-the-structure-wins", "a trump play to a pair or tractor lead ruffs without the structure",
           _several(lambda: replace(trick, "ruff_counts", _ruff_always),
                    lambda: replace(trick, "ruff_largest_unit", _ruff_always))),
    Mutant("any-later-ruff-over-ruffs", "a later ruff always beats an earlier one",
           lambda: replace(trick, "_compare", _any_over_ruff)),
    Mutant("discard-wins-by-rank", "a card of another side suit can win by its rank",
           lambda: replace(trick, "_judge_play", _discard_by_rank)),
    Mutant("other-level-cards-unequal", "level cards of different side suits rank by suit instead of being equal",
           lambda: edit_keys(_other_levels_unequal)),
    Mutant("jokers-equal", "the small joker is as high as the big joker",
           lambda: edit_keys(_jokers_equal)),
    Mutant("level-card-stays-in-its-suit", "the level card of a side suit plays in that suit, not as trump",
           lambda: edit_keys(_level_card_in_side_suit)),
    Mutant("two-colour-pairs-not-formed", "two cards of one rank and colour (KS KC) are not a pair",
           lambda: edit_keys(_two_colour_pairs_not_formed)),
    Mutant("no-trump-keeps-a-trump-suit", "a no-trump deal is played with spades as trump",
           lambda: replace(requests, "make_context", _no_trump_is_spades)),
    Mutant("fixed-rank-not-trump", "where 2 is always trump (2为常主) the side 2s stay in their suits",
           _variants(_drop_fixed_rank)),
    Mutant("king-worth-five", "a king is worth 5 points",
           _king_worth_five),
    Mutant("throw-ignores-the-last-seat", "a throw is checked against every other hand but the last in play order",
           lambda: replace(requests, "check_throw", _throw_ignores_last_seat)),
    Mutant("forced-unit-highest", "a failed throw forces the highest beaten unit, not the lowest",
           lambda: replace(throw, "_forced", _forced_highest)),
    Mutant("penalty-where-none", "a failed throw always costs the thrower's side 10 points",
           lambda: replace(throw, "_penalty", lambda original: lambda *args: 10)),
    Mutant("forced-unit-ignores-the-variant", "every variant forces the lowest beaten unit",
           _variants(_set("throws.forced_unit", pb.FORCED_UNIT_LOWEST_BEATEN))),
    Mutant("bottom-power-off-by-one", "the bottom multiplier is 2^(n-1) instead of 2^n",
           lambda: replace(bottom, "multiplier", _power_off_by_one)),
    Mutant("bottom-cap-ignored", "the bottom multiplier is not capped (QQ: 64)",
           _variants(_set("bottom.cap", 0))),
    Mutant("banker-win-still-digs", "the attackers score the bottom even when the banker's side wins the last trick",
           lambda: replace(requests, "score_bottom", _banker_win_scores)),
    Mutant("shape-table-pair-first", "the Lianzhong table is read with the pair row before the tractor row",
           _variants(_pair_row_first)),
    Mutant("band-edge-in-lower-band", "points on a band's lower edge count in the band below (80 is 40-80)",
           lambda: replace(levels, "band_contains", _edge_to_lower_band)),
    Mutant("next-banker-always-next-seat", "the seat after the banker always deals next",
           lambda: replace(levels, "next_banker_seat", _always_next_seat)),
    Mutant("last-level-never-passed", "going past the last level is never reported",
           lambda: replace(levels, "advance_level", _never_passes)),
    Mutant("level-step-ignored", "the open band gives no extra level per step (QQ: per 40 points)",
           lambda: replace(levels, "levels_won", _no_step)),
    Mutant("equal-declaration-overrides", "a declaration on the same rung overrides the standing one",
           lambda: replace(requests, "compare_declarations", _equal_rung_overrides)),
    Mutant("self-declaration-forbidden", "the standing declarer may never strengthen or change its declaration",
           _variants(_no_self_declarations)),
    Mutant("larger-tuples-do-not-win", "a quad (bomb) or a tractor of triples does not outrank a pair tractor",
           _variants(_set("comparison.larger_tuples_win", False))),
    Mutant("follow-ladders-ignored", "the variant's follow ladders (Titanic, quads) are not applied",
           _variants(_no_ladders)),
    Mutant("special-trump-make-tractors", "Heijian's special trump cards make tractors",
           _variants(_special_cards_make_tractors)),
    Mutant("trump-doubles-reversed", "Heijian's bottom doubles when won in a side suit instead of by trump",
           lambda: replace(bottom, "multiplier", _trump_doubles_reversed)),
]
"""Every mutant; tests/test_mutants.py asserts each is caught by some case."""
