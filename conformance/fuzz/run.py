"""A fuzz run: rounds of :func:`conformance.fuzz.search.one_round` until the budget is spent.

Each round has its own seed (derived from the run's), so a run is repeatable. A disagreement
found is shrunk by Hypothesis, then deck by deck and card by card (:func:`conformance.fuzz.shrink.trim`), and kept with its signature, and later rounds look past it: a run lists one shrunk question
per distinct disagreement (kind, room, fields that differ), not the same bug many times. The
budget is questions compared (``examples``) or seconds, whichever ends first.

>>> round_seed(7, 0) != round_seed(7, 1)
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import strategies as st

from conformance.fuzz.search import Asker, Finding, Signature, one_round
from conformance.fuzz.shrink import trim

ROUND_EXAMPLES = 30
"""Batches one round generates before it gives up and the next round starts afresh."""

IDLE_ROUNDS = 5
"""Rounds in a row that compare no question at all before the run stops (all refused)."""


def round_seed(seed: int, number: int) -> int:
    """The seed of one round of a run."""
    return seed * 1_000_003 + number


def fuzz(asker: Asker, strategy: st.SearchStrategy[dict[str, Any]], *, examples: int = 0, seconds: float = 0.0,
         seed: int = 0, batch: int = 20, max_findings: int = 0,
         on_finding: Callable[[Finding], None] | None = None,
         catalogue: Mapping[str, Mapping[str, Any]] | None = None) -> tuple[list[Finding], str]:
    """Findings until ``examples`` questions were compared or ``seconds`` passed; and why it stopped.

    ``catalogue``: the catalogue variants the shrinking may send with fewer decks as a room's own
    (only when the engine claims custom variants).
    """
    start = time.perf_counter()
    findings: list[Finding] = []
    known: set[Signature] = set()
    idle = 0
    number = 0
    while True:
        if examples and asker.tally.compared >= examples:
            return findings, f"{examples} questions compared"
        if seconds and time.perf_counter() - start >= seconds:
            return findings, f"{seconds:g} s passed"
        if max_findings and len(findings) >= max_findings:
            return findings, f"{max_findings} disagreements found"
        if idle >= IDLE_ROUNDS:
            return findings, "the reference refused every question of the last rounds"
        before = asker.tally.compared
        finding = one_round(asker, strategy, examples=ROUND_EXAMPLES, batch=batch,
                            seed=round_seed(seed, number), known=known, start=start)
        number += 1
        idle = idle + 1 if asker.tally.compared == before else 0
        if finding is not None:
            finding.outcome = trim(asker, finding.outcome, catalogue)
            findings.append(finding)
            known.add(finding.outcome.signature)
            if on_finding is not None:
                on_finding(finding)
