"""What a record written mid-game carries (issue 26), asserted the same way for every game
whose records keep a position mid-round: each game's own cases (which log, where to cut, the
field, the rule it keeps honest) live in its folder and call these."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from tests.engines.replay_helpers import STOPPED
from tests.games import EXAMPLES


def assert_the_record_carries_what_keeps_check_honest(
    run_cli: Callable, tmp_path: Path, log: str, until: int, carried: dict[str, Any], code: str
) -> None:
    """`replay --until N --record` writes the field that says where the game stands; `check`
    finds the record legal. The same record without what the field says (the first player
    and `replenish` for the set-up) breaks the rule: the check itself was not weakened."""
    out = tmp_path / "r.yaml"
    shown = run_cli("replay", "--until", until, "--record", out, EXAMPLES / log)
    assert shown.exit_code == 0 and STOPPED.fullmatch(shown.output.splitlines()[-1])
    record = yaml.safe_load(out.read_text())
    for key, value in carried.items():
        assert key in record and (value is None or record[key] == value), record
    assert run_cli("check", out).output.strip().endswith(": legal")
    if "phase" in carried:
        record["phase"] = "draw"  # the turn before the first, as the engine holds it
        record["turn"] = record["players"][-1]["name"]
    else:
        for key in carried:
            del record[key]
    out.write_text(yaml.safe_dump(record))
    checked = run_cli("check", "--json", out)
    assert checked.exit_code == 1
    assert code in {v["code"] for v in json.loads(checked.output)["violations"]}


def assert_a_mid_game_field_typed_wrong_is_one_located_line(
    run_cli: Callable, tmp_path: Path, example: str, field: str, value: Any
) -> None:
    record = yaml.safe_load((EXAMPLES / example).read_text())
    record[field] = value
    out = tmp_path / "r.yaml"
    out.write_text(yaml.safe_dump(record, sort_keys=False))
    checked = run_cli("check", out)
    assert checked.exit_code == 2
    (line,) = checked.output.strip().splitlines()
    assert re.fullmatch(rf"\S*r\.yaml:\d+: {field}: .+", line), line
