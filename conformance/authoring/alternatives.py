"""The readings the sources leave open: their cases move out of the normative files.

``conformance/alternatives/readings.json`` names, for each open question, its
choices, the reference engine's choice (``reference``) and the ids of the
authored cases whose answer depends on it. :func:`split` takes those cases out
of the normative files into ``alternatives/<reading>/<reference>.jsonl``
(they keep their ids) and writes each other choice's cases beside them: the
same questions, the answer that choice gives, reasoned in :data:`OTHER_CHOICES`
(ids ``alt/<reading>/<choice>/<name>``).

>>> sorted(OTHER_CHOICES)
[('qq-three-deck-middle-band', 'no-change'), ('two-deck-joker-pairs', 'big-over-small')]
"""

from __future__ import annotations

import copy
from typing import Any

from conformance.cases import readings

Json = dict[str, Any]

OTHER_CHOICES: dict[tuple[str, str], tuple[Json, str]] = {
    ("qq-three-deck-middle-band", "no-change"): (
        {"scoreDeal": {"side": "SIDE_NEITHER", "levels": 0, "attackersTakeDeal": False}},
        ("Reading no-change: the text names 小光 below 60 and 上台 at 120 and nothing between, so "
         "between them nobody goes up; the attackers did not reach 120, so the banker's side keeps "
         "the deal and the banker's partner deals next, as after any deal the banker's side keeps."),
    ),
    ("two-deck-joker-pairs", "big-over-small"): (
        {"compareDeclarations": {"overrides": True}},
        ("Reading big-over-small: as in the four-deck reply, a pair of big jokers outranks a pair "
         "of small jokers, so it overrides; both declare no trump."),
    ),
}
"""(reading, choice) -> (the fields of the expected answer that choice changes, the why)."""


def _merge(expected: Json, changes: Json) -> Json:
    out = copy.deepcopy(expected)
    for kind, fields in changes.items():
        out[kind].update(fields)
    return out


def _other(case: Json, reading: str, choice: str) -> Json:
    changes, why = OTHER_CHOICES[(reading, choice)]
    name = case["id"].rsplit("/", 2)
    alt: Json = {key: value for key, value in case.items() if key not in ("seed", "negative", "why")}
    alt["id"] = f"alt/{reading}/{choice}/{name[-2]}-{name[-1]}"
    alt["expected"] = _merge(case["expected"], changes)
    alt["origin"] = "hand"
    alt["why"] = why
    return alt


def split(files: dict[str, list[Json]]) -> dict[str, list[Json]]:
    """The authored files with each reading's cases moved to ``alternatives/<reading>/<choice>.jsonl``."""
    out = {name: list(cases) for name, cases in files.items()}
    for reading, spec in readings().items():
        ids = set(spec["cases"])
        moved: list[Json] = []
        for name, cases in out.items():
            moved += [c for c in cases if c["id"] in ids]
            out[name] = [c for c in cases if c["id"] not in ids]
        missing = ids - {c["id"] for c in moved}
        if missing:
            raise ValueError(f"readings.json, {reading}: no authored case {min(missing)!r}")
        out[f"alternatives/{reading}/{spec['reference']}.jsonl"] = moved
        for choice in spec["choices"]:
            if choice != spec["reference"]:
                out[f"alternatives/{reading}/{choice}.jsonl"] = [_other(c, reading, choice) for c in moved]
    return out
