"""The example records in examples/village-green/ score what its README says."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from tests.conftest import REPO

EXAMPLES = REPO / "examples" / "village-green"


def score(run_cli: Callable, name: str) -> dict:
    result = run_cli("score", EXAMPLES / name, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_three_player_game(run_cli: Callable) -> None:
    out = score(run_cli, "three-players.yaml")
    assert out["legal"]
    # Ann: village 1, ponds G07 G01 4, red roses G01 G04 in column 1 6, birch pair in column 2
    # 2, yellow lilies G28 G30 G26 9, red lilies G07 G10 in row 1 6, birches G12 G30 in row 2 4
    # (A20 under it is covered), 1 lawn in row 3 1 = 33
    # Ben: flipped 0, ponds G49 G43 4, blue petunia G49 3, trees G52 G54 2, 1 structure 1,
    # oak 3 - birch 2 = 1, pond G43 2, structure + tree card + empty 6 = 19
    # Carl: 1, ponds G19 G31 4, yellow petunias G31 G34 6, 2 cards x 2 - 2 trees 2,
    # 2 structures and 2 trees 6, yellow roses G19 G22 G20 9, lawn 3 - structure 1 = 2 -> 30
    assert [(p["name"], p["total"]) for p in out["players"]] == [
        ("Ann", 33),
        ("Ben", 19),
        ("Carl", 30),
    ]
    assert out["winners"] == ["Ann"]


def test_solo_game_and_its_rank(run_cli: Callable) -> None:
    out = score(run_cli, "solo.yaml")
    (sam,) = out["players"]
    # 1 + 3 ponds 6 + ponds column 6 + 2 structures & 2 trees 6 + birch and willow -1
    # + 3 red petunias 9 + 3 red lilies 9 + 2 cards - 1 empty x 3 = -1 -> 35: Runner-up
    assert (out["legal"], sam["total"], sam["rank"]) == (True, 35, "Runner-up")


def test_illegal_record_breaks_each_rule_once(run_cli: Callable) -> None:
    result = run_cli("check", EXAMPLES / "illegal-solo.yaml", "--json")
    assert result.exit_code == 1
    out = json.loads(result.output)
    assert [v["code"] for v in out["violations"]] == [
        "VG-01",
        "VG-02",
        "VG-03",
        "VG-04",
        "VG-05",
        "VG-06",
    ]


def console_blocks(text: str) -> list[tuple[list[str], str]]:
    """(command arguments, expected output) of each ```console block."""
    blocks = []
    for block in text.split("```console\n")[1:]:
        body = block.split("```", 1)[0]
        command, _, output = body.partition("\n")
        assert command.startswith("$ playtest "), command
        blocks.append((command.removeprefix("$ playtest ").split(), output))
    return blocks


def test_readme_output_is_the_real_output(run_cli: Callable, monkeypatch) -> None:
    monkeypatch.chdir(REPO)  # the README's paths are relative to the repository root
    blocks = console_blocks((EXAMPLES / "README.md").read_text())
    assert len(blocks) == 6  # four records and two game logs
    for args, expected in blocks:
        assert run_cli(*args).output == expected, args


def test_the_refused_record_the_readme_shows_is_refused_so(
    run_cli: Callable, tmp_path: Path, monkeypatch
) -> None:
    """Issue 23: the README's bad record is in the README itself (saved as bad.yaml)."""
    text = (EXAMPLES / "README.md").read_text()
    record, output = re.search(
        r"saved as `bad.yaml`:\n\n```yaml\n(.*?)```.*?"
        r"```text\n\$ playtest score bad.yaml\n(.*?)```",
        text,
        re.S,
    ).groups()
    (tmp_path / "bad.yaml").write_text(record)
    monkeypatch.chdir(tmp_path)
    result = run_cli("score", "bad.yaml")
    assert result.exit_code == 2
    assert result.stderr == output
