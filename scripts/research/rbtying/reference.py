"""rbtying/shengji's follow rule as a plain walk: the reference the profile's walk is checked
against (``tests/profiles/test_profile_rbtying.py``, ``scripts/research/rbtying/walk.py``).

``TrickFormat::is_legal_play`` (rbtying/shengji ``mechanics/src/trick.rs`` @ 71f8d43) read
literally: every requirement of ``TrickFormat::decomposition`` in order, each one filled by the
play (no protection) and then by the hand (the draw policy), nothing skipped but a requirement
seen before. The profile's walk (``oracle/profiles/rbtying/follow.first_duty``) skips what no
part of the hand can fill and must reach the same requirement with the same verdict.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card, Rank, Suit, full_deck
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying import follow, longer_tuples
from oracle.profiles.rbtying.fill import Need, fill_needs, placement_cards
from oracle.profiles.rbtying.ordering import Requirement
from oracle.profiles.rbtying.policies import DrawRule, policies
from oracle.profiles.rbtying.trick_format import FormatUnit
from oracle.variants import get_variant, make_ruleset


def reference_duty(rules: Ruleset, units: Sequence[FormatUnit], hand_x: Sequence[Card],
                   play_x: Sequence[Card]) -> tuple[Requirement | None, bool]:
    """The first requirement that decides, and whether the play filled it (guard included)."""
    draw = policies(rules).draw
    exact = dict(Counter(rules.identity(c) for c in hand_x)) if draw.protects_longer_tuples else None
    seen: set[Requirement] = set()
    for requirement in follow.requirements(units, draw):
        if requirement in seen:
            continue
        seen.add(requirement)
        needs = [Need(a) for a in requirement]
        if fill_needs(rules, needs, play_x) is not None:
            return requirement, _guard_passes(rules, draw, requirement, hand_x, play_x)
        placed = fill_needs(rules, needs, hand_x, exact=exact)
        if placed is not None:
            cards = [c for unit in placement_cards(rules, hand_x, placed) for c in unit]
            if not Counter(cards) - Counter(play_x):
                return requirement, _guard_passes(rules, draw, requirement, hand_x, play_x)
            return requirement, False
    return None, False


def _guard_passes(rules: Ruleset, draw: DrawRule, requirement: Requirement,
                  hand_x: Sequence[Card], play_x: Sequence[Card]) -> bool:
    return not draw.protects_longer_tuples or longer_tuples.longer_tuple_bypasses_genuine(rules, requirement, hand_x, play_x) is None


DRAW_POLICIES = (
    pb.DRAW_POLICY_NO_PROTECTIONS,
    pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED,
    pb.DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR,
    pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR,
)


def room(decks: int, draw: int, evaluation: int = 0, bomb_policy: int = 0) -> pb.Variant:
    """The rbtying-default profile in a room of ``decks`` decks under a draw policy (and a throw
    evaluation and bomb policy, unset by default)."""
    variant = pb.Variant()
    variant.CopyFrom(get_variant("rbtying-default"))
    variant.id = f"room-{decks}-decks"
    variant.deal.decks = decks
    variant.deal.bottom_size = 8 if decks % 2 == 0 else 6
    variant.deal.hand_size = (54 * decks - variant.deal.bottom_size) // 4
    variant.following.draw_policy = draw  # type: ignore[assignment]
    if evaluation:
        variant.following.throw_evaluation = evaluation  # type: ignore[assignment]
    variant.comparison.bomb_policy = bomb_policy  # type: ignore[assignment]
    variant.level_table.total_points = 100 * decks
    return variant


def random_suit_run(rng: random.Random, rules: Ruleset, decks: int) -> list[Card]:
    """Cards of one effective suit (trump four times in ten): a stretch of 3 to 9 of its cards in
    order, each in 0 to 3 copies or ``decks``."""
    led_trump = rng.random() < 0.4
    suit = rng.choice([s for s in Suit if s != rules.trump])
    of_suit = rules.sorted({c for c in full_deck()
                            if (rules.is_trump(c) if led_trump else not rules.is_trump(c) and c.suit == suit)})
    start = rng.randrange(len(of_suit))
    return [c for c in of_suit[start:start + rng.randint(3, 9)] for _ in range(rng.choice((0, 1, 2, 3, decks)))]


def random_follow(rng: random.Random, max_lead: int = 16) -> tuple[Ruleset, list[Card], list[Card], list[Card]]:
    """A seeded random follow in a room of 2 to 8 decks: a lead of one effective suit (runs of
    tuples and odd cards), a hand holding at least as many cards of that suit (copies left by
    the lead), and a play of as many of them, structured or not."""
    decks = rng.choice((2, 3, 3, 4, 4, 4, 5, 6, 8))
    level = rng.choice(list(Rank)[:13])
    trump = rng.choice([*Suit, None])
    rules = make_ruleset(room(decks, rng.choice(DRAW_POLICIES)), level, trump, no_trump=trump is None)
    deck = full_deck()
    led_trump = rng.random() < 0.4
    suit = rng.choice([s for s in Suit if s != trump])
    of_suit = sorted({c for c in deck if (rules.is_trump(c) if led_trump else (not rules.is_trump(c) and c.suit == suit))},
                     key=lambda c: rules.order[c.code])
    if not of_suit:
        return random_follow(rng, max_lead)
    copies = {c: decks for c in of_suit}
    lead: list[Card] = []
    while len(lead) < rng.randint(2, max_lead):
        start = rng.randrange(len(of_suit))
        width = rng.randint(1, decks)
        for c in of_suit[start:start + rng.randint(1, 4)]:
            take = min(width, copies[c], max_lead - len(lead))
            lead += [c] * take
            copies[c] -= take
    hand: list[Card] = []
    for c in of_suit:
        if rng.random() < 0.7:
            hand += [c] * rng.randint(0, copies[c])
    if len(hand) < len(lead):
        return random_follow(rng, max_lead)
    hand += rng.sample([c for c in deck if c not in copies], rng.randint(0, 4))
    suited = [c for c in hand if c in copies]
    if rng.random() < 0.5:
        play = rng.sample(suited, len(lead))
    else:  # the most copies first: a play that keeps tuples and runs together
        counts = Counter(suited)
        play = sorted(suited, key=lambda c: (-counts[c], rules.order[c.code]))[:len(lead)]
    return rules, lead, hand, play
