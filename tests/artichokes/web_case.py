"""Abandon All Artichokes for the shared web tests (tests/web/cases.py): its record entered on
its editor page by taps."""

from __future__ import annotations

from typing import Any

from tests.web.cases import Record, WebCase
from tests.web.entering import pick, start, tab, type_number, wait_scored


def _counts(zone: Any) -> dict[str, int]:
    if isinstance(zone, list):
        out: dict[str, int] = {}
        for card in zone:
            out[card] = out.get(card, 0) + 1
        return out
    return dict(zone)


def _zone(page, place: str, want: dict[str, int]) -> None:
    panel = f'[data-place="{place}"]'
    have = page.eval_on_selector_all(
        f"{panel} .count-item", "items => items.map(i => i.dataset.card)"
    )
    for card in have:
        if card not in want:
            type_number(page, f'{panel} .count-item[data-card="{card}"] input', 0)
    for card, count in want.items():
        if card not in have:
            pick(page, f"{panel} > button", card)
        type_number(page, f'{panel} .count-item[data-card="{card}"] input', count)


def enter(page, url: str, record: Record) -> None:
    names = [p["name"] for p in record["players"]]
    start(
        page, url, "abandon-all-artichokes", "rhubarb" if record.get("rhubarb") else "base", names
    )
    page.select_option('[aria-label="Whose turn"]', record["turn"])
    page.select_option('[aria-label="Last step done"]', record["phase"])
    stack = record["garden_stack"]
    if isinstance(stack, int):  # counted by the player: "count them for me" unticked first
        page.uncheck('[data-place="|garden stack"] input[type=checkbox]')
        type_number(page, '[data-place="|garden stack"] input[type=number]', stack)
    for card in record["garden_row"]:
        pick(page, '[data-place="|garden row"] > button', card)
    _zone(page, "|compost", _counts(record["compost"]))
    for player in record["players"]:
        tab(page, player["name"])
        for zone in ("deck", "hand", "discard"):
            _zone(page, f"{player['name']}|{zone}", _counts(player.get(zone, {})))
    wait_scored(page)


CASE = WebCase(
    game="abandon-all-artichokes",
    enter=enter,
    pictures=(),
    missing_pictures=(),
)
