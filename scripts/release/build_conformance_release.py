"""Build the conformance suite's release: a wheel and an archive, with checksums.

    python -m scripts.release.build_conformance_release [--out DIST] [--no-isolation] [--dependency-wheels DIR]

Writes into ``DIST`` (default ``dist/conformance``):

``shengji_conformance-<version>-py3-none-any.whl``
    the runner and every case file, as the package ``conformance`` (distribution
    ``shengji-conformance``), depending on ``protobuf`` and ``grpcio`` only; its
    proto messages come from ``conformance/proto/descriptors.binpb``;
``shengji-conformance-<version>.tar.gz``
    the language-neutral release: ``cases/``, ``regression/``, ``alternatives/``,
    ``schema/``, the proto files, ``descriptors.binpb``, INTERPRETING.md, README.md,
    VERSION and ``SHA256SUMS`` (the checksum of every other file of the archive);
``SHA256SUMS``
    the checksums of the wheel and the archive.

The wheel is what ``pip install ./conformance`` installs: ``conformance/`` is the
distribution's project (its ``pyproject.toml`` leaves out ``authoring/``, which writes the
cases with the engine, and the project's own known-failing list), built by ``pip wheel``
through its build backend (PEP 517, in an isolated environment: any Python with pip
builds it, a fresh virtual environment included; pip fetches the backend from its
index or cache). ``--no-isolation`` builds with the setuptools already installed
instead, offline. The folder is copied first, so the build leaves nothing in the
checkout. The archive is reproducible (sorted names, fixed times).

``--dependency-wheels DIR`` also writes wheels of the installed ``protobuf`` and
``grpcio`` (and ``typing_extensions``, which grpcio needs), repacked from their installed files, so that a fresh virtual
environment can install the wheel offline (``pip install --no-index --find-links
DIR``). Prints the files written and the seconds each step took.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "conformance"
DESCRIPTORS = SOURCE / "proto" / "descriptors.binpb"
PROTOS = ROOT / "proto"
DATA = ("cases", "regression", "alternatives", "schema")
DOCS = ("INTERPRETING.md", "README.md", "VERSION")
DEPENDENCIES = ("protobuf", "grpcio", "typing_extensions")
"""The runtime dependencies of the wheel, and theirs (grpcio needs typing_extensions)."""


def version() -> str:
    return (SOURCE / "VERSION").read_text(encoding="utf-8").strip()


def copy_project(into: Path) -> Path:
    """``conformance/`` copied to ``into``, without caches and earlier builds."""
    shutil.copytree(SOURCE, into, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "build", "*.egg-info"))
    return into


def build_wheel(project: Path, out: Path, *, isolated: bool = True) -> Path:
    """``pip wheel`` of the project through its build backend, without its dependencies."""
    isolation = [] if isolated else ["--no-build-isolation", "--no-index"]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "--quiet", "--wheel-dir",
                    str(out), str(project)], check=True)
    wheels = sorted(out.glob(f"shengji_conformance-{version()}-*.whl"))
    if not wheels:
        raise SystemExit("no wheel was built")
    return wheels[-1]


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _archive_files() -> list[tuple[str, Path]]:
    files: list[tuple[str, Path]] = [(name, SOURCE / name) for name in DOCS]
    for folder in DATA:
        files += [(str(p.relative_to(SOURCE)), p) for p in sorted((SOURCE / folder).rglob("*")) if p.is_file()]
    files.append((f"proto/{DESCRIPTORS.name}", DESCRIPTORS))
    files += [(str(Path("proto") / p.relative_to(PROTOS)), p) for p in sorted(PROTOS.rglob("*.proto"))]
    return sorted(files)


def build_archive(out: Path) -> Path:
    """The release archive, reproducible, with ``SHA256SUMS`` inside."""
    top = f"shengji-conformance-{version()}"
    path = out / f"{top}.tar.gz"
    files = _archive_files()
    sums = "".join(f"{sha256(p.read_bytes())}  {name}\n" for name, p in files)
    with tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as archive:
        for name, data in [*((n, p.read_bytes()) for n, p in files), ("SHA256SUMS", sums.encode())]:
            info = tarfile.TarInfo(f"{top}/{name}")
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            archive.addfile(info, io.BytesIO(data))
    return path


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def repack_installed(name: str, out: Path) -> Path:
    """A wheel of an installed distribution, made from its installed files (its RECORD).

    The tag is the one the distribution was installed from (its ``WHEEL`` file).
    """
    dist = metadata.distribution(name)
    tags = [line.split(":", 1)[1].strip() for line in (dist.read_text("WHEEL") or "").splitlines()
            if line.startswith("Tag:")]
    if not tags:
        raise SystemExit(f"{name}: installed without a WHEEL tag, cannot repack")
    files = [f for f in dist.files or [] if not str(f).endswith((".pyc", "RECORD", "INSTALLER",
                                                                 "direct_url.json", "REQUESTED"))]
    files = [f for f in files if "__pycache__" not in str(f) and not str(f).startswith("..")]
    dist_info = next(str(f).split("/", 1)[0] for f in files if ".dist-info/" in str(f))
    wheel = out / f"{dist.metadata['Name'].replace('-', '_')}-{dist.version}-{'.'.join(tags[:1])}.whl"
    records: list[str] = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for file in sorted(files, key=str):
            data = Path(str(file.locate())).read_bytes()
            archive.writestr(str(file), data)
            records.append(f"{file},{_record_hash(data)},{len(data)}")
        records.append(f"{dist_info}/RECORD,,")
        archive.writestr(f"{dist_info}/RECORD", "\n".join(records) + "\n")
    return wheel


def write_sums(paths: Iterable[Path], out: Path) -> Path:
    target = out / "SHA256SUMS"
    target.write_text("".join(f"{sha256(p.read_bytes())}  {p.name}\n" for p in paths), encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "conformance", help="the folder written")
    parser.add_argument("--no-isolation", action="store_true",
                        help="build with the setuptools installed here (offline) instead of an isolated environment")
    parser.add_argument("--dependency-wheels", type=Path, metavar="DIR",
                        help="also repack the installed protobuf and grpcio as wheels into DIR")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("shengji_conformance-*.whl"), *out.glob("shengji-conformance-*.tar.gz")]:
        old.unlink()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(copy_project(Path(tmp) / "conformance"), out, isolated=not args.no_isolation)
    built = time.perf_counter()
    archive = build_archive(out)
    sums = write_sums([wheel, archive], out)
    done = time.perf_counter()
    print(f"{wheel} ({wheel.stat().st_size} bytes, {built - start:.1f} s)")
    print(f"{archive} ({archive.stat().st_size} bytes, {done - built:.1f} s)")
    print(sums)
    if args.dependency_wheels:
        args.dependency_wheels.mkdir(parents=True, exist_ok=True)
        for name in DEPENDENCIES:
            begin = time.perf_counter()
            repacked = repack_installed(name, args.dependency_wheels)
            print(f"{repacked} ({repacked.stat().st_size} bytes, {time.perf_counter() - begin:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
