"""Rooms' own variants (``custom_variant``) remembered by their bytes: each is validated once and
its rulesets compiled once, in a cache bounded in bytes, not entries (least recently used out).

>>> from oracle.variants import get_variant
>>> cache = RoomCache(max_bytes=200_000)
>>> room = cache.room(get_variant("qq-two-deck").SerializeToString())
>>> room.problems, room is cache.room(get_variant("qq-two-deck").SerializeToString())
([], True)
>>> cache.size() <= 200_000
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from oracle import pb
from oracle.cards import Rank, Suit
from oracle.dispatch.compile import compile_ruleset
from oracle.engine.ruleset import Ruleset
from oracle.errors import Violation
from oracle.variants import validate

MAX_BYTES = 64 * 1024 * 1024
"""The most memory the rooms' variants and rulesets may hold, by the estimate below."""

RULESET_BYTES = 32 * 1024
"""What one compiled ruleset costs (measured: about 24 KB), charged against :data:`MAX_BYTES`."""

_MESSAGE_FACTOR = 4
"""A parsed variant costs about this many times its bytes (the bytes kept as the key included)."""


@dataclass
class Room:
    """One room's variant: what is wrong with it (as ``validate`` says) and its rulesets."""

    variant: pb.Variant
    problems: list[Violation]
    cost: int
    rulesets: dict[tuple[Rank, Suit | None], Ruleset] = field(default_factory=dict)


class RoomCache:
    """Rooms by the bytes of their variant; thread-safe."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._rooms: OrderedDict[bytes, Room] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def size(self) -> int:
        """The bytes charged now."""
        return self._size

    def room(self, blob: bytes) -> Room:
        """The room of a serialized variant, validated on first sight."""
        with self._lock:
            found = self._rooms.get(blob)
            if found is not None:
                self._rooms.move_to_end(blob)
                return found
        variant = pb.Variant.FromString(blob)
        made = Room(variant, validate(variant), _MESSAGE_FACTOR * len(blob))
        with self._lock:
            self._add(blob, made)
        return made

    def known_ruleset(self, blob: bytes, level: int, trump_suit: int, no_trump: bool) -> Ruleset | None:
        """The ruleset of a valid room's deal compiled before, by the context's proto values
        (``trump_suit`` 0 exactly for a no-trump deal), or ``None``: then the context is
        checked in full. Only a well-formed deal of a valid room has a ruleset to find.

        >>> from oracle.variants import get_variant
        >>> cache, blob = RoomCache(), get_variant("qq-two-deck").SerializeToString()
        >>> cache.known_ruleset(blob, 10, 2, False) is None
        True
        >>> made = cache.ruleset(blob, cache.room(blob), Rank.TEN, Suit.HEARTS)
        >>> cache.known_ruleset(blob, 10, 2, False) is made, cache.known_ruleset(blob, 10, 2, True)
        (True, None)
        """
        if (trump_suit == 0) != no_trump:
            return None
        with self._lock:
            room = self._rooms.get(blob)
            if room is None:
                return None
            self._rooms.move_to_end(blob)
        # Rank and Suit are IntEnums: their numbers find them as keys.
        return room.rulesets.get((level, trump_suit or None))  # type: ignore[arg-type]

    def ruleset(self, blob: bytes, room: Room, level: Rank, trump: Suit | None) -> Ruleset:
        """The room's ruleset for one deal (the room must be valid)."""
        key = (level, trump)
        found = room.rulesets.get(key)
        if found is not None:
            return found
        compiled = compile_ruleset(room.variant, level, trump)
        with self._lock:
            if key not in room.rulesets and blob in self._rooms:
                room.rulesets[key] = compiled
                room.cost += RULESET_BYTES
                self._size += RULESET_BYTES
                self._evict()
        return compiled

    def _add(self, blob: bytes, room: Room) -> None:
        if blob in self._rooms or room.cost > self.max_bytes:
            return  # a room too large to keep is validated again next time
        self._rooms[blob] = room
        self._size += room.cost
        self._evict()

    def _evict(self) -> None:
        while self._size > self.max_bytes and self._rooms:
            _, oldest = self._rooms.popitem(last=False)
            self._size -= oldest.cost

    def cache_clear(self) -> None:
        """Forget every room (named as ``functools`` caches name it, so one sweep clears all)."""
        with self._lock:
            self._rooms.clear()
            self._size = 0


ROOMS = RoomCache()
"""The server's rooms."""
