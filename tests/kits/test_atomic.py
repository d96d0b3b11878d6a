"""Writing is atomic: a failed or interrupted build leaves the previous kit whole and no
partial file under a final name."""

from __future__ import annotations

from pathlib import Path

import pytest

import playtest.generator.backends.pdf as pdf_backend
from playtest.core.errors import InputError
from tests.kits.mini_kit import build
from tests.kits.test_determinism import digests


def test_interrupted_build_keeps_the_previous_kit(tmp_path: Path, monkeypatch) -> None:
    kit = build(tmp_path)
    before = digests(kit)
    calls = {"n": 0}
    real = pdf_backend.PdfWriter.add_page

    def crash_midway(self, page, **kwargs) -> None:  # kwargs: the section's bookmark
        calls["n"] += 1
        if calls["n"] == 5:
            raise KeyboardInterrupt  # the user pressed Ctrl-C on page 5
        real(self, page, **kwargs)

    monkeypatch.setattr(pdf_backend.PdfWriter, "add_page", crash_midway)
    with pytest.raises(KeyboardInterrupt):
        build(tmp_path, crop_marks=False)  # other pages: the PDF is written, not kept
    assert digests(kit) == before
    leftovers = [p.name for p in (tmp_path / "out").iterdir() if p.name != "mini-game"]
    assert leftovers == []


def test_failed_first_build_writes_nothing(tmp_path: Path) -> None:
    root = build(tmp_path).parent.parent / "components"
    layouts = root / "mini-game" / "layouts.yaml"
    layouts.write_text(layouts.read_text().replace("{name}", "{nmae}", 1))
    out = tmp_path / "out"
    import shutil

    shutil.rmtree(out)
    with pytest.raises(InputError) as err:
        build(tmp_path)
    # issue 13: at the layout's line, naming the card and the fields it could read
    assert str(err.value) == (
        "components/mini-game/layouts.yaml:8: layouts.card.elements[1].text: card M1 "
        "(components/mini-game/cards.yaml:9): unknown field 'nmae' (expected one of: colour, "
        "count, deck, game, icons, id, name, points, rules)"
    )
    assert not out.exists() or list(out.iterdir()) == []


def test_a_folder_that_is_not_a_kit_is_never_replaced(tmp_path: Path) -> None:
    precious = tmp_path / "out" / "mini-game"
    precious.mkdir(parents=True)
    (precious / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="exists and is not a playtest kit"):
        build(tmp_path)
    assert (precious / "notes.txt").read_text() == "mine"
