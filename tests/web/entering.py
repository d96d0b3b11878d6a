"""Entering a record's boards on the editor page by taps, as a player would, game by game."""

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


def harvest_dice(page, url: str, record: Record) -> None:
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


def village_green(page, url: str, record: Record) -> None:
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


def dice_town(page, url: str, record: Record) -> None:
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


def artichokes(page, url: str, record: Record) -> None:
    names = [p["name"] for p in record["players"]]
    start(
        page, url, "abandon-all-artichokes", "rhubarb" if record.get("rhubarb") else "base", names
    )
    page.select_option('[aria-label="Whose turn"]', record["turn"])
    page.select_option('[aria-label="Last step done"]', record["phase"])
    stack = record["garden_stack"]
    if isinstance(stack, int):
        type_number(page, '[data-place="|garden stack"] input[type=number]', stack)
    for card in record["garden_row"]:
        pick(page, '[data-place="|garden row"] > button', card)
    _zone(page, "|compost", _counts(record["compost"]))
    for player in record["players"]:
        tab(page, player["name"])
        for zone in ("deck", "hand", "discard"):
            _zone(page, f"{player['name']}|{zone}", _counts(player.get(zone, {})))
    wait_scored(page)


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


ENTER = {
    "harvest-dice": harvest_dice,
    "village-green": village_green,
    "dice-town": dice_town,
    "abandon-all-artichokes": artichokes,
}
