"""Synthetic phone photos of a finished tableau, with the truth of every place: the kit's own
card faces (scan marks included, rendered as the kit prints them) laid into the places a board
declares, each slightly askew and off its place so neighbours overlap at the edges, on a cloth,
then photographed as a sheet is (tests/scan/corpus.py). Deterministic from a seed.

The tableau is one a game may end with: the game's own check (what `playtest score` answers
of the record its places make) finds no rule broken. Nothing here knows the game's rules: a
place whose card breaks one is dealt another until none does."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import card_face, deck_back
from playtest.faces.fields import game_fields
from playtest.faces.painter import FacePainter
from playtest.faces.scan_marks import ScanMarks
from playtest.library.loader import Library
from playtest.model.game import Game
from playtest.scan.sheets import PX_PER_MM, render_face
from playtest.scan.tableau import Slot, TableauSpec
from playtest.scorer.api import evaluate_data
from playtest.scorer.fields_record import FieldsReading, PlayerFields, record_of_fields
from tests.scan.corpus import photograph

MARGIN = 15.0  # mm of cloth round the tableau
MAX_TURN = 3.0  # degrees a card lies askew at most
MAX_SHIFT = 2.5  # mm a card lies off its place at most
EMPTY_SHARE = 0.1  # of the places left empty when the cards are dealt
LEGAL_ROUNDS = 6  # rounds of mending the places whose cards break a rule
LEGAL_TRIES = 12  # cards tried in a place at most, each round


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

    def __init__(self, library: Library, spec: TableauSpec) -> None:
        self.library, self.spec = library, spec
        self.game: Game = library.game(spec.game)
        self._faces: dict[tuple[str, str | None], np.ndarray] = {}

    def face(self, deck_id: str, card_id: str | None) -> np.ndarray:
        """A card's face as printed with scan marks; None: its deck's back."""
        if (deck_id, card_id) not in self._faces:
            deck = next(d for d in self.game.decks if d.id == deck_id)
            marks = ScanMarks(self.spec.sizes, self.game.info.version)
            env = FacePainter.for_game(self.game, SymbolTable(), 0, scan=marks)
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

    def deal(self, rng: np.random.Generator, sides: dict[str, str]) -> dict[str, tuple[str, str]]:
        """A finished tableau that breaks none of the game's rules: every place that takes a
        card is dealt one of the cards it may hold (no card twice), now and then one left
        empty; then, while the game's own check (what `playtest score` answers) finds a rule
        broken, each place whose card breaks one (taking it away breaks fewer) gets another
        card that breaks none, or stays empty. `sides`: the choices already laid (a village
        card's side), part of the record checked."""
        by_id = {
            m.card: (m.deck, m.card)
            for m in self.spec.cards.values()
            if not m.back and m.deck not in self.spec.sides
        }

        values = {
            f.id: [str(v) for v in (f.values or ())]
            for s in game_fields(self.game)
            if s.id == self.spec.sheet
            for f in s.fields
        }
        places = [s.field for s in self.spec.slots if s.kind == "card"]
        held = {p: [c for c in values.get(p, by_id) if c in by_id] for p in places}
        dealt: dict[str, str] = {}
        for place in places:
            free = [c for c in held[place] if c not in dealt.values()]
            if free and rng.random() >= EMPTY_SHARE:
                dealt[place] = free[rng.integers(len(free))]
        broken = self._broken(dealt, sides)
        for _ in range(LEGAL_ROUNDS):
            if not broken:
                break
            for place in [places[k] for k in rng.permutation(len(places))]:
                without = {p: c for p, c in dealt.items() if p != place}
                fewer = self._broken(without, sides) if place in dealt else broken
                if place in dealt and fewer >= broken:
                    continue  # its card breaks no rule
                # an empty place is filled only where a card mends a rule (an award slot)
                enough = fewer if place in dealt else fewer - 1
                free = [c for c in held[place] if c not in without.values()]
                for k in rng.permutation(len(free))[:LEGAL_TRIES]:
                    tried = self._broken(without | {place: free[k]}, sides)
                    if tried <= enough:
                        dealt, broken = without | {place: free[k]}, tried
                        break
                else:
                    dealt, broken = without, fewer
        return {place: by_id[card] for place, card in dealt.items()}

    def _broken(self, dealt: dict[str, str], sides: dict[str, str]) -> int:
        """How many rules the game's own check finds broken by a tableau (one player's)."""

        player = PlayerFields("Player 1", dealt | sides, self.spec.sheet)
        record = record_of_fields(FieldsReading(self.game.id, (player,)), self.library)
        return len(evaluate_data(record, self.library).violations)

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

    def tableau(
        self, rng: np.random.Generator
    ) -> tuple[dict[str, tuple[str, str | None]], dict[str, str]]:
        """A finished tableau: (place -> (deck, card or None for its back) laid there, the
        truth of every place, as `TableauPhoto.truth`)."""
        laid: dict[str, tuple[str, str | None]] = {}
        truth: dict[str, str] = {}
        for slot in self.spec.slots:
            if slot.kind == "choice" and (side := self.side_card(slot, rng)) is not None:
                laid[slot.field] = side[1]
                if side[0]:
                    truth[slot.field] = side[0]
        dealt = self.deal(rng, dict(truth))
        return laid | dealt, truth | {field: card for field, (_, card) in dealt.items()}

    def photo(self, seed: int, megapixels: tuple[float, float] = (4, 12)) -> TableauPhoto:
        rng = np.random.default_rng(seed)
        laid, truth = self.tableau(rng)
        picture, taken, tilt = photograph(self.lay(laid, rng), rng, megapixels)
        quality = int(rng.integers(50, 96))
        ok, jpeg = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, quality])
        assert ok
        return TableauPhoto(jpeg.tobytes(), truth, taken, tilt, quality)
