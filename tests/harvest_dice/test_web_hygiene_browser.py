"""Harvest Dice's editor in Chromium against a real server: a double tap on Save stores one
game; a player named `<!--<script>` is edited like any other; leaving unsaved changes asks
first; no page breaks the Content Security Policy. (A whole sheet entered by keyboard alone:
test_web_at_the_table.py.)"""

from __future__ import annotations

from playtest.log import PlaytestLog
from tests.web.entering import start, tap, wait_scored


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
