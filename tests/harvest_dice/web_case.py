"""Harvest Dice for the shared web tests (tests/web/cases.py): its record entered on its editor
page by taps, and pictures the scorer serves of its kit."""

from __future__ import annotations

from tests.web.cases import Record, WebCase
from tests.web.entering import start, tab, tap, wait_scored


def enter(page, url: str, record: Record) -> None:
    names = [p["name"] for p in record["players"]]
    start(page, url, "harvest-dice", record["variant"], names)
    letters = [".", "L", "T", "C"]
    for player in record["players"]:
        who = f'[data-player="{player["name"]}"]'
        tab(page, player["name"])
        for r, row in enumerate(player["garden"].split("\n")[:3]):
            for c, cell in enumerate(row.split()):
                tap(page, f'{who} [data-tap="garden.{r}.{c}"]', letters.index(cell.upper()))
        pig = player.get("pig", 0)
        if pig:
            tap(page, f'{who} [data-tap="pig.{(pig - 1) // 6}.{(pig - 1) % 6}"]')
        powers = player.get("powers_used", 0)
        if powers:
            tap(page, f'{who} [data-tap="power.{powers - 1}"]')
    start_crosses = 1 if record["variant"] == "basic" else 0
    own = [p for p in record["players"] if "markets" in p]
    if own:  # each player crossed the markets on their own sheet
        page.check("#own-markets")
        wait_scored(page)
    for player in own:
        tab(page, player["name"])
        _markets(
            page, f'.panel[data-place="{player["name"]}|markets"]', player["markets"], start_crosses
        )
    if "markets" in record and not own:
        _markets(page, '.panel[data-place="|markets"]', record["markets"], start_crosses)
    wait_scored(page)


def _markets(page, panel: str, markets: dict[str, int], start_crosses: int) -> None:
    """Tap the last crossed circle of each market (the first one, to cross none at all)."""
    for veg, count in markets.items():
        if count != start_crosses:
            tap(page, f'{panel} [data-tap="market.{veg}.{max(count, 1) - 1}"]')


CASE = WebCase(
    game="harvest-dice",
    enter=enter,
    pictures=("sheet/basic.svg",),
    missing_pictures=(),
)
