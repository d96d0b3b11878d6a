"""Random field values score the same through the CLI (`score --json`), the web API of a real
`playtest serve` (`POST /api/score`, what the phone entry page calls) and the library
(`evaluate_data`), for a game scored only by YAML."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.faces.fields import fields_by_id
from playtest.library.loader import Library, load_library
from playtest.scorer.api import evaluate_data
from tests.helpers import make_components
from tests.web.conftest import start_server, stop_server


def _value(field) -> st.SearchStrategy:
    if field.kind == "box":
        return st.booleans()
    if field.kind in ("track", "number"):
        return st.integers(field.min, field.max)
    return st.sampled_from(field.values)


def records(fields) -> st.SearchStrategy:
    one = st.fixed_dictionaries({}, optional={fid: _value(f) for fid, f in fields.items()})
    return st.lists(one, min_size=1, max_size=4).map(
        lambda sheets: {
            "game": "orchard",
            "players": [{"name": f"P{i}", "fields": s} for i, s in enumerate(sheets)],
        }
    )


@pytest.fixture(scope="module")
def orchard_library(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Library]:
    root = make_components(tmp_path_factory.mktemp("orchard"), "orchard", mini=False)
    return root, load_library(root)


@pytest.fixture(scope="module")
def web_api(orchard_library, tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    """A real `playtest serve --components` of that folder, and a client holding its CSRF token."""
    root, _library = orchard_library
    server = start_server(tmp_path_factory.mktemp("serve") / "playtest.db", "--components", root)
    try:
        with server.client() as client:
            yield client
    finally:
        stop_server(server.process)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_cli_web_api_and_library_agree(
    run_cli_once, orchard_library, web_api: httpx.Client, data: st.DataObject
) -> None:
    root, library = orchard_library
    record = data.draw(records(fields_by_id(library.game("orchard"))))
    library_answer = evaluate_data(record, library).to_json()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_text(yaml.safe_dump(record))
        result = run_cli_once("score", path, "--json", "--components", root)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == library_answer
    web = web_api.post("/api/score", json={"record": record})
    assert web.status_code == 200, web.text
    assert web.json()["result"] == library_answer
    totals = {p["name"]: p["total"] for p in library_answer["players"]}
    assert all(totals[w] == max(totals.values()) for w in library_answer["winners"])
