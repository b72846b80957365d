"""Proto requests into validated engine arguments.

The engine functions assume valid input; everything a client sends passes
through here first. ``parse_<rpc>`` turns one proto request into the arguments
of an engine function (an object whose ``answer()`` calls it), or raises
:class:`~oracle.errors.InvalidQuestion` listing every problem found, each with
its field path in proto field names relative to the request: ``"play[2]"``,
``"plays[1].seat"``, ``"other_hands[0].cards[3]"``. :func:`dispatch` answers
one question of a batch and reports a bad question in its own slot.

What makes a question malformed (a well-formed question whose answer is
"illegal" is never an error):

* an unknown variant, a level that is not one of the variant's levels, a trump
  that is not exactly one of ``trump_suit`` and ``no_trump``;
* a card with an unknown rank or suit, a joker with a suit, another card
  without one;
* more copies of one card than the variant's decks hold, counted over every
  physically distinct card of the question (the lead and the hand, all the
  plays of a trick, the throw and the other hands, the last trick and the
  bottom, both declarations);
* cards played that are not in the hand;
* wrong numbers of cards: an empty lead, a follow or a trick play with not as
  many cards as the lead, a hand or a play bigger than the variant's hand, a
  bottom not of the variant's size;
* a lead or a throw that is not of one effective suit;
* seats out of range, listed twice or out of play order, a thrower also among
  the other hands, a banker's side that is empty or everybody;
* the size limits below.

Limits: at most :data:`MAX_LIST` items in any repeated field and
:data:`MAX_QUESTIONS` questions in a batch; at most :data:`MAX_VIOLATIONS`
problems are listed per question (the last says how many more there were).
The server itself refuses messages over 4 MiB (``RESOURCE_EXHAUSTED``).

>>> req = pb.CheckFollowRequest(
...     context=pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, no_trump=True),
...     lead=pb_cards("AS AS"), hand=pb_cards("KS 3H"), play=pb_cards("KS 3H 3H"))
>>> try:
...     parse_check_follow(req)
... except InvalidQuestion as err:
...     for v in err.violations:
...         print(v.field, "|", v.description)
play | 3 cards: a follow has as many cards as the lead (2)
play[2] | 3H is played 2 times but the hand holds 1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from google.protobuf.message import Message

from oracle import pb
from oracle.cards import Card, Rank, Suit, card_of, parse_cards
from oracle.convert import cards_to_pb, suit_name
from oracle.engine.questions import (
    check_follow,
    check_throw,
    compare_declarations,
    describe_play,
    judge_trick,
    score_bottom,
    score_deal,
)
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.errors import InvalidQuestion, Violation
from oracle.service.contexts import context_ruleset, custom_variant_problems
from oracle.variants import load_catalogue

MAX_LIST = 1_000
"""The most items in any one repeated field of a question (cards, plays, hands, seats)."""

MAX_QUESTIONS = 10_000
"""The most questions in one ``AnswerBatch`` call."""

MAX_VIOLATIONS = 20
"""The most problems listed for one question; they travel in the status trailer,
which clients cap (8 KiB by default in gRPC), so a flood is summarised."""

MAX_POINTS = 100_000
"""The most points either way in a points field of a question (far above any deck's total)."""

MAX_MESSAGE_BYTES = 4 * 1024 * 1024
"""The largest request the server accepts, in bytes (the gRPC default)."""

INVALID_ARGUMENT = "INVALID_ARGUMENT"
"""The gRPC status code name of a malformed question."""

_RANK_VALUES = frozenset(int(r) for r in Rank)
_SUIT_VALUES = frozenset(int(s) for s in Suit)


def pb_cards(text: str) -> list[pb.Card]:
    """Proto cards from the notation (see :mod:`oracle.cards`).

    >>> [(c.rank, c.suit) for c in pb_cards("10H BJ")]
    [(10, 2), (16, 0)]
    """
    return cards_to_pb(parse_cards(text))


class _Problems:
    """The violations found so far in one question."""

    def __init__(self) -> None:
        self.items: list[Violation] = []

    def add(self, field: str, description: str) -> None:
        self.items.append(Violation(field, description))

    def raise_if_any(self) -> None:
        if self.items:
            raise InvalidQuestion(capped(self.items))


def capped(violations: Sequence[Violation], limit: int = MAX_VIOLATIONS) -> list[Violation]:
    """At most ``limit`` violations; the last one says how many were left out.

    >>> vs = [Violation(f"hand[{i}]", "bad") for i in range(30)]
    >>> out = capped(vs, 5)
    >>> len(out), out[-1].field, out[-1].description
    (5, 'hand[4]', 'bad (and 25 more problems, not listed)')
    """
    if len(violations) <= limit:
        return list(violations)
    last = violations[limit - 1]
    more = len(violations) - limit
    return [
        *violations[: limit - 1],
        Violation(last.field, f"{last.description} (and {more} more problems, not listed)"),
    ]


def _enum_text(enum: Any, value: int) -> str:
    """An enum value's name, or its number when it has none."""
    try:
        return f"{enum.Name(value)} ({value})"
    except ValueError:
        return str(value)


def _card(msg: pb.Card, field: str, problems: _Problems) -> Card | None:
    """One proto card, or ``None`` (and a violation) when it is no card."""
    known = card_of(msg.rank, msg.suit)
    if known is not None:
        return known
    if msg.rank not in _RANK_VALUES:
        if msg.rank == pb.RANK_UNSPECIFIED:
            problems.add(field, "the rank is not set")
        else:
            problems.add(
                field, f"unknown rank {msg.rank}: a rank is RANK_TWO (2) to RANK_BIG_JOKER (16)"
            )
        return None
    rank = Rank(msg.rank)
    if msg.suit != pb.SUIT_UNSPECIFIED and msg.suit not in _SUIT_VALUES:
        problems.add(field, f"unknown suit {msg.suit}: a suit is SUIT_SPADES (1) to SUIT_CLUBS (4)")
        return None
    if rank.is_joker and msg.suit != pb.SUIT_UNSPECIFIED:
        problems.add(
            field,
            f"a joker has no suit, but this {rank.symbol} has {_enum_text(pb.Suit, msg.suit)}",
        )
        return None
    if not rank.is_joker and msg.suit == pb.SUIT_UNSPECIFIED:
        problems.add(field, f"a {rank.symbol} needs a suit")
        return None
    return Card(rank, Suit(msg.suit) if msg.suit else None)


def _cards(msgs: Sequence[pb.Card], field: str, problems: _Problems) -> tuple[Card, ...] | None:
    """The cards of a list, or ``None`` when the list has a bad card or is too long."""
    if len(msgs) > MAX_LIST:
        problems.add(field, f"{len(msgs)} cards: at most {MAX_LIST} in any list")
        return None
    fast = [card_of(msg.rank, msg.suit) for msg in msgs]
    if all(card is not None for card in fast):
        return tuple(fast)  # type: ignore[arg-type]
    cards: list[Card] = []
    for i, msg in enumerate(msgs):
        card = _card(msg, f"{field}[{i}]", problems)
        if card is not None:
            cards.append(card)
    return tuple(cards) if len(cards) == len(msgs) else None


def _unknown_variant(variant_id: str) -> str:
    known = ", ".join(sorted(load_catalogue()))
    return f"unknown variant {variant_id!r}; known: {known}"


def _variant(variant_id: str, field: str, problems: _Problems) -> pb.Variant | None:
    variant = load_catalogue().get(variant_id)
    if variant is None:
        problems.add(field, _unknown_variant(variant_id))
    return variant


def _level(value: int, field: str, variant: pb.Variant | None, problems: _Problems) -> Rank | None:
    """A level rank of the variant."""
    if value not in _RANK_VALUES or Rank(value).is_joker:
        what = (
            "not set"
            if value == pb.RANK_UNSPECIFIED
            else f"{_enum_text(pb.Rank, value)}, not a rank 2 to A"
        )
        problems.add(field, f"the level is {what}")
        return None
    rank = Rank(value)
    if variant is not None and value not in variant.card_order.levels:
        allowed = ", ".join(Rank(r).symbol for r in variant.card_order.levels)
        problems.add(field, f"{rank.symbol} is not a level of {variant.id} (levels: {allowed})")
        return None
    return rank


def _context(
    msg: pb.Context, field: str, problems: _Problems
) -> tuple[Ruleset | None, pb.Variant | None]:
    """The context, and the variant even when the rest of the context is bad."""
    custom = msg.custom_variant if msg.HasField("custom_variant") else None
    if custom is not None:
        # A broken room variant is reported by context_ruleset; nothing else is checked against it.
        variant = None if custom_variant_problems(custom) else custom
    else:
        variant = load_catalogue().get(msg.variant_id)
    try:
        ctx = context_ruleset(msg.variant_id, msg.level, msg.trump_suit, msg.no_trump, custom)
    except InvalidQuestion as err:
        problems.items.extend(err.prefixed(field).violations)
        return None, variant
    return ctx, ctx.variant


def _seat(value: int, field: str, variant: pb.Variant | None, problems: _Problems) -> bool:
    """Whether the seat is in range (unknown when the variant is)."""
    if variant is None:
        return False
    players = variant.deal.players
    if not 0 <= value < players:
        problems.add(
            field, f"seat {value} is out of range: {variant.id} has seats 0 to {players - 1}"
        )
        return False
    return True


def _hand_size(count: int, field: str, variant: pb.Variant | None, problems: _Problems) -> None:
    """No hand or play holds more cards than a hand of the variant."""
    if variant is None or count > MAX_LIST:  # too long for any list: reported already
        return
    if count > variant.deal.hand_size:
        problems.add(
            field, f"{count} cards: a hand of {variant.id} holds at most {variant.deal.hand_size}"
        )


def _lead(
    cards: Sequence[Card] | None, field: str, ctx: Ruleset | None, problems: _Problems
) -> None:
    """A lead has cards, all of one effective suit."""
    if cards is None:
        return
    if not cards:
        problems.add(field, "the lead has no cards: lead at least one")
        return
    if ctx is None:
        return
    suits = sorted({ctx.effective_suit(c) for c in cards})
    if len(suits) > 1:
        names = " and ".join(suit_name(s) for s in suits)
        problems.add(field, f"a lead is of one effective suit, but these cards are {names}")


Group = tuple[str, Sequence[Card] | None]
"""A list of cards and its field path; ``None`` for a list with a bad card."""


def _check_copies(
    groups: Sequence[Group], where: str, variant: pb.Variant | None, problems: _Problems
) -> None:
    """No card appears more often than the decks hold it, over all the groups.

    The copy past the decks' count is the one reported; ``where`` names the groups for people.
    """
    if variant is None:
        return
    decks = variant.deal.decks
    codes: Counter[int] = Counter()
    for _, cards in groups:
        codes.update(card.code for card in cards or ())
    if not codes or max(codes.values()) <= decks:
        return
    total: Counter[Card] = Counter()
    for _, cards in groups:
        total.update(cards or ())
    seen: Counter[Card] = Counter()
    for field, cards in groups:
        for i, card in enumerate(cards or ()):
            seen[card] += 1
            if seen[card] == decks + 1:
                problems.add(
                    f"{field}[{i}]",
                    f"{total[card]} copies of {card} in {where}, but the {decks} "
                    f"deck{'s' if decks > 1 else ''} of {variant.id} hold {decks}",
                )


def _check_in_hand(
    play: Sequence[Card] | None, hand: Sequence[Card] | None, field: str, problems: _Problems
) -> None:
    """Every card played is in the hand, with its copies."""
    if play is None or hand is None:
        return
    held = Counter(hand)
    seen: Counter[Card] = Counter()
    for i, card in enumerate(play):
        seen[card] += 1
        if seen[card] == held[card] + 1:
            if held[card] == 0:
                problems.add(f"{field}[{i}]", f"{card} is not in the hand")
            else:
                played = play.count(card)
                problems.add(
                    f"{field}[{i}]",
                    f"{card} is played {played} times but the hand holds {held[card]}",
                )


def _seat_plays(
    msgs: Sequence[pb.Play],
    field: str,
    ctx: Ruleset | None,
    variant: pb.Variant | None,
    problems: _Problems,
    *,
    complete: bool,
) -> tuple[tuple[SeatPlay, ...] | None, list[Group]]:
    """The plays of a trick, in play order, the first being the lead (``None`` when
    a card is bad), and each play's cards as a group for :func:`_check_copies`."""
    groups: list[Group] = []
    if len(msgs) > MAX_LIST:
        problems.add(field, f"{len(msgs)} plays: at most {MAX_LIST} in any list")
        return None, groups
    if not msgs:
        problems.add(field, "no plays: a trick has at least the lead")
        return None, groups
    if variant is not None:
        players = variant.deal.players
        if len(msgs) > players:
            problems.add(
                field, f"{len(msgs)} plays, but {variant.id} has {players} seats: one play per seat"
            )
        elif complete and len(msgs) != players:
            problems.add(
                field,
                f"{len(msgs)} plays: a whole trick of {variant.id} has {players}, one per seat",
            )
    plays: list[SeatPlay] = []
    ok = True
    first_seat: int | None = None
    where_seat: dict[int, int] = {}
    lead_size = len(msgs[0].cards)
    for i, msg in enumerate(msgs):
        seat_field = f"{field}[{i}].seat"
        if _seat(msg.seat, seat_field, variant, problems):
            assert variant is not None
            if i == 0:
                first_seat = msg.seat
            if msg.seat in where_seat:
                problems.add(
                    seat_field,
                    f"seat {msg.seat} already played, in {field}[{where_seat[msg.seat]}]",
                )
            elif first_seat is not None and msg.seat != (first_seat + i) % variant.deal.players:
                expected = (first_seat + i) % variant.deal.players
                problems.add(
                    seat_field,
                    f"seat {msg.seat} is out of play order: the play after seat "
                    f"{(expected - 1) % variant.deal.players} is seat {expected}",
                )
            where_seat.setdefault(msg.seat, i)
        cards_field = f"{field}[{i}].cards"
        cards = _cards(msg.cards, cards_field, problems)
        groups.append((cards_field, cards))
        _hand_size(len(msg.cards), cards_field, variant, problems)
        if i == 0:
            _lead(cards, cards_field, ctx, problems)
        elif lead_size and len(msg.cards) != lead_size:
            problems.add(
                cards_field,
                f"{len(msg.cards)} cards: every play of a trick has as many cards as the lead "
                f"({lead_size})",
            )
        if cards is None:
            ok = False
        else:
            plays.append(SeatPlay(msg.seat, cards))
    return (tuple(plays) if ok else None), groups


class Answerable(Protocol):
    """Validated arguments that an engine function answers."""

    def answer(self) -> Message:
        """Call the engine function."""
        ...


@dataclass(frozen=True)
class DescribePlayArgs:
    """The arguments of :func:`oracle.engine.questions.describe_play`."""

    ctx: Ruleset
    cards: tuple[Card, ...]

    def answer(self) -> pb.DescribePlayResponse:
        return describe_play(self.ctx, self.cards)


def parse_describe_play(req: pb.DescribePlayRequest) -> DescribePlayArgs:
    """Validate a DescribePlay request.

    >>> from oracle.cards import format_cards
    >>> ctx = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> format_cards(parse_describe_play(pb.DescribePlayRequest(context=ctx, cards=pb_cards("3S 3S"))).cards)
    '3S 3S'
    >>> parse_describe_play(pb.DescribePlayRequest(context=ctx, cards=[pb.Card(rank=99)]))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: cards[0]: unknown rank 99: a rank is RANK_TWO (2) to RANK_BIG_JOKER (16)
    """
    problems = _Problems()
    ctx, variant = _context(req.context, "context", problems)
    cards = _cards(req.cards, "cards", problems)
    if cards is not None and not cards:
        problems.add("cards", "no cards: describe at least one")
    _hand_size(len(req.cards), "cards", variant, problems)
    _check_copies([("cards", cards)], "the cards", variant, problems)
    problems.raise_if_any()
    assert ctx is not None and cards is not None
    return DescribePlayArgs(ctx, cards)


@dataclass(frozen=True)
class CheckFollowArgs:
    """The arguments of :func:`oracle.engine.questions.check_follow`."""

    ctx: Ruleset
    lead: tuple[Card, ...]
    hand: tuple[Card, ...]
    play: tuple[Card, ...]

    def answer(self) -> pb.CheckFollowResponse:
        return check_follow(self.ctx, self.lead, self.hand, self.play)


def parse_check_follow(req: pb.CheckFollowRequest) -> CheckFollowArgs:
    """Validate a CheckFollow request.

    >>> from oracle.cards import format_cards
    >>> ctx = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> args = parse_check_follow(pb.CheckFollowRequest(
    ...     context=ctx, lead=pb_cards("AH"), hand=pb_cards("3H 4C"), play=pb_cards("4C")))
    >>> format_cards(args.play)
    '4C'
    >>> parse_check_follow(pb.CheckFollowRequest(
    ...     context=ctx, lead=pb_cards("AH"), hand=pb_cards("3H"), play=pb_cards("4C")))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: play[0]: 4C is not in the hand
    """
    problems = _Problems()
    ctx, variant = _context(req.context, "context", problems)
    lead = _cards(req.lead, "lead", problems)
    _lead(lead, "lead", ctx, problems)
    _hand_size(len(req.lead), "lead", variant, problems)
    hand = _cards(req.hand, "hand", problems)
    _hand_size(len(req.hand), "hand", variant, problems)
    play = _cards(req.play, "play", problems)
    if req.lead and len(req.play) != len(req.lead):
        problems.add(
            "play",
            f"{len(req.play)} cards: a follow has as many cards as the lead ({len(req.lead)})",
        )
    _check_in_hand(play, hand, "play", problems)
    _check_copies([("lead", lead), ("hand", hand)], "the lead and the hand", variant, problems)
    problems.raise_if_any()
    assert ctx is not None and lead is not None and hand is not None and play is not None
    return CheckFollowArgs(ctx, lead, hand, play)


@dataclass(frozen=True)
class JudgeTrickArgs:
    """The arguments of :func:`oracle.engine.questions.judge_trick`."""

    ctx: Ruleset
    plays: tuple[SeatPlay, ...]

    def answer(self) -> pb.JudgeTrickResponse:
        return judge_trick(self.ctx, self.plays)


def parse_judge_trick(req: pb.JudgeTrickRequest) -> JudgeTrickArgs:
    """Validate a JudgeTrick request. A trick may be judged before every seat has played.

    >>> ctx = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> plays = [pb.Play(seat=3, cards=pb_cards("AH")), pb.Play(seat=0, cards=pb_cards("3H"))]
    >>> [p.seat for p in parse_judge_trick(pb.JudgeTrickRequest(context=ctx, plays=plays)).plays]
    [3, 0]
    >>> plays[1].seat = 1
    >>> parse_judge_trick(pb.JudgeTrickRequest(context=ctx, plays=plays))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: plays[1].seat: seat 1 is out of play order: the play after seat 3 is seat 0
    """
    problems = _Problems()
    ctx, variant = _context(req.context, "context", problems)
    plays, groups = _seat_plays(req.plays, "plays", ctx, variant, problems, complete=False)
    _check_copies(groups, "the trick", variant, problems)
    problems.raise_if_any()
    assert ctx is not None and plays is not None
    return JudgeTrickArgs(ctx, plays)


@dataclass(frozen=True)
class CheckThrowArgs:
    """The arguments of :func:`oracle.engine.questions.check_throw`."""

    ctx: Ruleset
    thrower: SeatPlay
    other_hands: tuple[SeatPlay, ...]

    def answer(self) -> pb.CheckThrowResponse:
        return check_throw(self.ctx, self.thrower, self.other_hands)


def parse_check_throw(req: pb.CheckThrowRequest) -> CheckThrowArgs:
    """Validate a CheckThrow request. Other hands may leave seats out.

    >>> ctx = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> args = parse_check_throw(pb.CheckThrowRequest(context=ctx,
    ...     throw=pb.Play(seat=0, cards=pb_cards("AH KH")),
    ...     other_hands=[pb.Hand(seat=1, cards=pb_cards("QH"))]))
    >>> args.thrower.seat, [h.seat for h in args.other_hands]
    (0, [1])
    """
    problems = _Problems()
    ctx, variant = _context(req.context, "context", problems)
    thrower_ok = _seat(req.throw.seat, "throw.seat", variant, problems)
    throw = _cards(req.throw.cards, "throw.cards", problems)
    _lead(throw, "throw.cards", ctx, problems)
    _hand_size(len(req.throw.cards), "throw.cards", variant, problems)
    groups: list[Group] = [("throw.cards", throw)]
    hands: list[SeatPlay] = []
    if len(req.other_hands) > MAX_LIST:
        problems.add("other_hands", f"{len(req.other_hands)} hands: at most {MAX_LIST} in any list")
    elif variant is not None and len(req.other_hands) >= variant.deal.players:
        problems.add(
            "other_hands",
            f"{len(req.other_hands)} hands, but {variant.id} has {variant.deal.players} seats, "
            "one of them the thrower's",
        )
    where_seat: dict[int, int] = {}
    for i, hand_msg in enumerate(req.other_hands if len(req.other_hands) <= MAX_LIST else ()):
        seat_field = f"other_hands[{i}].seat"
        if _seat(hand_msg.seat, seat_field, variant, problems):
            if thrower_ok and hand_msg.seat == req.throw.seat:
                problems.add(
                    seat_field,
                    f"seat {hand_msg.seat} is the thrower's: other_hands are the other seats",
                )
            elif hand_msg.seat in where_seat:
                problems.add(
                    seat_field,
                    f"seat {hand_msg.seat} is already in other_hands[{where_seat[hand_msg.seat]}]",
                )
            where_seat.setdefault(hand_msg.seat, i)
        cards_field = f"other_hands[{i}].cards"
        cards = _cards(hand_msg.cards, cards_field, problems)
        groups.append((cards_field, cards))
        _hand_size(len(hand_msg.cards), cards_field, variant, problems)
        if cards is not None:
            hands.append(SeatPlay(hand_msg.seat, cards))
    _check_copies(groups, "the throw and the other hands", variant, problems)
    problems.raise_if_any()
    assert ctx is not None and throw is not None
    return CheckThrowArgs(ctx, SeatPlay(req.throw.seat, throw), tuple(hands))


@dataclass(frozen=True)
class ScoreBottomArgs:
    """The arguments of :func:`oracle.engine.questions.score_bottom`."""

    ctx: Ruleset
    last_trick: tuple[SeatPlay, ...]
    banker_seats: frozenset[int]
    bottom: tuple[Card, ...]
    banker_side_points: int = 0
    attacker_points: int = 0

    def answer(self) -> pb.ScoreBottomResponse:
        return score_bottom(
            self.ctx,
            self.last_trick,
            self.banker_seats,
            self.bottom,
            banker_side_points=self.banker_side_points,
            attacker_points=self.attacker_points,
        )


def _banker_seats(
    seats: Sequence[int], field: str, variant: pb.Variant | None, problems: _Problems
) -> frozenset[int]:
    if len(seats) > MAX_LIST:
        problems.add(field, f"{len(seats)} seats: at most {MAX_LIST} in any list")
        return frozenset()
    if not seats:
        problems.add(field, "no seats: the banker's side has at least the banker")
    where_seat: dict[int, int] = {}
    for i, seat in enumerate(seats):
        if _seat(seat, f"{field}[{i}]", variant, problems):
            if seat in where_seat:
                problems.add(
                    f"{field}[{i}]", f"seat {seat} is already in {field}[{where_seat[seat]}]"
                )
            where_seat.setdefault(seat, i)
    if variant is not None and len(where_seat) == variant.deal.players:
        problems.add(field, "every seat is on the banker's side: the attackers need at least one")
    return frozenset(where_seat)


def parse_score_bottom(req: pb.ScoreBottomRequest) -> ScoreBottomArgs:
    """Validate a ScoreBottom request: a whole last trick and a whole bottom.

    >>> ctx = pb.Context(variant_id="qq-one-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
    >>> trick = [pb.Play(seat=s, cards=pb_cards(c)) for s, c in enumerate(["AH", "3H", "4H", "5H"])]
    >>> parse_score_bottom(pb.ScoreBottomRequest(context=ctx, last_trick=trick, banker_seats=[0, 2],
    ...     bottom=pb_cards("6C 7C")))
    Traceback (most recent call last):
    ...
    oracle.errors.InvalidQuestion: bottom: 2 cards: the bottom of qq-one-deck has 6
    """
    problems = _Problems()
    ctx, variant = _context(req.context, "context", problems)
    trick, groups = _seat_plays(req.last_trick, "last_trick", ctx, variant, problems, complete=True)
    seats = _banker_seats(req.banker_seats, "banker_seats", variant, problems)
    bottom = _cards(req.bottom, "bottom", problems)
    if bottom is not None and variant is not None and len(bottom) != variant.deal.bottom_size:
        problems.add(
            "bottom",
            f"{len(bottom)} cards: the bottom of {variant.id} has {variant.deal.bottom_size}",
        )
    groups.append(("bottom", bottom))
    _check_copies(groups, "the last trick and the bottom", variant, problems)
    for name in ("banker_side_points", "attacker_points"):
        value = getattr(req, name)
        if abs(value) > MAX_POINTS:
            problems.add(name, f"{value} points: at most {MAX_POINTS} either way")
    problems.raise_if_any()
    assert ctx is not None and trick is not None and bottom is not None
    return ScoreBottomArgs(ctx, trick, seats, bottom, req.banker_side_points, req.attacker_points)


@dataclass(frozen=True)
class ScoreDealArgs:
    """The arguments of :func:`oracle.engine.questions.score_deal`."""

    variant: pb.Variant
    attacker_points: int
    banker_seat: int
    banker_level: Rank | None
    attacker_level: Rank | None

    def answer(self) -> pb.ScoreDealResponse:
        return score_deal(
            self.variant,
            self.attacker_points,
            self.banker_seat,
            self.banker_level,
            self.attacker_level,
        )


def parse_score_deal(req: pb.ScoreDealRequest) -> ScoreDealArgs:
    """Validate a ScoreDeal request; the two levels are optional.

    >>> args = parse_score_deal(pb.ScoreDealRequest(variant_id="qq-two-deck", attacker_points=85,
    ...     banker_seat=2, banker_level=pb.RANK_FIVE))
    >>> args.banker_level, args.attacker_level
    (<Rank.FIVE: 5>, None)
    """
    problems = _Problems()
    variant = _variant(req.variant_id, "variant_id", problems)
    _seat(req.banker_seat, "banker_seat", variant, problems)
    levels: list[Rank | None] = []
    for field, value in (
        ("banker_level", req.banker_level),
        ("attacker_level", req.attacker_level),
    ):
        levels.append(
            None if value == pb.RANK_UNSPECIFIED else _level(value, field, variant, problems)
        )
    problems.raise_if_any()
    assert variant is not None
    return ScoreDealArgs(variant, req.attacker_points, req.banker_seat, levels[0], levels[1])


@dataclass(frozen=True)
class CompareDeclarationsArgs:
    """The arguments of :func:`oracle.engine.questions.compare_declarations`."""

    variant: pb.Variant
    level: Rank
    standing: SeatPlay | None
    challenger: SeatPlay
    rebury: bool = False

    def answer(self) -> pb.CompareDeclarationsResponse:
        return compare_declarations(
            self.variant, self.level, self.standing, self.challenger, rebury=self.rebury
        )


def _declaration(
    msg: pb.Declaration, field: str, variant: pb.Variant | None, problems: _Problems
) -> SeatPlay | None:
    _seat(msg.seat, f"{field}.seat", variant, problems)
    cards = _cards(msg.cards, f"{field}.cards", problems)
    if cards is not None and not cards:
        problems.add(f"{field}.cards", "no cards: a declaration shows at least one")
    _hand_size(len(msg.cards), f"{field}.cards", variant, problems)
    return None if cards is None else SeatPlay(msg.seat, cards)


def parse_compare_declarations(req: pb.CompareDeclarationsRequest) -> CompareDeclarationsArgs:
    """Validate a CompareDeclarations request; ``standing`` is optional.

    >>> from oracle.cards import format_cards
    >>> args = parse_compare_declarations(pb.CompareDeclarationsRequest(variant_id="qq-two-deck",
    ...     level=pb.RANK_TEN, challenger=pb.Declaration(seat=1, cards=pb_cards("10H 10H"))))
    >>> args.standing is None, format_cards(args.challenger.cards)
    (True, '10H 10H')
    """
    problems = _Problems()
    variant = _variant(req.variant_id, "variant_id", problems)
    level = _level(req.level, "level", variant, problems)
    standing = (
        _declaration(req.standing, "standing", variant, problems)
        if req.HasField("standing")
        else None
    )
    challenger: SeatPlay | None = None
    if req.HasField("challenger"):
        challenger = _declaration(req.challenger, "challenger", variant, problems)
    else:
        problems.add("challenger", "missing: the declaration to compare")
    groups: list[Group] = [
        ("standing.cards", standing.cards if standing else ()),
        ("challenger.cards", challenger.cards if challenger else None),
    ]
    if standing is not None and challenger is not None and standing.seat == challenger.seat:
        # One seat strengthening or changing its own declaration (自保, 自反) shows again the
        # cards it showed: its two declarations are not different cards.
        for group in groups:
            _check_copies([group], "the declaration", variant, problems)
    else:
        _check_copies(groups, "the two declarations", variant, problems)
    problems.raise_if_any()
    assert variant is not None and level is not None and challenger is not None
    return CompareDeclarationsArgs(variant, level, standing, challenger, req.rebury)


@dataclass(frozen=True)
class GetVariantArgs:
    """A known variant."""

    variant: pb.Variant

    def answer(self) -> pb.GetVariantResponse:
        return pb.GetVariantResponse(variant=self.variant)


def parse_get_variant(req: pb.GetVariantRequest) -> GetVariantArgs:
    """Validate a GetVariant request.

    >>> parse_get_variant(pb.GetVariantRequest(variant_id="qq-one-deck")).variant.deal.decks
    1
    """
    problems = _Problems()
    variant = _variant(req.variant_id, "variant_id", problems)
    problems.raise_if_any()
    assert variant is not None
    return GetVariantArgs(variant)


PARSERS: dict[str, Callable[[Any], Answerable]] = {
    "describe_play": parse_describe_play,
    "check_follow": parse_check_follow,
    "judge_trick": parse_judge_trick,
    "check_throw": parse_check_throw,
    "score_bottom": parse_score_bottom,
    "score_deal": parse_score_deal,
    "compare_declarations": parse_compare_declarations,
    "get_variant": parse_get_variant,
}
"""The parser of each kind of question, by its field name in ``Question``."""


def question_error(err: InvalidQuestion, code: str = INVALID_ARGUMENT) -> pb.QuestionError:
    """The batch form of an error: the same content as the status of a single call.

    >>> question_error(InvalidQuestion.single("check_follow.play[2]", "bad")).field_violations[0].field
    'check_follow.play[2]'
    """
    return pb.QuestionError(
        code=code,
        message=status_message(err),
        field_violations=[
            pb.FieldViolation(field=v.field, description=v.description) for v in err.violations
        ],
    )


def status_message(err: InvalidQuestion) -> str:
    """A short message for a status: the first problem and how many more.

    >>> status_message(InvalidQuestion([Violation("a", "x"), Violation("b", "y")]))
    'invalid question: a: x (and 1 more problem)'
    """
    first = err.violations[0]
    text = f"invalid question: {first.field}: {first.description}"
    more = len(err.violations) - 1
    if more:
        text += f" (and {more} more problem{'s' if more > 1 else ''})"
    return text


def dispatch(question: pb.Question) -> pb.Answer:
    """Answer one question of a batch; a bad question gets ``Answer.error``.

    Field paths of the error start with the name of the question's kind.

    >>> q = pb.Question(get_variant=pb.GetVariantRequest(variant_id="qq-two-deck"))
    >>> dispatch(q).get_variant.variant.deal.decks
    2
    >>> err = dispatch(pb.Question(get_variant=pb.GetVariantRequest(variant_id="nope"))).error
    >>> err.code, err.field_violations[0].field
    ('INVALID_ARGUMENT', 'get_variant.variant_id')
    """
    kind = question.WhichOneof("question")
    if kind is None:
        empty = InvalidQuestion.single("question", f"no question: set one of {', '.join(PARSERS)}")
        return pb.Answer(error=question_error(empty))
    try:
        response = PARSERS[kind](getattr(question, kind)).answer()
    except InvalidQuestion as err:
        return pb.Answer(
            error=question_error(InvalidQuestion(capped(err.prefixed(kind).violations)))
        )
    answer = pb.Answer()
    getattr(answer, kind).CopyFrom(response)
    return answer
