"""Golden files: one component of each kind per game. The PDF is compared as a picture
(rendered by pypdfium2, against a stored PNG, within a tolerance), so a backend refactor that
changes no pixel needs no new golden files; the SVG is compared as canonical XML
(tests/golden/normalise.py), and its picture (resvg) must paint the colours of the PDF's.
After an intended change of the art, run `python -m pytest tests/golden --update-golden` and
review the changed files in tests/golden/files."""

from __future__ import annotations

import difflib
from functools import cache
from pathlib import Path

import pytest
from PIL import Image

from playtest.library.loader import load_library
from tests.golden.cases import Case, cases
from tests.golden.normalise import svg_text
from tests.helpers import make_components
from tests.pictures import assert_same_colours, assert_same_picture, pdf_picture, svg_picture

FILES = Path(__file__).parent / "files"
LIBRARY = load_library()


@cache
def all_cases(config: pytest.Config) -> list[Case]:
    """The cases of the mini test game and of every shipped game. The mini game's copy lives
    in pytest's temporary folder (the cases are parameters, made as the tests are collected:
    before any fixture) and stays for the session: its SVG embeds subsets of its fonts' files."""
    base = config._tmp_path_factory.mktemp("golden")  # type: ignore[attr-defined]
    mini = load_library(make_components(base))
    return [case for lib in (mini, LIBRARY) for g in lib.game_ids for case in cases(lib.game(g))]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        found = all_cases(metafunc.config)
        metafunc.parametrize("case", found, ids=[f"{c.game}/{c.name}" for c in found])


@pytest.fixture
def every_case(pytestconfig: pytest.Config) -> list[Case]:
    return all_cases(pytestconfig)


def readable_diff(expected: str, actual: str, name: str) -> str:
    lines = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"golden/{name}",
            f"current/{name}",
            lineterm="",
            n=2,
        )
    )
    shown = "\n".join(lines[:80])
    more = f"\n... {len(lines) - 80} more diff lines" if len(lines) > 80 else ""
    return (
        f"{name} differs from its golden file (if intended: pytest tests/golden "
        f"--update-golden):\n{shown}{more}"
    )


def _golden(case: Case, update: bool) -> tuple[Path, Path]:
    """The stored picture of the PDF and the stored SVG (rewritten when `update`)."""
    folder = FILES / case.game
    png_path, svg_path = folder / f"{case.name}.png", folder / f"{case.name}.svg"
    if update:
        folder.mkdir(parents=True, exist_ok=True)
        pdf_picture(case.pdf()).save(png_path, optimize=True)
        svg_path.write_text(case.svg())
    elif not png_path.exists() or not svg_path.exists():
        pytest.fail(
            f"no golden file for {case.game}/{case.name}: run pytest tests/golden "
            "--update-golden and commit tests/golden/files"
        )
    return png_path, svg_path


def test_component_matches_its_golden_files(
    case: Case, update_golden: bool, tmp_path: Path
) -> None:
    png_path, svg_path = _golden(case, update_golden)
    with Image.open(png_path) as stored:
        assert_same_picture(
            pdf_picture(case.pdf()),
            stored.convert("RGB"),
            f"{case.game}/{case.name}.pdf (if intended: pytest tests/golden --update-golden)",
        )
    current_svg = tmp_path / "current.svg"
    current_svg.write_text(case.svg())
    expected, actual = svg_text(svg_path), svg_text(current_svg)
    if expected != actual:
        pytest.fail(readable_diff(expected, actual, f"{case.game}/{case.name}.svg"), pytrace=False)


def test_pdf_and_svg_paint_the_same_colours(case: Case) -> None:
    pdf = pdf_picture(case.pdf())
    assert_same_colours(pdf, svg_picture(case.svg(), pdf.size), f"{case.game}/{case.name}")


def test_every_game_has_golden_cases_of_each_kind_it_has(every_case: list[Case]) -> None:
    kinds = {(c.game, c.name.split("-")[0]) for c in every_case}
    assert {("mini-game", k) for k in ("card", "back", "die", "sheet", "token", "board")} <= kinds
    for game_id in LIBRARY.game_ids:
        assert (game_id, "card") in kinds or (game_id, "sheet") in kinds


def test_a_changed_drawing_shows_a_readable_diff(every_case: list[Case], tmp_path: Path) -> None:
    case = next(c for c in every_case if c.game == "mini-game" and c.name.startswith("card"))
    before = tmp_path / "a.svg"
    before.write_text(case.svg())
    after = tmp_path / "b.svg"
    after.write_text(case.svg().replace("Red One", "Red Uno"))
    message = readable_diff(svg_text(before), svg_text(after), "x.svg")
    assert "-" in message and "Red One" in message and "+" in message and "Red Uno" in message
