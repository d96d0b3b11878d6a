"""Marks and frames where they belong (issue 42): every card's version mark sits on one plain
colour with room round it (clear of a panel's edge, a rounded corner, a title band: one
game's cards and aids had it on the panel's corner, another's reference on its coloured
header), and what a card prints near its cut runs into the bleed, so a miscut of a
millimetre shows no line (a deck's frame stopped 2.5 mm inside the cut)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from playtest.drawing.face import DrawnFace
from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import card_face, deck_back
from playtest.faces.painter import FacePainter
from playtest.faces.version_mark import MARK_HEIGHT, deck_mark
from playtest.library.loader import load_library
from playtest.model.game import Game
from tests.pictures import face_picture

LIBRARY = load_library()
GAMES = LIBRARY.game_ids
PX = 10  # pixels per mm
CLEAR = 0.8  # mm round the mark's label that must be as plain as under it
SAFE = 3.0  # mm inside the cut: the band where a card prints only what runs into the bleed
EDGE_AA = 0.3  # mm: anti-aliasing of an edge that stops right at the safe line
SAME = 0.12  # largest difference of a channel (0..1) between two pixels of "one" colour
ALONG = 0.9  # share of an edge's length: a line along the edge, not a pattern's chance


def _env(game: Game, bleed: float = 0) -> FacePainter:
    return FacePainter.for_game(game, SymbolTable(), bleed)


def _faces(game: Game, env: FacePainter) -> Iterator[tuple[str, object, DrawnFace]]:
    """Every distinct front of every deck (each card once), with its deck."""
    for deck in game.decks:
        for card in deck.cards:
            face = card_face(deck, card, env, deck.size, {"id": deck.id, "name": deck.name})
            yield f"{deck.id}-{card.id}", deck, face


@pytest.mark.parametrize("game_id", GAMES)
def test_the_version_mark_sits_on_one_plain_colour(game_id: str) -> None:
    """Drawn without its mark, each card is one colour under the mark's label and CLEAR mm
    round it: no panel edge, no rounded corner squared off, no band, no art beside it."""
    game = LIBRARY.game(game_id)
    env = _env(game)
    text = f"v{game.info.version}"
    wrong = []
    seen = 0
    for name, deck, face in _faces(game, env):
        if min(face.width, face.height) < 25:
            continue  # no mark on small items
        label, _ = deck_mark(game, deck, text).shapes(face.height)
        x0, y0 = label.x - CLEAR, label.y - CLEAR
        x1, y1 = label.x + label.w + CLEAR, label.y + MARK_HEIGHT + CLEAR
        picture = face_picture(face, env, PX)
        under = picture[round(y0 * PX) : round(y1 * PX), round(x0 * PX) : round(x1 * PX)]
        seen += 1
        spread = (under.max(axis=(0, 1)) - under.min(axis=(0, 1))).max()
        if spread > SAME:
            wrong.append(f"{name}: the mark at {label.x:.1f}, {label.y:.1f} mm is on {spread:.2f}")
    assert seen
    assert not wrong, "\n".join(wrong[:30])


def _band_problems(name: str, picture: np.ndarray, bleed: float) -> list[str]:
    """Where, along an edge, something starts or stops between the bleed's outer edge and
    SAFE mm inside the cut: at that depth nearly every pixel along the edge (ALONG) differs
    from the bleed's outer edge beside it. A frame line or a band that stops near the cut does
    that; art that runs into the bleed (a band, a pattern, a picture) does not."""
    b = round(bleed * PX)
    depth = round((bleed + SAFE - EDGE_AA) * PX)
    h, w, _ = picture.shape
    corner = round((bleed + SAFE) * PX)  # the corners: two edges meet, each band turns there
    strips = {  # each row: from the bleed's outer edge inwards
        "top": picture[:depth, corner : w - corner].transpose(1, 0, 2),
        "bottom": picture[h - depth :, corner : w - corner][::-1].transpose(1, 0, 2),
        "left": picture[corner : h - corner, :depth],
        "right": picture[corner : h - corner, w - depth :][:, ::-1],
    }
    found = []
    for side, strip in strips.items():
        off = np.abs(strip - strip[:, :1, :]).max(axis=2) > SAME
        share = off.mean(axis=0)  # at each depth, the share of the edge that differs
        if share.max() >= ALONG:
            mm = (int(np.argmax(share >= ALONG)) - b) / PX
            found.append(f"{name}: {side} edge, something starts {mm:.1f} mm from the cut")
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_what_runs_to_the_cut_runs_into_the_bleed(game_id: str) -> None:
    """Every card front and back, drawn with its bleed: along no edge does a line or a band
    start between the bleed's outer edge and SAFE mm inside the cut (a frame there shows
    uneven after a miscut); what the card prints that near the cut runs into the bleed."""
    game = LIBRARY.game(game_id)
    bleed = game.presets.print.bleed
    env = _env(game, bleed)
    wrong = []
    for name, _deck, face in _faces(game, env):
        wrong += _band_problems(name, face_picture(face, env, PX, bleed), bleed)
    for deck in game.decks:
        back = deck_back(deck, env, 0)
        if back is not None:
            wrong += _band_problems(f"{deck.id} back", face_picture(back, env, PX, bleed), bleed)
    assert not wrong, "\n".join(wrong[:30])
