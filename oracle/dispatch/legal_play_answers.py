"""ListLegalPlays: the follow rule's counter (or the leads), their groups, and one page of plays.

The counter is the follow rule's own (:class:`oracle.dispatch.strategies.FollowRule`); a rule
without one is refused (:func:`counter_refusal`). Groups come in duty order, plays in canonical
order within a group (docs/rules.md, Legal plays).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> answer = list_legal_plays(rules, p("AS AS KS 5S 3C"), p("8S 8S"), 0, 10)
>>> answer.total, [g.rule_id for g in answer.groups], len(answer.plays)
(1, ['follow.pairs'], 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card, format_cards
from oracle.convert import CardsField, wire_field, wire_varint
from oracle.dispatch.registry import Refused
from oracle.dispatch.strategies import follow_counter
from oracle.engine.legal_leads import lead_families
from oracle.engine.legal_play_pages import collect
from oracle.engine.ruleset import Ruleset


def counter_refusal(rules: Ruleset) -> Refused | None:
    """Why the ruleset's follow rule has no legal-play counter, if it has none."""
    try:
        follow_counter(rules)
    except Refused as refused:
        return refused
    return None


def list_legal_plays(
    rules: Ruleset, hand: Sequence[Card], lead: Sequence[Card], offset: int, limit: int
) -> pb.ListLegalPlaysResponse:
    """The legal follows of ``hand`` to ``lead`` (its leads when ``lead`` is empty): every group
    with its exact count, and the plays from ``offset`` on, at most ``limit``."""
    if lead:
        family, listed = follow_counter(rules)(rules, lead, hand)
    else:
        family, listed = lead_families(rules, hand)
    found = collect(rules, hand, family, listed, offset, limit)
    duties = [d for d, _ in found.duties]
    groups = [pb.LegalPlayGroup(rule_id=d.rule_id, description=d.description, count=n) for d, n in found.duties]
    rule_ids = ["follow.suit" if lead else "lead.one_suit"]
    rule_ids += [d.rule_id for d in duties if d.rule_id not in rule_ids]
    what = f"follows of {format_cards(rules.sorted(lead))}" if lead else "leads"
    parts = "; ".join(f"{n} {d.description}" for d, n in found.duties) or "none"
    total = found.total
    answer = pb.ListLegalPlaysResponse(
        total=total, groups=groups, rule_ids=rule_ids,
        explanation=f"{total} legal {what} ({parts}); {len(found.page)} listed from play {offset}.",
    )
    group_of = {d: wire_varint(_GROUP, i) for i, d in enumerate(duties)}  # each group's field, once
    # The page read from its bytes (each card's field joined): cheaper than a message built per card.
    by_code, plays = _PLAY_CARDS.by_code, []
    for cards, duty in found.page:
        play = b"".join([by_code[c.code] for c in cards]) + group_of[duty]
        plays.append(_PLAY_KEYS[len(play)] + play if len(play) < len(_PLAY_KEYS) else wire_field(_PLAYS, play))
    answer.MergeFromString(b"".join(plays))
    return answer


_PLAYS = pb.ListLegalPlaysResponse.DESCRIPTOR.fields_by_name["plays"].number
_GROUP = pb.LegalPlay.DESCRIPTOR.fields_by_name["group"].number
_PLAY_CARDS = CardsField(pb.LegalPlay, "cards")
"""A play's cards as its ``LegalPlay.cards`` elements on the wire (each card's bytes built once)."""
_PLAY_KEYS = [wire_field(_PLAYS, bytes(size))[:2] for size in range(0x80)]
"""The key and length of a play's field on the wire, by its length (below 128 bytes: a play of up
to about twenty cards; a longer one is written by :func:`wire_field`)."""
