"""Was every card dealt exactly once? The hands and the bottom against the variant's decks,
hand size and bottom size (rule ``deal.cards``).

>>> from oracle.cards import full_deck
>>> from oracle.variants import get_variant
>>> deck = full_deck()
>>> hands = tuple(tuple(deck[i * 12:(i + 1) * 12]) for i in range(4))
>>> deal_problem(get_variant("qq-one-deck"), hands, tuple(deck[48:]))
''
>>> deal_problem(get_variant("qq-one-deck"), hands, tuple(deck[47:53]))
'2 copies of 10C were dealt, but qq-one-deck has 1 deck; BJ was not dealt'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter

from oracle import pb
from oracle.cards import Card, full_deck

_CODE = attrgetter("code")


def deal_problem(variant: pb.Variant, hands: Sequence[Sequence[Card]], bottom: Sequence[Card]) -> str:
    """Why the deal is not one of the variant's ('' when it is): hand and bottom sizes, then
    every card of the decks dealt exactly once."""
    deal = variant.deal
    problems = [f"seat {seat} was dealt {len(hand)} cards, but a hand of {variant.id} has "
                f"{deal.hand_size}" for seat, hand in enumerate(hands) if len(hand) != deal.hand_size]
    if len(bottom) != deal.bottom_size:
        problems.append(f"the bottom has {len(bottom)} cards, but {variant.id}'s has {deal.bottom_size}")
    dealt: Counter[int] = Counter(map(_CODE, bottom))  # counted by code, hashed in C
    for hand in hands:
        dealt.update(map(_CODE, hand))
    deck = full_deck()
    if len(dealt) == len(deck) and set(dealt.values()) == {deal.decks}:
        return "; ".join(problems)
    plural = "s" if deal.decks > 1 else ""
    for card in deck:
        count = dealt[card.code]
        if count > deal.decks:
            problems.append(f"{count} copies of {card} were dealt, but {variant.id} has "
                            f"{deal.decks} deck{plural}")
        elif count < deal.decks:
            missing = "was not dealt" if count == 0 else f"was dealt {count} times of {deal.decks}"
            problems.append(f"{card} {missing}")
    return "; ".join(problems)
