"""The explorer's static rule pages (oracle/explorer/rules.json, written by
scripts/generate/explorer_rules.py) are fresh, cover every rule of the catalogue in both languages, quote
the seeds as they are written, name parameters the Variant message has, and list conformance
cases that cite the rule; the page's files keep to what a strict Content-Security-Policy allows."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from oracle import pb
from oracle.rules import RULES

ROOT = Path(__file__).resolve().parents[2]
EXPLORER = ROOT / "oracle" / "explorer"
PAGES: dict[str, Any] = json.loads((EXPLORER / "rules.json").read_text(encoding="utf-8"))["rules"]


def test_the_committed_files_are_what_the_script_writes() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scripts.generate.explorer_rules", "--check"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_rule_has_a_page_in_both_languages() -> None:
    assert set(PAGES) == set(RULES)
    for rule_id, page in PAGES.items():
        assert page["summary"]["en"] == RULES[rule_id].summary
        assert re.search(r"[\u4e00-\u9fff]", page["summary"]["zh"]), rule_id
        assert len(page["sources"]) == len(RULES[rule_id].sources)
        for source in page["sources"]:
            assert source["en"] and source["zh"] and source["file"], (rule_id, source)


def _normal(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("rule_id", sorted(PAGES))
def test_a_seed_source_quotes_its_seed(rule_id: str) -> None:
    """Each seed quote has a piece (between the catalogue's ellipses) that is in the seed as
    written, spaces aside."""
    for source in PAGES[rule_id]["sources"]:
        if not source["file"].endswith(".txt"):
            continue
        seed = _normal((ROOT / "docs" / "seeds" / source["file"]).read_text(encoding="utf-8"))
        pieces = [p for p in re.split(r"…|\.\.\.", source["words"]) if len(_normal(p)) >= 4]
        found = [p for p in pieces if _normal(p) in seed]
        assert found or not pieces, (rule_id, source["words"])


def test_a_parameter_is_a_field_of_the_variant_message() -> None:
    named = {rule_id: page["parameter"] for rule_id, page in PAGES.items() if page["parameter"]}
    assert named
    for rule_id, path in named.items():
        message: Any = pb.Variant.DESCRIPTOR
        for part in path.split("."):
            assert message is not None and part in message.fields_by_name, (rule_id, path)
            message = message.fields_by_name[part].message_type


def test_the_cases_listed_cite_the_rule() -> None:
    cases: dict[str, dict[str, Any]] = {}
    for path in (ROOT / "conformance" / "cases").glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            cases[case["id"]] = case
    for rule_id, page in PAGES.items():
        assert page["caseCount"] >= len(page["cases"])
        for listed in page["cases"]:
            assert rule_id in cases[listed["id"]]["rules"]
        variants = {c["variant"] for c in cases.values() if rule_id in c.get("rules", [])}
        assert set(page["variants"]) == variants


def test_the_page_keeps_to_a_strict_content_security_policy() -> None:
    """No inline script or style, no eval, nothing from another origin (default-src 'self')."""
    html = (EXPLORER / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert "<style" not in html and " style=" not in html and not re.search(r"\son[a-z]+=", html)
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    for script in EXPLORER.glob("*.js"):
        code = script.read_text(encoding="utf-8")
        assert not re.search(r"\beval\(|new Function\(|innerHTML|\.style\.|setAttribute\('style'", code), script.name
        assert not re.search(r"https?://", code), script.name
