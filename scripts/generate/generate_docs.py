"""Write the parts of docs/ that are read from the code, so they cannot drift from it.

``python -m scripts.generate.generate_docs`` rewrites them; ``--check`` exits 1 if one differs from what
the code gives (``tests/docs/test_docs_generated.py`` runs the same check):

- docs/architecture.md, between its ``rule-map`` markers: for every rule id of the catalogue
  (``oracle/rules.py``), the modules whose code cites it (a string literal equal to the id), and
  those whose docstrings name it;
- docs/limits.md: every bound on a request, a question's work and a room's variant, read from
  the constants that enforce them.
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

from oracle.engine.answers import INT32_MAX
from oracle.engine.budget import DEFAULT_STEPS
from oracle.profiles.rbtying.follow import WALK_STEPS
from oracle.profiles.rbtying.legal_plays import MAX_JUDGMENTS
from oracle.rules import RULES
from oracle.service.legal_play_validation import DEFAULT_PAGE
from oracle.service.limits import (
    MAX_ANSWER_BYTES,
    MAX_LIST,
    MAX_MESSAGE_BYTES,
    MAX_QUESTIONS,
    MAX_VIOLATIONS,
    REQUEST_NUMBERS,
    SEAT,
)
from oracle.service.room_cache import MAX_BYTES, RULESET_BYTES
from oracle.service.status import MAX_ECHO
from oracle.variants.limits import LIMITS
from scripts.generate.written import write_or_check

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
LIMITS_PAGE = ROOT / "docs" / "limits.md"
RULE_MAP = ("<!-- rule-map:start (scripts/generate/generate_docs.py) -->", "<!-- rule-map:end -->")



def _request_numbers() -> str:
    """Each number of ``REQUEST_NUMBERS`` with its bounds, a seat as the variant's seats."""
    parts = []
    for path, bound in REQUEST_NUMBERS.items():
        said = "a seat of the variant" if bound == SEAT else f"{bound[0]:,}..{bound[1]:,}"
        parts.append(f"`{path}` {said}")
    return "; ".join(parts)

def _docstrings(tree: ast.AST) -> set[int]:
    """The ids (``id()``) of the docstring nodes of a module and its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def cited_rule_ids(path: Path) -> tuple[set[str], set[str]]:
    """The rule ids a module's code names (string literals equal to an id of the catalogue), and
    those its docstrings name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    code: set[str] = set()
    docs: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in docstrings:
            docs.update(rule_id for rule_id in RULES if re.search(rf"(?<![\w.]){re.escape(rule_id)}(?!\w)", node.value))
        elif node.value in RULES:
            code.add(node.value)
    return code, docs


def rule_map() -> str:
    """The table of rule ids and the modules whose code cites them, then those whose docstrings
    name them (the catalogue ``oracle/rules.py``, the service and the command line left out)."""
    package = ROOT / "oracle"
    code: dict[str, list[str]] = {rule_id: [] for rule_id in RULES}
    docs: dict[str, list[str]] = {rule_id: [] for rule_id in RULES}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package).as_posix()
        if relative.startswith(("_gen/", "service/", "cli/")) or relative == "rules.py":
            continue
        module = relative.removesuffix(".py")
        cited, named = cited_rule_ids(path)
        for rule_id in cited:
            code[rule_id].append(module)
        for rule_id in named - cited:
            docs[rule_id].append(module)

    def cell(modules: list[str]) -> str:
        return ", ".join(f"`{m}`" for m in sorted(modules)) or "-"

    rows = ["| rule id | cited by the code of | named by the docstrings of |", "| --- | --- | --- |"]
    rows += [f"| `{rule_id}` | {cell(code[rule_id])} | {cell(docs[rule_id])} |" for rule_id in RULES]
    return "\n".join(rows)


def _variant_limits() -> list[tuple[str, str]]:
    """The bounds of a variant's fields (``oracle/variants/limits.py``), one row per message part."""
    groups: dict[str, list[str]] = {}
    for path, limit in LIMITS.items():
        part = path.split(".")[0] if "." in path else "the variant"
        part = {"sources": "the variant", "compound_formats": "tractors"}.get(part, part)
        shown = f"`{path}` {limit[0]:,}..{limit[1]:,}" if isinstance(limit, tuple) else (
            f"`{path}` ≤ {limit:,} {'chars' if path.rsplit('.', 1)[-1] in _TEXT_FIELDS else 'items'}")
        groups.setdefault(part, []).append(shown)
    return [(f"`custom_variant` and variant files: {part}", "; ".join(shown)) for part, shown in groups.items()]


_TEXT_FIELDS = frozenset({"id", "name", "description", "extends", "document", "section", "covers"})


def limits_page() -> str:
    """docs/limits.md: the bounds, each with the module that enforces it."""
    service = "`oracle/service/limits.py`"
    rows = [
        ("one request, on either door (gRPC and HTTP)",
         f"{MAX_MESSAGE_BYTES // 2**20} MiB (`--max-message-bytes`)",
         "gRPC; the HTTP door's Connect application (`oracle/service/http_calls.py`)"),
        ("one answer over HTTP, in its encoding (compact JSON or binary)",
         (f"{MAX_ANSWER_BYTES // 2**20} MiB; a batch past it is refused with `RESOURCE_EXHAUSTED` (HTTP 429) "
          "before it is built, or as it is written"),
         "`oracle/service/http_answer_size.py` (`MAX_ANSWER_BYTES`)"),
        ("items in any list of a question (cards, plays, hands, seats)", f"{MAX_LIST:,}", service),
        ("questions in one `AnswerBatch`", f"{MAX_QUESTIONS:,}", service),
        ("plays in one `ListLegalPlays` page", (f"1 to {MAX_LIST:,} (`page_size` 0 means {DEFAULT_PAGE}); the total "
         "is always exact, and a `page_token` works only for the question that gave it"),
         "`oracle/service/legal_play_validation.py`"),
        ("tricks in one `AuditDeal` record", ("the variant's hand size, each trick one play per seat (a deal is "
         "audited under one question's work budget)"), "`oracle/service/record_validation.py`"),
        ("problems listed for one question", f"{MAX_VIOLATIONS} (the last says how many more)", service),
        ("every other number of a request", _request_numbers(), service),
        ("a client's value quoted in a message", f"{MAX_ECHO} characters, then `... (N characters)`",
         "`oracle/service/status.py`"),
        ("work per question", (f"{DEFAULT_STEPS:,} steps (about a second of the heaviest loop); each question of "
         "a batch has its own"), "`oracle/engine/budget.py`"),
        ("rbtying's decomposition walk (one follow judged in an rbtying room)",
         f"{WALK_STEPS:,} steps (a few milliseconds), then `RESOURCE_EXHAUSTED` naming it",
         "`oracle/profiles/rbtying/follow.py` (`WALK_STEPS`)"),
        (("plays judged by `ListLegalPlays` under rbtying's rule, where its count cannot read the fills slot by "
         "slot (an ace at either end; the guard in the two-colour game; the hand's walk past its bound)"),
         f"{MAX_JUDGMENTS} (more is refused at once, `RESOURCE_EXHAUSTED`)",
         "`oracle/profiles/rbtying/legal_plays.py` (`MAX_JUDGMENTS`)"),
        ("rooms' own variants remembered", (f"{MAX_BYTES // 2**20} MiB by estimate (a variant 4x its bytes, a "
         f"ruleset {RULESET_BYTES // 1024} KB), least recently used out"), "`oracle/service/room_cache.py`"),
        ("numbers in an answer", (f"int32: a multiplier or points beyond it are carried as {INT32_MAX:,}, and the "
         "explanation says so"), "`oracle/engine/answers.py`"),
        *((what, limit, "`oracle/variants/limits.py`") for what, limit in _variant_limits()),
    ]
    lines = [
        "# Limits",
        "",
        ("<!-- Generated by scripts/generate/generate_docs.py from the constants named in the last column; "
        "tests/docs/test_docs_generated.py checks it is current. -->"),
        "",
        "Every request is bounded before it is answered, and every answer fits its fields. A request over",
        "a limit fails with `INVALID_ARGUMENT` naming the field (a message over the request limit with",
        "`RESOURCE_EXHAUSTED` from gRPC itself or the HTTP door); a question past its work budget with `RESOURCE_EXHAUSTED`,",
        "one whose deadline passes or whose client goes away with `DEADLINE_EXCEEDED`, and the work stops.",
        "A large batch can have a large answer: raise your client's receive limit or split the batch.",
        "",
        "| what | limit | where |",
        "| --- | --- | --- |",
        *(f"| {what} | {limit} | {where} |" for what, limit, where in rows),
    ]
    return "\n".join(lines) + "\n"


def _between(text: str, markers: tuple[str, str], body: str) -> str:
    start, end = markers
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.DOTALL)
    if not pattern.search(text):
        raise SystemExit(f"the markers {start} ... {end} are missing")
    return pattern.sub(lambda _: f"{start}\n{body}\n{end}", text)


def pages() -> dict[Path, str]:
    """Every generated page (or page with a generated part), as the code gives it now."""
    return {ARCHITECTURE: _between(ARCHITECTURE.read_text(encoding="utf-8"), RULE_MAP, rule_map()),
            LIMITS_PAGE: limits_page()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a page differs, write nothing")
    args = parser.parse_args()
    return write_or_check(pages(), check=args.check, root=ROOT,
                          command="python -m scripts.generate.generate_docs")

if __name__ == "__main__":
    raise SystemExit(main())
