"""The readable report of one audit: the deal, the declarations and the bury, then trick by
trick each play with its verdict, the first violation highlighted, the bottom, the score, the
reported results that differ and the totals.

>>> from oracle.referee.random_deal import random_record
>>> from oracle.referee.record_message import record_to_pb
>>> from oracle.referee.replay import audit_deal
>>> record = random_record("qq-one-deck", seed=3)
>>> text = report(record_to_pb(record), audit_deal(record), color=False)
>>> text.splitlines()[-1]
'clean: no rule broken, every reported result agrees'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import click

from oracle import pb
from oracle.cards import Rank, format_cards
from oracle.convert import cards_from_pb

_TRICK = re.compile(r"^tricks\[(\d+)\]")


def _cards(cards: Iterable[pb.Card]) -> str:
    return format_cards(cards_from_pb(cards)) or "-"


def _heading(record: pb.DealRecord, answer: pb.AuditDealResponse) -> str:
    ctx = record.context
    variant = ctx.custom_variant.id if ctx.HasField("custom_variant") else ctx.variant_id
    level = Rank(ctx.level).symbol if ctx.level else "?"
    if answer.HasField("totals"):
        totals = answer.totals
        trump = "no-trump" if totals.no_trump else pb.Suit.Name(totals.trump_suit)[5:].lower()
    else:
        trump = "not known"
    return f"{variant}, playing {level}, trump {trump}, banker seat {record.banker_seat}"


def _line(step: pb.AuditStep, first: bool, color: bool) -> str | None:
    """One step's line; ``None`` for a legal play, which its trick's line shows."""
    seat = f"seat {step.seat}: " if step.seat >= 0 else ""
    cards = f"{_cards(step.cards)} " if step.cards else ""
    if step.legal:
        if ".plays[" in step.step:
            return None
        if _TRICK.match(step.step):
            return f"  ok  {step.explanation}"
        return f"  ok  {step.step}: {seat}{cards}({', '.join(step.rule_ids)}) {step.explanation}"
    text = f"{step.step}: {seat}{cards}breaks {step.broken_rule_id}: {step.explanation}"
    if step.legal_alternative:
        text += f" | legal instead: {_cards(step.legal_alternative)}"
    if first:
        text = ">>> FIRST VIOLATION " + text
        return click.style(text, fg="red", bold=True) if color else text
    text = "  x  " + text
    return click.style(text, fg="red") if color else text


def _trick_heading(record: pb.DealRecord, index: int) -> str:
    if index >= len(record.tricks):
        return f"trick {index + 1}"
    trick = record.tricks[index]
    plays = " | ".join(f"seat {p.seat} {_cards(p.cards)}" for p in trick.plays)
    tried = f" (throw tried: {_cards(trick.attempted_throw)})" if trick.attempted_throw else ""
    return f"trick {index + 1}: {plays}{tried}"


def report(record: pb.DealRecord, answer: pb.AuditDealResponse, *, color: bool = True) -> str:
    """The report as text (``color``: the first violation in red, for a terminal)."""
    lines = [_heading(record, answer)]
    first = answer.first_violation if answer.HasField("first_violation") else None
    shown_trick = -1
    for step in answer.steps:
        found = _TRICK.match(step.step)
        if found and int(found.group(1)) != shown_trick:
            shown_trick = int(found.group(1))
            lines.append(_trick_heading(record, shown_trick))
        elif not found and shown_trick >= 0 and step.step in ("bottom", "score"):
            shown_trick = -2
            lines.append("end of the deal")
        line = _line(step, first is not None and step == first, color)
        if line is not None:
            lines.append(line)
    if not answer.complete:
        lines.append("the replay stopped before the end: " + answer.explanation)
    for diff in answer.differences:
        lines.append(f"reported {diff.field} = {diff.reported}, the referee's: {diff.oracle}")
    if answer.HasField("totals"):
        t = answer.totals
        side = pb.Side.Name(t.level_side)[5:].lower()
        lines.append(
            f"totals: {t.tricks} tricks; attackers {t.trick_points} in tricks, penalties "
            f"{t.penalty_points:+d}, bottom x{t.bottom_multiplier} {t.bottom_points_to_attackers:+d}"
            f" = {t.attacker_points} points; {side} up {t.levels}; seat {t.next_banker_seat} "
            "deals next")
    if answer.clean:
        lines.append("clean: no rule broken, every reported result agrees")
    else:
        count = answer.totals.violations if answer.HasField("totals") else sum(
            1 for s in answer.steps if not s.legal)
        lines.append(f"NOT CLEAN: {count} step(s) broke a rule, {len(answer.differences)} "
                     "reported result(s) differ")
    return "\n".join(lines)
