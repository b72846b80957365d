"""The ``audit_deal`` cases: whole deals played by the random legal player
(:mod:`oracle.referee.random_deal`), and the same deals with one planted violation each.

* generated (``regression/generated-audit_deal.jsonl``): the record with the referee's own
  results written in as the reported ones; the expected answer is the referee's, frozen.
* hand (``cases/hand-audit_deal.jsonl``): one planted violation of one rule per case, reasoned
  from the rule; the expected answer names the step, the seat and the rule of the first
  violation. Nothing before the planted step changes, so the first violation is the plant.

>>> planted = hand_cases(variants=["qq-one-deck"], seeds=range(1))
>>> sorted({c["rules"][0] for c in planted})[:3]
['bury.cards', 'deal.cards', 'declare.ladder']
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from typing import Any

from google.protobuf import json_format

from conformance.authoring import variant_files
from oracle import pb
from oracle.cards import Card
from oracle.convert import card_from_pb, cards_from_pb
from oracle.engine.ruleset import Ruleset
from oracle.referee.random_deal import random_record
from oracle.referee.record_message import record_to_pb
from oracle.variants import get_variant, load_catalogue, make_ruleset

GENERATED_PER_VARIANT = 16
PLANT_SEEDS = range(100, 140)
"""The random deals a plant is tried on, in order, until one fits."""

_MULTIPLIER_RULES = {pb.BOTTOM_RULE_POWER: "bottom.power", pb.BOTTOM_RULE_SHAPE_TABLE: "bottom.shape_table",
                     pb.BOTTOM_RULE_LINEAR: "bottom.linear", pb.BOTTOM_RULE_TIMES: "bottom.times",
                     pb.BOTTOM_RULE_TRUMP_DOUBLES: "bottom.trump_doubles"}


def _deal(variant_id: str, seed: int) -> pb.DealRecord:
    """A random legal deal with the referee's results as the reported ones."""
    return record_to_pb(random_record(variant_id, seed), report=True)


def _rules_of(record: pb.DealRecord) -> Ruleset:
    """The record's ruleset: the trump of its context, or of its last declaration's cards."""
    ctx = record.context
    if ctx.trump_suit or ctx.no_trump:
        return make_ruleset(ctx.variant_id, ctx.level, ctx.trump_suit, no_trump=ctx.no_trump)
    cards = cards_from_pb(record.declarations[-1].cards)
    suit = next((c.suit for c in cards if not c.is_joker), None)
    return make_ruleset(ctx.variant_id, ctx.level, suit)


def _tags(variant_id: str, record: pb.DealRecord) -> list[str]:
    tags = ["audit_deal", variant_files.family(variant_id), f"decks-{variant_files.decks(variant_id)}"]
    if record.context.no_trump:
        tags.append("no-trump")
    return tags


def _notation(record: pb.DealRecord) -> str:
    from oracle.cards import Rank, format_cards

    ctx = record.context
    trump = "no-trump" if ctx.no_trump else (pb.Suit.Name(ctx.trump_suit)[5:].lower()
                                             if ctx.trump_suit else "set by the declarations")
    head = f"{ctx.variant_id}, playing {Rank(ctx.level).symbol}, trump {trump}, banker seat {record.banker_seat}"
    tricks = [" ".join(f"{p.seat}:{format_cards(cards_from_pb(p.cards)).replace(' ', ',')}" for p in t.plays)
              for t in record.tricks]
    return f"{head} | {len(record.tricks)} tricks | " + " / ".join(tricks[:3]) + (" / ..." if len(tricks) > 3 else "")


def _question(record: pb.DealRecord) -> dict[str, Any]:
    return {"auditDeal": {"record": json_format.MessageToDict(record)}}


def _short(record: pb.DealRecord) -> str:
    return hashlib.sha256(record.SerializeToString(deterministic=True)).hexdigest()[:12]


# --- Generated ---------------------------------------------------------------------------------

GENERATED_COMPARE = ["auditDeal.clean", "auditDeal.complete", "auditDeal.totals.trickPoints",
                     "auditDeal.totals.penaltyPoints", "auditDeal.totals.bottomMultiplier",
                     "auditDeal.totals.attackerPoints", "auditDeal.totals.levelSide",
                     "auditDeal.totals.levels", "auditDeal.totals.nextBankerSeat",
                     "auditDeal.totals.violations"]


def generated_cases(answer: Callable[[pb.Question], pb.Answer], generator: str,
                    version: str) -> list[dict[str, Any]]:
    """Every variant's random deals, audited by ``answer`` (the engine), frozen."""
    out = []
    for variant_id in sorted(load_catalogue()):
        for seed in range(GENERATED_PER_VARIANT):
            record = _deal(variant_id, seed)
            got = answer(pb.Question(audit_deal=pb.AuditDealRequest(record=record)))
            full = json_format.MessageToDict(got, always_print_fields_with_no_presence=True)["auditDeal"]
            expected = {"auditDeal": {"clean": full["clean"], "complete": full["complete"],
                                      "totals": {k: full["totals"][k] for k in (
                                          "trickPoints", "penaltyPoints", "bottomMultiplier",
                                          "attackerPoints", "levelSide", "levels", "nextBankerSeat",
                                          "violations")}}}
            out.append({
                "id": f"gen/audit_deal/{variant_id}/{_short(record)}", "variant": variant_id,
                "question": _question(record), "expected": expected, "compare": GENERATED_COMPARE,
                "rules": sorted(set(got.audit_deal.rule_ids)), "tags": _tags(variant_id, record),
                "notation": _notation(record), "origin": "generated", "generator": generator,
                "oracle_version": version,
            })
    return out


# --- Planted violations --------------------------------------------------------------------------

Plant = Callable[[pb.DealRecord, Ruleset], tuple[str, int, str, str] | None]
"""Change the record in place; the step, seat and rule of the violation and why, or ``None``."""


def _key(card: pb.Card) -> tuple[int, int]:
    return card.rank, card.suit


def _after_bury(record: pb.DealRecord) -> dict[int, list[tuple[int, int]]]:
    held = {h.seat: [_key(c) for c in h.cards] for h in record.hands}
    banker = held[record.banker_seat]
    banker.extend(_key(c) for c in record.bottom)
    for c in record.buried:
        banker.remove(_key(c))
    return held


def _seat_index(trick: pb.Trick, seat: int) -> int:
    return next(j for j, p in enumerate(trick.plays) if p.seat == seat)


def plant_deal(record: pb.DealRecord, rules: Ruleset) -> tuple[str, int, str, str] | None:
    """Move one card of seat 0's hand to seat 1's: the hands are no longer the hand size."""
    del rules
    card = record.hands[0].cards.pop()
    record.hands[1].cards.append(card)
    return "hands", -1, "deal.cards", (
        "One card of seat 0's dealt hand is moved to seat 1's: seat 0 holds one card fewer and seat 1 "
        "one more than the variant's hand size, so the deal is not one of the variant's (deal.cards).")


def plant_bury(record: pb.DealRecord, rules: Ruleset) -> tuple[str, int, str, str] | None:
    """Bury a card another seat holds instead of one the banker took up."""
    del rules
    banker = record.banker_seat
    kept = _after_bury(record)
    mine = kept[banker] + [_key(c) for c in record.buried]
    other = next((c for h in record.hands if h.seat != banker for c in h.cards
                  if mine.count(_key(c)) == 0), None)
    if other is None:
        return None
    if record.buried:
        record.buried[0].CopyFrom(other)
    else:
        record.buried.append(other)
    return "buried", banker, "bury.cards", (
        f"The banker buries {card_from_pb(other)}, which is neither in its hand nor in the bottom "
        "(another seat was dealt every copy): buried cards come from the banker's hand and the bottom "
        "(bury.cards).")


def plant_leader(record: pb.DealRecord, rules: Ruleset) -> tuple[str, int, str, str] | None:
    """Rotate the plays of the third trick so that the seat after its leader leads it."""
    del rules
    if len(record.tricks) < 3:
        return None
    trick = record.tricks[2]
    plays = list(trick.plays)
    rotated = plays[1:] + plays[:1]
    del trick.plays[:]
    trick.plays.extend(rotated)
    trick.ClearField("attempted_throw")
    return "tricks[2].plays[0]", rotated[0].seat, "trick.leader", (
        f"Seat {plays[0].seat} won the second trick, so it leads the third (the winner of each trick "
        f"leads the next, trick.leader); the record has seat {rotated[0].seat} lead it.")


def plant_revoke(record: pb.DealRecord, rules: Ruleset) -> tuple[str, int, str, str] | None:
    """A follower of a one-card lead plays another suit while still holding the led suit: its
    led-suit card is swapped with a card of another suit it plays later."""
    for k, trick in enumerate(record.tricks):
        if len(trick.plays[0].cards) != 1 or trick.attempted_throw:
            continue
        led = rules.effective_suit(card_from_pb(trick.plays[0].cards[0]))
        for j, play in enumerate(trick.plays[1:], start=1):
            card = card_from_pb(play.cards[0])
            if rules.effective_suit(card) != led:
                continue
            for m in range(k + 1, len(record.tricks)):
                later = record.tricks[m]
                i = _seat_index(later, play.seat)
                for n, other in enumerate(later.plays[i].cards):
                    if rules.effective_suit(card_from_pb(other)) == led:
                        continue
                    swapped = pb.Card()
                    swapped.CopyFrom(other)
                    later.plays[i].cards[n].CopyFrom(play.cards[0])
                    play.cards[0].CopyFrom(swapped)
                    return f"tricks[{k}].plays[{j}]", play.seat, "follow.suit", (
                        f"Seat {play.seat} plays {card_from_pb(swapped)} to a one-card lead of "
                        f"{card_from_pb(trick.plays[0].cards[0])} while it still holds {card} of the led "
                        f"suit (it plays it in trick {m + 1}): a follower holding the led suit must "
                        "follow it (follow.suit).")
    return None


def plant_winner(record: pb.DealRecord, rules: Ruleset) -> tuple[str, int, str, str] | None:
    """Claim as a trick's winner a seat that discarded (neither the led suit nor trump)."""
    for k, trick in enumerate(record.tricks):
        led = rules.suit_of(cards_from_pb(trick.plays[0].cards))
        for play in trick.plays[1:]:
            suits = {rules.effective_suit(c) for c in cards_from_pb(play.cards)}
            if led in suits or rules.effective_suit(_trump_card(rules)) in suits:
                continue
            actual = trick.reported_winner
            trick.reported_winner = play.seat
            return f"tricks[{k}]", actual, "trick.discard", (
                f"The record says seat {play.seat} won trick {k + 1}, but its play holds neither the "
                "led suit nor trump: a discard cannot win (trick.discard).")
    return None


def _trump_card(rules: Ruleset) -> Card:
    from oracle.cards import BIG_JOKER

    return BIG_JOKER


def plant_multiplier(record: pb.DealRecord, rules: Ruleset) -> tuple[str, int, str, str] | None:
    """Report a bottom multiplier one more than the last trick gives; a one-card last lead."""
    last = record.tricks[-1]
    if len(last.plays[0].cards) != 1:
        return None
    variant = rules.variant
    winner = last.reported_winner
    banker_side = winner % 2 == record.banker_seat % 2
    if banker_side and variant.bottom.dig != pb.DIG_RULE_EITHER_SIDE:
        rule, how = "bottom.banker_wins", "the banker's side wins the last trick, so nobody digs"
    else:
        rule = _MULTIPLIER_RULES[variant.bottom.rule]
        how = f"the last lead is one card and the variant's bottom rule is {rule}"
    record.reported.bottom_multiplier += 1
    return "bottom", winner, rule, (
        f"The reported bottom multiplier is one more than the referee's: {how} ({rule}); the step "
        "'bottom' breaks it.")


def plant_twice(record: pb.DealRecord, rules: Ruleset) -> tuple[str, int, str, str] | None:
    """A seat plays again a card it held one copy of and played before."""
    del rules
    kept = _after_bury(record)
    for k, trick in enumerate(record.tricks):
        for play in trick.plays:
            card = play.cards[0]
            if kept[play.seat].count(_key(card)) != 1:
                continue
            for m in range(k + 1, len(record.tricks)):
                later = record.tricks[m]
                j = _seat_index(later, play.seat)
                if _key(card) in [_key(c) for c in later.plays[j].cards]:
                    continue
                later.plays[j].cards[0].CopyFrom(card)
                return f"tricks[{m}].plays[{j}]", play.seat, "play.held", (
                    f"Seat {play.seat} held one {card_from_pb(card)} and played it in trick {k + 1}; "
                    f"the record has it play {card_from_pb(card)} again in trick {m + 1}: a seat plays "
                    "only cards it holds (play.held).")
    return None


def plant_declaration(record: pb.DealRecord, rules: Ruleset) -> tuple[str, int, str, str] | None:
    """After the last declaration, another seat shows one level card: it cannot override."""
    del rules
    if not record.declarations:
        return None
    standing = record.declarations[-1]
    level = record.context.level
    found = next(((h.seat, c) for h in record.hands if h.seat != standing.seat
                  for c in h.cards if c.rank == level), None)
    if found is None:
        return None
    seat, card = found
    record.declarations.add(seat=seat, cards=[card])
    point_sum = get_variant(record.context.variant_id).declarations.rule == pb.DECLARATION_RULE_POINT_SUM
    step = f"declarations[{len(record.declarations) - 1}]"
    if point_sum:
        return step, seat, "declare.point_sum", (
            f"Seat {seat} bids one level card (1 point) after seat {standing.seat}'s bid of at least 1 "
            "point: a bid must beat the standing one's point sum (declare.point_sum).")
    return step, seat, "declare.ladder", (
        f"Seat {seat} shows one level card after seat {standing.seat}'s declaration of "
        f"{len(standing.cards)} card(s): a single level card is the lowest rung, and a declaration "
        "overrides only from a higher rung (declare.ladder).")


def plant_forced(record: pb.DealRecord, rules: Ruleset) -> tuple[str, int, str, str] | None:
    """After a failed throw that forced one card, the leader leads another card of the throw."""
    del rules
    for k, trick in enumerate(record.tricks):
        lead = trick.plays[0]
        if not trick.attempted_throw or len(lead.cards) != 1:
            continue
        forced = lead.cards[0]
        other = next((c for c in trick.attempted_throw if _key(c) != _key(forced)), None)
        if other is None:
            continue
        for m in range(k + 1, len(record.tricks)):
            later = record.tricks[m]
            j = _seat_index(later, lead.seat)
            n = next((n for n, c in enumerate(later.plays[j].cards) if _key(c) == _key(other)), None)
            if n is None:
                continue
            later.plays[j].cards[n].CopyFrom(forced)
            shown = card_from_pb(forced)
            lead.cards[0].CopyFrom(other)
            return f"tricks[{k}].plays[0]", lead.seat, "throw.forced_unit", (
                f"Seat {lead.seat}'s throw of {' '.join(str(c) for c in cards_from_pb(trick.attempted_throw))} "
                f"fails and forces {shown} (as the record of the legal deal shows); the record has it lead "
                f"{card_from_pb(other)} instead, and {shown} later: a failed throw must be followed by the "
                "play it forces (throw.forced_unit).")
    return None


PLANTS: dict[str, Plant] = {
    "broken-deal": plant_deal, "bury-not-held": plant_bury, "wrong-leader": plant_leader,
    "revoke": plant_revoke, "wrong-winner": plant_winner, "wrong-multiplier": plant_multiplier,
    "card-twice": plant_twice, "no-override": plant_declaration, "throw-not-forced": plant_forced,
}


def hand_cases(variants: Iterable[str] | None = None, seeds: Iterable[int] = PLANT_SEEDS) -> list[dict[str, Any]]:
    """One case per plant and variant, on the first random deal it fits."""
    out = []
    seeds = list(seeds)
    for variant_id in variants or sorted(load_catalogue()):
        for name, plant in PLANTS.items():
            for seed in seeds:
                record = _deal(variant_id, seed)
                rules = _rules_of(record)
                placed = plant(record, rules)
                if placed is None:
                    continue
                step, seat, rule, why = placed
                expected = {"auditDeal": {"clean": False, "firstViolation": {
                    "step": step, "seat": seat, "brokenRuleId": rule}}}
                out.append({
                    "id": f"hand/audit_deal/{name}/{variant_id}-{seed}", "variant": variant_id,
                    "question": _question(record), "expected": expected,
                    "compare": ["auditDeal.clean", "auditDeal.firstViolation.step",
                                "auditDeal.firstViolation.seat", "auditDeal.firstViolation.brokenRuleId"],
                    "rules": [rule], "negative": [rule], "tags": _tags(variant_id, record),
                    "notation": _notation(record), "origin": "hand",
                    "why": f"A deal of the random legal player (seed {seed}), with one change. {why}",
                })
                break
    return out


def dumps(case: dict[str, Any]) -> str:
    return json.dumps(case, ensure_ascii=False, separators=(",", ":")) + "\n"
