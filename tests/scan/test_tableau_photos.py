"""`playtest scan` on generated photos of a finished tableau (cards laid in the places a board
declares, tests/scan/tableau_corpus.py), for every registered game that has one: every card
is named by its marker and put in its place, and the answer is what `playtest score` says of
the record those places make. The rate over hundreds of photos is benchmarks/scan_tableau.py's.
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
import yaml

from playtest.faces.scan_codes import marker_corners
from playtest.library.loader import load_library
from playtest.library.registry import registrations
from playtest.scan.reader import decode
from playtest.scan.tableau import (
    find_card_markers,
    fit_cards,
    look_again,
    read_tableau,
    tableau_specs,
)
from playtest.scorer.api import evaluate_data
from playtest.scorer.fields_record import FieldsReading, PlayerFields, record_of_fields
from tests.games import games_with
from tests.scan.conftest import run_playtest
from tests.scan.corpus import _seen
from tests.scan.tableau_corpus import TableauMaker

LIBRARY = load_library(None)
TABLEAUS = [
    spec
    for game_id in games_with(lambda g: g.fields)
    for spec in tableau_specs(LIBRARY, (game_id,))
]
# photos at 4-12 MP, tilted up to 35 degrees, read through the command line (the rate over
# hundreds of photos is benchmarks/scan_tableau.py's)
SEEDS = (0, 3, 5)


def test_a_game_with_a_scanned_deck_has_a_tableau():
    assert TABLEAUS, "no registered game declares a board of card places for a scanned deck"
    assert all(registrations()[spec.game].declares("fields") for spec in TABLEAUS)


@pytest.mark.parametrize("spec", TABLEAUS, ids=lambda s: f"{s.game}-{s.sheet}")
def test_the_corpus_lays_tableaux_the_games_own_check_passes(spec):
    """A photo of a finished tableau shows one a game may end with: no broken rule, however
    the cards are dealt (the village card either side up, places now and then empty)."""
    maker = TableauMaker(LIBRARY, spec)
    places = {s.field for s in spec.slots if s.kind == "card"}
    for seed in range(6):
        _, truth = maker.tableau(np.random.default_rng(seed))
        assert len(places & set(truth)) >= 9
        record = record_of_fields(
            FieldsReading(spec.game, (PlayerFields("Player 1", truth, spec.sheet),)), LIBRARY
        )
        assert evaluate_data(record, LIBRARY).violations == (), (seed, truth)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("spec", TABLEAUS, ids=lambda s: f"{s.game}-{s.sheet}")
def test_every_card_is_placed_and_the_record_scores_as_score_does(spec, seed, tmp_path):
    photo = TableauMaker(LIBRARY, spec).photo(seed)
    assert len(photo.truth) >= 9
    (tmp_path / "tableau.jpg").write_bytes(photo.jpeg)
    scanned = run_playtest("scan", "tableau.jpg", "--json", "--record", "game.yaml", cwd=tmp_path)
    assert scanned.returncode == 0, scanned.stderr
    answer = json.loads(scanned.stdout)
    (read,) = answer["scan"]
    assert (read["game"], read["sheet"]) == (spec.game, spec.sheet)
    cards = {s.field for s in spec.slots if s.kind == "card"}
    placed = {c["field"]: c["card"] for c in read["cards"] if c["field"] in cards}
    # every card found, each in its own place
    assert placed == {k: v for k, v in photo.truth.items() if k in cards}
    # and the side up of a card that lies either way (a choice with `deck:`) read by its marker
    seen = {k: v["value"] for k, v in read["fields"].items() if v["value"] is not None}
    assert seen == photo.truth
    assert {s.field for s in spec.slots if s.deck is not None} <= set(photo.truth)
    # a place that takes a choice no marker tells is left to the player
    choices = {s.field for s in spec.slots if s.kind != "card" and s.deck is None}
    assert choices <= set(read["uncertain"])
    assert not set(read["uncertain"]) & set(photo.truth)
    # the record the photo makes is the one the true places make, and scores as score does
    truth = record_of_fields(
        FieldsReading(spec.game, (PlayerFields("Player 1", photo.truth, spec.sheet),)),
        LIBRARY,
    )
    assert yaml.safe_load((tmp_path / "game.yaml").read_text()) == truth
    (tmp_path / "truth.yaml").write_text(yaml.safe_dump(truth))
    scored = run_playtest("score", "truth.yaml", "--json", cwd=tmp_path)
    assert scored.returncode == 0, scored.stderr
    assert {k: v for k, v in answer.items() if k != "scan"} == json.loads(scored.stdout)


def test_a_photo_without_cards_is_one_line_and_exit_2(tmp_path):
    table = np.random.default_rng(1).integers(0, 255, (900, 1200, 3), dtype=np.uint8)
    cv2.imwrite(str(tmp_path / "table.jpg"), table)
    done = run_playtest("scan", "table.jpg", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "table.jpg: no sheet and no card found: no corner marker and no card marker in the "
        "photo (was the kit built with --scan-marks? keep every card in the picture)"
    ]
    assert done.stdout == "" and "Traceback" not in done.stderr


def _markers_seen(spec, seed: int) -> tuple[list, dict[str, str]]:
    """The markers of a full tableau as a photo at 25-35 degrees shows them (corpus.py's
    camera), each card a little askew, a fifth of them missed, in any order: (what each names
    and its 4 points, card -> its place). No picture is drawn: this is the matching alone."""
    rng = np.random.default_rng(seed)
    paper = (np.array([282, 382]) + 2 * 15) * 8  # the corpus's tableau on its cloth, px
    pw, ph = int(paper[0]), int(paper[1])
    w, h = (3464, 2598) if rng.random() < 0.5 else (2598, 3464)
    quad = _seen(pw, ph, w, h, float(rng.uniform(25, 35)), rng)
    box = np.float32([[0, 0], [pw, 0], [pw, ph], [0, ph]])
    camera = cv2.getPerspectiveTransform(box, quad)
    side, places = spec.sizes.card_marker, {}
    known = []
    for slot, marked in _laid(spec, rng):
        ox, oy = marked.origin
        turn = np.radians(rng.normal(0, 1.5))
        middle = np.array([slot.box[0] + slot.box[2] / 2, slot.box[1] + slot.box[3] / 2])
        corners = np.array(marker_corners((slot.box[0] + ox, slot.box[1] + oy), side)) - middle
        c, s = np.cos(turn), np.sin(turn)
        corners = corners @ np.array([[c, s], [-s, c]]) + middle + rng.normal(0, 1.25, 2)
        photo = cv2.perspectiveTransform(((corners + 15) * 8).reshape(-1, 1, 2), camera)
        if rng.random() < 0.8:
            known.append((marked, photo.reshape(4, 2) + rng.normal(0, 0.4, (4, 2))))
            places[marked.card] = slot.field
    return [known[k] for k in rng.permutation(len(known))], places


def _laid(spec, rng):
    """Every place with a card of a deck it may hold (a side's deck in its place)."""
    cards = [m for m in spec.cards.values() if not m.back]
    cards = [cards[k] for k in rng.permutation(len(cards))]
    for slot in spec.slots:
        fits = [m for m in cards if slot.takes(m, spec.sides)]
        if fits:
            cards.remove(fits[0])
            yield slot, fits[0]


# tableaux the matching put one place off (or turned over) before each card was anchored in
# turn and the anchor judged after the perspective: 10 of seeds 0-299 (these 6), now none
@pytest.mark.parametrize("seed", (28, 84, 90, 108, 139, 161))
@pytest.mark.parametrize("spec", TABLEAUS, ids=lambda s: f"{s.game}-{s.sheet}")
def test_cards_seen_at_a_steep_angle_are_matched_to_their_own_places(spec, seed):
    known, places = _markers_seen(spec, seed)
    fit = fit_cards(known, spec)
    matched = {
        m.card: fit.slots[k].field if k is not None else None
        for (m, _), k in zip(known, fit.match, strict=True)
    }
    assert matched == places


@pytest.fixture(scope="module")
def makers() -> dict[str, TableauMaker]:
    """One photo maker per tableau (each card face rendered once)."""
    return {spec.game: TableauMaker(LIBRARY, spec) for spec in TABLEAUS}


@pytest.mark.parametrize("seed", (0, 2))  # 22 and 33 degrees off
@pytest.mark.parametrize("spec", TABLEAUS, ids=lambda s: f"{s.game}-{s.sheet}")
def test_every_card_is_read_in_a_one_megapixel_photo(spec, seed, makers):
    """The card markers (print.yaml `scan_card_marker`, 10 mm) are read in a photo of a
    whole tableau of only 1 megapixel, taken up to 35 degrees off, where each marker cell is
    a few pixels (the 5 mm markers of before had cells of 1-2 px there, too few to read)."""
    photo = makers[spec.game].photo(seed, megapixels=(1, 1))
    image = decode(photo.jpeg)
    assert image.shape[0] * image.shape[1] <= 1.01e6
    read = {f.id: f.value for f in read_tableau(image, [spec]).fields}
    assert {k: read[k] for k in photo.truth} == photo.truth


@pytest.mark.parametrize("spec", TABLEAUS, ids=lambda s: f"{s.game}-{s.sheet}")
def test_a_marker_missed_in_the_small_copy_is_found_at_full_size(spec, makers):
    """Markers are looked for in a copy of the photo ~2,000 px long; a card missed there is
    looked for again at the photo's own size, where the cards found put its place: every
    third card found, taken away, is found again there (and nothing else)."""
    photo = makers[spec.game].photo(4, megapixels=(3, 3))
    gray = cv2.cvtColor(decode(photo.jpeg), cv2.COLOR_BGR2GRAY)
    found = [(m, q) for m, q in find_card_markers(gray, spec.copy_side) if m in spec.cards]
    hidden = {m for m, _ in found[::3]}
    assert len(hidden) >= 4
    known = [(spec.cards[m], q) for m, q in found if m not in hidden]
    again = look_again(gray, spec, fit_cards(known, spec))
    assert {m for m, _ in again} == hidden
