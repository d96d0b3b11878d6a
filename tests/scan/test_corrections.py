"""A circle or box filled in whole is a mark, unless the game's correction rule says a fill
takes a mark back: the rule is a playtest default in the game's YAML (`game: correction:`),
printed in its rules reference with the playtest-default mark, and the photo reader follows
the rule the sheet's game prints, no convention of its own."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from playtest.scan.ink import ink_map
from playtest.scan.reader import read_places
from tests.conftest import Kit
from tests.kits.rules_reference import MARK, flat, reference_text
from tests.scan.conftest import LIBRARY, SHEETS
from tests.scan.corpus import PENS, _fill, _mark

SHEET_GAMES = list(dict.fromkeys(s.game for s in SHEETS))
RULE_WORDS = {"erase": "rub it out", "fill": "fill the wrong"}


def _rule_paragraphs(game_id: str) -> dict[str, str]:
    """The reference's paragraphs chosen by `game.correction`: value -> text."""
    reference = LIBRARY.game(game_id).reference
    return {
        line.when["game.correction"]: line.text or line.reading or ""
        for section in reference.sections
        for line in section.lines
        if not isinstance(line, str) and line.when and "game.correction" in line.when
    }


@pytest.mark.parametrize("game_id", SHEET_GAMES)
def test_a_game_with_a_scan_ready_sheet_prints_how_a_mark_is_taken_back(
    shipped_kit: Kit, game_id: str
) -> None:
    game = LIBRARY.game(game_id)
    assert game.info.correction in RULE_WORDS  # said in the game's YAML
    assert "game.correction" in game.reference.defaults  # a playtest default
    chosen = _rule_paragraphs(game_id)
    assert set(chosen) == set(RULE_WORDS)  # a paragraph for each rule, in players' words
    printed = flat(reference_text(shipped_kit(game_id)))
    said = flat(chosen[game.info.correction])
    assert RULE_WORDS[game.info.correction] in said
    assert f"{said}{MARK}" in printed  # printed, with the playtest-default mark
    other = next(v for v in RULE_WORDS if v != game.info.correction)
    assert flat(chosen[other]) not in printed


@pytest.mark.parametrize("spec", SHEETS, ids=lambda s: f"{s.game}-{s.sheet}")
def test_a_place_filled_in_whole_is_read_by_the_games_own_rule(spec) -> None:
    """Every circle and box filled solid (after a cross, as a player fills one): a mark under
    `erase`, sure; under `fill` not a mark (it was read "cancelled" whatever the game said)."""
    rng = np.random.default_rng(3)
    page = spec.template.copy()
    circles = [p for p in spec.places if p.shape == "circle"][:6]
    boxes = [p for p in spec.places if p.shape == "rect" and p.box[2] >= 4][:6]
    filled = circles + boxes
    assert circles and boxes
    for place in filled:
        _mark(page, place, "cross", PENS[0], 0.5, rng)
        _fill(page, place, PENS[0], rng)
    seen = ink_map(cv2.GaussianBlur(page, (0, 0), 1.2), spec.template)
    ids = {p.id for p in filled}
    for rule, marked in (("erase", True), ("fill", False)):
        read = {r.id: r for r in read_places(seen, replace(spec, correction=rule))}
        assert {i: read[i].marked for i in ids} == dict.fromkeys(ids, marked), rule
        if rule == "erase":
            assert not any(read[i].uncertain for i in ids)
    assert spec.correction == LIBRARY.game(spec.game).info.correction  # the game's, as loaded
