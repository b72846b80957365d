"""``shengji-oracle audit``: the report of a clean record and of a broken one (first violation
highlighted, exit status 1), ``--json``, a Botzone log, and a file that holds no record (2)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from google.protobuf import json_format

from oracle import pb
from oracle.cli import main
from oracle.cli.record_json import record_from_dict
from tests.referee.test_botzone_log import _botzone_record, judge_log
from tests.referee.test_referee import doc_example


def _write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_clean_record_reports_trick_by_trick_and_exits_0(tmp_path: Path) -> None:
    record = doc_example()
    path = _write(tmp_path, "deal.json", json_format.MessageToDict(record))
    run = CliRunner().invoke(main, ["audit", path])
    assert run.exit_code == 0, run.output
    lines = run.output.splitlines()
    assert sum(line.startswith("trick ") for line in lines) == len(record.tricks)
    assert lines[-1] == "clean: no rule broken, every reported result agrees"


def test_a_broken_record_highlights_the_first_violation_and_exits_1(tmp_path: Path) -> None:
    record = doc_example()
    record.reported.next_banker_seat = (record.reported.next_banker_seat + 1) % 4
    path = _write(tmp_path, "deal.json", json_format.MessageToDict(record))
    run = CliRunner().invoke(main, ["audit", path])
    assert run.exit_code == 1
    first = [line for line in run.output.splitlines() if "FIRST VIOLATION" in line]
    assert len(first) == 1 and "score" in first[0] and "levels.next_banker" in first[0]
    run = CliRunner().invoke(main, ["audit", "--json", path])
    assert run.exit_code == 1
    answer = json_format.Parse(run.output, pb.AuditDealResponse())
    assert answer.first_violation.broken_rule_id == "levels.next_banker"


def test_a_botzone_log_is_audited(tmp_path: Path) -> None:
    path = _write(tmp_path, "match.json", judge_log(_botzone_record(5)))
    run = CliRunner().invoke(main, ["audit", path])
    assert run.exit_code == 0, run.output
    assert run.output.splitlines()[0].startswith("botzone-tractor, playing")


def test_a_file_without_a_record_exits_2(tmp_path: Path) -> None:
    run = CliRunner().invoke(main, ["audit", _write(tmp_path, "x.json", {
        "context": {"variantId": "qq-two-deck", "level": "RANK_TWO", "noTrump": True},
        "bankerSeat": 9})])
    assert run.exit_code == 2
    assert "record.banker_seat" in run.output
    run = CliRunner().invoke(main, ["audit", _write(tmp_path, "y.json", [1, 2])])
    assert run.exit_code == 2


def test_the_quick_json_reader_equals_protobufs_own() -> None:
    """Every record of the hand-made audit_deal cases read by the command's quick reader is the
    message protobuf's json_format reads; an unusual spelling goes to json_format itself."""
    cases = Path(__file__).resolve().parents[2] / "conformance" / "cases" / "hand-audit_deal.jsonl"
    for line in cases.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)["question"]["auditDeal"]["record"]
        quick = record_from_dict(data)
        assert quick.SerializeToString(deterministic=True) == json_format.ParseDict(
            data, pb.DealRecord()).SerializeToString(deterministic=True)
    odd = {"banker_seat": 1, "bottom": [{"rank": "RANK_ACE", "suit": "SUIT_SPADES"}]}
    assert record_from_dict(odd) == pb.DealRecord(banker_seat=1, bottom=[
        pb.Card(rank=pb.RANK_ACE, suit=pb.SUIT_SPADES)])
