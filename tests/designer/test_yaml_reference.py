"""docs/yaml-reference.md is generated from the schemas: it fails here the moment a schema
changes without the reference being regenerated, and it documents every key the loader
accepts."""

from __future__ import annotations

from playtest.designer.json_schema import component_schema
from playtest.designer.yaml_reference import DOC, reference_text
from playtest.layout import VERBS
from playtest.model.game import GameFile


def test_the_reference_is_up_to_date() -> None:
    assert DOC.read_text(encoding="utf-8") == reference_text(), (
        "docs/yaml-reference.md is stale: run `python -m playtest.designer.yaml_reference --write`"
    )


def test_every_key_of_every_schema_is_documented_with_a_meaning() -> None:
    text = reference_text()
    defs = component_schema()["$defs"]
    for name, schema in defs.items():
        if name.endswith("VerbEntry"):  # the `{rect: {...}}` wrappers
            continue
        for key, node in schema.get("properties", {}).items():
            if key in ("when", "unless"):  # every verb's: described once, in words
                assert f"`{key}:`" in text
                continue
            assert f"| `{key}` |" in text, (name, key)
            assert node.get("description"), f"{name}.{key} has no docstring"
    for key in GameFile.model_fields:
        assert f"| `{key}` |" in text
    for verb in VERBS:
        assert f"### `{verb}`" in text


def test_the_reference_says_what_a_die_face_layout_receives() -> None:
    text = reference_text()
    for value in ("pips", "label", "icon", "colour", "ink"):
        assert f"`{value}` the face's" in text or f"`{value}` the die's" in text


def test_the_readme_links_the_reference() -> None:
    from tests.conftest import REPO

    assert "(docs/yaml-reference.md)" in (REPO / "README.md").read_text()


def test_a_field_is_described_by_the_class_that_declares_it() -> None:
    """Docstrings are read from the source only for the schema (not as every model is made):
    a field redeclared in a subclass takes the subclass's docstring, an inherited one keeps
    its own, and a model made in code has none."""
    from pydantic import create_model

    from playtest.core.field_docs import field_docstrings
    from playtest.core.schema import Schema

    game_file = component_schema()["$defs"]["GameFile"]["properties"]
    assert game_file["style"]["description"].startswith("Colours, text styles and fonts added")
    assert game_file["decks"]["description"] == field_docstrings(GameFile)["decks"]
    assert GameFile.model_fields["decks"].description is None  # not read at start-up
    assert field_docstrings(create_model("Made", __base__=Schema, x=(int, 1))) == {}
