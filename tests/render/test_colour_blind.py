"""Never colour alone (issue 42): every die face, card type and sheet area that colour tells
apart also differs by shape, letter or pattern. Each pair of pictures is simulated as a player
with protanopia and with deuteranopia sees it (Machado et al. 2009, tests/colour_vision.py),
and the outlines of what stands out of the paper (3:1 or more) must still differ by at least
MIN_OUTLINE mm, at the item's own size, where the two pictures differ. A game's dice
failed: under deuteranopia two of its dice turned the same khaki, and only a pale shape
behind the pips (1.4:1 on its tint: not a mark) told them apart."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
import pytest

from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import card_face, deck_back, die_faces, sheet_face
from playtest.faces.fields import game_fields
from playtest.faces.painter import FacePainter
from playtest.library.loader import load_library
from playtest.model.game import Game
from tests.colour_vision import (
    outline,
    shape_difference,
    simulate,
    where_colours_differ,
)
from tests.pictures import face_picture

LIBRARY = load_library()
GAMES = LIBRARY.game_ids
DEFICIENCIES = ("protanopia", "deuteranopia")
MIN_OUTLINE = 3.0  # mm of outline that one picture's marks have and the other's lack
PX = {"die": 12, "card": 6, "sheet": 8}  # pixels per mm: a die's pip is some 35 pixels wide


def _env(game: Game) -> FacePainter:
    return FacePainter.for_game(game, SymbolTable(), 0)


def _differ(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether the two pictures differ in an area at all (3 x 3 pixels of different colour:
    a drawing a pixel off, anti-aliased, differs along thin edges only)."""
    if a.shape != b.shape:
        return False  # told apart by their size
    different = np.abs(a - b).max(axis=2) > 0.1
    return bool(outline(different).sum() < different.sum())


def _problems(pairs: Iterator[tuple[str, str, np.ndarray, np.ndarray]], px: int) -> list[str]:
    """One line per pair of different pictures whose shapes, as a dichromat sees them, differ
    by less than MIN_OUTLINE mm where the pictures differ."""
    wrong = []
    for name_a, name_b, a, b in pairs:
        if not _differ(a, b):
            continue  # the same picture: nothing to tell apart
        where = where_colours_differ(a, b, px)  # the areas that differ, and a mm round them
        for deficiency in DEFICIENCIES:
            got = shape_difference(simulate(a, deficiency), simulate(b, deficiency), where) / px
            if got < MIN_OUTLINE:
                wrong.append(f"{name_a} / {name_b}, {deficiency}: {got:.1f} mm of outline")
    return wrong


@pytest.mark.parametrize("game_id", [g for g in GAMES if LIBRARY.game(g).dice])
def test_every_pair_of_die_faces_differs_in_shape(game_id: str) -> None:
    """Every two faces of the game's dice (dice of one value in different colours, or the
    six faces of one die) differ in shape, not only in colour."""
    game = LIBRARY.game(game_id)
    env = _env(game)
    faces = {
        f"{die.id} {n}": face_picture(face, env, PX["die"])
        for die in game.dice
        for n, face in enumerate(die_faces(die, env), 1)
    }
    assert len(faces) >= 6
    pairs = ((a, b, faces[a], faces[b]) for a, b in itertools.combinations(faces, 2))
    assert not (wrong := _problems(pairs, PX["die"])), "\n".join(wrong)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_pair_of_card_backs_differs_in_shape(game_id: str) -> None:
    """A card's type shows on its back: two decks' different backs of one size differ in
    shape (an icon, a word), not only in colour."""
    game = LIBRARY.game(game_id)
    env = _env(game)
    backs = {
        deck.id: face_picture(back, env, PX["card"])
        for deck in game.decks
        if (back := deck_back(deck, env, 0)) is not None
    }
    pairs = ((a, b, backs[a], backs[b]) for a, b in itertools.combinations(backs, 2))
    assert not (wrong := _problems(pairs, PX["card"])), "\n".join(wrong)


def _one_apart(game: Game) -> Iterator[tuple[str, object, object]]:
    """Pairs of cards of one deck whose data differ in their `colour` only (a red, a yellow
    and a blue rose pond): what tells them apart is the colour their layout paints with, and
    what else it draws for it."""
    for deck in game.decks:
        cards = [c for c in deck.cards if c.model_extra.get("colour")]
        for a, b in itertools.combinations(cards, 2):
            keys = set(a.model_extra) | set(b.model_extra)
            differ = [k for k in keys if a.model_extra.get(k) != b.model_extra.get(k)]
            if differ == ["colour"]:
                yield deck.id, a, b


@pytest.mark.parametrize("game_id", [g for g in GAMES if list(_one_apart(LIBRARY.game(g)))])
def test_cards_one_colour_apart_differ_in_shape(game_id: str) -> None:
    """Cards that differ in their colour only differ in shape where they differ: each
    flower colour has a shape of its own and its name."""
    game = LIBRARY.game(game_id)
    env = _env(game)
    seen: dict[str, np.ndarray] = {}

    def picture(deck_id: str, card) -> np.ndarray:
        if card.id not in seen:
            deck = game.deck(deck_id)
            face = card_face(deck, card, env, deck.size, {"id": deck.id, "name": deck.name})
            seen[card.id] = face_picture(face, env, PX["card"])
        return seen[card.id]

    pairs = ((a.id, b.id, picture(deck, a), picture(deck, b)) for deck, a, b in _one_apart(game))
    assert not (wrong := _problems(pairs, PX["card"])), "\n".join(wrong)


def _rows(game: Game) -> Iterator[tuple[str, str, tuple[float, float, float, float]]]:
    """Areas of a sheet a player tells apart: its fields of one kind and size whose ids differ
    in one part (markets, `market.lettuce`, `market.tomato`, ...), each with its label's
    room on its left (twice its height)."""
    for surface in game_fields(game):
        if surface.kind != "sheet":
            continue
        fields = list(surface.fields)
        for a, b in itertools.combinations(fields, 2):
            pa, pb = a.id.split("."), b.id.split(".")
            same_shape = a.kind == b.kind and a.box[2:] == b.box[2:]
            one_part = len(pa) == len(pb) and sum(x != y for x, y in zip(pa, pb, strict=True)) == 1
            if same_shape and one_part and a.kind == "track":
                yield surface.id, a.id, a.box
                yield surface.id, b.id, b.box


@pytest.mark.parametrize("game_id", [g for g in GAMES if list(_rows(LIBRARY.game(g)))])
def test_sheet_areas_colour_tells_apart_differ_in_shape(game_id: str) -> None:
    """Rows of a sheet tinted each in its own colour (a vegetable's market) also carry a
    glyph of their own (square, circle, triangle)."""
    game = LIBRARY.game(game_id)
    env = _env(game)
    px = PX["sheet"]
    areas: dict[str, dict[str, np.ndarray]] = {}
    for sheet_id, field_id, (x, y, w, h) in _rows(game):
        sheet = next(s for s in game.sheets if s.id == sheet_id)
        whole = areas.setdefault(sheet_id, {})
        if "" not in whole:
            whole[""] = face_picture(sheet_face(sheet, env), env, px)
        left = max(x - 2 * h, 0)
        whole[field_id] = whole[""][
            round(y * px) : round((y + h) * px), round(left * px) : round((x + w) * px)
        ]
    pairs = [
        (f"{sheet} {a}", f"{sheet} {b}", found[a], found[b])
        for sheet, found in areas.items()
        for a, b in itertools.combinations([k for k in found if k], 2)
    ]
    assert pairs
    assert not (wrong := _problems(iter(pairs), px)), "\n".join(wrong)
