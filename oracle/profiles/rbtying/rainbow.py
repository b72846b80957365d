"""rbtying/shengji's rainbows (#508): a lead of one rank over four effective suits or more.

rbtying/shengji ``mechanics/src/trick.rs`` @ 71f8d43, read in the fork copies that carry it
(docs/rbtying.md, "Rainbows"): ``try_rainbow_format``, ``can_satisfy_rainbow_units``,
``rainbow_units_assignable``, ``rainbow_play_combo``, ``Trick::compute_rainbow_winner`` and the
rainbow branches of ``TrickFormat::is_legal_play``, ``Trick::can_play_cards`` and
``Trick::play_cards``. A room turns them on with ``compound_formats.rainbow_min_cards``.

Each rank of a rainbow is one unit; a follower must fill the units by rank when the hand can
(``follow.rainbow``); plays compare by their ranks, greedily split (``trick.rainbow``); a throw
falls to a higher rank held as many times (``throw.rainbow``). Suits, the level and the bomb
policy play no part once the lead is a rainbow. The rules in full: docs/rbtying.md, "Rainbows".

>>> from oracle.cards import parse_cards as p, Rank
>>> from oracle.convert import cards_from_pb
>>> from oracle.variants import get_variant, make_ruleset
>>> room = pb.Variant()
>>> room.CopyFrom(get_variant("rbtying-default"))
>>> room.compound_formats.rainbow_min_cards = 4
>>> rules = make_ruleset(room, Rank.TWO, None)
>>> [u.name for u in rainbow_units(rules, p("5C 5D 5H 5S"))], rainbow_units(rules, p("5C 5D 5H"))
(['rainbow of 4 5s'], None)
>>> lead = rainbow_format(rules, p("5C 5D 5H 5S"))
>>> r = check_rainbow_follow(rules, lead, p("6C 6D 6H 6S 3C 4D 7H 9S"), p("3C 4D 7H 9S"))
>>> r.legal, r.broken_rule_id, format_cards(cards_from_pb(r.example))
(False, 'follow.rainbow', '6S 6H 6D 6C')
>>> plays = [SeatPlay(0, tuple(p("5C 5D 5H 5S"))), SeatPlay(1, tuple(p("6C 6D 6H 6S"))),
...          SeatPlay(2, tuple(p("3C 3D 3H 3S"))), SeatPlay(3, tuple(p("4C 4D 4H 4S")))]
>>> judge_rainbow_trick(rules, lead, plays).winning_seat
1
>>> throw = SeatPlay(0, tuple(p("5C 5D 5H 5S 8C 8D 8H 8S")))
>>> answer = check_rainbow_throw(rules, rainbow_format(rules, throw.cards), throw,
...                              [SeatPlay(1, tuple(p("9C 9D 9H 9S 2C 3D 4H 7S")))])
>>> answer.succeeds, format_cards(cards_from_pb(answer.forced_play))
(False, '5S 5H 5D 5C')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from oracle import pb
from oracle.cards import Card, Rank, format_cards
from oracle.convert import add_cards
from oracle.engine.answers import follow_answer, not_a_throw, throw_answer
from oracle.engine.budget import spend
from oracle.engine.ruleset import Play, Ruleset, SeatPlay
from oracle.engine.trick_answers import play_verdict, trick_answer
from oracle.engine.units import Block, Unit

SOURCE = "rbtying/shengji mechanics/src/trick.rs @ 71f8d43"


@dataclass(frozen=True)
class RainbowUnit:
    """One unit of a rainbow: the cards of one rank (``rank``: 2 to 14)."""

    rank: int
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.cards)


def rainbow_format(rules: Ruleset, cards: Sequence[Card]) -> list[RainbowUnit] | None:
    """``try_rainbow_format``: the cards' units, lowest rank first, or ``None`` when they are no
    rainbow (rainbows off, a joker, a rank in fewer cards than the minimum or fewer than four
    effective suits)."""
    if not rules.rainbow_min_cards or not cards:
        return None
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        if card.suit is None:
            return None
        by_rank.setdefault(int(card.rank), []).append(card)
    units = []
    for rank in sorted(by_rank):
        group = by_rank[rank]
        if not one_rank_rainbow(rules, group):
            return None
        units.append(RainbowUnit(rank, tuple(rules.sorted(group))))
    return units


def one_rank_rainbow(rules: Ruleset, cards: Sequence[Card]) -> bool:
    """Whether cards of one rank make a unit of a rainbow lead: at least the room's minimum of
    them, over four effective suits or more."""
    return len(cards) >= rules.rainbow_min_cards and len({rules.effective_suit(c) for c in cards}) >= 4


def of_rank(cards: Iterable[Card], rank: int) -> list[Card]:
    """The cards of a rank (``rank``: 2 to 14), jokers never."""
    return [c for c in cards if c.suit is not None and int(c.rank) == rank]


def as_unit(rules: Ruleset, unit: RainbowUnit) -> Unit:
    """A rainbow unit as the engine's :class:`~oracle.engine.units.Unit`."""
    return Unit(unit.size, 1, max(rules.strength(c) for c in unit.cards), unit.cards, rainbow=True)


def as_units(rules: Ruleset, units: Sequence[RainbowUnit]) -> list[Unit]:
    """Rainbow units as the engine's units, largest first, then the higher rank."""
    return sorted((as_unit(rules, u) for u in units), key=lambda u: (-u.tuple_size, -int(u.cards[0].rank)))


def rainbow_units(rules: Ruleset, cards: Sequence[Card]) -> list[Unit] | None:
    """The ruleset's reading of a lead of several suits (:attr:`Strategies.compound`)."""
    units = rainbow_format(rules, cards)
    return None if units is None else as_units(rules, units)


def rank_counts(cards: Iterable[Card]) -> Counter[int]:
    """Cards counted by rank, jokers left out (upstream's ``card.number()``)."""
    return Counter(int(c.rank) for c in cards if c.suit is not None)


def assignment(counts: Counter[int], sizes: Sequence[int]) -> dict[int, list[int]] | None:
    """``rainbow_units_assignable``: a rank for every unit size, each rank holding at least the
    sizes given it, or ``None``. Upstream backtracks over units and ranks; this is a programme over
    the ranks whose state is the multiset of sizes still to place (at most the product of one
    plus each size's number of units), each step charged.

    >>> assignment(Counter({2: 4, 3: 4}), [4, 4])
    {2: [4], 3: [4]}
    >>> assignment(Counter({2: 3, 3: 5}), [4, 4]) is None
    True
    """
    distinct = sorted(set(sizes), reverse=True)
    start = tuple(sizes.count(s) for s in distinct)
    ranks = sorted(counts, reverse=True)
    memo: dict[tuple[int, tuple[int, ...]], tuple[int, ...] | None] = {}
    left, out, rooms = start, {}, [counts[r] for r in ranks]
    for i, rank in enumerate(ranks):
        if not any(left):
            break
        take = _rank_takes(rooms, distinct, memo, i, left)
        if take is None:
            return None
        if any(take):
            out[rank] = [s for s, t in zip(distinct, take, strict=True) for _ in range(t)]
        left = tuple(n - t for n, t in zip(left, take, strict=True))
    return dict(sorted(out.items())) if not any(left) else None


def _rank_takes(rooms: Sequence[int], distinct: Sequence[int], memo: dict[tuple[int, tuple[int, ...]], tuple[int, ...] | None],
                i: int, left: tuple[int, ...]) -> tuple[int, ...] | None:
    """The sizes (as counts of ``distinct``) rank ``i`` takes on a way to place all of ``left``
    on the ranks from ``i`` on (``rooms``: each rank's cards), each answer kept in ``memo``."""
    if not any(left):
        return left
    if i == len(rooms):
        return None
    key = (i, left)
    if key in memo:
        return memo[key]
    found: tuple[int, ...] | None = None
    for take in _takes(left, distinct, rooms[i]):
        spend()
        rest = tuple(n - t for n, t in zip(left, take, strict=True))
        if _rank_takes(rooms, distinct, memo, i + 1, rest) is not None:
            found = take
            break
    memo[key] = found
    return found


def _takes(left: tuple[int, ...], sizes: Sequence[int], room: int) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of the sizes ``left`` (as counts) holding at most ``room`` cards, the
    most of the largest size first.

    >>> list(_takes((1, 2), [5, 4], 8))
    [(1, 0), (0, 2), (0, 1), (0, 0)]
    """
    if not left:
        yield ()
        return
    for t in range(min(left[0], room // sizes[0]), -1, -1):
        for rest in _takes(left[1:], sizes[1:], room - t * sizes[0]):
            yield (t, *rest)


def fills(cards: Iterable[Card], units: Sequence[RainbowUnit]) -> bool:
    """``can_satisfy_rainbow_units``: whether the cards, counted by rank, fill every unit."""
    return assignment(rank_counts(cards), [u.size for u in units]) is not None


def combo(cards: Sequence[Card], sizes: Sequence[int]) -> tuple[int, ...] | None:
    """``rainbow_play_combo``: for the largest unit first, the highest rank still holding as many
    cards; the ranks taken, highest first (``None`` when one finds none). Greedy, as upstream:
    it may miss a split that exists.

    >>> from oracle.cards import parse_cards as p
    >>> combo(p("8C 8D 8H 8S 5C 5D 5H 5S"), [4, 4]), combo(p("3C 4D 7H 9S"), [4])
    ((8, 5), None)
    """
    available = rank_counts(cards)
    ranks = sorted(available, reverse=True)
    taken = []
    for size in sorted(sizes, reverse=True):
        rank = next((r for r in ranks if available[r] >= size), None)
        if rank is None:
            return None
        available[rank] -= size
        taken.append(rank)
    return tuple(sorted(taken, reverse=True))


def _words(units: Sequence[RainbowUnit]) -> str:
    return ", ".join(f"{u.size} {Rank(u.rank).symbol}s" for u in units)


def check_rainbow_follow(
    rules: Ruleset, units: Sequence[RainbowUnit], hand: Sequence[Card], play: Sequence[Card],
    answer: pb.CheckFollowResponse | None = None,
) -> pb.CheckFollowResponse:
    """``TrickFormat::is_legal_play``'s rainbow branch; ``hand`` is the whole hand before the play
    (the answer written into ``answer`` when given)."""
    wanted = _words(units)
    rule_ids = ["follow.rainbow"]
    if fills(play, units):
        return follow_answer(
            answer, rule_ids, f"Legal: the play fills the rainbow's units ({wanted}), each with cards of one rank.")
    sizes = [u.size for u in units]
    placed = assignment(rank_counts(hand), sizes)
    if placed is None:
        return follow_answer(answer, rule_ids, f"Legal: the hand cannot fill the rainbow's units ({wanted}) with "
                                               "cards of one rank each, so any cards may follow.")
    example = _example(rules, hand, placed)
    illegal = follow_answer(answer, rule_ids, f"Illegal (follow.rainbow): the hand can fill the rainbow's units "
                                              f"({wanted}) with cards of one rank each, and the play does not. "
                                              f"A legal play: {format_cards(example)}.", "follow.rainbow")
    add_cards(illegal.example, example)
    return illegal


def _example(rules: Ruleset, hand: Sequence[Card], placed: dict[int, list[int]]) -> list[Card]:
    """The hand's cheapest cards of each rank the assignment uses, as many as it places there."""
    out: list[Card] = []
    for rank, sizes in placed.items():
        held = sorted(of_rank(hand, rank), key=lambda c: rules.discards[c.code])
        out.extend(held[:sum(sizes)])
    return rules.sorted(out)


def judge_rainbow_trick(
    rules: Ruleset, units: Sequence[RainbowUnit], plays: Sequence[Play], answer: pb.JudgeTrickResponse | None = None
) -> pb.JudgeTrickResponse:
    """``Trick::compute_rainbow_winner``: the lead holds until a play's ranks rank strictly higher
    (the answer written into ``answer`` when given)."""
    sizes = [u.size for u in units]
    lead_seat, lead = plays[0]
    best = combo(lead, sizes)
    assert best is not None, "a rainbow lead fills its own units"
    best_index = 0
    verdicts = [pb.PlayVerdict(seat=lead_seat, kind=pb.PLAY_KIND_LEAD, beats_best_so_far=True,
                               reason=f"leads a rainbow: {_words(units)}", rule_ids=["lead.rainbow"])]
    for index, (seat, played) in enumerate(plays[1:], start=1):
        found = combo(played, sizes)
        cards = format_cards(rules.sorted(played))
        best_seat = plays[best_index][0]
        if found is None:
            verdict = play_verdict(seat, pb.PLAY_KIND_DISCARD, False, rule="trick.rainbow",
                                   reason=f"{cards} does not split by rank into the rainbow's units, so cannot win")
        elif found > best:
            verdict = play_verdict(seat, pb.PLAY_KIND_FOLLOW, True, rule="trick.rainbow",
                                   reason=f"{cards} splits into ranks {_ranks(found)}, above seat {best_seat}'s "
                                          f"{_ranks(best)}")
            best, best_index = found, index
        else:
            verdict = play_verdict(seat, pb.PLAY_KIND_FOLLOW, False, rule="trick.rainbow",
                                   reason=f"{cards} splits into ranks {_ranks(found)}, not above seat "
                                          f"{best_seat}'s {_ranks(best)}")
        verdicts.append(verdict)
    return trick_answer(plays, verdicts, best_index, {"lead.rainbow", "trick.rainbow", "trick.points"},
                        source=f"{SOURCE} Trick::compute_rainbow_winner, rainbow_play_combo", answer=answer)


def _ranks(ranks: Sequence[int]) -> str:
    return " ".join(Rank(r).symbol for r in ranks)


def check_rainbow_throw(
    rules: Ruleset, units: Sequence[RainbowUnit], thrower: SeatPlay, other_hands: Sequence[SeatPlay],
    answer: pb.CheckThrowResponse | None = None,
) -> pb.CheckThrowResponse:
    """``Trick::play_cards``'s rainbow search: each other seat in play order, each unit from the
    lowest rank: a unit falls to a higher rank held in as many cards (any suits); the first such
    seat's lowest such unit is forced."""
    read = as_units(rules, units)
    if len(units) == 1:
        single = not_a_throw(read, answer)
        single.rule_ids[:] = ["lead.rainbow"]
        return single
    order = sorted(other_hands, key=lambda h: (h.seat - thrower.seat) % rules.players)
    blocks: list[Block] = []
    blocked: set[int] = set()
    forced: tuple[Card, ...] | None = None
    for hand in order:
        counts = rank_counts(hand.cards)
        for unit in units:
            spend()
            higher = sorted(r for r, n in counts.items() if r > unit.rank and n >= unit.size)
            if not higher:
                continue
            if forced is None:
                forced = unit.cards
            if unit.rank not in blocked:
                blocked.add(unit.rank)
                beating = of_rank(rules.sorted(hand.cards), higher[0])[:unit.size]
                blocks.append(Block(as_unit(rules, unit), hand.seat, tuple(beating)))
    failed = throw_answer(rules, read, thrower.cards, blocks, [h.seat for h in order], forced=forced, answer=answer)
    failed.rule_ids.insert(0, "throw.rainbow")
    return failed
