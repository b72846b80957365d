"""The pages of docs/ read from the code (``scripts/generate/generate_docs.py``) match the code."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> ModuleType:
    return importlib.import_module("scripts.generate.generate_docs")


GENERATOR = _generator()


def test_the_generated_pages_match_the_code() -> None:
    stale = [str(path.relative_to(ROOT)) for path, text in GENERATOR.pages().items()
             if path.read_text(encoding="utf-8") != text]
    assert stale == [], "run python -m scripts.generate.generate_docs"


def test_the_rule_map_names_the_module_that_decides_a_rule() -> None:
    """One hop from a rule id to its rule: rbtying's decomposition is decided in its follow rule,
    the seeds' pairs duty in theirs."""
    table = GENERATOR.rule_map()
    row = next(line for line in table.splitlines() if line.startswith("| `follow.decomposition` |"))
    assert "`profiles/rbtying/follow`" in row
    row = next(line for line in table.splitlines() if line.startswith("| `follow.pairs` |"))
    assert "`seed_rules/follow`" in row
