"""The Shengji conformance suite: case files, their schema and a runner.

The data is the contract: ``conformance/cases/*.jsonl`` hold one case per
line, each a question in the proto3 JSON mapping of
``shengji.oracle.v1.Question`` and the answer expected (see INTERPRETING.md).
Any engine, in any language, reads them with a JSON parser. The runner
(:mod:`conformance.runner`, the ``shengji-conformance`` command) is a
convenience on top of the files; it needs ``protobuf`` and ``grpcio`` only.

The sets: ``cases/`` is normative (seed and hand cases), ``regression/`` holds
random deals frozen with the reference engine's answers, ``alternatives/``
the readings the sources leave open.

>>> SUITE_VERSION.count(".")
2
>>> CONTRACT_VERSION
2
>>> (CASES_DIR / "seed.jsonl").name
'seed.jsonl'
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
"""The folder of this package."""

CASES_DIR = PACKAGE_DIR / "cases"
"""The normative case files (``*.jsonl``): the contract."""

REGRESSION_DIR = PACKAGE_DIR / "regression"
"""The regression set: random deals answered by the reference engine, frozen."""

ALTERNATIVES_DIR = PACKAGE_DIR / "alternatives"
"""The readings the sources leave open: ``<reading>/<choice>.jsonl`` and ``readings.json``."""

SCHEMA_PATH = PACKAGE_DIR / "schema" / "case.schema.json"
"""The JSON Schema every line of a case file satisfies."""

CLAIM_SCHEMA_PATH = PACKAGE_DIR / "schema" / "claim.schema.json"
"""The JSON Schema of a claim file (the features an engine declares)."""

SUITE_VERSION = (PACKAGE_DIR / "VERSION").read_text(encoding="utf-8").strip()
"""The version of the case files (semantic versioning; see INTERPRETING.md, "Versions")."""

CONTRACT_VERSION = 2
"""The version of the runner contract: the case format, how a runner matches answers, the
stdio protocol and the claims."""

__all__ = ["ALTERNATIVES_DIR", "CASES_DIR", "CLAIM_SCHEMA_PATH", "CONTRACT_VERSION", "PACKAGE_DIR",
           "REGRESSION_DIR", "SCHEMA_PATH", "SUITE_VERSION"]
