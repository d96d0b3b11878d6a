"""Card ids typed in any case (and with spaces around them) in a game scored in YAML, as the
built-in four read them: `playtest score` and `check`, the library and the web API of a real
`playtest serve` give a record typing `t1` the answer of the record typing `T1`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from playtest.library.loader import load_library
from playtest.scorer.api import evaluate_data
from tests.helpers import make_components
from tests.web.conftest import start_server, stop_server


def _record(ann_tree: str, bob_tree: str) -> dict[str, Any]:
    rows = {"row1.apples": 5, "row2.apples": 5, "row3.apples": 5}
    return {
        "game": "orchard",
        "players": [
            # Ann scores 30 or more without her tree card read: ORCH-03 would name her
            {"name": "Ann", "fields": {**rows, "tree": ann_tree}},
            {"name": "Bob", "fields": {"row1.apples": 2, "pears": 3, "tree": bob_tree}},
        ],
    }


UPPER = _record("T1", "T2")
TYPED = _record("t1", " t2 ")


@pytest.fixture(scope="module")
def orchard_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_components(tmp_path_factory.mktemp("orchard"), "orchard", mini=False)


def _scored(record: dict[str, Any], root: Path, run_cli: Any, command: str) -> Any:
    with_record = root.parent / f"{command}-{record['players'][0]['fields']['tree']}.yaml"
    with_record.write_text(yaml.safe_dump(record))
    result = run_cli(command, with_record, "--json", "--components", root)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_score_and_check_read_lower_case_card_ids(run_cli, orchard_root: Path) -> None:
    answer = _scored(TYPED, orchard_root, run_cli, "score")
    assert answer == _scored(UPPER, orchard_root, run_cli, "score")
    ann, bob = answer["players"]
    # `if tree == "T1" then 3 else if filled(tree) then 1 else 0`: t1 is T1, t2 a card
    assert (ann["breakdown"]["tree_card"], bob["breakdown"]["tree_card"]) == (3, 1)
    assert answer["violations"] == []  # ORCH-03: Ann's high score has its tree card
    assert _scored(TYPED, orchard_root, run_cli, "check") == _scored(
        UPPER, orchard_root, run_cli, "check"
    )


def test_the_library_reads_lower_case_card_ids(orchard_root: Path) -> None:
    library = load_library(orchard_root)
    typed = evaluate_data(TYPED, library).to_json()
    assert typed == evaluate_data(UPPER, library).to_json()
    assert typed["players"][0]["breakdown"]["tree_card"] == 3


def test_an_unknown_card_is_still_refused(run_cli, orchard_root: Path, tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(_record("t9", "T2")))
    result = run_cli("score", path, "--components", orchard_root)
    assert result.exit_code == 2
    assert "players[0].fields.tree: unknown card 't9' (expected one of: T1, T2)" in result.output


@pytest.fixture(scope="module")
def web_api(orchard_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    server = start_server(
        tmp_path_factory.mktemp("serve") / "playtest.db", "--components", str(orchard_root)
    )
    try:
        with server.client() as client:
            yield client
    finally:
        stop_server(server.process)


def test_the_web_api_reads_lower_case_card_ids(orchard_root: Path, web_api: httpx.Client) -> None:
    typed = web_api.post("/api/score", json={"record": TYPED})
    assert typed.status_code == 200, typed.text
    upper = web_api.post("/api/score", json={"record": UPPER})
    assert typed.json()["result"] == upper.json()["result"]
    assert typed.json()["result"]["players"][0]["breakdown"]["tree_card"] == 3
