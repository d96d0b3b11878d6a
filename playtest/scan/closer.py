"""Looking again for a marker where it should be: once the markers found place the paper (a
perspective from the photo to its mm), a marker missed in the whole photo (blurred to 3-4 px
cells, JPEG-smeared) is looked for in a small part of the photo around its place, enlarged so
its cells are ~10 pixels, as it is and sharpened."""

from __future__ import annotations

from collections.abc import Callable, Container

import cv2
import numpy as np

from playtest.faces.scan_codes import CELLS

LOOK_CELL = 10.0  # pixels per marker cell the part looked at is enlarged to
MAX_ZOOM = 8.0


def look_closer(
    gray: np.ndarray,
    to_photo: np.ndarray,
    origin: tuple[float, float],
    side: float,
    margin: float,
    detector: Callable[[], cv2.aruco.ArucoDetector],
    wanted: Container[int],
) -> list[tuple[int, np.ndarray]]:
    """(id, 4 points in the photo) of the wanted markers found near a marker of `side` mm
    whose top-left corner should be at `origin` mm on the paper, `margin` mm round it."""
    x, y = origin
    square = np.array(
        [[x + dx, y + dy] for dx in (-margin, side + margin) for dy in (-margin, side + margin)]
    )
    seen = cv2.perspectiveTransform(square.reshape(-1, 1, 2), to_photo).reshape(-1, 2)
    x0, y0 = np.floor(seen.min(axis=0)).astype(int)
    x1, y1 = np.ceil(seen.max(axis=0)).astype(int)
    x0, y0 = max(0, int(x0)), max(0, int(y0))
    x1, y1 = min(gray.shape[1], int(x1)), min(gray.shape[0], int(y1))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return []
    cell = (x1 - x0) / (side + 2 * margin) * side / CELLS  # pixels per marker cell, roughly
    zoom = float(np.clip(LOOK_CELL / max(cell, 1e-3), 1.0, MAX_ZOOM))
    patch = cv2.resize(gray[y0:y1, x0:x1], None, fx=zoom, fy=zoom, interpolation=cv2.INTER_CUBIC)
    sharpened = cv2.addWeighted(patch, 2.0, cv2.GaussianBlur(patch, (0, 0), zoom), -1.0, 0)
    for picture in (patch, sharpened):
        points, ids, _ = detector().detectMarkers(picture)
        hits = [
            (int(m), q.reshape(4, 2) / zoom + (x0, y0))
            for q, m in zip(points, [] if ids is None else ids.ravel(), strict=False)
            if int(m) in wanted
        ]
        if hits:
            return hits
    return []
