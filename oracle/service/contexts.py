"""A question's context (variant, level, trump) checked once and turned into its cached ruleset.

One cache per concept (docs/architecture.md, "Caches"): a catalogue variant's rulesets are
compiled once, by id, level and trump (:func:`oracle.variants.make_ruleset`); a room's own
variant (``custom_variant``) is validated as a variant file is, once, and its rulesets compiled
once, by the variant's bytes (:mod:`oracle.service.room_cache`, bounded in bytes). This module
keeps only what the validators read of a well-formed context, by the context's own bytes
(:func:`known_context`, :func:`known_variant`: a few thousand short catalogue contexts, a few
hundred rooms' at most), so that they read it in one look-up; the rulesets it holds are those
two caches' own, never compiled here.

>>> checked = check_context("qq-two-deck", 10, 2)
>>> checked.ruleset.trump, checked.variant.id, checked.violations
(<Suit.HEARTS: 2>, 'qq-two-deck', ())
>>> bad = check_context("qq-two-deck", 16, 2)
>>> bad.ruleset is None, bad.variant.id, bad.violations[0].field
(True, 'qq-two-deck', 'level')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from google.protobuf.message import DecodeError

from oracle import pb
from oracle.cards import Rank, Suit
from oracle.engine.ruleset import Ruleset
from oracle.errors import InvalidQuestion, Violation
from oracle.service.limits import MAX_LIST
from oracle.service.room_cache import ROOMS
from oracle.service.status import echoed
from oracle.variants import load_catalogue, make_ruleset

_RANK_VALUES = frozenset(int(r) for r in Rank)
_SUIT_VALUES = frozenset(int(s) for s in Suit)
LEVEL_RANKS = {int(r): r for r in Rank if not r.is_joker}
"""The ranks a level can be, by their proto value (a variant names its own among them)."""


@dataclass(frozen=True)
class CheckedContext:
    """A context after its one check: the ruleset (``None`` when anything is wrong), the
    variant (``None`` when it is unknown or broken, even if only the level or trump is wrong)
    and the problems found, with paths relative to the context."""

    ruleset: Ruleset | None
    variant: pb.Variant | None
    violations: tuple[Violation, ...] = ()


def known_ruleset(variant_id: str, level: int, trump_suit: int, no_trump: bool) -> Ruleset:
    """The fast path of :func:`check_context` for a well-formed context of a catalogue variant,
    by the context's proto values; :class:`InvalidQuestion` (without the details:
    :func:`check_context` finds them) for any other. It keeps nothing itself: the ruleset is
    the catalogue's, compiled once (:func:`oracle.variants.make_ruleset`).

    >>> known_ruleset("qq-two-deck", 10, 2, False) is known_ruleset("qq-two-deck", 10, 2, False)
    True
    """
    variant = load_catalogue().get(variant_id)
    valid = (
        variant is not None
        and level in variant.card_order.levels
        and (trump_suit == 0) == no_trump
        and trump_suit in (0, 1, 2, 3, 4)
    )
    if not valid:
        raise InvalidQuestion.single("variant_id", "not a well-formed context")
    return make_ruleset(variant_id, level, trump_suit)


def cached_ruleset(context: pb.Context) -> Ruleset | None:
    """The ruleset of a well-formed context seen before, a catalogue variant's or a room's, by
    the context's proto values; ``None`` for any other (:func:`check_context` checks it).

    >>> cached_ruleset(pb.Context(variant_id="qq-two-deck", level=10, trump_suit=2)).trump
    <Suit.HEARTS: 2>
    >>> cached_ruleset(pb.Context(variant_id="qq-two-deck", level=10)) is None
    True
    """
    if context.HasField("custom_variant"):
        blob = context.custom_variant.SerializeToString(deterministic=True)
        return ROOMS.known_ruleset(blob, context.level, context.trump_suit, context.no_trump)
    try:
        return known_ruleset(
            context.variant_id, context.level, context.trump_suit, context.no_trump
        )
    except InvalidQuestion:
        return None


class Deal(NamedTuple):
    """What the checks of a question read of its variant: the deal's sizes, read once.

    >>> deal = deal_of(load_catalogue()["qq-two-deck"])
    >>> deal.most_cards, deal.decks, deal.players, deal.bottom_size, sorted(deal.levels)[:3]
    (25, 2, 4, 8, [2, 3, 4])
    """

    variant: pb.Variant
    most_cards: int
    """The most cards a hand or a play may hold: the variant's hand, at most ``MAX_LIST``."""
    decks: int
    players: int
    bottom_size: int
    levels: frozenset[int] = frozenset()
    """The variant's levels that are ranks 2 to A (:data:`LEVEL_RANKS`), by their proto values."""


def deal_of(variant: pb.Variant) -> Deal:
    """The :class:`Deal` of a variant."""
    deal = variant.deal
    return Deal(variant, min(deal.hand_size, MAX_LIST), deal.decks, deal.players, deal.bottom_size,
                frozenset(LEVEL_RANKS).intersection(variant.card_order.levels))


class KnownContext(NamedTuple):
    """A well-formed context seen before: its ruleset and its variant's deal."""

    ruleset: Ruleset
    deal: Deal


KNOWN_BYTES = 128
"""The longest context remembered by its bytes (a catalogue id, a level and a trump take ~30)."""


def known_context(blob: bytes) -> KnownContext | None:
    """The context whose bytes these are (a request's mirror holds them, see
    :mod:`oracle.service.card_keys`) when it is a well-formed context of a catalogue variant, or
    of a room's own variant seen before; ``None`` for any other (a problem, a room not seen,
    bytes that are no context).

    >>> rules = pb.Context(variant_id="qq-two-deck", level=10, trump_suit=2).SerializeToString()
    >>> known = known_context(rules)
    >>> known.ruleset.trump, known.deal.most_cards, known.deal.decks, known_context(rules) is known
    (<Suit.HEARTS: 2>, 25, 2, True)
    >>> known_context(pb.Context(variant_id="qq-two-deck", level=10).SerializeToString())
    """
    size = len(blob)
    if size <= KNOWN_BYTES:
        return _known_context(blob)
    if size > KNOWN_ROOM_BYTES:
        return None
    ends = _room_ends(blob)
    found = _ROOMS.get(ends)
    if found is not None and found[0] == blob:
        return found[1]
    try:
        return _known_room_context(blob, ends)
    except LookupError:
        return None


def _catalogue_context(blob: bytes) -> pb.Context | None:
    """The context these bytes encode when they parse and carry no room's own variant."""
    try:
        context = pb.Context.FromString(blob)
    except DecodeError:
        return None
    return None if context.HasField("custom_variant") else context


KNOWN_ROOM_BYTES = 64 * 1024
"""The longest context of a room's own variant remembered by its bytes (a shipped variant as a
room takes 1 to 4 KB); :data:`KNOWN_ROOMS` of them at most: their bytes and their compiled
rulesets (about 32 KB each, :data:`oracle.service.room_cache.RULESET_BYTES`), 25 MB at worst."""

KNOWN_ROOMS = 256


ROOM_ENDS = 64
"""How many bytes at each end of a room's context name it in :data:`_ROOMS`."""

class _KnownRooms(dict[bytes, tuple[bytes, KnownContext]]):
    """Rooms' contexts compiled before, by their ends (:func:`_room_ends`), each with its whole
    bytes; ``cache_clear`` empties it, as it does a ``functools`` cache (the rulesets it holds
    are the room cache's: emptied with it)."""

    def cache_clear(self) -> None:
        self.clear()


_ROOMS = _KnownRooms()


def _room_ends(blob: bytes) -> bytes:
    """A room's context named by its two ends: the level, the trump, the variant's length and its
    first fields (its id) at the front (the room's variant is the context's last field, so its
    length follows the level and the trump), its last fields at the back. Hashing these costs
    the same for any room; hashing a 4 KB context whole cost about a microsecond a question.

    >>> blob = pb.Context(level=10, trump_suit=2, custom_variant=pb.Variant(id="r" * 300))
    >>> ends = _room_ends(blob.SerializeToString())
    >>> ends[:7], len(ends)
    (b'\\x10\\n\\x18\\x02*\\xaf\\x02', 128)
    """
    return blob[:ROOM_ENDS] + blob[-ROOM_ENDS:]


def _known_room_context(blob: bytes, ends: bytes) -> KnownContext:
    """A room's context not found by :func:`known_context` under its ``ends`` but whose ruleset
    is compiled already: kept under them (so the room's next question finds it without reading
    its variant's message again); ``LookupError`` (not kept) for any other, which the full check
    then reads, compiling the ruleset of a well-formed one.

    A room is found by its ends, then its bytes compared whole (one ``memcmp``): two rooms with
    the same ends take turns in the one place, each read again when the other holds it (slower,
    never wrong). At most :data:`KNOWN_ROOMS` are kept, the oldest dropped first.

    >>> from oracle.variants import get_variant
    >>> room = pb.Variant()
    >>> room.CopyFrom(get_variant("qq-two-deck"))
    >>> room.id = "a-room"
    >>> rules = pb.Context(level=10, trump_suit=2, custom_variant=room)
    >>> known_context(rules.SerializeToString()) is None  # not compiled yet
    True
    >>> checked = check_context("", 10, 2, custom=room)
    >>> known_context(rules.SerializeToString()).ruleset is checked.ruleset
    True
    >>> room.deal.bottom_size = 6  # the same length and ends, another room: not taken for it
    >>> other = pb.Context(level=10, trump_suit=2, custom_variant=room).SerializeToString()
    >>> _room_ends(other) == _room_ends(rules.SerializeToString()), known_context(other) is None
    (True, True)
    """
    try:
        context = pb.Context.FromString(blob)
    except DecodeError:
        raise LookupError("no context") from None
    ruleset = cached_ruleset(context) if context.HasField("custom_variant") else None
    if ruleset is None:
        raise LookupError("no compiled room")
    known = KnownContext(ruleset, deal_of(ruleset.variant))
    while len(_ROOMS) >= KNOWN_ROOMS:
        try:
            del _ROOMS[next(iter(_ROOMS))]
        except (KeyError, RuntimeError, StopIteration):  # another thread dropped it first
            break
    _ROOMS[ends] = (blob, known)
    return known


@lru_cache(maxsize=4096)
def _known_context(blob: bytes) -> KnownContext | None:
    context = _catalogue_context(blob)
    if context is None:
        return None
    ruleset = cached_ruleset(context)
    if ruleset is None:
        return None
    return KnownContext(ruleset, deal_of(ruleset.variant))


class KnownVariant(NamedTuple):
    """A context naming a catalogue variant and perhaps a level, nothing else: the context of a
    question asked of a variant alone (ScoreDeal, CompareDeclarations)."""

    deal: Deal
    level: int
    """The context's level as sent (0: unset)."""
    level_rank: Rank | None
    """The level when it is one of the variant's levels."""


def known_variant(blob: bytes) -> KnownVariant | None:
    """The catalogue variant of a context's bytes when the context sets nothing but its id and a
    level (no trump, no room); ``None`` for any other.

    >>> known = known_variant(pb.Context(variant_id="qq-two-deck", level=5).SerializeToString())
    >>> known.deal.variant.id, known.level, known.level_rank, known.deal.players
    ('qq-two-deck', 5, <Rank.FIVE: 5>, 4)
    >>> known_variant(pb.Context(variant_id="qq-two-deck", no_trump=True).SerializeToString())
    """
    return _known_variant(blob) if len(blob) <= KNOWN_BYTES else None


@lru_cache(maxsize=1024)
def _known_variant(blob: bytes) -> KnownVariant | None:
    context = _catalogue_context(blob)
    if context is None or context.trump_suit or context.no_trump:
        return None
    variant = load_catalogue().get(context.variant_id)
    if variant is None:
        return None
    rank = LEVEL_RANKS.get(context.level) if context.level in variant.card_order.levels else None
    return KnownVariant(deal_of(variant), context.level, rank)


def unknown_variant(variant_id: str) -> str:
    """The description of a variant id the catalogue does not hold.

    >>> unknown_variant("nope")  # doctest: +ELLIPSIS
    "unknown variant 'nope'; known: ...four-deck, ..."
    """
    known = ", ".join(sorted(load_catalogue()))
    return f"unknown variant {echoed(variant_id)}; known: {known}"


def check_context(
    variant_id: str,
    level: Rank | int,
    trump_suit: Suit | int | None,
    no_trump: bool = False,
    custom: pb.Variant | None = None,
) -> CheckedContext:
    """Check a context once and build (or reuse) its ruleset; every problem is reported.

    ``trump_suit`` is ``None`` (or 0, proto's unspecified) exactly when ``no_trump`` is true.
    ``custom`` is a room's own variant, used instead of the catalogue's (``variant_id`` is
    then ignored).

    >>> [v.field for v in check_context("nope", 1, 2, no_trump=True).violations]
    ['variant_id', 'level', 'no_trump']
    """
    if custom is None:
        try:
            ruleset = known_ruleset(variant_id, int(level), int(trump_suit or 0), no_trump)
        except InvalidQuestion:
            pass  # checked again below, to report every problem
        else:
            return CheckedContext(ruleset, ruleset.variant)
    violations: list[Violation] = []
    blob = b""
    if custom is not None:
        blob = custom.SerializeToString(deterministic=True)
        room = ROOMS.room(blob)
        problems = [Violation(f"custom_variant.{p.field}", p.description) for p in room.problems]
        violations.extend(problems)
        variant: pb.Variant | None = None if problems else room.variant
        variant_id = custom.id
    else:
        variant = load_catalogue().get(variant_id)
        if variant is None:
            violations.append(Violation("variant_id", unknown_variant(variant_id)))
    rank: Rank | None = None
    if int(level) not in _RANK_VALUES:
        violations.append(Violation("level", f"{int(level)} is not a rank"))
    else:
        rank = Rank(int(level))
        if variant is not None and int(rank) not in set(variant.card_order.levels):
            allowed = ", ".join(Rank(r).symbol for r in variant.card_order.levels)
            violations.append(Violation(
                "level", f"{rank.symbol} is not a level of {variant_id} (levels: {allowed})"
            ))
    suit: Suit | None = None
    if trump_suit not in (None, 0):
        assert trump_suit is not None
        if int(trump_suit) not in _SUIT_VALUES:
            violations.append(Violation("trump_suit", f"{int(trump_suit)} is not a suit"))
        else:
            suit = Suit(int(trump_suit))
    if no_trump and suit is not None:
        violations.append(Violation("no_trump", "set either trump_suit or no_trump, not both"))
    if not no_trump and trump_suit in (None, 0):
        violations.append(
            Violation("trump_suit", "set a trump suit, or no_trump for a no-trump deal")
        )
    if violations:
        return CheckedContext(None, variant, tuple(violations))
    assert rank is not None
    if custom is not None:
        ruleset = ROOMS.ruleset(blob, ROOMS.room(blob), rank, suit)
    else:
        ruleset = make_ruleset(variant_id, rank, suit)
    return CheckedContext(ruleset, ruleset.variant)


def context_ruleset(
    variant_id: str,
    level: Rank | int,
    trump_suit: Suit | int | None,
    no_trump: bool = False,
    custom: pb.Variant | None = None,
) -> Ruleset:
    """The ruleset of a context (see :func:`check_context`), or :class:`InvalidQuestion`.

    >>> context_ruleset("qq-two-deck", 10, None, no_trump=True).trump is None
    True
    >>> context_ruleset("nope", 10, 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: variant_id: unknown variant 'nope'; known: ...four-deck, ...
    """
    checked = check_context(variant_id, level, trump_suit, no_trump, custom)
    if checked.ruleset is None:
        raise InvalidQuestion(list(checked.violations))
    return checked.ruleset
