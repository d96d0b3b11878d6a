"""What a newcomer reads at the terminal (issue 43, point 7): the wrong kind of file named
("this is a record", "this is a game log"), plurals as people write them, a misspelt record
field pointed to docs/records.md, and a copied game whose YAML keys are numbers. Each line is
the one the README shows (its "When the command line does not understand you")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.helpers import copy_components, edit_once, line_of

README = (REPO / "README.md").read_text()
EXAMPLES = Path("examples/harvest-dice")
ONE_CIRCLE = """\
game: harvest-dice
variant: basic
final: false
markets: {lettuce: 2, tomato: 1, carrot: 1}
players:
  - name: Ann
    garden: |
      L . . . . .
      . . . . . .
      . . . . . .
    pig: 1
  - name: Bob
    garden: |
      . . . . . .
      . . . . . .
      . . . . . .
    pig: 6
"""


def shown_in_readme(line: str) -> str:
    assert line in README, f"the README does not show: {line}"
    return line


@pytest.mark.parametrize(
    ("command", "named", "line"),
    [
        (
            "replay",
            "basic-2-players.yaml",
            "examples/harvest-dice/basic-2-players.yaml:9: players: this is a record, not a game "
            "log: `playtest score` scores it (`playtest check` checks it)",
        ),
        (
            "score",
            "log-basic-2-players.yaml",
            "examples/harvest-dice/log-basic-2-players.yaml:6: events: this is a game log, not a "
            "record: `playtest replay` plays it (`--record OUT` writes the position it reaches "
            "as a record)",
        ),
    ],
)
def test_the_wrong_kind_of_file_says_which_command_reads_it(
    run_cli, monkeypatch, command: str, named: str, line: str
) -> None:
    monkeypatch.chdir(REPO)
    answered = run_cli(command, EXAMPLES / named)
    assert answered.exit_code == 2 and answered.stderr == shown_in_readme(line) + "\n"


def test_one_circle_is_one_circle(run_cli, tmp_path: Path, monkeypatch) -> None:
    """`1 circles crossed` on the phone while a sheet is entered: one of each is singular."""
    monkeypatch.chdir(tmp_path)
    Path("record.yaml").write_text(ONE_CIRCLE)
    checked = run_cli("check", "record.yaml")
    line = (
        "  HD-07 Ann: pig pen: 1 circle crossed, but 2 dice fed (3 taken in 1 round, 1 planted) "
        "cross 2 to 12"
    )
    assert checked.exit_code == 1
    assert checked.output == "harvest-dice: 1 broken rule\n" + shown_in_readme(line) + "\n"


def test_a_misspelt_record_field_points_to_the_records_doc(
    run_cli, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("record.yaml").write_text(ONE_CIRCLE.replace("    pig: 1", "    pgi: 1"))
    scored = run_cli("score", "record.yaml")
    assert scored.exit_code == 2
    line = (
        "record.yaml:11: players[0].pgi: unknown field (check the spelling; every field is in "
        "docs/records.md)"
    )
    assert shown_in_readme(line) in scored.stderr.splitlines()


def test_a_copied_game_reads_a_key_written_as_a_number(
    run_cli, tmp_path: Path, monkeypatch
) -> None:
    """A game copied under its own id has no rules schema: `rolled_per_colour: {2: 2, 3: 3}`
    keeps number keys, which `{rules.dice.rolled_per_colour.3}` in its reference names. It
    said `'rules.dice.rolled_per_colour.3': no '3' in 'rules'`; now it builds, and a key that
    is not there is said with the keys that are."""
    root = copy_components(tmp_path)
    (root / "harvest-dice").rename(root / "my-dice")
    edit_once(root / "my-dice" / "game.yaml", "id: harvest-dice", "id: my-dice")
    monkeypatch.chdir(tmp_path)
    built = run_cli("build", "my-dice", "--components", "components", "--format", "pdf", "-q")
    assert built.exit_code == 0, built.output
    assert (tmp_path / "output" / "my-dice" / "my-dice-kit.pdf").exists()
    reference = root / "my-dice" / "reference.yaml"
    edit_once(reference, "{rules.dice.rolled_per_colour.3}", "{rules.dice.rolled_per_colour.5}")
    refused = run_cli("build", "my-dice", "--components", "components", "-q")
    line = (
        f"components/my-dice/reference.yaml:{line_of(reference, 'rolled_per_colour.5')}: "
        "reference.sections[0].lines[1]: "
        "'rules.dice.rolled_per_colour.5': rules.dice.rolled_per_colour has no 5 "
        "(it has: 2, 3, 4)"
    )
    assert refused.exit_code == 2 and refused.stderr == shown_in_readme(line) + "\n"
