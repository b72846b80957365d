"""The catalogue of variants: the shipped files (and an extra folder's), validated, by id.

A variant is valid when its values agree (:mod:`oracle.variants.checks`) and every parameter
it sets is read by the strategies it chooses (:func:`oracle.dispatch.compile.parameter_problems`);
files are TOML (:mod:`oracle.variants.files`).

>>> catalogue = load_catalogue()
>>> catalogue["qq-two-deck"].deal.decks
2
>>> catalogue["qq-two-deck-two-trump"].extends
'qq-two-deck'
>>> make_ruleset("qq-two-deck", 10, None, no_trump=True).trump is None
True
"""

from __future__ import annotations

from functools import lru_cache

from oracle import pb
from oracle.cards import Rank, Suit
from oracle.dispatch.compile import compile_ruleset, parameter_problems
from oracle.engine.ruleset import Ruleset
from oracle.errors import Violation
from oracle.variants.checks import structure_problems
from oracle.variants.files import (
    EXTRA_DIR_ENV,
    VariantFileError,
    bundled_variant_dir,
    load_directory,
    variant_dirs,
)
from oracle.variants.limits import limit_problems

__all__ = [
    "DEFAULT_VARIANT", "EXTRA_DIR_ENV", "VariantFileError", "bundled_variant_dir", "get_variant",
    "load_catalogue", "make_ruleset", "validate", "variant_dirs",
]

DEFAULT_VARIANT = "qq-two-deck"
"""The variant a user gets when they do not choose one."""


def validate(variant: pb.Variant) -> list[Violation]:
    """Everything wrong with a variant, field by field: its sizes, then its values, then its strategies.

    >>> validate(get_variant("qq-two-deck"))
    []
    """
    return limit_problems(variant) or structure_problems(variant) or parameter_problems(variant)


@lru_cache(maxsize=1)
def load_catalogue() -> dict[str, pb.Variant]:
    """The catalogue: every shipped variant (and the extra folder's), by id."""
    return load_directory(variant_dirs(), validate)


def get_variant(variant_id: str) -> pb.Variant:
    """One variant by id; ``KeyError`` when there is none.

    >>> get_variant("lianzhong-one-deck").deal.decks
    1
    """
    return load_catalogue()[variant_id]


@lru_cache(maxsize=4096)
def _catalogue_ruleset(variant_id: str, level: Rank, trump: Suit | None) -> Ruleset:
    return compile_ruleset(get_variant(variant_id), level, trump)


def make_ruleset(
    variant: str | pb.Variant, level: Rank | int, trump: Suit | int | None, no_trump: bool = False
) -> Ruleset:
    """The (cached) ruleset of a catalogue variant, or of a valid variant message, for one deal.

    ``trump`` is ``None`` or 0 for a no-trump deal. Nothing is validated here: the service
    validates a question before it asks for its ruleset.
    """
    suit = Suit(int(trump)) if trump and not no_trump else None
    if isinstance(variant, str):
        return _catalogue_ruleset(variant, Rank(int(level)), suit)
    return compile_ruleset(variant, Rank(int(level)), suit)
