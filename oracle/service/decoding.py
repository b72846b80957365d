"""Proto fields into cards, seats and contexts, each problem collected with its field path:
the checks every kind of question shares (card counts, copies, cards held, play order).

>>> problems = Problems()
>>> decode_cards(pb_cards("AS") + [pb.Card(rank=99)], "hand", problems) is None
True
>>> problems.items
[Violation(field='hand[1]', description='unknown rank 99: a rank is RANK_TWO (2) to RANK_BIG_JOKER (16)')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain
from typing import Any

from oracle import pb
from oracle.cards import Card, Rank, Suit, card_of, parse_cards
from oracle.convert import cards_to_pb
from oracle.engine.ruleset import Ruleset
from oracle.errors import InvalidQuestion, Violation
from oracle.service.card_keys import cards_of, codes_of, held, within_copies
from oracle.service.contexts import LEVEL_RANKS, cached_ruleset, check_context, unknown_variant
from oracle.service.limits import MAX_LIST
from oracle.service.room_cache import ROOMS
from oracle.service.status import capped
from oracle.variants import load_catalogue

_RANK_VALUES = frozenset(int(r) for r in Rank)
_SUIT_VALUES = frozenset(int(s) for s in Suit)

Group = tuple[str, Sequence[Card] | None]
"""A list of cards and its field path; ``None`` for a list with a bad card."""


class Problems:
    """The violations found so far in one question."""

    def __init__(self) -> None:
        self.items: list[Violation] = []

    def add(self, field: str, description: str) -> None:
        self.items.append(Violation(field, description))

    def raise_if_any(self) -> None:
        """Raise :class:`InvalidQuestion` with the problems found (capped), if any."""
        if self.items:
            raise InvalidQuestion(capped(self.items))


def pb_cards(text: str) -> list[pb.Card]:
    """Proto cards from the notation (see :mod:`oracle.cards`).

    >>> [(c.rank, c.suit) for c in pb_cards("10H BJ")]
    [(10, 2), (16, 0)]
    """
    return cards_to_pb(parse_cards(text))


def enum_text(enum: Any, value: int) -> str:
    """An enum value's name and number, or its number when it has no name.

    >>> enum_text(pb.Suit, 2), enum_text(pb.Suit, 9)
    ('SUIT_HEARTS (2)', '9')
    """
    try:
        return f"{enum.Name(value)} ({value})"
    except ValueError:
        return str(value)


def decode_card(msg: pb.Card, field: str, problems: Problems) -> Card | None:
    """One proto card, or ``None`` (and a violation) when it is no card."""
    known = card_of(msg.rank, msg.suit)
    if known is not None:
        return known
    if msg.rank not in _RANK_VALUES:
        if msg.rank == pb.RANK_UNSPECIFIED:
            problems.add(field, "the rank is not set")
        else:
            problems.add(
                field, f"unknown rank {msg.rank}: a rank is RANK_TWO (2) to RANK_BIG_JOKER (16)"
            )
        return None
    rank = Rank(msg.rank)
    if msg.suit != pb.SUIT_UNSPECIFIED and msg.suit not in _SUIT_VALUES:
        problems.add(field, f"unknown suit {msg.suit}: a suit is SUIT_SPADES (1) to SUIT_CLUBS (4)")
        return None
    if rank.is_joker and msg.suit != pb.SUIT_UNSPECIFIED:
        problems.add(
            field,
            f"a joker has no suit, but this {rank.symbol} has {enum_text(pb.Suit, msg.suit)}",
        )
        return None
    if not rank.is_joker and msg.suit == pb.SUIT_UNSPECIFIED:
        problems.add(field, f"a {rank.symbol} needs a suit")
        return None
    return Card(rank, Suit(msg.suit) if msg.suit else None)


def decode_cards(
    msgs: Sequence[pb.Card], field: str, problems: Problems, keys: Sequence[bytes] | None = None
) -> tuple[Card, ...] | None:
    """The cards of a list, or ``None`` when the list has a bad card or is too long.

    ``keys`` are the same cards as their bytes (:mod:`oracle.service.card_keys`): the fast way,
    when each is a card's; the messages themselves are read only to name a problem, or when a
    key is not a card's (a field the contract lacks is ignored, as the parser ignores it).

    >>> from oracle.service.card_keys import card_keys
    >>> odd = pb.CheckFollowRequest(hand=[pb.Card.FromString(b"\\x08\\x0e\\x10\\x01\\x18\\x05")])
    >>> [str(c) for c in decode_cards(odd.hand, "hand", Problems(), card_keys(odd).hand)]
    ['AS']
    """
    if len(msgs) > MAX_LIST:
        problems.add(field, f"{len(msgs)} cards: at most {MAX_LIST} in any list")
        return None
    fast = cards_of(keys) if keys is not None else _cards_of_messages(msgs)
    if fast is not None:
        return fast
    cards: list[Card] = []
    for i, msg in enumerate(msgs):
        card = decode_card(msg, f"{field}[{i}]", problems)
        if card is not None:
            cards.append(card)
    return tuple(cards) if len(cards) == len(msgs) else None


def _cards_of_messages(msgs: Sequence[pb.Card]) -> tuple[Card, ...] | None:
    """The cards of a list read message by message, or ``None`` when one is no card."""
    cards = [card_of(msg.rank, msg.suit) for msg in msgs]
    return tuple(cards) if all(cards) else None  # type: ignore[arg-type]


def decode_context(
    msg: pb.Context, field: str, problems: Problems
) -> tuple[Ruleset | None, pb.Variant | None]:
    """The context's ruleset, and its variant even when the rest of the context is bad."""
    ruleset = cached_ruleset(msg)
    if ruleset is not None:
        return ruleset, ruleset.variant
    custom = msg.custom_variant if msg.HasField("custom_variant") else None
    checked = check_context(msg.variant_id, msg.level, msg.trump_suit, msg.no_trump, custom)
    problems.items.extend(v.prefixed(field) for v in checked.violations)
    return checked.ruleset, checked.variant


def decode_variant(variant_id: str, field: str, problems: Problems) -> pb.Variant | None:
    """A variant of the catalogue by id."""
    variant = load_catalogue().get(variant_id)
    if variant is None:
        problems.add(field, unknown_variant(variant_id))
    return variant


def decode_variant_context(
    req: pb.ScoreDealRequest | pb.CompareDeclarationsRequest, problems: Problems, *, level: bool
) -> tuple[pb.Variant | None, Rank | None]:
    """The variant of a question that has no trump (ScoreDeal, CompareDeclarations), and its
    level when the question takes one: from ``context`` (a catalogue id or a room's own
    variant), or from the deprecated ``variant_id`` and ``level`` when ``context`` is absent.
    A context field the question does not use is refused, and so is setting both forms.

    >>> problems = Problems()
    >>> ctx = pb.Context(variant_id="qq-one-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
    >>> variant, rank = decode_variant_context(pb.ScoreDealRequest(context=ctx), problems,
    ...     level=False)
    >>> variant.id, rank, [p.field for p in problems.items]
    ('qq-one-deck', None, ['context.level', 'context.trump_suit'])
    """
    old_level = getattr(req, "level", pb.RANK_UNSPECIFIED) if level else pb.RANK_UNSPECIFIED
    variant: pb.Variant | None = None
    if not req.HasField("context"):
        variant = decode_variant(req.variant_id, "variant_id", problems)
        return variant, decode_level(old_level, "level", variant, problems) if level else None
    for field, value in (("variant_id", req.variant_id), ("level", old_level)):
        if value:
            problems.add(field, f"deprecated: set context.{field} instead, not both")
    ctx = req.context
    if ctx.HasField("custom_variant"):
        room = ROOMS.room(ctx.custom_variant.SerializeToString(deterministic=True))
        for problem in room.problems:
            problems.add(f"context.custom_variant.{problem.field}", problem.description)
        variant = None if room.problems else room.variant
    else:
        variant = decode_variant(ctx.variant_id, "context.variant_id", problems)
    unused = [("trump_suit", ctx.trump_suit), ("no_trump", ctx.no_trump)]
    if not level:
        unused.insert(0, ("level", ctx.level))
    for field, value in unused:
        if value:
            problems.add(f"context.{field}", "not used by this question: leave it unset")
    return variant, decode_level(ctx.level, "context.level", variant, problems) if level else None


def decode_level(
    value: int, field: str, variant: pb.Variant | None, problems: Problems
) -> Rank | None:
    """A level rank of the variant."""
    rank = LEVEL_RANKS.get(value)
    if rank is None:
        what = (
            "not set"
            if value == pb.RANK_UNSPECIFIED
            else f"{enum_text(pb.Rank, value)}, not a rank 2 to A"
        )
        problems.add(field, f"the level is {what}")
        return None
    if variant is not None and value not in variant.card_order.levels:
        allowed = ", ".join(Rank(r).symbol for r in variant.card_order.levels)
        problems.add(field, f"{rank.symbol} is not a level of {variant.id} (levels: {allowed})")
        return None
    return rank


def check_seat(value: int, field: str, variant: pb.Variant | None, problems: Problems) -> bool:
    """Whether the seat is in range (unknown when the variant is)."""
    if variant is None:
        return False
    players = variant.deal.players
    if not 0 <= value < players:
        problems.add(
            field, f"seat {value} is out of range: {variant.id} has seats 0 to {players - 1}"
        )
        return False
    return True


def check_hand_size(
    count: int, field: str, variant: pb.Variant | None, problems: Problems
) -> None:
    """No hand or play holds more cards than a hand of the variant."""
    if variant is None or count > MAX_LIST:  # too long for any list: reported already
        return
    if count > variant.deal.hand_size:
        problems.add(
            field, f"{count} cards: a hand of {variant.id} holds at most {variant.deal.hand_size}"
        )


def check_copies(
    groups: Sequence[Group], where: str, variant: pb.Variant | None, problems: Problems
) -> None:
    """No card appears more often than the decks hold it, over all the groups.

    The copy past the decks' count is the one reported; ``where`` names the groups for people.
    """
    if variant is None:
        return
    decks = variant.deal.decks
    if within_copies(codes_of(chain.from_iterable(cards for _, cards in groups if cards)), decks):
        return
    total: Counter[Card] = Counter()
    for _, cards in groups:
        total.update(cards or ())
    seen: Counter[Card] = Counter()
    for field, cards in groups:
        for i, card in enumerate(cards or ()):
            seen[card] += 1
            if seen[card] == decks + 1:
                problems.add(
                    f"{field}[{i}]",
                    f"{total[card]} copies of {card} in {where}, but the {decks} "
                    f"deck{'s' if decks > 1 else ''} of {variant.id} hold {decks}",
                )


def check_in_hand(
    play: Sequence[Card] | None, hand: Sequence[Card] | None, field: str, problems: Problems
) -> None:
    """Every card played is in the hand, with its copies."""
    if play is None or hand is None:
        return
    if held(codes_of(play), codes_of(hand)):
        return
    in_hand = Counter(hand)
    seen: Counter[Card] = Counter()
    for i, card in enumerate(play):
        seen[card] += 1
        if seen[card] == in_hand[card] + 1:
            if in_hand[card] == 0:
                problems.add(f"{field}[{i}]", f"{card} is not in the hand")
            else:
                played = play.count(card)
                problems.add(
                    f"{field}[{i}]",
                    f"{card} is played {played} times but the hand holds {in_hand[card]}",
                )

