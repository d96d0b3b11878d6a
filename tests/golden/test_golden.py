"""Golden files: one component of each kind per game, compared with its reference after
normalising (tests/golden/normalise.py). After an intended change of the art, run
`python -m pytest tests/golden --update-golden` and review the diff of tests/golden/files."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from playtest.loader import load_library
from tests.golden.cases import Case, cases
from tests.golden.normalise import pdf_text, svg_text
from tests.helpers import make_components

FILES = Path(__file__).parent / "files"
MINI = load_library(make_components(Path(__import__("tempfile").mkdtemp())))
LIBRARY = load_library()
ALL = [case for lib in (MINI, LIBRARY) for game_id in lib.game_ids
       for case in cases(lib.game(game_id))]


def readable_diff(expected: str, actual: str, name: str) -> str:
    lines = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                      f"golden/{name}", f"current/{name}", lineterm="", n=2))
    shown = "\n".join(lines[:80])
    more = f"\n... {len(lines) - 80} more diff lines" if len(lines) > 80 else ""
    return (f"{name} differs from its golden file (if intended: pytest tests/golden "
            f"--update-golden):\n{shown}{more}")


@pytest.mark.parametrize("case", ALL, ids=[f"{c.game}/{c.name}" for c in ALL])
def test_component_matches_its_golden_files(case: Case, update_golden: bool,
                                            tmp_path: Path) -> None:
    folder = FILES / case.game
    pdf_path, svg_path = folder / f"{case.name}.pdf", folder / f"{case.name}.svg"
    current_pdf, current_svg = tmp_path / "current.pdf", tmp_path / "current.svg"
    current_pdf.write_bytes(case.pdf())
    current_svg.write_text(case.svg())
    if update_golden or not pdf_path.exists():
        if not update_golden:
            pytest.fail(f"no golden file for {case.game}/{case.name}: run pytest tests/golden "
                        "--update-golden and commit tests/golden/files")
        folder.mkdir(parents=True, exist_ok=True)
        pdf_path.write_bytes(current_pdf.read_bytes())
        svg_path.write_text(current_svg.read_text())
    for expected, actual, name in ((pdf_text(pdf_path), pdf_text(current_pdf), f"{case.name}.pdf"),
                                   (svg_text(svg_path), svg_text(current_svg), f"{case.name}.svg")):
        if expected != actual:
            pytest.fail(readable_diff(expected, actual, f"{case.game}/{name}"), pytrace=False)


def test_every_game_has_golden_cases_of_each_kind_it_has() -> None:
    kinds = {(c.game, c.name.split("-")[0]) for c in ALL}
    assert {("mini-game", k) for k in ("card", "back", "die", "sheet", "token", "board")} <= kinds
    for game_id in LIBRARY.game_ids:
        assert (game_id, "card") in kinds or (game_id, "sheet") in kinds


def test_a_changed_drawing_shows_a_readable_diff(tmp_path: Path) -> None:
    case = next(c for c in ALL if c.game == "mini-game" and c.name.startswith("card"))
    before = tmp_path / "a.svg"
    before.write_text(case.svg())
    after = tmp_path / "b.svg"
    after.write_text(case.svg().replace("Red One", "Red Uno"))
    message = readable_diff(svg_text(before), svg_text(after), "x.svg")
    assert "-" in message and "Red One" in message and "+" in message and "Red Uno" in message
