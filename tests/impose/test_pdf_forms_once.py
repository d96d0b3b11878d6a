"""The suite's pdfplumber reads each form XObject once (tests/pdf_forms_once.py): what it
reports of a kit page full of placed forms is what pdfminer's own parser gives."""

from __future__ import annotations

import pdfplumber
import pytest
from pdfminer import pdfinterp

from playtest.library.loader import load_library
from tests import pdf_forms_once
from tests.helpers import kit_sections

LIBRARY = load_library()


def _painted(pdf, number: int) -> list[tuple]:
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[number - 1]
        return [
            (
                kind,
                *(round(o[k], 3) for k in ("x0", "top", "x1", "bottom")),
                o.get("text"),
                str(o.get("stroking_color")),
                str(o.get("non_stroking_color")),
            )
            for kind, objects in sorted(page.objects.items())
            for o in objects
        ]


@pytest.mark.parametrize("game_id", [g for g in LIBRARY.game_ids if LIBRARY.game(g).decks][:1])
def test_a_page_of_placed_forms_reads_the_same_as_with_pdfminers_parser(
    game_id: str, shipped_kit, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = shipped_kit(game_id)
    sections = kit_sections(pdf)
    number = next(pages[0] for title, pages in sections.items() if " cards, " in title)
    assert pdfinterp.PDFContentParser is pdf_forms_once._content_parser  # installed
    replays = []

    class Counted(pdf_forms_once._Replay):
        def __init__(self, objects: list[tuple[int, object]]) -> None:
            replays.append(len(objects))
            super().__init__(objects)

    monkeypatch.setattr(pdf_forms_once, "_Replay", Counted)
    kept = _painted(pdf, number)
    assert replays, "no form is placed twice on the page: the test proves nothing"
    monkeypatch.setattr(pdfinterp, "PDFContentParser", pdf_forms_once._Parser)
    own = _painted(pdf, number)
    assert len(own) > 500  # a page of cards: letters, frames and art
    assert kept == own
