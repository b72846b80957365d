"""CompareDeclarations' look-up of ordinary declarations (oracle.service.declaration_keys) held to
the card-by-card happy path and the describing checks: whatever it accepts, they accept with the
same arguments, and it accepts an ordinary declaration whenever they do."""

from __future__ import annotations

import random

import pytest

from oracle import pb
from oracle.cards import full_deck
from oracle.convert import cards_to_pb
from oracle.errors import InvalidQuestion
from oracle.service.card_keys import card_keys
from oracle.service.contexts import known_variant
from oracle.service.declaration_keys import declaration_keys, declaration_mirror
from oracle.service.variant_validation import (
    _ordinary_declarations,
    _plain_declarations,
    parse_compare_declarations,
)
from oracle.variants import load_catalogue

VARIANTS = sorted(load_catalogue())


def _declaration(rng: random.Random, level: int) -> pb.Declaration:
    """A declaration near the edges: copies of a level card or a joker (up to one more than four
    decks hold), now and then another card or a seat out of the deal, or none."""
    deck = full_deck()
    card = rng.choice([c for c in deck if int(c.rank) == level] + deck[-2:] + [rng.choice(deck)])
    cards = [card] * rng.choice([1, 1, 2, 2, 3, 4, 5])
    if rng.random() < 0.1:
        cards.append(rng.choice(deck))
    seat = rng.choice([0, 1, 2, 3, 3, 4, 5, -1])
    return pb.Declaration(seat=seat, cards=cards_to_pb(cards if rng.random() > 0.05 else []))


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_ordinary_declarations_are_read_as_the_card_by_card_path_reads_them(variant_id: str) -> None:
    variant = load_catalogue()[variant_id]
    rng = random.Random(variant_id)
    sizes = {1} | {rung.count for rung in variant.declarations.ladder}
    found = 0
    for _ in range(400):
        level = rng.choice(list(variant.card_order.levels))
        context = pb.Context(variant_id=variant_id, level=level)
        req = pb.CompareDeclarationsRequest(context=context, challenger=_declaration(rng, level),
                                            rebury=rng.random() < 0.2)
        if rng.random() < 0.8:
            req.standing.CopyFrom(_declaration(rng, level))
        known = known_variant(context.SerializeToString())
        assert known is not None and known.level_rank is not None
        ordinary = _ordinary_declarations(req, declaration_mirror(req), known.deal, known.level_rank)
        plain = _plain_declarations(card_keys(req), known.deal, known.level_rank)
        try:
            described = parse_compare_declarations(req)
        except InvalidQuestion:
            described = None
        if ordinary is not None:
            found += 1
            assert ordinary == plain == described
        elif plain is not None:  # only several different cards, or copies on no rung, miss it
            shown = [plain.challenger.cards] + ([] if plain.standing is None else [plain.standing.cards])
            assert any(len(set(cards)) > 1 or len(cards) not in sizes for cards in shown)
    assert found > 10


def test_each_ordinary_declaration_is_one_seat_and_copies_of_one_card() -> None:
    for variant_id in VARIANTS:
        deal = load_catalogue()[variant_id].deal
        for blob, shown in declaration_keys(variant_id).items():
            message = pb.Declaration.FromString(blob)
            assert message.seat == shown.play.seat < deal.players
            assert len(message.cards) == shown.copies == len(shown.play.cards) <= deal.decks
            assert {c.code for c in shown.play.cards} == {shown.code}
