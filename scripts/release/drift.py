"""Test the newest versions the dependency ranges allow, on purpose: what would break if the lock
were regenerated today, or for a user who installs the project now.

    python -m scripts.release.drift [--venv DIR] [--resolve-only] [-- PYTEST_ARGS...]

It makes a throwaway virtual environment (a temporary folder, or ``--venv DIR``, cleared
first), installs the project with its ``[test]`` extra letting pip pick the newest version each
range of pyproject.toml allows (no lock), prints every package whose version differs from the
lock (requirements/test.txt), then runs the README's test command's pytest step in it (the
``npm ci`` step is left to the checkout: run it once) and prints what broke: pytest's summary of
failed tests. ``-- PYTEST_ARGS`` replaces the test paths (``-- tests/packaging/test_contract.py -k mypy``
for a quick look). ``--resolve-only`` stops after the table. The exit status is pytest's (0 when
nothing broke). No tracked file of the checkout changes, the lock included: when the run is
clean, regenerate the lock (its header shows the command; docs/development.md).

>>> sorted(locked_versions("click==8.4.0 \\\\\\n    --hash=sha256:00\\nmypy==2.4.1\\n").items())
[('click', '8.4.0'), ('mypy', '2.4.1')]
>>> drift({"click": "8.4.0", "mypy": "2.4.1"}, {"click": "8.5.1", "mypy": "2.4.1", "new": "1"})
[('click', '8.4.0', '8.5.1'), ('new', '', '1')]
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements" / "test.txt"
README = ROOT / "README.md"


def normal(name: str) -> str:
    """A distribution's name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def locked_versions(text: str) -> dict[str, str]:
    """The pins of a lock file (``name==version`` lines), by normalised name."""
    pins = re.finditer(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", text, re.MULTILINE)
    return {normal(m[1]): m[2] for m in pins}


def drift(locked: dict[str, str], newest: dict[str, str]) -> list[tuple[str, str, str]]:
    """(name, locked version or "", newest version) of each package that moved or is new."""
    return [(name, locked.get(name, ""), version) for name, version in sorted(newest.items())
            if locked.get(name) != version]


def readme_test_step() -> list[str]:
    """The pytest step of the README's test command (the part from ``python -m pytest``)."""
    quick_start = README.read_text(encoding="utf-8").split("## Quick start", 1)[1].split("\n## ", 1)[0]
    command = quick_start.split("```sh")[2].split("```", 1)[0].strip()
    step = next(part for part in command.split(" && ") if part.startswith("python -m pytest"))
    return shlex.split(step)


def run(argv: list[str], *, capture: bool = False, cwd: Path | None = None
        ) -> subprocess.CompletedProcess[str]:
    print("$", shlex.join(argv), flush=True)
    return subprocess.run(argv, check=False, text=True, capture_output=capture, cwd=cwd)


def installed(python: Path) -> dict[str, str]:
    listed = run([str(python), "-m", "pip", "list", "--format", "json", "--exclude-editable"],
                 capture=True)
    return {normal(p["name"]): p["version"] for p in json.loads(listed.stdout)
            if normal(p["name"]) not in ("pip", "shengji-oracle")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--venv", type=Path, help="the environment's folder (default: a temporary one)")
    parser.add_argument("--resolve-only", action="store_true", help="print the versions that moved and stop")
    parser.add_argument("pytest_args", nargs="*", help="after --: the test paths and options to run instead")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="shengji-drift-") as tmp:
        env_dir = args.venv or Path(tmp) / "venv"
        if run([sys.executable, "-m", "venv", "--clear", str(env_dir)]).returncode:
            return 2
        python = env_dir / "bin" / "python"
        pip = [str(python), "-m", "pip", "install", "--quiet", "--upgrade", "--upgrade-strategy", "eager"]
        if run([*pip, "-e", f"{ROOT}[test]"]).returncode:
            print("drift: the newest versions the ranges allow do not install together")
            return 2
        moved = drift(locked_versions(LOCK.read_text(encoding="utf-8")), installed(python))
        print(f"\ndrift: {len(moved)} package(s) newer than, or not in, {LOCK.relative_to(ROOT)}:")
        for name, old, new in moved:
            print(f"  {name:<32} {old or '(not locked)':<14} -> {new}")
        if args.resolve_only:
            return 0
        command = readme_test_step()
        if args.pytest_args:
            command = [*command[:3], *args.pytest_args]
        done = run([str(python), *command[1:], "-p", "no:cacheprovider", "-rfE"], cwd=ROOT, capture=True)
        broke = [line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
        print(done.stdout.splitlines()[-1] if done.stdout.strip() else done.stderr[-2000:])
        print(f"\ndrift: {len(broke)} test(s) broke with the newest versions" + (":" if broke else ""))
        for line in broke:
            print("  " + line)
        return done.returncode


if __name__ == "__main__":
    sys.exit(main())
