"""The layout vocabulary is one registry of verbs, each holding its options, reference checks
and drawing; the README documents every verb; layout schemas and drawn shapes have distinct
names."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from pathlib import Path
from typing import get_args

import pytest

import playtest.layout
from playtest.drawing import model as drawing
from playtest.drawing.model import Shape
from playtest.drawing.symbols import SymbolTable
from playtest.faces.painter import FacePainter
from playtest.layout import VERBS, Verb, render_elements
from playtest.layout.templates import Context
from playtest.library.loader import load_library
from playtest.model.components import Layout
from tests.helpers import make_components

README = Path(__file__).resolve().parents[2] / "README.md"

# the smallest options each verb draws something with (mini-game has an icon `leaf`)
SAMPLES = {
    "rect": {"w": 5, "h": 5, "fill": "ink"},
    "circle": {"cx": 5, "cy": 5, "r": 2, "fill": "ink"},
    "line": {"x1": 0, "y1": 0, "x2": 5, "y2": 5},
    "polygon": {"points": [[0, 0], [5, 0], [5, 5]], "fill": "ink"},
    "text": {"text": "Hi", "w": 20, "h": 10},
    "icon": {"name": "leaf", "w": 5, "h": 5},
    "icons": {"names": "{trees}", "w": 20, "h": 5},
    "pips": {"value": 3, "size": 10},
    "group": {"elements": [{"rect": {"w": 5, "h": 5, "fill": "ink"}}]},
    "repeat": {"count": 2, "elements": [{"rect": {"w": 5, "h": 5, "fill": "ink"}}]},
}


def test_every_verb_is_one_unit_with_its_own_drawing() -> None:
    assert set(SAMPLES) == set(VERBS)
    for kind, verb in VERBS.items():
        assert issubclass(verb, Verb), kind
        assert verb.draw is not Verb.draw, f"{kind} does not draw"
        hints = inspect.signature(verb.draw).parameters
        assert hints["paint"].annotation == "PaintContext", kind


def test_the_verbs_know_nothing_of_the_build() -> None:
    """The verbs' layer imports no module of the kit, not even a type under TYPE_CHECKING:
    a verb sees the face's `PaintContext`, the build's state stays with the painter."""
    found = []
    for path in sorted(Path(playtest.layout.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [f"{path.name}: {n}" for n in names if n.startswith("playtest.generator")]
    assert found == []


def test_a_face_is_painted_in_a_context_of_its_own(tmp_path: Path) -> None:
    """Each face gets its own immutable context: its scale and its log (warnings naming it,
    its shape count, the texts it checked) are never switched on and off around it."""
    game = load_library(make_components(tmp_path)).game("mini-game")
    env = FacePainter.for_game(game, SymbolTable(), 3)
    small, card = env.paint("sticker d1", 0.5), env.paint("card c1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        small.scale = 1.0  # type: ignore[misc]
    assert (small.scale, card.scale, small.bleed) == (0.5, 1.0, 3)
    assert small.face is not card.face and small.memo is card.memo  # the build's memo, shared
    layout = Layout.model_validate({"elements": [{"rect": SAMPLES["rect"]}]})
    render_elements(layout.elements, Context({}), small, (63, 88), "test")
    assert (small.face.drawn, card.face.drawn) == (1, 0)  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", sorted(VERBS))
def test_each_verb_draws_from_its_yaml(kind: str, tmp_path: Path) -> None:
    game = load_library(make_components(tmp_path)).game("mini-game")
    layout = Layout.model_validate({"elements": [{kind: SAMPLES[kind]}]})
    assert type(layout.elements[0].verb) is VERBS[kind]
    env = FacePainter.for_game(game, SymbolTable(), 3)
    ctx = Context({"trees": ["leaf", "leaf"]}, {"rules": game.rules_data})
    shapes = render_elements(layout.elements, ctx, env.paint(), (63, 88), "test")
    assert shapes and all(isinstance(s, get_args(Shape)) for s in shapes)


def test_the_readme_documents_every_verb() -> None:
    documented = set(re.findall(r"^\| `([a-z]+)` \|", README.read_text(), re.M))
    assert set(VERBS) <= documented


def test_layout_schemas_and_drawn_shapes_have_distinct_class_names() -> None:
    shapes = {name for name, obj in vars(drawing).items() if inspect.isclass(obj)}
    schemas = {verb.__name__ for verb in VERBS.values()}
    assert not shapes & schemas
    assert {"Rect", "Circle", "Line", "Text", "Group"} <= shapes
