"""Where the scan marks go and what they say: the one contract between the kit that prints
them and the reader that finds them. No OpenCV here (only the marker bitmaps need it).

A scan-ready sheet carries an ArUco marker (4x4 bits, DICT_4X4_250) in each corner. Corner
`k` (0 top left, 1 top right, 2 bottom right, 3 bottom left) prints id `k * CODES + code_k`:
the id says which corner it is, so a photo taken upside down is straightened the right way,
and the four codes together are a 24-bit hash of the game, the sheet and the kit version,
which names the sheet among the loaded games without any other code on the paper. Three
corners found still name it (18 bits) and straighten it.

A card of a deck that opts in (`scan_marker: true`) carries one small marker of DICT_4X4_1000
whose id is CARD_BASE + the card's place among the game's opted-in cards.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from playtest.model.print_options import MarkSizes

CORNER_DICTIONARY = "DICT_4X4_250"
CARD_DICTIONARY = "DICT_4X4_1000"
CODES = 62  # 4 corners x 62 codes fit the 250 ids of the corner dictionary
CARD_BASE = 250  # card ids never collide with corner ids, whichever dictionary reads them
CARD_IDS = 1000 - CARD_BASE
CELLS = 6  # a 4x4 marker with its one-cell black border
CORNERS = ("top left", "top right", "bottom right", "bottom left")


def sheet_code(game_id: str, sheet_id: str, version: str) -> int:
    """A 24-bit hash naming one sheet of one printing of a game."""
    digest = hashlib.sha256(f"{game_id}\n{sheet_id}\n{version}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % CODES**4


def corner_ids(code: int) -> tuple[int, int, int, int]:
    """The marker id printed in each corner for a sheet's code."""
    a, b, c, d = (k * CODES + (code // CODES**k) % CODES for k in range(4))
    return (a, b, c, d)


def split_id(marker_id: int) -> tuple[int, int]:
    """(corner, part of the code) of a corner marker id."""
    return divmod(marker_id, CODES)


def corner_origins(size: tuple[float, float], sizes: MarkSizes) -> list[tuple[float, float]]:
    """Top-left point of each corner's marker on a sheet of `size` mm, corners in order."""
    w, h = size
    s, i = sizes.marker, sizes.inset
    return [(i, i), (w - i - s, i), (w - i - s, h - i - s), (i, h - i - s)]


def marker_corners(origin: tuple[float, float], side: float) -> list[tuple[float, float]]:
    """The four corners of a marker as ArUco reports them: clockwise from its top left."""
    x, y = origin
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]


def card_origin(size: tuple[float, float], sizes: MarkSizes) -> tuple[float, float]:
    """A card's marker sits in its bottom-right corner (the version mark takes the left)."""
    w, h = size
    s, i = sizes.card_marker, sizes.card_inset
    return (w - i - s, h - i - s)


@lru_cache(maxsize=2048)
def marker_bits(dictionary: str, marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """The marker's cells, border included, row by row: True is black."""
    import cv2

    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    image = cv2.aruco.generateImageMarker(d, marker_id, CELLS)
    return tuple(tuple(bool(v < 128) for v in row) for row in image)
