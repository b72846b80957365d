"""The Shengji conformance suite: case files, their schema and a runner.

The data is the contract: ``conformance/cases/*.jsonl`` hold one case per
line, each a question in the proto3 JSON mapping of
``shengji.oracle.v1.Question`` and the answer expected (see INTERPRETING.md).
Any engine, in any language, reads them with a JSON parser. The runner
(:mod:`conformance.runner`, the ``shengji-conformance`` command) is a
convenience on top of the files.

>>> SUITE_VERSION.count(".")
2
>>> CONTRACT_VERSION
1
>>> (CASES_DIR / "seed.jsonl").name
'seed.jsonl'
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
"""The folder of this package."""

CASES_DIR = PACKAGE_DIR / "cases"
"""The shipped case files (``*.jsonl``)."""

SCHEMA_PATH = PACKAGE_DIR / "schema" / "case.schema.json"
"""The JSON Schema every line of a case file satisfies."""

SUITE_VERSION = (PACKAGE_DIR / "VERSION").read_text(encoding="utf-8").strip()
"""The version of the case files (semantic versioning; see INTERPRETING.md, "Versions")."""

CONTRACT_VERSION = 1
"""The version of the runner contract: the case format and how a runner matches answers."""

__all__ = ["CASES_DIR", "CONTRACT_VERSION", "PACKAGE_DIR", "SCHEMA_PATH", "SUITE_VERSION"]
