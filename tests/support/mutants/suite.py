"""The shipped suite, parsed once per test process (tests/conformance/test_conformance*.py and test_mutants.py).

>>> len(prepared("seed")) > 0
True
"""

from __future__ import annotations

from functools import lru_cache

from conformance import PACKAGE_DIR
from conformance.cases import load_suite, read_patterns
from conformance.runner import Prepared, prepare

KNOWN_FAILING_FILE = PACKAGE_DIR / "known-failing-oracle.txt"
"""The cases this project's engine is known to fail."""

KNOWN_FAILING = tuple(read_patterns(KNOWN_FAILING_FILE))


@lru_cache(maxsize=1)
def everything() -> tuple[Prepared, ...]:
    """Every shipped case of the normative and regression sets, ready to run."""
    return tuple(prepare(load_suite(["normative", "regression"])))


def prepared(*origins: str) -> list[Prepared]:
    """The shipped cases of these origins (all of them when none is given)."""
    return [p for p in everything() if not origins or p.case.origin in origins]
