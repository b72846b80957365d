"""A request's cards read as their bytes: the request parsed as its *mirror*, the same field
numbers with every ``Card`` a ``bytes`` field, so that each card is one dictionary look-up
instead of a message wrapper and two attribute reads (a 25-card hand: about 2 µs, not 7).

A mirror keeps the fields that hold cards, each ``Context`` as its bytes (a room's variant is
checked as a variant; the bytes are the context's cache key), and the numbers beside them (the
seats, the points): the validators (:mod:`oracle.service.play_validation`,
:mod:`oracle.service.variant_validation`, :mod:`oracle.service.legal_play_validation`) read the
mirror alone. The bytes of a valid card without unknown fields are one of the 54 canonical
encodings in :data:`CARDS_BY_KEY`; any other bytes are no key, and that list is read card by card
as messages (:func:`oracle.service.decoding.read_group`); happy paths read codes (:func:`codes_of`).
A mirror is parsed from the request's own serialization, never from the bytes a client sent: a
message field sent twice is merged by the parser, but a bytes field keeps its last copy.

>>> from oracle.service.decoding import pb_cards
>>> request = pb.CheckFollowRequest(hand=pb_cards("AS BJ"), play=[pb.Card(rank=99)])
>>> keys = card_keys(request)
>>> [str(c) for c in cards_of(keys.hand)], cards_of(keys.play)
(['AS', 'BJ'], None)
>>> odd = pb.CheckFollowRequest(hand=[pb.Card.FromString(b"\\x08\\x0e\\x10\\x01\\x18\\x05")])
>>> cards_of(card_keys(odd).hand) is None  # AS with a field the contract lacks: no key
True
>>> card_keys(pb.CheckFollowRequest(context=pb.Context(level=10))).context
b'\\x10\\n'
>>> card_keys(pb.JudgeTrickRequest(plays=[pb.Play(seat=3, cards=pb_cards("BJ"))])).plays[0].seat
3
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from operator import eq, itemgetter
from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message

from oracle import pb
from oracle.cards import Card, full_deck

CARDS_BY_KEY: dict[bytes, Card] = {
    pb.Card(rank=int(card.rank), suit=int(card.suit or 0)).SerializeToString(): card  # type: ignore[arg-type]
    for card in full_deck()
}
"""Each card by its bytes as a ``Card`` message (the encoder writes one encoding per value)."""

CODES_BY_KEY: dict[bytes, int] = {key: card.code for key, card in CARDS_BY_KEY.items()}
"""Each card's code (:attr:`oracle.cards.Card.code`) by its bytes: the happy paths read a list
as codes, small ints that hash, sort and count faster than the bytes or the cards do."""

CARDS_BY_CODE: list[Card | None] = [None] * (max(CODES_BY_KEY.values()) + 1)
"""Each card by its code (``None`` where no card has that code)."""
for _card in CARDS_BY_KEY.values():
    CARDS_BY_CODE[_card.code] = _card

_CARD = pb.Card.DESCRIPTOR.full_name
_CONTEXT = pb.Context.DESCRIPTOR.full_name
_AS_BYTES = frozenset({_CARD, _CONTEXT})
"""Messages a mirror holds as their bytes: a card (its key), a context (a room's variant is
checked as a variant, and the bytes are the context's cache key)."""

_FieldProto = descriptor_pb2.FieldDescriptorProto
_POOL = descriptor_pool.DescriptorPool()
_CLASSES: list[type[Message]] = []
"""Every mirror class made (:func:`_mirror_classes`), kept for the life of the process."""


def cards_of(keys: Any) -> tuple[Card, ...] | None:
    """The cards of a list of keys, or ``None`` when one of them is no valid card's key.

    >>> cards_of([b"garbage"]) is None, cards_of([])
    (True, ())
    """
    cards = tuple(map(CARDS_BY_KEY.get, keys))
    return cards if all(cards) else None  # type: ignore[return-value]


def codes_of(keys: Sequence[bytes], table: Mapping[bytes, int] = CODES_BY_KEY) -> tuple[int, ...] | None:
    """The codes of a list of keys, one look-up each in ``table`` (the tuple built in C), or
    ``None`` when one of them is no valid card's key.

    >>> from oracle.service.decoding import pb_cards
    >>> keys = card_keys(pb.DescribePlayRequest(cards=pb_cards("AS BJ AS"))).cards[:]
    >>> codes_of(keys), codes_of(keys[:1]), codes_of([]), codes_of([b"garbage"])
    ((113, 128, 113), (113,), (), None)
    """
    try:
        if len(keys) > 1:
            return itemgetter(*keys)(table)  # type: ignore[no-any-return]
        return tuple(map(table.__getitem__, keys))
    except KeyError:
        return None


def cards_by_code(codes: Sequence[int]) -> tuple[Card, ...]:
    """The cards of valid codes (as :func:`codes_of` gives them), the tuple built in C.

    >>> [str(c) for c in cards_by_code((113, 128))], cards_by_code((113,)), cards_by_code(())
    (['AS', 'BJ'], (Card(rank=<Rank.ACE: 14>, suit=<Suit.SPADES: 1>),), ())
    """
    if len(codes) > 1:
        return itemgetter(*codes)(CARDS_BY_CODE)  # type: ignore[no-any-return]
    return tuple(map(CARDS_BY_CODE.__getitem__, codes))  # type: ignore[arg-type]


SHORT_LIST = 16
"""The longest list :func:`within_copies` first tests by its distinct keys (beyond it, the test
mostly fails and costs more than it saves)."""


def within_copies(keys: Sequence[Hashable], copies: int) -> bool:
    """Whether no key (a card's, or its code) is in the list more than ``copies`` times.

    A key held too often makes at least ``copies`` keys beyond the distinct ones, so a list with
    fewer is within (with one copy, that is the whole test): a short list (a lead, a trick of single cards, a declaration) is tested so,
    one set built in C; a long one (a hand) mostly holds pairs. Sorted, the copies of a key are
    side by side: a key is held too often when it equals the key ``copies`` places on (the
    keys compared pairwise in C, by ``map``).

    >>> within_copies([3, 5, 3], 2), within_copies([b"AS", b"KS", b"AS"], 1)
    (True, False)
    >>> within_copies([7, 3, 7, 3, 7], 2), within_copies([7, 3, 7, 3, 5], 2)
    (False, True)
    """
    if len(keys) <= copies:
        return True
    if copies == 1 or len(keys) <= SHORT_LIST:
        if len(keys) - len(set(keys)) < copies:
            return True
        if copies == 1:
            return False
    if copies < 1:
        return not keys
    ordered = sorted(keys)  # type: ignore[type-var]
    return not any(map(eq, ordered, ordered[copies:]))


def held(play: Sequence[Hashable], hand: Sequence[Hashable]) -> bool:
    """Whether the hand holds every key (a card's, or its code) of the play as often as the play.

    >>> held([3, 3], [3, 5, 3]), held([b"AS", b"AS"], [b"AS", b"KS"])
    (True, False)
    """
    for key in play:
        if hand.count(key) < play.count(key):
            return False
    return True


def card_keys(request: Message) -> Any:
    """The request as its mirror: each field holding cards, each ``Card`` as its bytes."""
    return _MIRRORS[type(request)].FromString(request.SerializeToString())


def _holds_cards(desc: Descriptor, seen: frozenset[str] = frozenset(),
                 as_bytes: frozenset[str] = _AS_BYTES) -> bool:
    if desc.full_name in as_bytes:
        return True
    if desc.full_name in seen:
        return False
    inner = seen | {desc.full_name}
    return any(f.message_type is not None and _holds_cards(f.message_type, inner, as_bytes)
               for f in desc.fields)


def _mirror_name(desc: Descriptor) -> str:
    return desc.full_name.replace(".", "_")


def _mirror_classes(roots: list[Any], as_bytes: frozenset[str] = _AS_BYTES,
                    package: str = "card_keys") -> dict[str, Any]:
    """The mirrors of these message types (and of the messages inside them that hold cards), in
    one file of a private pool (its own ``package``), by the full name of the type mirrored. A
    mirror keeps every field that is a number or a text as it is, and every message named in
    ``as_bytes`` as its bytes."""
    file = descriptor_pb2.FileDescriptorProto(
        name=f"{package}.proto", package=package, syntax="proto3"
    )
    done: set[str] = set()
    todo = list(roots)
    while todo:
        desc = todo.pop()
        if desc.full_name in done:
            continue
        done.add(desc.full_name)
        message = file.message_type.add(name=_mirror_name(desc))
        for f in desc.fields:
            label = _FieldProto.LABEL_REPEATED if f.is_repeated else _FieldProto.LABEL_OPTIONAL
            if f.message_type is None:  # a number or a text: the same field (an enum as its number)
                kind = _FieldProto.TYPE_INT32 if f.type == f.TYPE_ENUM else f.type
                message.field.add(name=f.name, number=f.number, label=label, type=kind)
                continue
            if not _holds_cards(f.message_type, as_bytes=as_bytes):
                continue
            if f.message_type.full_name in as_bytes:
                message.field.add(name=f.name, number=f.number, label=label,
                                  type=_FieldProto.TYPE_BYTES)
            else:
                message.field.add(name=f.name, number=f.number, label=label,
                                  type=_FieldProto.TYPE_MESSAGE,
                                  type_name=f".{package}.{_mirror_name(f.message_type)}")
                todo.append(f.message_type)
    _POOL.Add(file)
    # Every mirror's class is kept, the nested ones too: the runtime holds a message class
    # weakly, and a class refers to itself, so a nested mirror's class unkept is garbage for the
    # cycle collector as soon as a question is answered, made again by the next that reads it.
    classes = {m.name: message_factory.GetMessageClass(_POOL.FindMessageTypeByName(f"{package}.{m.name}"))
               for m in file.message_type}
    _CLASSES.extend(classes.values())
    return {root.full_name: classes[_mirror_name(root)] for root in roots}


_REQUESTS: list[Any] = [
    f.message_type for f in pb.Question.DESCRIPTOR.oneofs_by_name["question"].fields
    if f.message_type is not None
]
_BY_NAME = _mirror_classes(_REQUESTS)
_MIRRORS: dict[type[Message], Any] = {
    message_factory.GetMessageClass(desc): _BY_NAME[desc.full_name] for desc in _REQUESTS
}
"""The mirror of every request a ``Question`` can hold, by the request's class."""


def mirrors(roots: list[Any], also_as_bytes: frozenset[str], package: str) -> dict[str, Any]:
    """Mirrors of these message types, by the full name of the type mirrored, in which the
    messages named in ``also_as_bytes`` are their bytes too (beside each card and context): a
    validator reading a list of such messages by their bytes (each of a known few found by one
    look-up) parses the mirror of one only when it is not one of those. ``package`` names the
    mirrors apart from :func:`card_keys`' and from any other set's.

    >>> plays = mirrors([pb.Trick.DESCRIPTOR], frozenset({pb.Play.DESCRIPTOR.full_name}), "doc")
    >>> trick = pb.Trick(plays=[pb.Play(seat=1, cards=[pb.Card(rank=pb.RANK_ACE, suit=1)])])
    >>> plays[pb.Trick.DESCRIPTOR.full_name].FromString(trick.SerializeToString()).plays
    [b'\\x08\\x01\\x12\\x04\\x08\\x0e\\x10\\x01']
    """
    return _mirror_classes(roots, _AS_BYTES | also_as_bytes, package)
