"""Issue 13 acceptance: a new game made only from the documented YAML builds. The game is the
one docs/adding-a-game.md writes by hand (no shipped game is copied): its files are taken
from the guide's code blocks, the guide's planted mistake gives the error it shows, the fix it
describes builds the kit, and every key the game uses is in the YAML reference."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml
from pypdf import PdfReader

from playtest import components
from tests.conftest import REPO

GUIDE = (REPO / "docs" / "adding-a-game.md").read_text()
REFERENCE = (REPO / "docs" / "yaml-reference.md").read_text()
FILE_MARK = re.compile(r"^(?:# |<!-- )components/meadow-race/(\S+?)(?: -->)?$", re.M)


def guide_files() -> dict[str, str]:
    files = {}
    for block in re.findall(r"```(?:yaml|xml)\n(.*?)```", GUIDE, re.S):
        mark = FILE_MARK.match(block)
        if mark:
            files[mark.group(1)] = block
    return files


def shown(after: str) -> str:
    """The first ```text block after `after` in the guide."""
    part = GUIDE.split(after, 1)[1]
    return re.search(r"```text\n(.*?)```", part, re.S).group(1).strip()


def write_game(tmp: Path) -> Path:
    root = tmp / "components"
    shutil.copytree(components.ROOT / "_shared", root / "_shared")
    for name, text in guide_files().items():
        path = root / "meadow-race" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


NAMED_BY_YOU = ("rules", "colours", "layouts", "fields", "text", "data")


def keys_of(data: object, parent: str = "") -> set[str]:
    """The schema keys a file uses (not the names it gives: rules, colours, card fields)."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if parent == "cards" and key not in ("id", "name", "count"):
                continue  # a field the deck declares
            if parent in ("when", "unless"):  # a value's name; its comparisons are checked
                found |= keys_of(value, "condition")
                continue
            if parent not in NAMED_BY_YOU:
                found.add(str(key))
            found |= keys_of(value, str(key))
    elif isinstance(data, list):
        for item in data:
            found |= keys_of(item, parent)
    return found


def test_the_guide_holds_a_whole_game() -> None:
    assert sorted(guide_files()) == [
        "cards.yaml",
        "game.yaml",
        "icons/flower.svg",
        "layouts.yaml",
        "reference.yaml",
    ]


def test_every_key_the_guide_uses_is_in_the_reference() -> None:
    for name, text in guide_files().items():
        if name.endswith(".yaml"):
            for key in keys_of(yaml.safe_load(text)):
                assert f"`{key}`" in REFERENCE or f"`{key}:`" in REFERENCE, (name, key)


def test_the_guide_game_builds_after_the_fix_it_describes(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    root = write_game(tmp_path)
    first = run_cli("build", "meadow-race", "--components", "components")
    assert first.exit_code == 2
    assert first.stderr.strip() == shown("so the\nfirst build stops")
    assert not (tmp_path / "output").exists()  # nothing half-written

    game = root / "meadow-race" / "game.yaml"
    game.write_text(
        game.read_text().replace(
            '    meadow: "#66a182"\n', '    meadow: "#66a182"\n    sun-yellow: "#f6c445"\n'
        )
    )
    built = run_cli("build", "meadow-race", "--components", "components")
    assert built.exit_code == 0, built.output
    assert "warning" not in built.output
    kit = tmp_path / "output" / "meadow-race"
    text = "\n".join(p.extract_text() for p in PdfReader(kit / "meadow-race-kit.pdf").pages)
    for printed in (
        "Four-leaf Clover",
        "+4 steps",
        "Lucky!",
        "First to 30 steps wins.",
        "Meadow Race",
        "M06",
    ):
        assert printed in text
    svgs = sorted(p.name for p in (kit / "svg").iterdir())
    assert len([s for s in svgs if s.startswith("meadow-M")]) == 6  # one per card design
    assert {"die-wind.svg", "token-bee.svg", "sheet-race-sheet.svg"} <= set(svgs), svgs
    listed = run_cli("list", "--components", "components").stdout
    assert "deck meadow: 10 Meadow cards, 63x88 mm" in listed
    assert "token bee: 10 x Bee token, 18x18 mm" in listed
    # the page the guide says to preview shows the cards, not the alignment test (issue 23)
    page = int(re.search(r"playtest preview meadow-race --page (\d+)", GUIDE).group(1))
    shown_page = PdfReader(kit / "meadow-race-kit.pdf").pages[page - 1].extract_text()
    assert "steps" in shown_page and "alignment" not in shown_page.lower()


def test_a_game_without_a_scorer_points_to_the_guide(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_game(tmp_path)
    Path("record.yaml").write_text("game: meadow-race\nplayers: []\n")
    result = run_cli("score", "record.yaml", "--components", "components")
    assert result.exit_code == 2
    assert result.stderr.strip() == shown("neither says so, until the game has one:")
    assert (REPO / "docs" / "adding-a-game.md").is_file()


def block(mark: str) -> str:
    """The ```yaml block of the guide whose first line is `# <mark>`."""
    for text in re.findall(r"```yaml\n(.*?)```", GUIDE, re.S):
        if text.startswith(f"# {mark}\n"):
            return text
    raise AssertionError(mark)


def test_the_guide_game_is_scored_by_its_yaml(tmp_path: Path, run_cli, monkeypatch) -> None:
    """Issue 29: the guide's fields, scoring, checks and record give the answers it shows."""
    monkeypatch.chdir(tmp_path)
    root = write_game(tmp_path)
    game = root / "meadow-race" / "game.yaml"
    game.write_text(
        game.read_text().replace(
            '    meadow: "#66a182"\n', '    meadow: "#66a182"\n    sun-yellow: "#f6c445"\n'
        )
    )
    scoring = root / "meadow-race" / "scoring.yaml"
    scoring.write_text(block("meadow-race/scoring.yaml"))
    Path("record.yaml").write_text(block("record.yaml"))

    fields = run_cli("fields", "meadow-race", "--components", "components")
    assert fields.exit_code == 0, fields.output
    listed = shown("```sh\nplaytest fields meadow-race\n```").splitlines()
    assert fields.stdout.splitlines()[: len(listed)] == listed
    scored = run_cli("score", "record.yaml", "--components", "components")
    assert scored.exit_code == 0, scored.output
    assert scored.stdout.strip() == shown("answers at once")
    assert run_cli("check", "record.yaml", "--components", "components").exit_code == 1

    scoring.write_text(scoring.read_text().replace("rules.bonus,", "rules.bonuses,"))
    broken = run_cli("score", "record.yaml", "--components", "components")
    assert broken.exit_code == 2
    assert broken.stderr.strip() == shown("for `build` as for `score`:")
    assert run_cli("build", "meadow-race", "--components", "components").exit_code == 2


def test_the_guide_game_is_entered_on_the_phone_page(tmp_path: Path, browser) -> None:
    """Issue 29: the guide's step 7, followed: `playtest serve --components components` with
    the guide's game, its record entered on the sheet in Chromium shows what the guide shows,
    and Save keeps it in the log."""
    from playtest.log import PlaytestLog
    from tests.browser import PHONE
    from tests.web.conftest import start_server, stop_server
    from tests.web.entering import fields

    root = write_game(tmp_path)
    game = root / "meadow-race" / "game.yaml"
    game.write_text(
        game.read_text().replace(
            '    meadow: "#66a182"\n', '    meadow: "#66a182"\n    sun-yellow: "#f6c445"\n'
        )
    )
    (root / "meadow-race" / "scoring.yaml").write_text(block("meadow-race/scoring.yaml"))
    record = yaml.safe_load(block("record.yaml"))
    command = re.search(r"```sh\n(playtest serve [^\n]*)\n```", GUIDE).group(1)
    assert command == "playtest serve --components components"
    server = start_server(tmp_path / "playtest.db", *command.split()[2:])
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        fields(page, server.url, record)
        scores = [
            " ".join(b.inner_text().split())
            for b in page.locator("#scores [data-player-score]").all()
        ]
        violations = page.locator("#violations")
        lines = [
            *scores,
            violations.locator("strong").first.inner_text(),
            *[" ".join(t.split()) for t in violations.locator("li").all_inner_texts()],
        ]
        assert lines == shown("Entering the record above shows:").splitlines()
        page.click("#save")
        page.wait_for_url("**/games/*")
        assert errors == []
    finally:
        context.close()
        stop_server(server.process)
    (kept,) = PlaytestLog(tmp_path / "playtest.db").games("meadow-race")
    assert kept.record == record
