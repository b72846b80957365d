"""What ``shengji-oracle audit`` reads and how it asks: a file's JSON as a deal record (a
``DealRecord`` of docs/records.md or a Botzone match log), audited in-process.

>>> answer = audit_one(record_from_json({"bankerSeat": 2}))
>>> answer.error.code
'INVALID_ARGUMENT'
"""

from __future__ import annotations

from typing import Any

from oracle import pb

SOURCES = ("auto", "record", "botzone")
"""What a file holds: a ``DealRecord`` (docs/records.md), a Botzone match log, or either."""


def record_from_json(data: Any, source: str = "auto") -> pb.DealRecord:
    """A record from parsed JSON: a ``DealRecord`` or (``botzone``, or ``auto`` on a log's
    ``initdata`` and ``log``) a Botzone match log. ``ValueError`` says what is wrong.

    >>> record_from_json({"bankerSeat": 2}).banker_seat
    2
    >>> record_from_json({"initdata": {"allocation": [[], [], [], []]}, "log": []}).context.variant_id
    'botzone-tractor'
    """
    from oracle.cli.record_json import record_from_dict
    from oracle.importers.botzone_log import record_from_botzone

    if not isinstance(data, dict):
        raise ValueError("a record is a JSON object")  # noqa: TRY004 (bad input, not a bug)
    if source == "botzone" or (source == "auto" and {"initdata", "log"} <= set(data)):
        return record_from_botzone(data)
    return record_from_dict(data)


def audit_one(record: pb.DealRecord) -> pb.Answer:
    """The audit of one record in-process: ``Answer.audit_deal``, or ``Answer.error``."""
    from oracle.service.questions import dispatch

    return dispatch(pb.Question(audit_deal=pb.AuditDealRequest(record=record)))
