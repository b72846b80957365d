"""Write the parts of docs/ that are read from the code, so they cannot drift from it.

``python scripts/generate_docs.py`` rewrites them; ``--check`` exits 1 if one differs from what
the code gives (``tests/test_docs_generated.py`` runs the same check):

- docs/architecture.md, between its ``rule-map`` markers: for every rule id of the catalogue
  (``oracle/rules.py``), the modules whose code cites it (a string literal equal to the id), and
  those whose docstrings name it.
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

from oracle.rules import RULES

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"
RULE_MAP = ("<!-- rule-map:start (scripts/generate_docs.py) -->", "<!-- rule-map:end -->")


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


def _between(text: str, markers: tuple[str, str], body: str) -> str:
    start, end = markers
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.DOTALL)
    if not pattern.search(text):
        raise SystemExit(f"the markers {start} ... {end} are missing")
    return pattern.sub(lambda _: f"{start}\n{body}\n{end}", text)


def pages() -> dict[Path, str]:
    """Every generated page (or page with a generated part), as the code gives it now."""
    return {ARCHITECTURE: _between(ARCHITECTURE.read_text(encoding="utf-8"), RULE_MAP, rule_map())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a page differs, write nothing")
    args = parser.parse_args()
    stale = [path for path, text in pages().items() if path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} differs from the code: run scripts/generate_docs.py")
        return 1 if stale else 0
    for path, text in pages().items():
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
