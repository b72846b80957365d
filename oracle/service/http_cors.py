"""The HTTP door's CORS policy (docs/http.md, "CORS"): the RPCs are stateless public questions
with no cookies and no authentication, so by default a page of any origin may ask them
(``Access-Control-Allow-Origin: *``); ``--cors-origins`` narrows that to a list of origins, or
turns it off (``none``: no page of another origin may read an answer). A preflight is answered
at once (204) without reaching the RPC. The rule explorer's own page is same-origin and gets no
CORS headers.

>>> policy = CorsPolicy.parse("https://a.example, https://b.example")
>>> policy.allow_origin("https://a.example"), policy.allow_origin("https://c.example")
('https://a.example', None)
>>> CorsPolicy.parse("*").allow_origin("https://c.example"), CorsPolicy.parse("none").origins
('*', frozenset())
"""

from __future__ import annotations

from dataclasses import dataclass

CORS_ORIGINS_ENV = "SHENGJI_ORACLE_CORS_ORIGINS"

ALLOWED_HEADERS = (
    "Content-Type, Connect-Protocol-Version, Connect-Timeout-Ms, Connect-Accept-Encoding, "
    "Connect-Content-Encoding, Grpc-Timeout, X-Grpc-Web, X-User-Agent, Accept-Encoding"
)
"""The request headers a page may send: those of the Connect and gRPC-Web protocols."""

EXPOSED_HEADERS = "Grpc-Status, Grpc-Message, Grpc-Status-Details-Bin, Content-Encoding"
"""The answer headers a page may read: gRPC-Web's status when it comes as headers."""

MAX_AGE_SECONDS = 7200
"""How long a browser may keep a preflight's answer (Chromium's ceiling)."""


@dataclass(frozen=True)
class CorsPolicy:
    """The origins whose pages may ask the RPCs: ``None`` for any, else exactly these (none
    when empty)."""

    origins: frozenset[str] | None = None

    @classmethod
    def parse(cls, text: str) -> CorsPolicy:
        """``*`` (any origin), ``none`` (none) or a comma-separated list of origins."""
        text = text.strip()
        if text == "*":
            return cls(None)
        if text.lower() in ("", "none", "off"):
            return cls(frozenset())
        return cls(frozenset(o.strip().rstrip("/") for o in text.split(",") if o.strip()))

    def allow_origin(self, origin: str | None) -> str | None:
        """The ``Access-Control-Allow-Origin`` for a request from ``origin``, or ``None``."""
        if origin is None:
            return None
        if self.origins is None:
            return "*"
        return origin if origin in self.origins else None

    def headers(self, origin: str | None) -> list[tuple[bytes, bytes]]:
        """The CORS headers of an answer to a request from ``origin``.

        >>> CorsPolicy.parse("https://a.example").headers("https://a.example")[1]
        (b'vary', b'Origin')
        """
        allowed = self.allow_origin(origin)
        vary = [] if self.origins is None else [(b"vary", b"Origin")]
        if allowed is None:
            return vary
        return [(b"access-control-allow-origin", allowed.encode()), *vary,
                (b"access-control-expose-headers", EXPOSED_HEADERS.encode())]

    def preflight_headers(self, origin: str | None) -> list[tuple[bytes, bytes]]:
        """The headers of the answer to a preflight (``OPTIONS``) from ``origin``: none that
        allow anything when the origin is not allowed."""
        headers = self.headers(origin)
        if self.allow_origin(origin) is None:
            return headers
        return [
            *headers,
            (b"access-control-allow-methods", b"GET, POST"),
            (b"access-control-allow-headers", ALLOWED_HEADERS.encode()),
            (b"access-control-max-age", str(MAX_AGE_SECONDS).encode()),
        ]


ANY_ORIGIN = CorsPolicy()
"""The default policy: a page of any origin may ask."""
