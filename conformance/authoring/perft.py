"""Perft vectors for ListLegalPlays: random hands of every variant, the legal plays counted.

Small hands are answered by brute force, independently of the oracle's counting: every
sub-multiset of the hand with the lead's card count, each asked of CheckFollow (for a lead:
every one-suit sub-multiset); the case compares the total and the whole list in canonical
order. Larger hands compare the total alone, which the oracle's counting procedure gives
(``perft_cases`` says which is which in ``origin`` and the id).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> ctx = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> sorted(format_cards(play) for play in brute_follows(ctx, p("8S 8S"), p("AS AS KS 3C")))
['AS AS']
>>> len(brute_leads(ctx, p("AS AS KS 3C")))   # AS, AS AS, AS KS, AS AS KS, KS; 3C
6
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.authoring import build
from oracle import pb
from oracle.cards import Card, Rank, Suit, format_cards, full_deck
from oracle.convert import cards_from_pb
from oracle.engine.questions import check_follow
from oracle.engine.ruleset import Ruleset
from oracle.service.contexts import check_context
from oracle.variants import get_variant, make_ruleset

Play = tuple[Card, ...]

BRUTE_MAX_HAND = 10
"""Hands of at most this many cards are answered by brute force (and listed in full)."""


def submultisets(cards: Sequence[Card], size: int | None = None) -> Iterator[Play]:
    """Every sub-multiset of ``cards`` (of ``size`` cards, or of any size but none), each once."""
    held = Counter(cards)
    distinct = sorted(held, key=lambda c: c.code)

    def walk(i: int, left: int, taken: list[Card]) -> Iterator[Play]:
        if i == len(distinct):
            if left <= 0 and taken:
                yield tuple(taken)
            return
        top = held[distinct[i]] if left < 0 else min(held[distinct[i]], left)
        for k in range(top, -1, -1):
            yield from walk(i + 1, left - k if left >= 0 else -1, taken + [distinct[i]] * k)

    yield from walk(0, -1 if size is None else size, [])


def _key(play: Sequence[Card]) -> Play:
    return tuple(sorted(play, key=lambda c: c.code))


def card_of(msg: Any) -> Card:
    """A card of an answer (a ``pb.Card``)."""
    return cards_from_pb([msg])[0]


def brute_follows(ctx: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> set[Play]:
    """The legal follows by CheckFollow, asked of every play of ``len(lead)`` cards."""
    return {_key(p) for p in submultisets(hand, len(lead)) if check_follow(ctx, lead, hand, p).legal}


def brute_leads(ctx: Ruleset, hand: Sequence[Card]) -> set[Play]:
    """The valid leads: every non-empty sub-multiset of one effective suit."""
    return {_key(p) for p in submultisets(hand) if len({ctx.effective_suit(c) for c in p}) == 1}


@dataclass(frozen=True)
class Deal:
    """A variant compiled for a level and trump, and its whole pack (every deck)."""

    variant: str
    level: Rank
    trump: Suit | None
    ctx: Ruleset
    pack: tuple[Card, ...]


def random_deal(rng: random.Random, variant: str | pb.Variant) -> Deal:
    """A level of the variant and a trump suit (or no-trump) it accepts (a catalogue id, or a
    variant message such as a room's own)."""
    v = get_variant(variant) if isinstance(variant, str) else variant
    levels = [Rank(r) for r in v.card_order.levels]
    while True:
        level, trump = rng.choice(levels), rng.choice([*Suit, None])
        if isinstance(variant, str):
            checked = check_context(variant, level, trump, no_trump=trump is None)
            if checked.violations or checked.ruleset is None:
                continue
            ctx = checked.ruleset
        else:
            ctx = make_ruleset(variant, level, trump)
        pack = tuple(c for c in full_deck() for _ in range(v.deal.decks))
        return Deal(v.id, level, trump, ctx, pack)


def random_hand(rng: random.Random, deal: Deal, suit: int, in_suit: int, others: int,
                taken: Sequence[Card] = ()) -> list[Card]:
    """``in_suit`` cards of ``suit`` and ``others`` of other suits, copies kept together often
    (so pairs and tractors are common), from the pack less ``taken``."""
    left = Counter(deal.pack) - Counter(taken)
    hand: list[Card] = []
    for want, same in ((in_suit, True), (others, False)):
        pool = sorted((c for c in left if (deal.ctx.effective_suit(c) == suit) == same), key=lambda c: c.code)
        rng.shuffle(pool)
        got = 0
        for card in pool:
            if got >= want:
                break
            copies = min(left[card], want - got, rng.choice([1, 1, 2, 2, 3, 4]))
            hand += [card] * copies
            left[card] -= copies
            got += copies
    return hand


def random_lead(rng: random.Random, deal: Deal, size: int) -> list[Card]:
    """A lead of about ``size`` cards of one effective suit: tuples and runs are likely."""
    suit = deal.ctx.effective_suit(rng.choice(deal.pack))
    in_suit = sorted({c for c in deal.pack if deal.ctx.effective_suit(c) == suit}, key=deal.ctx.sort_key)
    held = Counter(deal.pack)
    start = rng.randrange(len(in_suit))
    lead: list[Card] = []
    width = rng.choice([1, 2, 2, 3])
    for card in in_suit[start:] + in_suit[:start]:
        if len(lead) >= size:
            break
        lead += [card] * min(width, held[card], size - len(lead))
        if rng.random() < 0.3:
            width = rng.choice([1, 2, 3])
    return lead


def case(deal: Deal, hand: Sequence[Card], lead: Sequence[Card], index: int, listed: bool,
         plays: Sequence[Sequence[Card]] | None, total: int) -> dict[str, Any]:
    """One case line: the question, the total (and the plays in canonical order when listed)."""
    ctx = deal.ctx
    level = str(Card(deal.level, Suit.SPADES))[:-1]
    trump = None if deal.trump is None else str(Card(Rank.TWO, deal.trump))[-1]
    question: dict[str, Any] = {"context": build.context(deal.variant, level, trump),
                                "hand": [build.card(str(c)) for c in ctx.sorted(hand)]}
    if lead:
        question["lead"] = [build.card(str(c)) for c in ctx.sorted(lead)]
    expected: dict[str, Any] = {"total": str(total)}
    compare = ["listLegalPlays.total"]
    if listed:
        question["pageSize"] = 1000
        expected["plays"] = [{"cards": [build.card(str(c)) for c in play]} for play in plays or ()]
        compare.append("listLegalPlays.plays[].cards")
    all_cards = [str(c) for c in [*hand, *lead]]
    tags = build.auto_tags("list_legal_plays", deal.variant, all_cards, level, trump)
    units = ctx.units(lead) if lead else []
    for tag, present in (("follow-suit", bool(lead)), ("pairs", any(u.tuple_size >= 2 for u in units)),
                         ("tractor", any(u.is_tractor for u in units)), ("throw", len(units) > 1 or not lead)):
        if present and tag not in tags:
            tags.append(tag)
    how = "brute" if listed else "count"
    what = f"lead: {format_cards(ctx.sorted(lead))} | " if lead else "to lead | "
    return {
        "id": f"gen/list_legal_plays/{deal.variant}/{'follow' if lead else 'lead'}-{how}-{index}",
        "variant": deal.variant,
        "question": {"listLegalPlays": question},
        "expected": {"listLegalPlays": expected},
        "compare": compare,
        "rules": ["follow.suit"] if lead else ["lead.one_suit"],
        "tags": tags,
        "notation": f"{build.context_words(deal.variant, level, trump)} | {what}hand: "
                    f"{format_cards(ctx.sorted(hand))} | {total} plays",
        "origin": "generated",
    }
