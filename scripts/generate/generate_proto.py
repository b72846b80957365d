"""Generate the Python code for the proto contract into oracle/_gen.

Run from the checkout's root: ``python -m scripts.generate.generate_proto [OUT_DIR]``. The
generated modules import each other as ``oracle._gen.shengji.oracle.v1``, so
the package needs no top-level ``shengji`` module. The tests regenerate into a
temporary folder and compare, so the committed code is always fresh.

It also writes ``descriptors.binpb`` (a ``FileDescriptorSet`` of every proto
file, imports included): the conformance runner builds its messages from it,
so it needs only the ``protobuf`` package, never this project's code. Run without
``OUT_DIR``, it also copies it to ``conformance/proto/``, where the conformance
distribution builds from (``pip install ./conformance`` needs no step before).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from grpc_tools import protoc  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[2]
PROTO_ROOT = ROOT / "proto"
PACKAGE = "oracle._gen"
DESCRIPTOR_SET = "descriptors.binpb"
CONFORMANCE_COPY = ROOT / "conformance" / "proto" / DESCRIPTOR_SET


def generate(out_dir: Path) -> list[Path]:
    """Generate into ``out_dir`` (the folder that plays the role of oracle/_gen)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    protos = sorted(str(p.relative_to(PROTO_ROOT)) for p in PROTO_ROOT.rglob("*.proto"))
    include = Path(protoc.__file__).parent / "_proto"
    args = [
        "grpc_tools.protoc",
        f"-I{PROTO_ROOT}",
        f"-I{include}",
        f"--python_out={out_dir}",
        f"--pyi_out={out_dir}",
        f"--grpc_python_out={out_dir}",
        f"--descriptor_set_out={out_dir / DESCRIPTOR_SET}",
        "--include_imports",
        *protos,
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    # The same files as one descriptor set with their comments, which server reflection serves
    # (oracle.service.reflection) so that `grpcurl describe` shows what each field means.
    descriptors = out_dir / DESCRIPTOR_SET
    source_info = [f"-I{PROTO_ROOT}", "--include_source_info", f"--descriptor_set_out={descriptors}"]
    if protoc.main(["grpc_tools.protoc", *source_info, *protos]) != 0:
        raise SystemExit("protoc failed")
    written = sorted(p for p in out_dir.rglob("*") if p.suffix in (".py", ".pyi"))
    for path in written:
        text = path.read_text()
        text = re.sub(r"^from shengji\.", f"from {PACKAGE}.shengji.", text, flags=re.MULTILINE)
        text = re.sub(r"^import shengji\.", f"import {PACKAGE}.shengji.", text, flags=re.MULTILINE)
        path.write_text(text)
    for folder in [out_dir, *(p for p in out_dir.rglob("*") if p.is_dir())]:
        init = folder / "__init__.py"
        if not init.exists():
            init.write_text("")
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "oracle" / "_gen"
    generate(target)
    if len(sys.argv) == 1:
        CONFORMANCE_COPY.write_bytes((target / DESCRIPTOR_SET).read_bytes())
