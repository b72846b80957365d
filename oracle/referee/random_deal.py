"""A complete deal played by a random legal player, every choice checked by the engine: for
tests, benchmarks, the conformance suite's generated records and the example of docs/records.md.

The player declares a level card (or a pair) when it can, buries at random, leads a single, a
tuple or now and then a throw (a failed throw recorded with the play it forces) and follows
with a random play, or with the engine's legal example when that one is illegal.

>>> record = random_record("qq-one-deck", seed=1)
>>> sum(len(p.cards) for t in record.tricks for p in t.plays), len(record.buried)
(48, 6)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card, Rank, Suit, full_deck
from oracle.convert import cards_from_pb
from oracle.dispatch import questions as engine
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.referee.record import Record, RecordedTrick, Reported
from oracle.variants import get_variant, make_ruleset


def _declaration(variant: pb.Variant, level: Rank, hands: Sequence[Sequence[Card]],
                 rng: random.Random) -> list[SeatPlay]:
    """A first declaration, and sometimes an override, that the engine accepts."""
    made: list[SeatPlay] = []
    standing: SeatPlay | None = None
    for seat in rng.sample(range(len(hands)), len(hands)):
        held = Counter(hands[seat])
        tries = [[c] * n for c, count in held.items() if c.rank == level or c.is_joker
                 for n in range(1, count + 1)]
        rng.shuffle(tries)
        for cards in tries[:4]:
            challenger = SeatPlay(seat, tuple(cards))
            answer = engine.compare_declarations(variant, level, standing, challenger)
            if answer.challenger_valid and answer.overrides:
                made.append(challenger)
                standing = challenger
                break
        if made and rng.random() < 0.6:
            break
    return made


def _trump(variant: pb.Variant, level: Rank, declarations: Sequence[SeatPlay]) -> tuple[bool, Suit | None]:
    """Whether the declarations name the trump, and which."""
    standing: SeatPlay | None = None
    named, suit = False, None
    for declaration in declarations:
        answer = engine.compare_declarations(variant, level, standing, declaration)
        standing = declaration
        named = answer.no_trump or answer.trump_suit != pb.SUIT_UNSPECIFIED
        suit = Suit(answer.trump_suit) if answer.trump_suit else None
    return named, suit


def _lead(rules: Ruleset, hands: dict[int, list[Card]], seat: int,
          rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...] | None]:
    """A lead: the cards led and, for a failed throw, the throw tried."""
    hand = hands[seat]
    card = rng.choice(hand)
    same = [c for c in hand if c == card]
    suit = rules.of_suit(hand, rules.effective_suit(card))
    if len(same) > 1 and rng.random() < 0.5:
        return tuple(same[: rng.randint(2, len(same))]), None
    if len(suit) > 2 and rng.random() < 0.15:
        tried = tuple(rng.sample(suit, rng.randint(2, min(4, len(suit)))))
        others = [SeatPlay(s, tuple(hands[s])) for s in sorted(hands) if s != seat]
        answer = engine.check_throw(rules, SeatPlay(seat, tried), others)
        if answer.is_throw and not answer.succeeds:
            return tuple(cards_from_pb(answer.forced_play)), tried
        return tried, None
    return (card,), None


def _follow(rules: Ruleset, lead: Sequence[Card], hand: list[Card], rng: random.Random) -> tuple[Card, ...]:
    """A random follow, or the engine's legal example when it is illegal."""
    in_suit = rules.of_suit(hand, rules.suit_of(lead))
    pool = in_suit if len(in_suit) >= len(lead) and rng.random() < 0.8 else hand
    play = rng.sample(pool, len(lead))
    answer = engine.check_follow(rules, lead, hand, play)
    return tuple(play) if answer.legal else tuple(cards_from_pb(answer.example))


def random_record(variant_id: str, seed: int) -> Record:
    """A whole deal of a catalogue variant, played at random by legal players."""
    rng = random.Random(seed)
    variant = get_variant(variant_id)
    deal = variant.deal
    level = Rank(rng.choice(list(variant.card_order.levels)))
    deck = full_deck() * deal.decks
    rng.shuffle(deck)
    hands = tuple(tuple(deck[i * deal.hand_size:(i + 1) * deal.hand_size]) for i in range(deal.players))
    bottom = tuple(deck[deal.players * deal.hand_size:])
    declarations = _declaration(variant, level, hands, rng)
    named, suit = _trump(variant, level, declarations)
    trump_given = not named
    if trump_given:
        suit = rng.choice([None, *Suit])
    rules = make_ruleset(variant_id, level, suit)
    banker = declarations[-1].seat if declarations else rng.randrange(deal.players)
    held = {s: list(h) for s, h in enumerate(hands)}
    taken_up = held[banker] + list(bottom)
    rng.shuffle(taken_up)
    buried = tuple(taken_up[: deal.bottom_size])
    held[banker] = taken_up[deal.bottom_size:]
    tricks: list[RecordedTrick] = []
    leader = banker
    while held[leader]:
        lead, tried = _lead(rules, held, leader, rng)
        plays = [SeatPlay(leader, lead)]
        for k in range(1, deal.players):
            seat = (leader + k) % deal.players
            plays.append(SeatPlay(seat, _follow(rules, lead, held[seat], rng)))
        for play in plays:
            for card in play.cards:
                held[play.seat].remove(card)
        judged = engine.judge_trick(rules, plays)
        tricks.append(RecordedTrick(tuple(plays), tried, judged.winning_seat, judged.points))
        leader = judged.winning_seat
    return Record(variant, level, lambda t: make_ruleset(variant_id, level, t), trump_given,
                  suit if trump_given else None, banker, hands, bottom, tuple(declarations),
                  buried, tuple(tricks), None, Reported())
