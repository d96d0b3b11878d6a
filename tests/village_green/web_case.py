"""Village Green for the shared web tests (tests/web/cases.py): its record entered on its editor
page by taps, and pictures the scorer serves of its kit."""

from __future__ import annotations

from tests.web.cases import Record, WebCase
from tests.web.entering import pick, start, tab, wait_scored


def enter(page, url: str, record: Record) -> None:
    names = [p["name"] for p in record["players"]]
    start(page, url, "village-green", record["variant"], names)
    for player in record["players"]:
        who = f'[data-player="{player["name"]}"]'
        tab(page, player["name"])
        page.select_option(f"{who} select", player["village"])
        slots = [(f"top.{c}", v) for c, v in enumerate(player["top"])]
        slots += [(f"left.{r}", v) for r, v in enumerate(player["left"])]
        slots += [
            (f"grid.{r}.{c}", v) for r, row in enumerate(player["grid"]) for c, v in enumerate(row)
        ]
        for place, value in slots:
            cards = [] if value in (None, ".") else value if isinstance(value, list) else [value]
            for card in cards:
                pick(page, f'{who} [data-place="{player["name"]}|{place}"]', card)
    wait_scored(page)


CASE = WebCase(
    game="village-green",
    enter=enter,
    pictures=("card/G01.svg",),
    missing_pictures=("card/X99.svg",),
)
