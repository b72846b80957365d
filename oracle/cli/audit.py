"""``shengji-oracle audit RECORD``: a whole deal record audited (AuditDeal), reported trick by
trick with the first violation highlighted, or as the answer's JSON with ``--json``. The exit
status is 0 for a deal that keeps the rules, 1 when it broke one (or a reported result
differs), 2 when the file holds no record.

A folder or a JSON Lines archive of records is a bulk audit (:mod:`oracle.cli.bulk_audit`).
A record is the ``DealRecord`` JSON of docs/records.md or a Botzone Tractor match log.

>>> from click.testing import CliRunner
>>> run = CliRunner().invoke(audit, ["--help"])
>>> "--json" in run.output and "--scheduler" in run.output
True
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from google.protobuf import json_format

from oracle.cli.audit_input import SOURCES, audit_one, record_from_json
from oracle.cli.refusal import echo_refusal


@click.command()
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the AuditDealResponse as JSON.")
@click.option("--from", "source", type=click.Choice(SOURCES), default="auto", show_default=True,
              help="What the files hold: a DealRecord, a Botzone match log, or either.")
@click.option("--workers", type=int, default=0,
              help="Bulk: worker processes of the local cluster (0: one per core).")
@click.option("--scheduler", default=None,
              help="Bulk: the address of a running Dask scheduler (default: a local cluster).")
@click.option("--failing", "failing_dir", type=click.Path(path_type=Path), default=None,
              help="Bulk: write each failing record and its audit into this folder.")
def audit(path: Path, as_json: bool, source: str, workers: int, scheduler: str | None,
          failing_dir: Path | None) -> None:
    """Audit a deal RECORD (a JSON file), or every record of a folder or a .jsonl archive."""
    if path.is_dir() or path.suffix == ".jsonl":
        from oracle.cli.bulk_audit import run_bulk

        sys.exit(run_bulk(path, source, workers=workers, scheduler=scheduler,
                          failing_dir=failing_dir, as_json=as_json))
    try:
        record = record_from_json(json.loads(path.read_text(encoding="utf-8")), source)
    except ValueError as err:  # json.JSONDecodeError and LogFormatError are ValueErrors
        click.echo(f"{path}: {err}", err=True)
        sys.exit(2)
    answer = audit_one(record)
    if answer.WhichOneof("answer") != "audit_deal":
        echo_refusal(answer.error, f"{path}: not a record")
        sys.exit(2)
    result = answer.audit_deal
    if as_json:
        click.echo(json_format.MessageToJson(result))
    else:
        from oracle.cli.audit_report import report

        click.echo(report(record, result, color=sys.stdout.isatty()))
    broke = result.totals.violations if result.HasField("totals") else sum(
        not s.legal for s in result.steps)
    sys.exit(1 if broke or result.differences else 0)
