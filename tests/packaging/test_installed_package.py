"""The project as users install it, not as the checkout runs it (docs/development.md).

The sdist is built, then the wheel from the sdist, with the project's build backend; the wheel
must hold every module of ``oracle/`` and every variant file. Installed into a new virtual
environment (no system site-packages; the dependencies at the lock's versions), run from a
temporary folder with no ``PYTHONPATH`` (so nothing of the checkout can be imported),
``shengji-oracle`` answers the README's example question on every door: gRPC, HTTP/JSON, the
explorer page, and ``shengji-oracle ask`` in-process and with ``--target``. The conformance
distribution gets an environment of its own, made by ``venv`` with its bare pip: its release
builds there, ``pip install ./conformance`` installs it with no step before, and so does the
documented ``pip install "git+URL#subdirectory=conformance"`` from a ``file://`` clone; each
install earns a claim against the installed server.

The expected verdict is the seed's, as in tests/docs/test_readme_doors.py: holding a spade, the
follower must play it, 如果用户有红桃必须先出红桃 (004, 出牌规则, spades for hearts).

Slow (a build, two environments, installs from pip's cache or index): one environment per
distribution, shared by the module.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.request
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc
from oracle.service.decoding import pb_cards
from tests.docs.test_readme_doors import EXPECTED, Server

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements" / "test.txt"
QUESTION = pb.CheckFollowRequest(
    context=pb.Context(variant_id="qq-two-deck", level=pb.RANK_TEN, trump_suit=pb.SUIT_HEARTS),
    lead=pb_cards("8S"), hand=pb_cards("AS 3C"), play=pb_cards("3C"))
ASK = ["ask", "follow", "-v", "qq-two-deck", "-l", "10", "-t", "H", "--lead", "8S", "--hand", "AS 3C",
       "--play", "3C"]
CLAIM = {"engine": "shengji-oracle, installed from its wheel", "variants": ["qq-two-deck"],
         "features": ["throws", "error-reporting"]}


def outside_env() -> dict[str, str]:
    """This process's environment without what leads back to the checkout or its environment."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def run(*argv: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=outside_env(), capture_output=True,
                          text=True, timeout=600, check=False)


def locked_constraints(folder: Path) -> Path:
    """The lock's pins as a constraints file (pip takes no hashes there)."""
    pins = re.findall(r"^([A-Za-z0-9][A-Za-z0-9._-]*==\S+)", LOCK.read_text(encoding="utf-8"), re.MULTILINE)
    path = folder / "constraints.txt"
    path.write_text("\n".join(pins) + "\n", encoding="utf-8")
    return path


def install(python: Path, *what: str | Path, cwd: Path) -> None:
    """``pip install`` into the environment of ``python``, the dependencies as the lock pins them."""
    done = run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet",
               "--constraint", locked_constraints(cwd), *what, cwd=cwd)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist, and the wheel built from it (``python -m build`` builds the wheel from the sdist)."""
    out = tmp_path_factory.mktemp("dist")
    done = run(sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ROOT, cwd=out)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (sdist,), (wheel,) = out.glob("shengji_oracle-*.tar.gz"), out.glob("shengji_oracle-*.whl")
    return sdist, wheel


@pytest.fixture(scope="module")
def oracle_env(tmp_path_factory: pytest.TempPathFactory, dists: tuple[Path, Path]) -> Path:
    """A new environment with the wheel installed; its folder."""
    where = tmp_path_factory.mktemp("oracle-env")
    env_dir = where / "env"
    venv.create(env_dir, system_site_packages=False, with_pip=False)
    install(env_dir / "bin" / "python", dists[1], cwd=where)
    return env_dir


@pytest.fixture(scope="module")
def served(oracle_env: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The installed ``shengji-oracle`` on free ports, run from outside the checkout."""
    running = Server(command=[str(oracle_env / "bin" / "shengji-oracle")],
                     cwd=tmp_path_factory.mktemp("run"), env=outside_env())
    yield running
    running.stop()


def test_the_wheel_holds_every_module_and_variant_file(dists: tuple[Path, Path]) -> None:
    sdist, wheel = dists
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "oracle").rglob("*.py") if "__pycache__" not in p.parts}
    variants = {f"oracle/variant_files/{p.name}" for p in (ROOT / "variants").glob("*.toml")}
    assert "oracle/referee/replay.py" in modules and "oracle/importers/botzone_log.py" in modules
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert not modules - names, f"modules missing from the wheel: {sorted(modules - names)}"
    assert variants and not variants - names, sorted(variants - names)
    assert {n.split("/", 1)[0] for n in names} == {"oracle", wheel.name.split("-")[0] + "-" +
                                                   wheel.name.split("-")[1] + ".dist-info"}
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/", 1)[0]
        held = {n.removeprefix(top + "/") for n in archive.getnames()}
    assert {"setup.py", "pyproject.toml", "README.md"} <= held and modules <= held


def test_the_installed_package_imports_from_its_environment_only(oracle_env: Path, tmp_path: Path) -> None:
    python = oracle_env / "bin" / "python"
    where = run(python, "-c", "import oracle, oracle.referee, oracle.importers; print(oracle.__file__)",
                cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    assert where.stdout.strip().startswith(str(oracle_env)), where.stdout
    assert run(python, "-c", "import conformance", cwd=tmp_path).returncode != 0  # not shipped
    assert run(python, "-m", "oracle", "--help", cwd=tmp_path).returncode == 0


def test_the_installed_server_answers_on_every_door(served: Server, oracle_env: Path, tmp_path: Path) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{served.grpc_port}") as channel:
        answer = oracle_service_pb2_grpc.OracleServiceStub(channel).CheckFollow(  # type: ignore[no-untyped-call]
            QUESTION, timeout=30)
    assert (answer.legal, answer.broken_rule_id) == EXPECTED

    http = f"http://127.0.0.1:{served.http_port}"
    body = json.dumps({"context": {"variantId": "qq-two-deck", "level": "RANK_TEN", "trumpSuit": "SUIT_HEARTS"},
                       "lead": [{"rank": "RANK_EIGHT", "suit": "SUIT_SPADES"}],
                       "hand": [{"rank": "RANK_ACE", "suit": "SUIT_SPADES"},
                                {"rank": "RANK_THREE", "suit": "SUIT_CLUBS"}],
                       "play": [{"rank": "RANK_THREE", "suit": "SUIT_CLUBS"}]}).encode()
    request = urllib.request.Request(f"{http}/shengji.oracle.v1.OracleService/CheckFollow", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        got = json.loads(response.read())
    assert (got["legal"], got["brokenRuleId"]) == EXPECTED

    with urllib.request.urlopen(f"{http}/", timeout=30) as response:
        page = response.read().decode("utf-8")
    scripts = re.findall(r'<script[^>]+src="([^"]+)"', page)
    assert scripts, page[:500]
    for script in scripts:  # the page's own files come from the installed package too
        with urllib.request.urlopen(f"{http}/{script.lstrip('/')}", timeout=30) as response:
            assert response.status == 200 and response.read()

    command = oracle_env / "bin" / "shengji-oracle"
    for extra in ([], ["--target", f"127.0.0.1:{served.grpc_port}"]):
        asked = run(command, *ASK, *extra, cwd=tmp_path)
        assert asked.returncode == 0, asked.stderr
        assert asked.stdout.splitlines()[0] == f"illegal: breaks {EXPECTED[1]}", asked.stdout


@pytest.fixture(scope="module")
def conformance_env(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new environment as ``python -m venv`` makes it: its own pip, nothing else installed."""
    env_dir = tmp_path_factory.mktemp("conformance-env") / "env"
    venv.create(env_dir, system_site_packages=False, with_pip=True)
    return env_dir


def copy_of_conformance(into: Path) -> Path:
    """``conformance/`` as the checkout holds it, without caches and earlier builds."""
    return Path(shutil.copytree(ROOT / "conformance", into / "conformance",
                                ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info")))


def earns_the_claim(env_dir: Path, served: Server, folder: Path) -> None:
    claim = folder / "claim.json"
    claim.write_text(json.dumps(CLAIM), encoding="utf-8")
    assert run(env_dir / "bin" / "python", "-c", "import oracle", cwd=folder).returncode != 0  # no engine
    done = run(env_dir / "bin" / "shengji-conformance", "--target", f"127.0.0.1:{served.grpc_port}",
               "--claim", claim, "--quiet", cwd=folder)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "conformant: qq-two-deck core + throws + error-reporting" in done.stdout, done.stdout


def test_the_conformance_release_builds_in_a_fresh_environment(conformance_env: Path, tmp_path: Path) -> None:
    """Its pip alone (no ``wheel``; Python 3.11's venv brings an old setuptools) builds the release."""
    out = tmp_path / "dist"
    built = run(conformance_env / "bin" / "python", ROOT / "scripts" / "release" / "build_conformance_release.py",
                "--out", out, cwd=tmp_path)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert len(list(out.glob("shengji_conformance-*-py3-none-any.whl"))) == 1
    assert len(list(out.glob("shengji-conformance-*.tar.gz"))) == 1


def test_the_conformance_folder_installs_alone_and_earns_a_claim(
        conformance_env: Path, served: Server, tmp_path: Path) -> None:
    copy_of_conformance(tmp_path)
    install(conformance_env / "bin" / "python", "./conformance", cwd=tmp_path)
    earns_the_claim(conformance_env, served, tmp_path)


def test_the_installed_fuzz_mode_runs_against_the_installed_server(
        conformance_env: Path, served: Server, tmp_path: Path) -> None:
    """``pip install './conformance[fuzz]'`` and ``shengji-conformance fuzz`` with the installed
    server as both the engine and the reference: questions asked, none disagrees (exit 0)."""
    copy_of_conformance(tmp_path)
    install(conformance_env / "bin" / "python", "./conformance[fuzz]", cwd=tmp_path)
    address = f"127.0.0.1:{served.grpc_port}"
    out = tmp_path / "found.jsonl"
    done = run(conformance_env / "bin" / "shengji-conformance", "fuzz", "--target", address,
               "--reference", address, "--variant", "qq-two-deck", "--examples", "40", "--seed", "1",
               "--out", out, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    asked = re.search(r"fuzz: (\d+) questions compared", done.stdout)
    assert asked and int(asked.group(1)) >= 40, done.stdout
    assert "fuzz: 0 disagreements" in done.stdout, done.stdout
    assert not out.exists() or out.read_text(encoding="utf-8").strip() == ""


def test_the_git_subdirectory_form_installs_and_earns_a_claim(
        conformance_env: Path, served: Server, tmp_path: Path) -> None:
    """The documented ``pip install "git+URL#subdirectory=conformance"``, from a file:// clone."""
    repo = tmp_path / "repo"
    copy_of_conformance(repo)
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-C", str(repo)]
    for step in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "the conformance folder"]):
        done = run(*git, *step, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    install(conformance_env / "bin" / "python", "--force-reinstall", "--no-deps",
            f"git+file://{repo}#subdirectory=conformance", cwd=tmp_path)
    origin = run(conformance_env / "bin" / "python", "-c",
                 "from importlib.metadata import distribution as d; "
                 "print(d('shengji-conformance').read_text('direct_url.json'))", cwd=tmp_path)
    assert json.loads(origin.stdout)["url"] == f"file://{repo}", origin.stdout
    earns_the_claim(conformance_env, served, tmp_path)
