"""Properties of the engine over random deals of every shipped variant.

A deal: the variant's decks (``full_deck() * decks``) shuffled with a seed that
hypothesis draws (half the time so that a card's copies mostly stay together,
which makes pairs and tractors common), four hands of ``deal.hand_size``, a random level of the
variant and a random trump suit or no-trump. Leads come from seat 0's hand
(one suit; several units make a throw); followers sometimes lose the led suit
(a hand stripped of it is still a subset of a real hand), so ruffs occur.

Properties:

* a hand always has a legal follow: the example an illegal verdict returns has
  the lead's card count, comes from the hand and is legal when checked again;
* reordering the cards inside a lead, a hand, a play, a throw or the bottom
  (and the order of the other hands of a throw) never changes an answer;
* a throw reported as successful is never beaten: for every other hand and
  every unit of the throw, no unit of that hand in the suit beats it (checked
  here by brute force over the hand's pairs and runs, independently of
  oracle/seed_rules/throw.py); a failed throw names a seat that really can beat a unit,
  and forces part of the throw;
* the winner of a trick is the leader or a play all of whose cards are of the
  led suit or all trump;
* dropping plays that did not win never changes the winner;
* describe_play's units partition the cards exactly;
* score_bottom's winner is judge_trick's, and the attackers' points are the
  bottom's points times the multiplier.
"""

from __future__ import annotations

import difflib
import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import pytest
from google.protobuf import text_format
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle import pb
from oracle.cards import Card, Rank, Suit, full_deck, parse_cards
from oracle.convert import cards_from_pb
from oracle.dispatch.questions import (
    check_follow,
    check_throw,
    describe_play,
    judge_trick,
    score_bottom,
)
from oracle.engine.ruleset import MIXED, TRUMP, Ruleset, SeatPlay
from oracle.variants import load_catalogue, make_ruleset
from tests.support.seedquote import CLASSIC, QQ, known, seed_quote

VARIANTS = sorted(load_catalogue())

T = TypeVar("T")

# About 1200 examples per property in all, shared among the variants (some 40 s for the file).
SETTINGS = settings(
    max_examples=max(40, 1200 // len(VARIANTS)),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@dataclass
class Deal:
    rules: Ruleset
    hands: list[list[Card]]
    bottom: list[Card]
    rng: random.Random


def make_deal(variant_id: str, level_index: int, trump: int, seed: int, paired: bool = False) -> Deal:
    """A deal; ``paired`` shuffles so that the copies of a card mostly land in one hand."""
    variant = load_catalogue()[variant_id]
    levels = list(variant.card_order.levels)
    level = Rank(levels[level_index % len(levels)])
    suit = None if trump == 0 else Suit(trump)
    context = make_ruleset(variant_id, level, suit, no_trump=suit is None)
    rng = random.Random(seed)
    deck = full_deck() * variant.deal.decks
    rng.shuffle(deck)
    if paired:
        # One deck's order with each card's copies side by side, then some cards swapped.
        one = full_deck()
        rng.shuffle(one)
        deck = [card for card in one for _ in range(variant.deal.decks)]
        for _ in range(rng.randint(0, 30)):
            i, j = rng.randrange(len(deck)), rng.randrange(len(deck))
            deck[i], deck[j] = deck[j], deck[i]
    assert Counter(deck) == Counter(full_deck() * variant.deal.decks)
    size = variant.deal.hand_size
    players = variant.deal.players
    hands = [deck[i * size:(i + 1) * size] for i in range(players)]
    return Deal(context, hands, deck[players * size:], rng)


def deals(variant_id: str) -> st.SearchStrategy[Deal]:
    return st.builds(
        make_deal,
        st.just(variant_id),
        st.integers(0, 12),
        st.integers(0, 4),
        st.integers(0, 2**32 - 1),
        st.booleans(),
    )


def random_lead(deal: Deal, hand: Sequence[Card], max_cards: int = 8) -> list[Card]:
    """Cards of one suit of the hand, often the suit richest in pairs.

    A third of the time a few distinct cards (often with all their copies), a
    third whole units of the suit (tractors and pairs first), a third its
    highest units (the throws most likely to succeed).
    """
    rules, rng = deal.rules, deal.rng
    suits = sorted({rules.effective_suit(c) for c in hand})
    if rng.random() < 0.5:
        suit = max(suits, key=lambda s: (_paired(rules, rules.of_suit(hand, s)), rng.random()))
    else:
        suit = rules.effective_suit(rng.choice(list(hand)))
    in_suit = rules.of_suit(hand, suit)
    mode = rng.random()
    if mode < 0.34:
        counts = Counter(in_suit)
        distinct = sorted(counts, key=rules.sort_key)
        chosen = rng.sample(distinct, rng.randint(1, min(4, len(distinct))))
        lead: list[Card] = []
        for card in chosen:
            lead.extend([card] * (counts[card] if rng.random() < 0.7 else 1))
        return lead[:max_cards]
    units = [cards_from_pb(u.cards) for u in describe_play(rules, in_suit).units]
    if mode < 0.67:
        units.sort(key=lambda u: (-len(u), rng.random()))
    else:
        units.sort(key=lambda u: [rules.sort_key(c) for c in u])
    wanted = rng.randint(1, 3)
    lead = []
    for unit in units:
        if len(lead) + len(unit) <= max_cards and (mode >= 0.67 or rng.random() < 0.7):
            lead.extend(unit)
            wanted -= 1
        if wanted == 0:
            break
    return lead or units[-1][:1]


def _paired(rules: Ruleset, cards: Sequence[Card]) -> int:
    """How many cards of ``cards`` have an identical (same identity) card beside them."""
    counts = Counter(rules.identity(c) for c in cards)
    return sum(k for k in counts.values() if k >= 2)


def thinned(deal: Deal, hand: Sequence[Card], suit: int) -> list[Card]:
    """The hand with about half its cards of ``suit`` left out (a subset of a real hand)."""
    return [c for c in hand if deal.rules.effective_suit(c) != suit or deal.rng.random() < 0.5]


def follower_hand(deal: Deal, hand: Sequence[Card], suit: int, n: int) -> list[Card]:
    """The hand, or (sometimes) the hand without the led suit, if enough cards remain."""
    if deal.rng.random() < 0.35:
        void = [c for c in hand if deal.rules.effective_suit(c) != suit]
        if len(void) >= n:
            return void
    return list(hand)


def random_play(deal: Deal, hand: Sequence[Card], lead: Sequence[Card]) -> list[Card]:
    """Some play of len(lead) cards from the hand: random, of the led suit, trump, or a legal follow."""
    rules, rng, n = deal.rules, deal.rng, len(lead)
    suit = rules.suit_of(lead)
    kind = rng.random()
    in_suit = rules.of_suit(hand, suit)
    trump = rules.of_suit(hand, TRUMP)
    if kind < 0.3 and len(in_suit) >= n:
        return rng.sample(in_suit, n)
    if kind < 0.5 and len(trump) >= n:
        pairs = [c for c, k in Counter(trump).items() if k >= 2]
        play: list[Card] = []
        for card in rng.sample(pairs, len(pairs)):
            if len(play) + 2 <= n:
                play.extend([card, card])
        rest = Counter(trump)
        rest.subtract(play)
        play.extend(rng.sample(list(rest.elements()), n - len(play)))
        return play
    guess = rng.sample(list(hand), n)
    if kind < 0.8:
        r = check_follow(rules, lead, hand, guess)
        if not r.legal:
            return cards_from_pb(r.example)
    return guess


def assert_same(a: Message, b: Message) -> None:
    """Two answers are equal; on failure, show the lines that differ."""
    if a != b:
        diff = difflib.unified_diff(
            text_format.MessageToString(a, as_utf8=True).splitlines(),
            text_format.MessageToString(b, as_utf8=True).splitlines(),
            lineterm="",
        )
        raise AssertionError("the answers differ:\n" + "\n".join(diff))


def shuffled(rng: random.Random, cards: Sequence[T]) -> list[T]:
    out = list(cards)
    rng.shuffle(out)
    return out


def is_sub_multiset(part: Sequence[Card], whole: Sequence[Card]) -> bool:
    have = Counter(whole)
    return all(have[c] >= k for c, k in Counter(part).items())


# A hand always has a legal follow.

@pytest.mark.parametrize("variant_id", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_a_legal_follow_always_exists(variant_id: str, data: st.DataObject) -> None:
    deal = data.draw(deals(variant_id))
    lead = random_lead(deal, deal.hands[0])
    n = len(lead)
    suit = deal.rules.suit_of(lead)
    for seat in (1, 2, 3):
        hand = follower_hand(deal, deal.hands[seat], suit, n)
        play = random_play(deal, hand, lead)
        r = known(check_follow(deal.rules, lead, hand, play))
        if r.legal:
            assert not r.broken_rule_id
            continue
        assert r.broken_rule_id
        example = cards_from_pb(r.example)
        assert len(example) == n
        assert is_sub_multiset(example, hand)
        again = known(check_follow(deal.rules, lead, hand, example))
        assert again.legal, (r.explanation, again.explanation)


# Reordering cards never changes an answer.

@pytest.mark.parametrize("variant_id", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_card_order_never_changes_an_answer(variant_id: str, data: st.DataObject) -> None:
    deal = data.draw(deals(variant_id))
    rules, rng = deal.rules, deal.rng
    lead = random_lead(deal, deal.hands[0])
    suit = rules.suit_of(lead)
    hands = [deal.hands[0]] + [follower_hand(deal, h, suit, len(lead)) for h in deal.hands[1:]]
    plays = [SeatPlay(0, tuple(lead))] + [
        SeatPlay(s, tuple(random_play(deal, hands[s], lead))) for s in (1, 2, 3)
    ]
    mixed = rng.sample(deal.hands[0], min(5, len(deal.hands[0])))

    def reordered(p: SeatPlay) -> SeatPlay:
        return SeatPlay(p.seat, tuple(shuffled(rng, p.cards)))

    for cards in (lead, mixed):
        assert_same(describe_play(rules, cards), describe_play(rules, shuffled(rng, cards)))
    for s in (1, 2, 3):
        assert_same(
            check_follow(rules, lead, hands[s], plays[s].cards),
            check_follow(rules, shuffled(rng, lead), shuffled(rng, hands[s]), shuffled(rng, plays[s].cards)),
        )
    assert_same(judge_trick(rules, plays), judge_trick(rules, [reordered(p) for p in plays]))
    others = [SeatPlay(s, tuple(hands[s])) for s in (1, 2, 3)]
    assert_same(
        check_throw(rules, plays[0], others),
        check_throw(rules, reordered(plays[0]), shuffled(rng, [reordered(h) for h in others])),
    )
    bankers = frozenset(rng.sample([0, 1, 2, 3], 2))
    assert_same(
        score_bottom(rules, plays, bankers, deal.bottom),
        score_bottom(rules, [reordered(p) for p in plays], bankers, shuffled(rng, deal.bottom)),
    )


# A successful throw is never beaten.

def _top(rules: Ruleset, cards: Sequence[Card]) -> int:
    return max(rules.strength(c) for c in cards)


def can_beat(rules: Ruleset, unit: pb.Unit, hand_in_suit: Sequence[Card]) -> bool:
    """Whether the cards (all of the unit's suit) hold a unit beating ``unit``, by brute force.

    A single is beaten by a higher card; a tuple of k by a higher tuple of k
    identical cards; a tractor of L tuples by L tuples of k at adjacent slots
    (each one below the other) whose top is higher than the tractor's. A card
    with two places (an ace at either end) may take either, and a tractor's top
    is the card at its highest place (AA33 with the ace low is topped by its 3).
    Where the variant lets larger tuples win (``comparison.larger_tuples_win``),
    a tractor is also beaten by any unit of larger tuples with as many cards
    (a quad beats a two-pair tractor).
    """
    unit_cards = cards_from_pb(unit.cards)
    k, length = unit.tuple_size, unit.length
    if length == 1:
        top = _top(rules, unit_cards)
    else:
        one_each = {rules.identity(c): c for c in sorted(unit_cards, key=rules.sort_key)}
        top = max(_run_tops(rules, list(one_each.values())))
    if _has_run(rules, hand_in_suit, k, length, above=top):
        return True
    if length >= 2 and rules.variant.comparison.larger_tuples_win:
        n = k * length
        return any(
            _has_run(rules, hand_in_suit, bigger, n // bigger, above=None)
            for bigger in range(k + 1, n + 1)
            if n % bigger == 0
        )
    return False


def _run_tops(rules: Ruleset, combo: Sequence[Card]) -> list[int]:
    """For each way the cards' places make adjacent slots, the strength of the card at the top."""
    tops = []
    for places in itertools.product(*(rules.slots(c) for c in combo)):
        ordered = sorted(places, reverse=True)
        if all(a - 1 == b for a, b in itertools.pairwise(ordered)):
            tops.append(rules.strength(combo[places.index(ordered[0])]))
    return tops


def _has_run(rules: Ruleset, cards: Sequence[Card], k: int, length: int, above: int | None) -> bool:
    """Whether the cards hold ``length`` k-tuples at adjacent slots (one k-tuple when
    ``length`` is 1) whose top is stronger than ``above`` (any, if ``None``)."""
    by_identity: dict[object, list[Card]] = {}
    for card in cards:
        by_identity.setdefault(rules.identity(card), []).append(card)
    tuples = [cs[0] for cs in by_identity.values() if len(cs) >= k]
    for combo in itertools.combinations(tuples, length):
        if length == 1:
            tops = [rules.strength(combo[0])]
        else:
            tops = _run_tops(rules, combo)
        if tops and (above is None or max(tops) > above):
            return True
    return False


@pytest.mark.parametrize("variant_id", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_a_successful_throw_is_never_beaten(variant_id: str, data: st.DataObject) -> None:
    deal = data.draw(deals(variant_id))
    rules = deal.rules
    thrown = random_lead(deal, deal.hands[0])
    suit = rules.suit_of(thrown)
    others = [SeatPlay(s, tuple(deal.hands[s])) for s in (1, 2, 3)]
    if deal.rng.random() < 0.5:
        others = [SeatPlay(h.seat, tuple(thinned(deal, h.cards, suit))) for h in others]
    r = known(check_throw(rules, SeatPlay(0, tuple(thrown)), others))
    assert Counter(c for u in r.units for c in cards_from_pb(u.cards)) == Counter(thrown)
    if not r.is_throw:
        assert r.succeeds and len(r.units) == 1  # one unit is a lead, not a throw
        return
    if r.succeeds:
        assert not r.forced_play and not r.blocks
        for hand in others:
            in_suit = rules.of_suit(hand.cards, suit)
            for unit in r.units:
                assert not can_beat(rules, unit, in_suit), (unit.name, hand.seat)
        return
    assert r.blocks
    for block in r.blocks:
        hand = next(h for h in others if h.seat == block.seat)
        beating = cards_from_pb(block.beating_cards)
        assert is_sub_multiset(beating, hand.cards)
        assert can_beat(rules, block.unit, rules.of_suit(hand.cards, suit))
    forced = cards_from_pb(r.forced_play)
    assert forced and len(forced) < len(thrown)
    assert is_sub_multiset(forced, thrown)
    # Every unit that some hand can beat is reported (in unit order).
    beaten = [u for u in r.units if any(can_beat(rules, u, rules.of_suit(h.cards, suit)) for h in others)]
    assert [b.unit for b in r.blocks] == beaten
    assert sorted(map(str, forced)) in allowed_forced(rules, thrown, beaten, r.blocks, others, suit)


def allowed_forced(
    rules: Ruleset, thrown: Sequence[Card], beaten: Sequence[pb.Unit], blocks: Sequence[pb.ThrowBlock],
    others: Sequence[SeatPlay], suit: int,
) -> list[list[str]]:
    """The plays the variant's ``throws.forced_unit`` allows after a failed throw (ties: any)."""
    rule = rules.variant.throws.forced_unit

    def top(u: pb.Unit) -> int:
        return _top(rules, cards_from_pb(u.cards))

    def size(u: pb.Unit) -> int:
        return len(u.cards)

    def best(units: Sequence[pb.Unit], key: Callable[[pb.Unit], tuple[int, ...]]) -> list[list[str]]:
        low = min(key(u) for u in units)
        return [sorted(str(c) for c in cards_from_pb(u.cards)) for u in units if key(u) == low]

    if rule == pb.FORCED_UNIT_SMALLEST_CARD:
        low = min(rules.strength(c) for c in thrown)
        return [[str(c)] for c in thrown if rules.strength(c) == low]
    if rule == pb.FORCED_UNIT_MOST_CARDS_FIRST:
        return best(beaten, lambda u: (-size(u), top(u)))
    if rule == pb.FORCED_UNIT_FEWEST_CARDS_FIRST:
        return best(beaten, lambda u: (size(u), top(u)))
    if rule == pb.FORCED_UNIT_FIRST_BLOCKER_FEWEST_CARDS:
        players = rules.players
        first = min((h for h in others if any(b.seat == h.seat for b in blocks)),
                    key=lambda h: (h.seat - 0) % players)
        mine = [u for u in beaten if can_beat(rules, u, rules.of_suit(first.cards, suit))]
        return best(mine, lambda u: (size(u), top(u)))
    if rule == pb.FORCED_UNIT_LOWEST_BEATEN_ONE_CARD:
        # Ties of equal cards of different suits go by the variant's suit order (the Botzone
        # judge's s, h, c, d), then to the unit with more cards.
        order = [int(s) for s in rules.variant.throws.forced_tie_suit_order]

        def tie(u: pb.Unit) -> int:
            suit = int(u.cards[0].suit)
            return order.index(suit) if suit in order else len(order)

        lowest = best(beaten, lambda u: (top(u), tie(u), -size(u)))
        return [[card] for unit in lowest for card in unit]
    return best(beaten, lambda u: (top(u), -size(u)))


# The trick's winner.

def _trick(deal: Deal) -> list[SeatPlay]:
    rng = deal.rng
    leader = rng.randrange(4)
    lead = random_lead(deal, deal.hands[leader])
    suit = deal.rules.suit_of(lead)
    plays = [SeatPlay(leader, tuple(lead))]
    for i in (1, 2, 3):
        seat = (leader + i) % 4
        hand = follower_hand(deal, deal.hands[seat], suit, len(lead))
        plays.append(SeatPlay(seat, tuple(random_play(deal, hand, lead))))
    return plays


@pytest.mark.parametrize("variant_id", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_the_winner_leads_follows_or_ruffs(variant_id: str, data: st.DataObject) -> None:
    deal = data.draw(deals(variant_id))
    rules = deal.rules
    plays = _trick(deal)
    r = known(judge_trick(rules, plays))
    led = rules.suit_of(plays[0].cards)
    winner = next(p for p in plays if p.seat == r.winning_seat)
    assert winner is plays[0] or rules.suit_of(winner.cards) in (led, TRUMP)
    assert [v.seat for v in r.verdicts] == [p.seat for p in plays]
    assert r.points == sum(c.points for p in plays for c in p.cards)
    # The verdicts agree with the winner: the last play that beat the best so far.
    beating = [v.seat for v in r.verdicts if v.beats_best_so_far]
    assert beating[0] == plays[0].seat and beating[-1] == r.winning_seat


@pytest.mark.parametrize("variant_id", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_dropping_losers_keeps_the_winner(variant_id: str, data: st.DataObject) -> None:
    deal = data.draw(deals(variant_id))
    rules, rng = deal.rules, deal.rng
    plays = _trick(deal)
    winner = known(judge_trick(rules, plays)).winning_seat
    losers = [p for p in plays[1:] if p.seat != winner]
    for k in range(len(losers) + 1):
        for dropped in itertools.combinations(losers, k):
            if k and rng.random() < 0.5:
                continue
            kept = [p for p in plays if p not in dropped]
            assert judge_trick(rules, kept).winning_seat == winner, [p.seat for p in dropped]


# describe_play's units partition the cards.

@pytest.mark.parametrize("variant_id", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_units_partition_the_cards(variant_id: str, data: st.DataObject) -> None:
    deal = data.draw(deals(variant_id))
    rules, rng = deal.rules, deal.rng
    hand = deal.hands[0]
    for cards in (random_lead(deal, hand, max_cards=12), rng.sample(hand, rng.randint(1, len(hand)))):
        r = known(describe_play(rules, cards))
        suit = rules.suit_of(cards)
        assert r.effective_suit == suit
        if suit == MIXED:
            assert not r.valid_lead and not r.units
            continue
        assert r.valid_lead
        assert Counter(c for u in r.units for c in cards_from_pb(u.cards)) == Counter(cards)
        for unit in r.units:
            assert len(unit.cards) == unit.tuple_size * unit.length
        assert r.is_throw == (len(r.units) > 1)
        assert r.points == sum(c.points for c in cards)


# score_bottom agrees with judge_trick.

@pytest.mark.parametrize("variant_id", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_bottom_agrees_with_the_trick(variant_id: str, data: st.DataObject) -> None:
    deal = data.draw(deals(variant_id))
    rules, rng = deal.rules, deal.rng
    plays = _trick(deal)
    bankers = frozenset(rng.choice([(0, 2), (1, 3)]))
    r = known(score_bottom(rules, plays, bankers, deal.bottom))
    assert r.winning_seat == judge_trick(rules, plays).winning_seat
    assert r.bottom_points == sum(c.points for c in deal.bottom)
    assert r.attackers_won == (r.winning_seat not in bankers)
    if r.attackers_won:
        assert r.multiplier >= 1
        assert r.points_to_attackers == r.bottom_points * r.multiplier
    else:
        assert r.points_to_attackers == 0


# Examples these properties found (the order of equal cards changed an answer).

def _rules(variant_id: str, level: Rank, trump: Suit | None) -> Ruleset:
    return make_ruleset(variant_id, level, trump, no_trump=trump is None)


def test_follow_example_ignores_the_order_of_equal_cards() -> None:
    """Playing 2 without trump, 2H and 2C are equal trump: the example names the same one."""
    rules = _rules("lianzhong-one-deck", Rank.TWO, None)
    lead, play = parse_cards("BJ"), parse_cards("5S")
    a = check_follow(rules, lead, parse_cards("2H 2C 5S"), play)
    b = check_follow(rules, lead, parse_cards("2C 2H 5S"), play)
    assert not a.legal
    assert_same(a, b)


def test_units_ignore_the_order_of_equal_cards() -> None:
    """Playing K without trump, KH and KS are equal singles: listed in one order."""
    rules = _rules("lianzhong-two-deck", Rank.KING, None)
    assert_same(describe_play(rules, parse_cards("KH KS")), describe_play(rules, parse_cards("KS KH")))


def test_throw_blocks_ignore_the_order_of_the_hand() -> None:
    """红黑: AS and AC are one card for pairing; the beating card named does not depend on order."""
    rules = _rules("two-colour-one-deck", Rank.TEN, Suit.HEARTS)
    thrown = SeatPlay(0, tuple(parse_cards("KS 9S 9C")))
    a = check_throw(rules, thrown, [SeatPlay(1, tuple(parse_cards("AS AC 3H")))])
    b = check_throw(rules, thrown, [SeatPlay(1, tuple(parse_cards("AC AS 3H")))])
    assert not a.succeeds
    assert_same(a, b)


def test_a_quad_ruffing_a_triple_is_judged() -> None:
    """Four decks, no trump, playing 5: 5H5H5H5H 2H (2 is always trump) ruffs a club triple."""
    rules = _rules("four-deck", Rank.FIVE, None)
    plays = [SeatPlay(0, tuple(parse_cards("JC 7C 4C 4C 4C"))),
             SeatPlay(1, tuple(parse_cards("9C 6C 6C 6C 6C"))),
             SeatPlay(2, tuple(parse_cards("5H 5H 5H 5H 2H"))),
             SeatPlay(3, tuple(parse_cards("BJ BJ BJ 2S 2S")))]
    r = judge_trick(rules, plays)
    assert r.winning_seat in (2, 3)


def test_an_ace_low_tractor_is_low() -> None:
    """Four decks, playing 3, 2 always trump: AA44 is a tractor with the ace at its tail
    ("‘a’的拖拉机只限制于做头和做尾；如aa2233与qqkkaa"), the lowest of clubs; 9988 beats it
    (000_ ranks the ace-low tractor lowest: "主AAKK為最大，主AA22為最小")."""
    seed_quote(QQ, "‘a’的拖拉机只限制于做头和做尾；如aa2233与qqkkaa")
    seed_quote(CLASSIC, "主AAKK為最大，主AA22為最小")
    rules = _rules("four-deck", Rank.THREE, Suit.HEARTS)
    aa44, nn88 = tuple(parse_cards("AC AC 4C 4C")), tuple(parse_cards("9C 9C 8C 8C"))
    assert judge_trick(rules, [SeatPlay(0, aa44), SeatPlay(1, nn88)]).winning_seat == 1
    assert judge_trick(rules, [SeatPlay(0, nn88), SeatPlay(1, aa44)]).winning_seat == 0
    thrown = SeatPlay(0, (*aa44, *parse_cards("KC")))
    assert not check_throw(rules, thrown, [SeatPlay(1, nn88)]).succeeds


def test_a_pair_led_and_a_level_triple_does_not_ruff() -> None:
    """The fixed-two game, no trump, playing J: a pair and a single of hearts are led. JC JC JC
    is trump but not the lead's shape (其他玩家還可以選擇用同數量同牌型的主牌殺掉: a triple is no
    pair and single), nor is BJ SJ 2D (no pair): both are discards, and 77 over 66 wins. (Judging
    this trick once failed an assertion.)"""
    seed_quote(CLASSIC, "其他玩家還可以選擇用同數(shù)量同牌型的主牌殺掉")
    rules = _rules("fixed-two-no-bottom", Rank.JACK, None)
    plays = ["10H 6H 6H", "JC JC JC", "BJ SJ 2D", "9H 7H 7H"]
    r = judge_trick(rules, [SeatPlay(i, tuple(parse_cards(p))) for i, p in enumerate(plays)])
    assert r.winning_seat == 3
    assert [v.kind for v in r.verdicts[1:3]] == [pb.PLAY_KIND_DISCARD, pb.PLAY_KIND_DISCARD]


def test_heijian_ruff_by_largest_unit_is_judged() -> None:
    """Heijian, clubs trump, playing 10: 7766 and 333 of hearts are led; the trump ruff
    10C10C JC 7C7C6C6C has a largest unit (the tractor 7C7C6C6C) of the lead's largest
    unit's shape, so it ruffs (RUFF_RULE_LARGEST_UNIT); the trick is compared by that
    largest unit (the tractor), and judge_trick answers (it once failed an assertion)."""
    rules = _rules("heijian", Rank.TEN, Suit.CLUBS)
    plays = ["7H 7H 6H 6H 3H 3H 3H", "5D 5D 3S KC JC JC 2C", "AS 10H 10H 10D 10D 9C 9C",
             "10C 10C JC 7C 7C 6C 6C"]
    r = judge_trick(rules, [SeatPlay(i, tuple(parse_cards(p))) for i, p in enumerate(plays)])
    assert r.winning_seat == 3
    assert r.verdicts[3].kind == pb.PLAY_KIND_RUFF
