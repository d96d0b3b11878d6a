"""Text layout (wrapping, alignment, shrink-to-fit, inline icons) and layout templates."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.drawing.geometry import PT
from playtest.drawing.model import Text, Use
from playtest.drawing.text import TextBox, layout_text
from playtest.faces.fonts import FontSet, font_files
from playtest.layout.templates import Context, TemplateError, matches, resolve
from playtest.library.loader import load_library
from tests.helpers import make_components


@pytest.fixture(scope="module")
def fonts(tmp_path_factory) -> FontSet:
    game = load_library(make_components(tmp_path_factory.mktemp("c"))).game("mini-game")
    return FontSet("Lato", "sans-serif", font_files(game))


def no_icons(name: str) -> str | None:
    return None


def test_wraps_within_the_box(fonts: FontSet) -> None:
    box = TextBox(0, 0, 30, 50, "regular", 10, (0, 0, 0))
    laid = layout_text("the quick brown fox jumps over the lazy dog", box, fonts, no_icons)
    lines = [s for s in laid.shapes if isinstance(s, Text)]
    assert len(lines) > 1 and laid.fits and laid.size_pt == 10
    assert all(fonts.width(t.text, "regular", t.size) <= 30 + 1e-6 for t in lines)
    assert " ".join(t.text for t in lines) == "the quick brown fox jumps over the lazy dog"
    baselines = [t.y for t in lines]
    assert baselines == sorted(baselines)
    assert baselines[1] - baselines[0] == pytest.approx(10 * PT * 1.2)


def test_shrinks_to_fit_then_stops_at_the_minimum(fonts: FontSet) -> None:
    box = TextBox(0, 0, 20, 5, "bold", 12, (0, 0, 0), wrap=False, min_size_pt=3)
    laid = layout_text("Excellence in Lawns", box, fonts, no_icons)
    assert laid.fits and 3 <= laid.size_pt < 12
    assert fonts.width("Excellence in Lawns", "bold", laid.size_pt * PT) <= 20
    tiny = TextBox(0, 0, 2, 2, "bold", 12, (0, 0, 0), wrap=False, min_size_pt=6)
    assert not layout_text("Excellence in Lawns", tiny, fonts, no_icons).fits


@pytest.mark.parametrize(("align", "expected"), [("left", 0), ("center", None), ("right", None)])
def test_alignment(fonts: FontSet, align: str, expected: float | None) -> None:
    box = TextBox(10, 0, 50, 10, "regular", 10, (0, 0, 0), align=align)
    (text,) = layout_text("Pond", box, fonts, no_icons).shapes
    width = fonts.width("Pond", "regular", 10 * PT)
    want = {"left": 10, "center": 10 + (50 - width) / 2, "right": 60 - width}[align]
    assert text.x == pytest.approx(want)


def test_inline_icons_sit_in_the_line(fonts: FontSet) -> None:
    box = TextBox(0, 0, 60, 10, "regular", 10, (0, 0, 0))
    shapes = layout_text(
        "3 per :leaf: here", box, fonts, lambda n: "icon:leaf" if n == "leaf" else None
    ).shapes
    kinds = [type(s).__name__ for s in shapes]
    assert kinds == ["Text", "Use", "Text"]
    before, icon, after = shapes
    assert isinstance(icon, Use) and icon.symbol == "icon:leaf"
    assert before.text == "3 per" and after.text == "here"
    assert before.x < icon.transform.e < after.x
    assert ":leaf:" not in before.text + after.text


def test_unknown_icon_names_stay_text(fonts: FontSet) -> None:
    box = TextBox(0, 0, 60, 10, "regular", 10, (0, 0, 0))
    (text,) = layout_text("ratio 1:2:3", box, fonts, no_icons).shapes
    assert text.text == "ratio 1:2:3"


def test_templates() -> None:
    ctx = Context(
        {"name": "Oak", "points": -2, "trees": ["oak", "oak"]},
        {"rules": {"pig": {"row_points": [1, 2, 3]}}},
    )
    assert resolve("{name} ({points:+d})", ctx) == "Oak (-2)"
    assert resolve("{trees}", ctx) == ["oak", "oak"]  # a lone field keeps its type
    assert resolve("{rules.pig.row_points.2}", ctx) == 3
    assert resolve("{rules.pig.row_points.$two}", ctx.child({"two": 2})) == 3
    assert resolve(7, ctx) == 7
    with pytest.raises(TemplateError, match="unknown field 'nmae'"):
        resolve("{nmae}", ctx)
    with pytest.raises(TemplateError, match=r"rules\.pig\.row_points has no item 9 \(it has 3"):
        resolve("{rules.pig.row_points.9}", ctx)


def test_a_key_yaml_read_as_a_number_is_found_by_its_digits() -> None:
    """`rolled_per_colour: {2: 2, 3: 3}` in a game of YAML only (no rules schema to make its
    keys text): `{rules.dice.rolled_per_colour.3}` is the value of the key 3, and a key that
    is not there is said with the path it was looked for in and the keys there are."""
    ctx = Context({"rules": {"dice": {"rolled_per_colour": {2: 2, 3: 4}}}})
    assert resolve("{rules.dice.rolled_per_colour.3}", ctx) == 4
    with pytest.raises(TemplateError) as missing:
        resolve("{rules.dice.rolled_per_colour.5}", ctx)
    assert str(missing.value) == (
        "'rules.dice.rolled_per_colour.5': rules.dice.rolled_per_colour has no 5 (it has: 2, 3)"
    )


def test_conditions() -> None:
    ctx = Context({"feature": "pond", "points": -2, "trees": []})
    assert matches({"feature": "pond"}, ctx, default=False)
    assert matches({"feature": ["lawn", "pond"]}, ctx, default=False)
    assert matches({"points": {"lt": 0}}, ctx, default=False)
    assert not matches({"points": {"ge": 0}}, ctx, default=True)
    assert matches({"trees": False, "missing": False}, ctx, default=False)
    assert matches(None, ctx, default=True) and not matches(None, ctx, default=False)


def test_frames_may_not_read_card_fields(tmp_path: Path) -> None:
    from playtest.core.errors import InputError
    from tests.kits.mini_kit import build

    root = make_components(tmp_path)
    layouts = root / "mini-game" / "layouts.yaml"
    layouts.write_text(
        layouts.read_text().replace(
            "fill: paper, bleed: true}", 'fill: "{colour}", bleed: true}', 1
        )
    )
    # reported at the frame's own line in layouts.yaml (issue 13), naming the fields it may read
    with pytest.raises(
        InputError,
        match=r"layouts.yaml:4: layouts.card.frame\[0\].rect: card "
        r"M1 \(.*\): unknown field 'colour' \(expected one of: game, rules\)",
    ):
        build(tmp_path)


def test_a_named_repeat_stays_visible_in_an_inner_repeat(tmp_path: Path) -> None:
    from playtest.drawing.model import Group, Text, walk
    from playtest.drawing.symbols import SymbolTable
    from playtest.faces.painter import FacePainter
    from playtest.layout import render_elements
    from playtest.model.components import Layout

    game = load_library(make_components(tmp_path)).game("mini-game")
    layout = Layout.model_validate(
        {
            "elements": [
                {
                    "repeat": {
                        "over": "rules.points",
                        "as": "row",
                        "step": [0, 10],
                        "elements": [
                            {
                                "repeat": {
                                    "count": 2,
                                    "step": [10, 0],
                                    "elements": [
                                        {"text": {"text": "{row_n}.{n}={row}", "w": 10, "h": 10}}
                                    ],
                                }
                            }
                        ],
                    }
                }
            ]
        }
    )
    env = FacePainter.for_game(game, SymbolTable(), 3)
    shapes = render_elements(
        layout.elements, Context({"rules": game.rules_data}), env.paint(), (63, 88), "test"
    )
    texts = [s.text for s in walk(shapes) if isinstance(s, Text)]
    assert texts == ["1.1=1", "1.2=1", "2.1=2", "2.2=2", "3.1=3", "3.2=3"]
    assert all(isinstance(s, Group) for s in shapes)
