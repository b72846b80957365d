"""The last step of shrinking: cards taken out one at a time while the disagreement stays.

Hypothesis shrinks the draws a question was built from; what it leaves may still hold cards
that play no part (a card in a hand, a unit of a throw). :func:`trim` then tries every question
with one card fewer, all of them in one batch to both engines: the question with one card out
of one list (a hand, the bottom, another hand), and, for lists that must stay of one length (a
lead and its follow, the plays of a trick), one card out of each of them, or up to a unit's
worth off the end or the start of each. The first candidate
that still disagrees the same way (same kind, room and differing fields) is kept, and the next
pass starts from it, until no card can go. The reference refuses a candidate that is no longer
a valid question (a follow of another length, a play not held): refused ones never count.

Each pass first tries the room with one deck fewer (:func:`fewer_decks`): a room's own variant
with its deal made for fewer decks, or a catalogue variant sent as such a ``custom_variant``
when the engine's claim allows custom variants (``catalogue``). It is kept only if the question
still fits (the reference answers it) and still disagrees the same way.

>>> body = {"lead": [1, 2], "play": [3, 4], "hand": [3, 4, 5]}
>>> [sorted((k, len(v)) for k, v in c.items()) for c in candidates_of(body, ("lead", "play"))][:2]
[[('hand', 3), ('lead', 1), ('play', 1)], [('hand', 3), ('lead', 1), ('play', 1)]]
>>> len(candidates_of(body, ("lead", "play")))
9
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

from conformance.fuzz.search import Asker, Outcome

TIED: dict[str, tuple[str, ...]] = {
    "checkFollow": ("lead", "play"),
    "listLegalPlays": (),
    "judgeTrick": ("plays",),
    "scoreBottom": ("lastTrick",),
}
"""Card lists that must keep one length: a lead and its follow, the plays of a trick."""

MAX_UNIT = 4
"""The most cards taken off the end (or the start) of every tied list at once: a unit of them."""

MAX_PASSES = 60
"""The most passes (cards taken out) of one trim."""


def _card_lists(body: dict[str, Any]) -> Iterator[tuple[str, list[Any]]]:
    """Each list of cards in a question's body, by a path of keys and indices."""
    for key, value in body.items():
        if key == "context" or not isinstance(value, (list, dict)):
            continue
        if isinstance(value, dict) and isinstance(value.get("cards"), list):
            yield f"{key}.cards", value["cards"]
        elif isinstance(value, list) and value and isinstance(value[0], dict) and "cards" in value[0]:
            for i, item in enumerate(value):
                yield f"{key}.{i}.cards", item["cards"]
        elif isinstance(value, list):
            yield key, value


def _at(body: dict[str, Any], path: str) -> list[Any]:
    node: Any = body
    for step in path.split("."):
        node = node[int(step)] if step.isdigit() else node[step]
    result: list[Any] = node
    return result


def candidates_of(body: dict[str, Any], tied: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every body with one card fewer: in the tied lists one card out of each, else out of one list."""
    lists = dict(_card_lists(body))
    group = [p for p in lists if p.split(".")[0] in tied]
    out: list[dict[str, Any]] = []
    if group:
        length = min(len(lists[p]) for p in group)
        first, rest = group[0], group[1:]
        for take in range(min(length - 1, MAX_UNIT), 0, -1):  # a unit off the end or the start of each
            for cut in (slice(-take, None), slice(0, take)):
                body_copy = copy.deepcopy(body)
                for path in group:
                    del _at(body_copy, path)[cut]
                out.append(body_copy)
        for i in range(length):  # the same position of every tied list, then any card of the first's follow
            for j in (range(length) if len(rest) == 1 else [i]):
                body_copy = copy.deepcopy(body)
                del _at(body_copy, first)[i]
                for path in rest:
                    del _at(body_copy, path)[j]
                out.append(body_copy)
    for path, cards in lists.items():
        if path in group:
            continue
        for i in range(len(cards)):
            if i and cards[i] == cards[i - 1]:
                continue  # the same card as the one before: the same candidate
            body_copy = copy.deepcopy(body)
            del _at(body_copy, path)[i]
            out.append(body_copy)
    return out


def _get(message: Mapping[str, Any], name: str) -> Any:
    """A field of a variant in the proto3 JSON mapping, by its lowerCamelCase or snake_case name."""
    snake = "".join("_" + ch.lower() if ch.isupper() else ch for ch in name)
    return message.get(name, message.get(snake))


def deal_for(variant: Mapping[str, Any], decks: int) -> dict[str, Any] | None:
    """The variant dealt with ``decks`` decks: the same players, the bottom at most as large, every
    hand of one size (the cards add up, as oracle/variants/checks.py requires), and the limits that
    depend on the decks brought within them (a tractor's tuple size, a rainbow's cards, the points);
    ``None`` when no bottom as small makes the cards add up (no bottom, 3 decks, 4 players).

    >>> v = deal_for({"id": "r", "deal": {"decks": 2, "players": 4, "handSize": 25, "bottomSize": 8},
    ...               "levelTable": {"totalPoints": 200}, "tractors": {"minTupleSize": 2}}, 1)
    >>> v["deal"], v["levelTable"]["totalPoints"]
    ({'players': 4, 'handSize': 12, 'bottomSize': 6, 'decks': 1}, 100)
    >>> deal_for({"deal": {"decks": 4, "players": 4, "handSize": 54}}, 3) is None
    True
    """
    out = copy.deepcopy(dict(variant))
    deal = out.setdefault("deal", {})
    old = int(_get(deal, "decks") or 0)
    players = int(_get(deal, "players") or 4)
    most = min(int(_get(deal, "bottomSize") or 0), 54 * decks)
    bottom = next((b for b in range(most, -1, -1) if (54 * decks - b) % players == 0), None)
    if bottom is None:  # no bottom at most as large: the deal needs another number of decks
        return None
    for name in ("decks", "hand_size", "bottom_size"):
        deal.pop(name, None)
    deal.update(decks=decks, handSize=(54 * decks - bottom) // players, bottomSize=bottom)
    table, tractors, formats = out.get("levelTable"), out.get("tractors"), out.get("compoundFormats")
    if isinstance(table, dict) and old and int(_get(table, "totalPoints") or 0) == 100 * old:
        table.pop("total_points", None)
        table["totalPoints"] = 100 * decks
    if isinstance(tractors, dict) and int(_get(tractors, "minTupleSize") or 0) > max(2, decks):
        tractors.pop("min_tuple_size", None)
        tractors["minTupleSize"] = max(2, decks)
    if isinstance(formats, dict) and int(_get(formats, "rainbowMinCards") or 0) > 4 * decks:
        formats.pop("rainbow_min_cards", None)
        formats["rainbowMinCards"] = 4 * decks
    return out


def fewer_decks(body: dict[str, Any], catalogue: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
    """The question's body in its room with one deck fewer (or the most below that a deal fits), sent
    as ``custom_variant``; ``None`` when the room has one deck, or is a catalogue variant not in
    ``catalogue`` (the claim allows no room).

    >>> room = {"id": "r", "deal": {"decks": 3, "players": 4, "handSize": 39, "bottomSize": 6}}
    >>> fewer_decks({"context": {"variantId": "r", "level": "RANK_TWO"}, "cards": []}, {"r": room})["context"]
    {'level': 'RANK_TWO', 'customVariant': {'id': 'r', 'deal': {'players': 4, 'handSize': 26, 'bottomSize': 4, 'decks': 2}}}
    >>> fewer_decks({"context": {"variantId": "r"}}, {}) is None
    True
    """
    context = body.get("context", {})
    variant = context.get("customVariant") or catalogue.get(str(context.get("variantId", "")))
    decks = int(_get(_get(variant, "deal") or {}, "decks") or 0) if variant else 0
    dealt = next(filter(None, (deal_for(variant, d) for d in range(decks - 1, 0, -1))), None) if variant else None
    if dealt is None:
        return None
    smaller = copy.deepcopy(body)
    smaller["context"] = {k: v for k, v in context.items() if k not in ("variantId", "customVariant")}
    smaller["context"]["customVariant"] = dealt
    return smaller


def trim(asker: Asker, outcome: Outcome, catalogue: Mapping[str, Mapping[str, Any]] | None = None) -> Outcome:
    """The outcome with as few decks and as many cards taken out as can be while it disagrees the same way.

    ``catalogue``: the catalogue variants (by id) that may be sent as a room's own variant.
    """
    best = outcome
    for _ in range(MAX_PASSES):
        kind_json, body = next(iter(best.question.items()))
        smaller = fewer_decks(body, catalogue or {})
        tries = [{kind_json: smaller}] if smaller is not None else []
        tries += [{kind_json: c} for c in candidates_of(body, TIED.get(kind_json, ()))]
        if not tries:
            return best
        found = next((o for o in asker.ask(tries, counting=False)
                      if o.mismatches and o.signature == best.signature), None)
        if found is None:
            return best
        best = found
    return best
