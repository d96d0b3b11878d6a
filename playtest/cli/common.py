"""What every command shares: one-line output for people, the error style (one line per
problem, exit 2), and the options several commands take."""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import wraps
from pathlib import Path
from typing import Any

import click

from playtest.core.control_chars import escape_controls
from playtest.core.errors import InputError


def say(line: str, err: bool = False) -> None:
    """One line for people: names and paths come from files, and their control characters
    must not reach the terminal."""
    click.echo(escape_controls(line), err=err)


def friendly_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Bad input is a one-line message per problem and exit 2, never a traceback."""

    @wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except InputError as exc:
            for problem in exc.problems:
                click.echo(str(problem), err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("playtest: interrupted", err=True)
            sys.exit(130)

    return run


# upper or lower case alike: `--paper A4` is how people write it
PAPERS = click.Choice(["a4", "letter"], case_sensitive=False)
BACKS = click.Choice(["duplex-long", "duplex-short", "fold", "none"], case_sensitive=False)

components_option = click.option(
    "--components",
    "components_dir",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="PLAYTEST_COMPONENTS",
    default=None,
    help="Folder of game YAML to use instead of the installed one (env: PLAYTEST_COMPONENTS).",
)


def to_stderr(line: str) -> None:
    say(line, err=True)


def say_plugin_warnings() -> None:
    """The games whose code was left out (playtest/library/registry.py), one warning line each, said
    once: as a command ends. Nothing when the command never looked for games."""
    registry = sys.modules.get("playtest.library.registry")
    if registry is not None:
        for line in registry.take_warnings():
            to_stderr(line)


def plugin_warnings_at_once() -> AbstractContextManager[None]:
    """While the block runs, a game's code left out is said when it is met (serve, --watch)."""
    from playtest.library.registry import warnings_at_once

    return warnings_at_once(to_stderr)


class Warnings:
    """Warnings go to stderr (even with -q), counted for --strict."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, line: str) -> None:
        self.count += 1
        to_stderr(line)
