"""Tables read from a variant message once and kept for that message: the questions that take a
variant rather than a ruleset (ScoreDeal, CompareDeclarations) read plain Python values instead
of proto fields (reading a proto field costs about as much as a whole table look-up).

The cache holds the message itself, so that its key (the object's id) is never reused while the
entry lives; it keeps at most ``size`` messages (the oldest goes first). Variants are bounded in
size (:mod:`oracle.variants.limits`), so the cache is bounded in bytes too. A variant is never
changed once it is asked about (the catalogue's and the rooms' are shared and read-only); one
edited in place is read again only after :meth:`PerVariant.cache_clear`.

>>> from oracle.variants import get_variant
>>> decks = PerVariant(lambda v: v.deal.decks)
>>> decks(get_variant("four-deck")), decks(get_variant("four-deck")), len(decks)
(4, 4, 1)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from oracle import pb

T = TypeVar("T")


class PerVariant(Generic[T]):
    """``build(variant)``, built once per variant message and kept (at most ``size`` of them)."""

    def __init__(self, build: Callable[[pb.Variant], T], size: int = 64) -> None:
        self.build = build
        self.size = size
        self._kept: dict[int, tuple[pb.Variant, T]] = {}
        self._lock = threading.Lock()

    def __call__(self, variant: pb.Variant) -> T:
        kept = self._kept.get(id(variant))
        if kept is not None and kept[0] is variant:
            return kept[1]
        value = self.build(variant)
        with self._lock:
            while len(self._kept) >= self.size:
                del self._kept[next(iter(self._kept))]
            self._kept[id(variant)] = (variant, value)
        return value

    def __len__(self) -> int:
        return len(self._kept)

    def cache_clear(self) -> None:
        """Forget every table (as ``functools.lru_cache``'s ``cache_clear``: a variant edited in
        place, as a test may do, is read again).

        >>> decks = PerVariant(lambda v: v.deal.decks)
        >>> variant = pb.Variant()
        >>> decks(variant)
        0
        >>> variant.deal.decks = 2
        >>> decks(variant), decks.cache_clear(), decks(variant)
        (0, None, 2)
        """
        with self._lock:
            self._kept.clear()
