"""The cards of a room, grouped as a player sorts a hand: what the fuzzer draws questions from.

A :class:`Room` is read from a variant in the proto3 JSON mapping (``GetVariant``'s answer, or a
room's own variant): its decks, players, levels, suit mode and trump tiers. For one deal (a level
and a trump suit or none) :meth:`Room.groups` sorts every card into the suit it plays in, trump
or a side suit (a colour in the two-colour game), each group from high to low. This is a
*sorting for generation* only, close to docs/rules.md ("Card order") but never authoritative:
the fuzzer builds tractors and throws from neighbours in these lists, and the reference engine
judges every question; a question the reference refuses is not asked of the engine.

>>> room = Room.of({"id": "qq-two-deck", "deal": {"decks": 2, "players": 4, "handSize": 25,
...     "bottomSize": 8}, "cardOrder": {"levels": ["RANK_TWO", "RANK_TEN"]}})
>>> groups = room.groups("RANK_TEN", "SUIT_HEARTS")
>>> [text(c) for c in groups["trump"][:6]]
['BJ', 'SJ', '10H', '10S', '10D', '10C']
>>> [text(c) for c in groups["SUIT_SPADES"][:4]], sum(room.deck().values())
(['AS', 'KS', 'QS', 'JS'], 108)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Card = tuple[str, str]
"""A card as (rank, suit) enum names; a joker's suit is ``""``."""

SUITS: tuple[str, ...] = ("SUIT_SPADES", "SUIT_HEARTS", "SUIT_DIAMONDS", "SUIT_CLUBS")
RANKS: tuple[str, ...] = ("RANK_ACE", "RANK_KING", "RANK_QUEEN", "RANK_JACK", "RANK_TEN", "RANK_NINE",
                          "RANK_EIGHT", "RANK_SEVEN", "RANK_SIX", "RANK_FIVE", "RANK_FOUR", "RANK_THREE",
                          "RANK_TWO")
"""The suited ranks, high to low."""

BIG_JOKER: Card = ("RANK_BIG_JOKER", "")
SMALL_JOKER: Card = ("RANK_SMALL_JOKER", "")
TRUMP = "trump"
"""The name of the trump group."""

RED = frozenset({"SUIT_HEARTS", "SUIT_DIAMONDS"})

_SYMBOLS = {"RANK_ACE": "A", "RANK_KING": "K", "RANK_QUEEN": "Q", "RANK_JACK": "J", "RANK_TEN": "10",
            "RANK_NINE": "9", "RANK_EIGHT": "8", "RANK_SEVEN": "7", "RANK_SIX": "6", "RANK_FIVE": "5",
            "RANK_FOUR": "4", "RANK_THREE": "3", "RANK_TWO": "2"}


def text(card: Card) -> str:
    """A card in the notation of docs/notation.md.

    >>> text(("RANK_TEN", "SUIT_HEARTS")), text(BIG_JOKER)
    ('10H', 'BJ')
    """
    if card == BIG_JOKER:
        return "BJ"
    if card == SMALL_JOKER:
        return "SJ"
    return _SYMBOLS[card[0]] + card[1].removeprefix("SUIT_")[0]


def to_json(card: Card) -> dict[str, str]:
    """A card in the proto3 JSON mapping.

    >>> to_json(("RANK_TEN", "SUIT_HEARTS")), to_json(SMALL_JOKER)
    ({'rank': 'RANK_TEN', 'suit': 'SUIT_HEARTS'}, {'rank': 'RANK_SMALL_JOKER'})
    """
    return {"rank": card[0], "suit": card[1]} if card[1] else {"rank": card[0]}


def cards_json(cards: Iterable[Card]) -> list[dict[str, str]]:
    """Cards in the proto3 JSON mapping."""
    return [to_json(c) for c in cards]


def colour(suit: str) -> str:
    """``red`` or ``black``."""
    return "red" if suit in RED else "black"


@dataclass(frozen=True)
class Room:
    """What generation needs of a variant: the deal and the trump tiers (never the rules)."""

    variant_id: str
    decks: int
    players: int
    hand_size: int
    bottom_size: int
    levels: tuple[str, ...]
    two_colours: bool
    special: tuple[Card, ...] = ()
    """Cards a tier names outright (Heijian's ♠A ♥5 ♦5), highest first."""
    fixed_ranks: tuple[str, ...] = ()
    """Ranks a tier makes trump in every suit (2为常主)."""
    colour_ranks: tuple[str, ...] = ()
    """Ranks a tier makes trump in the trump suit's colour (Heijian's 参谋)."""
    total_points: int = 0
    band_edges: tuple[int, ...] = ()
    custom: bool = False
    """A room's own variant, sent as ``context.custom_variant`` (else the catalogue's id)."""
    variant: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def of(variant: Mapping[str, Any], custom: bool = False) -> Room:
        """The room of a variant in the proto3 JSON mapping (lowerCamelCase or snake_case keys)."""
        def get(message: Mapping[str, Any] | None, name: str, default: Any) -> Any:
            if not message:
                return default
            snake = "".join("_" + ch.lower() if ch.isupper() else ch for ch in name)
            return message.get(name, message.get(snake, default))

        deal = get(variant, "deal", {})
        order = get(variant, "cardOrder", {})
        tiers = get(order, "trumpTiers", [])
        special = tuple((str(t.get("rank")), str(t.get("suit", ""))) for t in tiers
                        if t.get("kind") == "TIER_KIND_CARD" and t.get("rank"))
        fixed = tuple(str(t["rank"]) for t in tiers if t.get("rank") and t.get("kind") in (
            "TIER_KIND_OTHER_SUITS_RANK", "TIER_KIND_LEVEL_AND_RANK_BY_SUIT"))  # the trump suit's rank is trump
        colour_ranks = tuple(str(t["rank"]) for t in tiers
                             if t.get("rank") and t.get("kind") == "TIER_KIND_SAME_COLOUR_RANK")
        table = get(variant, "levelTable", {})
        edges = sorted({int(get(b, "atLeast", 0)) for b in get(table, "bands", [])}
                       | {int(get(b, "below", 0)) for b in get(table, "bands", [])})
        levels = tuple(get(order, "levels", [])) or tuple(reversed(RANKS))
        decks = int(get(deal, "decks", 0)) or 2
        return Room(
            variant_id=str(variant.get("id", "")), decks=decks,
            players=int(get(deal, "players", 0)) or 4,
            hand_size=int(get(deal, "handSize", 0)) or 25,
            bottom_size=int(get(deal, "bottomSize", 0)),
            levels=levels,
            two_colours=get(deal, "suitMode", "") == "SUIT_MODE_TWO_COLOURS",
            special=special, fixed_ranks=fixed, colour_ranks=colour_ranks,
            total_points=int(get(table, "totalPoints", 0)) or 100 * decks,
            band_edges=tuple(e for e in edges if e > 0),
            custom=custom, variant=variant,
        )

    def deck(self) -> Counter[Card]:
        """Every card of the room's decks, with its number of copies."""
        copies: Counter[Card] = Counter({BIG_JOKER: self.decks, SMALL_JOKER: self.decks})
        for suit in SUITS:
            for rank in RANKS:
                copies[(rank, suit)] = self.decks
        return copies

    def group_of(self, card: Card, level: str, trump: str) -> str:
        """The group a card sorts into for a deal (``trump``, a suit, or ``red``/``black``).

        >>> room = Room.of({"deal": {"suitMode": "SUIT_MODE_TWO_COLOURS"}})
        >>> room.group_of(("RANK_KING", "SUIT_CLUBS"), "RANK_TWO", "SUIT_HEARTS")
        'black'
        """
        rank, suit = card
        if not suit or rank == level or card in self.special or rank in self.fixed_ranks:
            return TRUMP
        if rank in self.colour_ranks and trump and colour(suit) == colour(trump):
            return TRUMP
        if self.two_colours:
            return TRUMP if trump and colour(suit) == colour(trump) else colour(suit)
        return TRUMP if suit == trump else suit

    def groups(self, level: str, trump: str) -> dict[str, list[Card]]:
        """Every distinct card by group, each group high to low (the trump group first)."""
        out: dict[str, list[Card]] = {TRUMP: [*self.special, BIG_JOKER, SMALL_JOKER]}
        levels = [(level, trump)] if trump else []
        levels += [(level, s) for s in SUITS if s != trump]
        fixed = [(r, s) for r in self.fixed_ranks for s in sorted(SUITS, key=lambda s: s != trump)]
        for card in [*levels, *fixed]:
            if card not in out[TRUMP] and card not in self.special:
                out[TRUMP].append(card)
        for rank in RANKS:
            for suit in SUITS:
                card = (rank, suit)
                if card in out[TRUMP]:
                    continue
                group = self.group_of(card, level, trump)
                out.setdefault(group, []).append(card)
        return out


def fits(cards: Sequence[Card], copies: Mapping[Card, int]) -> list[Card]:
    """The cards in order, leaving out each copy beyond what ``copies`` holds.

    >>> fits([BIG_JOKER, BIG_JOKER, BIG_JOKER], Counter({BIG_JOKER: 2}))
    [('RANK_BIG_JOKER', ''), ('RANK_BIG_JOKER', '')]
    """
    seen: Counter[Card] = Counter()
    kept: list[Card] = []
    for card in cards:
        if seen[card] < copies.get(card, 0):
            seen[card] += 1
            kept.append(card)
    return kept
