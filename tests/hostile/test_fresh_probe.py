"""The memory bound of a fresh run is the child's own: a pytest worker that has grown (after
the kit tests, ~530 MB) is not counted as the peak of every command it starts."""

from __future__ import annotations

from pathlib import Path

from tests.hostile.fresh import run_fresh


def test_a_big_parent_is_not_the_childs_peak(tmp_path: Path) -> None:
    ballast = b"\1" * (300 * 1024 * 1024)  # written: resident, every page
    run = run_fresh("--version", cwd=tmp_path)
    del ballast
    assert run.returncode == 0, run
    assert 0 < run.peak_mb < 150, run  # python and click: tens of MB
