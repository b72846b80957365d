"""What a fuzz run found: conformance case lines (the author's regression file) and a report.

Each disagreement, shrunk, becomes one line of the case format (INTERPRETING.md section 2): the
question, the reference's answer on the compared paths as ``expected``, the rules the reference
cites, and in ``why`` the fields that differ, what the engine answered, the seed and the sizes.
The runner replays the file with ``--cases found.jsonl``: a fixed engine passes it.

>>> notation({"checkFollow": {"context": {"variantId": "qq-two-deck", "level": "RANK_TEN",
...     "trumpSuit": "SUIT_HEARTS"}, "lead": [{"rank": "RANK_ACE", "suit": "SUIT_SPADES"}],
...     "hand": [{"rank": "RANK_TWO", "suit": "SUIT_SPADES"}, {"rank": "RANK_BIG_JOKER"}],
...     "play": [{"rank": "RANK_BIG_JOKER"}]}})
'qq-two-deck, playing 10, trump H | lead: AS | hand: 2S BJ | play: BJ'
"""

from __future__ import annotations

import hashlib
import json
import re
import shlex
from collections import Counter
from collections.abc import Sequence
from typing import Any

from google.protobuf import json_format

from conformance import SUITE_VERSION
from conformance.compare import normalise, show
from conformance.fuzz.search import Finding, Tally
from conformance.targets import Failure

_LEVEL = {"RANK_ACE": "A", "RANK_KING": "K", "RANK_QUEEN": "Q", "RANK_JACK": "J", "RANK_TEN": "10",
          "RANK_NINE": "9", "RANK_EIGHT": "8", "RANK_SEVEN": "7", "RANK_SIX": "6", "RANK_FIVE": "5",
          "RANK_FOUR": "4", "RANK_THREE": "3", "RANK_TWO": "2"}


def _context_text(context: dict[str, Any]) -> str:
    custom = context.get("customVariant", {})
    decks = custom.get("deal", {}).get("decks")
    room = context.get("variantId") or f"room {custom.get('id', '')}" + (f" ({decks} deck{'s' if decks != 1 else ''})" if decks else "")
    parts = [str(room)]
    if context.get("level"):
        parts.append(f"playing {_LEVEL.get(context['level'], context['level'])}")
    if context.get("trumpSuit"):
        parts.append(f"trump {context['trumpSuit'].removeprefix('SUIT_')[0]}")
    elif context.get("noTrump"):
        parts.append("no trump")
    return ", ".join(parts)


def _value_text(value: Any) -> str:
    if isinstance(value, list) and value and all(isinstance(v, dict) and "plays" in v for v in value):
        return " / ".join(_value_text(v["plays"]) for v in value)
    if isinstance(value, list) and value and all(isinstance(v, dict) and "cards" in v for v in value):
        return "; ".join(f"seat {v.get('seat', 0)}: {show(v['cards']) if v['cards'] else '-'}" for v in value)
    if isinstance(value, dict) and "cards" in value:
        return f"seat {value.get('seat', 0)}: {show(value['cards'])}"
    if isinstance(value, list):
        return show(value) if value else "-"
    return str(value)


def _words(name: str) -> str:
    return re.sub(r"([A-Z])", r" \1", name).lower()


def notation(question: dict[str, Any]) -> str:
    """A question in the card notation (docs/notation.md), for people."""
    body = next(iter(question.values()))
    body = body.get("record", body)  # a deal record: its context, hands, bottom and tricks
    parts = [_context_text(body.get("context", {}))]
    parts += [f"{_words(k)}: {_value_text(v)}" for k, v in body.items() if k != "context"]
    return " | ".join(parts)


def _answer_json(answer: Any) -> dict[str, Any]:
    if isinstance(answer, Failure) or answer is None:
        return {}
    result: dict[str, Any] = json_format.MessageToDict(answer)
    return result


def case_id(finding: Finding) -> str:
    """A stable id: the kind, the room and a digest of the question."""
    outcome = finding.outcome
    digest = hashlib.sha256(json.dumps(outcome.question, sort_keys=True).encode()).hexdigest()[:12]
    room = re.sub(r"[^A-Za-z0-9_.-]", "-", outcome.room) or "room"
    return f"gen/fuzz/{outcome.kind}/{room}/{digest}"


def generator(seed: int) -> str:
    """The ``generator`` of a case line the fuzz writes (case.schema.json accepts it).

    >>> generator(7).endswith(" seed=7"), generator(7).startswith("shengji-conformance fuzz@")
    (True, True)
    """
    return f"shengji-conformance fuzz@{SUITE_VERSION} seed={seed}"


def case_line(finding: Finding, engine: str, asked: str = "the reference") -> dict[str, Any]:
    """The finding as a case of the suite's format (``oracle_version`` names the reference asked)."""
    outcome = finding.outcome
    reference = _answer_json(outcome.reference)
    kind_json = next(iter(reference), "")
    rules = [str(r) for r in reference.get(kind_json, {}).get("ruleIds", [])]
    body = next(iter(outcome.question.values()))
    custom = "customVariant" in body.get("record", body).get("context", {})
    differences = "; ".join(str(m) for m in outcome.mismatches)
    why = (f"Found by shengji-conformance fuzz (seed {finding.seed}) against {engine}, after "
           f"{finding.examples} questions; shrunk from {finding.first_size} cards to {finding.size}. "
           f"The reference's answer is expected; the engine differed: {differences}.")
    return {
        "id": case_id(finding), "variant": outcome.room, "question": outcome.question,
        "expected": normalise(outcome.reference, outcome.compare), "compare": list(outcome.compare),
        "rules": rules, "tags": [outcome.kind, *(["custom-variant"] if custom else [])],
        "origin": "generated", "generator": generator(finding.seed), "oracle_version": asked,
        "notation": notation(outcome.question), "why": why,
    }


def replay_command(engine_args: Sequence[str], out: str, finding: Finding) -> str:
    """The command that runs the finding again from the written file."""
    return shlex.join(["shengji-conformance", *engine_args, "--cases", out, "--id", case_id(finding)])


def report_lines(findings: Sequence[Finding], tally: Tally, seconds: float, *, seed: int, engine: str,
                 reference: str, engine_args: Sequence[str], out: str) -> list[str]:
    """The report: totals, disagreements by kind and rule id, then each one with its replay command."""
    totals = (f"fuzz: {tally.compared} questions compared against {engine} (reference {reference}), "
              f"{tally.refused} refused by the reference, {tally.unsupported} unsupported by the engine, "
              f"{tally.shrinking} asked while shrinking; {seconds:.1f} s, seed {seed}")
    lines = [totals, f"fuzz: {len(findings)} disagreement{'s' if len(findings) != 1 else ''}"]
    if not findings:
        return lines
    by_rule: Counter[tuple[str, str]] = Counter()
    for finding in findings:
        rules = case_line(finding, engine)["rules"] or ["(none cited)"]
        for rule in rules:
            by_rule[(finding.outcome.kind, rule)] += 1
    lines.append("by kind and rule id (the reference's rules on the shrunk questions):")
    lines += [f"  {kind:<22}{rule:<34}{n}" for (kind, rule), n in sorted(by_rule.items())]
    for number, finding in enumerate(findings, start=1):
        outcome = finding.outcome
        lines.append(f"#{number} {case_id(finding)}: {outcome.kind} in {outcome.room}, first after "
                     f"{finding.examples} questions, shrunk from {finding.first_size} to {finding.size} cards")
        lines.append(f"    {notation(outcome.question)}")
        lines += [f"    {m}" for m in outcome.mismatches]
        lines.append(f"    replay: {replay_command(engine_args, out, finding)}")
    return lines
