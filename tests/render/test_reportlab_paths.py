"""The PDF backend draws through reportlab's public API on any release, and through the internals
of generator/backends/reportlab_private.py on the releases they were tested on: every kit is
the same bytes either way, and the public way uses none of the internals."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import reportlab
from pypdf import PdfReader

from playtest import components
from playtest.drawing.symbols import SymbolTable
from playtest.faces.painter import FacePainter
from playtest.generator.backends import pdf, pdf_pages, reportlab_private
from playtest.generator.backends.pdf import PdfWriter
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from tests.helpers import edit_once, make_components

LIBRARY = load_library(components.ROOT)


def _kit_pdfs(
    out: Path, internals: bool, monkeypatch: pytest.MonkeyPatch, root: Path | None = None
) -> dict[str, bytes]:
    monkeypatch.setattr(reportlab_private, "TESTED", internals)
    library = LIBRARY if root is None else load_library(root)
    request = BuildRequest(formats=frozenset({"pdf"}), out_dir=out)
    return {p.name: p.read_bytes() for p in build_kits(library, request) if p.suffix == ".pdf"}


def _refuse_the_internals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every function of reportlab_private.py, where the backend calls it, fails."""

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("reportlab's internals used")

    for module in (pdf, pdf_pages):
        for name, value in list(vars(module).items()):
            internal = getattr(value, "__module__", None) == reportlab_private.__name__
            if internal and callable(value) and not isinstance(value, type):
                monkeypatch.setattr(module, name, refused)


def test_every_kit_pdf_is_the_same_bytes_through_the_public_api_and_the_internals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = _kit_pdfs(tmp_path / "internals", True, monkeypatch)
    _refuse_the_internals(monkeypatch)
    public = _kit_pdfs(tmp_path / "public", False, monkeypatch)
    assert len(public) == len(LIBRARY.game_ids)
    assert public == fast


def test_the_internals_are_used_on_the_releases_they_were_tested_on_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert reportlab_private.TESTED is reportlab_private.release_tested(reportlab.Version)
    fonts = FacePainter.for_game(LIBRARY.game(LIBRARY.game_ids[0]), SymbolTable(), 0).fonts
    assert PdfWriter(io.BytesIO(), fonts, SymbolTable()).internals is reportlab_private.TESTED
    monkeypatch.setattr(reportlab_private, "TESTED", False)  # a release not tested
    writer = PdfWriter(io.BytesIO(), fonts, SymbolTable(), kept=pdf_pages.PageMemo())
    assert not writer.internals and writer.kept is None  # no page kept: its key needs them


def test_without_the_internals_a_rebuild_draws_the_changed_kit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kit's PDF is linked from the previous build when every page's key is the same: the
    keys need the internals, so without them the PDF is always written."""
    root = make_components(tmp_path)  # the mini game of the tests
    before = _kit_pdfs(tmp_path / "kits", False, monkeypatch, root)
    edit_once(root / "mini-game" / "cards.yaml", "name: Red Three", "name: Red Quince")
    after = _kit_pdfs(tmp_path / "kits", False, monkeypatch, root)
    text = "".join(
        page.extract_text() for page in PdfReader(io.BytesIO(after["mini-game-kit.pdf"])).pages
    )
    assert "Red Quince" in text and before != after
