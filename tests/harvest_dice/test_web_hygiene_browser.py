"""Harvest Dice's editor in Chromium against a real server: a double tap on Save stores one
game; a player named `<!--<script>` is edited like any other; a whole sheet entered by
keyboard alone scores as `playtest score`; leaving unsaved changes asks first; no page breaks
the Content Security Policy."""

from __future__ import annotations

import yaml

from playtest.log import PlaytestLog
from playtest.scorer.api import evaluate_file
from tests.conftest import REPO
from tests.web.entering import start, tap, wait_scored

BASIC = REPO / "examples/harvest-dice/basic-2-players.yaml"
LETTERS = [".", "L", "T", "C"]


def _csp_reports(page) -> list[str]:
    reports: list[str] = []
    page.on(
        "console",
        lambda m: reports.append(m.text) if "Content Security Policy" in m.text else None,
    )
    return reports


def _games_named(server, name: str) -> int:
    return sum(
        1 for g in PlaytestLog(server.db).games() if any(p["name"] == name for p in g.players)
    )


def test_a_double_tap_on_save_stores_one_game(server, phone) -> None:
    csp = _csp_reports(phone)
    start(phone, server.url, "harvest-dice", "basic", ["Dora", "Eli"])
    tap(phone, '[data-player="Dora"] [data-tap="garden.0.0"]')
    wait_scored(phone)
    phone.dblclick("#save")
    phone.wait_for_url("**/games/*")
    phone.wait_for_timeout(500)  # a second request, had one gone, would be answered by now
    assert _games_named(server, "Dora") == 1
    assert csp == []


def test_a_name_that_opens_a_comment_is_edited_like_any_other(server, phone) -> None:
    csp = _csp_reports(phone)
    name = "<!--<script>"
    start(phone, server.url, "harvest-dice", "basic", [name, "Bob"])
    assert phone.locator("[data-player]").first.get_attribute("data-player") == name
    tap(phone, f'[data-player="{name}"] [data-tap="garden.0.0"]')
    wait_scored(phone)
    phone.click("#save")
    phone.wait_for_url("**/games/*")
    game_id = int(phone.url.rsplit("/", 1)[1])
    phone.goto(f"{server.url}/games/{game_id}/edit")
    wait_scored(phone)
    assert phone.locator(f'#scores [data-player-score="{name}"]').count() == 1
    cell = phone.locator(f'[data-player="{name}"] [data-tap="garden.0.0"]')
    assert cell.get_attribute("data-veg") == "L"
    assert csp == []


def test_leaving_unsaved_changes_asks_first(server, phone) -> None:
    asked: list[str] = []

    def answer(dialog) -> None:
        asked.append(dialog.type)
        dialog.dismiss()

    phone.on("dialog", answer)
    start(phone, server.url, "harvest-dice", "basic", ["Fay", "Gus"])
    phone.click("text=History")  # nothing changed yet: no question
    phone.wait_for_url("**/games")
    assert asked == []
    start(phone, server.url, "harvest-dice", "basic", ["Fay", "Gus"])
    tap(phone, '[data-player="Fay"] [data-tap="garden.0.0"]')
    wait_scored(phone)
    phone.click("text=History")
    phone.wait_for_timeout(500)
    assert asked == ["beforeunload"] and "/play/" in phone.url  # stayed on the sheet


def _keyboard_number(page, label: str, value: int) -> None:
    page.locator(f'input[aria-label="{label}"]:visible').focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(value))
    page.keyboard.press("Tab")


def test_a_whole_harvest_dice_sheet_by_keyboard_scores_as_the_command_line(
    server, phone, library
) -> None:
    record = yaml.safe_load(BASIC.read_text())
    expected = evaluate_file(BASIC, library)
    names = [p["name"] for p in record["players"]]
    start(phone, server.url, "harvest-dice", record["variant"], names)
    for player in record["players"]:
        name = player["name"]
        phone.locator(f'#player-tabs button[data-name="{name}"]').focus()
        phone.keyboard.press("Enter")
        phone.locator(f'[data-player="{name}"] [data-tap="garden.0.0"]').focus()
        cells = [c for row in player["garden"].split("\n")[:3] for c in row.split()]
        reached = []
        for cell in cells:  # Tab walks the 18 cells in reading order; Enter plants
            reached.append(phone.evaluate("document.activeElement.dataset.tap"))
            for _ in range(LETTERS.index(cell.upper())):
                phone.keyboard.press("Enter")
            phone.keyboard.press("Tab")
        assert reached == [f"garden.{r}.{c}" for r in range(3) for c in range(6)]
        wait_scored(phone)
        first = phone.locator(f'[data-player="{name}"] [data-tap="garden.0.0"]')
        assert first.get_attribute("role") == "button"
        assert first.get_attribute("aria-label").startswith(f"{name}'s garden, row 1, column 1: ")
        _keyboard_number(phone, "Pig circles", player["pig"])
        _keyboard_number(phone, "Powers used", player.get("powers_used", 0))
    vegetables = {v["id"]: v["name"] for v in phone.evaluate("Playtest.catalogue.vegetables")}
    for veg, count in record["markets"].items():
        _keyboard_number(phone, vegetables[veg], count)
    wait_scored(phone)
    shown = phone.eval_on_selector_all(
        "#scores .score",
        "cards => Object.fromEntries(cards.map(c => "
        "[c.dataset.playerScore, Number(c.querySelector('.total').textContent)]))",
    )
    assert shown == {p.name: p.total for p in expected.players}
    # a focused place is visibly marked, by its cell's blue stroke (an outline on an SVG shape
    # is drawn in the sheet's mm: a block over the neighbouring cells)
    phone.locator(f'[data-player="{names[-1]}"] [data-tap="garden.0.0"]').focus()
    focus = phone.evaluate(
        "[getComputedStyle(document.activeElement).outlineStyle,"
        " getComputedStyle(document.activeElement.querySelector('rect')).stroke]"
    )
    assert focus == ["none", "rgb(26, 95, 180)"]
