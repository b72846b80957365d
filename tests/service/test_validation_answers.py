"""The one validator answers every question near the edge of its checks as the service has
answered it: on requests with one thing changed that a check looks at (cards moved, copied,
dropped, made bad; seats and contexts changed), each parser returns the same arguments, or
refuses with the same violations (field paths and words), as recorded in
``tests/support/validation_answers.json``.

The record was made by the service before its validation was one pass (two parsers held to the
same answers by a test comparing them); ``python -m tests.service.test_validation_answers`` writes it
again from the code at hand, to be reviewed as a change of the service's answers.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from oracle import pb
from oracle.cards import Card, full_deck
from oracle.convert import cards_to_pb
from oracle.engine.ruleset import Ruleset
from oracle.errors import InvalidQuestion
from oracle.service import bottom_validation, play_validation, variant_validation
from oracle.service.card_keys import card_keys
from oracle.service.contexts import known_context
from oracle.service.trick_plays import TRICK_PLAYS
from oracle.variants import load_catalogue

RECORD = Path(__file__).resolve().parents[1] / "support" / "validation_answers.json"
PER_KIND = 150
"""Requests per kind of question."""

CONTEXTS = [
    pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS),
    pb.Context(variant_id="qq-one-deck", level=pb.RANK_TWO, no_trump=True),
    pb.Context(variant_id="four-deck", level=pb.RANK_ACE, trump_suit=pb.SUIT_SPADES),
]


def _deal(rng: random.Random, ctx: pb.Context) -> list[list[Any]]:
    decks = {"qq-one-deck": 1, "qq-two-deck": 2, "four-deck": 4}[ctx.variant_id]
    deck = full_deck() * decks
    rng.shuffle(deck)
    return [deck[i * 16:(i + 1) * 16] for i in range(4)]


def _card_lists(msg: Any) -> list[Any]:
    """Every repeated ``Card`` field of the message and of the messages inside it."""
    out = []
    for field in msg.DESCRIPTOR.fields:
        if field.message_type is pb.Card.DESCRIPTOR:
            out.append(getattr(msg, field.name))
        elif field.message_type is not None and field.is_repeated:
            for inner in getattr(msg, field.name):
                out.extend(_card_lists(inner))
        elif field.message_type is not None and field.name != "context":
            out.extend(_card_lists(getattr(msg, field.name)))
    return out


def _mutated(rng: random.Random, req: Any) -> Any:
    """The request, or a copy with one thing changed that a check looks at."""
    out = type(req)()
    out.CopyFrom(req)
    lists = _card_lists(out)
    roll = rng.randrange(8)
    if roll == 0 or not lists:
        return out
    if roll == 1 and out.context.level:
        out.context.level = rng.choice([0, 3, 10, 16])
    elif roll == 2:
        out.context.trump_suit = rng.choice([0, 1, 2, 7])
    field = rng.choice(lists)
    if roll == 3 and len(field):
        field.add().CopyFrom(field[rng.randrange(len(field))])  # a copy more
    elif roll == 4 and len(field):
        del field[rng.randrange(len(field))]
    elif roll == 5:
        field.add(rank=rng.choice([2, 14, 15, 16, 99]), suit=rng.choice([0, 1, 4, 9]))
    elif roll == 6:
        del field[:]
    elif roll == 7 and len(field):
        field[rng.randrange(len(field))].CopyFrom(field[0])
    return out


def _follow(rng: random.Random) -> pb.CheckFollowRequest:
    ctx = rng.choice(CONTEXTS)
    hands = _deal(rng, ctx)
    n = rng.choice([1, 2, 2, 3])
    lead = [hands[0][0]] * n if rng.random() < 0.5 else hands[0][:n]
    return pb.CheckFollowRequest(context=ctx, lead=cards_to_pb(lead), hand=cards_to_pb(hands[1]),
                                 play=cards_to_pb(rng.sample(hands[1], n)))


def _describe(rng: random.Random) -> pb.DescribePlayRequest:
    ctx = rng.choice(CONTEXTS)
    return pb.DescribePlayRequest(context=ctx, cards=cards_to_pb(_deal(rng, ctx)[0][:3]))


def _plays(rng: random.Random, hands: list[list[Any]], n: int) -> list[pb.Play]:
    first = rng.randrange(4)
    seats = [(first + i) % 4 for i in range(rng.choice([1, 3, 4, 4]))]
    if rng.random() < 0.2:
        seats[-1] = rng.choice([seats[0], 7, -1])
    return [pb.Play(seat=s, cards=cards_to_pb(hands[i][:n])) for i, s in enumerate(seats)]


def _trick(rng: random.Random) -> pb.JudgeTrickRequest:
    ctx = rng.choice(CONTEXTS)
    return pb.JudgeTrickRequest(context=ctx, plays=_plays(rng, _deal(rng, ctx), 1))


def _throw(rng: random.Random) -> pb.CheckThrowRequest:
    ctx = rng.choice(CONTEXTS)
    hands = _deal(rng, ctx)
    seats = rng.sample(range(4), 4) if rng.random() < 0.9 else [0, 1, 1, 2]
    return pb.CheckThrowRequest(
        context=ctx, throw=pb.Play(seat=seats[0], cards=cards_to_pb(hands[0][:1])),
        other_hands=[pb.Hand(seat=s, cards=cards_to_pb(hands[i + 1]))
                     for i, s in enumerate(seats[1:rng.choice([2, 4, 4])])])


def _bottom(rng: random.Random) -> pb.ScoreBottomRequest:
    ctx = rng.choice(CONTEXTS)
    hands = _deal(rng, ctx)
    variant = load_catalogue()[ctx.variant_id]
    trick = _plays(rng, hands, 1)
    if rng.random() < 0.6:
        trick = [pb.Play(seat=s, cards=cards_to_pb(hands[s][:1])) for s in range(4)]
    return pb.ScoreBottomRequest(
        context=ctx, last_trick=trick,
        banker_seats=rng.choice([[0, 2], [1], [0, 2], [], [0, 1, 2, 3], [2, 2], [9]]),
        bottom=cards_to_pb(hands[3][-variant.deal.bottom_size:]),
        attacker_points=rng.choice([0, 80, 80, -5]))


def _variant_context(rng: random.Random, level: bool) -> pb.Context:
    ctx = pb.Context(variant_id=rng.choice(["qq-two-deck", "qq-one-deck", "four-deck"]))
    if level:
        ctx.level = rng.choice([pb.RANK_TEN, pb.RANK_TEN, pb.RANK_TWO, pb.RANK_BIG_JOKER])
    return ctx


def _score_deal(rng: random.Random) -> pb.ScoreDealRequest:
    req = pb.ScoreDealRequest(
        context=_variant_context(rng, rng.random() < 0.1), attacker_points=rng.randrange(0, 200, 5),
        banker_seat=rng.choice([0, 3, 3, 4]), banker_level=rng.choice([0, 5, 5, 16]),  # type: ignore[arg-type]
        attacker_level=rng.choice([0, 14, 14, 1]))  # type: ignore[arg-type]
    if rng.random() < 0.1:
        req.variant_id = "qq-two-deck"
    return req


def _compare(rng: random.Random) -> pb.CompareDeclarationsRequest:
    ctx = _variant_context(rng, rng.random() < 0.9)
    tens = [c for c in full_deck() if int(c.rank) == 10 and c.suit is not None] * 2
    rng.shuffle(tens)
    seats = rng.sample(range(4), 2) if rng.random() < 0.8 else [1, 1]
    req = pb.CompareDeclarationsRequest(
        context=ctx, challenger=pb.Declaration(seat=seats[0], cards=cards_to_pb(tens[:2])),
        rebury=rng.random() < 0.5)
    if rng.random() < 0.7:
        req.standing.CopyFrom(pb.Declaration(seat=seats[1], cards=cards_to_pb(tens[:1])))
    if rng.random() < 0.05:
        req.level = pb.RANK_TEN
    return req


CASES = [
    (play_validation, "parse_check_follow", _follow),
    (play_validation, "parse_describe_play", _describe),
    (play_validation, "parse_judge_trick", _trick),
    (play_validation, "parse_check_throw", _throw),
    (bottom_validation, "parse_score_bottom", _bottom),
    (variant_validation, "parse_score_deal", _score_deal),
    (variant_validation, "parse_compare_declarations", _compare),
]


def _plain(value: Any) -> Any:
    """Arguments as JSON: cards in the notation, a ruleset as its variant, level and trump."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Ruleset):
        return [value.variant.id, int(value.level), None if value.trump is None else int(value.trump)]
    if isinstance(value, pb.Variant):
        return value.id
    if isinstance(value, (frozenset, set)):
        return sorted(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    return int(value)


def _outcome(parse: Callable[[Any], Any], req: Any) -> Any:
    """``{"args": ...}`` for a question accepted, ``{"refused": [[field, words], ...]}`` else."""
    try:
        return {"args": _plain(parse(req))}
    except InvalidQuestion as err:
        return {"refused": [[v.field, v.description] for v in err.violations]}


def outcomes(module: Any, parser: str, make: Callable[[random.Random], Any]) -> list[Any]:
    rng = random.Random(parser)
    requests = [_mutated(rng, make(rng)) for _ in range(PER_KIND)]
    return [_outcome(getattr(module, parser), req) for req in requests]


@pytest.mark.parametrize("module, parser, make", CASES, ids=[c[1] for c in CASES])
def test_the_validator_answers_as_recorded(
    module: Any, parser: str, make: Callable[[random.Random], Any]
) -> None:
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))[parser]
    answered = outcomes(module, parser, make)
    refused = sum("refused" in o for o in answered)
    assert refused >= 10 and len(answered) - refused >= 10  # both kinds of answer are there
    for i, (now, then) in enumerate(zip(answered, recorded)):
        assert now == then, f"request {i}"
    assert len(answered) == len(recorded)


HAPPY_PATHS: dict[str, tuple[Callable[..., Any], Callable[[Any], Any], Callable[[Any], Any]]] = {
    "parse_describe_play": (play_validation._plain_play, play_validation._described_play,
                            card_keys),
    "parse_check_follow": (play_validation._plain_follow, play_validation._described_follow,
                           card_keys),
    "parse_judge_trick": (play_validation._plain_judge, play_validation._described_trick,
                          TRICK_PLAYS.read),
    "parse_check_throw": (play_validation._plain_throw, play_validation._described_throw,
                          card_keys),
    "parse_score_bottom": (bottom_validation._plain_bottom, bottom_validation._described_bottom,
                           bottom_validation.BOTTOM_PLAYS.read),
}
"""Each validator of a question with a context: its happy path, its describing checks and the
mirror both read."""


@pytest.mark.parametrize("parser", sorted(HAPPY_PATHS))
def test_the_happy_path_accepts_only_what_the_describing_checks_accept(parser: str) -> None:
    """On the recorded requests near every check's edge, whatever the happy path accepts, the
    describing checks accept too, with the same arguments; and it accepts most valid ones."""
    _happy_within_described(parser, next(c[2] for c in CASES if c[1] == parser), f"happy {parser}")


def _long_trick(rng: random.Random) -> pb.JudgeTrickRequest:
    """A trick whose plays are of one to four cards (a pair, a triple: the plays read by their
    bytes and those read card by card), now and then a play with a field the contract lacks."""
    ctx = rng.choice(CONTEXTS)
    size = rng.choice([1, 2, 3, 4])
    return pb.JudgeTrickRequest(context=ctx, plays=_longer(rng, _plays(rng, _deal(rng, ctx), size)))


def _longer(rng: random.Random, plays: list[pb.Play]) -> list[pb.Play]:
    """These plays, now and then one made a pair, a triple... of its first card (as many as
    it has cards), now and then one given a field the contract lacks."""
    size = len(plays[0].cards)
    for play in plays:
        if rng.random() < 0.3:
            first = pb.Card()
            first.CopyFrom(play.cards[0])
            del play.cards[:]
            play.cards.extend([first] * size)  # a pair, a triple of one card
    if rng.random() < 0.1:
        odd = rng.randrange(len(plays))
        plays[odd] = pb.Play.FromString(plays[odd].SerializeToString() + b"\x18\x05")
    return plays


def test_a_trick_of_longer_plays_is_accepted_only_as_the_describing_checks_accept_it() -> None:
    """The trick's happy path reads a play of one card or a pair by its bytes, any other card
    by card: both held to the describing checks."""
    _happy_within_described("parse_judge_trick", _long_trick, "happy long tricks")


def _six_seat_room() -> pb.Variant:
    """A room's own variant of six seats and three decks (a trick's shape depends on the seats)."""
    room = pb.Variant()
    room.CopyFrom(load_catalogue()["qq-two-deck"])
    room.id = "six seats"
    room.deal.players, room.deal.decks, room.deal.bottom_size, room.deal.hand_size = 6, 3, 6, 26
    return room


SHAPED_CONTEXTS = [*CONTEXTS, pb.Context(level=pb.RANK_TWO, trump_suit=pb.SUIT_CLUBS, custom_variant=_six_seat_room())]


def _odd_bytes(rng: random.Random, plays: list[pb.Play]) -> None:
    """One thing in one play's bytes changed that a well-formed play of good cards never holds:
    a card or a play with a field the contract lacks, a card of no rank or suit, a joker with a
    suit, a seat past the deal's or below zero, a play with a card more or one fewer."""
    play = rng.choice(plays)
    roll = rng.randrange(7)
    if roll == 0 and len(play.cards):
        at = rng.randrange(len(play.cards))
        play.cards[at].CopyFrom(pb.Card.FromString(play.cards[at].SerializeToString() + b"\x18\x05"))
    elif roll == 1:
        play.CopyFrom(pb.Play.FromString(play.SerializeToString() + b"\x1a\x01x"))
    elif roll == 2:
        play.cards.add(rank=rng.choice([0, 2, 17]), suit=rng.choice([0, 1, 5]))
    elif roll == 3:
        play.cards.add(rank=rng.choice([15, 16]), suit=rng.choice([1, 4]))
    elif roll == 4:
        play.seat = rng.choice([6, 7, 8, 127, 128, 300, -1])
    elif roll == 5 and len(play.cards):
        del play.cards[rng.randrange(len(play.cards))]
    else:
        play.cards.add().CopyFrom(rng.choice(plays).cards[0]) if len(plays[0].cards) else None


def _shaped_trick(rng: random.Random) -> pb.JudgeTrickRequest:
    """A trick of any shape a trick's bytes are read by (four or six seats, led by any seat,
    one to all of them playing, one to nine cards a play: a shape's most and one more), with
    jokers, pairs and copies beyond the decks now and then, and now and then one thing in its
    bytes that a well-formed play does not hold (:func:`_odd_bytes`)."""
    ctx = rng.choice(SHAPED_CONTEXTS)
    players = ctx.custom_variant.deal.players if ctx.HasField("custom_variant") else 4
    deck = full_deck() * 3
    rng.shuffle(deck)
    if rng.random() < 0.3:
        deck[:12] = [rng.choice(full_deck()[-2:])] * 3 + [deck[0]] * rng.choice([1, 2, 3, 4]) + deck[:8]
    size = rng.choice([1, 2, 2, 3, 4, 6, 8, 9])
    first = rng.randrange(players)
    lead = [c for c in deck if c.suit == deck[0].suit and int(c.rank) != ctx.level][:size]  # mostly one suit
    plays = [pb.Play(seat=(first + i) % players, cards=cards_to_pb(lead if i == 0 else deck[i * size:(i + 1) * size]))
             for i in range(rng.randint(1, players))]
    if rng.random() < 0.3:
        _odd_bytes(rng, plays)
    return pb.JudgeTrickRequest(context=ctx, plays=plays)


def test_a_trick_of_any_shape_is_accepted_only_as_the_describing_checks_accept_it() -> None:
    """The trick's happy path reads a trick led by more than a pair by its plays' bytes in one
    match (``trick_bytes``), a play of more cards than a shape holds card by card: both held to
    the describing checks, on tricks whose bytes now and then hold what no good play holds."""
    _happy_within_described("parse_judge_trick", _shaped_trick, "happy shaped tricks")


def _long_bottom(rng: random.Random) -> pb.ScoreBottomRequest:
    """A ScoreBottom whose last trick's plays are of one to four cards, mostly a whole trick."""
    req = _bottom(rng)
    ctx = req.context
    hands = _deal(rng, ctx)
    size = rng.choice([1, 2, 3, 4])
    plays = _plays(rng, hands, size)
    if rng.random() < 0.7:
        first = rng.randrange(4)
        plays = [pb.Play(seat=(first + i) % 4, cards=cards_to_pb(hands[i][:size]))
                 for i in range(4)]
    del req.last_trick[:]
    req.last_trick.extend(_longer(rng, plays))
    return req


def test_a_last_trick_of_longer_plays_is_accepted_only_as_the_describing_checks_accept_it() -> None:
    """ScoreBottom's happy path reads a play of one card or a pair by its bytes, any other card
    by card: both held to the describing checks."""
    _happy_within_described("parse_score_bottom", _long_bottom, "happy long last tricks")


def _happy_within_described(parser: str, make: Callable[[random.Random], Any], seed: str) -> None:
    plain, described, mirror = HAPPY_PATHS[parser]
    rng = random.Random(seed)
    accepted = valid = 0
    for _ in range(PER_KIND):
        keys = mirror(_mutated(rng, make(rng)))
        known = known_context(keys.context)
        args = None if known is None else plain(keys, known.ruleset, known.deal)
        try:
            checked = described(keys)
        except InvalidQuestion:
            assert args is None
            continue
        valid += 1
        if args is not None:
            accepted += 1
            assert _plain(args) == _plain(checked)
    assert accepted >= valid * 0.8 > 0


@pytest.mark.parametrize("points, refused", [(-30, False), (-100_000, False), (100_000, False),
                                             (-100_001, True), (2**31 - 1, True)])
def test_score_deal_bounds_the_attackers_points(points: int, refused: bool) -> None:
    """Points below zero are a deal's score (a failed throw's penalty; the conformance suite's
    botzone endgame scores -30), but no deal scores past the points limit either way."""
    req = pb.ScoreDealRequest(context=pb.Context(variant_id="qq-two-deck"), attacker_points=points)
    outcome = _outcome(variant_validation.parse_score_deal, req)
    assert ("refused" in outcome) == refused
    if refused:
        assert [field for field, _ in outcome["refused"]] == ["attacker_points"]


def record_text(record: dict[str, list[Any]]) -> str:
    """The record as JSON, one answer a line (a change of the answers reads as a diff)."""
    kinds = [f"{json.dumps(parser)}: [\n" + ",\n".join(json.dumps(o, ensure_ascii=False) for o in answers)
             + "\n]" for parser, answers in record.items()]
    return "{\n" + ",\n".join(kinds) + "\n}\n"


if __name__ == "__main__":
    RECORD.write_text(record_text({parser: outcomes(module, parser, make)
                                   for module, parser, make in CASES}), encoding="utf-8")
