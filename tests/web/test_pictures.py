"""The scorer's pictures of printed components leave the fonts to the page: the kit's SVG files
embed a font subset each (so they look right in any viewer), but a page showing a hundred card
pictures would carry and decode a hundred subsets; the page serves the kit's fonts once."""

from __future__ import annotations

from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import card_face
from playtest.faces.painter import FacePainter
from playtest.generator.backends.svg import svg_document
from tests.web.cases import web_cases
from tests.web.conftest import Server


def test_served_pictures_carry_no_font_data_but_name_the_kit_font(server: Server) -> None:
    """Each game's pictures its tests name (tests/<package>/web_case.py); a game's editor page
    shipping the font itself: tests/<package>/test_web.py."""
    pictures = [f"/pictures/{g}/{p}" for g, case in web_cases().items() for p in case.pictures]
    assert pictures
    with server.client() as client:
        for path in pictures:
            svg = client.get(path).text
            assert "@font-face" not in svg and "base64" not in svg, path
            assert "<text" not in svg or 'font-family="Lato' in svg, path


def test_the_kit_svg_of_the_same_card_embeds_its_font(library) -> None:
    game = next(library.game(g) for g in web_cases() if library.game(g).decks)
    deck = next(d for d in game.decks if d.cards)
    card = deck.cards[0]
    env = FacePainter.for_game(game, SymbolTable(), 0)
    face = card_face(deck, card, env, game.size(deck.size), {"id": deck.id, "name": deck.name})
    kit = svg_document(face.width, face.height, face.shapes, env.symbols, env.fonts)
    bare = svg_document(
        face.width, face.height, face.shapes, env.symbols, env.fonts, embed_fonts=False
    )
    assert "@font-face" in kit and "@font-face" not in bare
    assert len(bare) * 2 < len(kit)  # what the picker no longer carries a hundred times
