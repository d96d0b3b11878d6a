"""Issue 13: `playtest new GAME` writes a small working starter game, and `playtest build GAME`
on it succeeds at once, with no warning."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

from tests.helpers import make_components


def test_new_then_build_succeeds_at_once(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("new", "fruit-salad", "--components", "mine")
    assert result.exit_code == 0, result.output
    assert (
        result.stdout.splitlines()[0] == "mine/_shared/: the shared presets (fonts, styles, papers)"
    )
    game = tmp_path / "mine" / "fruit-salad"
    assert sorted(p.name for p in game.iterdir()) == [
        "cards.yaml",
        "dice.yaml",
        "game.yaml",
        "icons",
        "layouts.yaml",
        "records",
        "sheets.yaml",
    ]
    assert "id: fruit-salad\n  name: Fruit Salad\n" in (game / "game.yaml").read_text()

    listed = run_cli("list", "--components", "mine")
    assert listed.stdout.splitlines() == [
        "fruit-salad: Fruit Salad (2-4 players)",
        "  deck fruit: 10 Fruit cards, 63x88 mm",
        "  die fruit-die: 1 x Fruit die",
        "  sheet score-sheet: Score sheet, 148x210 mm",
        "  token star: 12 x Star token, 20x20 mm",
    ]
    built = run_cli("build", "fruit-salad", "--components", "mine")
    assert built.exit_code == 0, built.output
    assert "warning" not in built.output
    assert "1 die, 12 mm faces" in built.stderr
    kit = tmp_path / "output" / "fruit-salad"
    reader = PdfReader(kit / "fruit-salad-kit.pdf")
    text = "\n".join(page.extract_text() for page in reader.pages)
    for printed in (
        "Big Apple",
        "Rotten Plum",
        "F07",
        "First to 20 points wins.",
        "Round 8",
        "Fruit Salad",
    ):
        assert printed in text
    assert len(list((kit / "svg").glob("fruit-F*.svg"))) == 7


def test_the_starter_is_scored_by_its_yaml(tmp_path: Path, run_cli, monkeypatch) -> None:
    """Issue 29: the starter's score sheet declares its fields and is scored by YAML; its
    example record scores, checks and names the winner with no code written."""
    monkeypatch.chdir(tmp_path)
    made = run_cli("new", "fruit-salad", "--components", "mine")
    record = "mine/fruit-salad/records/example.yaml"
    assert (
        made.stdout.splitlines()[-1] == f"Score a game: playtest score {record} --components mine"
    )
    scored = run_cli("score", record, "--json", "--components", "mine")
    assert scored.exit_code == 0, scored.output
    answer = json.loads(scored.stdout)
    # rounds 4+7+5 and 6+3+9; sets (rules.set_bonus [0, 1, 3, 6, 10]): one of 2 cards and one
    # of 3 (3 + 6), two of 1 card (2 x 1)
    assert [(p["name"], p["breakdown"]) for p in answer["players"]] == [
        ("Ann", {"rounds": 16, "sets": 9}),
        ("Bob", {"rounds": 18, "sets": 2}),
    ]
    assert answer["winners"] == ["Ann"]
    fields = run_cli("fields", "fruit-salad", "--components", "mine").stdout
    assert "  round8  a number of 0 to 99  at 42, 178 mm (30 x 10)" in fields
    Path(record).write_text(Path(record).read_text().replace("round1: 4", "round1: 40"))
    broken = run_cli("check", record, "--components", "mine")
    assert broken.exit_code == 1
    assert "ST-01 Ann: round 1: round 1 scores more than the points to win" in broken.stdout


def test_new_into_an_existing_components_folder_keeps_its_shared(tmp_path: Path, run_cli) -> None:
    root = make_components(tmp_path)
    style = root / "_shared" / "style.yaml"
    style.write_text(style.read_text() + "# mine\n")
    result = run_cli("new", "second", "--name", "My Second Game", "--components", root)
    assert result.exit_code == 0, result.output
    assert "_shared" not in result.stdout
    assert style.read_text().endswith("# mine\n")
    assert "name: My Second Game" in (root / "second" / "game.yaml").read_text()
    assert run_cli("list", "--components", root).exit_code == 0


def test_new_never_overwrites_and_refuses_bad_ids(tmp_path: Path, run_cli) -> None:
    root = make_components(tmp_path)
    before = (root / "mini-game" / "cards.yaml").read_text()
    result = run_cli("new", "mini-game", "--components", root)
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"{root / 'mini-game'}: GAME: already exists; choose another name (nothing was written)"
    )
    assert (root / "mini-game" / "cards.yaml").read_text() == before
    result = run_cli("new", "my game", "--components", root)
    assert result.exit_code == 2
    assert "'my game' is not a valid game id" in result.stderr
    assert sorted(p.name for p in root.iterdir()) == ["_shared", "mini-game"]
