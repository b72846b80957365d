"""The ``shengji-oracle`` command: with no subcommand it runs the server (its options are the
server's own, :func:`oracle.service.options.parse_args`); subcommands ask questions from the
command line.

A subcommand is a click command in a module of this package, registered by one line in
:data:`SUBCOMMANDS`.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(main, ["--help"])
>>> "ask" in result.output and "serve" in result.output
True
"""

from __future__ import annotations

import contextlib
import importlib
import io
from collections.abc import Sequence
from typing import Any

import click

SUBCOMMANDS = {
    "serve": "oracle.cli:serve",
    "ask": "oracle.cli.ask:ask",
    "audit": "oracle.cli.audit:audit",
}
"""Each subcommand's name and the ``module:attribute`` of its click command, imported on use so
that starting the server imports none of them."""


class _ServerByDefault(click.Group):
    """A group whose command line, unless it starts with a subcommand's name (or ``--help``),
    is the server's: ``shengji-oracle --port 0`` runs the server on a free port."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and (args[0] in SUBCOMMANDS or args[0] in ctx.help_option_names):
            return super().parse_args(ctx, args)
        ctx.meta["server_argv"] = list(args)
        return super().parse_args(ctx, [])

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """After the commands, the server's own help (its options, defaults and environment)."""
        from oracle.service.options import parse_args

        text = io.StringIO()
        with contextlib.redirect_stdout(text), contextlib.suppress(SystemExit):
            parse_args(["--help"])
        formatter.write_paragraph()
        formatter.write_text("With no command, the server runs:")
        formatter.write("\n" + text.getvalue())

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(cmd_name)
        if target is None:
            return None
        module, attribute = target.split(":")
        command: click.Command = getattr(importlib.import_module(module), attribute)
        return command


@click.group(cls=_ServerByDefault, invoke_without_command=True)
@click.pass_context
def main(ctx: click.Context) -> None:
    """A stateless rules oracle for Shengji (升级 / 拖拉机).

    With no command, serve it (gRPC, HTTP/JSON and the rule explorer) with the server's
    options, for example `shengji-oracle --port 0`.
    """
    if ctx.invoked_subcommand is None:
        ctx.exit(_serve(ctx.meta.get("server_argv", [])))


@click.command(
    context_settings={"ignore_unknown_options": True, "help_option_names": []},
    add_help_option=False,
)
@click.argument("server_args", nargs=-1, type=click.UNPROCESSED)
def serve(server_args: Sequence[str]) -> None:
    """Serve the oracle (the same as no command); `serve --help` lists the options."""
    raise SystemExit(_serve(list(server_args)))


def _serve(argv: list[str]) -> int:
    from oracle.service.server import main as server_main

    status: Any = server_main(argv)
    return int(status)
