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

>>> body = {"lead": [1, 2], "play": [3, 4], "hand": [3, 4, 5]}
>>> [sorted((k, len(v)) for k, v in c.items()) for c in candidates_of(body, ("lead", "play"))][:2]
[[('hand', 3), ('lead', 1), ('play', 1)], [('hand', 3), ('lead', 1), ('play', 1)]]
>>> len(candidates_of(body, ("lead", "play")))
9
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
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


def trim(asker: Asker, outcome: Outcome) -> Outcome:
    """The outcome with as many cards taken out as can be while it disagrees the same way."""
    best = outcome
    for _ in range(MAX_PASSES):
        kind_json, body = next(iter(best.question.items()))
        tries = [{kind_json: c} for c in candidates_of(body, TIED.get(kind_json, ()))]
        if not tries:
            return best
        found = next((o for o in asker.ask(tries, counting=False)
                      if o.mismatches and o.signature == best.signature), None)
        if found is None:
            return best
        best = found
    return best
