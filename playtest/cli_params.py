"""Option types for the command line that click does not have."""

from __future__ import annotations

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
