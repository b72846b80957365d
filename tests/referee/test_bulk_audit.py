"""Bulk audits on a local two-worker Dask cluster: a JSON Lines archive cut into pieces (each
line audited once, wherever the cuts fall), the summary by rule and variant, the failing records
written out; and a folder audited through a running scheduler's address. The workers are threads
(a cluster of processes is the same code with one flag, and takes seconds to start: its figures
are scripts/bench/bench_audit.py's)."""

from __future__ import annotations

import json
from pathlib import Path

from google.protobuf import json_format

from oracle.cli.bulk_audit import Task, _lines, audit_task, plan, run_bulk
from oracle.referee.random_deal import random_record
from oracle.referee.record_message import record_to_pb
from tests.referee.test_referee import doc_example


def _archive(tmp_path: Path) -> Path:
    """Four clean records of two variants, and one whose next banker is reported wrong."""
    lines = [json_format.MessageToDict(record_to_pb(random_record(v, s), report=True))
             for v, s in [("qq-one-deck", 1), ("lianzhong-one-deck", 2), ("qq-one-deck", 3),
                          ("lianzhong-one-deck", 4)]]
    broken = json_format.MessageToDict(record_to_pb(random_record("qq-one-deck", 9), report=True))
    broken["reported"]["nextBankerSeat"] = (broken["reported"].get("nextBankerSeat", 0) + 1) % 4
    path = tmp_path / "deals.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in [*lines, broken]) + "not json\n")
    return path


def test_every_line_is_read_once_wherever_the_pieces_are_cut(tmp_path: Path) -> None:
    path = _archive(tmp_path)
    whole = [where for where, _ in _lines(Task(path, 0, path.stat().st_size))]
    for chunk in (1, 7, 500, 10**6):
        cut = [where for task in plan(path, chunk_bytes=chunk) for where, _ in _lines(task)]
        assert cut == whole
    assert len(whole) == 6


def test_a_local_two_worker_cluster_audits_an_archive(tmp_path: Path, capsys: object) -> None:
    path = _archive(tmp_path)
    failing = tmp_path / "failing"
    status = run_bulk(path, "auto", workers=2, failing_dir=failing, as_json=True, processes=False)
    assert status == 1
    summary = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert (summary["records"], summary["clean"], summary["broken"], summary["invalid"]) == (
        6, 4, 1, 1)
    assert summary["violations_by_rule"] == {"levels.next_banker": 1}
    assert summary["broken_by_variant"] == {"qq-one-deck": 1}
    written = [json.loads(line) for line in (failing / "failing.jsonl").read_text().splitlines()]
    assert sorted("record" in w for w in written) == [False, True]


def test_a_folder_through_a_scheduler_address(tmp_path: Path, capsys: object) -> None:
    from dask.distributed import LocalCluster

    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "example.json").write_text(json_format.MessageToJson(doc_example()))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        status = run_bulk(folder, "auto", scheduler=cluster.scheduler_address)
    assert status == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.startswith("1 records: 1 clean, 0 broke a rule, 0 not records")
    assert audit_task(plan(folder)[0], "auto").clean == 1
