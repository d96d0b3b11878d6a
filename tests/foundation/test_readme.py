"""The README's promises: the Quick start is exactly what CI runs, and its worked example of
adding a card works as written."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import make_components

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text()


def quick_start() -> list[str]:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block
    return [line for line in block.group(1).splitlines() if line.strip()]


def ci_commands() -> list[str]:
    """The commands `.ci/run` runs, in order (not its comments, options or `cd`)."""
    lines = (REPO / ".ci" / "run").read_text().splitlines()
    return [
        line
        for line in lines
        if line.strip() and not line.startswith(("#", "set ", 'cd "$(dirname'))
    ]


def test_ci_runs_the_quick_start_then_lint_format_and_types_only() -> None:
    """Issue 23: CI installs nothing of its own; what a new user runs is what CI runs."""
    commands = quick_start()
    assert len(commands) == 2
    assert ci_commands() == [
        *commands,
        ".venv/bin/ruff check .",
        ".venv/bin/ruff format --check .",
        ".venv/bin/python .ci/typecheck.py",
    ]


def test_the_second_command_installs_the_browser_and_measures_coverage() -> None:
    second = quick_start()[1]
    assert ".venv/bin/python tests/setup_browser.py" in second
    assert second.endswith("-m pytest -n auto --cov")
    assert "fail_under = 85" in (REPO / "pyproject.toml").read_text()


def test_adding_a_card_as_the_readme_shows(tmp_path: Path, run_cli, monkeypatch) -> None:
    example = README.split("### Example: add a new card", 1)[1]
    entry = re.search(r"```yaml\n(.*?)```", example, re.S).group(1)
    root = make_components(tmp_path, "village-green", mini=False)
    cards = root / "village-green" / "cards.yaml"
    text = cards.read_text()
    anchor = text.index("      - id: A30")
    end = text.index("\n  - id: ", anchor)  # the end of the awards deck
    cards.write_text(text[: end + 1] + entry + text[end + 1 :])
    record = tmp_path / "quiet.yaml"
    record.write_text(
        "game: village-green\nvariant: solo\nplayers:\n  - name: Ann\n    village: face-up\n"
        "    top: [A31, A02, A24]\n    left: [null, null, null]\n    grid:\n"
        "      - [G55, null, null]\n      - [G01, null, null]\n      - [G56, null, null]\n"
    )
    monkeypatch.chdir(tmp_path)
    result = run_cli("score", record, "--json", "--components", root)
    assert result.exit_code == 0, result.output
    # column 1: two lawns (2 each) and a pond (1): 5
    assert '"A31 Award for Quiet Corners (column 1)": 5' in result.stdout
    built = run_cli("build", "village-green", "--components", root, "--format", "svg", "-q")
    assert built.exit_code == 0, built.output
    svg = (tmp_path / "output" / "village-green" / "svg" / "awards-A31.svg").read_text()
    assert "Award for Quiet Corners" in svg
    # it prints like the other awards: each medal with its words and pictogram (issue 13)
    texts = re.findall(r"<text[^>]*>([^<]*)<", svg)
    assert texts[2:8] == ["each", "lawn", "2", "each", "pond", "1"]
    assert svg.count("<use") >= 4  # two medals and two pictograms
