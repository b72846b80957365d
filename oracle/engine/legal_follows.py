"""What every follow rule's legal-play count shares: the suit duty's split, and a play's core.

Rule ``follow.suit`` splits the plays: a hand holding ``h <= n`` cards of the led suit (``n``
led) plays them all and any ``n - h`` others (one family, counted as multisets); a hand holding
more plays ``n`` of the suit, which its follow rule judges (the rule's own automaton). Where a
rule reads a play only through the identities it holds ``keep`` or more times, its
:class:`CheckedCores` automaton keeps those (the play's *core*) and judges one representative play
per core with the rule's own check, so the count agrees with CheckFollow by construction.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> from oracle.engine.legal_plays import Duty
>>> ctx = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> suit = Duty(0, "follow.suit", "all the suit")
>>> suit_split(ctx, p("8S 8S"), p("AS 3C 4D 4D"), suit, lambda space: None).total()   # AS 3C, AS 4D
2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import cast

from oracle.cards import Card
from oracle.engine.following import suit_duty
from oracle.engine.legal_plays import Automaton, Duty, Everything, Family, Space
from oracle.engine.ruleset import Ruleset

InSuit = Callable[[Space], Automaton | None]
"""A rule's automaton over the led suit's cards (``None``: every play of ``n`` of them is legal)."""

Core = tuple[tuple[int, int], ...]
"""(identity number, copies) of a play, in the order they were read."""

SUIT_ONLY = Duty(0, "follow.suit", "the suit as far as the hand holds it, then any other cards")


def suit_split(ctx: Ruleset, lead: Sequence[Card], hand: Sequence[Card], short: Duty, in_suit: InSuit,
               full: Duty | None = None) -> Family:
    """The follows of rule ``follow.suit``: all of a short suit and any other cards (``short``),
    else ``n`` cards of the suit as the rule's automaton accepts them (``full`` when it has none)."""
    duty = suit_duty(ctx, lead, hand, ())
    others = [c for c in hand if ctx.effective_suit(c) != duty.suit]
    if len(duty.hand_x) <= duty.led:
        return Family(Space.of(ctx, others), duty.led - len(duty.hand_x), Everything(short),
                      fixed=tuple(duty.hand_x))
    space = Space.of(ctx, duty.hand_x)
    automaton = in_suit(space)
    if automaton is None:
        automaton = Everything(full or short)
    return Family(space, duty.led, automaton)


class CheckedCores:
    """Reads a play of the led suit into its core: the identities it holds ``keep`` or more times.

    ``judge`` decides one representative play per core (the core's cards and, for the rest,
    single cards of other identities); every play with that core gets its answer. Right only for
    a rule whose verdict depends on the core alone (each rule module says why its does).
    """

    def __init__(self, ctx: Ruleset, space: Space, size: int, keep: int,
                 judge: Callable[[list[Card]], Duty | None]) -> None:
        self.space, self.size, self.keep, self.judge = space, size, keep, judge
        ids: dict[Hashable, int] = {}
        self.ident = [ids.setdefault(ctx.identity(c), len(ids)) for c in space.cards]
        self.last = {ident: i for i, ident in enumerate(self.ident)}
        self._verdicts: dict[Hashable, Duty | None] = {}

    def start(self) -> Hashable:
        return ((), ())

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        closed, open_ = cast(tuple[Core, Core], state)
        ident = self.ident[index]
        held = dict(open_)
        count = held.pop(ident, 0) + copies
        if self.last[ident] != index:
            if count:
                held[ident] = count
            return (closed, tuple(sorted(held.items())))
        if count >= self.keep:
            closed = (*closed, (ident, count))
        return (closed, tuple(sorted(held.items())))

    def accept(self, state: Hashable) -> Duty | None:
        closed = cast(tuple[Core, Core], state)[0]
        if closed not in self._verdicts:
            self._verdicts[closed] = self.judge(self.representative(closed))
        return self._verdicts[closed]

    def representative(self, closed: Core) -> list[Card]:
        """The core's cards, then one card of each other identity until the play is full."""
        want = dict(closed)
        play: list[Card] = []
        filler: list[Card] = []
        seen: set[int] = set()
        for card, copies, ident in zip(self.space.cards, self.space.copies, self.ident, strict=True):
            if ident in want:
                take = min(copies, want[ident])
                want[ident] -= take
                play.extend([card] * take)
            elif ident not in seen:
                seen.add(ident)
                filler.append(card)
        return play + filler[: self.size - len(play)]
