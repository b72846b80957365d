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
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple, TypeVar

from google.protobuf.message import Message

from oracle import pb
from oracle.cards import Card, Rank, Suit, card_of, parse_cards
from oracle.convert import cards_to_pb
from oracle.engine.ruleset import Ruleset
from oracle.errors import InvalidQuestion, Violation
from oracle.service.card_keys import CARDS_BY_KEY, card_keys, held, within_copies
from oracle.service.contexts import (
    LEVEL_RANKS,
    Deal,
    cached_ruleset,
    check_context,
    deal_of,
    known_context,
    known_variant,
    unknown_variant,
)
from oracle.service.limits import MAX_LIST
from oracle.service.room_cache import ROOMS
from oracle.service.status import capped
from oracle.variants import load_catalogue

_RANK_VALUES = frozenset(int(r) for r in Rank)
_SUIT_VALUES = frozenset(int(s) for s in Suit)
_Args = TypeVar("_Args")


class Group(NamedTuple):
    """A list of cards read from a request: its field path, its cards (``None`` when one is bad
    or the list too long) and their keys (:mod:`oracle.service.card_keys`), on which the checks of
    counts run (two keys of cards read are equal when their cards are)."""

    field: str
    cards: tuple[Card, ...] | None
    keys: Sequence[bytes] = ()


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


def validated(
    request: Message,
    plain: Callable[[Any, Ruleset, Deal], _Args | None],
    described: Callable[[Any], _Args],
    mirror: Callable[[Any], Any] = card_keys,
) -> _Args:
    """A request carrying a context and cards validated into its engine arguments: read once as
    its mirror (``mirror``: :func:`~oracle.service.card_keys.card_keys`, or a kind's own), tried
    on its happy path when its context was seen before (``plain``, given the mirror, the ruleset
    and the deal: a few cheap tests, no field path built, ``None`` when one fails), else checked
    by ``described``, which reads the mirror again and names every problem (raising
    :class:`InvalidQuestion`). The happy path accepts nothing ``described`` refuses: each of its
    tests is one of those, or stricter.

    >>> request = pb.DescribePlayRequest(context=pb.Context(variant_id="nope"))
    >>> validated(request, lambda keys, rules, deal: "plain", lambda keys: "described")
    'described'
    """
    keys = mirror(request)
    known = known_context(keys.context)
    if known is not None:
        args = plain(keys, known.ruleset, known.deal)
        if args is not None:
            return args
    return described(keys)


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


def read_group(keys: Sequence[bytes], field: str, problems: Problems) -> Group:
    """The cards of a mirror's list (each card's bytes, :mod:`oracle.service.card_keys`), one
    look-up each, as a :class:`Group`; its cards are ``None`` when the list has a bad card (each
    named) or is too long.

    A key that is no card's (a bad card, or a card with a field the contract lacks, which the
    parser ignores) is read as the message it is.

    >>> from oracle.service.card_keys import card_keys
    >>> group = read_group(card_keys(pb.DescribePlayRequest(cards=pb_cards("AS AS"))).cards,
    ...                    "cards", Problems())
    >>> group.field, [str(c) for c in group.cards], len(group.keys)
    ('cards', ['AS', 'AS'], 2)
    >>> odd = pb.Card(rank=pb.RANK_ACE, suit=pb.SUIT_SPADES).SerializeToString() + b"\\x18\\x05"
    >>> [str(c) for c in read_group([odd], "hand", Problems()).cards]
    ['AS']
    """
    listed = keys[:]  # a list (a slice of a repeated field is copied in C, list() iterates it)
    if len(listed) > MAX_LIST:
        problems.add(field, f"{len(listed)} cards: at most {MAX_LIST} in any list")
        return _group((field, None, listed))
    cards = tuple(map(CARDS_BY_KEY.get, listed))
    if not all(cards):
        messages = [pb.Card.FromString(key) for key in listed]
        cards = decode_cards(messages, field, problems)  # type: ignore[assignment]
    return _group((field, cards, listed))


_group = partial(tuple.__new__, Group)
"""A :class:`Group` from its three values, built in C (a named tuple's own constructor is Python
code, about a third of reading a short list's cards)."""


def decode_cards(msgs: Sequence[pb.Card], field: str, problems: Problems) -> tuple[Card, ...] | None:
    """The cards of a list of messages, or ``None`` when the list has a bad card or is too long."""
    if len(msgs) > MAX_LIST:
        problems.add(field, f"{len(msgs)} cards: at most {MAX_LIST} in any list")
        return None
    cards: list[Card] = []
    for i, msg in enumerate(msgs):
        card = decode_card(msg, f"{field}[{i}]", problems)
        if card is not None:
            cards.append(card)
    return tuple(cards) if len(cards) == len(msgs) else None


def read_context(blob: bytes, field: str, problems: Problems) -> tuple[Ruleset | None, Deal | None]:
    """The ruleset of a context given as its bytes, and its variant's deal even when the rest of
    the context is bad (``None`` when the variant is unknown or broken); a context seen before is
    one look-up.

    >>> rules = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN).SerializeToString()
    >>> problems = Problems()
    >>> ruleset, deal = read_context(rules, "context", problems)
    >>> ruleset, deal.decks, [p.field for p in problems.items]
    (None, 2, ['context.trump_suit'])
    """
    known = known_context(blob)
    if known is not None:
        return known
    ruleset, variant = decode_context(pb.Context.FromString(blob), field, problems)
    return ruleset, None if variant is None else deal_of(variant)


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


def read_variant_context(
    req: pb.ScoreDealRequest | pb.CompareDeclarationsRequest,
    context: bytes | None,
    problems: Problems,
    *,
    level: bool,
) -> tuple[Deal | None, Rank | None]:
    """:func:`decode_variant_context` with the request's ``context`` given as its bytes
    (``None`` when it is absent): a context seen before naming a catalogue variant (and a
    level of it, when the question takes one) and nothing else is one look-up.

    >>> rules = pb.Context(variant_id="qq-one-deck", level=pb.RANK_TEN)
    >>> deal, rank = read_variant_context(pb.CompareDeclarationsRequest(context=rules),
    ...     rules.SerializeToString(), Problems(), level=True)
    >>> deal.variant.id, rank
    ('qq-one-deck', <Rank.TEN: 10>)
    """
    known = None if context is None else known_variant(context)
    if (
        known is not None
        and not req.variant_id
        and not (level and getattr(req, "level", False))
        and ((known.level_rank is not None) if level else not known.level)
    ):
        return known.deal, known.level_rank
    variant, rank = decode_variant_context(req, problems, level=level)
    return (None if variant is None else deal_of(variant)), rank


def decode_variant_context(
    req: pb.ScoreDealRequest | pb.CompareDeclarationsRequest, problems: Problems, *, level: bool
) -> tuple[pb.Variant | None, Rank | None]:
    """The variant of a question that has no trump (ScoreDeal, CompareDeclarations), and its
    level when the question takes one: from ``context`` (a catalogue id or a room's own
    variant), or from the deprecated ``variant_id`` and ``level`` when ``context`` is absent.
    A context field the question does not use is refused, and so is setting both forms.

    >>> problems = Problems()
    >>> rules = pb.Context(variant_id="qq-one-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
    >>> variant, rank = decode_variant_context(pb.ScoreDealRequest(context=rules), problems,
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
    rules = req.context
    if rules.HasField("custom_variant"):
        room = ROOMS.room(rules.custom_variant.SerializeToString(deterministic=True))
        for problem in room.problems:
            problems.add(f"context.custom_variant.{problem.field}", problem.description)
        variant = None if room.problems else room.variant
    else:
        variant = decode_variant(rules.variant_id, "context.variant_id", problems)
    unused = [("trump_suit", rules.trump_suit), ("no_trump", rules.no_trump)]
    if not level:
        unused.insert(0, ("level", rules.level))
    for field, value in unused:
        if value:
            problems.add(f"context.{field}", "not used by this question: leave it unset")
    return variant, decode_level(rules.level, "context.level", variant, problems) if level else None


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


def check_seat(value: int, field: str, deal: Deal | None, problems: Problems) -> bool:
    """Whether the seat is in range (unknown when the variant is)."""
    if deal is None:
        return False
    if not 0 <= value < deal.players:
        problems.add(
            field,
            f"seat {value} is out of range: {deal.variant.id} has seats 0 to {deal.players - 1}",
        )
        return False
    return True


def check_hand_size(count: int, field: str, deal: Deal | None, problems: Problems) -> None:
    """No hand or play holds more cards than a hand of the variant (a list too long for any
    list is reported already)."""
    if deal is not None and deal.most_cards < count <= MAX_LIST:
        variant = deal.variant
        problems.add(
            field, f"{count} cards: a hand of {variant.id} holds at most {variant.deal.hand_size}"
        )


def check_copies(
    groups: Sequence[Group], where: str, deal: Deal | None, problems: Problems
) -> None:
    """No card appears more often than the decks hold it, over all the groups read.

    The copy past the decks' count is the one reported; ``where`` names the groups for people.
    """
    if deal is None:
        return
    decks = deal.decks
    keys: list[bytes] = []
    for group in groups:
        if group.cards:
            keys += group.keys
    if within_copies(keys, decks):
        return
    total: Counter[Card] = Counter()
    for group in groups:
        total.update(group.cards or ())
    seen: Counter[Card] = Counter()
    for field, cards, _ in groups:
        for i, card in enumerate(cards or ()):
            seen[card] += 1
            if seen[card] == decks + 1:
                problems.add(
                    f"{field}[{i}]",
                    f"{total[card]} copies of {card} in {where}, but the {decks} "
                    f"deck{'s' if decks > 1 else ''} of {deal.variant.id} hold {decks}",
                )


def check_in_hand(play: Group, hand: Group, problems: Problems) -> None:
    """Every card played is in the hand, with its copies."""
    played, held_cards = play.cards, hand.cards
    if played is None or held_cards is None or held(play.keys, hand.keys):
        return
    in_hand = Counter(held_cards)
    seen: Counter[Card] = Counter()
    for i, card in enumerate(played):
        seen[card] += 1
        if seen[card] == in_hand[card] + 1:
            if in_hand[card] == 0:
                problems.add(f"{play.field}[{i}]", f"{card} is not in the hand")
            else:
                count = played.count(card)
                problems.add(
                    f"{play.field}[{i}]",
                    f"{card} is played {count} times but the hand holds {in_hand[card]}",
                )
