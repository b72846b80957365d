"""The shape of oracle/: no import cycles, layers that import only downwards (:data:`LAYERS`, with
no exception), modules of one concept (at most about 400 lines), and a package docstring that
lists the real modules.

The import graph is read from the source (``ast``), so an import inside a function or under
``TYPE_CHECKING`` counts like any other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import oracle

ROOT = Path(__file__).resolve().parents[2] / "oracle"
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
    """The oracle modules ``name`` imports. ``from package import module`` counts as the module
    alone; a package imported for a name it defines counts as its ``__init__``."""
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
            named = [f"{base}.{alias.name}" for alias in node.names]
            targets = named if all(n in MODULES for n in named) else [base, *named]
        for target in targets:
            if target.startswith("oracle._gen"):
                continue  # the generated proto code, below every layer
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


LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("oracle.version", "oracle.cards", "oracle.errors", "oracle.pb", "oracle.convert",
                    "oracle.rules")),
    ("engine values", ("oracle.engine",)),
    ("the seeds' rules", ("oracle.seed_rules",)),
    ("compatibility profiles", ("oracle.profiles",)),
    ("dispatch", ("oracle.dispatch",)),
    ("variants", ("oracle.variants",)),
    ("referee", ("oracle.referee",)),
    ("importers", ("oracle.importers",)),
    ("service", ("oracle.service", "oracle.explorer")),
    ("public API", ("oracle.table",)),
    ("command line", ("oracle.cli", "oracle.__main__")),
    ("package", ("oracle",)),
)
"""The layers of docs/architecture.md, lowest first: a module imports only from its own layer
and the layers before it."""


def layer_of(module: str) -> int:
    """The place of ``module``'s layer in :data:`LAYERS` (the longest prefix that names it)."""
    places = [(len(prefix), place) for place, (_, prefixes) in enumerate(LAYERS) for prefix in prefixes
              if module == prefix or module.startswith(prefix + ".")]
    assert places, f"{module} is in no layer"
    return max(places)[1]


def _upward_imports() -> list[str]:
    return sorted(f"{m} ({LAYERS[layer_of(m)][0]}) imports {t} ({LAYERS[layer_of(t)][0]})"
                  for m, targets in GRAPH.items() for t in targets if layer_of(t) > layer_of(m))


def test_every_module_is_in_a_layer() -> None:
    assert [m for m in MODULES if not any(m == p or m.startswith(p + ".") for _, ps in LAYERS for p in ps)] == []


def test_the_layer_reader_sees_an_upward_import() -> None:
    """The check itself: a planted import of the dispatch by a rule is found."""
    GRAPH["oracle.seed_rules.follow"].add("oracle.dispatch.strategies")
    try:
        planted = "oracle.seed_rules.follow (the seeds' rules) imports oracle.dispatch.strategies (dispatch)"
        assert _upward_imports() == [planted]
    finally:
        GRAPH["oracle.seed_rules.follow"].discard("oracle.dispatch.strategies")


def test_layers_import_only_downwards() -> None:
    """No module imports a layer above its own: the engine's values import no rule, the seeds'
    rules no profile, no rule the dispatch, nothing below the service the service."""
    assert _upward_imports() == []


def _imports_from(prefix: str, banned: tuple[str, ...]) -> list[str]:
    return sorted(f"{m} imports {t}" for m, targets in GRAPH.items() if m.startswith(prefix)
                  for t in targets if t.startswith(banned))


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


def test_the_referee_asks_the_questions_and_never_a_rule() -> None:
    """The referee replays a record with the dispatch's questions (``dispatch/questions``), never a
    rule module directly (no second implementation); only the service and the command line ask it."""
    banned = ("oracle.seed_rules", "oracle.profiles", "oracle.dispatch.strategies", "oracle.dispatch.compile")
    assert _imports_from("oracle.referee", banned) == []
    assert not [m for m, targets in GRAPH.items() if not m.startswith(("oracle.referee",
                "oracle.service", "oracle.cli")) for t in targets if t.startswith("oracle.referee")]


def test_importers_only_translate() -> None:
    """An importer turns a log into a ``DealRecord``: it judges nothing (no engine, no referee)."""
    banned = ("oracle.engine", "oracle.seed_rules", "oracle.referee", "oracle.service",
              "oracle.variants")
    assert _imports_from("oracle.importers", banned) == []

