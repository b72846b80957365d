"""ListLegalPlays against brute force, over every shipped variant and the profiles' options.

Random small hands (:mod:`conformance.authoring.perft`): the listed follows are exactly the
plays CheckFollow calls legal among every sub-multiset of the hand (so every listed play is
legal, and none is missing), the listed leads exactly the one-suit sub-multisets; the counts do
not depend on the order the cards come in, nor on the names of the suits the variant treats
alike; the example of an illegal CheckFollow verdict is always listed; pages put together are the
whole list. The counting procedure itself is never asked to check itself: the brute force asks CheckFollow.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.authoring import perft
from oracle import pb
from oracle.cards import Card, Suit
from oracle.convert import cards_from_pb, cards_to_pb
from oracle.dispatch.questions import check_follow, list_legal_plays
from oracle.dispatch.strategies import FOLLOW_RULES
from oracle.service.questions import dispatch
from oracle.variants import get_variant, load_catalogue
from tests.support.mutants.patching import clear_caches


def _rbtying(name: str, draw: int = 0, bombs: int = 0, decks: int = 2, rainbows: int = 0) -> pb.Variant:
    variant = pb.Variant()
    variant.CopyFrom(get_variant("rbtying-default"))
    variant.id = name
    variant.deal.decks = decks
    variant.following.draw_policy = draw
    variant.comparison.bomb_policy = bombs
    variant.compound_formats.rainbow_min_cards = rainbows
    return variant


PROFILE_OPTIONS = [
    _rbtying("rbtying-protected", draw=pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED, decks=3),
    _rbtying("rbtying-tractor-on-tractor", draw=pb.DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR),
    _rbtying("rbtying-both", draw=pb.DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR, decks=3),
    _rbtying("rbtying-no-format", draw=pb.DRAW_POLICY_NO_FORMAT_BASED_DRAW),
    _rbtying("rbtying-bombs", bombs=pb.BOMB_POLICY_ALLOW_BOMBS, decks=4),
    _rbtying("rbtying-suit-bombs", bombs=pb.BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING, decks=4),
    _rbtying("rbtying-rainbows", rainbows=4),
]
"""rbtying/shengji's draw and bomb policies and rainbows, which no shipped variant sets."""

VARIANTS: list[str | pb.Variant] = [*sorted(load_catalogue()), *PROFILE_OPTIONS]
IDS = [v if isinstance(v, str) else v.id for v in VARIANTS]
EXAMPLES = settings(max_examples=6)


def _key(play: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.code for c in play))


def _follow(seed: int, variant: str | pb.Variant) -> tuple[perft.Deal, list[Card], list[Card]]:
    rng = random.Random(seed)
    while True:  # a hand holds at least as many cards as the lead
        deal = perft.random_deal(rng, variant)
        lead = perft.random_lead(rng, deal, rng.choice([1, 2, 3, 4, 4, 5, 6]))
        in_suit = rng.randint(0, 8)
        hand = perft.random_hand(rng, deal, deal.rules.effective_suit(lead[0]), in_suit,
                                 rng.randint(max(0, len(lead) - in_suit), 10 - in_suit), lead)
        if len(hand) >= len(lead):
            return deal, lead, hand


def _listed(deal: perft.Deal, hand: Sequence[Card], lead: Sequence[Card]) -> list[tuple[int, ...]]:
    answer = list_legal_plays(deal.rules, hand, lead, 0, 1000)
    assert len(answer.plays) == answer.total == sum(g.count for g in answer.groups)
    return [_key(cards_from_pb(p.cards)) for p in answer.plays]


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**32))
def test_the_follows_are_the_brute_force_set(variant: str | pb.Variant, seed: int) -> None:
    deal, lead, hand = _follow(seed, variant)
    listed = _listed(deal, hand, lead)
    assert len(set(listed)) == len(listed), "a play listed twice"
    assert set(listed) == {_key(p) for p in perft.brute_follows(deal.rules, lead, hand)}


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**32))
def test_the_leads_are_every_one_suit_set(variant: str | pb.Variant, seed: int) -> None:
    rng = random.Random(seed)
    deal = perft.random_deal(rng, variant)
    hand = perft.random_hand(rng, deal, deal.rules.effective_suit(rng.choice(deal.pack)), rng.randint(1, 6),
                             rng.randint(0, 2))
    answer = list_legal_plays(deal.rules, hand, (), 0, 1000)
    listed = [cards_from_pb(p.cards) for p in answer.plays]
    assert {_key(p) for p in listed} == {_key(p) for p in perft.brute_leads(deal.rules, hand)}
    assert len(listed) == answer.total
    for play, entry in zip(listed, answer.plays, strict=True):
        throw = answer.groups[entry.group].description.startswith("a throw")
        assert throw == (len(deal.rules.units(play)) > 1)


def _relabel(cards: Sequence[Card], suits: dict[Suit, Suit]) -> list[Card]:
    return [card if card.suit is None else Card(card.rank, suits[card.suit]) for card in cards]


def _keeps_the_rules(deal: perft.Deal, cards: Sequence[Card], suits: dict[Suit, Suit]) -> bool:
    """Whether the variant treats the cards and their renamed selves alike: trump stays trump,
    effective suits and identities are renamed one to one, and inside each effective suit the
    strengths and slots move by one amount (their order and adjacency kept)."""
    rules = deal.rules
    renamed: dict[tuple[str, object], object] = {}
    for card, image in zip(cards, _relabel(cards, suits), strict=True):
        suit, slots, to = rules.effective_suit(card), rules.slots(card), rules.slots(image)
        if rules.is_trump(card) != rules.is_trump(image) or len(slots) != len(to):
            return False
        moves = [("strength", rules.strength(image) - rules.strength(card))]
        moves += [("slot", b - a) for a, b in zip(slots, to, strict=True)]
        if any(renamed.setdefault((kind, suit), amount) != amount for kind, amount in moves):
            return False
        for kind, a, b in (("suit", suit, rules.effective_suit(image)), ("identity", rules.identity(card), rules.identity(image))):
            if renamed.setdefault((kind, a), b) != b or renamed.setdefault((kind + " of", b), a) != a:
                return False
    return True


def _symmetric_relabellings(deal: perft.Deal, cards: Sequence[Card]) -> list[dict[Suit, Suit]]:
    """The renamings of the suits that the variant treats symmetrically on these cards: side
    suits in the four-suit game; in the two-colour game the two suits of one colour (spades and
    clubs, hearts and diamonds), and the two colours when neither is trump."""
    renamings = [dict(zip(Suit, order, strict=True)) for order in itertools.permutations(Suit)]
    return [suits for suits in renamings[1:] if _keeps_the_rules(deal, cards, suits)]


@pytest.mark.parametrize(("trump", "renamings"), [
    (Suit.HEARTS, ["CHDS", "SDHC", "CDHS"]),  # within a colour: spades and clubs, hearts and diamonds
    (None, ["CHDS", "SDHC", "CDHS", "HSCD", "HCSD", "DSCH", "DCSH"]),  # and the colours, no trump
])
def test_the_two_colour_game_renames_suits_of_one_colour_and_the_colours_without_trump(
        trump: Suit | None, renamings: list[str]) -> None:
    """The images of spades, hearts, diamonds and clubs under each renaming the check accepts
    for these cards (level 10): no renaming that mixes the colours or moves the trump colour."""
    from oracle.cards import Rank, parse_cards
    from oracle.variants import make_ruleset

    rules = make_ruleset("two-colour-one-deck", Rank.TEN, trump)
    deal = perft.Deal("two-colour-one-deck", Rank.TEN, trump, rules, ())
    cards = parse_cards("AS KC 10S 10H 3D QH BJ")
    found = ["".join(suits[s].name[0] for s in Suit) for suits in _symmetric_relabellings(deal, cards)]
    assert sorted(found) == sorted(renamings)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**32))
def test_counts_ignore_the_order_of_cards_and_the_names_of_suits(variant: str | pb.Variant, seed: int) -> None:
    deal, lead, hand = _follow(seed, variant)
    answer = list_legal_plays(deal.rules, hand, lead, 0, 50)
    rng = random.Random(seed)
    again = list_legal_plays(deal.rules, rng.sample(hand, len(hand)), rng.sample(lead, len(lead)), 0, 50)
    assert again == answer
    relabellings = _symmetric_relabellings(deal, [*hand, *lead])
    for suits in rng.sample(relabellings, min(3, len(relabellings))):
        swapped = list_legal_plays(deal.rules, _relabel(hand, suits), _relabel(lead, suits), 0, 1)
        assert swapped.total == answer.total, suits
        assert [g.count for g in swapped.groups] == [g.count for g in answer.groups]


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
@EXAMPLES
@given(seed=st.integers(0, 2**32))
def test_an_illegal_verdicts_example_is_listed(variant: str | pb.Variant, seed: int) -> None:
    deal, lead, hand = _follow(seed, variant)
    listed = set(_listed(deal, hand, lead))
    rng = random.Random(seed)
    for _ in range(5):
        play = rng.sample(hand, len(lead))
        verdict = check_follow(deal.rules, lead, hand, play)
        assert verdict.legal == (_key(play) in listed)
        if not verdict.legal:
            assert _key(cards_from_pb(verdict.example)) in listed


def _ask(**fields: object) -> pb.Answer:
    return dispatch(pb.Question(list_legal_plays=pb.ListLegalPlaysRequest(**fields)))  # type: ignore[arg-type]


CONTEXT = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)


def _cards(text: str) -> list[pb.Card]:
    from oracle.cards import parse_cards

    return cards_to_pb(parse_cards(text))


def test_pages_put_together_are_the_whole_list() -> None:
    hand = _cards("3H 3H 4H 4H 5H 9H KH AC AC 7D")
    whole = _ask(context=CONTEXT, hand=hand, page_size=1000).list_legal_plays
    assert whole.total == len(whole.plays) > 20 and not whole.next_page_token
    pages, token = [], ""
    while True:
        page = _ask(context=CONTEXT, hand=hand, page_size=7, page_token=token).list_legal_plays
        assert page.total == whole.total and len(page.plays) <= 7
        pages.extend(page.plays)
        token = page.next_page_token
        if not token:
            break
    assert pages == list(whole.plays)


@pytest.mark.parametrize(("fields", "path"), [
    ({"page_size": -1}, "list_legal_plays.page_size"),
    ({"page_size": 1001}, "list_legal_plays.page_size"),
    ({"page_token": "not a token"}, "list_legal_plays.page_token"),
    ({"hand": []}, "list_legal_plays.hand"),
    ({"lead": _cards("AH AH KH KH")}, "list_legal_plays.hand"),
    ({"lead": _cards("AH AC")}, "list_legal_plays.lead"),
])
def test_bad_questions_name_the_field(fields: dict[str, object], path: str) -> None:
    question = {"context": CONTEXT, "hand": _cards("3H 4H 5C"), **fields}
    error = _ask(**question).error
    assert error.code == "INVALID_ARGUMENT"
    assert path in [v.field for v in error.field_violations]


def test_a_token_is_for_its_own_question_and_within_its_plays() -> None:
    hand = _cards("3H 3H 4H 4H 5H 9H")
    token = _ask(context=CONTEXT, hand=hand, page_size=2).list_legal_plays.next_page_token
    assert token
    other = _ask(context=CONTEXT, hand=_cards("3H 3H 4H 4H 5H 8H"), page_size=2, page_token=token).error
    assert [v.field for v in other.field_violations] == ["list_legal_plays.page_token"]
    assert _ask(context=CONTEXT, hand=hand, page_size=5, page_token=token).list_legal_plays.plays


def test_a_follow_rule_without_a_counter_is_refused() -> None:
    rule = FOLLOW_RULES.entry(pb.FOLLOW_RULE_TYPE_AND_PAIRS).strategy
    try:
        with FOLLOW_RULES.replaced(pb.FOLLOW_RULE_TYPE_AND_PAIRS, dataclasses.replace(rule, count=None)):
            clear_caches()  # the rulesets compiled with the counter
            context = pb.Context(variant_id="botzone-tractor", level=pb.RANK_TWO, trump_suit=pb.SUIT_HEARTS)
            error = _ask(context=context, hand=_cards("3S 4S"), lead=_cards("AS")).error
            assert error.code == "INVALID_ARGUMENT"
            assert [v.field for v in error.field_violations] == ["list_legal_plays.context"]
            assert "following.follow_rule" in error.field_violations[0].description
            leads = _ask(context=context, hand=_cards("3S 4S")).list_legal_plays
            assert leads.total == 3  # leading needs no follow rule
    finally:
        clear_caches()


def test_rbtying_refuses_at_once_a_hand_with_more_plays_of_the_suit_than_it_judges() -> None:
    """Where the fills cannot be read slot by slot (here an ace at either end, a room upstream
    does not have) every play of the suit is judged. Ten single hearts against a tractor: 210
    plays of four (10 choose 4), each judged and legal (no pair to show); with a second ace and
    king, 283 plays (and 36 + 36 + 1 holding pairs), more than the 256 rbtying's count judges:
    refused before judging any. In the room upstream plays the same hand is counted without
    judging a play (tests/profiles/test_profile_rbtying_fill_count.py): AH AH KH KH alone fills the tractor."""
    from oracle.profiles.rbtying import legal_plays as rbtying

    room = _rbtying("rbtying-ace-at-either-end")
    room.tractors.ace_either_end = True
    context = pb.Context(custom_variant=room, level=pb.RANK_THREE, trump_suit=pb.SUIT_SPADES)
    hearts, lead = "AH KH QH JH 10H 7H 6H 5H 4H 2H 9C", _cards("9H 9H 8H 8H")
    calls = []
    judge = rbtying.first_duty
    rbtying.first_duty = lambda *args, **kw: calls.append(args) or judge(*args, **kw)  # type: ignore[assignment]
    try:
        answer = _ask(context=context, hand=_cards(hearts), lead=lead)
        assert answer.list_legal_plays.total == 210 and len(calls) == 210
        calls.clear()
        error = _ask(context=context, hand=_cards(hearts + " AH KH"), lead=lead).error
        assert calls == []
        assert error.code == "RESOURCE_EXHAUSTED"
        assert f"{rbtying.MAX_JUDGMENTS} one question may judge" in error.message and "has 283 plays" in error.message
        context.custom_variant.tractors.ace_either_end = False
        counted = _ask(context=context, hand=_cards(hearts + " AH KH"), lead=lead).list_legal_plays
        assert counted.total == 1 and calls == []
    finally:
        rbtying.first_duty = judge


def test_a_reading_is_judged_by_a_play_of_its_own_cards() -> None:
    """Four-deck, queens trump: against AA KK (and 99, singles) the hand's quads of 4 and 3 and
    its triple of 8 each give pairs; a single read changes no reading, so one state is reached
    after different cards, and the play judged for it must hold only the cards read before it
    (a play judged with a 3 read twice, a pair, once counted 45 follows). The brute force: 43."""
    from oracle.cards import Rank, parse_cards
    from oracle.variants import make_ruleset

    rules = make_ruleset("four-deck", Rank.QUEEN, Suit.HEARTS)
    lead = parse_cards("AS AS KS KS JS 10S 9S 9S 8S")
    hand = parse_cards("4S 4S 4S 4S 9S 3S 3S 3S 3S KS KS 8S 8S 8S 7C QD")
    answer = list_legal_plays(rules, hand, lead, 0, 100)
    assert {_key(cards_from_pb(p.cards)) for p in answer.plays} == {_key(p) for p in perft.brute_follows(rules, lead, hand)}
    assert answer.total == 43


def test_a_large_hand_is_counted_without_listing() -> None:
    """A four-deck hand of 24 side-suit cards against a 12-card trump throw: any 12 of them follow,
    and their number (a coefficient of a polynomial, worked out here) is the total."""
    from oracle.cards import parse_cards
    from oracle.variants import make_ruleset

    rules = make_ruleset("four-deck", 5, Suit.HEARTS)
    lead = parse_cards("AH 3H 4H 6H 7H 8H 9H JH QH KH 10H 6H")
    spades = parse_cards("AS KS QS JS 10S 9S 8S 7S 6S 4S 3S")
    hand = spades * 2 + parse_cards("JD 3D")
    ways = [1]
    for copies in [2] * len(spades) + [1, 1]:
        ways = [sum(ways[n - k] for k in range(copies + 1) if 0 <= n - k < len(ways)) for n in range(len(ways) + copies)]
    answer = list_legal_plays(rules, hand, lead, 0, 3)
    assert answer.total == ways[12] and len(answer.plays) == 3


def test_the_command_line_prints_the_count_and_the_plays() -> None:
    from click.testing import CliRunner

    from oracle.cli.ask import ask

    run = CliRunner().invoke(ask, ["legal-plays", "-v", "qq-two-deck", "-l", "10", "-t", "H",
                                   "--lead", "8S 8S", "--hand", "AS AS KS KS 3S 3C"])
    assert run.exit_code == 0
    assert run.output.splitlines()[:3] == ["2 legal plays", "  AS AS  (follow.pairs)", "  KS KS  (follow.pairs)"]


PERFT = Path(__file__).resolve().parents[2] / "conformance" / "regression" / "generated-list_legal_plays.jsonl"


def test_the_perft_vectors_pass_over_grpc_and_through_the_stdio_adapter() -> None:
    """Every twentieth perft vector (a sample across every variant, listed and counted), over a live
    server and through the example stdio adapter; the whole file runs with the conformance runner
    (``--set regression --tag list_legal_plays``)."""
    from conformance.runner import main
    from oracle.service.server import serve

    ids = [json.loads(line)["id"] for line in PERFT.read_text().splitlines()][::20]
    assert len(ids) >= 50
    chosen = [arg for case_id in ids for arg in ("--id", case_id)]
    running = serve(port=0, host="127.0.0.1")
    try:
        assert main(["--target", f"127.0.0.1:{running.port}", "--cases", str(PERFT), *chosen, "--quiet"]) == 0
    finally:
        running.stop(grace=None)
    adapter = PERFT.parent.parent.parent / "examples" / "stdio_adapter" / "adapter.py"
    assert main(["--stdio", f"{sys.executable} {adapter}", "--cases", str(PERFT), *chosen, "--quiet"]) == 0


@pytest.mark.parametrize("variant", ["qq-two-deck", "qq-two-deck-two-trump", "four-deck", "qq-three-deck",
                                     "two-colour-one-deck"])
def test_the_seeds_readings_count_as_the_whole_core_does(variant: str) -> None:
    """The seeds' rule reads a play by less than its core where the greedy match allows (the copies
    of its tuples, the lengths of its runs of pairs, its tuples' copies and how their slots and
    strengths stand to each other): on hands too large for the brute force, the
    plays counted and listed are those of the whole core, judged play by play."""
    import oracle.seed_rules.legal_plays as seeds
    from oracle.engine.legal_follows import Cores
    from oracle.engine.legal_play_pages import collect

    rng = random.Random(variant)
    readings = set()
    for _ in range(12):
        deal = perft.random_deal(rng, variant)
        lead = perft.random_lead(rng, deal, rng.choice([2, 4, 6, 8]))
        hand = perft.random_hand(rng, deal, deal.rules.effective_suit(lead[0]), len(lead) + rng.randint(2, 8), 2, lead)
        family, listed = seeds.legal_follows_by_structure(deal.rules, lead, hand)
        readings.add(type(getattr(family.automaton, "reading", None)).__name__)
        fast = collect(deal.rules, hand, family, listed, 0, 5000)
        original = seeds.reading
        seeds.reading = lambda *args: Cores(2)  # type: ignore[assignment]
        try:
            family, listed = seeds.legal_follows_by_structure(deal.rules, lead, hand)
        finally:
            seeds.reading = original
        assert collect(deal.rules, hand, family, listed, 0, 5000) == fast
    assert readings & {"TupleCounts", "PairRuns"}, readings
    assert "Segments" in readings or variant in ("qq-two-deck", "two-colour-one-deck"), readings
