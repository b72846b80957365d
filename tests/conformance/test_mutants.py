"""Proof that the conformance suite catches wrong rule implementations.

Each mutant of tests/support/mutants/ breaks one rule of the engine; the suite runs
in-process under it and at least one case must fail. The seed and hand cases
(the profile cases among them) run first; the generated ones only for a mutant
they did not catch. The GetVariant cases are left out: a mutant that edits the
variants in memory would show in them, and the point is that the rules' answers
catch it. The table of mutants, what each breaks and the number of cases that
caught it is printed (``pytest -s`` shows it).
"""

from __future__ import annotations

import time

from conformance.runner import Prepared, run
from conformance.targets import InProcessTarget
from oracle.dispatch.strategies import REGISTRIES
from tests.support.mutants import CARD_KEYS, MUTANTS, VARIANTS, Mutant
from tests.support.mutants.suite import KNOWN_FAILING, prepared


def _cases(*origins: str) -> list[Prepared]:
    """The cases run under each mutant; the whole-deal audits ask the same engine questions as
    the single ones, a hundred times over, so they are left to the suite's own tests."""
    return [p for p in prepared(*origins) if "get_variant" not in p.case.tags
            and "audit_deal" not in p.case.tags]


def caught(mutant: Mutant) -> tuple[int, str, float]:
    """How many cases fail under the mutant (beyond the engine's known failures), and which ran."""
    start = time.perf_counter()
    with mutant.patch():
        for origins in (("seed", "hand"), ("generated",)):
            report = run(_cases(*origins), InProcessTarget(), known_failing=KNOWN_FAILING)
            failed = sum(1 for r in report.results if not r.ok)
            if failed:
                return failed, "+".join(origins), time.perf_counter() - start
    return 0, "all", time.perf_counter() - start


def test_mutants_cover_every_registry_and_profile() -> None:
    """Some mutant breaks a strategy of every registry, and of each compatibility profile."""
    targets = {m.target for m in MUTANTS}
    assert not [r.path for r in REGISTRIES if r.path not in targets]
    assert {VARIANTS, CARD_KEYS} <= targets
    assert {"rbtying", "botzone"} <= {m.profile for m in MUTANTS}
    assert all(m.target in {r.path for r in REGISTRIES} for m in MUTANTS if m.profile)
    assert len({m.name for m in MUTANTS}) == len(MUTANTS)


def test_every_mutant_is_caught() -> None:
    """Every mutant makes some case fail; the engine itself passes the same cases."""
    baseline = run(_cases(), InProcessTarget(), known_failing=KNOWN_FAILING)
    assert baseline.ok, [r.case.id for r in baseline.results if not r.ok][:10]
    rows = [(m, *caught(m)) for m in MUTANTS]
    name_width = max(len(m.name) for m in MUTANTS)
    target_width = max(len(m.target) for m in MUTANTS)
    table = [f"{'mutant':<{name_width}}  {'target':<{target_width}}  {'cases caught':>12}  {'by':<14} seconds"]
    table += [f"{m.name:<{name_width}}  {m.target:<{target_width}}  {n:>12}  {by:<14} {s:.1f}"
              for m, n, by, s in rows]
    print("\n" + "\n".join(table))
    missed = [m.name for m, n, _, _ in rows if n == 0]
    assert not missed, f"mutants no case catches: {missed}"
    assert len(MUTANTS) >= 20
    after = run(_cases(), InProcessTarget(), known_failing=KNOWN_FAILING)
    assert after.ok, "the engine answers differently after the mutants: a patch was not undone"
