"""Issue 13: `score DIR` / `check DIR` read every file, report each bad one, score every good
one and exit 2 at the end; subfolders are named when skipped or read with -r; suffixes in any
case; with --json an unreadable record is JSON on stdout too."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.games import finished_records, game_ids

# a game with two finished example records, and those two
GAME, GOOD, OTHER = next(
    (game, *found[:2]) for game in game_ids() if len(found := finished_records(game)) >= 2
)
UNKNOWN = "unknown field (check the spelling; every field is in docs/records.md)"


@pytest.fixture
def records(tmp_path: Path) -> Path:
    folder = tmp_path / "records"
    folder.mkdir()
    shutil.copy(GOOD, folder / "a-good.yaml")
    shutil.copy(OTHER, folder / "d-GOOD.YAML")
    (folder / "b-broken.json").write_text(f'{{"game": "{GAME}",\n "variant": }}\n')
    (folder / "c-wrong.yaml").write_text("extra_field: 1\n" + GOOD.read_text())
    (folder / "notes.txt").write_text("not a record")
    (folder / "old").mkdir()
    shutil.copy(GOOD, folder / "old" / "e-nested.yml")
    return folder


def test_score_dir_scores_the_good_reports_the_bad_and_exits_2(
    records: Path, run_cli, monkeypatch
) -> None:
    monkeypatch.chdir(records.parent)
    result = run_cli("score", "records")
    assert result.exit_code == 2
    scored = [line for line in result.stdout.splitlines() if line.startswith("== ")]
    assert scored == ["== records/a-good.yaml", "== records/d-GOOD.YAML"]
    errors = result.stderr.splitlines()
    assert errors[0] == "records/old: subfolder skipped (pass -r to read subfolders)"
    assert errors[1] == "records/b-broken.json:2: invalid JSON: Expecting value"
    assert errors[2] == f"records/c-wrong.yaml:1: extra_field: {UNKNOWN}"


def test_check_dir_with_r_reads_subfolders(records: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(records.parent)
    result = run_cli("check", "records", "-r")
    assert result.exit_code == 2
    assert "skipped" not in result.stderr
    assert result.stdout.splitlines() == [
        f"records/a-good.yaml: {GAME}: legal",
        f"records/d-GOOD.YAML: {GAME}: legal",
        f"records/old/e-nested.yml: {GAME}: legal",
    ]


def test_json_answers_carry_errors_on_stdout(records: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(records.parent)
    result = run_cli("score", "records", "--json")
    assert result.exit_code == 2
    answers = json.loads(result.stdout)
    assert [a["record"] for a in answers] == [
        "records/a-good.yaml",
        "records/b-broken.json",
        "records/c-wrong.yaml",
        "records/d-GOOD.YAML",
    ]
    assert answers[0]["winners"]
    assert answers[1]["error"] == {
        "file": "records/b-broken.json",
        "line": 2,
        "field": "",
        "message": "invalid JSON: Expecting value",
    }
    assert answers[2]["error"]["field"] == "extra_field"
    assert answers[2]["error"]["line"] == 1


def test_one_unreadable_record_with_json_is_an_error_object(
    records: Path, run_cli, monkeypatch
) -> None:
    monkeypatch.chdir(records.parent)
    result = run_cli("check", "records/c-wrong.yaml", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "error": {
            "file": "records/c-wrong.yaml",
            "line": 1,
            "field": "extra_field",
            "message": UNKNOWN,
        }
    }


def test_a_folder_of_only_subfolders_says_to_use_r(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r" / "sub").mkdir(parents=True)
    shutil.copy(GOOD, tmp_path / "r" / "sub" / "game.yaml")
    result = run_cli("score", "r")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "r: no record files found (.yaml, .yml or .json) (subfolders are read with -r)"
    )
    assert run_cli("score", "r", "-r").exit_code == 0


def test_r_skips_and_names_empty_folders_and_link_loops(
    records: Path, run_cli, monkeypatch
) -> None:
    (records / "empty").mkdir()
    (records / "old" / "back").symlink_to("..")  # records/old/back/old/back/... forever
    monkeypatch.chdir(records.parent)
    result = run_cli("score", "records", "-r", "--json")
    answers = json.loads(result.stdout)
    assert [a["record"] for a in answers if "error" not in a] == [
        "records/a-good.yaml",
        "records/d-GOOD.YAML",
        "records/old/e-nested.yml",  # read once, not again through the loop
    ]
    skipped = [line for line in result.stderr.splitlines() if "skipped" in line]
    assert skipped == [
        "records/empty: skipped: no record files in it",
        "records/old/back: skipped: a link back to a folder already read",
    ]
    assert max(map(len, result.stderr.splitlines())) < 200  # no 40-level path


def test_a_component_file_is_not_scored_as_a_record(run_cli) -> None:
    result = run_cli("score", REPO / "components" / GAME / "game.yaml")
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert line.endswith(
        "game.yaml:3: game: this is a component file (its `game:` describes "
        "a game), not a record; see docs/records.md"
    )
    assert "{" not in line  # not the whole mapping


def test_a_broken_json_record_is_not_called_yaml(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("r.json").write_text(f'{{"game": "{GAME}", "players": [,]}}')
    result = run_cli("check", "r.json")
    assert result.exit_code == 2
    assert result.stderr.strip() == "r.json:1: invalid JSON: Expecting value"
