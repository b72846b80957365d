"""Files generated from the code: written, or checked against what is committed.

>>> import tempfile
>>> from pathlib import Path
>>> page = Path(tempfile.mkdtemp()) / "page.md"
>>> write_or_check({page: "text\\n"}, check=True, root=page.parent, command="python -m x")
page.md is stale: run python -m x
1
>>> write_or_check({page: "text\\n"}, check=False, root=page.parent, command="python -m x")
0
>>> write_or_check({page: "text\\n"}, check=True, root=page.parent, command="python -m x")
0
"""

from __future__ import annotations

from pathlib import Path


def write_or_check(files: dict[Path, str], *, check: bool, root: Path, command: str) -> int:
    """With ``check``, print each file that differs from its text (naming ``command``, which
    writes it) and return 1 if any does; else write them all and return 0."""
    stale = [path for path, text in files.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    if check:
        for path in stale:
            print(f"{path.relative_to(root)} is stale: run {command}")
        return 1 if stale else 0
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    return 0
