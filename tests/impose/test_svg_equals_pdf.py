"""SVG = PDF (issue 27): every component's SVG file of a shipped kit, rendered by resvg with
the fonts it embeds, paints what the kit's PDF prints for it, rendered by pdfium and cut out
of its page at the place the PDF's own operators give: every card (version mark and bleed
included), each deck's back, every token (a banknote turned on its page too), every die face
(the stickers), every full-page sheet and every tile of every board. Games come from the
registry, so a new game is covered without a line here. How the pictures are compared:
tests/impose/svg_pdf.py."""

from __future__ import annotations

import pytest
from lxml import etree

from playtest.library.loader import load_library
from tests.impose.svg_pdf import face_difference, faces

WORST = 28.0  # the most ink two renderers of one face may differ by over a spot (0..255)
LIBRARY = load_library()
KINDS = ("cards", "backs", "tokens", "dice", "sheets", "boards")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("game_id", LIBRARY.game_ids)
def test_each_svg_paints_what_the_pdf_prints(game_id: str, shipped_kit) -> None:
    game = LIBRARY.game(game_id)
    pdf = shipped_kit(game_id)
    kit = pdf.parent
    wrong = []
    for kind in KINDS:
        seen = 0
        for face in faces(game, kind, kit):
            assert face.svg.exists(), f"{face.svg.name}: no SVG file for {face.name}"
            worst, where = face_difference(face, pdf)
            seen += 1
            if worst > WORST:
                wrong.append(f"{kind}: {face.name} ({where}): differs by {worst:.0f}")
        has = {
            "cards": game.decks,
            "backs": [d for d in game.decks if d.back],
            "tokens": [t for t in game.tokens if t.count],
            "dice": game.dice,
            "sheets": game.sheets,
            "boards": [b for b in game.boards if b.printed],
        }[kind]
        assert (seen > 0) == bool(has), f"{kind}: {seen} faces compared"
    assert not wrong, "\n".join(wrong)


def without_mark(svg: str, mark: str) -> str:
    """The SVG text without its version mark (the text and the label under it)."""
    root = etree.fromstring(svg.encode("utf-8"))
    texts = [t for t in root.iter(f"{SVG}text") if t.text == mark]
    assert len(texts) == 1, f"{len(texts)} marks {mark!r}"
    text = texts[0]
    label = text.getprevious()
    assert label is not None and label.tag == f"{SVG}rect"
    for element in (text, label):
        element.getparent().remove(element)
    return etree.tostring(root, encoding="unicode")


@pytest.mark.parametrize("game_id", [g for g in LIBRARY.game_ids if LIBRARY.game(g).decks])
def test_a_missing_version_mark_is_a_difference(game_id: str, shipped_kit) -> None:
    """The measure itself: a card's SVG (each game's first card) with its 6 pt version mark
    taken out differs from the PDF by more than WORST (on a white card only the grey letters
    show), and the SVG as written does not."""
    game = LIBRARY.game(game_id)
    pdf = shipped_kit(game_id)
    face = next(iter(faces(game, "cards", pdf.parent)))
    card = face.name
    mark = f"v{game.info.version}"
    assert face_difference(face, pdf)[0] <= WORST
    worst, where = face_difference(face, pdf, without_mark(face.svg.read_text(), mark))
    assert worst > WORST, f"{card} without its mark differs by {worst:.0f} only ({where})"
