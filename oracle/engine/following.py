"""What every follow rule shares: the suit duty (rule ``follow.suit``) and the legal example's top-up.

The follower plays ``min(n, held)`` cards of the led suit, ``n`` the cards led and ``held``
those of the suit in the hand (002_ 跟牌: 首家出什么花色，其他玩家必须跟出相同花色的牌).
An illegal follow's example is some chosen cards of the suit topped up with the lowest cards
of the suit, then the lowest others, side suits before trump.

>>> from oracle.cards import parse_cards as p, format_cards, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> duty = suit_duty(rules, p("8S 8S"), p("AS 5S 3C 4D"), p("AS 3C"))
>>> duty.needed, duty.met
(2, False)
>>> format_cards(top_up(rules, [], duty.suit, p("AS 5S 3C 4D 2H"), 3))
'AS 5S 4D'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from oracle.cards import Card
from oracle.convert import suit_name
from oracle.engine.ruleset import Ruleset


class SuitDuty(NamedTuple):
    """Rule ``follow.suit`` for one follow: the led suit, the cards led and those of the suit."""

    suit: int
    led: int
    hand_x: list[Card]
    play_x: list[Card]

    @property
    def needed(self) -> int:
        """How many cards of the led suit the play must hold."""
        return min(self.led, len(self.hand_x))

    @property
    def met(self) -> bool:
        return len(self.play_x) >= self.needed

    def shortfall(self) -> str:
        """Why the duty is broken, for an explanation."""
        name = suit_name(self.suit)
        return (f"the hand holds {len(self.hand_x)} {name}, so {self.needed} of them must be played; "
                f"the play has {len(self.play_x)}")


def suit_duty(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card]) -> SuitDuty:
    """The suit duty of a follow (``hand`` is the whole hand before ``play``)."""
    suit = rules.suit_of(lead)
    return SuitDuty(suit, len(lead), rules.of_suit(hand, suit), rules.of_suit(play, suit))


def lowest_first(rules: Ruleset, cards: Sequence[Card]) -> list[Card]:
    """Lowest first; equal cards (level cards of different suits) in a fixed order."""
    lows = rules.lows
    return sorted(cards, key=lambda c: lows[c.code])


def top_up(
    rules: Ruleset, chosen: Sequence[Card], suit: int, hand: Sequence[Card], n: int,
    of_suit: Sequence[Card] | None = None,
) -> list[Card]:
    """``chosen``, then the lowest cards of ``suit`` left in the hand, then the lowest others
    (side suits before trump), up to ``n`` cards in all; sorted for output. ``of_suit``: the
    hand's cards of ``suit`` in hand order, when the caller has them (:attr:`SuitDuty.hand_x`).

    Linear in the hand, then a sort of what is left: ``O(h log h)`` for a hand of ``h`` cards.
    """
    left: Sequence[Card] = hand
    if chosen:
        taken: dict[int, int] = {}
        for card in chosen:
            taken[card.code] = taken.get(card.code, 0) + 1
        left = []
        for card in hand:
            if taken.get(card.code):
                taken[card.code] -= 1
            else:
                left.append(card)
    suits, discards = rules.suits, rules.discards
    play = list(chosen)
    if len(play) < n:
        held = of_suit if of_suit is not None and not chosen else [c for c in left if suits[c.code] == suit]
        in_suit = lowest_first(rules, held)
        play.extend(in_suit[: n - len(play)])
    if len(play) < n:
        others = sorted((c for c in left if suits[c.code] != suit), key=lambda c: discards[c.code])
        play.extend(others[: n - len(play)])
    return rules.sorted(play)
