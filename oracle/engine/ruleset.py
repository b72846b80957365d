"""The context of a deal: which cards are trump and how every card ranks.

A :class:`Context` is a variant, the level rank and the trump suit (``None``
for no-trump). From the variant's trump tiers it works out, once, for every
card:

* its effective suit (trump, or its side suit; in the two-colour game the side
  suits are the colours);
* its strength inside that suit (equal strengths: the first played wins);
* its slot, the position that decides adjacency for tractors (``None`` for a
  card that makes no tractors);
* its identity: cards with the same identity form pairs and larger tuples
  (in the two-colour game 10H and 10D share one identity).

Rule ``order.trump`` (002_ 牌的大小顺序): 大王 > 小王 > 主10 > 副10 > trump A..2.

>>> from oracle.cards import parse_card as c
>>> ctx = make_context("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> ctx.effective_suit(c("10S")) == TRUMP
True
>>> ctx.strength(c("10S")) == ctx.strength(c("10C"))   # 副10 are equal
True
>>> ctx.strength(c("10H")) > ctx.strength(c("10S")) > ctx.strength(c("AH"))
True
>>> ctx.slot(c("JS")) - ctx.slot(c("9S"))               # the level gap is bridged
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from oracle import pb
from oracle.cards import PLAIN_RANKS, SUITS, Card, Rank, Suit, full_deck
from oracle.errors import InvalidQuestion, Violation
from oracle.variants import get_variant, load_catalogue

TRUMP = pb.EFFECTIVE_SUIT_TRUMP
"""The effective suit of trump cards."""

MIXED = pb.EFFECTIVE_SUIT_MIXED
"""The effective suit of a set of cards that is not of one suit."""

_FOUR_SUIT_EFFECTIVE = {
    Suit.SPADES: pb.EFFECTIVE_SUIT_SPADES,
    Suit.HEARTS: pb.EFFECTIVE_SUIT_HEARTS,
    Suit.DIAMONDS: pb.EFFECTIVE_SUIT_DIAMONDS,
    Suit.CLUBS: pb.EFFECTIVE_SUIT_CLUBS,
}

Identity = tuple[int, int]
"""What makes two cards identical for pairing: (rank, logical suit; 0 for jokers)."""


@dataclass(frozen=True)
class SeatPlay:
    """The cards one seat plays (or holds).

    >>> from oracle.cards import parse_cards
    >>> SeatPlay(2, tuple(parse_cards("AS AS"))).seat
    2
    """

    seat: int
    cards: tuple[Card, ...]


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


@dataclass
class Context:
    """A variant, the level rank and the trump suit (``None`` for no-trump).

    Build one with :func:`make_context`, which validates and caches.
    """

    variant: pb.Variant
    level: Rank
    trump: Suit | None
    keys: dict[Card, CardKey] = field(default_factory=dict, repr=False)
    _by_code: list[CardKey | None] = field(default_factory=list, repr=False)
    _sort_keys: list[tuple[int, int, int, int]] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if not self.keys:
            self.keys = _card_keys(self.variant, self.level, self.trump)
        # Lookups by the card's code: no hashing on the hot paths.
        size = max(card.code for card in self.keys) + 1
        self._by_code = [None] * size
        self._sort_keys = [(0, 0, 0, 0)] * size
        for card, key in self.keys.items():
            self._by_code[card.code] = key
            suit_rank = 0 if key.suit == TRUMP else int(key.suit)
            self._sort_keys[card.code] = (suit_rank, -key.strength, int(card.suit or 0), -int(card.rank))

    @property
    def decks(self) -> int:
        return self.variant.deal.decks

    @property
    def players(self) -> int:
        return self.variant.deal.players

    def key(self, card: Card) -> CardKey:
        key = self._by_code[card.code]
        assert key is not None
        return key

    def effective_suit(self, card: Card) -> pb.EffectiveSuit:
        """The proto ``EffectiveSuit`` number of the card."""
        return self.key(card).suit

    def is_trump(self, card: Card) -> bool:
        return self.key(card).suit == TRUMP

    def strength(self, card: Card) -> int:
        """Higher is stronger; only comparable inside one effective suit."""
        return self.key(card).strength

    def slot(self, card: Card) -> int | None:
        return self.key(card).slot

    def slots(self, card: Card) -> tuple[int, ...]:
        """Every place the card can take in a tractor."""
        return self.key(card).slots

    def identity(self, card: Card) -> Identity:
        return self.key(card).identity

    def suit_of(self, cards: Iterable[Card]) -> pb.EffectiveSuit:
        """The effective suit shared by all the cards, or ``MIXED``.

        >>> from oracle.cards import parse_cards
        >>> ctx = make_context("qq-two-deck", Rank.TEN, Suit.HEARTS)
        >>> ctx.suit_of(parse_cards("BJ 10S 3H")) == TRUMP
        True
        >>> ctx.suit_of(parse_cards("AS AH")) == MIXED
        True
        """
        by_code = self._by_code
        suits = {by_code[c.code].suit for c in cards}  # type: ignore[union-attr]
        return suits.pop() if len(suits) == 1 else MIXED

    def sort_key(self, card: Card) -> tuple[int, int, int, int]:
        """Trump first, then by strength, highest first; a total order for output."""
        return self._sort_keys[card.code]

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        """Cards trump first, highest first.

        >>> from oracle.cards import parse_cards, format_cards
        >>> ctx = make_context("qq-two-deck", Rank.TEN, Suit.HEARTS)
        >>> format_cards(ctx.sorted(parse_cards("3S AH 10C BJ")))
        'BJ 10C AH 3S'
        """
        keys = self._sort_keys
        return sorted(cards, key=lambda c: keys[c.code])

    def of_suit(self, cards: Iterable[Card], suit: int) -> list[Card]:
        """The cards of one effective suit."""
        by_code = self._by_code
        return [c for c in cards if by_code[c.code].suit == suit]  # type: ignore[union-attr]


def logical_suit(variant: pb.Variant, suit: Suit) -> pb.EffectiveSuit:
    """The suit a card pairs in: its own, or its colour in the two-colour game.

    >>> logical_suit(get_variant("two-colour-one-deck"), Suit.DIAMONDS) == pb.EFFECTIVE_SUIT_RED
    True
    """
    if variant.deal.suit_mode == pb.SUIT_MODE_TWO_COLOURS:
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


def _card_keys(variant: pb.Variant, level: Rank, trump: Suit | None) -> dict[Card, CardKey]:
    """Work out every card's key: see the module docstring."""
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


@lru_cache(maxsize=1024)
def _cached_context(variant_id: str, level: Rank, trump: Suit | None) -> Context:
    return Context(get_variant(variant_id), level, trump)


@lru_cache(maxsize=4096)
def _known_context(variant_id: str, level: int, trump_suit: int, no_trump: bool) -> Context:
    """The fast path of :func:`make_context` for a well-formed context of a catalogue variant."""
    variant = load_catalogue().get(variant_id)
    valid = (
        variant is not None
        and level in variant.card_order.levels
        and (trump_suit == 0) == no_trump
        and trump_suit in (0, 1, 2, 3, 4)
    )
    if not valid:
        raise InvalidQuestion.single("variant_id", "not a well-formed context")
    return _cached_context(variant_id, Rank(level), Suit(trump_suit) if trump_suit else None)


@lru_cache(maxsize=256)
def _cached_custom_context(blob: bytes, level: Rank, trump: Suit | None) -> Context:
    return Context(pb.Variant.FromString(blob), level, trump)


def custom_variant_problems(custom: pb.Variant) -> list[Violation]:
    """What is wrong with a room's own variant, as violations under ``custom_variant``.

    >>> v = pb.Variant()
    >>> v.CopyFrom(get_variant("qq-two-deck"))
    >>> custom_variant_problems(v)
    []
    >>> v.deal.decks = 0
    >>> custom_variant_problems(v)[0].field
    'custom_variant.deal.decks'
    """
    from oracle.variants import validate

    return [Violation(f"custom_variant.{p.key}", p.reason) for p in validate(custom)]


def make_context(
    variant_id: str,
    level: Rank | int,
    trump_suit: Suit | int | None,
    no_trump: bool = False,
    custom: pb.Variant | None = None,
) -> Context:
    """Validate and build (or reuse) a context.

    ``trump_suit`` is ``None`` (or 0, proto's unspecified) exactly when
    ``no_trump`` is true; pass ``no_trump=True`` for a no-trump deal.
    ``custom`` is a room's own variant, used instead of the catalogue's
    (``variant_id`` is then ignored).

    >>> make_context("qq-two-deck", 10, None, no_trump=True).trump is None
    True
    >>> make_context("nope", 10, 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: variant_id: unknown variant 'nope'; known: ...four-deck, ...
    """
    if custom is None:
        try:
            return _known_context(variant_id, int(level), int(trump_suit or 0), no_trump)
        except InvalidQuestion:
            pass  # checked again below, to report every problem
    violations: list[Violation] = []
    catalogue = load_catalogue()
    if custom is not None:
        problems = custom_variant_problems(custom)
        violations.extend(problems)
        variant: pb.Variant | None = None if problems else custom
        variant_id = custom.id
    else:
        variant = catalogue.get(variant_id)
        if variant is None:
            known = ", ".join(sorted(catalogue))
            violations.append(Violation("variant_id", f"unknown variant {variant_id!r}; known: {known}"))
    rank: Rank | None = None
    if int(level) not in {int(r) for r in Rank}:
        violations.append(Violation("level", f"{int(level)} is not a rank"))
    else:
        rank = Rank(int(level))
        if variant is not None and int(rank) not in set(variant.card_order.levels):
            allowed = ", ".join(Rank(r).symbol for r in variant.card_order.levels)
            violations.append(
                Violation("level", f"{rank.symbol} is not a level of {variant_id} (levels: {allowed})")
            )
    suit: Suit | None = None
    if trump_suit not in (None, 0):
        assert trump_suit is not None
        if int(trump_suit) not in {int(s) for s in Suit}:
            violations.append(Violation("trump_suit", f"{int(trump_suit)} is not a suit"))
        else:
            suit = Suit(int(trump_suit))
    if no_trump and suit is not None:
        violations.append(Violation("no_trump", "set either trump_suit or no_trump, not both"))
    if not no_trump and trump_suit in (None, 0):
        violations.append(Violation("trump_suit", "set a trump suit, or no_trump for a no-trump deal"))
    if violations:
        raise InvalidQuestion(violations)
    assert rank is not None
    if custom is not None:
        return _cached_custom_context(custom.SerializeToString(deterministic=True), rank, suit)
    return _cached_context(variant_id, rank, suit)


def points(cards: Sequence[Card]) -> int:
    """Points on the cards (5 = 5, 10 and K = 10). Rule ``points.cards``.

    >>> from oracle.cards import parse_cards
    >>> points(parse_cards("5S 10H KD AS"))
    25
    """
    return sum(c.points for c in cards)
