"""Option types for the command line that click does not have."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import click


class Ratio(click.ParamType):
    """A number or a fraction such as `50/49.5` (the correction page 1 of a kit prints). Its
    range (and that it is finite) is checked with the other print options."""

    name = "ratio"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        if isinstance(value, float | int):
            return float(value)
        text = str(value).strip()
        top, slash, bottom = text.partition("/")
        try:
            return float(Fraction(top.strip()) / Fraction(bottom.strip())) if slash else float(text)
        except (ValueError, ZeroDivisionError, OverflowError):
            self.fail(f"expected a number or a fraction such as 50/49.5, got {text!r}", param, ctx)


SHORTCUTS = "playtest.shortcuts"  # ctx.meta key: the shortcut flags given, flag -> option


class WithGameShortcuts(click.Command):
    """A command that also takes the option shortcuts the registered games declare
    (`--with-rhubarb` for `--option rhubarb=on`), offered after `--option`. The registry is read
    only when the command runs or shows its help, so the CLI names no game."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        at = next((i + 1 for i, p in enumerate(params) if p.name == "options"), len(params))
        return [*params[:at], *_shortcut_options(), *params[at:]]


def _shortcut_options() -> list[click.Option]:
    from playtest.core.errors import InputError
    from playtest.library.registry import registrations

    try:
        games = registrations()
    except InputError:  # a broken game says so, in one line, when the command loads it
        return []
    flags = {s.flag: s for game in games.values() for s in game.shortcuts}
    return [
        click.Option(
            [f"--{flag}"],
            is_flag=True,
            expose_value=False,
            callback=_remember(shortcut.flag, shortcut.option),
            help=shortcut.help,
        )
        for flag, shortcut in sorted(flags.items())
    ]


def _remember(flag: str, option: str) -> Callable[[click.Context, click.Parameter, bool], None]:
    def given(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if value:
            ctx.meta.setdefault(SHORTCUTS, {})[flag] = option

    return given


def shortcuts_given() -> dict[str, str]:
    """The shortcut flags given to the running command: flag -> the option it switches on."""
    return dict(click.get_current_context().meta.get(SHORTCUTS, {}))
