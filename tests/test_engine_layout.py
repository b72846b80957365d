"""The shape of oracle/: no import cycles, layers that import only downwards, modules of one
concept (at most about 400 lines), and a package docstring that lists the real modules.

The import graph is read from the source (``ast``), so an import inside a function or under
``TYPE_CHECKING`` counts like any other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import oracle

ROOT = Path(__file__).resolve().parent.parent / "oracle"
MAX_LINES = 400


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        if "_gen" in path.parts:
            continue
        rel = path.relative_to(ROOT.parent).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The oracle modules ``name`` imports (a package import counts as its ``__init__``)."""
    found: set[str] = set()
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")[: len(name.split(".")) - node.level + (1 if is_package else 0)]
                base = ".".join([*parts, base] if base else parts)
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in GRAPH:
        if v not in index:
            visit(v)
    return out


def test_the_graph_reader_sees_a_cycle() -> None:
    """The reader itself: a planted cycle is found (so an empty answer means something)."""
    GRAPH["oracle.cards"].add("oracle.engine.ruleset")
    try:
        assert any("oracle.cards" in c for c in _cycles())
    finally:
        GRAPH["oracle.cards"].discard("oracle.engine.ruleset")


def test_no_import_cycles() -> None:
    assert _cycles() == []


def _imports_from(prefix: str, banned: tuple[str, ...]) -> list[str]:
    return sorted(f"{m} imports {t}" for m, targets in GRAPH.items() if m.startswith(prefix)
                  for t in targets if t.startswith(banned))


def test_the_seeds_rules_never_import_a_profile_or_the_dispatch() -> None:
    """Copied upstream rules stay apart: the seeds' rules import neither a profile nor the
    registries, the compiler or the service."""
    banned = ("oracle.profiles", "oracle.engine.strategies", "oracle.engine.compile",
              "oracle.engine.questions", "oracle.service", "oracle.variants")
    assert _imports_from("oracle.seed_rules", banned) == []


def test_rule_modules_never_import_the_dispatch() -> None:
    """The dispatcher imports the rules, never the other way round."""
    banned = ("oracle.engine.strategies", "oracle.engine.compile", "oracle.engine.questions",
              "oracle.service", "oracle.variants")
    assert _imports_from("oracle.profiles", banned) == []


def test_the_engine_leaves_import_no_rule() -> None:
    """The ruleset, its value types and the answer builders are leaves every rule may use."""
    leaves = ("oracle.engine.ruleset", "oracle.engine.units", "oracle.engine.pool",
              "oracle.engine.card_order", "oracle.engine.answers", "oracle.engine.registry",
              "oracle.engine.following")
    found = [f"{m} imports {t}" for m in leaves for t in GRAPH[m]
             if t.startswith(("oracle.seed_rules", "oracle.profiles", "oracle.service", "oracle.variants",
                              "oracle.engine.strategies", "oracle.engine.compile", "oracle.engine.questions"))]
    assert found == []


def test_modules_are_small() -> None:
    big = {name: n for name, path in MODULES.items()
           if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert big == {}


def test_module_docstrings_are_short() -> None:
    """The opening docstring is a summary and an example; the reasoning lives in docs/."""
    long = {}
    for name, path in MODULES.items():
        doc = ast.get_docstring(ast.parse(path.read_text())) or ""
        prose = [line for line in doc.split(">>>")[0].splitlines() if line.strip()]
        if len(prose) > 12:
            long[name] = len(prose)
    assert long == {}


def test_the_package_docstring_lists_every_module() -> None:
    doc = oracle.__doc__ or ""
    listed = {name for name in MODULES if f":mod:`{name}`" in doc}
    missing = sorted(set(MODULES) - listed - {"oracle", "oracle.__main__"})
    assert missing == []
    stale = [word.strip("`") for word in doc.split(":mod:")[1:]]
    assert all(w.split("`")[0] in MODULES for w in stale)


def test_the_referee_asks_the_engine_and_never_the_service() -> None:
    """The referee replays a record with the engine's questions (``engine/questions``), never a
    rule module directly (no second implementation) and never the service that decodes it."""
    banned = ("oracle.service", "oracle.seed_rules", "oracle.profiles", "oracle.engine.strategies",
              "oracle.engine.compile")
    assert _imports_from("oracle.referee", banned) == []
    assert not [m for m, targets in GRAPH.items() if not m.startswith(("oracle.referee",
                "oracle.service", "oracle.cli")) for t in targets if t.startswith("oracle.referee")]


def test_importers_only_translate() -> None:
    """An importer turns a log into a ``DealRecord``: it judges nothing (no engine, no referee)."""
    banned = ("oracle.engine", "oracle.seed_rules", "oracle.referee", "oracle.service",
              "oracle.variants")
    assert _imports_from("oracle.importers", banned) == []
