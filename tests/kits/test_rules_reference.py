"""The rules reference in every kit (issue 27): set-up, a turn, the end, scoring and ties,
printed from the YAML, every paragraph whole and in order. Each game's own cases (the
playtest defaults it marks, its readings, a changed number printing changed, its options'
lines) are in its folder, tests/<package>/test_rules_reference.py."""

from __future__ import annotations

import pytest

from playtest.generator.render.reference_text import paragraphs
from playtest.loader import load_library
from tests.conftest import Kit
from tests.kits.rules_reference import FOOTNOTE, MARK, flat, reference_text

GAMES = load_library().game_ids  # every game of the components shipped


@pytest.mark.parametrize("game", GAMES)
def test_every_kit_prints_its_whole_reference_from_the_yaml(
    shipped_kit: Kit, library, game: str
) -> None:
    pdf = shipped_kit(game)
    printed = flat(reference_text(pdf))
    paras = paragraphs(library.game(game))
    titles = [p.text for p in paras if p.kind == "heading"]
    # set-up, a turn (or round), the end, and how the winner is found
    assert any(t.startswith("Set-up") for t in titles), titles
    assert any("turn" in t.lower() or "round" in t.lower() for t in titles), titles
    assert "The end" in titles
    assert "wins" in printed and ("tie" in printed.lower() or "Tied" in printed)
    for para in paras:  # every paragraph, whole, in order of the YAML
        assert flat(para.text) in printed, para.text
    assert printed.index(flat(paras[-1].text)) > printed.index(flat(paras[1].text))


@pytest.mark.parametrize("game", GAMES)
def test_the_footnote_is_where_the_mark_is(shipped_kit: Kit, game: str) -> None:
    text = reference_text(shipped_kit(game))
    for page in text.split(FOOTNOTE)[:-1]:
        assert MARK in page
