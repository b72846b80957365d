"""Claims: what an engine says it implements, the cases that follow, and the claim earned.

An engine declares its claim in a small JSON file (schema:
``schema/claim.schema.json``; INTERPRETING.md, "Claims")::

    {"engine": "toy 0.1", "variants": ["qq-two-deck"], "features": ["throws"]}

The runner then runs exactly the cases the claim covers (:func:`covered`),
and when every one of them passes prints the claim earned:
``conformant: qq-two-deck core + throws, suite 2.0.0``.

A case *needs* an optional feature when it carries one of the feature's tags
(or, for ``profiles``, is a case of a compatibility profile). The optional
features, and the scope ``single-card-leads``, are tables over the closed
list of tags, and the question kinds come from the proto's ``Question``
oneof: a new kind or tag needs no code here.

>>> claim = parse_claim({"variants": ["qq-two-deck"], "features": ["throws"]}, ["qq-two-deck"])
>>> claim.describe("2.0.0")
'qq-two-deck core + throws, suite 2.0.0'
>>> parse_claim({"variants": ["qq-two-dek"]}, ["qq-two-deck"])
Traceback (most recent call last):
...
conformance.claims.ClaimError: claim: unknown variant 'qq-two-dek' (known: qq-two-deck)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.cases import KINDS, Case, readings

FEATURES: dict[str, tuple[str, frozenset[str]]] = {
    "throws": ("leads of several units (甩牌): their check, the forced unit and penalties",
               frozenset({"throw", "forced-unit", "penalty"})),
    "bombs": ("units of larger tuples outranking tractors of the same card count",
              frozenset({"larger-tuples"})),
    "custom-variants": ("a room's own variant sent in the question (Context.custom_variant)",
                        frozenset({"custom-variant"})),
    "error-reporting": ("malformed questions answered INVALID_ARGUMENT with the field paths",
                        frozenset({"error"})),
    "profiles": ("the upstream quirks of the compatibility profiles (profile/ cases)", frozenset()),
    "deprecated-forms": ("the deprecated forms still answered: a variant and level outside the context",
                         frozenset({"deprecated-form"})),
}
"""The optional features: name -> (meaning, the tags of the cases that need it)."""

PROFILE_PREFIX = "profile/"
"""The id prefix of a compatibility profile's own cases (the ``profiles`` feature)."""

MULTI_CARD_TAGS = frozenset({
    "pairs", "tractor", "trump-tractor", "bridged-gap", "throw", "triples", "quads", "titanic",
    "follow-ladder", "larger-tuples", "ace-either-end", "forced-unit", "penalty",
})
"""Tags of cases beyond the scope ``single-card-leads`` (a unit of several cards matters)."""

SCOPES: dict[str, str] = {
    "core": "every case of the claimed variants and question kinds that needs no optional feature",
    "single-card-leads": "the core cases in which no unit of several cards matters "
                         "(none of the tags " + ", ".join(sorted(MULTI_CARD_TAGS)) + ")",
}
"""How much of each claimed variant the claim covers."""

CLAIM_KEYS = frozenset({"$schema", "engine", "variants", "questions", "features", "scope",
                        "alternatives", "stdio_protocol", "regression"})


class ClaimError(ValueError):
    """A claim file that cannot be used: it names the bad key or value."""


@dataclass(frozen=True)
class Claim:
    """What an engine claims to implement."""

    variants: tuple[str, ...]
    questions: tuple[str, ...] = KINDS
    features: tuple[str, ...] = ()
    scope: str = "core"
    alternatives: dict[str, str] = field(default_factory=dict)
    engine: str = ""
    stdio_protocol: int | None = None
    regression: bool = False

    def needs(self, case: Case) -> list[str]:
        """The optional features a case needs that this claim lacks (empty: the case applies)."""
        lacking = [name for name, (_, tags) in FEATURES.items()
                   if name not in self.features and (set(case.tags) & tags)]
        if "profiles" not in self.features and case.id.startswith(PROFILE_PREFIX):
            lacking.append("profiles")
        return lacking

    def covers(self, case: Case, shipped_variants: Iterable[str]) -> bool:
        """Whether the case is one the claim requires to pass."""
        if case.set == "regression" and not self.regression:
            return False
        if case.set == "alternatives" and self.alternatives.get(case.reading) != case.choice:
            return False
        if case.kind is not None and case.kind not in self.questions:
            return False
        # A question naming no shipped variant tests only the error reporting.
        unshipped_error = case.expects_error and case.variant not in set(shipped_variants)
        if case.variant not in self.variants and not unshipped_error:
            return False
        if self.needs(case):
            return False
        return not (self.scope == "single-card-leads" and set(case.tags) & MULTI_CARD_TAGS)

    def describe(self, suite_version: str) -> str:
        """The claim in words: ``qq-two-deck core + throws, suite 2.0.0``."""
        scope = "single-card leads" if self.scope == "single-card-leads" else "core"
        if tuple(sorted(self.questions)) != tuple(sorted(KINDS)):
            scope += f" ({', '.join(self.questions)} only)"
        text = f"{', '.join(self.variants)} {scope}"
        text += "".join(f" + {name}" for name in FEATURES if name in self.features)
        text += "".join(f"; reading {r}={c}" for r, c in sorted(self.alternatives.items()))
        return f"{text}, suite {suite_version}"


def _strings(data: dict[str, Any], key: str, allowed: Sequence[str], what: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ClaimError(f"claim: {key!r} must be a list of strings")
    for item in value:
        if item not in allowed:
            raise ClaimError(f"claim: unknown {what} {item!r} (known: {', '.join(allowed)})")
    return tuple(value)


def parse_claim(data: Any, shipped_variants: Sequence[str]) -> Claim:
    """A :class:`Claim` from decoded JSON; :class:`ClaimError` names what is wrong."""
    if not isinstance(data, dict):
        raise ClaimError("claim: a JSON object is expected")
    extra = sorted(set(data) - CLAIM_KEYS)
    if extra:
        raise ClaimError(f"claim: unknown key {extra[0]!r} (known: {', '.join(sorted(CLAIM_KEYS))})")
    variants = _strings(data, "variants", sorted(shipped_variants), "variant")
    if not variants:
        raise ClaimError("claim: 'variants' names no variant")
    questions = _strings(data, "questions", KINDS, "question kind") if "questions" in data else KINDS
    features = _strings(data, "features", list(FEATURES), "feature")
    scope = data.get("scope", "core")
    if scope not in SCOPES:
        raise ClaimError(f"claim: unknown scope {scope!r} (known: {', '.join(SCOPES)})")
    chosen = data.get("alternatives", {})
    if not isinstance(chosen, dict):
        raise ClaimError("claim: 'alternatives' maps a reading to its choice")
    known = readings()
    for reading, choice in chosen.items():
        if reading not in known:
            raise ClaimError(f"claim: unknown reading {reading!r} (known: {', '.join(sorted(known))})")
        if choice not in known[reading]["choices"]:
            raise ClaimError(f"claim: reading {reading!r} has no choice {choice!r} "
                             f"(choices: {', '.join(known[reading]['choices'])})")
    protocol = data.get("stdio_protocol")
    if protocol not in (None, 1, 2):
        raise ClaimError(f"claim: unknown stdio_protocol {protocol!r} (1 or 2)")
    return Claim(variants=variants, questions=questions, features=features, scope=str(scope),
                 alternatives={str(k): str(v) for k, v in chosen.items()},
                 engine=str(data.get("engine", "")), stdio_protocol=protocol,
                 regression=bool(data.get("regression", False)))


def read_claim(path: Path, shipped_variants: Sequence[str]) -> Claim:
    """The claim of a file; :class:`ClaimError` names the file and what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise ClaimError(f"{path}: {err}") from None
    try:
        return parse_claim(data, shipped_variants)
    except ClaimError as err:
        raise ClaimError(f"{path}: {err}") from None


def shipped_variants(cases: Iterable[Case]) -> list[str]:
    """The variants the suite's cases ask about (those of the questions that are not errors)."""
    return sorted({c.variant for c in cases if c.variant and not c.expects_error})


def covered(claim: Claim, cases: Sequence[Case]) -> list[Case]:
    """The cases a claim requires to pass, in suite order."""
    shipped = shipped_variants(cases)
    return [c for c in cases if claim.covers(c, shipped)]
