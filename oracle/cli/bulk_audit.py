"""``shengji-oracle audit FOLDER`` or ``ARCHIVE.jsonl``: many records audited on a Dask cluster
(``dask.distributed``: a local cluster of one worker process per core by default, or a running
scheduler's address), with a progress bar, a summary of the violations by rule and by variant,
and the failing records written out.

The work is cut into tasks that name where the records are (a JSON Lines file's byte range, or
a handful of files), so each worker reads its own records: with a real cluster the files must be
where every worker sees them at the same path.

>>> [(t.path.name, t.start, t.end) for t in plan(Path("docs/records.md"), chunk_bytes=10**9)]
[]
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from google.protobuf import json_format

CHUNK_BYTES = 256 * 1024
"""The size of a JSON Lines file's piece that one task audits."""

FILES_PER_TASK = 32
"""The record files of a folder that one task audits."""


@dataclass(frozen=True)
class Task:
    """Records to audit: the lines of ``path`` starting in ``[start, end)`` (a JSON Lines file),
    or, for ``end`` -1, the whole files ``path`` and ``more``."""

    path: Path
    start: int = 0
    end: int = -1
    more: tuple[Path, ...] = ()


@dataclass
class Outcome:
    """One task's records: counted, the violations by rule and variant, the failing ones."""

    records: int = 0
    clean: int = 0
    broken: int = 0
    invalid: int = 0
    by_rule: Counter[str] = field(default_factory=Counter)
    by_variant: Counter[str] = field(default_factory=Counter)
    failing: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Outcome) -> None:
        self.records += other.records
        self.clean += other.clean
        self.broken += other.broken
        self.invalid += other.invalid
        self.by_rule.update(other.by_rule)
        self.by_variant.update(other.by_variant)
        self.failing.extend(other.failing)


def plan(path: Path, chunk_bytes: int = CHUNK_BYTES) -> list[Task]:
    """The tasks of a folder (its ``*.json`` files in groups, each ``*.jsonl`` in pieces) or of
    one JSON Lines file."""
    if path.is_dir():
        files = sorted(path.rglob("*.json"))
        tasks = [Task(files[i], more=tuple(files[i + 1:i + FILES_PER_TASK]))
                 for i in range(0, len(files), FILES_PER_TASK)]
        for archive in sorted(path.rglob("*.jsonl")):
            tasks.extend(plan(archive, chunk_bytes))
        return tasks
    if path.suffix != ".jsonl":
        return []
    size = path.stat().st_size
    return [Task(path, start, min(start + chunk_bytes, size)) for start in range(0, size, chunk_bytes)]


def _lines(task: Task) -> Iterator[tuple[str, str]]:
    """Each record's place and text: the lines that start inside the task's byte range."""
    if task.end < 0:
        for path in (task.path, *task.more):
            yield str(path), path.read_text(encoding="utf-8")
        return
    with task.path.open("rb") as stream:
        if task.start:
            stream.seek(task.start - 1)
            stream.readline()  # up to this piece's first line start; an earlier line is not ours
        while stream.tell() < task.end:
            at = stream.tell()
            line = stream.readline()
            if not line:
                return
            if line.strip():
                yield f"{task.path}@{at}", line.decode("utf-8")


def audit_task(task: Task, source: str) -> Outcome:
    """Audit the records of one task (on a worker)."""
    from oracle.cli.audit_input import audit_one, record_from_json

    outcome = Outcome()
    for where, text in _lines(task):
        outcome.records += 1
        try:
            record = record_from_json(json.loads(text), source)
        except ValueError as err:
            outcome.invalid += 1
            outcome.failing.append({"source": where, "error": str(err)})
            continue
        answer = audit_one(record)
        variant = record.context.custom_variant.id or record.context.variant_id
        if answer.WhichOneof("answer") != "audit_deal":
            outcome.invalid += 1
            outcome.failing.append({"source": where, "error": json_format.MessageToDict(answer.error)})
            continue
        result = answer.audit_deal
        broken = [s.broken_rule_id for s in result.steps if not s.legal]
        if not broken and not result.differences:
            outcome.clean += 1
            continue
        outcome.broken += 1
        outcome.by_rule.update(broken)
        outcome.by_variant[variant] += 1
        outcome.failing.append({"source": where, "record": json_format.MessageToDict(record),
                                "audit": json_format.MessageToDict(result)})
    return outcome


def _client(workers: int, scheduler: str | None, processes: bool = True) -> Any:
    from dask.distributed import Client, LocalCluster

    if scheduler:
        return Client(scheduler)  # type: ignore[no-untyped-call]
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=processes,
        dashboard_address=None)
    return Client(cluster)  # type: ignore[no-untyped-call]


def run_bulk(path: Path, source: str, *, workers: int = 0, scheduler: str | None = None,
             failing_dir: Path | None = None, as_json: bool = False, processes: bool = True) -> int:
    """Audit every record under ``path``; print the summary; the exit status (1 when a record
    broke a rule or was no record). The local cluster's workers are processes (``processes``
    false: threads of this one, which start at once but share its interpreter)."""
    from dask.distributed import as_completed

    tasks = plan(path)
    total = Outcome()
    client = _client(workers, scheduler, processes)
    try:
        futures = client.map(audit_task, tasks, source=source, pure=False)
        stderr = sys.stderr
        with click.progressbar(length=len(tasks), label="auditing", file=stderr) as bar:
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                total.add(future.result())
                bar.update(1)
    finally:
        cluster = client.cluster
        client.close()
        if cluster is not None:
            cluster.close()
    if failing_dir is not None:
        failing_dir.mkdir(parents=True, exist_ok=True)
        with (failing_dir / "failing.jsonl").open("w", encoding="utf-8") as out:
            for item in total.failing:
                out.write(json.dumps(item, ensure_ascii=False) + "\n")
    summary = {"records": total.records, "clean": total.clean, "broken": total.broken,
               "invalid": total.invalid, "violations_by_rule": dict(total.by_rule.most_common()),
               "broken_by_variant": dict(total.by_variant.most_common())}
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        click.echo(f"{total.records} records: {total.clean} clean, {total.broken} broke a rule, "
                   f"{total.invalid} not records")
        for rule, count in total.by_rule.most_common():
            click.echo(f"  {rule}: {count} step(s)")
        for variant, count in total.by_variant.most_common():
            click.echo(f"  {variant}: {count} record(s) broke a rule")
        if failing_dir is not None and total.failing:
            click.echo(f"failing records: {failing_dir / 'failing.jsonl'}")
    return 1 if total.broken or total.invalid else 0
