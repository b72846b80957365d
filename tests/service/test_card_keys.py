"""Reading a request's cards by their keys (each ``Card`` by its bytes, oracle/service/card_keys)
decides as reading each message does: the same cards for a list of valid cards, and for any
other list no cards and the same problems, named card by card."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from oracle import pb
from oracle.cards import full_deck
from oracle.convert import cards_to_pb
from oracle.service.card_keys import (
    SHORT_LIST,
    card_keys,
    cards_by_code,
    cards_of,
    codes_of,
    held,
    within_copies,
)
from oracle.service.decoding import Problems, decode_cards, read_group

UNKNOWN_FIELD = b"\x18\x05"
"""Field 3 of ``Card`` (which has none), 5: a client newer than the contract may send it."""


@st.composite
def card_messages(draw: st.DrawFn) -> pb.Card:
    """Proto cards: mostly valid; else any rank and suit near the range (out of it, jokers with
    suits, unset fields); now and then with a field the contract lacks."""
    if draw(st.integers(0, 9)) < 8:
        message = cards_to_pb([draw(st.sampled_from(full_deck()))])[0]
    else:
        rank = draw(st.sampled_from(range(-1, 19)))
        suit = draw(st.sampled_from(range(-1, 7)))
        message = pb.Card(rank=rank, suit=suit)  # type: ignore[arg-type]
    if draw(st.integers(0, 9)) == 0:
        message = pb.Card.FromString(message.SerializeToString() + UNKNOWN_FIELD)
    return message


@settings(max_examples=100)
@given(st.lists(card_messages(), max_size=12))
def test_a_list_read_by_its_keys_is_read_as_message_by_message(cards: list[pb.Card]) -> None:
    _read_alike(cards)


def _read_alike(cards: list[pb.Card]) -> None:
    request = pb.CheckFollowRequest(hand=cards)
    by_keys, by_messages = Problems(), Problems()
    fast = read_group(card_keys(request).hand, "hand", by_keys).cards
    slow = decode_cards(request.hand, "hand", by_messages)
    assert fast == slow, [(c.rank, c.suit) for c in cards]
    assert by_keys.items == by_messages.items


@settings(max_examples=100)
@given(st.lists(card_messages(), max_size=12))
def test_a_list_read_as_codes_is_its_cards(cards: list[pb.Card]) -> None:
    """The happy paths' reading (each key its card's code, then the codes' cards) finds the
    cards the keys name, and no codes where a key is no card's."""
    keys = card_keys(pb.CheckFollowRequest(hand=cards)).hand[:]
    codes, read = codes_of(keys), cards_of(keys)
    assert (codes is None) == (read is None)
    if codes is not None:
        assert read is not None and cards_by_code(codes) == read
        assert list(codes) == [card.code for card in read]


def test_every_rank_and_suit_near_the_range_is_read_alike() -> None:
    """Each pair of numbers, between two valid cards, with and without a field the contract
    lacks."""
    for rank in range(-1, 19):
        for suit in range(-1, 7):
            card = pb.Card(rank=rank, suit=suit)  # type: ignore[arg-type]
            odd = pb.Card.FromString(card.SerializeToString() + UNKNOWN_FIELD)
            for middle in (card, odd):
                _read_alike([*cards_to_pb(full_deck()[:1]), middle, *cards_to_pb(full_deck()[-1:])])


def test_a_card_with_a_field_the_contract_lacks_has_no_key_but_is_read() -> None:
    ace = pb.Card.FromString(pb.Card(rank=pb.RANK_ACE, suit=pb.SUIT_SPADES).SerializeToString()
                             + UNKNOWN_FIELD)
    request = pb.CheckFollowRequest(hand=[ace])
    assert cards_of(card_keys(request).hand) is None
    decoded = read_group(card_keys(request).hand, "hand", Problems()).cards
    assert decoded is not None and [str(c) for c in decoded] == ["AS"]


def test_every_request_with_cards_has_a_mirror_of_its_card_fields() -> None:
    """Nested cards too: a trick's plays, a throw's hands, a record's tricks."""
    play = pb.Play(seat=1, cards=[pb.Card(rank=pb.RANK_TEN, suit=pb.SUIT_HEARTS)])
    keys = card_keys(pb.JudgeTrickRequest(plays=[play, play]))
    assert [str(c) for p in keys.plays for c in cards_of(p.cards) or ()] == ["10H", "10H"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=3 * SHORT_LIST), st.integers(0, 4))
def test_copies_are_tested_as_a_count_of_each_key_would(keys: list[int], copies: int) -> None:
    """Short lists and long, one copy or several: the same verdict as counting each key."""
    counted = max(Counter(keys).values(), default=0) <= copies
    assert within_copies(keys, copies) == counted
    assert within_copies([bytes([k]) for k in keys], copies) == counted


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=6), st.lists(st.integers(0, 5), max_size=12))
def test_a_play_is_held_when_the_hand_has_each_key_as_often(play: list[int], hand: list[int]) -> None:
    needed, there = Counter(play), Counter(hand)
    assert held(play, hand) == all(there[k] >= n for k, n in needed.items())
