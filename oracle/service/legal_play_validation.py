"""ListLegalPlays, validated: the context, the hand, the lead (if any) and the page.

A page token is the offset of the next play and a fingerprint of the question it came from
(everything but the page), so a token given to another question, or made up, is refused.

>>> from oracle.service.decoding import pb_cards
>>> rules = pb.Context(variant_id="qq-two-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_SPADES)
>>> req = pb.ListLegalPlaysRequest(context=rules, hand=pb_cards("3H 4H 5C"), lead=pb_cards("AH"), page_size=1)
>>> answer = answer_list_legal_plays(parse_list_legal_plays(req))
>>> answer.total, len(answer.plays), parse_list_legal_plays(
...     pb.ListLegalPlaysRequest(context=rules, hand=req.hand, lead=req.lead, page_token=answer.next_page_token)).offset
(2, 1, 1)
>>> parse_list_legal_plays(pb.ListLegalPlaysRequest(context=rules, hand=req.hand, page_token=answer.next_page_token))
Traceback (most recent call last):
...
oracle.errors.InvalidQuestion: page_token: the token belongs to another question: ask again without it
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass

from oracle import pb
from oracle.cards import Card
from oracle.dispatch import questions as engine
from oracle.engine.ruleset import Ruleset
from oracle.errors import InvalidQuestion
from oracle.service.card_keys import card_keys
from oracle.service.decoding import (
    Problems,
    check_copies,
    check_hand_size,
    read_context,
    read_group,
)
from oracle.service.limits import MAX_LIST
from oracle.service.trick_plays import check_lead

DEFAULT_PAGE = 100
"""Plays in a page when ``page_size`` is 0."""


@dataclass(frozen=True)
class ListLegalPlaysArgs:
    """The arguments of :func:`oracle.dispatch.questions.list_legal_plays`, and the question's fingerprint."""

    rules: Ruleset
    hand: tuple[Card, ...]
    lead: tuple[Card, ...]
    offset: int
    limit: int
    fingerprint: str


def fingerprint(req: pb.ListLegalPlaysRequest) -> str:
    """What a page token is bound to: the question without its page."""
    question = pb.ListLegalPlaysRequest()
    question.CopyFrom(req)
    question.ClearField("page_size")
    question.ClearField("page_token")
    return hashlib.sha256(question.SerializeToString(deterministic=True)).hexdigest()[:16]


def page_token(offset: int, print_: str) -> str:
    return base64.urlsafe_b64encode(f"{offset}:{print_}".encode()).decode().rstrip("=")


def _read_token(token: str, print_: str, problems: Problems) -> int:
    if not token:
        return 0
    try:
        text = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
        offset_text, _, owner = text.partition(":")
        offset = int(offset_text)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        problems.add("page_token", "not a page token: pass the next_page_token of an answer, or nothing")
        return 0
    if owner != print_:
        problems.add("page_token", "the token belongs to another question: ask again without it")
    elif offset <= 0 or offset > 2**63:
        problems.add("page_token", "not a page token: pass the next_page_token of an answer, or nothing")
    return offset


def parse_list_legal_plays(req: pb.ListLegalPlaysRequest) -> ListLegalPlaysArgs:
    """Validate a ListLegalPlays request."""
    keys = card_keys(req)
    problems = Problems()
    rules, deal = read_context(keys.context, "context", problems)
    hand_group = read_group(keys.hand, "hand", problems)
    hand = hand_group.cards
    check_hand_size(len(hand_group.keys), "hand", deal, problems)
    if hand is not None and not hand:
        problems.add("hand", "no cards: a hand to play from holds at least one")
    lead_group = read_group(keys.lead, "lead", problems)
    lead = lead_group.cards
    if lead_group.keys:
        check_lead(lead, "lead", rules, problems)
        check_hand_size(len(lead_group.keys), "lead", deal, problems)
        if hand and len(req.hand) < len(req.lead):
            problems.add("hand", f"{len(req.hand)} cards, fewer than the {len(req.lead)} led: there is no follow")
        if rules is not None and (refused := engine.legal_play_counter_refusal(rules)) is not None:
            problems.add("context", f"{refused}: this variant's follows cannot be listed")
    check_copies([lead_group, hand_group], "the lead and the hand", deal, problems)
    if not 0 <= req.page_size <= MAX_LIST:
        problems.add("page_size", f"{req.page_size}: a page holds 1 to {MAX_LIST} plays (0 for {DEFAULT_PAGE})")
    print_ = fingerprint(req)
    offset = _read_token(req.page_token, print_, problems)
    problems.raise_if_any()
    assert rules is not None and hand is not None and lead is not None
    return ListLegalPlaysArgs(rules, hand, lead, offset, req.page_size or DEFAULT_PAGE, print_)


def answer_list_legal_plays(args: ListLegalPlaysArgs) -> pb.ListLegalPlaysResponse:
    """Ask the engine; a token past the last play is refused, and the next page's token added."""
    answer = engine.list_legal_plays(args.rules, args.hand, args.lead, args.offset, args.limit)
    if args.offset and args.offset >= answer.total:
        raise InvalidQuestion.single("page_token", f"points past the last of the {answer.total} plays")
    after = args.offset + len(answer.plays)
    if after < answer.total:
        answer.next_page_token = page_token(after, args.fingerprint)
    return answer
