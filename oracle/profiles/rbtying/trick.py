"""Who wins a trick under rbtying/shengji's throw evaluation policies (JudgeTrick).

rbtying/shengji ``mechanics/src/trick.rs`` (``TrickFormat::matches``, ``Trick::winner``,
``Trick::_defeats``) @ 71f8d43, for ``THROW_EVALUATION_ALL``, ``_HIGHEST`` and
``_TRICK_UNIT_LENGTH``: only a play that splits exactly into the lead's format can win, and it
wins if some split beats the best so far under the policy (rules ``trick.format``,
``trick.throw_evaluation``, ``trick.bomb``). The policies and the search: docs/rbtying.md.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("rbtying-default", Rank.KING, Suit.SPADES)
>>> plays = [SeatPlay(1, tuple(p("4C 6C"))), SeatPlay(2, tuple(p("2S 3S"))),
...          SeatPlay(3, tuple(p("3S 4S"))), SeatPlay(4 % 4, tuple(p("2S BJ")))]
>>> judge_trick_by_format(ctx, plays).winning_seat
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle import pb
from oracle.cards import Card, format_cards
from oracle.convert import suit_name
from oracle.engine.answers import play_verdict, trick_answer
from oracle.engine.budget import spend
from oracle.engine.pool import Pool
from oracle.engine.ruleset import MIXED, TRUMP, Ruleset, SeatPlay
from oracle.profiles.rbtying import bombs, rainbow
from oracle.profiles.rbtying.fill import (
    Need,
    RankKey,
    fill_needs,
    placement_cards,
    rank_key,
)
from oracle.profiles.rbtying.joint import Placement
from oracle.profiles.rbtying.trick_format import FormatUnit, lead_format, order_key

EVALUATIONS = (
    pb.THROW_EVALUATION_ALL,
    pb.THROW_EVALUATION_HIGHEST,
    pb.THROW_EVALUATION_TRICK_UNIT_LENGTH,
)
"""The policies this module judges."""

_POLICY_NAMES: dict[int, str] = {
    pb.THROW_EVALUATION_ALL: "All",
    pb.THROW_EVALUATION_HIGHEST: "Highest",
    pb.THROW_EVALUATION_TRICK_UNIT_LENGTH: "TrickUnitLength",
}


@dataclass(frozen=True)
class Split:
    """A play split into the format's units: for each place, the rank of its lowest card and
    its cards; ``top`` is the rank of the play's highest card."""

    lows: tuple[RankKey, ...]
    units: tuple[tuple[Card, ...], ...]
    top: RankKey


def _split(ctx: Ruleset, units: Sequence[FormatUnit], cards: Sequence[Card], placements: Sequence[Placement]) -> Split:
    """The play's units in the format's places. Places of one shape take their units highest
    first, as rbtying/shengji's ``into_matching_cards`` hands them out (the leader's own units
    stand lowest first): a play's split is compared place by place with that order."""
    found = placement_cards(ctx, cards, placements)
    places: dict[tuple[int, ...], list[int]] = {}
    for index, unit in enumerate(units):
        places.setdefault(unit.adjacent, []).append(index)
    arranged: list[list[Card]] = list(found)
    for indices in places.values():
        ordered = sorted((found[i] for i in indices), key=lambda u: min(order_key(ctx, c) for c in u), reverse=True)
        for i, taken in zip(indices, ordered, strict=True):
            arranged[i] = taken
    lows = tuple(min(rank_key(ctx, c) for c in unit) for unit in arranged)
    return Split(lows, tuple(tuple(u) for u in arranged), max(rank_key(ctx, c) for c in cards))


def leader_split(ctx: Ruleset, units: Sequence[FormatUnit]) -> Split:
    """The leader's own units as the first best so far."""
    lows = tuple(min(rank_key(ctx, c) for c in u.cards) for u in units)
    top = max(rank_key(ctx, c) for u in units for c in u.cards)
    return Split(lows, tuple(u.cards for u in units), top)


def matches(ctx: Ruleset, units: Sequence[FormatUnit], cards: Sequence[Card]) -> Split | None:
    """A split of ``cards`` into the format's units, if there is one (``TrickFormat::matches``)."""
    placed = fill_needs(ctx, [Need(u.adjacent) for u in units], cards)
    return None if placed is None else _split(ctx, units, cards, placed)


def defeats(units: Sequence[FormatUnit], split: Split, best: Split, policy: int) -> bool:
    """rbtying/shengji ``Trick::_defeats`` on two splits, place by place.

    >>> u = [FormatUnit(1, ((3, 1),)), FormatUnit(2, ((5, 1),))]
    >>> best = Split(((0, 10), (0, 20)), (), (0, 20))
    >>> defeats(u, Split(((0, 11), (0, 21)), (), (0, 21)), best, pb.THROW_EVALUATION_ALL)
    True
    >>> defeats(u, Split(((0, 9), (0, 21)), (), (0, 21)), best, pb.THROW_EVALUATION_ALL)
    False
    >>> defeats(u, Split(((0, 9), (0, 21)), (), (0, 21)), best, pb.THROW_EVALUATION_TRICK_UNIT_LENGTH)
    True
    """
    if policy == pb.THROW_EVALUATION_HIGHEST:
        return split.top > best.top
    if policy == pb.THROW_EVALUATION_TRICK_UNIT_LENGTH:
        skip_singles = len(units) > 1 and any(u.size > 1 for u in units)
        compared = [(u.size, (m > w) - (m < w)) for u, m, w in zip(units, split.lows, best.lows, strict=True)
                    if not skip_singles or u.size > 1]
        compared.sort(key=lambda c: (-c[0], c[1] == 0))
        return next((c > 0 for _, c in compared if c != 0), False)
    return all(m > w for m, w in zip(split.lows, best.lows, strict=True))


Bound = tuple[str, RankKey] | None
"""What a place of a split must meet: ``("above", key)``, ``("equal", key)`` or nothing."""


class SplitSearch:
    """The splits of one play into the format's units, in rbtying/shengji's order.

    ``find_format_matches`` (``mechanics/src/format_match.rs`` @ 49f4214) lists the distinct
    splits breadth first; the first time it meets a split is along the path that fills the
    shapes in their sorted order (``(1,) < (2,) < (2, 2) < (3,)``: a ``BTreeMap`` over the
    shapes), all tuples of a shape at once, the tractors of a shape one at a time, highest first.
    So its order is lexicographic over those steps: a step of tuples by how many it takes of
    each card from the lowest card up, fewer first (``multiset_k_combination_iter`` over the
    cards highest first); a tractor by its cards, highest first (``find_possible_tractors``).
    ``first`` walks the splits in that order and returns the first whose places meet the bounds,
    places of a shape taking its units highest first (``into_matching_cards``); the bounds of a
    shape are checked as soon as its units are chosen, and a state (the step, the cards left,
    the tractors of the shape chosen so far) that leads nowhere is remembered, so no state is
    walked twice. Cost: one step of work per state and choice (docs/rbtying.md, "The trick").
    """

    def __init__(self, ctx: Ruleset, units: Sequence[FormatUnit], cards: Sequence[Card]) -> None:
        self.ctx = ctx
        pool = Pool(ctx, cards)
        ids = sorted(pool.cards, key=lambda i: order_key(ctx, pool.cards[i][0]))
        self.cards = [pool.cards[i] for i in ids]
        self.lows = [rank_key(ctx, held[0]) for held in self.cards]
        self.start = tuple(len(held) for held in self.cards)
        at_slot: dict[int, list[int]] = {}
        for n, identity in enumerate(ids):
            for slot in pool.slots(identity):
                at_slot.setdefault(slot, []).append(n)
        self.successors = [
            sorted({m for slot in pool.slots(identity) for m in at_slot.get(slot + 1, ()) if m != n})
            for n, identity in enumerate(ids)
        ]
        self.places: dict[tuple[int, ...], list[int]] = {}
        for index, unit in enumerate(units):
            self.places.setdefault(unit.adjacent, []).append(index)
        self.steps: list[tuple[tuple[int, ...], int]] = []
        for shape in sorted(self.places):
            copies = len(self.places[shape])
            self.steps += [(shape, copies)] if len(shape) == 1 else [(shape, 1)] * copies
        self.top = max(rank_key(ctx, c) for c in cards)

    def first(self, bounds: Sequence[Bound]) -> tuple[tuple[object, ...], Split] | None:
        """The first split whose places meet ``bounds`` (by place of the format), with its place
        in upstream's order, or ``None``."""
        dead: set[tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]] = set()

        def walk(step: int, left: tuple[int, ...], shape_units: tuple[tuple[int, ...], ...],
                 ) -> list[tuple[object, tuple[tuple[int, ...], ...]]] | None:
            """The choices from ``step`` on (each with its order key), the first that works."""
            spend()
            if step == len(self.steps):
                return []
            state = (step, left, shape_units)
            if state in dead:
                return None
            shape, copies = self.steps[step]
            last_of_shape = step + 1 == len(self.steps) or self.steps[step + 1][0] != shape
            for key, taken, units in self._choices(shape, copies, left, shape_units):
                spend()
                chosen = shape_units + units
                if last_of_shape and not self._meets(shape, chosen, bounds):
                    continue
                rest = walk(step + 1, taken, () if last_of_shape else chosen)
                if rest is not None:
                    return [(key, units), *rest]
            dead.add(state)
            return None

        found = walk(0, self.start, ())
        if found is None:
            return None
        order = tuple(key for key, _ in found)
        return order, self._split([u for _, units in found for u in units])

    def _choices(self, shape: tuple[int, ...], copies: int, left: tuple[int, ...],
                 shape_units: tuple[tuple[int, ...], ...],
                 ) -> list[tuple[object, tuple[int, ...], tuple[tuple[int, ...], ...]]]:
        """A step's choices in upstream's order: (order key, cards left, units taken), a unit
        written as its cards' places in ``self.cards`` from the lowest up."""
        k = shape[0]
        if len(shape) == 1:
            out: list[tuple[object, tuple[int, ...], tuple[tuple[int, ...], ...]]] = []
            room = [c // k for c in left]
            after = [sum(room[i + 1:]) for i in range(len(room))]

            def fill(i: int, need: int, counts: list[int]) -> None:
                if i == len(room):
                    if need == 0:
                        vector = tuple(counts)
                        taken = tuple(c - k * n for c, n in zip(left, vector, strict=True))
                        units = tuple((j,) for j in reversed(range(len(room))) for _ in range(vector[j]))
                        out.append((vector, taken, units))
                    return
                spend()
                for n in range(max(0, need - after[i]), min(need, room[i]) + 1):
                    fill(i + 1, need - n, [*counts, n])

            fill(0, copies, [])
            return out
        tractors: list[tuple[int, ...]] = []

        def extend(path: tuple[int, ...]) -> None:
            spend()
            if len(path) == len(shape):
                tractors.append(path)
                return
            for m in self.successors[path[-1]]:
                if left[m] >= shape[len(path)]:
                    extend((*path, m))

        for n in range(len(left)):
            if left[n] >= k:
                extend((n,))
        tractors.sort(reverse=True)
        if shape_units:  # the tractors of a shape come highest first: no split is met twice
            tractors = [t for t in tractors if t <= shape_units[-1]]
        out = []
        for tractor in tractors:
            taken = list(left)
            for m, size in zip(tractor, shape, strict=True):
                taken[m] -= size
            out.append((tuple(-m for m in tractor), tuple(taken), (tractor,)))
        return out

    def _meets(self, shape: tuple[int, ...], units: Sequence[tuple[int, ...]], bounds: Sequence[Bound]) -> bool:
        """Whether a shape's units, highest first in its places, meet the places' bounds."""
        for place, unit in zip(self.places[shape], sorted(units, reverse=True), strict=True):
            bound = bounds[place]
            if bound is None:
                continue
            low = self.lows[unit[0]]
            if (low <= bound[1]) if bound[0] == "above" else (low != bound[1]):
                return False
        return True

    def _split(self, units: Sequence[tuple[int, ...]]) -> Split:
        by_shape: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        for shape, _ in self.steps:
            by_shape.setdefault(shape, [])
        index = 0
        for shape, copies in self.steps:
            for _ in range(copies):
                by_shape[shape].append(units[index])
                index += 1
        taken = [0] * len(self.cards)
        placed: dict[int, tuple[Card, ...]] = {}
        lows: dict[int, RankKey] = {}
        for shape, found in by_shape.items():
            for place, unit in zip(self.places[shape], sorted(found, reverse=True), strict=True):
                cards: list[Card] = []
                for m, size in zip(unit, shape, strict=True):
                    cards += self.cards[m][taken[m]:taken[m] + size]
                    taken[m] += size
                placed[place], lows[place] = tuple(cards), self.lows[unit[0]]
        order = sorted(placed)
        return Split(tuple(lows[p] for p in order), tuple(placed[p] for p in order), self.top)


def _candidates(units: Sequence[FormatUnit], best: Split, policy: int) -> list[list[Bound]]:
    """The bounds a split beating ``best`` meets, one list per way of beating it (``_defeats``).

    All: every place strictly above the best's. TrickUnitLength: places compared largest units
    first (in the format's order within a size; singles left out where the format has several
    units and one of more than one card): for each place in turn, that place above and every
    place before it level. Highest: no bound (the play's highest card decides, whatever the split).
    """
    if policy == pb.THROW_EVALUATION_HIGHEST:
        return [[None] * len(units)]
    if policy == pb.THROW_EVALUATION_TRICK_UNIT_LENGTH:
        skip_singles = len(units) > 1 and any(u.size > 1 for u in units)
        places = [i for i, u in enumerate(units) if not skip_singles or u.size > 1]
        ordered = sorted(places, key=lambda i: -units[i].size)
        out: list[list[Bound]] = []
        for n, deciding in enumerate(ordered):
            level = set(ordered[:n])
            out.append([("above", best.lows[i]) if i == deciding else ("equal", best.lows[i]) if i in level
                        else None for i in range(len(units))])
        return out
    return [[("above", low) for low in best.lows]]


def defeating_split(
    ctx: Ruleset, units: Sequence[FormatUnit], cards: Sequence[Card], best: Split, policy: int
) -> Split | None:
    """The split of ``cards`` rbtying/shengji's ``Trick::compute_winner`` takes: the first, in
    ``find_format_matches``'s order, that beats ``best`` under ``policy`` (``Trick::_defeats``)."""
    search = SplitSearch(ctx, units, cards)
    found = [f for f in (search.first(b) for b in _candidates(units, best, policy)) if f is not None]
    if not found:
        return None
    split = min(found, key=lambda f: f[0])[1]
    return split if defeats(units, split, best, policy) else None


def _level_split(ctx: Ruleset, units: Sequence[FormatUnit], cards: Sequence[Card], best: Split) -> bool:
    """Whether the play can be split level with the best, place by place (a tie)."""
    return SplitSearch(ctx, units, cards).first([("equal", low) for low in best.lows]) is not None


def judge_trick_by_format(ctx: Ruleset, plays: Sequence[SeatPlay]) -> pb.JudgeTrickResponse:
    """Judge a trick by rbtying/shengji's rules; ``plays`` in play order, the lead first (a
    rainbow lead by its own rule, :mod:`.rainbow`)."""
    rainbow_units = rainbow.rainbow_format(ctx, plays[0].cards)
    if rainbow_units is not None:
        return rainbow.judge_rainbow_trick(ctx, rainbow_units, plays)
    policy = ctx.strategies.throw_evaluation
    policy_name = _POLICY_NAMES.get(policy, "All")
    lead = plays[0]
    suit = ctx.suit_of(lead.cards)
    units = lead_format(ctx, lead.cards)
    shape = ", ".join(u.name for u in units)
    best = leader_split(ctx, units)
    best_index, best_trump = 0, suit == TRUMP
    playing_bombs = bombs.allowed(ctx)
    best_bomb = bombs.bomb_key(ctx, lead.cards) if playing_bombs and bombs.is_bomb(ctx, lead.cards) else None
    verdicts = [pb.PlayVerdict(seat=lead.seat, kind=pb.PLAY_KIND_LEAD, beats_best_so_far=True,
                               reason=f"leads {suit_name(suit)}: {shape}", rule_ids=["lead.one_suit"])]
    used = {"lead.one_suit", "trick.points"}
    for index, play in enumerate(plays[1:], start=1):
        play_suit = ctx.suit_of(play.cards)
        best_seat = plays[best_index].seat
        if playing_bombs and bombs.is_bomb(ctx, play.cards):
            key = bombs.bomb_key(ctx, play.cards)
            cards = format_cards(ctx.sorted(play.cards))
            if best_bomb is None or bombs.beats(best_bomb, key):
                what = "is a bomb and beats any play that is not" if best_bomb is None else (
                    f"is a bomb above seat {best_seat}'s")
                verdict = play_verdict(play, pb.PLAY_KIND_BOMB, True, rule="trick.bomb", reason=f"{cards} {what}")
                best_index, best_bomb, best_trump = index, key, play_suit == TRUMP
            else:
                verdict = play_verdict(play, pb.PLAY_KIND_BOMB, False, rule="trick.bomb",
                                   reason=f"{cards} is a bomb, but not above seat {best_seat}'s")
        elif best_bomb is not None:
            ordinary = (pb.PLAY_KIND_DISCARD if play_suit not in (suit, TRUMP)
                        else pb.PLAY_KIND_RUFF if play_suit != suit else pb.PLAY_KIND_FOLLOW)
            verdict = play_verdict(play, ordinary, False, rule="trick.bomb",
                                   reason=f"seat {best_seat} has played a bomb; only a bigger bomb beats it")
        elif play_suit == MIXED or (play_suit != suit and play_suit != TRUMP):
            verdict = play_verdict(play, pb.PLAY_KIND_DISCARD, False, rule="trick.discard",
                               reason=f"plays {suit_name(play_suit)} to a {suit_name(suit)} lead: a discard (垫)")
        else:
            ruff = play_suit == TRUMP and suit != TRUMP
            kind = pb.PLAY_KIND_RUFF if ruff else pb.PLAY_KIND_FOLLOW
            found = matches(ctx, units, play.cards)
            if found is None:
                what = "trump" if ruff else f"follows {suit_name(suit)}"
                verdict = play_verdict(play, pb.PLAY_KIND_DISCARD if ruff else kind, False, rule="trick.format",
                                   reason=f"{what} without the lead's format ({shape}), so cannot win")
            else:
                beating = defeating_split(ctx, units, play.cards, best, policy)
                cards = format_cards(ctx.sorted(play.cards))
                if beating is not None:
                    if ruff and best_trump:
                        kind = pb.PLAY_KIND_OVER_RUFF
                    verdict = play_verdict(play, kind, True, rule="trick.throw_evaluation",
                                       reason=f"{cards} beats seat {best_seat}'s play under the {policy_name} policy")
                    best, best_index, best_trump = beating, index, play_suit == TRUMP
                elif _level_split(ctx, units, play.cards, best):
                    verdict = play_verdict(play, kind, False, rule="order.first_played_wins",
                                       reason=f"{cards} is level with seat {best_seat}'s play, and the first played wins")
                else:
                    verdict = play_verdict(play, kind, False, rule="trick.throw_evaluation",
                                       reason=f"{cards} does not beat seat {best_seat}'s play under the {policy_name} policy")
        used.update(verdict.rule_ids)
        verdicts.append(verdict)
    return trick_answer(plays, verdicts, best_index, used)

