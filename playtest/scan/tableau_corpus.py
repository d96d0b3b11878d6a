"""Synthetic phone photos of a finished tableau, with the truth of every place: the kit's own
card faces (scan marks included, rendered as the kit prints them) laid into the places a board
declares, each slightly askew and off its place so neighbours overlap at the edges, on a cloth,
then photographed as a sheet is (playtest/scan/corpus.py). Deterministic from a seed."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from playtest.model.game import Game
from playtest.scan.corpus import photograph
from playtest.scan.sheets import PX_PER_MM
from playtest.scan.tableau import Slot, TableauSpec

MARGIN = 15.0  # mm of cloth round the tableau
MAX_TURN = 3.0  # degrees a card lies askew at most
MAX_SHIFT = 2.5  # mm a card lies off its place at most


@dataclass(frozen=True)
class TableauPhoto:
    jpeg: bytes
    # field id -> the card id lying there, or the side up of a deck's card (a choice with
    # `deck:`); a place without a card is absent
    truth: dict[str, str]
    megapixels: float
    tilt: float
    quality: int


class TableauMaker:
    """Makes tableau photos of one game's board; card faces rendered once each."""

    def __init__(self, game: Game, spec: TableauSpec) -> None:
        self.game, self.spec = game, spec
        self._faces: dict[tuple[str, str | None], np.ndarray] = {}

    def face(self, deck_id: str, card_id: str | None) -> np.ndarray:
        """A card's face as printed with scan marks; None: its deck's back."""
        if (deck_id, card_id) not in self._faces:
            from playtest.generator.draw.symbols import SymbolTable
            from playtest.generator.render.env import RenderEnv
            from playtest.generator.render.faces import card_face, deck_back
            from playtest.generator.render.scan_marks import ScanMarks
            from playtest.scan.sheets import render_face

            deck = next(d for d in self.game.decks if d.id == deck_id)
            env = RenderEnv.for_game(self.game, SymbolTable(), 0)
            env.scan = ScanMarks(self.spec.sizes, self.game.info.version)
            if card_id is None:
                drawn = deck_back(deck, env, 0)
                assert drawn is not None
            else:
                card = next(c for c in deck.cards if c.id == card_id)
                drawn = card_face(deck, card, env, deck.size, {"id": deck.id, "name": deck.name})
            self._faces[deck_id, card_id] = render_face(drawn, env, PX_PER_MM)
        return self._faces[deck_id, card_id]

    def side_card(
        self, slot: Slot, rng: np.random.Generator
    ) -> tuple[str, tuple[str, str | None]] | None:
        """For a place taking the side of a deck's card: (the side's value, (deck, card or None
        for its back)), the side drawn at random; for any other choice, a card without a
        marker that fits the place (its side is not read)."""
        if slot.deck is not None:
            deck = next(d for d in self.game.decks if d.id == slot.deck)
            card = deck.cards[rng.integers(len(deck.cards))].id
            back = bool(rng.random() < 0.5)
            return str(slot.values[back]), (deck.id, None if back else card)
        w, h = slot.box[2], slot.box[3]
        for deck in self.game.decks:
            if (
                not deck.scan_marker
                and deck.cards
                and abs(deck.size[0] - w) + abs(deck.size[1] - h) < 1
            ):
                return "", (deck.id, deck.cards[0].id)
        return None

    def deal(self, rng: np.random.Generator) -> dict[str, tuple[str, str]]:
        """A finished tableau: every place that takes a card gets one of the cards it may
        hold (no card twice), except now and then a place whose cards are few (an award slot
        left empty)."""
        by_id = {
            m.card: (m.deck, m.card)
            for m in self.spec.cards.values()
            if not m.back and m.deck not in self.spec.sides
        }
        used: set[str] = set()
        dealt: dict[str, tuple[str, str]] = {}
        from playtest.sheet_fields import game_fields

        values = {
            f.id: [str(v) for v in (f.values or ())]
            for s in game_fields(self.game)
            if s.id == self.spec.sheet
            for f in s.fields
        }
        for slot in self.spec.slots:
            if slot.kind != "card":
                continue
            free = [c for c in values.get(slot.field, by_id) if c in by_id and c not in used]
            if not free or rng.random() < 0.1:
                continue
            card = free[rng.integers(len(free))]
            used.add(card)
            dealt[slot.field] = by_id[card]
        return dealt

    def lay(self, dealt: dict[str, tuple[str, str | None]], rng: np.random.Generator) -> np.ndarray:
        w = max(s.box[0] + s.box[2] for s in self.spec.slots) + 2 * MARGIN
        h = max(s.box[1] + s.box[3] for s in self.spec.slots) + 2 * MARGIN
        cloth = rng.uniform(60, 200, 3)
        canvas = np.empty((int(h * PX_PER_MM), int(w * PX_PER_MM), 3), np.float32)
        canvas[:] = cloth
        canvas += rng.normal(0, 4, canvas.shape[:2])[:, :, None]
        canvas = np.clip(canvas, 0, 255).astype(np.uint8)
        laid = [(s, dealt[s.field]) for s in self.spec.slots if s.field in dealt]
        for k in rng.permutation(len(laid)):  # laid in any order: overlaps go either way
            slot, (deck_id, card_id) = laid[k]
            self._put(canvas, self.face(deck_id, card_id), slot, rng)
        return canvas

    def _put(
        self, canvas: np.ndarray, face: np.ndarray, slot: Slot, rng: np.random.Generator
    ) -> None:
        fh, fw = face.shape[:2]
        turn = float(np.clip(rng.normal(0, MAX_TURN / 2), -MAX_TURN, MAX_TURN))
        dx, dy = np.clip(rng.normal(0, MAX_SHIFT / 2, 2), -MAX_SHIFT, MAX_SHIFT)
        cx = (MARGIN + slot.box[0] + slot.box[2] / 2 + dx) * PX_PER_MM
        cy = (MARGIN + slot.box[1] + slot.box[3] / 2 + dy) * PX_PER_MM
        matrix = cv2.getRotationMatrix2D((fw / 2, fh / 2), turn, 1.0)
        matrix[:, 2] += (cx - fw / 2, cy - fh / 2)
        size = (canvas.shape[1], canvas.shape[0])
        x0, y0 = int(max(0, cx - fw)), int(max(0, cy - fh))
        x1, y1 = int(min(size[0], cx + fw)), int(min(size[1], cy + fh))
        matrix[:, 2] -= (x0, y0)
        roi = canvas[y0:y1, x0:x1]
        seen = cv2.warpAffine(face, matrix, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
        mask = cv2.warpAffine(np.full((fh, fw), 255, np.uint8), matrix, (x1 - x0, y1 - y0))
        roi[mask > 127] = seen[mask > 127]

    def photo(self, seed: int, megapixels: tuple[float, float] = (4, 12)) -> TableauPhoto:
        rng = np.random.default_rng(seed)
        dealt: dict[str, tuple[str, str | None]] = dict(self.deal(rng))
        truth = {field: str(card) for field, (_, card) in dealt.items()}
        for slot in self.spec.slots:
            if slot.kind == "choice" and (side := self.side_card(slot, rng)) is not None:
                dealt[slot.field] = side[1]
                if side[0]:
                    truth[slot.field] = side[0]
        picture, taken, tilt = photograph(self.lay(dealt, rng), rng, megapixels)
        quality = int(rng.integers(50, 96))
        ok, jpeg = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, quality])
        assert ok
        return TableauPhoto(jpeg.tobytes(), truth, taken, tilt, quality)
