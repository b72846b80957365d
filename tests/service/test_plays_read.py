"""A trick's and a last trick's plays read from the request's bytes
(:class:`oracle.service.trick_plays.PlaysRead`) on the happy path, in a room's own variant as in
the catalogue's: the happy path takes them (a room's context is 0.8 to 4 KB, not the 30 bytes
of a catalogue's) and gives the describing checks' own arguments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from oracle import pb
from oracle.cards import parse_cards
from oracle.convert import cards_to_pb
from oracle.service import bottom_validation, play_validation
from oracle.service.contexts import known_context
from oracle.service.trick_plays import TRICK_PLAYS
from oracle.variants import load_catalogue


def _room(name: str) -> pb.Context:
    room = pb.Variant()
    room.CopyFrom(load_catalogue()[name])
    room.id = f"{name}-as-a-room"
    return pb.Context(custom_variant=room, level=pb.RANK_TWO, trump_suit=pb.SUIT_HEARTS)


CONTEXTS = {
    "catalogue": pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_HEARTS),
    "small room": _room("qq-two-deck"),
    "large room": _room("rbtying-default"),
}

PLAYS = {  # seat 0's lead, then seats 1 to 3: all of one suit, no card more than twice
    "singles": ["AS", "3S", "KS", "4S"],
    "pairs": ["AS AS", "3S 3S", "KS QS", "4C 5D"],
    "triples": ["AS KS QS", "3S 4S 5S", "JS 10S 9S", "3C 4D 5C"],
}

Reader = tuple[Callable[..., Any], Callable[[Any], Any], Callable[[Any], Any]]
KINDS: dict[str, Reader] = {
    "trick": (play_validation._plain_judge, play_validation._described_trick, TRICK_PLAYS.read),
    "last trick": (bottom_validation._plain_bottom, bottom_validation._described_bottom,
                   bottom_validation.BOTTOM_PLAYS.read),
}


def _request(kind: str, context: pb.Context, plays: list[str]) -> Any:
    listed = [pb.Play(seat=seat, cards=cards_to_pb(parse_cards(text))) for seat, text in enumerate(plays)]
    if kind == "trick":
        return pb.JudgeTrickRequest(context=context, plays=listed)
    return pb.ScoreBottomRequest(context=context, last_trick=listed, banker_seats=[0, 2],
                                 bottom=cards_to_pb(parse_cards("2C 6C 7C 8C 9C 10C 2D 6D")))


@pytest.mark.parametrize("shape", sorted(PLAYS))
@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_the_happy_path_reads_a_room_s_trick_as_the_catalogue_s(name: str, kind: str, shape: str) -> None:
    plain, described, read = KINDS[kind]
    keys = read(_request(kind, CONTEXTS[name], PLAYS[shape]))
    checked = described(keys)  # valid, and (for a room) its ruleset compiled, as a server has it
    known = known_context(keys.context)
    assert known is not None
    assert plain(keys, known.ruleset, known.deal) == checked
