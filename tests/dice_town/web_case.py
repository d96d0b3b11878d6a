"""Dice Town for the shared web tests (tests/web/cases.py): its record entered on its editor
page by taps, and pictures the scorer serves of its kit."""

from __future__ import annotations

from tests.web.cases import Record, WebCase
from tests.web.entering import pick, start, tab, tap, type_number, wait_scored


def enter(page, url: str, record: Record) -> None:
    names = [p["name"] for p in record["players"]]
    kind = record.get("kind", "final")
    start(page, url, "dice-town", kind, names)
    if kind == "round":
        faces = page.evaluate("Playtest.catalogue.faces")
        page.select_option('[aria-label="Sheriff"]', record["sheriff"])
        type_number(page, '[data-place="|bank"] input', record["bank"])
        if "mine" in record:
            type_number(page, '[data-place="|mine"] input', record["mine"])
        if "deeds" in record:
            type_number(page, '[data-place="|deeds"] input', " ".join(map(str, record["deeds"])))
        for player in record["players"]:
            tab(page, player["name"])
            dice = player["dice"].split() if isinstance(player["dice"], str) else player["dice"]
            for k, face in enumerate(dice):
                tap(
                    page,
                    f'[data-player="{player["name"]}"] .die >> nth={k}',
                    faces.index(str(face).upper()),
                )
        wait_scored(page)
        return
    for player in record["players"]:
        name = player["name"]
        who = f'[data-player="{name}"]'
        tab(page, name)
        type_number(page, f'{who} [data-place="{name}|nuggets"] input', player["nuggets"])
        type_number(page, f'{who} [data-place="{name}|dollars"] input', player["dollars"])
        if player.get("sheriff"):
            page.check(f"{who} input[name=sheriff]")
        for card in player.get("store", []):
            pick(page, f'{who} [data-place="{name}|store"] > button', card)
        for card in player.get("deeds", []):
            pick(page, f'{who} [data-place="{name}|deeds"] > button', card)
    wait_scored(page)


CASE = WebCase(
    game="dice-town",
    enter=enter,
    pictures=("die/poker-die-6.svg", "token/nugget.svg"),
    missing_pictures=("die/poker-die-9.svg",),
)
