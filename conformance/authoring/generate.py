"""Write the conformance suite's case files (conformance/cases/*.jsonl) and its counts.

Three kinds of file, by origin:

``seed.jsonl``
    the seeds' worked examples (:mod:`conformance.authoring.seed`);
``hand-<kind>.jsonl``
    cases reasoned from the rules (:mod:`conformance.authoring.hand_play`,
    :mod:`conformance.authoring.hand_rules`, :mod:`conformance.authoring.hand_variants`,
    :mod:`conformance.authoring.hand_errors`);
``regression/generated-<kind>.jsonl``
    random deals answered by this project's engine (``oracle.service.questions.dispatch``),
    frozen: the regression set; they guard against regressions, they do not prove the rules.

Everything is deterministic: the random deals use fixed seeds, so running the
script twice writes the same files (as long as the engine answers the same).
The counts table of conformance/README.md (between the ``counts`` markers) is
rewritten from the files.

Usage::

    python -m conformance.authoring.generate              # everything
    python -m conformance.authoring.generate --only hand  # seed and hand files only (no engine needed)
    python -m conformance.authoring.generate --check      # fail if the seed/hand files or the counts are stale

>>> GENERATOR
'scripts/generate_cases.py@1'
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

from google.protobuf import json_format

from conformance import ALTERNATIVES_DIR, CASES_DIR, PACKAGE_DIR, REGRESSION_DIR
from conformance.authoring import (
    alternatives,
    build,
    deal_records,
    hand_errors,
    hand_play,
    hand_rules,
    hand_variants,
    perft,
    seed,
    variant_files,
)
from conformance.cases import KINDS, SETS, load_suite
from conformance.compare import path_tree
from oracle import pb
from oracle.cards import Card, Rank, Suit, card_name, full_deck
from oracle.convert import cards_to_pb
from oracle.engine.ruleset import TRUMP, Ruleset
from oracle.rules import RULES
from oracle.seed_rules.follow import ladder_for
from oracle.seed_rules.natural_units import natural_units as decompose
from oracle.service.questions import dispatch
from oracle.variants import load_catalogue, make_ruleset
from oracle.version import __version__ as ORACLE_VERSION

GENERATOR_VERSION = "1"
GENERATOR = f"scripts/generate_cases.py@{GENERATOR_VERSION}"
README = ROOT / "conformance" / "README.md"

COMPARE: dict[str, list[str]] = {
    "describe_play": ["describePlay.effectiveSuit", "describePlay.units[].tupleSize", "describePlay.units[].length",
                      "describePlay.units[].cards", "describePlay.points", "describePlay.validLead",
                      "describePlay.isThrow"],
    "check_follow": ["checkFollow.legal", "checkFollow.brokenRuleId"],
    "judge_trick": ["judgeTrick.winningSeat", "judgeTrick.points", "judgeTrick.verdicts[].seat",
                    "judgeTrick.verdicts[].kind", "judgeTrick.verdicts[].beatsBestSoFar"],
    "check_throw": ["checkThrow.isThrow", "checkThrow.succeeds", "checkThrow.units[].tupleSize",
                    "checkThrow.units[].length", "checkThrow.units[].cards", "checkThrow.blocks[].unit.cards",
                    "checkThrow.blocks[].seat", "checkThrow.forcedPlay", "checkThrow.penaltyPoints"],
    "score_bottom": [f"scoreBottom.{k}" for k in ("winningSeat", "attackersWon", "bottomPoints", "multiplier",
                                                  "pointsToAttackers", "pointsToBanker", "diggingSide")],
    "score_deal": [f"scoreDeal.{k}" for k in ("side", "levels", "attackersTakeDeal", "nextBankerSeat",
                                              "newBankerLevel", "newAttackerLevel", "passesLastLevel")],
    "compare_declarations": ["compareDeclarations.challengerValid", "compareDeclarations.overrides",
                             "compareDeclarations.noTrump", "compareDeclarations.trumpSuit"],
    "error": ["error.code", "error.fieldViolations[].field"],
}
"""The answer fields each generated case compares (the same as the hand-written cases)."""

PER_VARIANT = {"describe_play": 40, "check_follow": 110, "judge_trick": 80, "check_throw": 60, "score_bottom": 30,
               "score_deal": 40, "compare_declarations": 30, "error": 24}
"""Generated cases per variant and kind."""


# --- Cards ------------------------------------------------------------------------------------

def notation(cards: Iterable[Card]) -> str:
    return " ".join(card_name(c) for c in cards)


def shuffled_decks(rng: random.Random, decks: int) -> list[Card]:
    cards = full_deck() * decks
    rng.shuffle(cards)
    return cards


def random_context(rng: random.Random, variant: pb.Variant) -> tuple[Ruleset, str, str | None]:
    level = Rank(rng.choice(list(variant.card_order.levels)))
    trump = None if rng.random() < 0.15 else rng.choice(list(Suit))
    rules = make_ruleset(variant.id, level, trump, no_trump=trump is None)
    return rules, level.symbol, None if trump is None else trump.letter


def structured(rng: random.Random, rules: Ruleset, pool: Sequence[Card], suit: int, n: int,
               top_bias: float = 0.3) -> list[Card] | None:
    """``n`` cards of one effective suit from ``pool``, walking down the order from a random
    place and taking several copies of a card where there are: pairs, tuples and tractors appear."""
    by_identity: dict[tuple[int, int], list[Card]] = {}
    for card in pool:
        if rules.effective_suit(card) == suit:
            by_identity.setdefault(rules.identity(card), []).append(card)
    if sum(len(v) for v in by_identity.values()) < n:
        return None
    order = sorted(by_identity, key=lambda i: -rules.strength(by_identity[i][0]))
    start = 0 if rng.random() < top_bias else rng.randrange(len(order))
    chosen: list[Card] = []
    index = start
    while len(chosen) < n:
        cards = by_identity[order[index % len(order)]]
        left = list((Counter(cards) - Counter(chosen)).elements())
        if left:
            want = len(left) if rng.random() < 0.6 else rng.randint(1, len(left))
            chosen.extend(left[: min(want, n - len(chosen))])
        index += 1
        if index - start > 2 * len(order):
            break
    return chosen if len(chosen) == n else None


def remove(pool: list[Card], cards: Iterable[Card]) -> None:
    for card in cards:
        pool.remove(card)


def lead_size(rng: random.Random, decks: int) -> int:
    sizes = [1, 2, 2, 3, 4, 4, 5, 6] + ([3, 6, 8] if decks >= 3 else [])
    return rng.choice(sizes)


def suits_held(rules: Ruleset, cards: Iterable[Card]) -> list[int]:
    return sorted({int(rules.effective_suit(c)) for c in cards})


# --- Questions --------------------------------------------------------------------------------

def context_pb(rules: Ruleset) -> pb.Context:
    return pb.Context(variant_id=rules.variant.id, level=int(rules.level),  # type: ignore[arg-type]
                      trump_suit=int(rules.trump or 0),  # type: ignore[arg-type]
                      no_trump=rules.trump is None)


def gen_describe(rng: random.Random, variant: pb.Variant) -> Iterable[tuple[pb.Question, Ruleset]]:
    while True:
        rules, _, _ = random_context(rng, variant)
        pool = shuffled_decks(rng, variant.deal.decks)
        n = lead_size(rng, variant.deal.decks) + rng.choice([0, 0, 1, 2])
        if rng.random() < 0.12:
            cards = pool[:n]
        else:
            suit = rng.choice(suits_held(rules, pool))
            cards = structured(rng, rules, pool, suit, n, top_bias=0.5) or pool[:n]
        yield pb.Question(describe_play=pb.DescribePlayRequest(context=context_pb(rules), cards=cards_to_pb(cards))), rules


def _hands(rng: random.Random, variant: pb.Variant) -> list[list[Card]]:
    deck = shuffled_decks(rng, variant.deal.decks)
    size = variant.deal.hand_size
    return [deck[i * size:(i + 1) * size] for i in range(variant.deal.players)]


def gen_follow(rng: random.Random, variant: pb.Variant) -> Iterable[tuple[pb.Question, Ruleset]]:
    while True:
        rules, _, _ = random_context(rng, variant)
        hands = _hands(rng, variant)
        leader, follower = hands[0], hands[1]
        n = lead_size(rng, variant.deal.decks)
        suit = rng.choice(suits_held(rules, leader))
        lead = structured(rng, rules, leader, suit, n)
        if lead is None:
            continue
        keep = rng.randint(n, len(follower)) if rng.random() < 0.5 else len(follower)
        hand = rng.sample(follower, keep)
        in_suit = [c for c in hand if rules.effective_suit(c) == suit]
        others = [c for c in hand if rules.effective_suit(c) != suit]
        plays: list[list[Card]] = []
        need = min(n, len(in_suit))
        shaped = structured(rng, rules, in_suit, suit, need) if need else []
        if shaped is not None:
            plays.append(shaped + rng.sample(others, n - need))
        take = max(0, need - (1 if rng.random() < 0.25 else 0))
        plays.append(rng.sample(in_suit, take) + rng.sample(others, min(len(others), n - take)))
        for play in plays:
            if len(play) != n:
                continue
            question = pb.Question(check_follow=pb.CheckFollowRequest(
                context=context_pb(rules), lead=cards_to_pb(lead), hand=cards_to_pb(hand), play=cards_to_pb(play)))
            yield question, rules
            answer = answer_or_none(question)
            if answer is not None and answer.WhichOneof("answer") == "check_follow" and not answer.check_follow.legal:
                example = list(answer.check_follow.example)
                yield pb.Question(check_follow=pb.CheckFollowRequest(
                    context=context_pb(rules), lead=cards_to_pb(lead), hand=cards_to_pb(hand), play=example)), rules


def _trick_plays(rng: random.Random, rules: Ruleset, variant: pb.Variant, count: int) -> list[list[Card]] | None:
    pool = shuffled_decks(rng, variant.deal.decks)
    n = lead_size(rng, variant.deal.decks)
    suit = rng.choice(suits_held(rules, pool))
    lead = structured(rng, rules, pool, suit, n)
    if lead is None:
        return None
    remove(pool, lead)
    plays = [lead]
    for _ in range(count - 1):
        roll = rng.random()
        play = None
        if roll < 0.45:
            play = structured(rng, rules, pool, suit, n)
        elif roll < 0.75 and suit != TRUMP:
            play = structured(rng, rules, pool, TRUMP, n)
        if play is None:
            play = pool[:n]
        remove(pool, play)
        plays.append(play)
    return plays


def gen_trick(rng: random.Random, variant: pb.Variant) -> Iterable[tuple[pb.Question, Ruleset]]:
    players = variant.deal.players
    while True:
        rules, _, _ = random_context(rng, variant)
        count = players if rng.random() < 0.8 else rng.randint(2, players)
        plays = _trick_plays(rng, rules, variant, count)
        if plays is None:
            continue
        first = rng.randrange(players)
        yield pb.Question(judge_trick=pb.JudgeTrickRequest(context=context_pb(rules), plays=[
            pb.Play(seat=(first + i) % players, cards=cards_to_pb(p)) for i, p in enumerate(plays)])), rules


def gen_throw(rng: random.Random, variant: pb.Variant) -> Iterable[tuple[pb.Question, Ruleset]]:
    players = variant.deal.players
    while True:
        rules, _, _ = random_context(rng, variant)
        hands = _hands(rng, variant)
        seat = rng.randrange(players)
        n = rng.choice([2, 3, 3, 4, 5, 5, 6, 7, 8])
        suit = rng.choice(suits_held(rules, hands[seat]))
        thrown = structured(rng, rules, hands[seat], suit, n, top_bias=0.6)
        if thrown is None:
            continue
        others = [s for s in range(players) if s != seat]
        if rng.random() < 0.25:
            others = rng.sample(others, rng.randint(1, len(others)))
        yield pb.Question(check_throw=pb.CheckThrowRequest(
            context=context_pb(rules), throw=pb.Play(seat=seat, cards=cards_to_pb(thrown)),
            other_hands=[pb.Hand(seat=s, cards=cards_to_pb(hands[s])) for s in sorted(others)])), rules


def gen_bottom(rng: random.Random, variant: pb.Variant) -> Iterable[tuple[pb.Question, Ruleset]]:
    players = variant.deal.players
    while True:
        rules, _, _ = random_context(rng, variant)
        plays = _trick_plays(rng, rules, variant, players)
        if plays is None:
            continue
        used: Counter[Card] = Counter(c for p in plays for c in p)
        pool = [c for c in shuffled_decks(rng, variant.deal.decks)]
        for card, count in used.items():
            for _ in range(count):
                pool.remove(card)
        buried = pool[: variant.deal.bottom_size]
        first = rng.randrange(players)
        banker = rng.randrange(players)
        bankers = sorted({banker, (banker + players // 2) % players})
        request = pb.ScoreBottomRequest(
            context=context_pb(rules), banker_seats=bankers, bottom=cards_to_pb(buried),
            last_trick=[pb.Play(seat=(first + i) % players, cards=cards_to_pb(p)) for i, p in enumerate(plays)])
        if variant.bottom.dig == pb.DIG_RULE_EITHER_SIDE:
            request.banker_side_points = 5 * rng.randint(0, 60)
            request.attacker_points = 5 * rng.randint(0, 60)
        yield pb.Question(score_bottom=request), rules


def gen_deal(rng: random.Random, variant: pb.Variant) -> Iterable[tuple[pb.Question, None]]:
    levels = list(variant.card_order.levels)
    edges = sorted(build.band_edges(variant.id))
    total = variant.level_table.total_points
    while True:
        points = rng.choice(edges) if edges and rng.random() < 0.4 else 5 * rng.randint(-4, total * 3 // 10)
        request = pb.ScoreDealRequest(context=pb.Context(variant_id=variant.id), attacker_points=points,
                                      banker_seat=rng.randrange(variant.deal.players))
        if rng.random() < 0.8:
            request.banker_level = rng.choice(levels[-4:] if rng.random() < 0.4 else levels)
            request.attacker_level = rng.choice(levels[-4:] if rng.random() < 0.4 else levels)
        yield pb.Question(score_deal=request), None


def _declaration_cards(rng: random.Random, variant: pb.Variant, level: Rank) -> list[Card]:
    decks = variant.deal.decks
    if variant.declarations.rule == pb.DECLARATION_RULE_POINT_SUM:
        bidding = [Card(Rank.ACE, Suit.SPADES), Card(Rank.FIVE, Suit.HEARTS), Card(Rank.FIVE, Suit.DIAMONDS),
                   Card(Rank.BIG_JOKER, None), Card(Rank.SMALL_JOKER, None)] + [Card(level, s) for s in Suit]
        if rng.random() < 0.1:
            bidding.append(Card(Rank.KING, rng.choice(list(Suit))))
        return rng.sample(bidding * decks, rng.randint(1, 4))
    roll = rng.random()
    if roll < 0.6:
        suit = rng.choice(list(Suit))
        return [Card(level, suit)] * rng.randint(1, decks)
    if roll < 0.85:
        count = rng.randint(1, min(4, 2 * decks))
        return [Card(rng.choice([Rank.SMALL_JOKER, Rank.BIG_JOKER]), None) for _ in range(count)]
    rank = rng.choice(list(variant.card_order.levels))
    return [Card(Rank(rank), rng.choice(list(Suit))) for _ in range(rng.randint(1, 2))]


def gen_declare(rng: random.Random, variant: pb.Variant) -> Iterable[tuple[pb.Question, None]]:
    players = variant.deal.players
    while True:
        level = Rank(rng.choice(list(variant.card_order.levels)))
        challenger = _declaration_cards(rng, variant, level)
        context = pb.Context(variant_id=variant.id, level=int(level))  # type: ignore[arg-type]
        request = pb.CompareDeclarationsRequest(context=context,
                                                challenger=pb.Declaration(seat=rng.randrange(players),
                                                                          cards=cards_to_pb(challenger)))
        if rng.random() < 0.75:
            standing = _declaration_cards(rng, variant, level)
            together = Counter(standing) + Counter(challenger)
            if max(together.values()) > variant.deal.decks:
                continue
            seat = request.challenger.seat if rng.random() < 0.25 else rng.randrange(players)
            request.standing.CopyFrom(pb.Declaration(seat=seat, cards=cards_to_pb(standing)))
        if variant.declarations.allow_rebury and rng.random() < 0.2:
            request.rebury = True
        yield pb.Question(compare_declarations=request), None


GENERATORS: dict[str, Callable[[random.Random, pb.Variant], Iterable[tuple[pb.Question, Ruleset | None]]]] = {
    "describe_play": gen_describe,
    "check_follow": gen_follow,
    "judge_trick": gen_trick,
    "check_throw": gen_throw,
    "score_bottom": gen_bottom,
    "score_deal": gen_deal,
    "compare_declarations": gen_declare,
}


# --- Malformed questions ----------------------------------------------------------------------

def spoil(rng: random.Random, question: pb.Question, variant: pb.Variant) -> pb.Question:
    """One mistake in a well-formed question (what a client gets wrong)."""
    bad = pb.Question()
    bad.CopyFrom(question)
    kind = bad.WhichOneof("question")
    request = getattr(bad, kind)
    roll = rng.random()
    if kind in ("score_deal", "compare_declarations"):
        if roll < 0.3:
            request.context.variant_id = variant.id + "-x"
        elif roll < 0.6 and kind == "score_deal":
            request.banker_seat = variant.deal.players + rng.randrange(3)
        elif roll < 0.6:
            del request.challenger.cards[:]
        elif kind == "compare_declarations":
            request.context.level = pb.RANK_BIG_JOKER
        else:
            request.banker_level = pb.RANK_SMALL_JOKER
        return bad
    context = request.context
    if roll < 0.15:
        context.level = pb.RANK_SMALL_JOKER
    elif roll < 0.25:
        context.no_trump = True
        context.trump_suit = pb.SUIT_HEARTS
    elif roll < 0.35:
        context.variant_id = "no-such-variant"
    else:
        lists = [f for f in request.DESCRIPTOR.fields if f.message_type is pb.Card.DESCRIPTOR and f.is_repeated]
        field = rng.choice(lists) if lists else None
        if kind == "judge_trick" or kind == "score_bottom":
            plays = request.plays if kind == "judge_trick" else request.last_trick
            play = rng.choice(list(plays))
            if rng.random() < 0.5:
                play.seat = (play.seat + 1) % variant.deal.players
            else:
                play.cards.append(pb.Card(rank=pb.RANK_TWO, suit=pb.SUIT_UNSPECIFIED))
        elif kind == "check_throw":
            if rng.random() < 0.5 and request.other_hands:
                request.other_hands[0].seat = request.throw.seat
            else:
                request.throw.cards.append(pb.Card(rank=pb.RANK_BIG_JOKER, suit=pb.SUIT_CLUBS))
        elif field is not None:
            cards = getattr(request, field.name)
            if cards and rng.random() < 0.5:
                cards[rng.randrange(len(cards))].CopyFrom(pb.Card(rank=pb.RANK_ACE))
            else:
                extra = cards[0] if cards else pb.Card(rank=pb.RANK_ACE, suit=pb.SUIT_SPADES)
                for _ in range(variant.deal.decks + 1):
                    cards.append(extra)
    return bad


# --- Cases ------------------------------------------------------------------------------------

def to_json(message: Any) -> dict[str, Any]:
    result: dict[str, Any] = json_format.MessageToDict(message)
    return result


def project(answer: dict[str, Any], paths: Sequence[str]) -> dict[str, Any]:
    """The parts of a normalised answer that the paths name, in its own order."""
    def select(value: Any, tree: dict[str, Any]) -> Any:
        if not tree or not isinstance(value, dict):
            return value
        out = {}
        for name, (each, sub) in tree.items():
            item = value.get(name)
            if each and isinstance(item, list):
                out[name] = [select(v, sub) for v in item]
            else:
                out[name] = select(item, sub)
        return out
    result: dict[str, Any] = select(answer, path_tree(paths))
    return result


def cited(answer: pb.Answer) -> list[str]:
    kind = answer.WhichOneof("answer")
    response = getattr(answer, kind)
    ids = list(getattr(response, "rule_ids", ()))
    for verdict in getattr(response, "verdicts", ()):
        ids.extend(verdict.rule_ids)
    if getattr(response, "broken_rule_id", ""):
        ids.append(response.broken_rule_id)
    return sorted({i for i in ids if i in RULES})


def feature_tags(kind: str, question: pb.Question, answer: pb.Answer, rules: Ruleset | None) -> list[str]:
    """Tags read from the question and the engine's answer (generated cases only)."""
    tags: list[str] = []
    variant = load_catalogue()[variant_of(question)]
    if kind in ("describe_play", "check_follow", "judge_trick", "check_throw", "score_bottom") and rules is not None:
        request = getattr(question, kind)
        cards = {"describe_play": lambda: request.cards, "check_follow": lambda: request.lead,
                 "judge_trick": lambda: request.plays[0].cards, "check_throw": lambda: request.throw.cards,
                 "score_bottom": lambda: request.last_trick[0].cards}[kind]()
        from oracle.convert import cards_from_pb

        lead = cards_from_pb(cards)
        if rules.suit_of(lead) != pb.EFFECTIVE_SUIT_MIXED:
            units = decompose(rules, lead)
            if any(u.tuple_size == 2 for u in units):
                tags.append("pairs")
            if any(u.tuple_size == 3 for u in units):
                tags.append("triples")
            if any(u.tuple_size >= 4 for u in units):
                tags.append("quads")
            if any(u.is_tractor for u in units):
                tags.append("tractor")
            if any(u.is_tractor and u.tuple_size == 3 for u in units):
                tags.append("titanic")
            if variant.tractors.ace_either_end and any(
                    u.is_tractor and any(c.rank == Rank.ACE for c in u.cards)
                    and any(c.rank in (Rank.TWO, Rank.THREE) for c in u.cards) for u in units):
                tags.append("ace-either-end")
            if len(units) > 1:
                tags.append("throw")
            if any(u.is_tractor and u.cards[0].suit is not None and rules.effective_suit(u.cards[0]) == TRUMP
                   and len({rules.strength(c) for c in u.cards}) > 1 and _across(rules, u.cards) for u in units):
                tags.append("trump-tractor")
            if kind == "check_follow" and ladder_for(rules, units) is not None:
                tags.append("follow-ladder")
    if variant.id == "heijian" and kind not in ("score_deal", "compare_declarations"):
        tags.append("special-trump")
    response = getattr(answer, answer.WhichOneof("answer"))
    if kind == "check_follow":
        tags.append("follow-suit")
    elif kind == "judge_trick":
        kinds = {v.kind for v in response.verdicts}
        for play_kind, tag in ((pb.PLAY_KIND_RUFF, "ruff"), (pb.PLAY_KIND_OVER_RUFF, "over-ruff"),
                               (pb.PLAY_KIND_DISCARD, "discard")):
            if play_kind in kinds:
                tags.append(tag)
        rule_ids = {r for v in response.verdicts for r in v.rule_ids}
        if "order.first_played_wins" in rule_ids:
            tags.append("first-played-wins")
        if "trick.kinds" in rule_ids:
            tags.append("larger-tuples")
    elif kind == "check_throw":
        if not response.succeeds:
            tags.append("forced-unit")
        if response.penalty_points:
            tags.append("penalty")
    elif kind == "score_bottom":
        rule_tags = {pb.BOTTOM_RULE_POWER: "bottom-power", pb.BOTTOM_RULE_SHAPE_TABLE: "bottom-shape-table",
                     pb.BOTTOM_RULE_LINEAR: "bottom-linear", pb.BOTTOM_RULE_TRUMP_DOUBLES: "bottom-trump-doubles"}
        if variant.bottom.dig == pb.DIG_RULE_EITHER_SIDE:
            tags.append("bottom-either-side")
        elif not response.attackers_won:
            tags.append("banker-wins-bottom")
        if variant.bottom.rule in rule_tags and (response.attackers_won or
                                                 variant.bottom.dig == pb.DIG_RULE_EITHER_SIDE):
            tags.append(rule_tags[variant.bottom.rule])
    elif kind == "score_deal":
        tags += ["level-table", "next-banker"]
        if question.score_deal.attacker_points in build.band_edges(variant.id):
            tags.append("band-edge")
        if response.passes_last_level:
            tags.append("last-level")
    elif kind == "compare_declarations":
        request = question.compare_declarations
        point_sum = variant.declarations.rule == pb.DECLARATION_RULE_POINT_SUM
        tags.append("declaration-point-sum" if point_sum else "declaration-ladder")
        if request.HasField("standing") and request.standing.seat == request.challenger.seat:
            tags.append("self-declaration")
        if "declare.suit_order" in response.rule_ids:
            tags.append("declaration-suit-order")
        if request.rebury:
            tags.append("rebury")
    return list(dict.fromkeys(tags))


def _across(rules: Ruleset, cards: Sequence[Card]) -> bool:
    """Whether trump cards of a tractor come from different tiers (jokers, level cards) or the suit."""
    return len({(c.rank, c.suit) for c in cards}) > 1 and any(c.is_joker or c.rank == rules.level for c in cards)


DEPRECATED_FORM_KINDS = ("score_deal", "compare_declarations")
"""The kinds whose variant (and level) may still come outside the context (deprecated since 1.1)."""


def variant_of(question: pb.Question) -> str:
    kind = question.WhichOneof("question")
    request = getattr(question, kind)
    if kind == "get_variant" or (kind in DEPRECATED_FORM_KINDS and not request.HasField("context")):
        return str(request.variant_id)
    return str(request.context.variant_id)


def case_id(prefix: str, question: pb.Question) -> str:
    text = json.dumps(to_json(question), sort_keys=True, separators=(",", ":"))
    return f"{prefix}/{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def question_notation(question: pb.Question) -> str:
    """A line for people: the question in the card notation."""
    kind = question.WhichOneof("question")
    r = getattr(question, kind)
    from oracle.convert import cards_from_pb

    def cs(cards: Any) -> str:
        try:
            return notation(cards_from_pb(cards)) or "-"
        except (ValueError, KeyError):
            return "(" + ", ".join(f"{c.rank}/{c.suit}" for c in cards) + ")"

    def rank(value: int) -> str:
        if value in {int(x) for x in Rank}:
            return Rank(value).symbol
        return str(value)

    def context(c: pb.Context) -> str:
        suit = Suit(c.trump_suit).letter if c.trump_suit in {1, 2, 3, 4} else ""
        if c.no_trump:
            trump = f"no-trump and trump {suit}" if suit else "no-trump"
        else:
            trump = f"trump {suit}" if suit else "no trump given"
        return f"{c.variant_id}, playing {rank(c.level) if c.level else '(no level)'}, {trump}"

    if kind == "describe_play":
        return f"{context(r.context)} | cards: {cs(r.cards)}"
    if kind == "check_follow":
        return f"{context(r.context)} | lead: {cs(r.lead)} | hand: {cs(r.hand)} | play: {cs(r.play)}"
    if kind == "judge_trick":
        return f"{context(r.context)} | " + " | ".join(f"seat {p.seat}: {cs(p.cards)}" for p in r.plays)
    if kind == "check_throw":
        return (f"{context(r.context)} | throw by seat {r.throw.seat}: {cs(r.throw.cards)} | "
                + " | ".join(f"seat {h.seat}: {cs(h.cards)}" for h in r.other_hands))
    if kind == "score_bottom":
        extra = (f" | points before the dig: banker's side {r.banker_side_points}, attackers {r.attacker_points}"
                 if r.banker_side_points or r.attacker_points else "")
        return (f"{context(r.context)} | banker's side: seats {' '.join(map(str, r.banker_seats))} | last trick: "
                + " | ".join(f"seat {p.seat}: {cs(p.cards)}" for p in r.last_trick) + f" | bottom: {cs(r.bottom)}"
                + extra)
    if kind == "score_deal":
        levels = ""
        if r.banker_level or r.attacker_level:
            levels = (f" | banker's side at {rank(r.banker_level) if r.banker_level else '-'}, attackers at "
                      f"{rank(r.attacker_level) if r.attacker_level else '-'}")
        return f"{variant_of(question)} | attackers {r.attacker_points} points | banker seat {r.banker_seat}{levels}"
    if kind == "compare_declarations":
        standing = f"seat {r.standing.seat}: {cs(r.standing.cards)}" if r.HasField("standing") else "nobody"
        level = r.context.level if r.HasField("context") else r.level
        return (f"{variant_of(question)}, playing {rank(level)} | standing: {standing} | challenger seat "
                f"{r.challenger.seat}: {cs(r.challenger.cards)}" + (" | after the bottom is buried" if r.rebury else ""))
    return kind or "empty question"


def generated_case(question: pb.Question, answer: pb.Answer, kind: str, rules: Ruleset | None) -> dict[str, Any]:
    """A generated case: the engine's answer on the compared fields."""
    from oracle.convert import cards_from_pb

    is_error = answer.WhichOneof("answer") == "error"
    key = "error" if is_error else kind
    compare = list(COMPARE[key])
    variant = variant_of(question)
    if kind == "compare_declarations" and not is_error and load_catalogue()[variant].deal.suit_mode == \
            pb.SUIT_MODE_TWO_COLOURS:
        compare.remove("compareDeclarations.trumpSuit")  # two colours: 10H 10D name "red", either suit
    normalised = json_format.MessageToDict(answer, always_print_fields_with_no_presence=True)
    expected = project(normalised, compare)
    if is_error:
        expected = {"error": {"code": answer.error.code,
                              "fieldViolations": [{"field": v.field} for v in answer.error.field_violations]}}
    request = getattr(question, kind)
    shown: list[str] = []
    level: str | None = None
    trump: str | None | bool = False
    for field in request.DESCRIPTOR.fields:
        value = getattr(request, field.name)
        if field.message_type is pb.Card.DESCRIPTOR and field.is_repeated:
            try:
                shown += [card_name(c) for c in cards_from_pb(value)]
            except (ValueError, KeyError):
                pass
    if kind in ("describe_play", "check_follow", "judge_trick", "check_throw", "score_bottom"):
        c = request.context
        if c.level in {int(r) for r in Rank if not r.is_joker}:
            level = Rank(c.level).symbol
        trump = None if c.no_trump else (Suit(c.trump_suit).letter if c.trump_suit in {1, 2, 3, 4} else False)
    tags = build.auto_tags(kind, variant if variant in variant_files.variant_ids() else None, shown, level, trump)
    if is_error:
        tags.append("error")
    else:
        tags += [t for t in feature_tags(kind, question, answer, rules) if t not in tags]
    return {
        "id": case_id(f"gen/{'error' if is_error else kind}/{variant}", question),
        "variant": variant,
        "question": to_json(question),
        "expected": expected,
        "compare": compare,
        "rules": [] if is_error else cited(answer),
        "tags": tags,
        "notation": question_notation(question),
        "origin": "generated",
        "generator": GENERATOR,
        "oracle_version": ORACLE_VERSION,
    }


CRASHES: list[pb.Question] = []
"""Questions on which the engine raised instead of answering (reported, never frozen as cases)."""


def answer_or_none(question: pb.Question) -> pb.Answer | None:
    """The engine's answer, or ``None`` (and the question kept in :data:`CRASHES`) when it raises."""
    try:
        return dispatch(question)
    except Exception:  # noqa: BLE001 - an engine bug: reported by main(), not frozen
        CRASHES.append(question)
        return None


def generated_cases() -> dict[str, list[dict[str, Any]]]:
    """Every generated case, by kind ("error" for the malformed ones); fixed seeds."""
    out: dict[str, list[dict[str, Any]]] = {kind: [] for kind in [*GENERATORS, "error"]}
    seen: set[str] = set()
    catalogue = load_catalogue()
    for variant_index, variant_id in enumerate(sorted(catalogue)):
        variant = catalogue[variant_id]
        valid: list[pb.Question] = []
        for kind_index, (kind, generator) in enumerate(GENERATORS.items()):
            rng = random.Random(1000 * variant_index + kind_index)
            made = 0
            for question, rules in generator(rng, variant):
                answer = answer_or_none(question)
                if answer is None or answer.WhichOneof("answer") == "error":
                    continue
                case = generated_case(question, answer, kind, rules)
                if case["id"] in seen:
                    continue
                seen.add(case["id"])
                out[kind].append(case)
                valid.append(question)
                made += 1
                if made >= PER_VARIANT[kind]:
                    break
        rng = random.Random(1000 * variant_index + 99)
        made = 0
        for question in rng.sample(valid, len(valid)):
            bad = spoil(rng, question, variant)
            answer = answer_or_none(bad)
            if answer is None or answer.WhichOneof("answer") != "error" or answer.error.code != "INVALID_ARGUMENT":
                continue
            case = generated_case(bad, answer, bad.WhichOneof("question"), None)
            if case["id"] in seen:
                continue
            seen.add(case["id"])
            out["error"].append(case)
            made += 1
            if made >= PER_VARIANT["error"]:
                break
    out["audit_deal"] = deal_records.generated_cases(dispatch, GENERATOR, ORACLE_VERSION)
    out["list_legal_plays"] = perft.generated_cases(dispatch, GENERATOR, ORACLE_VERSION)
    return out


# --- Files ------------------------------------------------------------------------------------

def authored_files() -> dict[str, list[dict[str, Any]]]:
    """The seed and hand files: file name -> cases."""
    from conformance.cases import question_kind

    files: dict[str, list[dict[str, Any]]] = {"seed.jsonl": seed.cases()}
    hand_cases = [*hand_play.cases(), *hand_rules.cases(), *hand_variants.cases(), *hand_errors.cases(),
                  *deal_records.hand_cases(), *perft.hand_cases()]
    for case in hand_cases:
        kind = "errors" if "error" in case["expected"] else question_kind(case["question"])
        files.setdefault(f"hand-{kind}.jsonl", []).append(case)
    return alternatives.split(files)


def authored_path(name: str) -> Path:
    """Where an authored file goes: ``cases/`` unless its name says another folder."""
    return PACKAGE_DIR / name if "/" in name else CASES_DIR / name


def line(case: dict[str, Any]) -> str:
    return json.dumps(case, ensure_ascii=False, separators=(",", ":")) + "\n"


def write(name: str, cases: Sequence[dict[str, Any]], folder: Path = CASES_DIR) -> None:
    (folder / name).write_text("".join(line(c) for c in cases), encoding="utf-8")


def counts_table() -> str:
    """The counts block of the README, from the case files."""
    cases = load_suite(list(SETS))
    by_origin = Counter(c.origin for c in cases)
    by_set = Counter(c.set for c in cases)
    kinds = [*KINDS, "error"]
    grid: dict[str, Counter[str]] = {k: Counter() for k in kinds}
    variants: dict[str, Counter[str]] = {}
    for case in cases:
        kind = "error" if case.expects_error else (case.kind or "error")
        grid[kind][case.origin] += 1
        shipped = case.variant is not None and case.variant in variant_files.variant_ids()
        name = case.variant if shipped and case.variant is not None else "(no shipped variant: error cases)"
        variants.setdefault(name, Counter())[case.origin] += 1
    rules = Counter(r for c in cases if c.origin != "generated" for r in c.rules)
    negative = Counter(r for c in cases if c.origin != "generated" for r in c.raw.get("negative", ()))
    version = (ROOT / "conformance" / "VERSION").read_text().strip()
    summary = (f"Suite version {version}: {len(cases)} cases, {by_origin['seed']} seed, {by_origin['hand']} hand, "
               f"{by_origin['generated']} generated; by set: {by_set['normative']} normative (cases/), "
               f"{by_set['regression']} regression (regression/), {by_set['alternatives']} alternatives "
               "(alternatives/, each reading's choices).")
    lines = ["<!-- counts: written by conformance/authoring/generate.py; do not edit by hand -->", "", summary, "",
             "| kind | seed | hand | generated | total |", "| --- | ---: | ---: | ---: | ---: |"]
    for kind in kinds:
        c = grid[kind]
        lines.append(f"| {kind} | {c['seed']} | {c['hand']} | {c['generated']} | {sum(c.values())} |")
    lines += ["", "| variant | seed | hand | generated | total |", "| --- | ---: | ---: | ---: | ---: |"]
    for variant in sorted(variants):
        c = variants[variant]
        lines.append(f"| {variant} | {c['seed']} | {c['hand']} | {c['generated']} | {sum(c.values())} |")
    lines += ["", "Rules exercised by the seed and hand cases (cases citing the rule / of them negative):", "",
              "| rule | cases | negative |", "| --- | ---: | ---: |"]
    for rule in sorted(RULES):
        lines.append(f"| `{rule}` | {rules[rule]} | {negative[rule]} |")
    lines += ["", "<!-- /counts -->"]
    return "\n".join(lines)


def update_readme(check: bool = False) -> bool:
    """Rewrite the counts block of the README; with ``check``, only say whether it is current."""
    text = README.read_text(encoding="utf-8")
    start = text.index("<!-- counts:")
    end = text.index("<!-- /counts -->") + len("<!-- /counts -->")
    new = text[:start] + counts_table() + text[end:]
    if check:
        return new == text
    README.write_text(new, encoding="utf-8")
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=["hand", "generated", "readme"], help="write only these files")
    parser.add_argument("--check", action="store_true",
                        help="fail if the seed and hand files or the README counts differ from what would be written")
    args = parser.parse_args(argv)
    if args.check:
        stale = [name for name, cases in authored_files().items()
                 if not authored_path(name).is_file()
                 or authored_path(name).read_text(encoding="utf-8") != "".join(line(c) for c in cases)]
        for name in stale:
            print(f"stale: {name} (run python -m conformance.authoring.generate --only hand)", file=sys.stderr)
        if not update_readme(check=True):
            stale.append("README.md counts")
            print("stale: the counts of conformance/README.md (run python -m conformance.authoring.generate --only readme)",
                  file=sys.stderr)
        return 1 if stale else 0
    if args.only in (None, "hand"):
        authored = authored_files()  # everything is built before any file is replaced
        for old in [*CASES_DIR.glob("hand-*.jsonl"), *ALTERNATIVES_DIR.glob("*/*.jsonl")]:
            old.unlink()
        for name, cases in authored.items():
            authored_path(name).parent.mkdir(parents=True, exist_ok=True)
            write(authored_path(name).name, cases, authored_path(name).parent)
    if args.only in (None, "generated"):
        generated = generated_cases()
        for old in REGRESSION_DIR.glob("generated-*.jsonl"):
            old.unlink()
        for kind, cases in generated.items():
            write(f"generated-{'errors' if kind == 'error' else kind}.jsonl", cases, REGRESSION_DIR)
    update_readme()
    print(counts_table().split("\n")[2])
    for question in CRASHES[:10]:
        print(f"engine error (not written as a case): {question_notation(question)}", file=sys.stderr)
    if CRASHES:
        print(f"{len(CRASHES)} questions made the engine raise", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
