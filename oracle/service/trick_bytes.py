"""A trick read from its plays' bytes by one match: JudgeTrick's happy path for a trick led by
more than one card, up to :data:`SHAPE_CARDS`.

Each play's bytes (:data:`~oracle.service.trick_plays.TRICK_PLAYS`) are its seat's field, then
one of the fields of :data:`CODES_BY_FIELD` a card. The plays joined by a zero byte (which no
seat's or card's field holds) are matched whole by the expression of the trick's *shape*
(:func:`trick_shape`: its seats in play order and the cards a play), whose groups are the cards'
fields: one match tests the seats, the counts and that nothing else is there, one look-up a
field gives a card's code. Anything else does not match and is left to the describing checks.

>>> from oracle.service.contexts import known_context
>>> from oracle.service.decoding import pb_cards
>>> rules, deal = known_context(pb.Context(variant_id="qq-two-deck", level=10, trump_suit=2).SerializeToString())
>>> def read(*plays): return bytes_trick(TRICK_PLAYS.read(pb.JudgeTrickRequest(plays=plays)).plays, rules, deal)
>>> trick, codes = read(pb.Play(seat=3, cards=pb_cards("AS KS QS")), pb.Play(cards=pb_cards("3S BJ 4D")))
>>> [(seat, " ".join(map(str, cards))) for seat, cards in trick], codes
([(3, 'AS KS QS'), (0, '3S BJ 4D')], (113, 105, 97, 25, 128, 35))
>>> odd = pb.Card.FromString(pb_cards("BJ")[0].SerializeToString() + b"\\x18\\x05")  # a field the contract lacks
>>> read(pb.Play(seat=3, cards=pb_cards("AS KS")), pb.Play(cards=[odd, *pb_cards("3S")])) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from oracle import pb
from oracle.cards import Card
from oracle.convert import wire_field
from oracle.engine.ruleset import Play, Ruleset
from oracle.service.card_keys import CODES_BY_KEY, cards_by_code, codes_of
from oracle.service.contexts import Deal
from oracle.service.trick_plays import (
    MOST_SEATS,
    PLAYS_BY_KEY,
    TRICK_PLAYS,
    PlaysRead,
    one_suit,
    plain_plays,
    plain_trick,
)

_CARDS_FIELD = pb.Play.DESCRIPTOR.fields_by_name["cards"].number

CODES_BY_FIELD: dict[bytes, int] = {wire_field(_CARDS_FIELD, key): code for key, code in CODES_BY_KEY.items()}
"""Each card's code by its bytes as one of a play's cards: the field's key and length, then the
card's key (six bytes, a joker's four)."""

_SEAT_BYTES = [pb.Play(seat=seat).SerializeToString() for seat in range(MOST_SEATS)]
"""The bytes a play by each seat starts with: its seat's field (none for seat 0)."""

_SEAT_KEY = _SEAT_BYTES[1][:1]
_CARD_KEY = next(iter(CODES_BY_FIELD))[:1]
_JOIN = b"\x00"
if any(_JOIN in field or _CARD_KEY in field[1:] for field in [*CODES_BY_FIELD, *_SEAT_BYTES]):
    raise ValueError("a seat's or card's field holds the joining byte, or a card field's key past its start")

_CARD = b"(" + b"|".join(sorted({re.escape(field[:2]) + b"." * (len(field) - 2) for field in CODES_BY_FIELD})) + b")"
"""One card's field, as a group: its key and length, then as many bytes as the length says."""

SHAPE_CARDS = 8
"""The most cards a play of a trick read here holds (a shape's expression holds a group a card;
a trick led by more cards, a long throw, is read by :func:`plain_trick`)."""


class TrickShape(NamedTuple):
    """A trick's shape, for :func:`bytes_trick`: the match of its plays' joined bytes, its seats
    in play order and the split of its cards into its plays' (slices taken in C)."""

    match: Callable[[bytes], re.Match[bytes] | None]
    seats: tuple[int, ...]
    split: Callable[[tuple[Card, ...]], tuple[tuple[Card, ...], ...]]


def _alone(cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """The split of a trick of one play (``itemgetter`` of one slice gives the slice alone)."""
    return (cards,)


def _no_match(joined: bytes) -> None:
    """The match of a shape no trick of its deal has (more plays than seats, a seat past the
    deal's, no cards or more than a shape or a hand holds): nothing matches it."""


_SHAPES: dict[tuple[int, int, int, int, int], TrickShape] = {}
"""Each shape met, by its deal's seats and most cards a play, its first seat, its plays and its
cards a play (a four-seat game has 128; rooms of up to eight seats, 4,096): at most
:data:`_SHAPES_KEPT` are kept, a few kilobytes each, then it starts again. A shape no trick of
its deal has is kept too, as one that matches nothing."""

_SHAPES_KEPT = 1024


def trick_shape(players: int, most: int, first: int, count: int, size: int) -> TrickShape:
    """The shape of a trick of ``count`` plays of ``size`` cards by a deal's ``players`` seats
    (a play of at most ``most`` cards), led by seat ``first``, built once; one that matches
    nothing when no trick of the deal has it.

    >>> shape = trick_shape(4, 25, 3, 2, 1)
    >>> shape.seats, shape.match(b"\\x08\\x03\\x12\\x02\\x08\\x10\\x00\\x12\\x02\\x08\\x10").groups()
    ((3, 0), (b'\\x12\\x02\\x08\\x10', b'\\x12\\x02\\x08\\x10'))
    >>> trick_shape(4, 25, 3, 5, 1).match(b"")
    """
    key = players, most, first, count, size
    shape = _SHAPES.get(key)
    if shape is None:
        if len(_SHAPES) >= _SHAPES_KEPT:
            _SHAPES.clear()
        seats = tuple((first + i) % players for i in range(count))
        if not 0 < count <= players or first >= players or not 0 < size <= min(SHAPE_CARDS, most):
            shape = _SHAPES[key] = TrickShape(_no_match, seats, _alone)
            return shape
        expression = _JOIN.join(re.escape(_SEAT_BYTES[seat]) + _CARD * size for seat in seats)
        slices = [slice(i * size, (i + 1) * size) for i in range(count)]
        shape = _SHAPES[key] = TrickShape(
            re.compile(expression, re.DOTALL).fullmatch, seats, itemgetter(*slices) if count > 1 else _alone)
    return shape


def bytes_trick(
    keys: Sequence[bytes], rules: Ruleset, deal: Deal
) -> tuple[tuple[Play, ...], tuple[int, ...]] | None:
    """The plays of a trick given as their bytes on the happy path (as
    :func:`~oracle.service.trick_plays.plain_trick`: one play per seat at most, in play order,
    each of good cards and as many as the lead's, of one suit), each a plain (seat, cards) pair
    (:data:`~oracle.engine.ruleset.Play`: ``zip`` builds them in C, a third of the cost of
    named tuples), and their cards' codes; ``None`` when a test fails. The lead's cards are
    counted by their fields' key (in a well-formed play no other byte is that one; when it is,
    the count is wrong and the plays do not match; a shape no trick of the deal has matches
    nothing)."""
    listed = keys[:]
    lead = listed[0] if listed else b""
    size = lead.count(_CARD_KEY)
    players, most, count = deal.players, deal.most_cards, len(listed)
    seat = lead[1] if lead[:1] == _SEAT_KEY else 0
    shape = _SHAPES.get((players, most, seat, count, size)) or trick_shape(players, most, seat, count, size)
    matched = shape.match(_JOIN.join(listed))
    if matched is None:
        return None
    codes = codes_of(matched.groups(), CODES_BY_FIELD)
    if codes is None or not one_suit(codes[:size], rules):
        return None
    cards = cards_by_code(codes)
    return tuple(zip(shape.seats, shape.split(cards))), codes


_SINGLE_BYTES = max(len(key) for key, (_, codes) in PLAYS_BY_KEY.items() if len(codes) == 1)
"""The most bytes a play of one card holds (a seat's field and a card's): a trick led by one is
read by :func:`~oracle.service.trick_plays.plain_plays`, one look-up a play (a trick led by a
pair mostly holds plays of two cards that are no pair, in no table)."""


def plain_trick_of(
    keys: Any, rules: Ruleset, deal: Deal, read: PlaysRead = TRICK_PLAYS, *, complete: bool = False
) -> tuple[tuple[Play, ...], Sequence[int]] | None:
    """The plays of a mirror ``read`` gave (:data:`~oracle.service.trick_plays.TRICK_PLAYS`, or
    ScoreBottom's last trick) on the happy path, one per seat when ``complete``, and their cards'
    codes (for the caller's test of copies): a trick led by one card by
    :func:`~oracle.service.trick_plays.plain_plays` (each play one look-up), else (or when a play
    is not in its table) by :func:`bytes_trick`, else (a lead of more cards than a shape holds, a
    play with a field the contract lacks) by :func:`~oracle.service.trick_plays.plain_trick`, its
    plays parsed again."""
    plays = getattr(keys, read.field)  # the repeated field: each reading below takes its list once
    found: tuple[tuple[Play, ...], Sequence[int]] | None = (
        plain_plays(plays, rules, deal) if plays and len(plays[0]) <= _SINGLE_BYTES else None)
    found = found or bytes_trick(plays, rules, deal)
    if found is not None:
        return None if complete and len(found[0]) != deal.players else found
    slow = plain_trick(read.plays(keys), rules, deal, complete=complete)
    if slow is None or (codes := codes_of(slow[1])) is None:
        return None
    return slow[0], codes
