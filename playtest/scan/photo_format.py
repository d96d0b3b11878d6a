"""What a photo may be: a picture whose size its header tells before anything is decoded."""

from __future__ import annotations

import io
import warnings

from playtest.core.limits import MAX_PHOTO_PIXELS


class ScanError(Exception):
    """A photo that cannot be read, with what to do about it."""


# The formats a photo may be in, by the bytes it starts with (OpenCV picks its decoder by them
# too) and the names Pillow gives them: only a picture whose size its header tells is decoded.
# OpenCV reads more (Radiance HDR, PFM, PNM, Sun raster, ...), whose size Pillow cannot tell
# before decoding: an 11,000-pixel-square HDR file of a few kilobytes took 1.9 GB.
PHOTO_FORMATS: tuple[tuple[tuple[bytes, ...], tuple[str, ...]], ...] = (
    ((b"\xff\xd8\xff",), ("JPEG", "MPO")),  # MPO: a phone's JPEG with a second picture
    ((b"\x89PNG\r\n\x1a\n",), ("PNG",)),
    ((b"RIFF",), ("WEBP",)),
    ((b"BM",), ("BMP",)),
    ((b"II*\x00", b"MM\x00*"), ("TIFF",)),
)
NOT_A_PICTURE = "not a picture playtest can read (expected JPEG, PNG, WebP, BMP or TIFF)"


def picture_pixels(data: bytes) -> int:
    """The picture's size from its header, before anything is decoded; ScanError when the
    bytes are not a picture of a format in `PHOTO_FORMATS`, or its header cannot be read."""
    from PIL import Image

    if not data:
        raise ScanError("an empty file, not a picture")
    names = next((n for starts, n in PHOTO_FORMATS if data.startswith(starts)), None)
    if names is None:
        raise ScanError(NOT_A_PICTURE)
    Image.init()  # every format Pillow has; MPO is opened by JPEG's reader in Pillow 13
    names = tuple(name for name in names if name in Image.OPEN)  # another is a KeyError
    try:
        with warnings.catch_warnings():  # its size is judged here, against our own bound
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=names) as header:
                width, height = header.size
    except Image.DecompressionBombError:
        return MAX_PHOTO_PIXELS + 1
    except (OSError, ValueError, SyntaxError):  # its header is not one of its format's
        raise ScanError(NOT_A_PICTURE) from None
    return width * height
