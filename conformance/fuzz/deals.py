"""AuditDeal questions: deal records played out with the reference's legal plays.

A record (proto ``DealRecord``, docs/records.md) is dealt from the room's decks: every hand in
full and the bottom, the banker burying the bottom it took up. Its first tricks (one to
:data:`MOST_TRICKS`) are then played: each lead and each follow is one of the plays the
reference lists as legal (``ListLegalPlays``, its first page), the trick's winner (``JudgeTrick``)
leading the next. Now and then one play is a fault instead: that many cards of the hand as they
come, legal or not. The record is left unfinished (``complete`` false), so the compared fields
are ``clean``, ``complete`` and the first violation's step, seat and rule (INTERPRETING.md,
section 5, ``auditDeal``). Asking the reference makes these questions slower to draw than the
others: they are generated only when the engine's claim includes ``audit_deal``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from conformance.fuzz.deck import Card, Room, cards_json

Ask = Callable[[dict[str, Any]], dict[str, Any]]
"""One question to the reference, in the proto3 JSON mapping, and its answer."""

MOST_TRICKS = 3
"""The most tricks of one record played."""

PAGE = 20
"""The legal plays one choice is made among (the first page of ``ListLegalPlays``)."""


def _card(value: dict[str, Any]) -> Card:
    return str(value["rank"]), str(value.get("suit", ""))


def _take(hand: list[Card], cards: list[Card]) -> None:
    for card in cards:
        hand.remove(card)


def record_strategy(room: Room, ask: Ask, context: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """AuditDeal bodies for one deal context (a level and a trump) of the room."""

    @st.composite
    def records(draw: Callable[[st.SearchStrategy[Any]], Any]) -> dict[str, Any]:
        deck = [card for card, n in sorted(room.deck().items()) for _ in range(n)]
        order = draw(st.permutations(deck))
        size, players = room.hand_size, room.players
        hands = [list(order[i * size:(i + 1) * size]) for i in range(players)]
        bottom = list(order[players * size:players * size + room.bottom_size])
        banker = draw(st.integers(0, players - 1))
        record: dict[str, Any] = {
            "context": context, "bankerSeat": banker,
            "hands": [{"seat": s, "cards": cards_json(h)} for s, h in enumerate(hands)],
            "bottom": cards_json(bottom), "buried": cards_json(bottom), "tricks": []}
        fault = draw(st.integers(0, 3)) == 3
        tricks = draw(st.integers(1, min(MOST_TRICKS, size)))
        leader = banker
        for number in range(tricks):
            plays: list[dict[str, Any]] = []
            for offset in range(players):
                seat = (leader + offset) % players
                hand = hands[seat]
                lead = plays[0]["cards"] if plays else []
                last = number == tricks - 1 and offset == players - 1
                if fault and last:
                    cards = list(hand[:len(lead)])
                else:
                    answer = ask({"listLegalPlays": {"context": context, "hand": cards_json(hand),
                                                     "lead": lead, "pageSize": PAGE}})
                    legal = answer.get("listLegalPlays", {}).get("plays", [])
                    if not legal:
                        return {"record": record}
                    chosen = legal[draw(st.integers(0, len(legal) - 1))]
                    cards = [_card(c) for c in chosen["cards"]]
                _take(hand, cards)
                plays.append({"seat": seat, "cards": cards_json(cards)})
            record["tricks"].append({"plays": plays})
            judged = ask({"judgeTrick": {"context": context, "plays": plays}})
            leader = int(judged.get("judgeTrick", {}).get("winningSeat", leader))
        return {"record": record}

    return records()
