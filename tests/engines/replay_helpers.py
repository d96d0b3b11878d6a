"""What every game's replay tests share: replaying a log given as text, the answer of
`playtest replay` to a log with one change, and a log's events as lines to mutate."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from playtest.core.yamlsource import parse_document
from playtest.scorer.replay import replay_document


def replay_log_text(text: str, library: Any, until: int | None = None) -> Any:
    return replay_document(
        parse_document(text.encode(), Path("log.yaml"), "log.yaml"), library, until
    )


def bad_log_output(run_cli: Callable, tmp_path: Path, good: str, change: tuple[str, str]) -> str:
    """`playtest replay` on the good log with one change: exit 2 and one line, no traceback."""
    assert change[0] in good
    path = tmp_path / "bad.yaml"
    path.write_text(good.replace(change[0], change[1], 1))
    result = run_cli("replay", path)
    assert result.exit_code == 2, result.output
    assert len(result.output.splitlines()) == 1 and "Traceback" not in result.output
    return result.output


def split_events(log: str) -> tuple[str, list[str]]:
    """A log's head (up to `events:`) and its event lines, one per event."""
    head, events = log.split("events:\n")
    return head, events.splitlines()


def join_events(head: str, lines: list[str]) -> str:
    return head + "events:\n" + "\n".join(lines) + "\n"


def replay_position(run_cli: Callable, log: Path, until: int, out: Path) -> tuple[str, Any]:
    """`playtest replay --until N --record OUT LOG`: the position shown and the record written
    (as data). What every game shares is asserted here: the command succeeds, `score --json`
    of the record answers what `replay --json --until N` answers (which names winners only
    once the game is over), and the log is untouched."""
    before = log.read_bytes()
    shown = run_cli("replay", "--until", str(until), "--record", out, log)
    assert shown.exit_code == 0, shown.output
    scored = json.loads(run_cli("score", "--json", out).output)
    replayed = json.loads(run_cli("replay", "--json", "--until", str(until), log).output)
    if not replayed["game_over"]:  # a game not over names no winner (issue 26)
        assert "winners" not in replayed
        scored.pop("winners")
    assert {k: replayed[k] for k in scored} == scored
    assert log.read_bytes() == before
    return shown.output, yaml.safe_load(out.read_text())


STOPPED = re.compile(r"not finished: stopped after event \d+, round \d+")


def cut(path: Path, events: int) -> str:
    """The log at `path` with only its first `events` events."""
    head, body = path.read_text().split("events:\n")
    lines = [line for line in body.splitlines() if line.lstrip().startswith("- ")]
    return head + "events:\n" + "\n".join(lines[:events]) + "\n"
