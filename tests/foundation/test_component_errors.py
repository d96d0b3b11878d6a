"""Bad component files: each gives exit code 2 and one exact, actionable line per problem
(file:line: field: what is wrong), never a traceback, and nothing is built."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from playtest.core.errors import InputError
from tests.helpers import make_components

CARDS = "components/mini-game/cards.yaml"
LAYOUTS = "components/mini-game/layouts.yaml"


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / "mini-game" / name
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


CASES = {
    "wrong type": (
        "cards.yaml",
        "count: 2}",
        "count: many}",
        f"{CARDS}:10: decks[0].cards[1].count: expected a whole number, got 'many'",
    ),
    "unknown key": (
        "cards.yaml",
        "    size: poker\n",
        "    size: poker\n    colour: red\n",
        f"{CARDS}:5: decks[0].colour: unknown field (check the spelling; every field is in "
        "docs/yaml-reference.md)",
    ),
    "missing field": (
        "cards.yaml",
        "    name: Mini cards\n",
        "",
        f"{CARDS}:2: decks[0].name: required field is missing",
    ),
    "unknown layout": (
        "cards.yaml",
        "layout: card\n    back",
        "layout: cardz\n    back",
        f"{CARDS}:5: decks[0].layout: unknown layout 'cardz' (expected one of: "
        "board, card, card-back, die-face, sheet, token)",
    ),
    "undeclared card field": (
        "cards.yaml",
        "colour: red, points: 1,",
        "colour: red, flavour: sweet, points: 1,",
        f"{CARDS}:9: decks[0].cards[0].flavour: card M1: field not declared "
        "in the deck's `fields` (declared: colour, icons, points)",
    ),
    "value not allowed": (
        "cards.yaml",
        "name: Red Three, colour: red",
        "name: Red Three, colour: green",
        f"{CARDS}:11: decks[0].cards[2].colour: card M3: "
        "unknown value 'green' (expected one of: red, blue)",
    ),
    "duplicate card id": (
        "cards.yaml",
        "{id: M3,",
        "{id: M1,",
        f"{CARDS}:11: decks[0].cards[2]: 'M1' is already defined at {CARDS}:9",
    ),
    "card ids differing only in case": (
        "cards.yaml",
        "{id: M3,",
        "{id: m1,",
        f"{CARDS}:11: decks[0].cards[2]: 'm1' differs only in case from 'M1' at {CARDS}:9 "
        "(ids are read in any case)",
    ),
    "duplicate key": (
        "cards.yaml",
        "    size: poker\n",
        "    size: poker\n    size: mini\n",
        f"{CARDS}:5: decks[0].size: duplicate key",
    ),
    "unknown size": (
        "cards.yaml",
        "    size: poker\n",
        "    size: jumbo\n",
        f"{CARDS}:4: decks[0].size: unknown size 'jumbo' (expected one of: a5, "
        "bridge, mini, poker, poker-in, square, tarot, or [width, height])",
    ),
    "five faces": (
        "cards.yaml",
        ", {pips: 6}]",
        "]",
        f"{CARDS}:26: dice[0].faces: expected at least 6 items, got 5",
    ),
    "unknown element": (
        "layouts.yaml",
        "      - line: {x1: 10",
        "      - stroke: {x1: 10",
        f"{LAYOUTS}:31: layouts.sheet.elements[2]: unknown element 'stroke' "
        "(expected one of: rect, circle, line, polygon, text, icon, icons, pips, "
        "group, repeat)",
    ),
    "unknown icon": (
        "layouts.yaml",
        "icons: {names",
        "icon: {name: flower, w: 5, h: 5}\n      - icons: {names",
        f"{LAYOUTS}:9: layouts.card.elements[2].icon.name: "
        "unknown icon 'flower' (no flower.svg in the game's icons/ or "
        "_shared/icons/)",
    ),
    "card marker off the safe area": (
        "layouts.yaml",
        "  card:\n    frame:",
        "  card:\n    scan_marker: [40, 5]\n    frame:",
        f"{LAYOUTS}:3: layouts.card.scan_marker: the card marker at [40, 5] (10 mm, its white "
        "margin 1.7 mm) leaves the safe area of deck extra's 44 x 63 mm cards (3 mm inside "
        "the trim)",
    ),
    "unknown colour": (
        "layouts.yaml",
        "fill: paper, bleed: true",
        "fill: papyrus, bleed: true",
        f"{LAYOUTS}:4: layouts.card.frame[0].rect.fill: unknown colour 'papyrus' "
        "(expected a palette name, #rrggbb or none)",
    ),
    "unknown text style": (
        "layouts.yaml",
        "h: 12, style: title",
        "h: 12, style: headline",
        f"{LAYOUTS}:8: layouts.card.elements[1].text.style: unknown text "
        "style 'headline' (expected one of: body, heading, id, small, title)",
    ),
    "negative size": (
        "layouts.yaml",
        "w: 57, h: 82,",
        "w: -57, h: 82,",
        f"{LAYOUTS}:5: layouts.card.frame[1].rect.w: -57 is out of range (expected more than 0)",
    ),
    "malformed yaml": (
        "cards.yaml",
        "fields: {colour: [red, blue],",
        "fields: {colour: [red, blue,",
        f"{CARDS}:7: invalid YAML: expected ',' or ']', but got '}}'",
    ),
    "bad hex colour": (
        "game.yaml",
        'red: "#cc2222"',
        'red: "#cc22"',
        "components/mini-game/game.yaml:12: style.colours.red: '#cc22' is not a "
        "colour (expected #rrggbb)",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_component_file(case: str, tmp_path: Path, run_cli, monkeypatch) -> None:
    name, old, new, message = CASES[case]
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    edit(root, name, old, new)
    result = run_cli("build", "--components", root, "--out", "out")
    assert result.exit_code == 2
    assert message in result.stderr.splitlines(), result.stderr
    assert not (tmp_path / "out").exists()  # nothing half-written


def test_all_problems_are_reported_at_once(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    edit(root, "cards.yaml", "count: 2}", "count: many}")
    edit(root, "cards.yaml", "    size: poker\n", "    size: poker\n    colour: red\n")
    result = run_cli("list", "--components", root)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 2
    assert all(line.startswith(CARDS + ":") for line in lines)


def write(root: Path, name: str, data: bytes) -> None:
    (root / "mini-game" / name).write_bytes(data)


HOSTILE = {
    "alias bomb": (
        b"a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        + b"".join(
            b"%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n"
            % ((ord("b") + i,) * 2 + (ord("a") + i,) * 10)
            for i in range(8)
        ),
        "components/mini-game/extra.yaml:5: e: more than 100,000 values (alias bomb?)",
    ),
    "binary garbage": (
        bytes(range(256)) * 4,
        "components/mini-game/extra.yaml:2: not UTF-8 text (is this a binary file?)",
    ),
    "nul byte": (
        b"game:\n  id: x\x00\n",
        "components/mini-game/extra.yaml:2: NUL byte in text (is this a binary file?)",
    ),
    "deep nesting": (
        b"a: " + b"[" * 200 + b"]" * 200 + b"\n",
        "components/mini-game/extra.yaml:1: a: nested more than 64 levels deep",
    ),
    "not a mapping": (
        b"- just\n- a list\n",
        "components/mini-game/extra.yaml:1: expected a mapping of fields, got ['just', 'a list']",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_component_file(case: str, tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    data, message = HOSTILE[case]
    root = make_components(tmp_path)
    write(root, "extra.yaml", data)
    result = run_cli("list", "--components", root)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [message]


def test_huge_file_is_refused_without_reading_it(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    path = root / "mini-game" / "huge.yaml"
    with path.open("wb") as handle:  # sparse: 50 MB on paper, nothing on disk
        handle.truncate(50 * 1024 * 1024)
    result = run_cli("list", "--components", root)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "components/mini-game/huge.yaml: file is 52,428,800 bytes, more than the 5,242,880 allowed"
    ]


def test_unknown_game(run_cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "no-such-game")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "playtest: game: unknown game 'no-such-game' (expected one of: "
    )


def test_user_files_are_never_modified(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    stamps = {p: os.stat(p).st_mtime_ns for p in before}
    monkeypatch.chdir(tmp_path)
    assert run_cli("build", "--components", root, "--out", "out", "--format", "svg").exit_code == 0
    assert {p: p.read_bytes() for p in before} == before
    assert {p: os.stat(p).st_mtime_ns for p in before} == stamps


def test_a_games_own_cross_file_check_runs_at_load(tmp_path: Path) -> None:
    from playtest.core.errors import Problem
    from playtest.library.loader import load_library
    from playtest.library.registry import GameRegistration, register, unregister

    root = make_components(tmp_path)

    def check(game) -> list[Problem]:
        total = sum(c.count for c in game.deck("deck").cards)
        return [] if total == 4 else [Problem("cards.yaml", 1, "decks", f"{total} cards")]

    register(GameRegistration(id="mini-game", check=check))
    try:
        assert load_library(root).game("mini-game").id == "mini-game"
        edit(root, "cards.yaml", "count: 2}", "count: 3}")
        with pytest.raises(InputError) as err:
            load_library(root).game("mini-game")
        assert str(err.value) == "cards.yaml:1: decks: 5 cards"
    finally:
        unregister("mini-game")


def test_a_count_can_name_a_number_of_the_rules(tmp_path: Path, run_cli, monkeypatch) -> None:
    from playtest.library.loader import load_library

    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    edit(
        root,
        "cards.yaml",
        "    count: 2\n    colour: green",
        '    count: "{rules.bonus}"\n    colour: green',
    )
    assert load_library(root).game("mini-game").dice[0].count == 5
    edit(root, "cards.yaml", '"{rules.bonus}"', '"{rules.points}"')
    result = run_cli("list", "--components", root)
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "components/mini-game/cards.yaml:21: dice[0].count: "
        "{rules.points} is [1, 2, 3], not a number of copies"
    )
