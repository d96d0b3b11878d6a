"""pdfplumber reads a page with coverage paused. Under `pytest --cov` (CI) the tracer is called
at every Python call, also in code it does not measure: pdfminer's interpreter makes millions
of calls for a kit's card pages, and the version-mark test of the largest deck took 47 s
instead of 16 s. Coverage measures the playtest package only, and no code of it runs while a
page of a PDF already written is read, so what coverage measures is unchanged
(tests/impose/test_untraced.py checks both). Installed for the tests by tests/conftest.py."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import coverage
from pdfplumber.page import Page

P = ParamSpec("P")
R = TypeVar("R")


def untraced(read: Callable[P, R]) -> Callable[P, R]:
    """`read` run with every coverage measurement of this process stopped and started again
    after it, in the order they ran, as pytest-cov's own `no_cover` does for a whole test.
    Every one: stopping the newest resumes the one started before it (an xdist worker runs
    coverage's own start-up measurement under pytest-cov's), which would trace the read."""

    @functools.wraps(read)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        stopped: list[coverage.Coverage] = []
        while (measuring := coverage.Coverage.current()) is not None:
            measuring.stop()
            stopped.append(measuring)
        try:
            return read(*args, **kwargs)
        finally:
            for measuring in reversed(stopped):
                measuring.start()

    return run


def install() -> None:
    # the interpreter's run over the page and its forms, and the objects made of what it drew
    Page.parse_objects = untraced(Page.parse_objects)  # type: ignore[method-assign]
