"""A photo given to `playtest scan` is read as every input is (a regular file, bounded) and
decoded only when its header tells its size, within the bound, in every format it may be in:
anything else is one line naming it, exit 2, at once and in little memory (issue 38)."""

from __future__ import annotations

import io
import os
from pathlib import Path

from tests.hostile.fresh import run_fresh


def _radiance_picture(side: int) -> bytes:
    """A Radiance HDR picture `side` pixels square, every scanline one run-length code a
    component: 11,000 pixels square are 7.7 MB, which OpenCV decodes into 1.8 GB."""
    line = bytearray(b"\x02\x02" + side.to_bytes(2, "big"))
    for _ in range(4):  # red, green, blue, exponent
        left = side
        while left:
            run = min(127, left)
            line += bytes([128 + run, 0x80])
            left -= run
    head = b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y %d +X %d\n" % (side, side)
    return head + bytes(line) * side


def _scan(tmp_path: Path, name: str) -> tuple[int, str, bool]:
    run = run_fresh("scan", name, cwd=tmp_path, timeout=60)
    return run.returncode, run.stderr, run.within_bounds()


def test_a_photo_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "photo.jpg")
    assert _scan(tmp_path, "photo.jpg") == (
        2,
        "photo.jpg: not a regular file (a FIFO); only plain files are read\n",
        True,
    )


def test_a_photo_linked_to_dev_zero_is_refused_in_little_memory(tmp_path: Path) -> None:
    (tmp_path / "photo.jpg").symlink_to("/dev/zero")
    assert _scan(tmp_path, "photo.jpg") == (
        2,
        "photo.jpg: not a regular file (a character device); only plain files are read\n",
        True,
    )


def test_an_empty_photo_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "photo.jpg").write_bytes(b"")
    assert _scan(tmp_path, "photo.jpg") == (2, "photo.jpg: an empty file, not a picture\n", True)


def test_a_radiance_picture_is_refused_before_it_is_decoded(tmp_path: Path) -> None:
    """Pillow cannot read a Radiance header, so its size went unjudged and OpenCV decoded it."""
    (tmp_path / "photo.hdr").write_bytes(_radiance_picture(11_000))
    assert _scan(tmp_path, "photo.hdr") == (
        2,
        "photo.hdr: not a picture playtest can read (expected JPEG, PNG, WebP, BMP or TIFF)\n",
        True,
    )


def test_a_jpeg_cut_after_its_first_bytes_is_one_line(tmp_path: Path) -> None:
    """A JPEG's header that cannot be read was tried as MPO (a JPEG with a second picture),
    which Pillow 13 no longer registers apart: a KeyError (a 500 on the web)."""
    (tmp_path / "photo.jpg").write_bytes(b"\xff\xd8\xff")
    assert _scan(tmp_path, "photo.jpg") == (
        2,
        "photo.jpg: not a picture playtest can read (expected JPEG, PNG, WebP, BMP or TIFF)\n",
        True,
    )


def test_every_cut_of_a_phone_photo_is_refused_and_the_whole_one_is_measured() -> None:
    """A phone's photo with a second picture (MPO) is read as a JPEG: its size from its
    header; every shorter start of it that cannot tell its size is the same refusal."""
    from PIL import Image

    from playtest.scan.photo_format import NOT_A_PICTURE, ScanError, picture_pixels

    first, second = Image.new("RGB", (64, 48), "red"), Image.new("RGB", (64, 48), "blue")
    photo = io.BytesIO()
    first.save(photo, "MPO", save_all=True, append_images=[second])
    data = photo.getvalue()
    assert picture_pixels(data) == 64 * 48
    for end in range(1, 200):
        try:
            assert picture_pixels(data[:end]) == 64 * 48  # the header is whole
        except ScanError as refused:
            assert str(refused) == NOT_A_PICTURE
