"""What every follow rule's legal-play count shares: the suit duty's split, and judged readings.

Rule ``follow.suit`` splits the plays: a hand holding ``h <= n`` cards of the led suit (``n``
led) plays them all and any ``n - h`` others (one family, counted as multisets); a hand holding
more plays ``n`` of the suit, which its follow rule judges (the rule's own automaton). A
:class:`Judged` automaton reads a play into what its rule reads of it (a :class:`Reading`: at
most the identities held ``keep`` times or more, :class:`Cores`) and judges one representative
play per reading with the rule's own check, so the count agrees with CheckFollow by construction.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> from oracle.engine.legal_plays import Duty
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> suit = Duty(0, "follow.suit", "all the suit")
>>> suit_split(rules, p("8S 8S"), p("AS 3C 4D 4D"), suit, lambda space: None).total()   # AS 3C, AS 4D
2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.following import suit_duty
from oracle.engine.legal_automata import reach_by
from oracle.engine.legal_plays import Automaton, Duty, Everything, Family, Space
from oracle.engine.ruleset import Ruleset

InSuit = Callable[[Space], Automaton | None]
"""A rule's automaton over the led suit's cards (``None``: every play of ``n`` of them is legal)."""

Core = tuple[tuple[int, int], ...]
"""(identity number, copies) of a play, in the order they were read."""

STEP_STEPS = 15
"""The work budget one step of a :class:`Judged` automaton spends: the reading's state built,
numbered and looked up, with the count's own step (about 15 microseconds, a step of the budget
being about one)."""

JUDGMENT_STEPS = 500
"""The work budget one judgment of a representative spends by default, beyond what the rule's
check spends itself: about what a CheckFollow of a long suit costs, at a microsecond a step."""

SUIT_ONLY = Duty(0, "follow.suit", "the suit as far as the hand holds it, then any other cards")

PENDING = Duty(-1, "", "a reading paid for, not yet judged")


def suit_split(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], short: Duty, in_suit: InSuit,
               full: Duty | None = None) -> Family:
    """The follows of rule ``follow.suit``: all of a short suit and any other cards (``short``),
    else ``n`` cards of the suit as the rule's automaton accepts them (``full`` when it has none)."""
    duty = suit_duty(rules, lead, hand, ())
    if len(duty.hand_x) <= duty.led:
        # No other card to add (the suit held exactly as led): one play, over no space to count.
        size = duty.led - len(duty.hand_x)
        suits, led = rules.suits, duty.suit
        others = [c for c in hand if suits[c.code] != led] if size else []
        return Family(Space.of(rules, others), size, Everything(short), fixed=tuple(duty.hand_x))
    space = Space.of(rules, duty.hand_x)
    automaton = in_suit(space)
    if automaton is None:
        automaton = Everything(full or short)
    return Family(space, duty.led, automaton)


S = TypeVar("S", bound=Hashable)
"""The state a :class:`Reading` keeps of a play read so far."""


class Reading(Protocol[S]):
    """What a rule reads of a play of the led suit, one identity at a time (lowest... highest
    first in the ruleset's order): a state (of type ``S``) after each identity's copies, from
    which the rule's verdict follows; two plays read alike get the same verdict (each rule
    module says why)."""

    def start(self) -> S: ...

    def close(self, state: S, identity: int, copies: int) -> S:
        """The state once the play's ``copies`` of identity number ``identity`` are known."""
        ...

    def decides(self, state: S) -> Hashable:
        """The part of a whole play's state that decides the verdict (plays alike in it are
        judged once)."""
        ...


class Judged:
    """An automaton over the cards of the led suit that reads each identity's copies into the
    rule's :class:`Reading`, keeps the first play that reached each state after each card as its
    representative, and judges one representative per verdict (:meth:`Reading.decides` of a
    final state) with the rule's own check (``judge``).

    ``viable`` (of a reading's state and the next card) says, where the rule can tell, that no play
    going on from a state can be legal: the count goes no further down that way.

    ``inert``: fewer copies than this of an identity leave the reading as it was (the very state
    returned by :meth:`Reading.close`), so they are not read at all; ``alike``: fewer copies than
    this are all read alike (one state for them all), so they are read once; ``idle``: an
    identity the space holds fewer times than this leaves the reading as it was, whatever its
    copies (at least ``inert``).

    ``verdict`` (of a key of :meth:`Reading.decides`): where the reading itself tells the rule's
    verdict, the key is judged so, and no representative is read back or judged.

    The count reads every state forwards before it judges any play, so the readings to judge are
    known first: the first judgment spends the budget of them all (``cost`` each), and a question
    that cannot afford them is refused before any is judged.

    A state is (the identities still open with their copies so far, the reading), known to the
    count by a number: not how many cards were taken (the count keeps that apart, :class:`~oracle.engine.legal_plays.Family`).
    One state may be reached after different cards (a single card read changes no reading), so
    a representative is kept per (cards read, state): its copies are of those cards only.
    """

    def __init__(self, rules: Ruleset, space: Space, reading: Reading[Any],
                 judge: Callable[[list[Card]], Duty | None], cost: int = JUDGMENT_STEPS,
                 viable: Callable[[Any, int], bool] | None = None, inert: int = 0, alike: int = 0,
                 idle: int = 0, verdict: Callable[[Any], Duty | None] | None = None) -> None:
        self.space, self.reading, self.judge, self.cost, self.verdict = space, reading, judge, cost, verdict
        self.viable, self.inert, self.alike = viable, inert, max(alike, inert)
        self._ends: set[Hashable] = set()
        """The readings of the plays read to the end, not yet paid for."""
        self.ident = identity_numbers(rules, space)
        self.last = identity_ends(rules, space)
        self._closes = [self.last[ident] == i for i, ident in enumerate(self.ident)]
        """Whether each card is its identity's last (its copies close the identity)."""
        self._size = len(space.cards)
        self._single = all(self._closes)
        """Whether no identity has two cards (every one but in the two-colour game): no state
        keeps one open, and a state is known by its reading alone."""
        plain = viable is None and self._single  # no identity of two cards, nothing ruled out early
        self._passes = [plain and held < max(idle, inert) for held in space.copies]
        """Whether every copy of each card leaves every state as it was."""
        self._close = reading.close
        self._back: list[dict[Hashable, tuple[Hashable, int]]] = [{} for _ in range(len(space.cards) + 1)]
        """After each card, each state's first step in: the state before it and the copies taken
        (read back from a whole play's state, the play that reached it first: its representative),
        of copies read alike the fewest (a smaller play, cheaper to judge, read the same)."""
        self._verdicts: dict[Hashable, Duty | None] = {}
        self._keys: dict[Hashable, Hashable] = {}
        """The reading's key (:meth:`Reading.decides`) of each state reached after the last card."""
        self._states: list[tuple[Core, Hashable]] = []
        self._numbers: dict[Hashable, int] = {}
        """Each state's number, by its reading alone where no identity has two cards (``_single``)."""

    def start(self) -> Hashable:
        state = self._number(((), self.reading.start()))
        return state

    def _number(self, state: tuple[Core, Hashable]) -> int:
        """The state's number: the count compares and stores numbers, not the states themselves."""
        number = self._numbers.setdefault(state[1] if self._single else state, len(self._states))
        if number == len(self._states):
            self._states.append(state)
        return number

    step_cost = STEP_STEPS
    """What each step spends: :class:`~oracle.engine.legal_plays.Family` pays it for a whole
    layer of states at once (:meth:`unpaid_layer`)."""

    def step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        spend(STEP_STEPS)
        return self.unpaid_step(state, index, copies)

    def unpaid_step(self, state: Hashable, index: int, copies: int) -> Hashable | None:
        """:meth:`step` with its work budget left to the caller (``step_cost`` a step)."""
        out: dict[Hashable, list[tuple[int, Hashable]]] = {}
        self.unpaid_layer(index, [(state, copies, copies, 0, 0)], out)
        return out[state][0][1] if out[state] else None

    def unpaid_layer(self, index: int, todo: Sequence[tuple[Hashable, int, int, int, int]],
                     out_of: dict[Hashable, list[tuple[int, Hashable]]]) -> dict[Hashable, tuple[int, int]]:
        """For each ``(state, top, bottom, fewest, most)`` of a layer of the count, the steps out
        of the state taking ``top`` down to ``bottom`` copies of card ``index`` that lead
        somewhere, with the states they lead to (:meth:`unpaid_step` of each, in turn), kept in
        ``out_of``; returned, the states they lead to with the fewest and most cards taken to
        reach them (the state before having taken ``fewest`` to ``most``)."""
        states, numbers, back, viable = self._states, self._numbers, self._back[index + 1], self.viable
        ident, closes, inert, alike_below = self.ident[index], self._closes[index], self.inert, self.alike
        last, passes, single, close = index + 1 == self._size, self._passes[index], self._single, self._close
        reached: dict[Hashable, tuple[int, int]] = {}
        for state, top, bottom, fewest, most in todo:
            number: int = state  # type: ignore[assignment]  # the count's states are these numbers (no cast: a call)
            if passes:  # every copy of this card leaves every state as it was (one state each)
                out_of[number] = [(copies, number) for copies in range(top, bottom - 1, -1)]
                if top >= bottom:
                    reached[number] = (fewest + bottom, most + top)
                    if number not in back:
                        back[number] = (number, bottom)  # the fewest: a representative of fewer cards
                        if last:
                            self._at_end(number, states[number][1])
                continue
            open_, read = states[number]
            # an identity of one card (every one but in the two-colour game): nothing kept open
            alone = not open_ and closes
            out_of[number] = out = []
            alike: Hashable | None = self  # the step of fewer copies than ``alike_below`` (``self``: not taken yet)
            for copies in range(top, bottom - 1, -1):
                if alone and copies < alike_below and alike is not self:
                    if alike is None:
                        continue
                    after = alike
                    if back[after][0] == number:  # the fewest copies alike: a smaller representative
                        back[after] = (number, copies)
                else:
                    if not alone:
                        kept, after_read = self._keep_open(open_, read, index, copies)
                    else:
                        kept, after_read = open_, read if copies < inert else close(read, ident, copies)
                    if viable is not None and not viable(after_read, index + 1):
                        if alone and copies < alike_below:
                            alike = None
                        continue
                    if after_read is read and kept is open_:
                        after = number
                    else:
                        after = numbers.setdefault(after_read if single else (kept, after_read), known := len(states))
                        if after == known:
                            states.append((kept, after_read))
                    if after not in back:
                        back[after] = (number, copies)
                        if last:
                            self._at_end(after, after_read)
                    if alone and copies < alike_below:
                        alike = after
                out.append((copies, after))
            reach_by(reached, out, fewest, most)
        return reached

    def _keep_open(self, open_: Core, read: Hashable, index: int, copies: int) -> tuple[Core, Hashable]:
        """A step where an identity is open (its cards not all read): its copies kept until its
        last card, then read."""
        ident, closes = self.ident[index], self._closes[index]
        held = dict(open_)
        if closes and ident not in held:
            return open_, self._close(read, ident, copies)
        count = held.pop(ident, 0) + copies
        if not closes:
            if count:
                held[ident] = count
        else:
            read = self._close(read, ident, count)
        return tuple(sorted(held.items())), read

    def _at_end(self, number: Hashable, read: Hashable) -> None:
        """A state first reached after the last card: its reading's verdict to pay for."""
        key = self._keys[number] = self.reading.decides(read)
        if key not in self._verdicts:
            self._ends.add(key)

    def accept(self, state: Hashable) -> Duty | None:
        key = self._keys.get(state)
        if key is None:
            key = self.reading.decides(self._states[cast(int, state)][1])
        if key not in self._verdicts:
            self._ends.add(key)
            spend(self.cost * len(self._ends))  # every reading met so far, paid at once
            for paid in self._ends:
                self._verdicts.setdefault(paid, PENDING)
            self._ends.clear()
        if self._verdicts[key] is PENDING:
            verdict = self.verdict
            self._verdicts[key] = self.judge(self.representative(state)) if verdict is None else verdict(key)
        return self._verdicts[key]

    def representative(self, state: Hashable) -> list[Card]:
        """The cards of the first play that reached ``state`` after the last card, in the space's
        order (the ruleset's)."""
        cards, play = self.space.cards, []
        for index in range(len(cards), 0, -1):
            state, copies = self._back[index][state]
            if copies:
                play.extend([cards[index - 1]] * copies)
        play.reverse()
        return play


def read_whole(rules: Ruleset, space: Space, reading: Reading[Any]) -> Hashable:
    """:meth:`Reading.decides` of the play of every card of the space (the hand's suit itself),
    each identity read at its last card as :class:`Judged` reads it.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> read_whole(rules, Space.of(rules, p("AS AS KS 5S 5S")), Cores(2))
    ((0, 2), (2, 2))
    """
    ident, last = identity_numbers(rules, space), identity_ends(rules, space)
    held: dict[int, int] = {}
    state = reading.start()
    for i, (number, copies) in enumerate(zip(ident, space.copies, strict=True)):
        held[number] = held.get(number, 0) + copies
        if last[number] == i:
            state = reading.close(state, number, held[number])
    return reading.decides(state)


def identity_numbers(rules: Ruleset, space: Space) -> list[int]:
    """Each card's identity as a small number (cards of one identity share it); found once per
    space and ruleset (read it, never change it)."""
    identities, memo = rules.identities, space.numbers
    if memo and memo[0] is identities:
        return cast(list[int], memo[1])
    ids: dict[Hashable, int] = {}
    found = [ids.setdefault(identities[c.code], len(ids)) for c in space.cards]
    memo[:] = [identities, found]
    return found


def identity_ends(rules: Ruleset, space: Space) -> dict[int, int]:
    """Each identity number's last card (its place in the space), where its copies are all
    known: found once per space and ruleset, with :func:`identity_numbers` (read it, never
    change it).

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
    >>> identity_ends(rules, Space.of(rules, p("AS AS KS 5S")))
    {0: 0, 1: 1, 2: 2}
    """
    numbers, memo = identity_numbers(rules, space), space.numbers
    if len(memo) < 3:
        memo.append({number: i for i, number in enumerate(numbers)})
    return cast(dict[int, int], memo[2])


@dataclass(frozen=True)
class Cores:
    """The reading of a rule that sees every identity held ``keep`` or more times, with its
    copies, in order: the play's *core* (exact for any rule that ignores the rest)."""

    keep: int

    def start(self) -> Core:
        return ()

    def close(self, state: Core, identity: int, copies: int) -> Core:
        return (*state, (identity, copies)) if copies >= self.keep else state

    def decides(self, state: Core) -> Hashable:
        return state
