"""A question's context (variant, level, trump) checked once and turned into its cached ruleset.

A catalogue variant's rulesets are cached by id; a room's own variant (``custom_variant``) is
validated as a variant file is, and its rulesets cached by the variant's bytes.
"""

from __future__ import annotations

from functools import lru_cache

from oracle import pb
from oracle.cards import Rank, Suit
from oracle.engine.compile import compile_ruleset
from oracle.engine.ruleset import Ruleset
from oracle.errors import InvalidQuestion, Violation
from oracle.variants import load_catalogue, make_ruleset, validate


@lru_cache(maxsize=4096)
def _known_context(variant_id: str, level: int, trump_suit: int, no_trump: bool) -> Ruleset:
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
    return make_ruleset(variant_id, level, trump_suit)


@lru_cache(maxsize=256)
def _cached_custom_context(blob: bytes, level: Rank, trump: Suit | None) -> Ruleset:
    return compile_ruleset(pb.Variant.FromString(blob), level, trump)


def custom_variant_problems(custom: pb.Variant) -> list[Violation]:
    """What is wrong with a room's own variant, as violations under ``custom_variant``.

    >>> v = pb.Variant()
    >>> from oracle.variants import get_variant
    >>> v.CopyFrom(get_variant("qq-two-deck"))
    >>> custom_variant_problems(v)
    []
    >>> v.deal.decks = 0
    >>> custom_variant_problems(v)[0].field
    'custom_variant.deal.decks'
    """
    return [Violation(f"custom_variant.{p.field}", p.description) for p in validate(custom)]


def context_ruleset(
    variant_id: str,
    level: Rank | int,
    trump_suit: Suit | int | None,
    no_trump: bool = False,
    custom: pb.Variant | None = None,
) -> Ruleset:
    """Validate and build (or reuse) a context.

    ``trump_suit`` is ``None`` (or 0, proto's unspecified) exactly when
    ``no_trump`` is true; pass ``no_trump=True`` for a no-trump deal.
    ``custom`` is a room's own variant, used instead of the catalogue's
    (``variant_id`` is then ignored).

    >>> context_ruleset("qq-two-deck", 10, None, no_trump=True).trump is None
    True
    >>> context_ruleset("nope", 10, 2)  # doctest: +ELLIPSIS
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
    return make_ruleset(variant_id, rank, suit)
