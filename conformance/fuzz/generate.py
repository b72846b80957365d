"""Random valid questions for a room, as Hypothesis strategies (one per kind of question).

Each strategy deals from the room's decks (no card more often than the decks hold it, across
every list of the question), picks a level the variant plays and a trump suit or none, and
builds what the kind asks about: leads that are real units of one suit (tuples and runs of
neighbouring cards, so tractors across the level card's gap, through the jokers and level cards,
and the ace wrap AA22), throws of several units, follows of every sort (the led suit, pairs
broken, ruffs, discards), whole tricks, throws against the other hands, bottoms, deal scores on
and next to the level table's band edges, declarations and legal-play lists. Everything a draw
picks shrinks towards fewer units, shorter runs, singles and smaller hands, so a disagreement
shrinks to a question a person reads at a glance.

What an engine claims bounds what is drawn (:class:`Scope`): the kinds, throws only with the
``throws`` feature, single-card leads only under that scope, no follower's tuple larger than the
lead's without ``bombs``.

>>> from hypothesis import find
>>> room = Room.of({"id": "qq-two-deck", "deal": {"decks": 2, "players": 4, "handSize": 25}})
>>> q = find(question(room, "check_follow", Scope(("check_follow",))), lambda q: True)
>>> sorted(q["checkFollow"]), q["checkFollow"]["context"]["variantId"]
(['context', 'hand', 'lead', 'play'], 'qq-two-deck')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from conformance.fuzz.deals import Ask, record_strategy
from conformance.fuzz.deck import SUITS, TRUMP, Card, Room, cards_json, fits

GENERATED_KINDS: tuple[str, ...] = (
    "describe_play", "check_follow", "judge_trick", "check_throw", "score_bottom", "score_deal",
    "compare_declarations", "list_legal_plays", "audit_deal",
)
"""The kinds the fuzzer asks (``get_variant`` has one question per variant: the fixed suite asks
it). ``audit_deal`` needs the reference to play the deal out (:mod:`conformance.fuzz.deals`)."""

JSON_NAMES = {"describe_play": "describePlay", "check_follow": "checkFollow", "judge_trick": "judgeTrick",
              "check_throw": "checkThrow", "score_bottom": "scoreBottom", "score_deal": "scoreDeal",
              "compare_declarations": "compareDeclarations", "list_legal_plays": "listLegalPlays",
              "audit_deal": "auditDeal"}

MAX_RUN = 4
"""The longest run of neighbouring ranks one unit is drawn with."""

LEGAL_PLAYS_PAGE = 20
"""``page_size`` of a ListLegalPlays question (the plays compared are the first page)."""

Draw = Callable[[st.SearchStrategy[Any]], Any]


@dataclass(frozen=True)
class Scope:
    """What an engine claims, as far as generation cares (INTERPRETING.md, "Claims")."""

    kinds: tuple[str, ...]
    throws: bool = True
    bombs: bool = True
    single_cards: bool = False


class Shoe:
    """The cards left to deal in one question."""

    def __init__(self, room: Room) -> None:
        self.left: Counter[Card] = room.deck()

    def take(self, cards: Iterable[Card], cap: int = 0) -> list[Card]:
        """The cards that are still in the shoe, in order (at most ``cap`` copies of one card)."""
        limit = self.left if not cap else Counter({c: min(n, cap) for c, n in self.left.items()})
        kept = fits(list(cards), limit)
        self.left.subtract(kept)
        return kept

    def fill(self, first: Sequence[Card], count: int, then: Sequence[Card], cap: int = 0) -> list[Card]:
        """``count`` cards: those of ``first`` the shoe has, then from ``then`` in order, then any."""
        got = self.take(first, cap)
        self.left.update(got[count:])  # what was taken beyond ``count`` goes back
        got = got[:count]
        for pool in (then, sorted(self.left)):
            for card in pool:
                while len(got) < count and self.left[card] > 0 and (not cap or got.count(card) < cap):
                    self.left[card] -= 1
                    got.append(card)
        return got


def _unit(draw: Draw, order: Sequence[Card], decks: int, tuples: int = 0) -> list[Card]:
    """A tuple (1 to ``decks`` copies) on a run of neighbouring cards of one group, or the ace wrap."""
    size = draw(st.integers(1, tuples or decks))
    start = draw(st.integers(0, len(order) - 1))
    run = draw(st.integers(1, MAX_RUN))
    picked = list(order[start:start + run])
    if run > 1 and draw(st.integers(0, 7)) == 7:  # the ace wrap: the lowest and the highest
        picked = [order[-1], order[0]]
    return [c for c in picked for _ in range(size)]


def _units(draw: Draw, order: Sequence[Card], decks: int, most: int) -> list[Card]:
    return [c for _ in range(draw(st.integers(0, most))) for c in _unit(draw, order, decks)]


@dataclass
class Deal:
    """A deal being drawn: its context and the cards by group."""

    room: Room
    context: dict[str, Any]
    level: str
    trump: str
    groups: dict[str, list[Card]]
    shoe: Shoe

    @property
    def everything(self) -> list[Card]:
        return [c for g in self.groups.values() for c in g]


def _deal(draw: Draw, room: Room) -> Deal:
    level = draw(st.sampled_from(room.levels))
    trump = "" if draw(st.integers(0, 5)) == 5 else draw(st.sampled_from(SUITS))
    context: dict[str, Any] = ({"variantId": room.variant_id} if not room.custom
                               else {"customVariant": dict(room.variant)})
    context["level"] = level
    if trump:
        context["trumpSuit"] = trump
    else:
        context["noTrump"] = True
    return Deal(room, context, level, trump, room.groups(level, trump), Shoe(room))


def _lead(draw: Draw, deal: Deal, scope: Scope, units: int = 0) -> tuple[str, list[Card]]:
    """A group and a lead of it: one unit, or with ``throws`` several (``units`` at least)."""
    group = draw(st.sampled_from(sorted(deal.groups, key=lambda g: g != TRUMP)))
    order = deal.groups[group]
    if scope.single_cards:
        return group, deal.shoe.take([draw(st.sampled_from(order))])
    count = draw(st.integers(max(units, 1), 3)) if scope.throws else 1
    cards: list[Card] = []
    for _ in range(count):
        cards += _unit(draw, order, deal.room.decks)
    return group, deal.shoe.take(cards) or deal.shoe.fill([], 1, order)


def _hand(draw: Draw, deal: Deal, group: str, least: int, most: int, cap: int = 0) -> list[Card]:
    """A hand holding runs and tuples of ``group`` and some other cards, ``least`` to ``most`` cards."""
    order = deal.groups[group]
    cards = _units(draw, order, deal.room.decks, 3)
    cards += draw(st.lists(st.sampled_from(deal.everything), max_size=most))
    size = draw(st.integers(least, max(least, most)))
    return deal.shoe.fill(cards, size, order, cap)


def _play_from(draw: Draw, hand: Sequence[Card], group: str, deal: Deal, count: int) -> list[Card]:
    """``count`` cards of the hand: the led group's first, highest first, then a few swapped."""
    order = {c: i for i, c in enumerate(deal.groups[group])}
    pool = sorted(hand, key=lambda c: (c not in order, order.get(c, 0), c))
    picks = list(range(len(pool)))
    for i, j in draw(st.lists(st.tuples(st.integers(0, len(pool) - 1), st.integers(0, len(pool) - 1)),
                              max_size=3)):
        picks[i], picks[j] = picks[j], picks[i]
    return [pool[i] for i in picks[:count]]


def _follow(draw: Draw, deal: Deal, group: str, count: int, cap: int) -> list[Card]:
    """A follower's play: the led group, trump (a ruff), another group (a discard) or a mix."""
    way = draw(st.integers(0, 3))
    others = [g for g in deal.groups if g not in (group, TRUMP)] or [group]
    chosen = {0: group, 1: TRUMP, 2: draw(st.sampled_from(others))}.get(way)
    order = deal.groups[chosen] if chosen else deal.everything
    first = _units(draw, order, deal.room.decks, 3) if chosen else list(draw(
        st.lists(st.sampled_from(order), max_size=count)))
    return deal.shoe.fill(first, count, order, cap)


def _seats(room: Room, first: int) -> list[int]:
    return [(first + i) % room.players for i in range(room.players)]


def _trick(draw: Draw, deal: Deal, scope: Scope) -> list[dict[str, Any]]:
    leader = draw(st.integers(0, deal.room.players - 1))
    group, lead = _lead(draw, deal, scope)
    cap = 0 if scope.bombs else max(lead.count(c) for c in lead)
    plays = [{"seat": leader, "cards": cards_json(lead)}]
    for seat in _seats(deal.room, leader)[1:]:
        plays.append({"seat": seat, "cards": cards_json(_follow(draw, deal, group, len(lead), cap))})
    return plays


def _describe_play(draw: Draw, deal: Deal, scope: Scope) -> dict[str, Any]:
    if draw(st.integers(0, 3)) == 3 and not scope.single_cards:
        cards = deal.shoe.take(draw(st.lists(st.sampled_from(deal.everything), min_size=1, max_size=8)))
    else:
        cards = _lead(draw, deal, scope)[1]
    return {"cards": cards_json(cards)}


def _most(draw: Draw, room: Room, usual: int) -> int:
    """The most cards of a hand: ``usual``, or now and then a whole hand of the deal (a near-limit size)."""
    return room.hand_size if draw(st.integers(0, 7)) == 7 else min(room.hand_size, usual)


def _check_follow(draw: Draw, deal: Deal, scope: Scope) -> dict[str, Any]:
    group, lead = _lead(draw, deal, scope)
    hand = _hand(draw, deal, group, len(lead), _most(draw, deal.room, len(lead) + 12))
    play = _play_from(draw, hand, group, deal, len(lead))
    return {"lead": cards_json(lead), "hand": cards_json(hand), "play": cards_json(play)}


def _judge_trick(draw: Draw, deal: Deal, scope: Scope) -> dict[str, Any]:
    return {"plays": _trick(draw, deal, scope)}


def _check_throw(draw: Draw, deal: Deal, scope: Scope) -> dict[str, Any]:
    thrower = draw(st.integers(0, deal.room.players - 1))
    group, throw = _lead(draw, deal, scope, units=2)
    cap = 0 if scope.bombs else max(throw.count(c) for c in throw)
    hands = [{"seat": seat, "cards": cards_json(_hand(draw, deal, group, 0, _most(draw, deal.room, 12), cap))}
             for seat in _seats(deal.room, thrower)[1:]]
    return {"throw": {"seat": thrower, "cards": cards_json(throw)}, "otherHands": hands}


def _points(draw: Draw, room: Room) -> int:
    edge = st.sampled_from([e + d for e in room.band_edges for d in (-5, 0, 5) if e + d >= 0] or [0])
    anywhere = st.integers(0, (room.total_points + 200) // 5).map(lambda n: n * 5)
    return int(draw(st.one_of(edge, anywhere)))


def _score_bottom(draw: Draw, deal: Deal, scope: Scope) -> dict[str, Any]:
    room = deal.room
    trick = _trick(draw, deal, scope)
    banker = draw(st.integers(0, room.players - 1))
    bankers = [s for s in range(room.players) if (s - banker) % 2 == 0] if room.players % 2 == 0 else [banker]
    bottom = deal.shoe.fill(draw(st.lists(st.sampled_from(deal.everything), max_size=room.bottom_size)),
                            room.bottom_size, [])
    body: dict[str, Any] = {"lastTrick": trick, "bankerSeats": bankers, "bottom": cards_json(bottom)}
    if draw(st.booleans()):
        body["attackerPoints"] = draw(st.integers(0, room.total_points // 5)) * 5
    return body


def _score_deal(draw: Draw, deal: Deal, scope: Scope) -> dict[str, Any]:
    room = deal.room
    body: dict[str, Any] = {"attackerPoints": _points(draw, room),
                            "bankerSeat": draw(st.integers(0, room.players - 1))}
    if draw(st.booleans()):
        levels = st.sampled_from(list(reversed(room.levels)))  # shrinks towards the last level
        body["bankerLevel"], body["attackerLevel"] = draw(levels), draw(levels)
    deal.context = {k: v for k, v in deal.context.items() if k in ("variantId", "customVariant")}
    return body


def _declaration(draw: Draw, deal: Deal) -> list[Card]:
    room = deal.room
    points = [(str(p["card"]["rank"]), str(p["card"].get("suit", ""))) for p in
              room.variant.get("declarations", {}).get("cardPoints", []) if "card" in p]
    kinds = [(deal.level, s) for s in SUITS] + [("RANK_BIG_JOKER", ""), ("RANK_SMALL_JOKER", "")] + points
    if points and draw(st.booleans()):
        return deal.shoe.take(draw(st.lists(st.sampled_from(points), min_size=1, max_size=room.decks)))
    card = draw(st.sampled_from(kinds))
    return deal.shoe.take([card] * draw(st.integers(1, room.decks)))


def _compare_declarations(draw: Draw, deal: Deal, scope: Scope) -> dict[str, Any]:
    body: dict[str, Any] = {}
    seats = st.integers(0, deal.room.players - 1)
    if draw(st.integers(0, 4)) > 0:
        body["standing"] = {"seat": draw(seats), "cards": cards_json(_declaration(draw, deal))}
    body["challenger"] = {"seat": draw(seats), "cards": cards_json(_declaration(draw, deal) or
                                                                   deal.shoe.fill([], 1, []))}
    if draw(st.integers(0, 4)) == 4:
        body["rebury"] = True
    deal.context.pop("trumpSuit", None)
    deal.context.pop("noTrump", None)
    return body


def _list_legal_plays(draw: Draw, deal: Deal, scope: Scope) -> dict[str, Any]:
    body: dict[str, Any] = {"pageSize": LEGAL_PLAYS_PAGE}
    if draw(st.booleans()):
        group, lead = _lead(draw, deal, scope)
        body["lead"] = cards_json(lead)
        body["hand"] = cards_json(_hand(draw, deal, group, len(lead), len(lead) + 8))
    else:
        group = draw(st.sampled_from(sorted(deal.groups)))
        body["hand"] = cards_json(_hand(draw, deal, group, 1, 8))
    return body


BUILDERS: dict[str, Callable[[Draw, Deal, Scope], dict[str, Any]]] = {
    "describe_play": _describe_play, "check_follow": _check_follow, "judge_trick": _judge_trick,
    "check_throw": _check_throw, "score_bottom": _score_bottom, "score_deal": _score_deal,
    "compare_declarations": _compare_declarations, "list_legal_plays": _list_legal_plays,
}


def question(room: Room, kind: str, scope: Scope) -> st.SearchStrategy[dict[str, Any]]:
    """Questions of one kind about one room, in the proto3 JSON mapping of ``Question``."""
    build = BUILDERS[kind]

    @st.composite
    def questions(draw: Draw) -> dict[str, Any]:
        deal = _deal(draw, room)
        body = build(draw, deal, scope)
        return {JSON_NAMES[kind]: {"context": deal.context, **body}}

    return questions()


def audit_question(room: Room, ask: Ask) -> st.SearchStrategy[dict[str, Any]]:
    """AuditDeal questions about one room: a deal context, then a record played out with ``ask``."""

    @st.composite
    def questions(draw: Draw) -> dict[str, Any]:
        deal = _deal(draw, room)
        return {"auditDeal": draw(record_strategy(room, ask, deal.context))}

    return questions()


def questions(rooms: Sequence[Room], scope: Scope, ask: Ask | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Questions of every kind of the scope about every room (``audit_deal`` only with ``ask``, the reference).

    >>> from hypothesis import find
    >>> room = Room.of({"id": "qq-one-deck", "deal": {"decks": 1}})
    >>> strategy = questions([room], Scope(("score_deal", "judge_trick")))
    >>> next(iter(find(strategy, lambda q: "judgeTrick" in q)))
    'judgeTrick'
    """
    kinds = [k for k in GENERATED_KINDS if k in scope.kinds and k in BUILDERS
             and (scope.throws or k != "check_throw")]
    strategies = [question(room, kind, scope) for room in rooms for kind in kinds]
    if ask is not None and "audit_deal" in scope.kinds:
        strategies += [audit_question(room, ask) for room in rooms]
    return st.one_of(strategies)
