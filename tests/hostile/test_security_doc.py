"""SECURITY.md promises only what a test proves: every test it names exists."""

from __future__ import annotations

import re

from tests.conftest import REPO

DOC = (REPO / "SECURITY.md").read_text(encoding="utf-8")
TESTS = REPO / "tests"


def _defined() -> set[str]:
    return {
        match[1]
        for path in TESTS.rglob("test_*.py")
        for match in re.finditer(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M)
    }


def test_every_test_the_document_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", DOC))
    assert named, "SECURITY.md names no test"
    assert sorted(named - _defined()) == []


def test_every_test_file_the_document_names_exists() -> None:
    files = set(re.findall(r"`((?:tests/[\w/]+/)?test_\w+\.py)`", DOC))
    assert files
    missing = [
        name
        for name in sorted(files)
        if not (REPO / name).is_file() and not (TESTS / "hostile" / name).is_file()
    ]
    assert missing == []
