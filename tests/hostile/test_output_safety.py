"""Output safety: any folder the user names, but never over a record or a component file, never
over a folder that is not a kit."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import make_components


def test_out_may_be_any_folder_even_outside_the_working_one(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    """Issue 13: an absolute --out outside the current folder needs no --allow-outside; safety
    comes from never replacing a folder that is not a kit (tests below)."""
    work, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    work.mkdir()
    root = make_components(work)
    monkeypatch.chdir(work)
    result = run_cli("build", "--components", root, "--out", elsewhere, "--format", "svg")
    assert result.exit_code == 0, result.output
    assert (elsewhere / "mini-game" / "svg" / "deck-M1.svg").is_file()
    assert result.stdout.splitlines()[0] == "../elsewhere/mini-game/svg/: 9 SVG files"


def test_out_inside_the_components_is_refused(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    result = run_cli("build", "--components", root, "--out", root / "mini-game")
    assert result.exit_code == 2
    assert "would mix the kit with the components" in result.stderr
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


def test_a_record_where_the_kit_would_go_is_never_overwritten(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "records").mkdir()
    record = tmp_path / "records" / "mini-game"
    record.write_text("game: my-game\n")
    result = run_cli("build", "--components", root, "--out", "records")
    assert result.exit_code == 2
    assert "records/mini-game exists and is not a folder; not replacing it" in result.stderr
    assert record.read_text() == "game: my-game\n"


def test_a_folder_of_records_is_not_replaced(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    games = tmp_path / "games" / "mini-game"
    games.mkdir(parents=True)
    (games / "game-1.yaml").write_text("game: my-game\n")
    result = run_cli("build", "--components", root, "--out", "games")
    assert result.exit_code == 2
    assert "exists and is not a playtest kit; not replacing it" in result.stderr
    assert (games / "game-1.yaml").read_text() == "game: my-game\n"


def test_a_failed_build_keeps_the_previous_kit(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert run_cli("build", "--components", root, "-q").exit_code == 0
    kit = tmp_path / "output" / "mini-game" / "mini-game-kit.pdf"
    before = kit.read_bytes()
    layouts = root / "mini-game" / "layouts.yaml"
    layouts.write_text(layouts.read_text().replace("{name}", "{nmae}", 1))
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert kit.read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["mini-game"]
