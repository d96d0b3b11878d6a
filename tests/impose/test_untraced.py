"""pdfplumber reads a page with coverage paused (tests/untraced.py): no trace function is set
while pdfminer runs, the page reads as it does unwrapped, and coverage measures again after
it (lines run once the page is read are measured)."""

from __future__ import annotations

import importlib.util
import sys

import coverage
import pdfplumber
import pytest
from pdfplumber import page as plumbed


def test_a_page_is_read_untraced_and_measuring_goes_on_after_it(
    kits, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = kits()
    seen: list[object] = []

    class Watched(plumbed.PDFPageInterpreter):
        def process_page(self, page) -> None:
            seen.append(sys.gettrace())  # the trace function while pdfminer runs
            super().process_page(page)

    monkeypatch.setattr(plumbed, "PDFPageInterpreter", Watched)
    measured = tmp_path / "measured.py"
    measured.write_text("def after():\n    return 1\n")
    spec = importlib.util.spec_from_file_location("measured", measured)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    run = coverage.Coverage.current()  # the run's own measuring (pytest --cov), stopped here
    if run is not None:
        run.stop()
    # one measuring started under another, as coverage's start-up one under pytest-cov's in a
    # worker: stopping the newest alone would resume the other during the read
    below = coverage.Coverage(data_file=None, config_file=False, include=[str(measured)])
    below.start()
    measuring = coverage.Coverage(data_file=None, config_file=False, include=[str(measured)])
    measuring.start()
    try:
        assert sys.gettrace() is not None
        spec.loader.exec_module(module)
        with pdfplumber.open(pdf) as doc:
            read = doc.pages[0].objects
        assert seen == [None]  # read once, with no trace function
        assert coverage.Coverage.current() is measuring and sys.gettrace() is not None
        module.after()
    finally:
        measuring.stop()
        below.stop()
        if run is not None:
            run.start()
    assert 2 in (measuring.get_data().lines(str(measured)) or [])  # `return 1` was measured

    with pdfplumber.open(pdf) as doc:  # read unwrapped: the same objects
        unwrapped = plumbed.Page.parse_objects.__wrapped__  # type: ignore[attr-defined]
        assert read == unwrapped(doc.pages[0])
