"""A deal record, decoded: what the referee replays (the proto ``DealRecord`` after
:mod:`oracle.service.record_validation` has checked that it is a record at all).

>>> from oracle.cards import parse_cards as p
>>> from oracle.engine.ruleset import SeatPlay
>>> trick = RecordedTrick((SeatPlay(0, tuple(p("AS"))),))
>>> trick.leader, trick.attempted_throw, trick.reported_winner
(0, None, None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from oracle import pb
from oracle.cards import Card, Rank, Suit
from oracle.engine.ruleset import Ruleset, SeatPlay


class RecordedTrick(NamedTuple):
    """One trick as recorded: the plays in play order, the throw the leader tried when it
    failed (the lead is then the forced play), and the winner and points the client reported.
    A named tuple: a record holds one per trick, built at a fraction of a frozen dataclass's
    cost."""

    plays: tuple[SeatPlay, ...]
    attempted_throw: tuple[Card, ...] | None = None
    reported_winner: int | None = None
    reported_points: int | None = None

    @property
    def leader(self) -> int:
        return self.plays[0].seat


@dataclass(frozen=True)
class Reported:
    """The results the client reported for the deal (``None``: not reported)."""

    bottom_multiplier: int | None = None
    attacker_points: int | None = None
    level_side: int = pb.SIDE_UNSPECIFIED
    levels: int | None = None
    next_banker_seat: int | None = None


@dataclass(frozen=True)
class Record:
    """A deal record whose every card exists and every seat is in range.

    ``rules_for`` gives the ruleset of the record's variant and level for a trump (``None``:
    no-trump), so the referee asks the engine in the trump its declarations set.
    ``trump`` is the trump the context names (``None``: no-trump) when ``trump_given``; else
    the declarations set it.
    """

    variant: pb.Variant
    level: Rank
    rules_for: Callable[[Suit | None], Ruleset]
    trump_given: bool
    trump: Suit | None
    banker_seat: int
    hands: tuple[tuple[Card, ...], ...]
    bottom: tuple[Card, ...]
    declarations: tuple[SeatPlay, ...] = ()
    buried: tuple[Card, ...] = ()
    tricks: tuple[RecordedTrick, ...] = ()
    attacker_level: Rank | None = None
    reported: Reported = field(default_factory=Reported)

    @property
    def players(self) -> int:
        return self.variant.deal.players

    def banker_side(self) -> frozenset[int]:
        """The banker and every second seat after it (fixed partnerships).

        >>> from oracle.variants import get_variant
        >>> Record(get_variant("qq-two-deck"), Rank.TWO, lambda t: None, True, None, 1, (), ()).banker_side()
        frozenset({1, 3})
        """
        return frozenset(range(self.banker_seat % 2, self.players, 2))
