"""The Botzone Tractor judge's trick winner (JudgeTrick, ``THROW_EVALUATION_LARGEST_COMPONENT``).

The profile ``botzone-tractor`` answers as the referee of Botzone's Tractor
contest does (a copy: keyijing/Tractor-RL judger.py, read at 2807665 and
01621cc; docs/botzone.md). Its trick winner (``checkWinner``) does not ask
our engine's questions, so this module judges the whole trick for a variant
whose ``following.throw_evaluation`` is ``THROW_EVALUATION_LARGEST_COMPONENT``
(:func:`oracle.seed_rules.trick.judge_trick` hands it over). It also holds the judge's
vocabulary that :mod:`oracle.profiles.botzone.follow` shares:

:func:`play_type` (``checkPokerType``)
    ``single`` (one card), ``pair`` (two identical cards), ``tractor`` (pairs
    of one suit, adjacent, no level card and no joker, or exactly
    ``SJ SJ BJ BJ``), anything else a ``throw`` (the judge's "suspect").
:func:`components` (``checkThrow`` with ``check=False``)
    a set of cards split into maximal runs of adjacent pairs (never jokers or
    level cards: inside a throw ``SJ SJ BJ BJ`` is two pairs, B10 #10) and
    groups of identical cards; longest first, equal lengths lowest first (the
    judge lists its tractors upwards after the other groups and sorts stably).
:func:`covers` (the loop over ``first_parse`` / ``outhis``)
    whether one list of component lengths covers another, greedily and by
    lengths only: largest first, each taken out of the longest left.

The trick, rule by rule:

``trick.same_type`` (a lead that is not a throw)
    A later play counts only if it is of the lead's type and of the led suit
    or trump. Against a trump best so far it must be trump and higher; against
    a side-suit best, trump wins (a ruff) and a play of the suit wins if
    higher. "Higher" is the top card: the judge reads the last card listed
    (trump) or the first (side suit), which with two decks is the same thing.
    An off-suit level card is beaten only by the trump-suit level card or a
    joker, and in no-trump a level card only by a joker: equal cards, the
    first played winning (``order.first_played_wins``).
``trick.largest_component`` (a throw; 对于甩牌，盖毙只判定最大牌型的大小)
    A later play counts only if its component lengths cover the throw's and
    every card is trump. The first such play beats a side-suit throw (a ruff).
    Between trump plays: when the throw's longest component is a tractor,
    the top card of the play's first longest component (its lowest longest
    tractor) decides, and in no-trump nothing beats the best; otherwise the
    highest card held as often as the throw's longest component is long
    (once, or twice), the same equal cards as above. A play of the thrown
    side suit never wins.

Complexity: one split per play, ``O(n log n)`` for ``n`` cards.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
>>> play_type(ctx, p("SJ SJ BJ BJ")), play_type(ctx, p("SJ SJ BJ BJ AH AH"))
('tractor', 'throw')
>>> [len(c) for c in components(ctx, p("SJ SJ BJ BJ AH AH KH"))]
[2, 2, 2, 1]
>>> covers([4, 1], [2, 2, 1]), covers([2, 2, 1], [4, 1])
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from oracle import pb
from oracle.cards import Card, Rank, format_cards
from oracle.engine.ruleset import TRUMP, Ruleset, SeatPlay
from oracle.convert import suit_name
from oracle.engine.answers import play_verdict, trick_answer

SINGLE = "single"
PAIR = "pair"
TRACTOR = "tractor"
THROW = "throw"
"""The judge's play types (checkPokerType; its "suspect" is a throw)."""

UPSTREAM = "keyijing/Tractor-RL judger.py"
"""The judge this module follows (docs/botzone.md names the commits)."""

_JOKERS = (Rank.SMALL_JOKER, Rank.BIG_JOKER)


def joins_runs(ctx: Ruleset, card: Card) -> bool:
    """Whether the card can be one of the pairs of a run: not a joker, and a card with a place
    for tractors (the level cards have none in this profile)."""
    return not card.is_joker and ctx.slot(card) is not None


def adjacent_runs(ctx: Ruleset, pairs: Sequence[Card]) -> list[list[Card]]:
    """Maximal runs of adjacent cards among ``pairs`` (one card per pair), each lowest first.

    Cards of different effective suits never join (the judge's single ``suit``
    variable can join them in a mixed discard; docs/botzone.md, item 17).
    """
    ordered = sorted(pairs, key=lambda c: (ctx.effective_suit(c), ctx.slot(c) or 0))
    runs: list[list[Card]] = []
    for card in ordered:
        last = runs[-1][-1] if runs else None
        if (last is not None and ctx.effective_suit(last) == ctx.effective_suit(card)
                and (ctx.slot(last) or 0) + 1 == ctx.slot(card)):
            runs[-1].append(card)
        else:
            runs.append([card])
    return runs


def play_type(ctx: Ruleset, cards: Sequence[Card]) -> str:
    """The judge's type of a play (checkPokerType): single, pair, tractor or throw.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("botzone-tractor", Rank.FIVE, Suit.SPADES)
    >>> [play_type(ctx, p(t)) for t in ("4H 4H 6H 6H", "5H 5H 6H 6H", "AS AS 2S 2S", "9C 9C")]
    ['tractor', 'throw', 'throw', 'pair']
    """
    n = len(cards)
    if n == 1:
        return SINGLE
    counts = Counter(cards)
    if n == 2:
        return PAIR if len(counts) == 1 else THROW
    if n % 2:
        return THROW
    if any(c.is_joker for c in counts):
        jokers = {c.rank: k for c, k in counts.items()}
        return TRACTOR if n == 4 and all(jokers.get(r) == 2 for r in _JOKERS) else THROW
    if any(k != 2 for k in counts.values()) or len({c.suit for c in counts}) != 1:
        return THROW
    if not all(joins_runs(ctx, c) for c in counts):
        return THROW
    runs = adjacent_runs(ctx, list(counts))
    return TRACTOR if len(runs) == 1 else THROW


def components(ctx: Ruleset, cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The judge's split of a set of cards (checkThrow with check=False), longest first.

    Runs of two or more adjacent pairs are tractors (lowest first); the other
    cards are groups of identical cards. Equal lengths: the lower first.

    >>> from oracle.cards import parse_cards as p, Rank, Suit, format_cards
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("botzone-tractor", Rank.TEN, Suit.SPADES)
    >>> [format_cards(c) for c in components(ctx, p("9S 9S JS JS 3S 3S 4S 4S 10S 10S 7S"))]
    ['3S 3S 4S 4S', '9S 9S JS JS', '10S 10S', '7S']
    """
    counts = Counter(cards)
    pairs = [c for c, k in counts.items() if k == 2 and joins_runs(ctx, c)]
    parts: list[tuple[Card, ...]] = []
    for run in adjacent_runs(ctx, pairs):
        if len(run) >= 2:
            parts.append(tuple(c for card in run for c in (card, card)))
            for card in run:
                del counts[card]
    parts.extend(tuple([card] * k) for card, k in counts.items())

    def order(part: tuple[Card, ...]) -> tuple[int, int, tuple[int, int, int, int]]:
        top = max(part, key=lambda c: (ctx.strength(c), ctx.sort_key(c)))
        return (-len(part), ctx.strength(top), ctx.sort_key(top))

    return sorted(parts, key=order)


def lengths(parts: Sequence[Sequence[Card]]) -> list[int]:
    """The lengths of components, longest first."""
    return sorted((len(p) for p in parts), reverse=True)


def covers(have: Sequence[int], need: Sequence[int]) -> bool:
    """Whether component lengths ``have`` cover ``need`` as the judge checks it.

    Each needed length, longest first, is taken out of the longest length
    left; lengths only, so a tractor of four covers two pairs, and a pair two
    singles.

    >>> covers([6], [4, 2]), covers([2, 2, 2], [4, 2]), covers([2, 1, 1], [1, 1, 1, 1])
    (True, False, True)
    """
    left = sorted(have, reverse=True)
    for length in sorted(need, reverse=True):
        if not left or left[0] < length:
            return False
        left[0] -= length
        left.sort(reverse=True)
    return True


def top_strength(ctx: Ruleset, cards: Sequence[Card], min_copies: int = 1) -> int | None:
    """The strength of the highest card held at least ``min_copies`` times, if any."""
    counts = Counter(cards)
    found = [ctx.strength(c) for c, k in counts.items() if k >= min_copies]
    return max(found) if found else None


def _largest_key(ctx: Ruleset, cards: Sequence[Card]) -> int:
    """The top card of the first longest component (checkWinner: ``x_parse[0][-1]``)."""
    first = components(ctx, cards)[0]
    return max(ctx.strength(c) for c in first)


@dataclass
class _Best:
    index: int
    seat: int
    trump: bool
    key: int | None


def judge_trick_by_type(ctx: Ruleset, plays: Sequence[SeatPlay]) -> pb.JudgeTrickResponse:
    """Judge a trick as the Botzone judge's checkWinner does; ``plays`` in play order.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> ctx = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
    >>> plays = [SeatPlay(0, tuple(p("AS AS KS"))), SeatPlay(1, tuple(p("3H 3H 4H"))),
    ...          SeatPlay(2, tuple(p("5H 6H 7H"))), SeatPlay(3, tuple(p("4S 5S 6S")))]
    >>> r = judge_trick_by_type(ctx, plays)
    >>> r.winning_seat, [pb.PlayKind.Name(v.kind)[10:] for v in r.verdicts]
    (1, ['LEAD', 'RUFF', 'DISCARD', 'FOLLOW'])
    """
    lead = plays[0]
    suit = ctx.suit_of(lead.cards)
    kind = play_type(ctx, lead.cards)
    if kind == THROW:
        parts = components(ctx, lead.cards)
        need = lengths(parts)
        what = "a throw of " + " + ".join(str(len(p)) for p in parts) + " cards"
        rule = "trick.largest_component"
    else:
        need = []
        what = f"a {kind}"
        rule = "trick.same_type"
    best = _Best(0, lead.seat, suit == TRUMP, _key(ctx, lead.cards, kind, need))
    verdicts = [pb.PlayVerdict(seat=lead.seat, kind=pb.PLAY_KIND_LEAD, beats_best_so_far=True,
                               reason=f"leads {suit_name(suit)}: {what}", rule_ids=["lead.one_suit"])]
    used = {"lead.one_suit", "trick.points", rule}
    for index, play in enumerate(plays[1:], start=1):
        if kind == THROW:
            verdict = _judge_throw_play(ctx, play, suit, need, best)
        else:
            verdict = _judge_typed_play(ctx, play, suit, kind, best)
        if verdict.beats_best_so_far:
            best = _Best(index, play.seat, True if kind == THROW else ctx.suit_of(play.cards) == TRUMP,
                         _key(ctx, play.cards, kind, need))
        used.update(verdict.rule_ids)
        verdicts.append(verdict)
    return trick_answer(plays, verdicts, best.index, used, f"{UPSTREAM} checkWinner")


def _key(ctx: Ruleset, cards: Sequence[Card], kind: str, need: Sequence[int]) -> int | None:
    """How a counted play compares: its top card (not a throw), the top of its first longest
    component (a throw with a tractor) or its highest card held that often (other throws)."""
    if kind != THROW:
        return top_strength(ctx, cards)
    if need[0] >= 4:
        return _largest_key(ctx, cards)
    return top_strength(ctx, cards, need[0])



def _compare(
    ctx: Ruleset, play: SeatPlay, key: int | None, best: _Best, kind: pb.PlayKind, what: str, rule: str
) -> pb.PlayVerdict:
    cards = format_cards(ctx.sorted(play.cards))
    lost = pb.PLAY_KIND_RUFF if kind == pb.PLAY_KIND_OVER_RUFF else kind
    if key is not None and best.key is not None and key > best.key:
        return play_verdict(play, kind, True, f"its {what} ({cards}) beats seat {best.seat}'s", rule)
    if key is not None and key == best.key:
        return play_verdict(play, lost, False,
                        f"its {what} ({cards}) equals seat {best.seat}'s, and the first played wins",
                        "order.first_played_wins")
    return play_verdict(play, lost, False, f"its {what} ({cards}) does not beat seat {best.seat}'s", rule)


def _judge_typed_play(ctx: Ruleset, play: SeatPlay, led: int, kind: str, best: _Best) -> pb.PlayVerdict:
    """checkWinner, a lead that is not a throw (rule trick.same_type)."""
    rule = "trick.same_type"
    own = play_type(ctx, play.cards)
    suit = ctx.suit_of(play.cards)
    if own != kind:
        return play_verdict(play, pb.PLAY_KIND_FOLLOW if suit == led else pb.PLAY_KIND_DISCARD, False,
                        f"a {own}, not a {kind} like the lead: it cannot win", rule)
    if suit not in (led, TRUMP):
        return play_verdict(play, pb.PLAY_KIND_DISCARD, False,
                        f"a {kind} of {suit_name(suit)} to a {suit_name(led)} lead: a discard (垫)",
                        "trick.discard")
    key = top_strength(ctx, play.cards)
    if best.trump:
        if suit != TRUMP:
            return play_verdict(play, pb.PLAY_KIND_FOLLOW, False,
                            f"follows {suit_name(led)}, but seat {best.seat} has ruffed", "trick.ruff")
        kind_pb = pb.PLAY_KIND_FOLLOW if led == TRUMP else pb.PLAY_KIND_OVER_RUFF
        return _compare(ctx, play, key, best, kind_pb, f"{kind} of trump",
                        rule if led == TRUMP else "trick.over_ruff")
    if suit == TRUMP:
        return play_verdict(play, pb.PLAY_KIND_RUFF, True, f"ruffs (毙) with a {kind} of trump", "trick.ruff")
    return _compare(ctx, play, key, best, pb.PLAY_KIND_FOLLOW, kind, rule)


def _judge_throw_play(
    ctx: Ruleset, play: SeatPlay, led: int, need: Sequence[int], best: _Best
) -> pb.PlayVerdict:
    """checkWinner, a throw lead (rule trick.largest_component)."""
    rule = "trick.largest_component"
    suit = ctx.suit_of(play.cards)
    have = lengths(components(ctx, play.cards))
    if not covers(have, need):
        kind = pb.PLAY_KIND_FOLLOW if suit == led else pb.PLAY_KIND_DISCARD
        return play_verdict(play, kind, False,
                        f"its components ({'+'.join(map(str, have))} cards) do not cover the throw's "
                        f"({'+'.join(map(str, need))}): it cannot win", rule)
    if suit != TRUMP:
        kind = pb.PLAY_KIND_FOLLOW if suit == led else pb.PLAY_KIND_DISCARD
        return play_verdict(play, kind, False, "not all trump: only trump can beat a throw", rule)
    if not best.trump:
        return play_verdict(play, pb.PLAY_KIND_RUFF, True,
                        "ruffs (毙) the throw with trump covering its components", "trick.ruff")
    kind_pb = pb.PLAY_KIND_FOLLOW if led == TRUMP else pb.PLAY_KIND_OVER_RUFF
    if need[0] >= 4:
        if ctx.trump is None:
            return play_verdict(play, pb.PLAY_KIND_FOLLOW if led == TRUMP else pb.PLAY_KIND_RUFF, False,
                            "no-trump: the judge lets nothing beat trump against a throw with a tractor",
                            rule)
        return _compare(ctx, play, _largest_key(ctx, play.cards), best, kind_pb,
                        "first longest tractor", rule if led == TRUMP else "trick.over_ruff")
    what = "highest pair" if need[0] == 2 else "highest card"
    return _compare(ctx, play, top_strength(ctx, play.cards, need[0]), best, kind_pb, what,
                    rule if led == TRUMP else "trick.over_ruff")
