"""Harvest Dice with each player's own `markets:` (records.md): entered by taps on each
player's sheet in a real browser, scored as `playtest score` scores the record, kept as
typed in the log (a real database file), opened again for editing, exported and scored."""

from __future__ import annotations

from pathlib import Path

import yaml

from playtest.log import PlaytestLog
from playtest.scorer.api import evaluate_file
from tests.conftest import REPO
from tests.harvest_dice.web_case import enter
from tests.web.conftest import screenshot
from tests.web.entering import tab


def own_markets_record(tmp_path: Path) -> tuple[dict, Path]:
    """The advanced example with the markets on every sheet; Bob crossed one tomato circle
    fewer than the others (HD-04 on Bob's sheet)."""
    record = yaml.safe_load((REPO / "examples/harvest-dice/advanced-4-players.yaml").read_text())
    markets = record.pop("markets")
    for player in record["players"]:
        player["markets"] = dict(markets)
    record["players"][1]["markets"]["tomato"] = 5
    path = tmp_path / "own-markets.yaml"
    path.write_text(yaml.safe_dump(record, sort_keys=False))
    return record, path


def test_each_players_markets_entered_on_their_sheet(
    server, library, phone, tmp_path: Path
) -> None:
    record, path = own_markets_record(tmp_path)
    expected = evaluate_file(path, library)
    assert [v.code for v in expected.violations] == ["HD-04"]  # the record is what we mean
    enter(phone, server.url, record)
    totals = phone.eval_on_selector_all(
        "#scores .score",
        "cards => Object.fromEntries(cards.map(c => "
        "[c.dataset.playerScore, Number(c.querySelector('.total').textContent)]))",
    )
    assert totals == {p.name: p.total for p in expected.players}
    codes = phone.eval_on_selector_all("#violations li", "l => l.map(e => e.dataset.code)")
    assert codes == ["HD-04"]
    assert not phone.locator('.panel[data-place="|markets"]').is_visible()  # no shared track
    tab(phone, "Bob")
    bad = phone.eval_on_selector_all(
        '[data-player="Bob"] .bad[data-place]', "n => n.map(e => e.dataset.place)"
    )
    assert "Bob|market.tomato" in bad  # shown on Bob's own tomato market
    screenshot(phone, "editor-own-markets")

    phone.click("#save")
    phone.wait_for_url("**/games/*")
    game_id = int(phone.url.rsplit("/", 1)[1])
    saved = PlaytestLog(server.db).get(game_id)
    assert saved is not None and "markets" not in saved.record
    assert [p["markets"] for p in saved.record["players"]] == [
        p["markets"] for p in record["players"]
    ]
    assert saved.result == expected.to_json()

    phone.goto(f"{server.url}/games/{game_id}/edit")  # opened again: each sheet as saved
    phone.wait_for_function("() => document.body.dataset.scoring === 'done'")
    assert phone.is_checked("#own-markets")
    tab(phone, "Bob")
    crossed = phone.locator('[data-place="Bob|markets"] [data-tap^="market.tomato."].crossed')
    assert crossed.count() == 5
    with phone.expect_download() as download:
        phone.goto(f"{server.url}/games/{game_id}")
        phone.click("text=Export record")
    exported = tmp_path / "exported.yaml"
    download.value.save_as(exported)
    assert evaluate_file(exported, library).to_json() == expected.to_json()


def test_switching_between_one_set_and_each_sheet_keeps_the_crosses(
    server, library, phone, tmp_path: Path
) -> None:
    record = yaml.safe_load((REPO / "examples/harvest-dice/basic-2-players.yaml").read_text())
    enter(phone, server.url, record)
    before = phone.eval_on_selector_all("#scores .total", "t => t.map(e => e.textContent)")
    phone.check("#own-markets")
    phone.wait_for_function("() => document.body.dataset.scoring === 'done'")
    state = phone.evaluate("Playtest.record")
    assert "markets" not in state
    assert all(p["markets"] == record["markets"] for p in state["players"])
    after = phone.eval_on_selector_all("#scores .total", "t => t.map(e => e.textContent)")
    assert after == before  # the same crosses, now on each sheet: the same scores
    phone.uncheck("#own-markets")
    phone.wait_for_function("() => document.body.dataset.scoring === 'done'")
    state = phone.evaluate("Playtest.record")
    assert state["markets"] == record["markets"]
    assert all("markets" not in p for p in state["players"])
