"""Names come from files, and files can hold anything: every human-readable output shows
control characters escaped, so a name can neither drive the terminal nor forge a line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.control_chars import escape_controls, escape_json_controls
from tests.games import example_records, game_ids
from tests.helpers import edit_once, make_components

# a record whose first player is Ann, and the line of her name
EXAMPLE = next(p for g in game_ids() for p in example_records(g) if "name: Ann" in p.read_text())
LINE = next(n for n, line in enumerate(EXAMPLE.read_text().splitlines(), 1) if "name: Ann" in line)
EVIL = "Ann\\nwinner: Mallory\\e]0;owned\\a\\e[2J\\x9b1m"  # YAML escapes in a quoted string
SHOWN = "Ann\\nwinner: Mallory\\e]0;owned\\x07\\e[2J\\x9b1m"


def _evil_record(tmp_path: Path) -> Path:
    record = tmp_path / "r.yaml"
    record.write_text(EXAMPLE.read_text().replace("name: Ann", f'name: "{EVIL}"', 1))
    return record


def _clean(text: str) -> bool:
    """Nothing a terminal acts on: no C0 but newline and tab, no DEL, no C1."""
    return not any((ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F for c in text)


@pytest.mark.parametrize("command", [["score"], ["score", "--json"], ["check"]])
def test_a_name_that_would_drive_the_terminal_is_refused_in_one_clean_line(
    tmp_path: Path, run_cli, command: list[str]
) -> None:
    """A name is one line of text (the shared record header refuses control characters):
    the refusal names it with every control character escaped, on one line."""
    result = run_cli(*command, _evil_record(tmp_path))
    assert result.exit_code == 2 and _clean(result.output)
    assert any(
        f":{LINE}: players[0].name: player name" in line
        and SHOWN in line
        and "control character or line break" in line
        for line in result.output.splitlines()
    ), result.output
    assert not any(line.startswith("winner: Mallory") for line in result.output.splitlines())


def test_list_and_build_progress_escape_names(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "game.yaml", "name: Mini Game", 'name: "Mini\\e]0;x\\a"')
    edit_once(root / "mini-game" / "cards.yaml", "name: Mini cards", 'name: "Mini\\ncards"')
    monkeypatch.chdir(tmp_path)
    listed = run_cli("list", "--components", root)
    assert _clean(listed.output)
    assert "mini-game: Mini\\e]0;x\\x07 (2-4 players)" in listed.output
    assert "deck deck: 4 Mini\\ncards, 63x88 mm" in listed.output
    built = run_cli("build", "--components", root, "--format", "pdf")
    assert built.exit_code == 0 and _clean(built.stderr)
    assert "mini-game: Mini\\ncards (4 cards, 9 a sheet): pages 5-6" in built.stderr


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_escaped_text_is_one_harmless_line(text: str) -> None:
    shown = escape_controls(text)
    assert "\n" not in shown and _clean(shown)
    if _clean(text) and "\n" not in text and not any(0x202A <= ord(c) <= 0x2069 for c in text):
        assert shown == text  # ordinary text is shown as it is
    assert json.loads(escape_json_controls(json.dumps(text, ensure_ascii=False))) == text
