"""The `playtest` command group: one error style for everything the command line refuses.

Click prints a usage error as a usage line, a hint and `Error: ...` on three lines; the tool's
own errors are one line, `playtest: ...` or `file:line: field: ...`. A usage error (an unknown
option, a missing argument, a value out of range) is printed the tool's way too, exit 2."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click
from click.exceptions import NoArgsIsHelpError

from playtest.cli.common import say_plugin_warnings
from playtest.core.control_chars import escape_controls


def one_line(exc: click.ClickException) -> str:
    """`playtest: what is wrong (see `playtest build --help`)`, on one line."""
    message = " ".join(exc.format_message().split()).removesuffix(".")
    if message[:1].isupper() and message[1:2].islower():  # "No such option" -> "no such ..."
        message = message[0].lower() + message[1:]
    ctx = getattr(exc, "ctx", None)
    hint = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
    return escape_controls(f"playtest: {message}{hint}")


class PlaytestGroup(click.Group):
    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            answer = self._main_saying_plugins(args, prog_name, complete_var, **extra)
        except click.ClickException as exc:
            if isinstance(exc, NoArgsIsHelpError):  # `playtest` alone: its help
                exc.show()
            else:
                click.echo(one_line(exc), err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("playtest: interrupted", err=True)
            sys.exit(130)
        # not standalone, click returns the code of `ctx.exit(n)` (--help, --version)
        sys.exit(answer if isinstance(answer, int) else 0)

    def _main_saying_plugins(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        **extra: Any,
    ) -> Any:
        """The command, then a warning line for each game whose code it left out, whatever
        the command's outcome (its own error first)."""
        try:
            return super().main(args, prog_name, complete_var, False, **extra)
        finally:
            say_plugin_warnings()
