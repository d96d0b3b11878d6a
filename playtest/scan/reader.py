"""Read a photo of a scan-ready sheet: find its corner markers, name the sheet by their ids,
straighten it to the sheet's own millimetres and read every place with a confidence."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from playtest.faces.scan_codes import (
    CORNER_DICTIONARY,
    CORNERS,
    corner_ids,
    corner_origins,
    marker_corners,
    split_id,
)
from playtest.scan.align import refine
from playtest.scan.closer import look_closer
from playtest.scan.ink import PRINTED, Ink, PlaceReading, ink_map, printed_over, read_place
from playtest.scan.photo_format import NOT_A_PICTURE, ScanError
from playtest.scan.sheets import PX_PER_MM, Place, SheetSpec

DETECT_SIDE = 1600  # markers are looked for on a copy this long at most (speed on 12 MP)
MIN_CORNERS = 3
MIN_SHARPNESS = 12.0  # the straightened markers' edge strength below which a photo is too blurred


@dataclass(frozen=True)
class SheetReading:
    spec: SheetSpec
    places: tuple[PlaceReading, ...]
    corners_found: tuple[str, ...]
    sharpness: float

    @property
    def uncertain(self) -> list[str]:
        return [p.id for p in self.places if p.uncertain]


def decode(data: bytes) -> np.ndarray:
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ScanError(NOT_A_PICTURE)
    return image


def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, CORNER_DICTIONARY))
    return cv2.aruco.ArucoDetector(dictionary, params)


def find_corners(image: np.ndarray) -> dict[int, tuple[int, np.ndarray]]:
    """Corner index -> (its marker id, its 4 points in the photo's pixels)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = min(1.0, DETECT_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    points, ids, _ = _detector().detectMarkers(small)
    if (ids is None or len(ids) < 4) and scale < 1:  # a far corner too small: look closer
        scale = min(1.0, 2 * scale)
        small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        points, ids, _ = _detector().detectMarkers(small)
    found: dict[int, tuple[int, np.ndarray]] = {}
    for quad, marker_id in zip(points, [] if ids is None else ids.ravel(), strict=False):
        corner, _ = split_id(int(marker_id))
        if corner < 4 and corner not in found:
            found[corner] = (int(marker_id), quad.reshape(4, 2) / scale)
    return found


def identify(
    found: dict[int, tuple[int, np.ndarray]], sheets: Sequence[SheetSpec]
) -> SheetSpec | None:
    """The sheet whose corner ids agree with every marker found."""
    for spec in sheets:
        ids = corner_ids(spec.code)
        if all(ids[corner] == marker_id for corner, (marker_id, _) in found.items()):
            return spec
    return None


def read_photo(image: np.ndarray, sheets: Sequence[SheetSpec]) -> SheetReading:
    if not sheets:
        raise ScanError("no loaded game has a scan-ready sheet")
    found = find_corners(image)
    if not found:  # a wall, a table, or a sheet too blurred to show a marker: none tells
        raise ScanError(
            "no sheet found: none of the four corner markers is in the photo "
            "(was the kit built with --scan-marks? keep the whole sheet in the picture)"
        )
    spec = identify(found, sheets)
    if spec is None:
        raise ScanError(
            "the corner markers name no sheet of the loaded games "
            "(printed from another game or another version of the kit?)"
        )
    if MIN_CORNERS - 1 <= len(found) < 4:  # the corners found place the others: look there
        found = look_again(image, found, spec)
    if len(found) < MIN_CORNERS:
        missing = ", ".join(CORNERS[c] for c in range(4) if c not in found)
        raise ScanError(
            f"only {len(found)} of the 4 corner markers found; missing: {missing} "
            "(keep the whole sheet in the picture, without glare on its corners)"
        )
    straight = straighten(image, found, spec)
    sharp = marker_sharpness(straight, spec)
    if sharp < MIN_SHARPNESS:
        raise ScanError(
            f"too blurred to read (sharpness {sharp:.0f}, needs {MIN_SHARPNESS:.0f}): "
            "hold the phone still and let it focus"
        )
    places = read_places(ink_map(straight, spec.template), spec)
    return SheetReading(spec, places, tuple(CORNERS[c] for c in sorted(found)), sharp)


def read_places(ink: Ink, spec: SheetSpec) -> tuple[PlaceReading, ...]:
    """Every place of the sheet, read by the rule its game prints for taking a mark back: a
    place filled in whole is a mark, unless that rule is to fill it (`game.correction`)."""
    fill_cancels = spec.correction == "fill"
    return tuple(read_place(ink, place, fill_cancels) for place in spec.places)


def _points(
    found: dict[int, tuple[int, np.ndarray]], spec: SheetSpec
) -> tuple[np.ndarray, np.ndarray]:
    """The found markers' corners: in the photo's pixels, and on the sheet in mm."""
    side = spec.sizes.marker
    origins = corner_origins(spec.size, spec.sizes)
    src, dst = [], []
    for corner, (_, quad) in found.items():
        src += [tuple(p) for p in quad]
        dst += marker_corners(origins[corner], side)
    return np.array(src, dtype=np.float32), np.array(dst, dtype=np.float32)


def look_again(
    image: np.ndarray, found: dict[int, tuple[int, np.ndarray]], spec: SheetSpec
) -> dict[int, tuple[int, np.ndarray]]:
    """The corner markers missed, looked for where those found put them."""
    src, dst = _points(found, spec)
    to_photo, _ = cv2.findHomography(dst, src, 0)
    if to_photo is None:
        return found
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    ids = corner_ids(spec.code)
    more = dict(found)
    for corner, origin in enumerate(corner_origins(spec.size, spec.sizes)):
        if corner not in found:
            side = spec.sizes.marker
            for marker_id, quad in look_closer(
                gray, to_photo, origin, side, side / 2, _detector, {ids[corner]}
            ):
                more[corner] = (marker_id, quad)
    return more


def straighten(
    image: np.ndarray, found: dict[int, tuple[int, np.ndarray]], spec: SheetSpec
) -> np.ndarray:
    """The photo warped onto the template's pixels (the sheet's mm at PX_PER_MM): placed by
    the corner markers, then by the print (three markers leave the perspective loose)."""
    src, dst = _points(found, spec)
    matrix, _ = cv2.findHomography(src, dst * PX_PER_MM, 0)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    matrix = refine(gray, matrix, spec, coarse=len(found) < 4)
    h, w = spec.template.shape[:2]
    return cv2.warpPerspective(image, matrix, (w, h), flags=cv2.INTER_AREA)


def marker_sharpness(straight: np.ndarray, spec: SheetSpec) -> float:
    """How crisp the straightened markers' black-white edges are (they are the same on every
    sheet, so one threshold holds for any sheet and any light)."""
    gray = cv2.cvtColor(straight, cv2.COLOR_BGR2GRAY).astype(np.float32)
    side = int(spec.sizes.marker * PX_PER_MM)
    values = []
    for x, y in corner_origins(spec.size, spec.sizes):
        x0, y0 = int(x * PX_PER_MM), int(y * PX_PER_MM)
        patch = gray[y0 : y0 + side, x0 : x0 + side]
        span = float(np.percentile(patch, 95) - np.percentile(patch, 5)) or 1.0
        grad = cv2.Sobel(patch, cv2.CV_32F, 1, 0) ** 2 + cv2.Sobel(patch, cv2.CV_32F, 0, 1) ** 2
        values.append(float(np.percentile(np.sqrt(grad), 98)) / span * 100)
    return float(np.median(values))


@dataclass(frozen=True)
class FieldReading:
    """A declared field as read from a photo: a box ticked or not, a track's crossed circles
    (those printed crossed included), a choice's value crossed among its icons (None: none);
    None for a field a photo does not read yet (a number, a card slot) and for a choice
    written in (uncertain when something is written: which value is not read)."""

    id: str
    kind: str
    value: bool | int | str | None
    confidence: float
    uncertain: bool


def field_readings(reading: SheetReading) -> list[FieldReading]:
    """The sheet's declared fields, in order, from the places read."""
    parts: dict[str, list[tuple[Place, PlaceReading]]] = {}
    for place, place_read in zip(reading.spec.places, reading.places, strict=True):
        if printed_over(reading.spec.template, place) >= PRINTED:  # printed crossed: it counts
            place_read = PlaceReading(place_read.id, True, place_read.ink, 1.0, False)
        parts.setdefault(place.field, []).append((place, place_read))
    out = []
    for field_id, kind in reading.spec.fields:
        pairs = parts.get(field_id, [])
        read = [p for _, p in pairs]
        if not read:
            out.append(FieldReading(field_id, kind, None, 0.0, True))
            continue
        confidence = min(p.confidence for p in read)
        unsure = any(p.uncertain for p in read)
        if kind == "choice":
            out.append(_choice(field_id, pairs, confidence, unsure))
            continue
        value: bool | int = read[0].marked if kind == "box" else sum(p.marked for p in read)
        out.append(FieldReading(field_id, kind, value, confidence, unsure))
    return out


def _choice(
    field_id: str, pairs: list[tuple[Place, PlaceReading]], confidence: float, unsure: bool
) -> FieldReading:
    """A choice drawn as one icon per value: the value crossed (two crossed: the one with more
    ink, uncertain); a choice written in: empty, or uncertain (which value: the player says)."""
    if pairs[0][0].value is None:
        written = pairs[0][1].marked
        return FieldReading(
            field_id, "choice", None, 0.0 if written else confidence, written or unsure
        )
    # a plain mark before a place so full it may be a correction, then the most ink
    crossed = sorted(
        (not read.uncertain, read.ink, place.value) for place, read in pairs if read.marked
    )
    if not crossed:
        return FieldReading(field_id, "choice", None, confidence, unsure)
    value = crossed[-1][2]
    if len(crossed) > 1:
        return FieldReading(field_id, "choice", value, 0.0, True)
    return FieldReading(field_id, "choice", value, confidence, unsure)
