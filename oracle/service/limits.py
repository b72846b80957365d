"""The size limits of a question, of a batch and of a request, in one place.

>>> MAX_LIST, MAX_QUESTIONS, MAX_VIOLATIONS, MAX_MESSAGE_BYTES // 1024 // 1024
(1000, 10000, 20, 4)
"""

from __future__ import annotations

MAX_LIST = 1_000
"""The most items in any one repeated field of a question (cards, plays, hands, seats)."""

MAX_QUESTIONS = 10_000
"""The most questions in one ``AnswerBatch`` call."""

MAX_VIOLATIONS = 20
"""The most problems listed for one question; they travel in the status trailer,
which clients cap (8 KiB by default in gRPC), so a flood is summarised."""

MAX_POINTS = 100_000
"""The most points either way in a points field of a question (far above any deck's total)."""

MAX_MESSAGE_BYTES = 4 * 1024 * 1024
"""The largest request the server accepts, in bytes (the gRPC default)."""

MAX_ANSWER_BYTES = 16 * 1024 * 1024
"""The largest answer the HTTP door writes, in its encoding (compact JSON or binary protobuf);
a larger one is refused before it is written (:mod:`oracle.service.http_answer_size`)."""
