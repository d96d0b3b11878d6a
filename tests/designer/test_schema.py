"""Issue 13: `playtest schema` writes a JSON Schema that every shipped YAML file satisfies and
that catches the mistakes an editor should underline."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from playtest import components
from playtest.core.yamlsource import load_document

SHIPPED = sorted(components.ROOT.rglob("*.yaml"))


@pytest.fixture(scope="module")
def validator(tmp_path_factory) -> jsonschema.Draft202012Validator:
    from click.testing import CliRunner

    from playtest.cli import main

    out = tmp_path_factory.mktemp("schema") / "components.schema.json"
    result = CliRunner().invoke(main, ["schema", "--out", str(out)])
    assert result.exit_code == 0, result.output
    schema = json.loads(out.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_schema_prints_the_same_schema(run_cli, validator) -> None:
    printed = json.loads(run_cli("schema").stdout)
    assert printed == validator.schema


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(components.ROOT)))
def test_every_shipped_file_is_valid(path: Path, validator) -> None:
    data = load_document(path).data
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
    assert errors == []


@pytest.mark.parametrize(
    "text",
    [
        "decks: [{id: d, name: D, layout: card, cards: [{id: c}], colour: red}]",  # unknown key
        "layouts: {card: {elements: [{text: {text: hi, w: 10, h: 5, align: centre}}]}}",
        "layouts: {card: {elements: [{text: {text: hi, w: 10}}]}}",  # h missing
        "layouts: {card: {elements: [{txet: {text: hi, w: 10, h: 5}}]}}",  # unknown verb
        "dice: [{id: d, name: D, layout: f, faces: [{pips: 1}, {pips: 2}]}]",  # 2 faces, not 6
        "tokens: [{id: t, name: T, size: [20, 20], layout: t, shape: star}]",
        "style: {colours: {red: reddish}}",
        "gmae: {id: x}",
    ],
)
def test_mistakes_are_invalid(text: str, validator) -> None:
    import yaml

    assert list(validator.iter_errors(yaml.safe_load(text)))


def test_no_yaml_file_is_overwritten(tmp_path: Path, run_cli) -> None:
    target = tmp_path / "cards.yaml"
    target.write_text("decks: []\n")
    result = run_cli("schema", "--out", target)
    assert result.exit_code == 2
    assert "is a YAML file; write the schema to a .json file" in result.stderr
    assert target.read_text() == "decks: []\n"
