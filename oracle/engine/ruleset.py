"""A ruleset: one variant compiled for one deal (level and trump), with the strategies it applies.

Built once per (variant, level, trump) by :func:`oracle.dispatch.compile.compile_ruleset` and
cached; every question about that deal reads the card order and the units of a play through
it, so all questions agree on what a play is. The card order is rule ``order.trump``
(:mod:`oracle.engine.card_order`); the strategies come from the registries of
:mod:`oracle.dispatch.strategies`, the only reader of the variant's strategy enums.

>>> from oracle.cards import parse_card as c, parse_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> rules.effective_suit(c("10S")) == TRUMP, rules.strength(c("10H")) > rules.strength(c("10S"))
(True, True)
>>> [u.name for u in rules.units(parse_cards("SJ SJ 10H 10H 10S 10S AH AH"))]
['tractor of 4 pairs']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from oracle import pb
from oracle.cards import Card, Rank, Suit
from oracle.engine.card_order import TRUMP, CardKey, Identity
from oracle.engine.units import Block, Unit

__all__ = ["MIXED", "TRUMP", "CompoundLeads", "Play", "Ruleset", "SeatPlay", "Strategies", "points"]

MIXED = pb.EFFECTIVE_SUIT_MIXED
"""The effective suit of a set of cards that is not of one suit."""


class SeatPlay(NamedTuple):
    """The cards one seat plays (or holds). A named tuple: built for every play of every question,
    it costs a fraction of a frozen dataclass.

    >>> from oracle.cards import parse_cards
    >>> SeatPlay(2, tuple(parse_cards("AS AS"))).seat
    2
    """

    seat: int
    cards: tuple[Card, ...]


Play = tuple[int, tuple[Card, ...]]
"""A seat and the cards it plays, as a trick judge reads them (``seat, cards = play``): a
:class:`SeatPlay`, or the plain pair a trick read from its bytes gives (built in C by ``zip``,
a third of a named tuple's cost)."""

UnitReader = Callable[["Ruleset", Sequence[Card]], list[Unit]]
"""How a set of cards of one suit splits into units."""


class FollowCheck(Protocol):
    """Judge a follow: (ruleset, lead, the follower's whole hand, play), the answer written into
    ``answer`` as :class:`TrickJudge` writes it."""

    def __call__(
        self, rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card],
        answer: pb.CheckFollowResponse | None = None, /,
    ) -> pb.CheckFollowResponse: ...


class TrickJudge(Protocol):
    """Judge a trick: the plays in order, the first being the lead. The answer is written into
    ``answer`` when one is given (an empty message, a field of an ``Answer`` for one: built in
    its place, not copied there), else into a new message; either is returned."""

    def __call__(
        self, rules: Ruleset, plays: Sequence[Play], answer: pb.JudgeTrickResponse | None = None, /
    ) -> pb.JudgeTrickResponse: ...


ForcedUnit = Callable[["Ruleset", Sequence[Block], Sequence[Card], Sequence[int]], list[Card]]
"""What a failed throw forces: (ruleset, blocks, the thrown cards, the other seats in play order)."""

Penalty = Callable[[pb.Throws, int, int, int], int]
"""A failed throw's penalty: (throws, thrown cards, forced cards, beaten cards)."""

BottomMultiplier = Callable[["Ruleset", Sequence[Unit], bool], tuple[int, str, str]]
"""The bottom's multiplier from the last lead's units and whether trump won: (value, rule id, why)."""


class ThrowCheck(Protocol):
    """Judge a throw: (ruleset, the thrower's cards, the other seats' hands), the answer written
    into ``answer`` as :class:`TrickJudge` writes it."""

    def __call__(
        self, rules: Ruleset, thrower: SeatPlay, other_hands: Sequence[SeatPlay],
        answer: pb.CheckThrowResponse | None = None, /,
    ) -> pb.CheckThrowResponse: ...


@dataclass(frozen=True)
class CompoundLeads:
    """Leads of more than one effective suit that a ruleset allows (rbtying's rainbows).

    ``units`` reads such cards as a lead's units (``None``: they are no lead); ``leads`` spells
    out every such lead a hand holds, which ListLegalPlays groups under ``rule_id`` and
    ``description``.
    """

    units: Callable[[Ruleset, Sequence[Card]], list[Unit] | None]
    leads: Callable[[Ruleset, Sequence[Card]], list[tuple[Card, ...]]]
    rule_id: str
    description: str


@dataclass(frozen=True)
class RuffTest:
    """When a trump play to a side-suit lead counts as a ruff: the test and its words."""

    test: Callable[[Ruleset, Sequence[Unit], Sequence[Card]], bool]
    needs: str


@dataclass(frozen=True)
class Strategies:
    """The rules one ruleset applies, each chosen from a registry by one enum of the variant.

    A strategy that the chosen follow rule or trick judge does not use is ``None``. Each comes
    from the one place its rule family declares it (:mod:`oracle.dispatch.strategies`).
    """

    units: UnitReader
    follow: FollowCheck
    count: Callable[[Ruleset, Sequence[Card], Sequence[Card]], Any] | None
    """The follow rule's counter of legal follows (an ``oracle.engine.legal_plays.FollowCounter``),
    ``None`` where the rule has none."""
    judge: TrickJudge
    forced: ForcedUnit
    penalty: Penalty
    bottom: BottomMultiplier
    throw_bottom: BottomMultiplier
    throw: ThrowCheck
    """Whether a throw stands: the check that reads plays as :attr:`units` does."""
    ruff: RuffTest | None = None
    compound: CompoundLeads | None = None
    """Leads of several suits the ruleset allows; ``None``: a lead is of one effective suit."""
    settings: object = None
    """What the rules of the ruleset's family read beyond their strategies, in that family's own
    type (a compatibility profile's policies), ``None`` where they read nothing more."""


@dataclass(eq=False)
class Ruleset:
    """A variant, the level rank, the trump suit (``None`` for no-trump) and what follows.

    ``keys`` holds every card's :class:`~oracle.engine.card_order.CardKey`. The hot paths read
    the tables built from them, one entry per card code (:attr:`oracle.cards.Card.code`), with
    no hashing: :attr:`suits`, :attr:`strengths`, :attr:`identities` and :attr:`order`.

    >>> from oracle.cards import parse_card as c, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> rules.suits[c("10S").code] == TRUMP, rules.strengths[c("AS").code] == rules.strength(c("AS"))
    (True, True)
    >>> rules.order[c("BJ").code] < rules.order[c("10H").code] < rules.order[c("3S").code]
    True
    """

    variant: pb.Variant
    level: Rank
    trump: Suit | None
    keys: dict[Card, CardKey]
    strategies: Strategies
    _by_code: list[CardKey | None] = field(default_factory=list, repr=False)
    _sort_keys: list[tuple[int, int, int, int]] = field(default_factory=list, repr=False)
    suits: list[pb.EffectiveSuit] = field(default_factory=list, repr=False)
    """Each card code's effective suit (0 for a code that is no card)."""
    strengths: list[int] = field(default_factory=list, repr=False)
    """Each card code's strength (higher is stronger, inside one effective suit)."""
    identities: list[Identity] = field(default_factory=list, repr=False)
    """Each card code's identity: the cards that pair with it share it."""
    order: list[int] = field(default_factory=list, repr=False)
    """Each card code's place in the output order (:meth:`sort_key`): 0 first."""
    places: list[tuple[int, ...]] = field(default_factory=list, repr=False)
    """Each card code's tractor slots (:meth:`slots`)."""
    lows: list[int] = field(default_factory=list, repr=False)
    """Each card code's place lowest first: by strength, then :attr:`order` (0 first)."""
    discards: list[int] = field(default_factory=list, repr=False)
    """Each card code's place among cards given up: side suits before trump, then as :attr:`lows`."""
    singles: list[Unit] = field(default_factory=list, repr=False)
    """Each card code's unit as a single (built once: a play's singles are shared, never changed)."""
    cards_by_low: list[Card] = field(default_factory=list, repr=False)
    """The card at each place of :attr:`lows` (its inverse)."""
    low_strengths: list[int] = field(default_factory=list, repr=False)
    """The strength of the card at each place of :attr:`lows`: never falling, so that a binary
    search finds the first place stronger than a strength."""
    highs: list[int] = field(default_factory=list, repr=False)
    """Each card code's place highest first: by strength, highest first, then by :attr:`order`
    (the order of a play's singles)."""
    singles_by_high: list[Unit] = field(default_factory=list, repr=False)
    """The single of the card at each place of :attr:`highs`."""
    tractor_min_length: int = field(init=False, repr=False)
    """The variant's ``tractors.min_length``: the fewest tuples a tractor has."""
    tractor_min_tuple: int = field(init=False, repr=False)
    """The smallest tuple a tractor is made of: ``tractors.min_tuple_size``, and at least 2."""
    larger_tuples_win: bool = field(init=False, repr=False)
    """The variant's ``comparison.larger_tuples_win``."""
    decks: int = field(init=False, repr=False)
    """The variant's ``deal.decks``."""
    players: int = field(init=False, repr=False)
    """The variant's ``deal.players``."""
    follow_exact_tuples: bool = field(init=False, repr=False)
    """Not the variant's ``following.must_break_tuples``: a follow shows tuples of their own size."""
    ladders: dict[tuple[int, int], pb.FollowLadder] = field(init=False, repr=False)
    """The variant's ``following.ladders`` by the shape of the lead they answer (the first of a shape)."""
    rainbow_min_cards: int = field(init=False, repr=False)
    """The variant's ``compound_formats.rainbow_min_cards``: 0 where rainbows are off."""

    def __post_init__(self) -> None:
        # The parameters the hot paths read, read from the variant once (a proto field read
        # costs about as much as a table look-up of a whole card).
        variant = self.variant
        self.tractor_min_length = variant.tractors.min_length
        self.tractor_min_tuple = max(2, variant.tractors.min_tuple_size)
        self.larger_tuples_win = variant.comparison.larger_tuples_win
        self.decks = variant.deal.decks
        self.players = variant.deal.players
        self.follow_exact_tuples = not variant.following.must_break_tuples
        self.rainbow_min_cards = variant.compound_formats.rainbow_min_cards
        self.ladders = {}
        for ladder in variant.following.ladders:
            self.ladders.setdefault((ladder.lead.tuple_size, ladder.lead.length), ladder)
        size = max(card.code for card in self.keys) + 1
        self._by_code = [None] * size
        self._sort_keys = [(0, 0, 0, 0)] * size
        self.suits = [pb.EFFECTIVE_SUIT_UNSPECIFIED] * size
        self.strengths = [0] * size
        self.identities = [(0, 0)] * size
        self.order = [0] * size
        self.places = [()] * size
        self.singles = [Unit(1, 1, 0, ())] * size
        for card, key in self.keys.items():
            code = card.code
            self._by_code[code] = key
            suit_rank = 0 if key.suit == TRUMP else int(key.suit)
            self._sort_keys[code] = (suit_rank, -key.strength, int(card.suit or 0), -int(card.rank))
            self.suits[code] = key.suit
            self.strengths[code] = key.strength
            self.identities[code] = key.identity
            self.places[code] = key.slots
            self.singles[code] = Unit(1, 1, key.strength, (card,))
        for place, card in enumerate(sorted(self.keys, key=lambda c: self._sort_keys[c.code])):
            self.order[card.code] = place
        self.lows, self.discards = [0] * size, [0] * size
        strengths, order, suits = self.strengths, self.order, self.suits
        codes = [card.code for card in self.keys]
        for place, code in enumerate(sorted(codes, key=lambda c: (strengths[c], order[c]))):
            self.lows[code] = place
        self.cards_by_low = sorted(self.keys, key=lambda c: self.lows[c.code])
        self.low_strengths = [strengths[card.code] for card in self.cards_by_low]
        self.highs = [0] * size
        by_high = sorted(codes, key=lambda c: (-strengths[c], order[c]))
        for place, code in enumerate(by_high):
            self.highs[code] = place
        self.singles_by_high = [self.singles[code] for code in by_high]
        for place, code in enumerate(sorted(codes, key=lambda c: (suits[c] == TRUMP, strengths[c], order[c]))):
            self.discards[code] = place

    def units(self, cards: Sequence[Card]) -> list[Unit]:
        """The units of cards of one effective suit, largest first, as this ruleset reads them."""
        return self.strategies.units(self, cards)

    def lead_units(self, cards: Sequence[Card]) -> list[Unit] | None:
        """The units of a lead, or ``None`` when the cards are no lead: cards of one effective
        suit as :meth:`units` reads them; of several suits only where the ruleset allows such
        leads (:attr:`Strategies.compound`).

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
        >>> [u.name for u in rules.lead_units(parse_cards("AS AS"))], rules.lead_units(parse_cards("AS AH"))
        (['pair'], None)
        """
        if not cards:
            return None
        if self.suit_of(cards) != MIXED:
            return self.strategies.units(self, cards)
        compound = self.strategies.compound
        return None if compound is None else compound.units(self, cards)

    def key(self, card: Card) -> CardKey:
        key = self._by_code[card.code]
        assert key is not None
        return key

    def effective_suit(self, card: Card) -> pb.EffectiveSuit:
        """The proto ``EffectiveSuit`` number of the card."""
        return self.suits[card.code]

    def is_trump(self, card: Card) -> bool:
        return self.suits[card.code] == TRUMP

    def strength(self, card: Card) -> int:
        """Higher is stronger; only comparable inside one effective suit."""
        return self.strengths[card.code]

    def top_strength(self, cards: Sequence[Card]) -> int:
        """The strength of the strongest of some cards (at least one).

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
        >>> rules.top_strength(parse_cards("3S AS 9S")) == rules.strength(parse_cards("AS")[0])
        True
        """
        strengths = self.strengths
        top = strengths[cards[0].code]
        for card in cards:  # (a loop: a list and max cost more for the few cards of a play)
            if strengths[card.code] > top:  # noqa: PLR1730 - a call of max costs more, on every card
                top = strengths[card.code]
        return top

    def slot(self, card: Card) -> int | None:
        return self.key(card).slot

    def slots(self, card: Card) -> tuple[int, ...]:
        """Every place the card can take in a tractor."""
        return self.places[card.code]

    def identity(self, card: Card) -> Identity:
        return self.identities[card.code]

    def suit_of(self, cards: Iterable[Card]) -> pb.EffectiveSuit:
        """The effective suit shared by all the cards, or ``MIXED``.

        >>> from oracle.cards import parse_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
        >>> rules.suit_of(parse_cards("BJ 10S 3H")) == TRUMP, rules.suit_of(parse_cards("AS AH")) == MIXED
        (True, True)
        """
        table = self.suits
        found = MIXED
        for card in cards:
            suit = table[card.code]
            if found == MIXED:
                found = suit
            elif suit != found:
                return MIXED
        return found

    def sort_key(self, card: Card) -> tuple[int, int, int, int]:
        """Trump first, then by strength, highest first; a total order for output."""
        return self._sort_keys[card.code]

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        """Cards trump first, highest first (the order of :meth:`sort_key`).

        >>> from oracle.cards import parse_cards, format_cards, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> format_cards(make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS).sorted(parse_cards("3S AH 10C BJ")))
        'BJ 10C AH 3S'
        """
        order = self.order
        return sorted(cards, key=lambda c: order[c.code])

    def of_suit(self, cards: Iterable[Card], suit: int) -> list[Card]:
        """The cards of one effective suit."""
        table = self.suits
        return [c for c in cards if table[c.code] == suit]


def points(cards: Sequence[Card]) -> int:
    """Points on the cards (5 = 5, 10 and K = 10). Rule ``points.cards``.

    >>> from oracle.cards import parse_cards
    >>> points(parse_cards("5S 10H KD AS"))
    25
    """
    return sum([c.points for c in cards])
