"""How a play of the led suit stands to the shapes the seeds' greedy match asks for, slot by slot.

The reading :func:`oracle.seed_rules.follow_readings.reading` chooses when a shape is a tractor
and the pairs alone do not decide: what each shape of the hand's profile asks of a legal play
(``ShapeHeld``, with its ``Progress``) and the play's tuples, strengths and slots read one
identity at a time (``Segments``, with its ``SegmentState``). docs/rules.md (Legal plays) says
why this reading decides the match, and its cost.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import NamedTuple

from oracle.cards import Card
from oracle.engine.legal_follows import identity_numbers
from oracle.engine.legal_plays import Space
from oracle.engine.ruleset import Ruleset
from oracle.seed_rules.matching import Shape

Relation = tuple[int, int, int]
"""How one slot of a tuple stands to a slot of a tuple read before it: which of its own slots
(0 its first), how many tuples back the other was read, the other's slot less its own (-1, 0, 1)."""

Link = tuple[int, int, tuple[Relation, ...], bool]
"""A tuple of a :class:`Segments` reading: its copies, how many slots it has, its slots' relations
to the slots read before (equal or adjacent ones only), and whether it is as strong as the last."""


def could_show(rules: Ruleset, play: Sequence[Card], shape: Shape, top: int, exact: bool) -> bool:
    """Whether the cards hold what a match showing ``shape`` or a larger one needs (a tuple of
    more copies, up to ``top``, or a run of ``shape``'s tuples as long, its slots adjacent): the
    greedy match only takes copies away, so a profile whose first shape is ``shape`` or larger
    needs it, and a play without it shows less than a hand whose profile starts with ``shape``.
    A test of the counts of each identity, before the match itself.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("four-deck", Rank.TEN, Suit.HEARTS)
    >>> [could_show(rules, p(cards), (3, 2), 3, False) for cards in ("9S 9S 9S 8S 8S 8S", "9S 9S 9S 7S 7S 7S",
    ...                                                            "9S 9S 9S 9S 7S 7S")]
    [True, False, False]
    """
    k, length = shape
    identities = rules.identities
    held = Counter([identities[card.code] for card in play])
    counts = set(held.values())

    def tuple_of(size: int, copies: int) -> bool:
        return copies == size if exact else copies >= size

    if any(tuple_of(size, n) for n in counts for size in range(k + 1, top + 1)):
        return True
    if length == 1:
        return any(tuple_of(k, n) for n in counts)
    places = rules.places
    code = {identities[card.code]: card.code for card in play}  # a card of each identity: its slots
    slots = sorted({s for i, n in held.items() if tuple_of(k, n) for s in places[code[i]]}, reverse=True)
    run = best = 0
    for i, slot in enumerate(slots):
        run = run + 1 if i and slots[i - 1] == slot + 1 else 1
        best = max(best, run)
    return best >= length


class Progress(NamedTuple):
    """What a :class:`ShapeHeld` knows of a play read so far."""

    shown: bool
    """Whether the play shows the shape already."""
    above: int
    """The run of tuples of its size ending a slot above the last tuple's first slot."""
    here: int
    """The run of tuples of its size ending at that slot."""
    low: bool
    """Whether an ace's low slot under that slot holds one."""
    aces: tuple[int, ...]
    """The numbers of the tuples of its size with a low slot (an ace's)."""


_new = tuple.__new__
"""A named tuple built from its fields' tuple, as its class would build it, without the call of
its own ``__new__`` (a function of Python: the count builds one at every step of a reading)."""

NOTHING_YET = Progress(False, 0, 0, False, ())
SHOWN = Progress(True, 0, 0, False, ())
"""The progress of a play that shows the shape already (whatever else it read)."""


@dataclass(frozen=True)
class ShapeHeld:
    """What :func:`could_show` asks of a play for one shape of the hand's profile (a tuple larger,
    up to ``top``, or a run of its tuples as long), followed as a :class:`Segments` reading reads
    it. A legal play holds it for every shape of the profile (its profile reaches the hand's: at
    each shape as much, or more at an earlier, larger one). Once a play read so far holds it not
    and the cards still to read (with the run its last tuple ends) cannot give it, no play going
    on is legal (:meth:`viable`); a play read to the end is viable exactly when :func:`could_show`
    holds. Only where every identity is one card (else ``of`` gives none).

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("four-deck", Rank.TWO, Suit.HEARTS)
    >>> space = Space.of(rules, p("KS KS KS QS QS QS 9S 9S 9S 5S 5S"))
    >>> held = ShapeHeld.of(rules, space, (3, 2), 3, False)
    >>> segments = Segments.of(rules, space, held=(held,) if held else ())
    >>> state = segments.close(segments.start(), 0, 3)       # KS KS KS
    >>> viable = segments.viable
    >>> viable(state, 1), viable(segments.close(state, 1, 0), 2), viable(segments.close(state, 1, 3), 2)
    (True, False, True)
    """

    size: int
    length: int
    top: int
    exact: bool
    larger: list[bool]
    """Per next card: whether a card still to read can give a tuple larger than ``size``."""
    some: list[bool]
    """Per next card: whether a card still to read can give a tuple of ``size``."""
    slots: list[frozenset[int]]
    """Per next card: the slots of the cards still to read that can give a tuple of ``size``."""
    longest: list[int]
    """Per next card: the longest run among those slots."""

    @classmethod
    def of(cls, rules: Ruleset, space: Space, shape: Shape, top: int, exact: bool) -> ShapeHeld | None:
        size, length = shape
        if len(set(identity_numbers(rules, space))) != len(space.cards):
            return None
        d, places, held = len(space.cards), rules.places, space.copies
        larger, some = [False] * (d + 1), [False] * (d + 1)
        card_slots = [places[card.code] for card in space.cards]
        lows = frozenset(s for at, copies in zip(card_slots, held, strict=True) if copies >= size for s in at[1:])
        slots, longest = [frozenset[int]()] * (d + 1), [0] * (d + 1)
        for i in range(d - 1, -1, -1):
            copies = held[i]
            larger[i] = larger[i + 1] or (top > size and copies > size)
            some[i] = some[i + 1] or copies >= size
            new = card_slots[i] if copies >= size else ()
            if i < d - 1 and slots[i + 1].issuperset(new):  # no new slot (``lows`` in already): the same runs
                slots[i], longest[i] = slots[i + 1], longest[i + 1]
                continue
            slots[i] = slots[i + 1].union(lows, new)
            ordered = sorted(slots[i], reverse=True)
            run = best = 1 if ordered else 0
            for above, slot in pairwise(ordered):  # the longest run of adjacent slots
                run = run + 1 if slot == above - 1 else 1
                if run > best:  # noqa: PLR1730 (no call of max: run per slot)
                    best = run
            longest[i] = best
        return cls(size, length, top, exact, larger, some, slots, longest)

    def start(self) -> Progress:
        return NOTHING_YET

    def advance(self, progress: Progress, number: int, copies: int, places: int,
                relations: Sequence[Relation]) -> Progress:
        """The progress once tuple ``number`` is read (its copies, how many slots it has, its
        relations: to the last tuple's first slot, that slot or the one below, or to an ace's low
        slot, the one below its own first slot). Once the play shows the shape, nothing more of
        it matters (``SHOWN``: plays alike from there on are one state of the count).

        >>> first = ShapeHeld(3, 2, 3, False, [], [], [], [])
        >>> first.advance(first.start(), 0, 3, 1, ())
        Progress(shown=False, above=0, here=1, low=False, aces=())
        >>> first.advance(first.advance(first.start(), 0, 3, 1, ()), 1, 3, 1, ((0, 1, 1),)) is SHOWN
        True
        """
        if progress.shown:
            return SHOWN
        _, above, here, low, aces = progress
        size = self.size
        if self.exact:  # a tuple of the shape's size; a larger one, up to ``top``
            fits, larger = copies == size, size < copies <= self.top
        else:
            fits, larger = copies >= size, size < self.top and copies > size
        if larger or (self.length == 1 and fits):
            return SHOWN
        if not places:
            return progress
        step = -1  # the first relation to a slot at or below the last tuple's first slot
        for _, _, diff in relations:
            if diff >= 0:
                step = diff
                break
        if step < 0:
            above, here, low = 0, int(fits), False
        elif step == 1:
            above, here, low = here, (here + 1 if fits else 0), False
        elif fits and not here:
            here = above + 1
        if aces and not low:
            low = any(diff < 0 and number - back in aces for _, back, diff in relations)
        if fits and places > 1:
            aces = (*aces, number)
        if here >= self.length or (low and here + 1 >= self.length):
            return SHOWN
        return _new(Progress, (False, above, here, low, aces))

    def sure(self) -> list[bool]:
        """Per next card: whether every play read up to it may still hold the shape, whatever it
        holds (:meth:`viable` without its progress)."""
        if self.length == 1:
            return [larger or some for larger, some in zip(self.larger, self.some, strict=True)]
        length = self.length
        return [larger or longest >= length for larger, longest in zip(self.larger, self.longest, strict=True)]

    def viable(self, progress: Progress, last: tuple[int, int] | None, index: int) -> bool:
        """Whether a play read up to card ``index`` (its progress, and its last tuple's first
        slot) may still hold it."""
        shown, above, here = progress.shown, progress.above, progress.here
        if shown or self.larger[index]:
            return True
        if self.length == 1:
            return self.some[index]
        if self.longest[index] >= self.length:
            return True
        if last is None:
            return False
        below, more = self.slots[index], 0
        here = here or (above + 1 if last[0] in below else 0)  # a card still to read in its slot
        while here and last[0] - 1 - more in below:
            more += 1
        return here > 0 and here + more >= self.length



class SegmentState(NamedTuple):
    """What a :class:`Segments` reading knows of a play read so far."""

    links: int
    """The tuples read: a number for their links, one per sequence met (:attr:`Segments.links`)."""
    number: int
    """How many tuples have been read."""
    last: tuple[int, int] | None
    """The last first slot read, and its tuple's number."""
    others: tuple[tuple[int, int], ...]
    """The other slots read, each with its tuple's number."""
    last_strength: int | None
    """The strength of the last tuple read."""
    progress: tuple[Progress, ...]
    """What each :class:`ShapeHeld` followed knows."""


@dataclass(frozen=True)
class Segments:
    """Any shapes: the greedy match reads the identities held twice or more only through their
    copies, their order of strength (ties: the fewest copies, then the lowest), and which of their
    slots are equal or adjacent, and which way (runs, read from the highest slot; an ace that may
    also end a run low); an identity's own name or slot number never decides it. So the play's
    tuples in the order read (strongest first), each with its copies and how its slots and
    strength stand to those read before, decide it: a play and the same play moved to other
    slots, or with its gaps wider or narrower, are read alike, and judged once.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("four-deck", Rank.TWO, Suit.HEARTS)
    >>> space = Space.of(rules, p("KS KS KS QS QS QS 9S 9S 9S 8S 8S 8S 5S 5S"))
    >>> segments = Segments.of(rules, space)
    >>> def read(cards):
    ...     state = segments.start()
    ...     for card in space.cards:
    ...         number = identity_numbers(rules, space)[space.cards.index(card)]
    ...         state = segments.close(state, number, p(cards).count(card))
    ...     return segments.decides(state)
    >>> read("KS KS KS QS QS QS 5S 5S") == read("9S 9S 9S 8S 8S 8S 5S 5S")
    True
    >>> read("KS KS KS QS QS QS 5S 5S") == read("KS KS KS 9S 9S 9S 5S 5S")  # no run of triples
    False
    """

    slots: dict[int, tuple[int, ...]]
    strength: dict[int, int]
    pairs: int = 0
    """0: a tuple read by its copies. Every shape of pairs: 1, by the pairs it gives (a triple
    one, a quad two: the match takes a pair from a slot's identity of fewest copies, which takes
    one of the slot's pairs whichever it is, and asks the lone pairs last, by number alone); 2,
    tuples of exactly two only (the others show nothing)."""
    ahead: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Each identity's highest first slot and strength among the identities read after it."""
    held: tuple[ShapeHeld, ...] = ()
    """The shapes of the hand's profile, followed as the play is read (:meth:`viable`)."""
    links: dict[tuple[int, Link], int] = field(default_factory=dict, repr=False)
    """The sequences of tuples met, each a number (0 none): (the number of all but the last, the
    last) to its own, so that a state is compared without its whole sequence."""
    sure: list[bool] = field(default_factory=list, repr=False)
    """Per next card: whether every play read so far may still hold every shape followed,
    whatever it holds (:meth:`ShapeHeld.sure`)."""

    @classmethod
    def of(cls, rules: Ruleset, space: Space, pairs: int = 0, held: tuple[ShapeHeld, ...] = ()) -> Segments | None:
        """The reading, or ``None`` where the first slots do not fall with the strength, or a
        card's other slot is next to a first slot read before it or to another's other slot
        (then the relations to the last tuple and the other slots would not tell every one)."""
        ident = identity_numbers(rules, space)
        slots: dict[int, tuple[int, ...]] = {}
        strength: dict[int, int] = {}
        ahead: dict[int, tuple[int, int]] = {}
        highest = (-1 << 30, -1 << 30)  # the highest first slot and strength read after a card
        slots_of, strengths = rules.places, rules.strengths  # the tables by card code
        for card, number in zip(reversed(space.cards), reversed(ident), strict=True):
            ahead.setdefault(number, highest)
            places = slots_of[card.code]
            highest = (max((highest[0], *places[:1])), max(highest[1], strengths[card.code]))
        firsts: list[int] = []
        others: list[int] = []
        for card, number in zip(space.cards, ident, strict=True):
            places = slots_of[card.code]
            if places and firsts and places[0] > firsts[-1]:
                return None
            for other in places[1:]:
                if any(abs(other - s) <= 1 for s in (*firsts, *others)):
                    return None
                others.append(other)
            firsts.extend(places[:1])
            slots[number], strength[number] = places, strengths[card.code]
        sure = [True] * (len(space.cards) + 1)
        for h in held:
            sure = [was and now for was, now in zip(sure, h.sure(), strict=True)]
        return cls(slots, strength, pairs, ahead, held, sure=sure)

    def start(self) -> SegmentState:
        return SegmentState(0, 0, None, (), None, tuple(h.start() for h in self.held))

    def close(self, state: SegmentState, identity: int, copies: int) -> SegmentState:
        pairs = self.pairs
        if pairs:
            copies = 2 * (copies // 2) if pairs == 1 else copies * (copies == 2)
        if copies < 2:
            return self._forget(state, identity)
        links, number, last, others, last_strength, progress = state
        places, strength = self.slots[identity], self.strength[identity]
        kept: int | None = strength
        relations: tuple[Relation, ...] = ()
        if places:
            first = places[0]
            if others:
                near = [(s, j) for s, j in others if -1 <= s - first <= 1]
                if last is not None and last[0] - first <= 1:
                    near.append(last)
                if near:
                    relations = tuple(sorted([(0, number - j, s - first) for s, j in near]))
            elif last is not None and last[0] - first <= 1:  # the one slot near: the last tuple's
                relations = ((0, number - last[1], last[0] - first),)
            last = (first, number)
            if len(places) > 1:
                others = (*others, *((s, number) for s in places[1:]))
        link = (copies, len(places), relations, strength == last_strength)
        if self.held:  # a shape shown stays shown (``SHOWN``, the only progress shown): no call
            progress = tuple([p if p is SHOWN else h.advance(p, number, copies, len(places), relations)
                              for h, p in zip(self.held, progress, strict=True)])
        known = self.links
        links = known.setdefault((links, link), len(known) + 1)
        forgotten = self._forgotten(identity, last, others, strength)
        if forgotten is not None:
            last, others, kept = forgotten
        return _new(SegmentState, (links, number + 1, last, others, kept, progress))

    def _forget(self, state: SegmentState, identity: int) -> SegmentState:
        """The state less where its tuples lie once no identity read later can stand next to
        them or tie with them (plays alike from here on are one state of the count)."""
        forgotten = self._forgotten(identity, state[2], state[3], state[4])
        if forgotten is None:
            return state  # the same state, not a copy of it
        return _new(SegmentState, (state[0], state[1], *forgotten, state[5]))

    def _forgotten(
        self, identity: int, last: tuple[int, int] | None, others: tuple[tuple[int, int], ...], strength: int | None
    ) -> tuple[tuple[int, int] | None, tuple[tuple[int, int], ...], int | None] | None:
        """What a state keeps of where its tuples lie (its last tuple, its other slots, its last
        tuple's strength) after ``identity``, each part forgotten once no identity read later
        can stand next to it or tie with it; ``None`` when it forgets nothing."""
        first, top = self.ahead[identity]
        far = last is not None and first < last[0] - 1
        apart = bool(others) and any(first < s - 1 for s, _ in others)
        weaker = strength is not None and top < strength
        if not (far or apart or weaker):
            return None
        return (None if far else last, tuple([(s, j) for s, j in others if first >= s - 1]) if apart else others,
                None if weaker else strength)

    def decides(self, state: SegmentState) -> Hashable:
        """The tuples read (not where they lie)."""
        return state.links

    def viable(self, state: SegmentState, index: int) -> bool:
        """Whether a play read up to card ``index`` may still hold every shape followed."""
        if self.sure[index]:
            return True
        last = state.last
        for held, known in zip(self.held, state.progress, strict=True):
            if known is not SHOWN and not held.viable(known, last, index):
                return False
        return True
