"""A deal's ordinary declarations by their bytes: CompareDeclarations' happy path reads each
declaration by one look-up.

A declaration is a seat and the cards it shows; an ordinary one shows copies of one card, as many
as a rung of the variant's ladder takes (or one card). Each that a deal allows (a seat of the
deal, no more copies than its decks hold nor than a hand) is kept by its bytes as a
``Declaration`` message (:func:`declaration_keys`, built once per catalogue variant): the request
is read as a mirror whose declarations are their bytes (:func:`declaration_mirror`), and a
declaration found is valid, with its seat and cards read. Any other bytes (other cards, a seat
out of the deal, a field the contract lacks) are read card by card
(:mod:`oracle.service.variant_validation`).

>>> from oracle.service.decoding import pb_cards
>>> keys = declaration_keys("qq-two-deck")
>>> pair = pb.Declaration(seat=3, cards=pb_cards("10S 10S"))
>>> mirror = declaration_mirror(pb.CompareDeclarationsRequest(challenger=pair))
>>> shown = keys[mirror.challenger]
>>> shown.play.seat, [str(c) for c in shown.play.cards], shown.copies
(3, ['10S', '10S'], 2)
>>> pb.Declaration(seat=4, cards=pb_cards("10S")).SerializeToString() in keys  # four seats: 0 to 3
False
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from oracle import pb
from oracle.cards import full_deck
from oracle.convert import cards_to_pb
from oracle.engine.ruleset import SeatPlay
from oracle.service.card_keys import mirrors
from oracle.service.limits import MAX_LIST
from oracle.variants import load_catalogue


class Shown(NamedTuple):
    """An ordinary declaration: the seat's play, its card's code and how many copies it shows."""

    play: SeatPlay
    code: int
    copies: int


@lru_cache(maxsize=64)
def declaration_keys(variant_id: str) -> dict[bytes, Shown]:
    """The ordinary declarations of a catalogue variant's deal (:func:`known_variant
    <oracle.service.contexts.known_variant>` reads only those), by their bytes, read once: 54
    cards, each in the sizes its ladder takes, from each seat (432 for two decks and four seats)."""
    variant = load_catalogue()[variant_id]
    deal = variant.deal
    most = min(deal.decks, deal.hand_size, MAX_LIST)
    counts = {1, *(rung.count for rung in variant.declarations.ladder)}
    sizes = sorted(count for count in counts if 0 < count <= most)
    keys = {}
    for card in full_deck():
        for copies in sizes:
            cards = (card,) * copies
            listed = cards_to_pb(cards)
            for seat in range(deal.players):
                blob = pb.Declaration(seat=seat, cards=listed).SerializeToString()
                keys[blob] = Shown(SeatPlay(seat, cards), card.code, copies)
    return keys


_MIRROR = mirrors([pb.CompareDeclarationsRequest.DESCRIPTOR],
                  frozenset({pb.Declaration.DESCRIPTOR.full_name}), "declaration_keys")[
    pb.CompareDeclarationsRequest.DESCRIPTOR.full_name]


def declaration_mirror(request: pb.CompareDeclarationsRequest) -> Any:
    """The request as its mirror whose context and declarations are their bytes (a declaration
    missing, or showing nothing from seat 0, is empty bytes)."""
    return _MIRROR.FromString(request.SerializeToString())
