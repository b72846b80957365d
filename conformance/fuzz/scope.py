"""What an engine is asked: its claim read for generation (INTERPRETING.md, "Claims").

The claim's question kinds, its features and its scope become a generation :class:`Scope`
(``throws``: throws and CheckThrow; ``bombs``: followers' tuples larger than the lead's;
``single-card-leads``: single cards only; ``custom-variants``: needed for ``--room``). Its
readings decide which questions are left out: a reading the sources leave open
(``alternatives/readings.json``) whose choice in the claim is not the reference's is never asked
about, since the reference answers with its own choice.

>>> scope_of(None, ["check_throw"])
Scope(kinds=('check_throw',), throws=True, bombs=True, single_cards=False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from conformance.claims import Claim
from conformance.fuzz.deck import Room
from conformance.fuzz.generate import GENERATED_KINDS, Scope

Question = dict[str, Any]


def _middle_band(question: Question) -> bool:
    """QQ's three-deck table has no band for 60 to 115 attacker points (readings.json)."""
    body = question.get("scoreDeal")
    if body is None or body.get("context", {}).get("variantId") != "qq-three-deck":
        return False
    return 60 <= int(body.get("attackerPoints", 0)) < 120


def _joker_pairs(question: Question) -> bool:
    """Two-deck joker pairs on joker pairs: one rung or big over small (readings.json)."""
    body = question.get("compareDeclarations")
    if body is None:
        return False
    declared = [body.get(side, {}).get("cards", []) for side in ("standing", "challenger")]
    return all(cards and all("JOKER" in str(c.get("rank")) for c in cards) for cards in declared)


READINGS: dict[str, Callable[[Question], bool]] = {
    "qq-three-deck-middle-band": _middle_band,
    "two-deck-joker-pairs": _joker_pairs,
}
"""Each open reading and the questions whose answer depends on it."""


def scope_of(claim: Claim | None, kinds: Sequence[str] = ()) -> Scope:
    """The generation scope of a claim (every kind and feature without one), narrowed to ``kinds``.

    >>> scope_of(Claim(variants=("qq-two-deck",), questions=("check_follow",), scope="single-card-leads"))
    Scope(kinds=('check_follow',), throws=False, bombs=False, single_cards=True)
    """
    wanted = [k for k in GENERATED_KINDS if not kinds or k in kinds]
    if claim is None:
        return Scope(tuple(wanted))
    return Scope(tuple(k for k in wanted if k in claim.questions), throws="throws" in claim.features,
                 bombs="bombs" in claim.features, single_cards=claim.scope == "single-card-leads")


def left_out(claim: Claim | None, references: Mapping[str, str]) -> Callable[[Question], bool]:
    """Whether a question depends on a reading the claim chooses otherwise than the reference.

    ``references`` maps each reading to the reference's choice. Without a claim nothing is left out.

    >>> out = left_out(Claim(variants=("qq-three-deck",)), {"qq-three-deck-middle-band": "banker-up-one"})
    >>> out({"scoreDeal": {"context": {"variantId": "qq-three-deck"}, "attackerPoints": 80}})
    True
    >>> out({"scoreDeal": {"context": {"variantId": "qq-three-deck"}, "attackerPoints": 120}})
    False
    """
    if claim is None:
        return lambda question: False
    tests = [test for reading, test in READINGS.items()
             if claim.alternatives.get(reading) != references.get(reading)]
    return lambda question: any(test(question) for test in tests)


def resendable(claim: Claim | None, rooms: Sequence[Room]) -> dict[str, Mapping[str, Any]]:
    """The catalogue variants (by id) the shrinking may send with fewer decks as a room's own
    variant: every one, unless the claim lacks the ``custom-variants`` feature (then none).

    >>> room = Room.of({"id": "qq-two-deck", "deal": {"decks": 2}})
    >>> list(resendable(None, [room])), resendable(Claim(variants=("qq-two-deck",)), [room])
    (['qq-two-deck'], {})
    """
    if claim is not None and "custom-variants" not in claim.features:
        return {}
    return {room.variant_id: room.variant for room in rooms if not room.custom}
