"""What a count of legal plays reads a play with: the :class:`Duty` a group of plays meets, an
:class:`Automaton` reading a play card by card over a :class:`~oracle.engine.legal_space.Space`,
and :class:`Everything`, the automaton accepting every play (:mod:`oracle.engine.legal_plays`
counts and pages their plays).

>>> Everything(Duty(0, "follow.suit", "any")).accept(False).rule_id
'follow.suit'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

__all__ = ["Automaton", "Duty", "Everything", "reach_by"]


class Duty(NamedTuple):
    """What a group of legal plays meets: its place among the groups, a rule id, and in words
    (a named tuple: the count hashes one for each state's ways)."""

    order: int
    rule_id: str
    description: str


class Automaton(Protocol):
    """Reads a play card by card: a state after each card's copies, and the duty at the end."""

    def start(self) -> Hashable:
        """The state before any card."""
        ...

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        """The state once ``copies`` of the space's card ``index`` are taken; ``None``: no play
        going on from here is accepted."""
        ...

    def accept(self, state: Hashable) -> Duty | None:
        """The duty a whole play met, or ``None`` when the play is not legal."""
        ...


@dataclass(frozen=True)
class Everything:
    """Accepts every play, all meeting one duty (``nonempty``: every play but the empty one). The
    state is whether a card was taken, kept only for ``nonempty`` (else one state: one per card)."""

    duty: Duty
    nonempty: bool = False

    def start(self) -> Hashable:
        return False

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        return bool(state) or copies > 0 if self.nonempty else state

    def accept(self, state: Hashable) -> Duty | None:
        return self.duty if state is True or not self.nonempty else None

    step_cost = 0
    """Its steps spend nothing (:meth:`unpaid_layer`)."""

    def unpaid_layer(self, index: int, todo: Sequence[tuple[Hashable, int, int, int, int]],
                     out_of: dict[Hashable, list[tuple[int, Hashable]]]) -> dict[Hashable, tuple[int, int]]:
        """The steps of every state of a layer, taking ``top`` down to ``bottom`` copies, into
        ``out_of``; the states reached, with the fewest and most cards taken to reach them."""
        nonempty, reached = self.nonempty, dict[Hashable, tuple[int, int]]()
        for state, top, bottom, fewest, most in todo:
            if nonempty:
                steps: list[tuple[int, Hashable]] = [(copies, bool(state) or copies > 0)
                                                     for copies in range(top, bottom - 1, -1)]
                out_of[state] = steps
                reach_by(reached, steps, fewest, most)
            else:
                out_of[state] = [(copies, state) for copies in range(top, bottom - 1, -1)]
                if top >= bottom:
                    reached[state] = (fewest + bottom, most + top)
        return reached


def reach_by(reached: dict[Hashable, tuple[int, int]], steps: Iterable[tuple[int, Hashable]], fewest: int,
             most: int) -> None:
    """Each state the ``steps`` (copies taken, state after) lead to, out of a state reached with
    ``fewest`` to ``most`` cards taken, kept in ``reached`` with the fewest and most cards taken
    to reach it (the first reached first)."""
    for copies, after in steps:
        seen = reached.get(after)
        if seen is None:
            reached[after] = (fewest + copies, most + copies)
        elif fewest + copies < seen[0] or most + copies > seen[1]:
            reached[after] = min(seen[0], fewest + copies), max(seen[1], most + copies)
