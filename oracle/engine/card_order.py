"""Every card's place in one deal: effective suit, strength, tractor slot and identity.

:func:`card_keys` reads the variant's trump tiers once for a (variant, level, trump); the
ruleset keeps the result. Rule ``order.trump`` (002_ 牌的大小顺序): 大王 > 小王 > 主10 > 副10 >
trump A..2; with ``order.fixed_rank_trump``, ``order.no_trump``, ``order.side_suit``,
``order.two_colours`` (the effective suits and strengths) and ``units.tractor_bridge``,
``units.trump_tractor`` (the slots); how: docs/rules.md (The order of the cards).

>>> from oracle.cards import parse_card as c
>>> from oracle.variants import get_variant
>>> keys = card_keys(get_variant("qq-two-deck"), Rank.TEN, Suit.HEARTS)
>>> keys[c("10S")].strength == keys[c("10C")].strength      # 副10 are equal
True
>>> keys[c("JS")].slot - keys[c("9S")].slot                  # the level gap is bridged
1
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle import pb
from oracle.cards import PLAIN_RANKS, SUITS, Card, Rank, Suit, full_deck

TRUMP = pb.EFFECTIVE_SUIT_TRUMP
"""The effective suit of trump cards."""

_FOUR_SUIT_EFFECTIVE = {
    Suit.SPADES: pb.EFFECTIVE_SUIT_SPADES,
    Suit.HEARTS: pb.EFFECTIVE_SUIT_HEARTS,
    Suit.DIAMONDS: pb.EFFECTIVE_SUIT_DIAMONDS,
    Suit.CLUBS: pb.EFFECTIVE_SUIT_CLUBS,
}

Identity = tuple[int, int]
"""What makes two cards identical for pairing: (rank, logical suit; 0 for jokers)."""


@dataclass(frozen=True)
class CardKey:
    """How one card stands in a context."""

    suit: pb.EffectiveSuit
    strength: int
    slot: int | None
    identity: Identity
    low_slot: int | None = None
    """A second place for tractors: an ace that may also end a tractor low (AA2233)."""

    @property
    def slots(self) -> tuple[int, ...]:
        """Every place the card can take in a tractor (none for a card that makes no tractors)."""
        if self.slot is None:
            return ()
        return (self.slot,) if self.low_slot is None else (self.slot, self.low_slot)


def logical_suit(variant: pb.Variant, suit: Suit) -> pb.EffectiveSuit:
    """The suit a card pairs in: its own, or its colour in the two-colour game.

    >>> from oracle.variants import get_variant
    >>> logical_suit(get_variant("two-colour-one-deck"), Suit.DIAMONDS) == pb.EFFECTIVE_SUIT_RED
    True
    """
    return suit_or_colour(suit, variant.deal.suit_mode == pb.SUIT_MODE_TWO_COLOURS)


def suit_or_colour(suit: Suit, two_colours: bool) -> pb.EffectiveSuit:
    """:func:`logical_suit` for a variant whose suit mode is read already.

    >>> suit_or_colour(Suit.DIAMONDS, False) == pb.EFFECTIVE_SUIT_DIAMONDS
    True
    """
    if two_colours:
        return pb.EFFECTIVE_SUIT_RED if suit.is_red else pb.EFFECTIVE_SUIT_BLACK
    return _FOUR_SUIT_EFFECTIVE[suit]


def card_identity(variant: pb.Variant, card: Card) -> Identity:
    """What makes two cards identical for pairing: (rank, logical suit; 0 for jokers)."""
    return (int(card.rank), 0 if card.suit is None else logical_suit(variant, card.suit))


Step = list[list[Identity]]
"""One place in the trump order: groups of identities, highest group first; a group's cards are equal."""


def _tier_steps(tier: pb.TrumpTier, variant: pb.Variant, level: Rank, trump: Suit | None) -> list[Step]:
    """The places a tier takes in the trump order (before removing cards an earlier tier took).

    An ordinary tier is one place whose cards are equal; with ``suit_order``
    its cards rank by suit but still share the place; a by-suit tier gives
    each suit's level card and rank card places of their own.
    """
    if tier.kind == pb.TIER_KIND_LEVEL_AND_RANK_BY_SUIT:
        suits = ([] if trump is None else [trump]) + [Suit(s) for s in tier.suit_order if Suit(s) != trump]
        suits += [s for s in SUITS if s not in suits]
        seen: list[Identity] = []
        steps: list[Step] = []
        for suit in suits:
            for rank in (int(level), tier.rank):
                identity = (rank, logical_suit(variant, suit))
                if identity not in seen:
                    seen.append(identity)
                    steps.append([[identity]])
        return steps
    members = _tier_members(tier, variant, level, trump)
    if not tier.suit_order or len(members) < 2:
        return [[members]]
    order: list[int] = [int(logical_suit(variant, Suit(s))) for s in tier.suit_order]
    ranked = sorted(members, key=lambda m: order.index(m[1]) if m[1] in order else len(order))
    return [[[m] for m in ranked]]


def _tier_members(
    tier: pb.TrumpTier, variant: pb.Variant, level: Rank, trump: Suit | None
) -> list[Identity]:
    """The identities a tier names (before removing those an earlier tier took)."""
    kind = tier.kind
    trump_ls = None if trump is None else logical_suit(variant, trump)
    logical_suits = sorted({logical_suit(variant, s) for s in SUITS})
    if kind == pb.TIER_KIND_BIG_JOKER:
        return [(int(Rank.BIG_JOKER), 0)]
    if kind == pb.TIER_KIND_SMALL_JOKER:
        return [(int(Rank.SMALL_JOKER), 0)]
    if kind in (pb.TIER_KIND_TRUMP_LEVEL, pb.TIER_KIND_TRUMP_SUIT_RANK):
        rank = int(level) if kind == pb.TIER_KIND_TRUMP_LEVEL else tier.rank
        return [] if trump_ls is None else [(rank, trump_ls)]
    if kind in (pb.TIER_KIND_OTHER_LEVEL, pb.TIER_KIND_OTHER_SUITS_RANK):
        rank = int(level) if kind == pb.TIER_KIND_OTHER_LEVEL else tier.rank
        return [(rank, ls) for ls in logical_suits if ls != trump_ls]
    if kind == pb.TIER_KIND_SAME_COLOUR_RANK:
        if trump is None:
            return []
        partner = {Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES,
                   Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}[trump]
        return [(tier.rank, logical_suit(variant, partner))]
    if kind == pb.TIER_KIND_CARD:
        return [(tier.rank, logical_suit(variant, Suit(tier.suit)))]
    raise ValueError(f"unknown tier kind {kind}")


def card_keys(variant: pb.Variant, level: Rank, trump: Suit | None) -> dict[Card, CardKey]:
    """Work out every card's key: see docs/rules.md (The order of the cards)."""
    bridge = variant.tractors.bridge_gaps
    across = variant.tractors.across_trump_tiers
    trump_ls = None if trump is None else logical_suit(variant, trump)
    keys_by_identity: dict[Identity, CardKey] = {}

    # Trump: the tiers from the top, then the rest of the trump suit.
    strength = 10_000
    slot = 10_000
    previous_group = 0
    for tier in variant.card_order.trump_tiers:
        for step in _tier_steps(tier, variant, level, trump):
            groups = [[m for m in group if m not in keys_by_identity] for group in step]
            groups = [g for g in groups if g]
            if not groups:
                continue
            step_slot: int | None = None
            if not tier.no_tractors:
                joined = across or (tier.tractor_group != 0 and tier.tractor_group == previous_group)
                slot -= 1 if joined else 2
                step_slot = slot
                previous_group = tier.tractor_group
            for group in groups:
                strength -= 1
                for identity in group:
                    keys_by_identity[identity] = CardKey(TRUMP, strength, step_slot, identity)
    if not across:
        slot -= 1
    suits = sorted({logical_suit(variant, s) for s in SUITS})
    for ls in ([trump_ls] if trump_ls is not None else []) + [s for s in suits if s != trump_ls]:
        effective = TRUMP if ls == trump_ls else ls
        if ls != trump_ls:
            strength, slot = 1_000 * (ls + 1), 1_000 * (ls + 1)
        suit_ace: Identity | None = None
        for rank in sorted(PLAIN_RANKS, reverse=True):
            identity = (int(rank), ls)
            if identity in keys_by_identity:
                if not bridge:
                    slot -= 1
                continue
            strength -= 1
            slot -= 1
            keys_by_identity[identity] = CardKey(effective, strength, slot, identity)
            if rank == Rank.ACE and variant.tractors.ace_either_end:
                suit_ace = identity
        if suit_ace is not None:
            ace = keys_by_identity[suit_ace]
            keys_by_identity[suit_ace] = CardKey(ace.suit, ace.strength, ace.slot, suit_ace, slot - 1)
    return {card: keys_by_identity[card_identity(variant, card)] for card in full_deck()}
