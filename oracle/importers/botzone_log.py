"""The Botzone Tractor judge's match log (its request/response JSON) as a deal record.

The judge (keyijing/Tractor-RL judger.py, ``main``) reads ``{"initdata": ..., "log": [...]}``:
``initdata`` holds ``allocation`` (each player's 25 card ids), ``publiccard`` (the 8 bottom ids)
and ``level``; ``log`` alternates the judge's outputs (even places) and the players' responses
(odd places, ``{"<player>": {"response": [ids]}}``). Places 1 to 199 are the dealing rounds, a
response with cards a declaration; place 200 sends the bottom to the banker
(``global.banking``: ``banker``, ``major``), 201 is the bury, then each response is a play and
the judge's next output shows what was really played (``display.event.poker``: a failed throw's
forced card). Card ids: :mod:`oracle.profiles.botzone.notation`.

>>> record = record_from_botzone({"initdata": {"allocation": [[0], [1], [2], [3]],
...     "publiccard": [], "level": "0"}, "log": []})
>>> record.context.variant_id, record.context.level == pb.RANK_TEN, len(record.hands)
('botzone-tractor', True, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from oracle import pb
from oracle.cards import CardNotationError, Rank
from oracle.convert import cards_to_pb
from oracle.profiles.botzone.notation import card_from_id

VARIANT = "botzone-tractor"
"""The variant whose rules the judge applies."""

DEAL_END = 200
"""The place of the judge's output that ends the dealing (the bottom to the banker)."""

_LEVELS = {"0": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
           **{str(n): Rank(n) for n in range(2, 10)}}
_MAJORS = {"s": pb.SUIT_SPADES, "h": pb.SUIT_HEARTS, "c": pb.SUIT_CLUBS, "d": pb.SUIT_DIAMONDS}


class LogFormatError(ValueError):
    """The log is not one the judge writes; the message names the place, as ``log[203]``."""


def _cards(ids: Any, where: str) -> list[pb.Card]:
    if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
        raise LogFormatError(f"{where}: a list of card ids 0 to 107, not {str(ids)[:60]}")
    try:
        return cards_to_pb(card_from_id(i) for i in ids)
    except CardNotationError as err:
        raise LogFormatError(f"{where}: {err}") from err


def _response(entry: Any, where: str) -> tuple[int, list[int]]:
    """A player's response: its seat and the ids it sent."""
    if not isinstance(entry, dict) or len(entry) != 1:
        raise LogFormatError(f"{where}: a response is {{\"<player>\": {{\"response\": [...]}}}}")
    (key, value), = entry.items()
    if key not in ("0", "1", "2", "3") or not isinstance(value, dict) or "response" not in value:
        raise LogFormatError(f"{where}: a response is {{\"<player>\": {{\"response\": [...]}}}}")
    ids = value["response"]
    _cards(ids, f"{where}.{key}.response")
    return int(key), ids


def _played(log: Sequence[Any], place: int, sent: list[int]) -> list[int]:
    """What the judge recorded as played for the response at ``place`` (its next output)."""
    if place + 1 < len(log):
        output = log[place + 1].get("output", {}) if isinstance(log[place + 1], dict) else {}
        poker = output.get("display", {}).get("event", {}).get("poker")
        if poker is not None:
            _cards(poker, f"log[{place + 1}].output.display.event.poker")
            return list(poker)
    return sent


def _banking(log: Sequence[Any]) -> dict[str, Any]:
    try:
        content = log[DEAL_END]["output"]["content"]
        banking: dict[str, Any] = next(iter(content.values()))["global"]["banking"]
    except (KeyError, TypeError, StopIteration, IndexError) as err:
        raise LogFormatError(f"log[{DEAL_END}]: the end of the dealing names no banking") from err
    return banking


def record_from_botzone(match: dict[str, Any]) -> pb.DealRecord:
    """The deal record of one Botzone Tractor match log (as far as the log goes)."""
    init = match.get("initdata")
    log = match.get("log")
    if not isinstance(init, dict) or not isinstance(log, list):
        raise LogFormatError("a match log is {\"initdata\": {...}, \"log\": [...]}")
    level = _LEVELS.get(str(init.get("level", "2")))
    if level is None:
        raise LogFormatError(f"initdata.level: {init.get('level')!r} is not a level 2 to A")
    allocation = init.get("allocation")
    if not isinstance(allocation, list) or len(allocation) != 4:
        raise LogFormatError("initdata.allocation: four lists of card ids, one per player")
    record = pb.DealRecord(context=pb.Context(variant_id=VARIANT, level=int(level)))  # type: ignore[arg-type]
    for seat, ids in enumerate(allocation):
        record.hands.add(seat=seat, cards=_cards(ids, f"initdata.allocation[{seat}]"))
    record.bottom.extend(_cards(init.get("publiccard", []), "initdata.publiccard"))
    for place in range(1, min(len(log), DEAL_END), 2):
        seat, ids = _response(log[place], f"log[{place}]")
        if ids:
            record.declarations.add(seat=seat, cards=_cards(ids, f"log[{place}]"))
    if len(log) <= DEAL_END:
        return record
    banking = _banking(log)
    record.banker_seat = int(banking.get("banker", 0))
    major = banking.get("major")
    if major == "n":
        record.context.no_trump = True
    elif major in _MAJORS:
        record.context.trump_suit = _MAJORS[major]
    if len(log) > DEAL_END + 1:
        _, buried = _response(log[DEAL_END + 1], f"log[{DEAL_END + 1}]")
        record.buried.extend(_cards(buried, f"log[{DEAL_END + 1}]"))
    trick: pb.Trick | None = None
    for place in range(DEAL_END + 3, len(log), 2):
        seat, sent = _response(log[place], f"log[{place}]")
        played = _played(log, place, sent)
        if trick is None or len(trick.plays) == 4:
            trick = record.tricks.add()
            if Counter(played) != Counter(sent):
                trick.attempted_throw.extend(_cards(sent, f"log[{place}]"))
        trick.plays.add(seat=seat, cards=_cards(played, f"log[{place}]"))
    _final_score(log, record)
    return record


def _final_score(log: Sequence[Any], record: pb.DealRecord) -> None:
    """The attackers' final points as the judge scores the end (``main``: ``new_score =
    old_score + get_score``, passed to ``EndGame``), when the log ends with ``command: finish``:
    the running total the last request carried (``content.<player>.global.total_score``) plus
    the finish's ``display.get_score``. The judge runs once per turn, so ``get_score`` is only
    that turn's change (the last trick's points and the bottom), never the total."""
    last = log[-1] if log else None
    output = last.get("output") if isinstance(last, dict) else None
    if not isinstance(output, dict) or output.get("command") != "finish" or len(log) < 3:
        return
    score = output.get("display", {}).get("get_score")
    request = log[-3].get("output", {}) if isinstance(log[-3], dict) else {}
    content = request.get("content") if isinstance(request, dict) else None
    player = next(iter(content.values()), None) if isinstance(content, dict) else None
    total = player.get("global", {}).get("total_score") if isinstance(player, dict) else None
    if isinstance(score, int) and isinstance(total, int):
        record.reported.attacker_points = total + score
