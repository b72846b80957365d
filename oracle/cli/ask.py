"""``shengji-oracle ask``: one question in card notation."""

from __future__ import annotations

import click


@click.group()
def ask() -> None:
    """Ask the oracle one question, the cards in notation (AS, 10H, SJ, BJ)."""
