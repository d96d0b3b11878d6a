"""Read a photo of a tableau: cards laid out on the table (no printed sheet), each named by its
id marker (`scan_marker: true` decks, playtest/faces/scan_codes.py), placed into the places a board
declares for its fields (a board whose fields hold cards, `kind: card`) by where the cards lie
relative to each other.

Markers are looked for in a copy of the photo about 2,000 px long (large markers, print.yaml
`scan_card_marker`, keep cells of 3 px there), then, for a place left without a card, at the
photo's full size where the cards found put its marker. Each marker found says which card it
is and, through its four corners, where that card's marker sits on the card; a card lying in
a place puts its marker at the place's origin plus the card's own marker origin (its layout's
`scan_marker`, else the bottom-right corner). The reader first lines the cards up by the
markers' median turn and size (a similarity) anchored on a few cards far apart, each in every
place it may take, matches cards to places, then fits a perspective over every match and
matches again, so a photo taken at an angle still lands every card in its place; of those
anchors, the one whose cards lie nearest their places after the perspective wins (a grid one
place off leaves cards without a place, a perspective that turns the table over is refused).
A card far from the place it lands in, or a place two cards want, is uncertain. A place that
takes the side of a deck's card (a choice with `deck:`) is read by the marker of the side up
(the deck's `scan_back`); a place that takes any other choice is not read: uncertain."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

import cv2
import numpy as np

from playtest.faces.scan_codes import CARD_BASE, CARD_DICTIONARY, CELLS, marker_corners
from playtest.library.loader import Library
from playtest.model.game import Game
from playtest.model.print_options import MarkSizes
from playtest.scan.closer import look_closer
from playtest.scan.reader import FieldReading, ScanError

# markers are looked for in a copy of the photo this many pixels long per marker cell along
# the board's longer side: ~2,000 px for a 3 x 3 tableau of poker cards (382 mm, 10 mm
# markers), where a board seen 35 degrees off, filling 60 % of the photo, keeps its farthest
# cells 3 px or more
COPY_PX_PER_CELL = 8.7
SMALLEST = 0.02  # of the copy's longer side: a marker's outline (cells under 2 px) at least
LOOK_MARGIN = 6.0  # mm round a missing marker's place searched again (a card lies askew)
CLOSE_SMALLEST = 0.3  # ... where the marker's outline is about twice the part looked at
ANCHORS = 3  # cards each anchored in every place it may take when the cards are matched
REFINED = 6  # of those matches, the nearest (by the similarity) refined by a perspective
RANSAC_TRIES = 200  # bounds a perspective fit of cards matched wrongly (most of its time)
UNPLACED = 100.0  # mm a card left without a place counts as lying off (a place is 63 x 88)
UNSURE_SHIFT = 0.25  # a card this far off its place (share of the place's short side): uncertain


@dataclass(frozen=True)
class Slot:
    field: str
    kind: str  # card or choice
    box: tuple[float, float, float, float]  # mm on the board
    deck: str | None = None  # a choice of the side of this deck's card
    values: tuple[str | int, ...] = ()  # that choice's values: the face's, the back's

    def takes(self, marked: Marked, sides: frozenset[str]) -> bool:
        """Whether a marked card may lie here: a side of its deck's card in a place for it,
        any other card face up in a card place."""
        if self.kind == "card":
            return not marked.back and marked.deck not in sides
        return self.deck == marked.deck


@dataclass(frozen=True)
class Marked:
    """What a card marker names: a card's face, or the back of a deck (`scan_back`)."""

    deck: str
    card: str  # the card's id; a back: `<deck>-back`
    size: tuple[float, float]  # mm
    origin: tuple[float, float]  # the marker's top-left on the card, mm (its layout's)
    back: bool = False


@dataclass(frozen=True)
class TableauSpec:
    game: str
    sheet: str  # the board the fields are declared on
    slots: tuple[Slot, ...]
    cards: dict[int, Marked]  # marker id -> what it names
    sizes: MarkSizes

    @property
    def copy_side(self) -> int:
        """How long a copy of a photo the markers are looked for in (pixels)."""
        longer = max(max(s.box[0] + s.box[2], s.box[1] + s.box[3]) for s in self.slots)
        return round(COPY_PX_PER_CELL * longer / (self.sizes.card_marker / CELLS))

    @property
    def sides(self) -> frozenset[str]:
        """The decks whose cards lie in a place for their side, not in card places."""
        return frozenset(s.deck for s in self.slots if s.deck is not None)


@dataclass(frozen=True)
class CardSeen:
    card: str
    field: str | None  # None: no place left for it
    confidence: float


@dataclass(frozen=True)
class TableauReading:
    spec: TableauSpec
    cards: tuple[CardSeen, ...]
    fields: tuple[FieldReading, ...]

    @property
    def uncertain(self) -> list[str]:
        return [f.id for f in self.fields if f.uncertain]


def tableau_specs(library: Library, game_ids: tuple[str, ...] = ()) -> list[TableauSpec]:
    return [
        spec
        for game_id in game_ids or tuple(library.game_ids)
        for spec in game_tableaus(library.game(game_id))
    ]


def game_tableaus(game: Game) -> tuple[TableauSpec, ...]:
    from playtest.faces.fields import game_fields
    from playtest.faces.scan_marks import back_numbers, card_numbers, marker_origin
    from playtest.model.print_options import PrintOptions

    numbers = card_numbers(game)
    if not numbers:
        return ()
    marks = PrintOptions.from_presets(game.presets).scan_sizes
    decks = {deck.id: deck for deck in game.decks}

    def marked(deck_id: str, card: str | None) -> Marked:
        deck = decks[deck_id]
        layout = deck.back if card is None else deck.layout
        origin = marker_origin(game, layout, deck.size, marks)
        if card is None:
            return Marked(deck_id, f"{deck_id}-back", deck.size, origin, True)
        return Marked(deck_id, card, deck.size, origin)

    cards = {CARD_BASE + n: marked(deck, card) for (deck, card), n in numbers.items()}
    cards |= {CARD_BASE + n: marked(deck, None) for deck, n in back_numbers(game).items()}
    specs = []
    for surface in game_fields(game):
        if surface.kind != "board" or not any(f.kind == "card" for f in surface.fields):
            continue
        slots = tuple(
            Slot(f.id, f.kind, tuple(f.box), f.deck, tuple(f.values or ()))  # type: ignore[arg-type]
            for f in surface.fields
            if f.kind in ("card", "choice")
        )
        specs.append(TableauSpec(game.id, surface.id, slots, cards, marks))
    return tuple(specs)


def find_card_markers(gray: np.ndarray, copy_side: int) -> list[tuple[int, np.ndarray]]:
    """(marker id, its 4 points in the photo's pixels) of every card marker seen, looked for
    in a copy of the photo at most `copy_side` pixels long (`TableauSpec.copy_side`): as it
    is, and sharpened (a blurred photo hides some markers from one way of looking); what
    either finds counts (an id no card carries is dropped by the caller). A photo whose copy
    shows none is searched whole. A marker missed here is looked for again, at the photo's
    full size, where the cards found put its place (`look_again`)."""
    seen: dict[int, np.ndarray] = {}
    for side in (copy_side, max(gray.shape)):
        scale = min(1.0, side / max(gray.shape))
        small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        sharpened = cv2.addWeighted(small, 2.0, cv2.GaussianBlur(small, (0, 0), 2), -1.0, 0)
        for picture in (small, sharpened):
            points, ids, _ = _card_detector(False, SMALLEST).detectMarkers(picture)
            for quad, marker_id in zip(points, [] if ids is None else ids.ravel(), strict=False):
                if int(marker_id) >= CARD_BASE and int(marker_id) not in seen:
                    seen[int(marker_id)] = quad.reshape(4, 2) / scale
        if seen or scale == 1.0:
            break
    return sorted(seen.items())


def _card_detector(wide: bool, smallest: float) -> cv2.aruco.ArucoDetector:
    """A detector of card markers whose outline is at least `smallest` of the picture's
    longer side (smaller outlines are mostly the cloth's grain, and each costs time)."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.minMarkerPerimeterRate = smallest
    params.perspectiveRemovePixelPerCell = 8  # its 4 px cells, blurred, read more surely
    params.perspectiveRemoveIgnoredMarginPerCell = 0.2
    if wide:
        params.adaptiveThreshWinSizeMax = 53
        params.adaptiveThreshWinSizeStep = 6
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, CARD_DICTIONARY))
    return cv2.aruco.ArucoDetector(dictionary, params)


def read_tableau(image: np.ndarray, specs: Sequence[TableauSpec]) -> TableauReading:
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    markers = find_card_markers(gray, max(spec.copy_side for spec in specs))
    for spec in specs:
        known = [(spec.cards[m], quad) for m, quad in markers if m in spec.cards]
        if known:
            fit = fit_cards(known, spec)
            seen = {m for m, _ in markers}
            more = [(spec.cards[m], q) for m, q in look_again(gray, spec, fit) if m not in seen]
            if more:  # markers found where a place's card should show one
                known += more
                fit = fit_cards(known, spec)
            return _reading(known, fit, spec)
    raise ScanError(
        "no sheet and no card found: no corner marker and no card marker in the photo "
        "(was the kit built with --scan-marks? keep every card in the picture)"
    )


@dataclass(frozen=True)
class CardFit:
    """Cards matched to places: each card's place (index into `slots`, None: none left), where
    its marker lands on the board (mm), where it would in each place, and the perspective from
    the photo to the board (None with too few cards for one)."""

    match: list[int | None]
    mapped: np.ndarray
    targets: np.ndarray
    slots: list[Slot]
    matrix: np.ndarray | None

    def misfit(self) -> float:
        """How far the cards lie from their places (mm, summed); a card without one counts
        as a place's width off."""
        return sum(
            UNPLACED if k is None else float(np.hypot(*(self.mapped[i] - self.targets[i, k])))
            for i, k in enumerate(self.match)
        )


def fit_cards(known: list[tuple[Marked, np.ndarray]], spec: TableauSpec) -> CardFit:
    slots = [s for s in spec.slots if s.kind == "card" or s.deck is not None]
    allowed = np.array([[s.takes(m, spec.sides) for s in slots] for m, _ in known])
    side = spec.sizes.card_marker
    # where each card's marker would be on the board if the card lay in slot j: (x, y) mm
    offsets = [m.origin for m, _ in known]
    quads = np.array([q for _, q in known], dtype=np.float64)
    # 1) a similarity from the markers' median turn and size, board mm <- photo pixels
    edge = quads[:, 1] - quads[:, 0]
    angles = np.arctan2(edge[:, 1], edge[:, 0])
    # median taken round the first marker's turn: a photo turned half round has turns either
    # side of +-180 degrees, whose plain median is far from every one of them
    turn = float(angles[0] + np.median(np.angle(np.exp(1j * (angles - angles[0])))))
    per_mm = float(np.median(np.hypot(edge[:, 0], edge[:, 1]))) / side
    c, s = np.cos(-turn), np.sin(-turn)
    centres = quads.mean(axis=1)
    rel = centres @ np.array([[c, s], [-s, c]]) / per_mm
    targets = np.array(
        [
            [[s.box[0] + ox + side / 2, s.box[1] + oy + side / 2] for s in slots]
            for ox, oy in offsets
        ]
    )  # card i, slot j -> where its marker centre would be
    # 2) each card anchored in each place it may take, the others matched by the similarity,
    # then refined by a perspective: a grid anchored one place off leaves cards without a
    # place or far from it whatever the perspective, so the anchor whose cards all lie on
    # their places wins (on a tie, the one the similarity puts nearest)
    starts: dict[tuple[int | None, ...], CardFit] = {}
    anchors = [(i, j) for i in _spread(centres) for j in np.flatnonzero(allowed[i])]
    for i, j in anchors:
        shifted = rel - rel[i] + targets[i, j]
        similar = CardFit(_match(shifted, targets, allowed), shifted, targets, slots, None)
        starts.setdefault(tuple(similar.match), similar)  # another anchor may match alike
    best: tuple[tuple[float, float], CardFit] | None = None
    for similar in sorted(starts.values(), key=CardFit.misfit)[:REFINED]:
        fit = _perspective(similar, quads, offsets, side, allowed)
        cost = (round(fit.misfit(), 1), similar.misfit())
        if best is None or cost < best[0]:
            best = (cost, fit)
    assert best is not None
    return best[1]


def _spread(points: np.ndarray) -> list[int]:
    """A few of the cards far apart (the first, the farthest from it, the farthest from
    both): a similarity is nearest the truth round the card it is anchored on."""
    chosen = [0]
    while len(chosen) < min(ANCHORS, len(points)):
        far = np.min([np.hypot(*(points - points[k]).T) for k in chosen], axis=0)
        chosen.append(int(np.argmax(far)))
    return chosen


def _perspective(
    fit: CardFit,
    quads: np.ndarray,
    offsets: list[tuple[float, float]],
    side: float,
    allowed: np.ndarray,
) -> CardFit:
    """A perspective over every matched marker's corners, then the cards matched again
    (twice); the match as it is with too few cards for one."""
    match, mapped, fitted = fit.match, fit.mapped, None
    centres = quads.mean(axis=1)
    for _ in range(2):
        src, dst = [], []
        for i, k in enumerate(match):
            if k is not None:
                x, y = fit.slots[k].box[0] + offsets[i][0], fit.slots[k].box[1] + offsets[i][1]
                src += list(quads[i])
                dst += marker_corners((x, y), side)
        if len(src) < 8:  # one card: the similarity is all there is
            break
        matrix, _ = cv2.findHomography(
            np.array(src), np.array(dst), cv2.RANSAC, 8.0, maxIters=RANSAC_TRIES
        )
        if matrix is None or _mirrors(matrix, centres):
            break  # no camera sees the table mirrored: that match is wrong
        fitted = matrix
        mapped = cv2.perspectiveTransform(centres.reshape(-1, 1, 2), matrix).reshape(-1, 2)
        match = _match(mapped, fit.targets, allowed)
    return CardFit(match, mapped, fit.targets, fit.slots, fitted)


def _mirrors(matrix: np.ndarray, points: np.ndarray) -> bool:
    """Whether a perspective turns the photo over anywhere among `points` (its Jacobian's
    determinant is det(H) / w^3)."""
    w = points @ matrix[2, :2] + matrix[2, 2]
    return bool(np.any(np.linalg.det(matrix) / w**3 <= 0))


def look_again(gray: np.ndarray, spec: TableauSpec, fit: CardFit) -> list[tuple[int, np.ndarray]]:
    """Markers of places where no card was found, looked for again where the perspective of
    the cards found puts them (a card lies a little askew: a margin round each)."""
    if fit.matrix is None:
        return []
    to_photo = np.linalg.inv(fit.matrix)
    taken = {k for k in fit.match if k is not None}
    side = spec.sizes.card_marker
    wide = partial(_card_detector, True, CLOSE_SMALLEST)
    found: list[tuple[int, np.ndarray]] = []
    for k, slot in enumerate(fit.slots):
        if k in taken:
            continue
        # where the marker of each kind of card the place may hold would be (a layout's own)
        for ox, oy in sorted({m.origin for m in spec.cards.values() if slot.takes(m, spec.sides)}):
            origin = (slot.box[0] + ox, slot.box[1] + oy)
            hits = look_closer(gray, to_photo, origin, side, LOOK_MARGIN, wide, spec.cards)
            if hits:
                found += hits
                break
    return found


def _match(mapped: np.ndarray, targets: np.ndarray, allowed: np.ndarray) -> list[int | None]:
    """Each card's place among those it may take: the nearest pairs first, one per place."""
    distance = np.hypot(*(mapped[:, None, :] - targets).transpose(2, 0, 1))
    order = np.dstack(np.unravel_index(np.argsort(distance, axis=None), distance.shape))[0]
    match: list[int | None] = [None] * len(mapped)
    taken: set[int] = set()
    for i, k in order:
        if match[i] is None and k not in taken and allowed[i, k]:
            match[i] = int(k)
            taken.add(int(k))
    return match


def _reading(
    known: list[tuple[Marked, np.ndarray]], fit: CardFit, spec: TableauSpec
) -> TableauReading:
    match, mapped, targets, slots = fit.match, fit.mapped, fit.targets, fit.slots
    seen: list[CardSeen] = []
    by_field: dict[str, tuple[str | int | None, float]] = {}
    for i, (marked, _) in enumerate(known):
        k = match[i]
        if k is None:
            seen.append(CardSeen(marked.card, None, 0.0))
            continue
        slot = slots[k]
        _, _, w, h = slot.box
        shift = float(np.hypot(*(mapped[i] - targets[i, k]))) / min(w, h)
        confidence = round(max(0.0, 1.0 - shift / (2 * UNSURE_SHIFT)), 3)
        seen.append(CardSeen(marked.card, slot.field, confidence))
        held = slot.values[marked.back] if slot.kind == "choice" else marked.card
        by_field[slot.field] = (held, confidence)
    fields = []
    for slot in spec.slots:
        if slot.kind != "card" and slot.deck is None:  # a choice no marker tells: not read
            fields.append(FieldReading(slot.field, slot.kind, None, 0.0, True))
            continue
        # a side not seen is left to the player; a card place without a card is empty
        missing = (None, 0.0 if slot.kind == "choice" else 1.0)
        value, confidence = by_field.get(slot.field, missing)
        fields.append(FieldReading(slot.field, slot.kind, value, confidence, confidence < 0.5))
    return TableauReading(spec, tuple(seen), tuple(fields))
