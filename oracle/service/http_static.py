"""The rule explorer's files (:mod:`oracle.explorer`), served by the HTTP door at ``/`` (its
page) and ``/NAME`` (every other file of the folder but its Python), with a content type by
the file's extension and the page's security headers: a Content-Security-Policy that lets it
load only its own files and ask only its own origin, ``nosniff`` and no framing.

A name is looked up among the files listed when the server starts, never on the file system, so
no path a client sends reaches it. ``GET`` and ``HEAD`` only (``HEAD``: the headers alone).

>>> files = ExplorerFiles()
>>> status, headers, body = files.answer("GET", "/")
>>> status, dict(headers)[b"content-type"], body[:15].lower()
(200, b'text/html; charset=utf-8', b'<!doctype html>')
>>> files.answer("GET", "/" + "x" * 8000)[0], files.answer("POST", "/")[0]
(404, 405)
"""

from __future__ import annotations

import mimetypes
from importlib.resources import files
from importlib.resources.abc import Traversable

EXPLORER = files("oracle.explorer")
"""The rule explorer's static files."""

CONTENT_SECURITY_POLICY = (
    b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    b"form-action 'self'; frame-ancestors 'none'"
)

PAGE_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]
"""Sent with every answer that is not an RPC's: scripts, styles, images and requests only from
the page's own origin, no inline script, never inside another site's frame."""

_SKIPPED = (".py", ".pyc")

Answer = tuple[int, list[tuple[bytes, bytes]], bytes]


def content_type(name: str) -> str:
    """The ``Content-Type`` of a file of the page, by its extension.

    >>> content_type("explorer.js"), content_type("cards.svg"), content_type("x.unknown")
    ('text/javascript; charset=utf-8', 'image/svg+xml', 'application/octet-stream')
    """
    if name.endswith((".js", ".mjs")):
        kind = "text/javascript"  # RFC 9239
    else:
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind == "application/json":
        kind += "; charset=utf-8"
    return kind


class ExplorerFiles:
    """The folder's files, read once: name to (content type, bytes)."""

    def __init__(self, folder: Traversable = EXPLORER) -> None:
        self.files: dict[str, tuple[bytes, bytes]] = {}
        for entry in folder.iterdir():
            if entry.is_file() and not entry.name.endswith(_SKIPPED):
                self.files[entry.name] = (content_type(entry.name).encode(), entry.read_bytes())

    def answer(self, method: str, path: str) -> Answer:
        """The status, headers and body of the answer to ``method path``."""
        if method not in ("GET", "HEAD"):
            return _plain(405, b"only GET and HEAD\n", [(b"allow", b"GET, HEAD")])
        found = self.files.get(path.removeprefix("/") or "index.html")
        if found is None:
            return _plain(404, b"not found\n")
        kind, body = found
        headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
        return 200, headers + PAGE_HEADERS, b"" if method == "HEAD" else body


def _plain(
    status: int, text: bytes, extra: list[tuple[bytes, bytes]] | None = None
) -> Answer:
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(text)).encode()),
        *(extra or []),
    ]
    return status, headers + PAGE_HEADERS, text
