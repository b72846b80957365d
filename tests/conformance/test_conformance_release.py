"""The conformance suite installs on its own: scripts/release/build_conformance_release.py builds a wheel
and a release archive; the wheel goes into a fresh virtual environment (no system site-packages,
no engine) and runs the seed cases against a live server of this project (the installed runner
is under test here, not the engine: the whole suite runs in tests/conformance/test_conformance.py).

The environment gets protobuf, grpcio and typing_extensions as wheels repacked from this
machine's installed copies (``--dependency-wheels``), so the install needs no network.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import venv
from pathlib import Path

from conformance import SUITE_VERSION
from oracle.service.server import serve

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "scripts" / "release" / "build_conformance_release.py"


def _run(*argv: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run outside the checkout: no ``PYTHONPATH`` leads back to it."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


def test_the_release_installs_alone_and_runs_against_a_live_server(tmp_path: Path) -> None:
    dist, deps = tmp_path / "dist", tmp_path / "deps"
    built = _run(sys.executable, BUILD, "--out", dist, "--no-isolation", "--dependency-wheels", deps,
                 cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    wheel = dist / f"shengji_conformance-{SUITE_VERSION}-py3-none-any.whl"
    archive = dist / f"shengji-conformance-{SUITE_VERSION}.tar.gz"
    sums = dict(reversed(line.split("  ")) for line in (dist / "SHA256SUMS").read_text().splitlines())
    assert sums == {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in (wheel, archive)}

    # The archive: the language-neutral files, each with its checksum.
    top = f"shengji-conformance-{SUITE_VERSION}/"
    with tarfile.open(archive) as tar:
        members = {m.name.removeprefix(top): tar.extractfile(m).read() for m in tar if m.isfile()}  # type: ignore[union-attr]
    for name in ("INTERPRETING.md", "VERSION", "schema/case.schema.json", "schema/claim.schema.json",
                 "cases/seed.jsonl", "alternatives/readings.json", "proto/descriptors.binpb",
                 "proto/shengji/oracle/v1/oracle_service.proto"):
        assert name in members, name
    assert any(n.startswith("regression/") for n in members)
    listed = dict(reversed(line.split("  ")) for line in members.pop("SHA256SUMS").decode().splitlines())
    assert listed == {n: hashlib.sha256(d).hexdigest() for n, d in members.items()}

    # A clean environment: no system site-packages, no pip of its own, the wheels only.
    env_dir = tmp_path / "env"
    venv.create(env_dir, system_site_packages=False, with_pip=False)
    python = env_dir / "bin" / "python"
    installed = _run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-index",
                     "--find-links", deps, wheel, cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr
    assert _run(python, "-c", "import oracle", cwd=tmp_path).returncode != 0  # the engine is not there
    where = _run(python, "-c", "import conformance; print(conformance.__file__)", cwd=tmp_path)
    assert str(env_dir) in where.stdout, where.stdout
    # The fuzz mode ships in the wheel; without its extra (Hypothesis) it says what to install.
    fuzz = _run(env_dir / "bin" / "shengji-conformance", "fuzz", "--stdio", "x", "--reference", "y", cwd=tmp_path)
    assert fuzz.returncode == 2 and "shengji-conformance[fuzz]" in fuzz.stderr, fuzz.stderr

    running = serve(port=0, host="127.0.0.1")
    try:
        report = tmp_path / "report.json"
        done = _run(env_dir / "bin" / "shengji-conformance", "--target", f"127.0.0.1:{running.port}",
                    "--origin", "seed", "--quiet", "--json-report", report, cwd=tmp_path)
    finally:
        running.stop(grace=None)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["total"] > 200 and data["passed"] == data["total"] and data["suite_version"] == SUITE_VERSION


def test_the_packaged_descriptor_set_is_the_generated_one() -> None:
    """conformance/proto/descriptors.binpb, which the distribution builds from, is the one
    scripts/generate/generate_proto.py writes beside oracle/_gen (it copies it there)."""
    packaged = ROOT / "conformance" / "proto" / "descriptors.binpb"
    generated = ROOT / "oracle" / "_gen" / "descriptors.binpb"
    assert packaged.read_bytes() == generated.read_bytes(), "regenerate: python -m scripts.generate.generate_proto"


def test_the_two_distributions_share_no_package_and_no_command() -> None:
    """Installing shengji-oracle and shengji-conformance side by side clashes on nothing: the
    oracle's distribution ships neither the conformance package nor its command (its packages
    are found under oracle/ only: tests/packaging/test_installed_package.py reads the wheel)."""
    import tomllib

    oracle = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    suite = tomllib.loads((ROOT / "conformance" / "pyproject.toml").read_text(encoding="utf-8"))
    assert suite["tool"]["setuptools"]["packages"] == ["conformance", "conformance.fuzz"]
    assert not any(p.startswith("conformance") for p in oracle["tool"]["setuptools"]["package-data"])
    assert not set(oracle["project"]["scripts"]) & set(suite["project"]["scripts"])
    assert not any(d.startswith("shengji-conformance") for d in oracle["project"]["dependencies"])
