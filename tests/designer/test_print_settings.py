"""Print settings have one source, the YAML: a key a designer's own `_shared/print.yaml` leaves
out (one written for an older version) takes the INSTALLED print.yaml's value, never a value
written in Python; the installed print.yaml itself must hold every key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from playtest import components
from playtest.core.errors import InputError
from playtest.designer.json_schema import component_schema
from playtest.library.loader import Library
from playtest.model.presets import Print

SHIPPED = components.ROOT / "_shared"


def _shared(root: Path, edit: dict[str, str | None]) -> Path:
    """A components folder whose `_shared/` is the shipped one with print.yaml's lines that
    start with a key of `edit` replaced (None: left out)."""
    (root / "_shared").mkdir(parents=True)
    shutil.copy(SHIPPED / "style.yaml", root / "_shared" / "style.yaml")
    lines = []
    for line in (SHIPPED / "print.yaml").read_text().splitlines():
        key = line.strip().split(":", 1)[0]
        if line.startswith("  ") and key in edit:
            if edit[key] is None:
                continue
            line = f"  {key}: {edit[key]}"
        lines.append(line)
    (root / "_shared" / "print.yaml").write_text("\n".join(lines) + "\n")
    return root


def _print_of(root: Path) -> Print:
    return Library(root).shared[0].print


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The installed components folder, its card marker inset 7 mm (the shipped one says 5,
    and so did the old Python default): a value seen below came from this YAML."""
    root = _shared(tmp_path / "installed", {"scan_card_inset": "7"})
    monkeypatch.setattr(components, "ROOT", root)
    return root


def test_a_key_left_out_takes_the_installed_print_yaml_value(
    installed: Path, tmp_path: Path
) -> None:
    own = _shared(tmp_path / "own", {"scan_card_inset": None, "bleed": "2"})
    settings = _print_of(own)
    assert settings.scan_card_inset == 7  # the installed YAML's, not Python's 5
    assert settings.bleed == 2  # the designer's own wins where written
    assert settings.scan_card_marker == 10


def test_a_shared_folder_without_print_settings_takes_all_the_installed_ones(
    installed: Path, tmp_path: Path
) -> None:
    own = tmp_path / "own" / "_shared"
    own.mkdir(parents=True)
    shutil.copy(SHIPPED / "style.yaml", own / "style.yaml")
    (own / "print.yaml").write_text("papers: {a4: [210, 297]}\nsizes: {poker: [63, 88]}\n")
    assert _print_of(own.parent).scan_card_inset == 7


def test_a_bad_value_in_a_designers_print_yaml_is_said_at_its_line(
    installed: Path, tmp_path: Path
) -> None:
    own = _shared(tmp_path / "own", {"scan_card_inset": None, "bleed": "40"})
    with pytest.raises(InputError) as caught:
        _print_of(own)
    (problem,) = caught.value.problems
    text = (own / "_shared" / "print.yaml").read_text().splitlines()
    assert problem.file.endswith("print.yaml")
    assert problem.field == "print.bleed"
    assert text[problem.line - 1] == "  bleed: 40"


def test_the_installed_print_yaml_must_hold_every_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _shared(tmp_path / "installed", {"scan_card_inset": None})
    monkeypatch.setattr(components, "ROOT", root)
    with pytest.raises(InputError) as caught:
        _print_of(root)
    (problem,) = caught.value.problems
    text = (root / "_shared" / "print.yaml").read_text().splitlines()
    assert (problem.field, text[problem.line - 1]) == ("print.scan_card_inset", "print:")
    assert "missing" in problem.message


def test_the_schema_and_reference_give_the_installed_value_as_the_default(
    installed: Path,
) -> None:
    schema = component_schema()["$defs"]["Print"]
    assert "required" not in schema  # a designer's print.yaml may leave any key out
    assert schema["properties"]["scan_card_inset"]["default"] == 7
    assert schema["properties"]["bleed"]["default"] == 3
