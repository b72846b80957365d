"""The locked test environment (requirements/test.txt) covers what pyproject.toml asks: every
runtime dependency and every package of the ``[test]`` extra is pinned at a version its range
allows, each pin carries hashes, and the lock's header is the regenerating command that
docs/development.md documents. (The test command's ``pip check`` checks the same of what is
installed; this test says it without installing.)
"""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCK = (ROOT / "requirements" / "test.txt").read_text(encoding="utf-8")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def pins() -> dict[str, str]:
    found = re.finditer(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", LOCK, re.MULTILINE)
    return {canonicalize_name(m[1]): m[2] for m in found}


def test_every_dependency_is_pinned_within_its_range() -> None:
    pinned = pins()
    wanted = [Requirement(r) for r in [*PROJECT["dependencies"], *PROJECT["optional-dependencies"]["test"]]]
    assert len(wanted) > 10
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement.name} is not in the lock: regenerate it (docs/development.md)"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (requirement, pinned[name])


def test_every_pin_has_its_hashes() -> None:
    entries = re.split(r"\n(?=[A-Za-z0-9])", LOCK.split("\n", 2)[2])
    assert len(entries) == len(pins())
    for entry in entries:
        assert "--hash=sha256:" in entry, entry.splitlines()[0]


def test_the_header_is_the_documented_command() -> None:
    command = LOCK.splitlines()[1].removeprefix("#").strip()
    assert command.startswith("uv pip compile pyproject.toml --extra test --generate-hashes")
    assert command in (ROOT / "docs" / "development.md").read_text(encoding="utf-8")


def test_the_drift_script_runs_the_readme_test_step_and_reads_the_lock() -> None:
    """scripts/release/drift.py tests what CI tests (the README's pytest step, as .ci/run runs it) and
    compares with every pin of the lock."""
    drift = importlib.import_module("scripts.release.drift")
    step = drift.readme_test_step()
    assert step[:3] == ["python", "-m", "pytest"]
    assert " ".join(step) in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert drift.locked_versions(LOCK) == pins()
    assert drift.drift(pins(), {**pins(), "click": "0"}) == [("click", pins()["click"], "0")]
