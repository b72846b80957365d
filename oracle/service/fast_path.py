"""The short way through validation for a question with nothing wrong: its cards read from the
request's card keys and its context from its bytes (:mod:`oracle.service.card_keys`), every check
a test on those. At the first doubt it answers ``None``, and the full validation, which names each
problem with its field path, runs instead; so it accepts only what the full validation accepts,
and returns the same values (``tests/test_fast_path.py`` compares the two).

>>> from oracle.service.card_keys import card_keys
>>> from oracle.service.decoding import pb_cards
>>> ctx = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS)
>>> req = pb.CheckFollowRequest(context=ctx, lead=pb_cards("AS"), hand=pb_cards("3S 4C"),
...     play=pb_cards("3S"))
>>> [len(cards) for cards in valid_follow(card_keys(req))[1:]]
[1, 2, 1]
>>> req.play[0].rank = pb.RANK_FOUR
>>> valid_follow(card_keys(req)) is None  # 4S is not in the hand: the full validation says so
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from oracle import pb
from oracle.cards import Card, Rank
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.service.card_keys import cards_of, codes_of, held, within_copies
from oracle.service.contexts import KnownContext, KnownVariant, known_context, known_variant
from oracle.service.limits import MAX_POINTS

Cards = tuple[Card, ...]


def _one_suit(ruleset: Ruleset, cards: Cards) -> bool:
    """Whether the cards are some and all of one effective suit (a lead, a throw)."""
    table = ruleset.suits
    return len({table[c.code] for c in cards}) == 1


def valid_describe(keys: Any) -> tuple[Ruleset, Cards] | None:
    """DescribePlay: some cards, no more than a hand, no more copies than the decks hold."""
    known = known_context(keys.context)
    if known is None:
        return None
    cards = cards_of(keys.cards)
    if not cards or len(cards) > known.most_cards:
        return None
    if not within_copies(codes_of(cards), known.decks):
        return None
    return known.ruleset, cards


def valid_follow(keys: Any) -> tuple[Ruleset, Cards, Cards, Cards] | None:
    """CheckFollow: a lead of one suit, a hand, a play of as many cards held in the hand; the
    lead and the hand together within the decks."""
    known = known_context(keys.context)
    if known is None:
        return None
    lead, hand, play = cards_of(keys.lead), cards_of(keys.hand), cards_of(keys.play)
    most = known.most_cards
    if (
        not lead
        or hand is None
        or play is None
        or len(lead) > most
        or len(hand) > most
        or len(play) != len(lead)
        or not _one_suit(known.ruleset, lead)
    ):
        return None
    hand_codes = codes_of(hand)
    if not held(codes_of(play), hand_codes) or not within_copies(
        codes_of(lead) + hand_codes, known.decks
    ):
        return None
    return known.ruleset, lead, hand, play


def valid_trick(known: KnownContext | None, mirrors: Sequence[Any], *, complete: bool
                ) -> tuple[KnownContext, tuple[SeatPlay, ...], list[int]] | None:
    """A trick's plays (JudgeTrick's, and ScoreBottom's last trick when ``complete``), as their
    mirrors: each seat once in play order, a lead of one suit, every play as long as the lead;
    with the context, and the codes of all the cards for the copies."""
    count = len(mirrors)
    if known is None or not count or count > known.players:
        return None
    if complete and count != known.players:
        return None
    players, most = known.players, known.most_cards
    codes: list[int] = []
    plays: list[SeatPlay] = []
    first = mirrors[0].seat
    for i, mirror in enumerate(mirrors):
        cards = cards_of(mirror.cards)
        seat = mirror.seat
        if cards is None or not 0 <= seat < players or seat != (first + i) % players:
            return None
        if i == 0:
            if not cards or len(cards) > most or not _one_suit(known.ruleset, cards):
                return None
        elif len(cards) != len(plays[0].cards):
            return None
        codes += codes_of(cards)
        plays.append(SeatPlay(seat, cards))
    return known, tuple(plays), codes


def valid_judge(keys: Any) -> tuple[Ruleset, tuple[SeatPlay, ...]] | None:
    """JudgeTrick: a trick so far (see :func:`valid_trick`) within the decks."""
    trick = valid_trick(known_context(keys.context), keys.plays, complete=False)
    if trick is None or not within_copies(trick[2], trick[0].decks):
        return None
    return trick[0].ruleset, trick[1]


def valid_throw(keys: Any) -> tuple[Ruleset, SeatPlay, tuple[SeatPlay, ...]] | None:
    """CheckThrow: a throw of one suit from a seat, the hands of other seats (each once), all
    of them within a hand's size and together within the decks."""
    known = known_context(keys.context)
    if known is None:
        return None
    players, most = known.players, known.most_cards
    throw = cards_of(keys.throw.cards)
    thrower = keys.throw.seat
    hands = keys.other_hands
    if (not throw or len(throw) > most or not 0 <= thrower < players or len(hands) >= players
            or not _one_suit(known.ruleset, throw)):
        return None
    codes = codes_of(throw)
    seats = {thrower}
    others: list[SeatPlay] = []
    for mirror in hands:
        cards = cards_of(mirror.cards)
        seat = mirror.seat
        if cards is None or len(cards) > most or not 0 <= seat < players or seat in seats:
            return None
        seats.add(seat)
        codes += codes_of(cards)
        others.append(SeatPlay(seat, cards))
    if not within_copies(codes, known.decks):
        return None
    return known.ruleset, SeatPlay(thrower, throw), tuple(others)


def valid_bottom(keys: Any
                 ) -> tuple[Ruleset, tuple[SeatPlay, ...], frozenset[int], Cards] | None:
    """ScoreBottom: a whole last trick, the banker's side (some seats, not all, each once), a
    whole bottom, all within the decks, and each side's points in range."""
    trick = valid_trick(known_context(keys.context), keys.last_trick, complete=True)
    if trick is None:
        return None
    known, plays, codes = trick
    seats = list(keys.banker_seats)
    banker_seats = frozenset(seats)
    bottom = cards_of(keys.bottom)
    if (
        not seats
        or len(banker_seats) != len(seats)
        or len(seats) >= known.players
        or not all(0 <= seat < known.players for seat in seats)
        or bottom is None
        or len(bottom) != known.bottom_size
        or not 0 <= keys.banker_side_points <= MAX_POINTS
        or not 0 <= keys.attacker_points <= MAX_POINTS
        or not within_copies(codes + codes_of(bottom), known.decks)
    ):
        return None
    return known.ruleset, plays, banker_seats, bottom


def valid_score_deal(req: pb.ScoreDealRequest
                     ) -> tuple[pb.Variant, Rank | None, Rank | None] | None:
    """ScoreDeal: a context naming the variant alone (not the former ``variant_id``), the
    attackers' points and the banker's seat in range, and each level given one of the variant's; the variant and the two
    levels. The request holds no cards: it is read as it is, its context as its bytes."""
    known = known_variant(req.context.SerializeToString())
    if known is None or known.level or req.variant_id:
        return None
    if not 0 <= req.banker_seat < known.players or not -MAX_POINTS <= req.attacker_points <= MAX_POINTS:
        return None
    levels = []
    for value in (req.banker_level, req.attacker_level):
        rank = known.level_of(value)
        if value and rank is None:
            return None
        levels.append(rank)
    return known.variant, levels[0], levels[1]


def valid_compare(keys: Any) -> tuple[pb.Variant, Rank, SeatPlay | None, SeatPlay] | None:
    """CompareDeclarations: a context naming the variant and a level of it, an optional standing
    declaration and a challenger, each from a seat in range showing some cards, no more than a
    hand, within the decks (two declarations of one seat are the same cards shown again)."""
    known = known_variant(keys.context)
    if (known is None or known.level_rank is None or keys.variant_id or keys.level
            or not keys.HasField("challenger")):
        return None
    challenger = _declaration(keys.challenger, known)
    if challenger is None:
        return None
    if not keys.HasField("standing"):
        fits = within_copies(challenger[1], known.decks)
        return (known.variant, known.level_rank, None, challenger[0]) if fits else None
    standing = _declaration(keys.standing, known)
    if standing is None:
        return None
    if standing[0].seat == challenger[0].seat:
        fits = within_copies(standing[1], known.decks) and within_copies(challenger[1], known.decks)
    else:
        fits = within_copies(standing[1] + challenger[1], known.decks)
    return (known.variant, known.level_rank, standing[0], challenger[0]) if fits else None


def _declaration(mirror: Any, known: KnownVariant) -> tuple[SeatPlay, list[int]] | None:
    """A declaration from a seat in range showing some cards, no more than a hand; and their
    codes."""
    cards = cards_of(mirror.cards)
    if not cards or len(cards) > known.most_cards or not 0 <= mirror.seat < known.players:
        return None
    return SeatPlay(mirror.seat, cards), codes_of(cards)
