"""docs/yaml-reference.md, generated from the schemas the loader validates with (their field
docstrings, types, defaults and allowed values), so the reference cannot drift from what
`playtest build` accepts. Regenerate with `python -m playtest.designer.yaml_reference --write`."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playtest.core.output_files import write_bytes
from playtest.core.schema import PATTERN_WORDS
from playtest.designer.json_schema import component_schema
from playtest.layout import VERBS, templates
from playtest.layout.values import EVERYWHERE, REPEAT_VALUES
from playtest.library.references import FIELD_TYPES
from playtest.model.face_values import FACE_VALUES

DOC = Path(__file__).resolve().parents[2] / "docs" / "yaml-reference.md"

# (heading, schema name, what introduces it); the order a reader meets them
SECTIONS = [
    (
        "A file in a game folder",
        "GameFile",
        "Top-level keys of any `*.yaml` in "
        "`components/<game>/`; a game's files may split them as they like.",
    ),
    ("`game:`", "GameInfo", ""),
    ("An option's words (`game.option_words`)", "OptionWords", ""),
    ("`decks:` (each deck)", "DeckEntry", ""),
    ("A card", "Card", ""),
    ("`dice:` (each die)", "DieEntry", ""),
    ("A die face", "DieFace", ""),
    ("`sheets:` (each sheet)", "SheetEntry", ""),
    ("`tokens:` (each token)", "TokenEntry", ""),
    ("`boards:` (each board)", "BoardEntry", ""),
    ("`layouts:` (each layout)", "Layout", ""),
    ("`reference:`", "Reference", "The rules reference every kit prints (once per game)."),
    ("A reference section", "ReferenceSection", ""),
    ("A reference paragraph", "ReferenceLine", "Or just a string: a rule."),
    (
        "An input field (`field:` on an element)",
        "FieldSpec",
        "Any layout element may declare the input field it draws; `playtest fields GAME` "
        "lists every field with its box in mm. Fields are never printed.",
    ),
    ("`scoring:`", "Scoring", ""),
    ("A category (`scoring.categories`)", "Category", ""),
    ("A tie-breaker (`scoring.tie_breakers`)", "TieBreaker", ""),
    ("`checks:` (each check)", "Check", ""),
]
STYLE_SECTIONS = [
    (
        "`style:`",
        "Style",
        "In `_shared/style.yaml` and, to add or change entries, in any game "
        "file: the game's colours, fonts and text styles are merged over the shared ones.",
    ),
    ("A text style (`style.text.<name>`)", "TextStyle", ""),
    ("A file in `_shared/`", "SharedFile", ""),
    ("A sheet template (`templates:`)", "SheetTemplate", ""),
    ("`print:`", "Print", ""),
    ("`net:`", "Net", ""),
]


def _ref_name(node: dict[str, Any]) -> str:
    return node["$ref"].rsplit("/", 1)[1]


def _anchor(name: str, defs: dict[str, Any]) -> str | None:
    for heading, schema, _ in SECTIONS + STYLE_SECTIONS:
        if schema == name:
            return "#" + "".join(
                c for c in heading.lower().replace(" ", "-") if c.isalnum() or c in "-_"
            )
    if name.endswith("VerbEntry"):
        return "#layout-elements"
    return None


def type_text(node: dict[str, Any], defs: dict[str, Any]) -> str:
    """How the reference words a schema node's type: one writer per kind of node."""
    return _WRITERS[_node_kind(node)](node, defs)


def _node_kind(node: dict[str, Any]) -> str:
    if "$ref" in node:
        return "ref"
    if "anyOf" in node or "oneOf" in node:
        return "union"
    if "enum" in node or "const" in node:
        return "choice"
    kind = node.get("type")
    return kind if kind in ("array", "object") else "scalar"


def _ref_text(node: dict[str, Any], defs: dict[str, Any]) -> str:
    name = _ref_name(node)
    if name.endswith("VerbEntry"):
        return "[an element](#layout-elements)"
    anchor = _anchor(name, defs)
    label = name.replace("Info", "").removesuffix("Entry").lower()
    return f"[{label}]({anchor})" if anchor else label


def _union_text(node: dict[str, Any], defs: dict[str, Any]) -> str:
    options = [o for o in node.get("anyOf", node.get("oneOf", [])) if o.get("type") != "null"]
    if options and all(o.get("$ref", "").endswith("VerbEntry") for o in options):
        return "[element](#layout-elements)"
    return " or ".join(type_text(o, defs) for o in options)


def _choice_text(node: dict[str, Any], defs: dict[str, Any]) -> str:
    values = node.get("enum", [node.get("const")])
    return "one of " + ", ".join(f"`{json.dumps(v)}`".replace('"', "") for v in values)


def _array_text(node: dict[str, Any], defs: dict[str, Any]) -> str:
    if "prefixItems" in node:
        return "[" + ", ".join(type_text(i, defs) for i in node["prefixItems"]) + "]"
    items = node.get("items")
    text = f"list of {type_text(items, defs)}" if items else "list"
    low, high = node.get("minItems"), node.get("maxItems")
    if low is not None and low == high:
        text += f" (exactly {low})"
    elif low:
        text += f" (at least {low})"
    return text


def _mapping_text(node: dict[str, Any], defs: dict[str, Any]) -> str:
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and extra:
        return f"mapping of name → {type_text(extra, defs)}"
    return "mapping"


_SCALAR_WORDS = {
    "string": "text",
    "number": "number",
    "integer": "whole number",
    "boolean": "true or false",
}


def _scalar_text(node: dict[str, Any], defs: dict[str, Any]) -> str:
    kind = node.get("type")
    if kind == "string" and "pattern" in node:
        return PATTERN_WORDS.get(node["pattern"], f"text matching `{node['pattern']}`")
    bounds = []
    if "minimum" in node:
        bounds.append(f"≥ {node['minimum']:g}")
    if "exclusiveMinimum" in node:
        bounds.append(f"> {node['exclusiveMinimum']:g}")
    if "maximum" in node:
        bounds.append(f"≤ {node['maximum']:g}")
    text = _SCALAR_WORDS.get(kind or "", "any value")
    return text + (f" ({', '.join(bounds)})" if bounds else "")


# the writer of each kind of schema node (`_node_kind`)
_WRITERS: dict[str, Callable[[dict[str, Any], dict[str, Any]], str]] = {
    "ref": _ref_text,
    "union": _union_text,
    "choice": _choice_text,
    "array": _array_text,
    "object": _mapping_text,
    "scalar": _scalar_text,
}


def _default(name: str, node: dict[str, Any], required: set[str]) -> str:
    if name in required:
        return "**required**"
    if "default" not in node or node["default"] in (None, [], {}, ""):
        return ""
    return f"`{json.dumps(node['default'], ensure_ascii=False)}`"


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def model_table(
    schema: dict[str, Any], defs: dict[str, Any], skip: tuple[str, ...] = ()
) -> list[str]:
    required = set(schema.get("required", []))
    lines = ["| key | type | default | meaning |", "|---|---|---|---|"]
    for name, node in schema.get("properties", {}).items():
        if name in skip:
            continue
        lines.append(
            f"| `{name}` | {_cell(type_text(node, defs))} | "
            f"{_default(name, node, required)} | {_cell(node.get('description', ''))} |"
        )
    return lines


def _section(heading: str, name: str, intro: str, defs: dict[str, Any]) -> list[str]:
    schema = defs[name]
    lines = [f"## {heading}", ""]
    for text in (intro, schema.get("description", "")):
        if text:
            lines += [" ".join(text.split()), ""]
    if schema.get("additionalProperties") is not False:
        lines += ["Further keys are allowed (see the description above).", ""]
    return lines + model_table(schema, defs) + [""]


def _values_section() -> list[str]:
    lines = [
        "## What a layout's templates can read",
        "",
        "Text, colours, icon names and conditions are templates filled from the "
        "component being drawn. Everywhere:",
        "",
    ]
    lines += [f"- `{key}`: {text}" for key, text in EVERYWHERE.items()]
    lines += [
        "",
        "And per kind of component (`*`: the named keys):",
        "",
        "| component | values |",
        "|---|---|",
    ]
    for kind, values in FACE_VALUES.items():
        listed = "; ".join(f"`{k}` {v}" if k != "*" else v for k, v in values.items())
        lines.append(f"| {kind} | {_cell(listed)} |")
    lines += ["", "Inside a `repeat`:", ""]
    lines += [f"- `{key}`: {text}" for key, text in REPEAT_VALUES.items()]
    lines += [
        "- with `as: NAME`: `NAME`, `NAME_i`, `NAME_n`, which inner repeats do not hide",
        "",
        "A `frame:` is drawn once for every face, so it reads only `rules` and `game`.",
        "",
    ]
    return lines


def _card_fields() -> list[str]:
    return [
        "## Card field types (`fields:`)",
        "",
        "A deck declares each further card field with one of: "
        + ", ".join(f"`{name}`" for name in FIELD_TYPES)
        + "; a list of the values allowed (`colour: [red, blue]`); or a schema the "
        "game's rules module names (such as `award-scoring`). A card with an "
        "undeclared field, or a value of the wrong type, is an error at that card's line.",
        "",
    ]


def _verbs(defs: dict[str, Any]) -> list[str]:
    lines = [
        "## Layout elements",
        "",
        "A layout's `frame` and `elements` are lists of elements, each a mapping with "
        'one key naming what to draw: `- text: {text: "{name}", x: 5, y: 3, w: 53, '
        "h: 12, style: title}`. Units are millimetres from the top-left corner of the "
        "trim, y down; font sizes are points.",
        "",
        "Every element also takes `when:` (draw only when every key matches) and "
        "`unless:` (skip when every key matches): `{feature: pond}`, `{feature: [pond, "
        "lawn]}`, `{points: {lt: 0}}` (`lt`, `le`, `gt`, `ge`, `eq`, `ne`), "
        "`{trees: true}` (set and not empty). A key must be a value the component hands "
        "to its layout (below), and a value one it can take.",
        "",
    ]
    for kind, verb in VERBS.items():
        schema = defs[verb.__name__]
        lines += [f"### `{kind}`", ""]
        if verb.__doc__:
            lines += [" ".join(verb.__doc__.split()), ""]
        lines += [*model_table(schema, defs, skip=("when", "unless")), ""]
    return lines


def _templates() -> list[str]:
    text = (templates.__doc__ or "").strip()
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n")]
    return [
        "## Templates and conditions",
        "",
        *[p + "\n" for p in paragraphs],
        "A colour is a palette name of `style.colours`, `#rrggbb` or `none`; an icon is "
        "the name of an SVG file in the game's `icons/` (or `_shared/icons/`), drawn in "
        "a 100 × 100 viewBox, its `currentColor` parts painted with the element's `fill`.",
        "",
    ]


def reference_text() -> str:
    defs = component_schema()["$defs"]
    lines = [
        "<!-- generated by `python -m playtest.designer.yaml_reference --write` from the schemas "
        "in playtest/model and playtest/layout: do not edit by hand -->",
        "# The YAML reference",
        "",
        "Every key the component files may hold, with its type, default and allowed "
        "values. A components folder holds `_shared/` (presets every game starts from) "
        "and one folder per game, named by the game's id, holding a `game.yaml` and "
        "any other `*.yaml` files (all are read). Unknown keys are errors, and so are "
        "references to things that do not exist. Editors can check these files as you "
        "type: see `playtest schema`. A worked example: "
        "[adding-a-game.md](adding-a-game.md).",
        "",
    ]
    for heading, name, intro in SECTIONS:
        lines += _section(heading, name, intro, defs)
    lines += _card_fields() + _verbs(defs) + _values_section() + _templates()
    for heading, name, intro in STYLE_SECTIONS:
        lines += _section(heading, name, intro, defs)
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str]) -> int:
    text = reference_text()
    if "--write" in argv:
        write_bytes(DOC, text.encode("utf-8"))
        print(f"wrote {DOC}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
