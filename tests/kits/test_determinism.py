"""Same input, byte-identical files."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.kits.mini_kit import build


def digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".playtest-cache" not in p.parts  # the cache is not a printed file
    }


def test_two_builds_are_byte_identical(mini_kit: Path, tmp_path: Path) -> None:
    again = build(tmp_path)
    assert digests(again) == digests(mini_kit)
    assert len(digests(again)) == 11  # pdf, marker, 9 svg
