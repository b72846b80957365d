"""The contract and the code's hygiene: ``buf lint`` is clean, the generated
Python code in oracle/_gen is what the proto files generate today,
``mypy --strict`` (with the error codes pyproject.toml adds) passes on the package and
``ruff check`` on the tree.

buf comes from the npm devDependency @bufbuild/buf (``npm ci`` installs it;
the README's test command runs it first).
"""

from __future__ import annotations

import filecmp
import importlib
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUF = ROOT / "node_modules" / ".bin" / "buf"
GENERATED = ROOT / "oracle" / "_gen"


def buf_lint(proto_dir: Path) -> subprocess.CompletedProcess[str]:
    if not BUF.exists():
        pytest.fail(
            f"{BUF.relative_to(ROOT)} is missing: run `npm ci` first (the README's test command does)"
        )
    return subprocess.run(
        [str(BUF), "lint", str(proto_dir)],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_buf_lint_is_clean() -> None:
    result = buf_lint(ROOT / "proto")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == ""


def test_buf_lint_would_catch_a_violation(tmp_path: Path) -> None:
    """The lint really runs the STANDARD rules of proto/buf.yaml (not an empty config)."""
    shutil.copytree(ROOT / "proto", tmp_path / "proto")
    service = tmp_path / "proto" / "shengji" / "oracle" / "v1" / "oracle_service.proto"
    service.write_text(service.read_text() + "\nmessage badName { int32 BadField = 1; }\n")
    result = buf_lint(tmp_path / "proto")
    assert result.returncode != 0
    assert "MESSAGE_PASCAL_CASE" in result.stdout or "PascalCase" in result.stdout, result.stdout


def load_generator() -> ModuleType:
    return importlib.import_module("scripts.generate.generate_proto")


def source_files(folder: Path) -> set[str]:
    return {
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_generated_code_is_fresh(tmp_path: Path) -> None:
    """oracle/_gen equals, byte for byte, what scripts/generate/generate_proto.py makes from proto/."""
    out = tmp_path / "_gen"
    load_generator().generate(out)
    expected, committed = source_files(out), source_files(GENERATED)
    assert committed == expected, "regenerate: python -m scripts.generate.generate_proto"
    stale = [
        name
        for name in sorted(expected)
        if not filecmp.cmp(out / name, GENERATED / name, shallow=False)
    ]
    assert not stale, f"stale generated files {stale}: run python -m scripts.generate.generate_proto"


def test_mypy_strict_passes_on_the_package() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "oracle"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_reports_a_name_unbound_on_some_path(tmp_path: Path) -> None:
    """The project's mypy configuration catches the class of the crash of issue 23 (a name
    assigned on some branches only, then read), and an ignore that names no code."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def shown(flag: bool) -> str:\n"
        "    if flag:\n"
        "        words = 'some'\n"
        "    return words\n"
        "\n"
        "x: int = 'x'  # type: ignore\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(ROOT / "pyproject.toml"),
         "--no-incremental", str(sample)],
        check=False, cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    assert "[possibly-undefined]" in result.stdout, result.stdout + result.stderr
    assert "[ignore-without-code]" in result.stdout, result.stdout + result.stderr


def test_ruff_check_passes_on_the_tree() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "."],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [block.split("\n", 1)[1].strip() for block in quick_start.split("```sh")[1:]]
    commands = [c.split("```", 1)[0].strip() for c in commands]
    assert len(commands) == 2, (
        "Quick start has exactly two commands: start the service, run the tests"
    )
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert commands[1] in ci, f".ci/run must run the README's test command: {commands[1]}"
