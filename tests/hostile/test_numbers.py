"""Every number is finite and in range or refused: options on the command line, numbers in a
layout, numbers in a record. NaN slips through every comparison, so each bound is tested with
NaN and infinities as well as with numbers too large."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import edit_once, make_components
from tests.hostile.fresh import run_fresh


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--scale-x", "nan"), "playtest: --scale-x: nan is not a number from 0.5 to 2"),
        (("--scale-y", "nan"), "playtest: --scale-y: nan is not a number from 0.5 to 2"),
        (("--bleed", "nan"), "playtest: --bleed: nan is not a number from 0 to 10"),
        (
            ("--back-offset", "nan,nan"),
            "playtest: --back-offset: 'nan,nan' is out of range (expected at most 20 mm each way)",
        ),
        (
            ("--back-offset", "1,inf"),
            "playtest: --back-offset: '1,inf' is out of range (expected at most 20 mm each way)",
        ),
    ],
)
def test_a_numeric_build_option_that_is_not_finite_is_refused(
    args: tuple[str, ...], message: str, tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q", *args)
    assert (result.exit_code, result.stderr) == (2, message + "\n")
    assert not (tmp_path / "output").exists()


def test_preview_dpi_nan_is_refused(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run_cli("preview", "mini-game", "--components", root, "--dpi", "nan")
    assert (result.exit_code, result.stderr) == (
        2,
        "playtest: --dpi: nan is not a number from 10 to 600\n",
    )
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "rotate: 0",
            "rotate: .nan",
            "components/mini-game/layouts.yaml:35: "
            "layouts.sheet.elements[3].group.rotate: '.nan' is not a usable number",
        ),
        (
            "dash: [2, 1]",
            "dash: [.nan, .inf]",
            "components/mini-game/layouts.yaml:31: "
            "layouts.sheet.elements[2].line.dash[0]: '.nan' is not a usable number",
        ),
        (
            "rotate: 0",
            "rotate: 1.0e+300",
            "components/mini-game/layouts.yaml:35: "
            "layouts.sheet.elements[3].group.rotate: '1.0e+300' is not a usable number",
        ),
        (
            "rotate: 0",
            "rotate: 1e300",
            "components/mini-game/layouts.yaml:35: "
            "layouts.sheet.elements[3].group.rotate: '1e300' is out of range "
            "(expected at most 3600)",
        ),
        (
            "dash: [2, 1]",
            "dash: [2, 1e9]",
            "components/mini-game/layouts.yaml:31: "
            "layouts.sheet.elements[2].line.dash[1]: '1e9' is out of range (expected at most 1000)",
        ),
    ],
)
def test_a_layout_number_that_is_not_finite_is_a_located_error(
    old: str, new: str, message: str, tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "layouts.yaml", old, new)
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert result.stderr.startswith(message), result.stderr
    assert not (tmp_path / "output").exists()


def test_a_four_megabyte_list_is_refused_before_it_is_built(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    (root / "mini-game" / "big.yaml").write_text("x: [" + "1," * 2_000_000 + "1]\n")
    run = run_fresh("list", "--components", root, cwd=tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == "components/mini-game/big.yaml:1: more than 100,000 values\n"
