"""The names the service's request handling had in one module, kept for the code that imports
them from here: the table and its dispatch, the parsers, the limits and the status text.

>>> from oracle import pb
>>> parse_get_variant(pb.GetVariantRequest(variant_id="qq-one-deck")).variant.deal.decks
1
"""

from __future__ import annotations

from oracle.service.decoding import pb_cards
from oracle.service.limits import (
    MAX_LIST,
    MAX_MESSAGE_BYTES,
    MAX_POINTS,
    MAX_QUESTIONS,
    MAX_VIOLATIONS,
)
from oracle.service.play_validation import (
    parse_check_follow,
    parse_check_throw,
    parse_describe_play,
    parse_judge_trick,
    parse_score_bottom,
)
from oracle.service.questions import QUESTION_KINDS, dispatch
from oracle.service.status import INVALID_ARGUMENT, capped, question_error, status_message
from oracle.service.variant_validation import (
    parse_compare_declarations,
    parse_get_variant,
    parse_score_deal,
)

__all__ = [
    "INVALID_ARGUMENT", "MAX_LIST", "MAX_MESSAGE_BYTES", "MAX_POINTS", "MAX_QUESTIONS",
    "MAX_VIOLATIONS", "QUESTION_KINDS", "capped", "dispatch", "parse_check_follow",
    "parse_check_throw", "parse_compare_declarations", "parse_describe_play", "parse_get_variant",
    "parse_judge_trick", "parse_score_bottom", "parse_score_deal", "pb_cards",
    "question_error", "status_message",
]
