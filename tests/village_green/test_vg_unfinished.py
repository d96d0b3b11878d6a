"""Village Green's record before the deal (issue 26; moved from
tests/engines/test_unfinished.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import yaml

from tests.games import EXAMPLES


def test_a_table_without_a_card_is_the_set_up_but_one_dealt_board_needs_its_awards(
    run_cli: Callable, tmp_path: Path
) -> None:
    """Village Green before the deal: no card anywhere, and VG-03 (the top award slots are
    dealt at set-up) does not apply yet; once any card lies on the table, it does."""
    out = tmp_path / "r.yaml"
    log = EXAMPLES / "village-green" / "log-2-players.yaml"
    assert run_cli("replay", "--until", 0, "--record", out, log).exit_code == 0
    assert run_cli("check", out).output.strip() == "village-green: legal"
    record = yaml.safe_load(out.read_text())
    record["players"][0]["grid"][0][0] = "G05"
    out.write_text(yaml.safe_dump(record))
    answer = json.loads(run_cli("check", "--json", out).output)
    assert {(v["code"], v["player"]) for v in answer["violations"]} == {
        ("VG-03", "Ann"),
        ("VG-03", "Bob"),
    }
