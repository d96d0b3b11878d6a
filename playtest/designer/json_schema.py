"""The JSON Schema of the component files, made from the same pydantic schemas the loader
validates with, so an editor (VS Code with the YAML extension, any yaml-language-server
editor) checks and completes exactly what `playtest build` accepts."""

from __future__ import annotations

import inspect
import json
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from playtest.core.field_docs import field_docstrings
from playtest.layout.style import Style
from playtest.library.loader import installed_print
from playtest.model.game import GameFile, SharedFile
from playtest.model.presets import Print

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class _GameFileForEditors(GameFile):
    """What one YAML file in a game folder may hold (each key optional)."""

    style: Style | None = None  # type: ignore[assignment]  # the loader merges it first
    """Colours, text styles and fonts added to (or replacing) those of `_shared/style.yaml`."""


class _SharedFileForEditors(SharedFile):
    """What a file in `_shared/` may hold (each key optional)."""

    style: Style | None = None  # type: ignore[assignment]
    """Fonts, colours and text styles every game starts from."""
    print: Print | None = None  # type: ignore[assignment]  # each key optional: _print_defaults
    """Print settings (each one can be overridden on the command line); a key left out of a
    components folder's own `_shared/` takes the installed `components/_shared/print.yaml`'s."""


class _WithFieldDocstrings(GenerateJsonSchema):
    """pydantic's JSON Schema, each field described by the docstring written under it."""

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        json_schema = super().model_schema(schema)
        cls = schema["cls"]
        properties = json_schema.get("properties", {})
        for name, field in getattr(cls, "model_fields", {}).items():
            prop = properties.get(field.alias or name)
            if isinstance(prop, dict) and "description" not in prop:
                owner = next((c for c in cls.__mro__ if name in inspect.get_annotations(c)), cls)
                text = field_docstrings(owner).get(name)
                if text:
                    prop["description"] = text
        return json_schema


FILE_MODELS: tuple[type[BaseModel], ...] = (_GameFileForEditors, _SharedFileForEditors)


def component_schema() -> dict[str, Any]:
    """One schema for every file under components/: a game file or a `_shared/` file."""
    defs: dict[str, Any] = {}
    branches = []
    for model in FILE_MODELS:
        schema = model.model_json_schema(
            ref_template="#/$defs/{model}", schema_generator=_WithFieldDocstrings
        )
        defs.update(schema.pop("$defs", {}))
        name = model.__name__.strip("_").replace("ForEditors", "")
        schema["title"] = name
        defs[name] = schema
        branches.append({"$ref": f"#/$defs/{name}"})
    _print_defaults(defs["Print"])
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": "https://playtest-kit.invalid/components.schema.json",
        "title": "playtest-kit component file",
        "description": "A YAML file under components/: a game's file (game, rules, style, "
        "layouts, decks, dice, sheets, tokens, boards) or a _shared/ file "
        "(style, papers, sizes, templates, print, net). See "
        "docs/yaml-reference.md.",
        "anyOf": branches,
        "$defs": dict(sorted(defs.items())),
    }


def component_schema_text() -> str:
    return json.dumps(component_schema(), indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def _print_defaults(schema: dict[str, Any]) -> None:
    """Every print setting is optional in a file, its default the installed print.yaml's value
    (what the loader gives a key a designer's own `_shared/` leaves out)."""
    schema.pop("required", None)
    for key, value in installed_print().items():
        schema["properties"][key]["default"] = value
