"""Option types for the command line that click does not have."""

from __future__ import annotations

import math
from fractions import Fraction

import click


class Ratio(click.ParamType):
    """A number or a fraction such as `50/49.5` (the correction page 1 of a kit prints),
    finite and within [low, high]."""

    name = "ratio"

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        if isinstance(value, float | int):
            number = float(value)
        else:
            text = str(value).strip()
            top, slash, bottom = text.partition("/")
            try:
                number = float(Fraction(top.strip()) / Fraction(bottom.strip())) if slash \
                    else float(text)
            except (ValueError, ZeroDivisionError, OverflowError):
                self.fail(f"expected a number or a fraction such as 50/49.5, got {text!r}",
                          param, ctx)
        if not math.isfinite(number) or not self.low <= number <= self.high:
            self.fail(f"{value} is out of range (expected {self.low:g} to {self.high:g})",
                      param, ctx)
        return number
