"""A refused question (``Answer.error``) shown on the command line, the same way by every
subcommand: a heading, then each field path and why it was refused.

>>> from oracle import pb
>>> error = pb.QuestionError(code="INVALID_ARGUMENT", message="bad", field_violations=[
...     pb.FieldViolation(field="audit_deal.record.banker_seat", description="out of range")])
>>> refusal_lines(error, "deal.json: not a record")
['deal.json: not a record (INVALID_ARGUMENT): bad', '  audit_deal.record.banker_seat: out of range']
"""

from __future__ import annotations

import click

from oracle import pb


def refusal_lines(error: pb.QuestionError, heading: str = "") -> list[str]:
    """The lines of a refusal: ``heading (CODE): message`` (``CODE: message`` without a
    heading), then one line per field violation."""
    head = f"{heading} ({error.code})" if heading else error.code
    return [f"{head}: {error.message}",
            *(f"  {v.field}: {v.description}" for v in error.field_violations)]


def echo_refusal(error: pb.QuestionError, heading: str = "") -> None:
    """Print :func:`refusal_lines` on stderr."""
    for line in refusal_lines(error, heading):
        click.echo(line, err=True)
