"""Each seat's cards as the replay goes: which cards of a play a seat does not hold (rule
``play.held``), and the cards taken out of its hand once played, in place.

Every hand keeps its cards in dealt order beside their codes (:attr:`oracle.cards.Card.code`),
so a card is found by its code in C, and a play is taken out without rebuilding the hand.

>>> from oracle.cards import format_cards, parse_cards as p
>>> hands = Hands([p("AS AS 3C"), p("4D")])
>>> format_cards(hands.unheld(0, p("AS 3C 3C 4D")))
'3C 4D'
>>> hands.play(0, p("AS 3C"))
>>> format_cards(hands.cards[0]), hands.left()
('AS', {0: 1, 1: 1})
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.ruleset import SeatPlay


class Hands:
    """The cards each seat holds (seats ``0`` to ``len(hands) - 1``), changed as it plays."""

    def __init__(self, hands: Sequence[Sequence[Card]]) -> None:
        self.cards: list[list[Card]] = [list(hand) for hand in hands]
        """Each seat's cards, in the order dealt (the engine's questions read them)."""
        self._codes = [[card.code for card in hand] for hand in hands]

    def unheld(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """The cards of ``cards`` beyond those ``seat`` holds (each copy counts), sorted."""
        codes = self._codes[seat]
        if len(cards) == 1:
            return [] if cards[0].code in codes else list(cards)
        shown: dict[int, int] = {}
        over = []
        for card in cards:
            count = shown[card.code] = shown.get(card.code, 0) + 1
            if count > codes.count(card.code):
                over.append(card)
        return sorted(over)

    def play(self, seat: int, cards: Sequence[Card]) -> None:
        """Take ``cards``, all held (:meth:`unheld` is empty), out of ``seat``'s hand."""
        codes, hand = self._codes[seat], self.cards[seat]
        for card in cards:
            i = codes.index(card.code)
            del codes[i]
            del hand[i]

    def others(self, seat: int) -> list[SeatPlay]:
        """The other seats' hands as they stand, in play order after ``seat``."""
        players = len(self.cards)
        return [SeatPlay(s, tuple(self.cards[s]))
                for s in ((seat + k) % players for k in range(1, players))]

    def left(self) -> dict[int, int]:
        """The seats that still hold cards, and how many."""
        return {seat: len(hand) for seat, hand in enumerate(self.cards) if hand}
