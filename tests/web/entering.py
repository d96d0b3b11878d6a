"""Entering a record's boards on the editor page by taps, as a player would: the moves every
editor shares, a game scored in YAML field by field, and `enter`, which enters any game's record
(a game with its own editor enters by its own tests' `web_case.py`, tests/web/cases.py)."""

from __future__ import annotations

from typing import Any

Record = dict[str, Any]


def wait_scored(page) -> None:
    page.wait_for_function("() => document.body.dataset.scoring === 'done'")


def start(page, url: str, game: str, variant: str, names: list[str], start_seat: int = 0) -> None:
    page.goto(f"{url}/new/{game}")
    if page.locator("input[type=radio][name=variant]").count():  # one variant: no choice
        page.check(f"input[name=variant][value={variant}]")
    fields = page.locator("#players input")
    while fields.count() < len(names):
        page.click("#add-player")
    while fields.count() > len(names):
        page.locator("#players .remove").last.click()
    for i, name in enumerate(names):
        fields.nth(i).fill(name)
    page.select_option("#start-seat", str(start_seat))
    page.click("text=Enter the boards")
    page.wait_for_selector("#board")
    wait_scored(page)


def tab(page, name: str) -> None:
    tabs = page.locator(f'#player-tabs button[data-name="{name}"]')
    if tabs.count() and tabs.is_visible():
        tabs.click()


def tap(page, selector: str, times: int = 1) -> None:
    for _ in range(times):
        page.locator(selector).first.click()


def type_number(page, selector: str, value: int) -> None:
    field = page.locator(selector).first
    field.fill(str(value))
    field.press("Tab")
    wait_scored(page)


def pick(page, opener: str, card: str) -> None:
    page.locator(opener).first.click()
    page.fill("#picker-query", card)
    page.click(f'#picker-cards button[data-card="{card}"]')
    if page.locator("#picker[open]").count():
        page.keyboard.press("Escape")


def fields(page, url: str, record: Record) -> None:
    """A game scored in YAML: each field entered on the printed sheet, as a player would (a
    track's last crossed circle tapped, a box ticked, a choice picked, a number or a card id
    typed). Card ids are typed in lower case: the page writes them as the game spells them."""
    names = [p["name"] for p in record["players"]]
    start(page, url, record["game"], "", names)
    for player in record["players"]:
        who = f'[data-player="{player["name"]}"]'
        tab(page, player["name"])
        for field_id, value in player.get("fields", {}).items():
            control = f'{who} [data-field="{field_id}"]'
            kind = page.locator(control).first.evaluate(
                "node => node.classList.contains('field-track') ? 'track' : node.type"
            )
            if kind == "track":
                if value:
                    tap(page, f'{control} [data-cell="{value - 1}"]')
            elif kind == "checkbox":
                if value:
                    page.check(control)
            elif kind.startswith("select"):
                page.select_option(control, label=str(value))
            elif kind == "number":
                type_number(page, control, value)
            else:  # a card slot
                type_number(page, control, str(value).lower())
    wait_scored(page)


def enter(page, url: str, record: Record) -> None:
    """A record of any game entered on its editor page."""
    from tests.web.cases import web_cases

    case = web_cases().get(record["game"])
    (case.enter if case else fields)(page, url, record)
