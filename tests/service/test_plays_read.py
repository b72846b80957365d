"""How a trick's and a last trick's plays are read from a request's bytes
(:class:`oracle.service.trick_plays.PlaysRead`): ScoreBottom's last trick is read by its plays'
bytes when it is led by one card or a pair, found past a room's own variant as past a
catalogue's context, whose length takes one byte where a room's takes two or three."""

from __future__ import annotations

import pytest
from google.protobuf.message import Message

from oracle import pb
from oracle.service.bottom_validation import BOTTOM_PLAYS
from oracle.service.decoding import pb_cards
from oracle.service.trick_plays import TRICK_PLAYS, PlaysRead, past_context
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
    "no context": None,
}


def _plays(text: str) -> list[pb.Play]:
    return [pb.Play(seat=seat, cards=pb_cards(text)) for seat in range(4)]


def _request(read: PlaysRead, context: pb.Context | None, text: str) -> Message:
    if read is TRICK_PLAYS:
        return pb.JudgeTrickRequest(context=context, plays=_plays(text))
    return pb.ScoreBottomRequest(context=context, last_trick=_plays(text))


@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_the_field_after_the_context_is_found_whatever_the_context_s_length(name: str) -> None:
    context = CONTEXTS[name]
    request = pb.JudgeTrickRequest(context=context, plays=_plays("AS"))
    data = request.SerializeToString()
    context_bytes = b"" if context is None else context.SerializeToString()
    # The context's field (tag, length, bytes) comes first: what follows it is the first play.
    assert data[past_context(data):].startswith(b"\x12" + bytes([len(request.plays[0].SerializeToString())]))
    assert past_context(data) == len(data) - sum(2 + p.ByteSize() for p in request.plays)
    assert ("room" in name) == (len(context_bytes) >= 128)  # a room's length takes two bytes or more


@pytest.mark.parametrize("read", [TRICK_PLAYS, BOTTOM_PLAYS], ids=["trick", "last trick"])
@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_plays_of_one_card_are_read_as_their_bytes_in_a_room_as_in_the_catalogue(
        read: PlaysRead, name: str) -> None:
    mirror = read.read(_request(read, CONTEXTS[name], "AS"))
    assert read.as_bytes(mirror)
    assert [(p.seat, len(p.cards)) for p in read.plays(mirror)] == [(seat, 1) for seat in range(4)]


@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_a_last_trick_led_by_several_cards_is_read_play_by_play(name: str) -> None:
    """ScoreBottom reads a last trick led by more than a pair's bytes as play mirrors (JudgeTrick
    reads every trick as its plays' bytes)."""
    mirror = BOTTOM_PLAYS.read(_request(BOTTOM_PLAYS, CONTEXTS[name], "AS KS QS"))
    assert not BOTTOM_PLAYS.as_bytes(mirror)
    assert [len(p.cards) for p in BOTTOM_PLAYS.plays(mirror)] == [3] * 4
    assert TRICK_PLAYS.as_bytes(TRICK_PLAYS.read(_request(TRICK_PLAYS, CONTEXTS[name], "AS KS QS")))
