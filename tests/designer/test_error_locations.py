"""Issue 13, "errors that point where the mistake is" and the layout mistakes that used to
pass in silence: each is one line at the file, line and field to fix (exit 2, nothing built),
asserted exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import make_components

CARDS = "components/mini-game/cards.yaml"
LAYOUTS = "components/mini-game/layouts.yaml"
GAME = "components/mini-game/game.yaml"


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def build_errors(tmp: Path, run_cli, edits: list[tuple[str, str, str]]) -> list[str]:
    root = make_components(tmp)
    for name, old, new in edits:
        edit(root, name, old, new)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2, result.output
    assert not (tmp / "output").exists() or not any((tmp / "output").iterdir())  # no kit
    return result.stderr.splitlines()


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)


ID_TEXT = 'text: {text: "{id}", x: 40, y: 80, w: 18, h: 4, style: id}'


def test_a_missing_h_on_a_text_is_reported_at_h(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path, run_cli, [("mini-game/layouts.yaml", ID_TEXT, ID_TEXT.replace(" h: 4,", ""))]
    )
    assert lines == [f"{LAYOUTS}:12: layouts.card.elements[5].text.h: required field is missing"]


def test_align_centre_is_reported_at_align(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            (
                "mini-game/layouts.yaml",
                "h: 20, style: body, align: center}",
                "h: 20, style: body, align: centre}",
            )
        ],
    )
    assert lines == [
        f"{LAYOUTS}:10: layouts.card.elements[3].text.align: unknown value "
        "'centre' (expected one of: left, center, right)"
    ]


def test_a_template_typo_is_reported_at_the_layout_line(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [("mini-game/layouts.yaml", 'text: {text: "{name}", x: 5', 'text: {text: "{valu}", x: 5')],
    )
    assert lines == [
        f"{LAYOUTS}:8: layouts.card.elements[1].text: card M1 ({CARDS}:9): unknown field "
        "'valu' (expected one of: colour, count, deck, game, icons, id, name, points, rules)"
    ]


def test_a_die_colour_is_reported_at_the_die_colour(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path, run_cli, [("mini-game/cards.yaml", "colour: green", "colour: orang")]
    )
    assert lines == [
        f"{CARDS}:24: dice[0].colour: unknown colour 'orang' (expected #rrggbb, "
        "none or one of: blue, green, grey, ink, light, mark, paper, red)"
    ]


def test_a_wrong_field_type_is_reported_once_at_fields(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            (
                "mini-game/cards.yaml",
                "points: integer, icons: list}\n    cards:\n      - {id: M1",
                "points: text, icons: list}\n    cards:\n      - {id: M1",
            )
        ],
    )
    assert lines == [
        f"{CARDS}:7: decks[0].fields.points: declared text, but every card gives "
        "something else (M1: 1, M2: -2, M3: 3)"
    ]


def test_an_unknown_field_type_is_reported_once_at_fields(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            (
                "mini-game/cards.yaml",
                "points: integer, icons: list}\n    cards:\n      - {id: M1",
                "points: integr, icons: list}\n    cards:\n      - {id: M1",
            )
        ],
    )
    assert lines == [
        f"{CARDS}:7: decks[0].fields.points: unknown field type 'integr' "
        "(expected one of: text, integer, number, list, boolean, or a list of "
        "values)"
    ]


def test_a_list_among_a_fields_allowed_values_is_an_error_there(tmp_path: Path, run_cli) -> None:
    # found by the component fuzz test: it crashed the reference check (unhashable list)
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            (
                "mini-game/cards.yaml",
                "colour: [red, blue], points: integer, icons: list}\n    cards:\n      - {id: M1",
                "colour: [[], blue], points: integer, icons: list}\n    cards:\n      - {id: M1",
            )
        ],
    )
    assert lines == [
        f"{CARDS}:7: decks[0].fields.colour[0]: expected text, a number or true or false, got []"
    ]


def test_a_missing_font_file_is_blamed_on_its_own_line(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            (
                "mini-game/game.yaml",
                '    green: "#2f8f3a"\n',
                '    green: "#2f8f3a"\n  fonts:\n    fancy: Fancy.ttf\n',
            ),
            ("_shared/style.yaml", "    bold: Lato-Bold.ttf", "    bold: Lato-Bld.ttf"),
        ],
    )
    found = "(found: Lato-Black.ttf, Lato-Bold.ttf, Lato-Italic.ttf, Lato-Regular.ttf)"
    shared = (tmp_path / "components" / "_shared" / "style.yaml").read_text().splitlines()
    bold = next(n for n, line in enumerate(shared, 1) if "bold: Lato-Bld.ttf" in line)
    assert lines == [
        f"components/_shared/style.yaml:{bold}: style.fonts.bold: font file 'Lato-Bld.ttf' not "
        f"found in _shared/fonts/ or the game's fonts/ {found}",
        f"{GAME}:16: style.fonts.fancy: font file 'Fancy.ttf' not found in _shared/fonts/ or "
        f"the game's fonts/ {found}",
    ]


def test_library_wording_does_not_show_through(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            ("mini-game/cards.yaml", ", {pips: 6}]", "]"),
            ("mini-game/cards.yaml", "size: [20, 20], shape", "size: 20, shape"),
        ],
    )
    assert lines == [
        f"{CARDS}:26: dice[0].faces: expected at least 6 items, got 5",
        f"{CARDS}:31: tokens[0].size: expected text or a list, got 20",
    ]  # once, not twice


def test_errors_of_several_files_come_sorted_in_one_pass(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            (
                "mini-game/layouts.yaml",
                "h: 20, style: body, align: center}",
                "h: 20, style: body, align: centre}",
            ),
            ("mini-game/cards.yaml", "count: 2}", "count: many}"),
            ("mini-game/cards.yaml", "size: [20, 20], shape", "size: 20, shape"),
        ],
    )
    assert [line.split(": ", 1)[0] for line in lines] == [
        f"{CARDS}:10",
        f"{CARDS}:31",
        f"{LAYOUTS}:10",
    ]


def test_schema_and_reference_errors_of_every_file_come_together(tmp_path: Path, run_cli) -> None:
    # a schema error (a card's count, an align) no longer hides the cross-file checks: the
    # colour, icon, size and layout colour errors come in the same run, sorted by file and
    # line; the broken `card` layout is not also called unknown by the decks using it
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            ("mini-game/cards.yaml", "count: 2}", "count: many}"),
            ("mini-game/cards.yaml", "colour: green\n", "colour: orang\n    icon: nope\n"),
            ("mini-game/cards.yaml", "size: [20, 20], shape", "size: huge, shape"),
            (
                "mini-game/layouts.yaml",
                "h: 20, style: body, align: center}",
                "h: 20, style: body, align: centre}",
            ),
            ("mini-game/layouts.yaml", "r: 10, fill: green}", "r: 10, fill: purple}"),
        ],
    )
    assert lines == [
        f"{CARDS}:10: decks[0].cards[1].count: expected a whole number, got 'many'",
        f"{CARDS}:24: dice[0].colour: unknown colour 'orang' (expected #rrggbb, none or one "
        "of: blue, green, grey, ink, light, mark, paper, red)",
        f"{CARDS}:25: dice[0].icon: unknown icon 'nope' (expected one of: leaf)",
        f"{CARDS}:32: tokens[0].size: unknown size 'huge' (expected one of: a5, bridge, mini, "
        "poker, poker-in, square, tarot, or [width, height])",
        f"{LAYOUTS}:10: layouts.card.elements[3].text.align: unknown value 'centre' (expected "
        "one of: left, center, right)",
        f"{LAYOUTS}:40: layouts.token.elements[0].circle.fill: unknown colour 'purple' "
        "(expected a palette name, #rrggbb or none)",
    ]


def test_a_broken_style_or_unreadable_file_hides_only_what_it_may_define(
    tmp_path: Path, run_cli
) -> None:
    # game.yaml's style block is wrong (so its colours are unknown: colour checks wait), and
    # layouts.yaml cannot be read (so any layout may be missing: layout names wait); the
    # size and icon checks, which need neither, still run
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            ("mini-game/game.yaml", '    red: "#cc2222"', '    red: "#cc22"'),
            ("mini-game/layouts.yaml", "layouts:\n", "layouts: [\n"),
            ("mini-game/cards.yaml", "colour: green\n", "colour: orang\n    icon: nope\n"),
            ("mini-game/cards.yaml", "size: [20, 20], shape", "size: huge, shape"),
        ],
    )
    assert lines == [
        f"{CARDS}:25: dice[0].icon: unknown icon 'nope' (expected one of: leaf)",
        f"{CARDS}:32: tokens[0].size: unknown size 'huge' (expected one of: a5, bridge, mini, "
        "poker, poker-in, square, tarot, or [width, height])",
        f"{GAME}:12: style.colours.red: '#cc22' is not a colour (expected #rrggbb)",
        f"{LAYOUTS}:3: invalid YAML: expected ',' or ']', but got ':'",
    ]


def test_a_shared_error_comes_with_the_games_own_schema_errors(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [
            ("_shared/print.yaml", "\n  paper: a4\n", "\n  paper: [a4]\n"),
            ("mini-game/cards.yaml", "count: 2}", "count: many}"),
        ],
    )
    assert [line.split(": ", 2)[:2] for line in lines] == [
        ["components/_shared/print.yaml:15", "print.paper"],
        [f"{CARDS}:10", "decks[0].cards[1].count"],
    ]


def test_when_with_a_key_no_card_has_is_an_error(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [("mini-game/layouts.yaml", "when: {points: {lt: 0}}", "when: {pionts: {lt: 0}}")],
    )
    assert lines == [
        f"{LAYOUTS}:11: layouts.card.elements[4].circle.when.pionts: unknown field 'pionts': "
        "no component using this layout has it (expected one of: colour, count, deck, game, "
        "icons, id, name, points, rules, scan)"
    ]


def test_unless_with_a_value_the_field_never_takes_is_an_error(tmp_path: Path, run_cli) -> None:
    lines = build_errors(
        tmp_path,
        run_cli,
        [("mini-game/layouts.yaml", "when: {points: {lt: 0}}", "unless: {colour: [red, gren]}")],
    )
    assert lines == [
        f"{LAYOUTS}:11: layouts.card.elements[4].circle.unless.colour: 'gren' is never a value "
        "of 'colour' (expected one of: red, blue)"
    ]


def test_when_inside_a_repeat_may_read_the_loop(tmp_path: Path, run_cli) -> None:
    root = make_components(tmp_path)
    edit(
        root,
        "mini-game/layouts.yaml",
        "- circle: {cx: 20, cy: 40, r: 6, stroke: ink}",
        "- circle: {cx: 20, cy: 40, r: 6, stroke: ink, when: {first: false, item: 2}}",
    )
    result = run_cli("build", "--components", root, "-q", "--format", "svg")
    assert result.exit_code == 0, result.output


def test_text_that_cannot_fit_a_no_wrap_style_is_a_warning_naming_card_and_element(
    tmp_path: Path, run_cli
) -> None:
    root = make_components(tmp_path)
    edit(
        root,
        "mini-game/cards.yaml",
        "{id: M3, name: Red Three,",
        "{id: M3, name: " + "Red Three Hundred Thousand Million " * 4 + ",",
    )
    result = run_cli("build", "--components", root, "-q", "--format", "svg")
    assert result.exit_code == 0, result.output
    [warning] = result.stderr.splitlines()  # shown even with -q
    assert warning.startswith(
        f"warning: {LAYOUTS}:8: layouts.card.elements[1].text: card M3 ({CARDS}:11): text "
        "does not fit its 53x12 mm box even at "
    )


def test_a_game_id_that_is_not_its_folder_name_is_an_error(tmp_path: Path, run_cli) -> None:
    lines = build_errors(tmp_path, run_cli, [("mini-game/game.yaml", "id: mini-game", "id: mini")])
    assert lines == [
        f"{GAME}:3: game.id: 'mini' is not the name of its folder, 'mini-game' "
        "(a game's id and its folder's name are the same)"
    ]
