"""gRPC-Web's text mode (``application/grpc-web-text``, the official gRPC-Web JavaScript client's
default): the same frames as the binary mode, in base64 both ways. The Connect library serves
only the binary mode, so the door reads a text request whole (it is one unary message, within
``--max-message-bytes``), decodes it and hands it to the library as binary; each piece of the
answer is encoded on its way out, padded, as gRPC-Web's clients read it (four characters at a
time). Bytes that are not base64 are refused with INVALID_ARGUMENT in a trailers-only answer.

>>> is_text("application/grpc-web-text+proto"), is_text("application/grpc-web+proto")
(True, False)
"""

from __future__ import annotations

import base64
import binascii
from typing import Any
from urllib.parse import quote

TEXT = "application/grpc-web-text"
"""The content type of text mode (with ``+proto`` or without)."""

BINARY_TYPE = b"application/grpc-web+proto"
TEXT_TYPE = b"application/grpc-web-text+proto"


def is_text(content_type: str) -> bool:
    """Whether a request's content type is text mode's."""
    return content_type.lower().startswith(TEXT)


def decode(body: bytes) -> bytes | None:
    """A text mode body's bytes (pieces may each be padded), or ``None`` if it is not base64.

    >>> decode(b"AAAA" + b"AA=="), decode(b"not base64!")
    (b'\\x00\\x00\\x00\\x00', None)
    """
    data = bytearray()
    compact = b"".join(body.split())
    if len(compact) % 4:
        return None
    try:
        for start in range(0, len(compact), 4):
            data += base64.b64decode(compact[start : start + 4], validate=True)
    except binascii.Error:
        return None
    return bytes(data)


def status_headers(code: int, message: str) -> list[tuple[bytes, bytes]]:
    """A trailers-only gRPC-Web answer's headers: the status in headers, no body."""
    return [
        (b"content-type", TEXT_TYPE),
        (b"grpc-status", str(code).encode()),
        (b"grpc-message", quote(message, safe=" ()+/:,").encode()),
    ]


async def serve_text(app: Any, scope: Any, receive: Any, send: Any, max_bytes: int) -> None:
    """Answer a text mode request with ``app``, an ASGI application of the binary mode."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return  # the client went away
        body += message.get("body", b"")
        if len(body) > max_bytes * 4 // 3 + 4:
            await _status(send, 8, f"message is larger than configured max {max_bytes}")
            return
        if not message.get("more_body", False):
            break
    data = decode(bytes(body))
    if data is None:
        await _status(send, 3, "the request's body is not base64 (gRPC-Web text mode)")
        return
    headers = [(k, v) for k, v in scope["headers"] if k not in (b"content-type", b"accept")]
    binary = {**scope, "headers": [*headers, (b"content-type", BINARY_TYPE)]}
    sent = False

    async def receive_binary() -> Any:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": data, "more_body": False}
        return await receive()

    async def send_text(message: Any) -> None:
        if message["type"] == "http.response.start":
            dropped = (b"content-type", b"content-length")
            kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in dropped]
            kept.append((b"content-type", TEXT_TYPE))
            message = {**message, "headers": kept}
        elif message["type"] == "http.response.body" and message.get("body"):
            message = {**message, "body": base64.b64encode(message["body"])}
        await send(message)

    await app(binary, receive_binary, send_text)


async def _status(send: Any, code: int, message: str) -> None:
    headers = status_headers(code, message)
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"", "more_body": False})
