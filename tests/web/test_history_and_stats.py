"""The log's pages on a phone in Chromium (issue 43): the history is paged, 50 games a page,
and searched by player; a long name wraps; the stats compare like with like (seat statistics
per player count) in charts legible on a phone; "new game" names the start player; the home
page links each game's live preview. Over a game found through the registry: one whose
example records hold tables of several sizes."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import yaml

from playtest.log import PlaytestLog, new_game
from playtest.log.entries import record_document
from tests.browser import PHONE
from tests.games import example_records, games_with
from tests.web.conftest import Server, screenshot, start_server, stop_server
from tests.web.test_browser import no_horizontal_scroll


def _legal(game: str) -> list[dict]:
    from playtest.scorer.api import evaluate_file

    return [yaml.safe_load(p.read_text()) for p in example_records(game) if evaluate_file(p).legal]


def _sizes(game: str) -> set[int]:
    return {len(r["players"]) for r in _legal(game)}


GAME = next(g for g in games_with(lambda g: g.web) if len(_sizes(g)) >= 2)
RECORDS = _legal(GAME)
LOGGED = 130  # games: three pages of the history


@pytest.fixture(scope="module")
def server(tmp_path_factory, library) -> Iterator[Server]:
    """A server whose log holds LOGGED games of GAME, its examples in turn, newest first by
    date, and one more game whose first player has a 40-character name without a space."""
    running = start_server(tmp_path_factory.mktemp("history") / "playtest.db")
    entries = [
        new_game(
            record_document(RECORDS[i % len(RECORDS)]),
            library,
            played_on=f"2026-{1 + i // 28:02d}-{1 + i % 28:02d}",
        )[0]
        for i in range(LOGGED)
    ]
    PlaytestLog(running.db).save_many(entries)
    yield running
    stop_server(running.process)


def _listed(page) -> list[int]:
    return [
        int(i)
        for i in page.eval_on_selector_all(".history li[data-id]", "l => l.map(e => e.dataset.id)")
    ]


def test_the_history_is_paged_fifty_games_a_page(server, phone) -> None:
    """It listed every game at once (24,500 px tall at 248 games)."""
    phone.goto(f"{server.url}/games?game={GAME}")
    seen = []
    for number in (1, 2, 3):
        listed = _listed(phone)
        assert len(listed) == (50 if number < 3 else LOGGED - 100)
        assert f"(page {number} of 3)" in phone.text_content("#page-of")
        seen += listed
        if number < 3:
            phone.click("a[rel=next]")
            # a pattern, not the glob "**page=2*", which playwright 1.55 matches to no URL
            phone.wait_for_url(re.compile(rf"[?&]page={number + 1}(&|$)"))
    everything = [e.id for e in PlaytestLog(server.db).games(GAME)]
    assert seen == everything  # each game once, newest first
    phone.click("a[rel=prev]")
    assert _listed(phone) == everything[50:100]
    screenshot(phone, "history-page-2")
    with server.client() as http:
        assert http.get("/games", params={"page": "0"}).status_code == 400
        assert http.get("/games", params={"page": "x"}).status_code == 400
        assert http.get("/games", params={"page": "9", "game": GAME}).status_code == 404


def test_the_history_is_searched_by_player(server, phone) -> None:
    names = {p["name"] for r in RECORDS for p in r["players"]}
    # a name some games have and others not
    name = next(
        n for n in sorted(names) if not all(n in {p["name"] for p in r["players"]} for r in RECORDS)
    )
    phone.goto(f"{server.url}/games?game={GAME}")
    phone.fill("input[name=player]", name[:3].lower())  # a part of it, in another case
    phone.click("button:has-text('Filter')")
    log = PlaytestLog(server.db)
    having = [
        e.id
        for e in log.games(GAME)
        if any(name[:3].lower() in p["name"].lower() for p in e.players)
    ]
    assert 0 < len(having) < LOGGED
    listed = _listed(phone)
    while phone.locator("a[rel=next]").count():
        phone.click("a[rel=next]")
        listed += _listed(phone)
    assert listed == having


def test_a_long_name_wraps(server, phone, library) -> None:
    """A 40-character name without a space widened the game's page to 722 px."""
    record = RECORDS[0]
    old = record["players"][0]["name"]
    long = "Bartholomew" + "x" * 29
    text = re.sub(rf"\b{re.escape(old)}\b", long, yaml.safe_dump(record, sort_keys=False))
    with server.client() as http:
        saved = http.post("/api/games", json={"record": yaml.safe_load(text)}).json()
    assert saved["ok"], saved
    for path in (
        f"/games/{saved['id']}",
        f"/games/{saved['id']}/edit",
        f"/games/{saved['id']}/delete",
        f"/games?player={long[:12]}",
        f"/stats/{GAME}",
    ):
        phone.goto(server.url + path)
        phone.wait_for_load_state("networkidle")
        no_horizontal_scroll(phone)
    with server.client() as http:
        http.post(f"/games/{saved['id']}/delete", data={"csrf": http.headers["X-CSRF-Token"]})


SMALLEST_LABEL = 11  # px, on a phone


def test_seat_statistics_are_per_player_count_in_legible_charts(server, phone) -> None:
    """Seat statistics mixed the table sizes (three 4-player games among 242 moved the even
    share to 25 %); each size is now on its own, its even share 1 in n."""
    log = PlaytestLog(server.db)
    played = log.games(GAME)
    phone.goto(f"{server.url}/stats/{GAME}")
    tables = phone.locator("#group-played section.seat-table")
    sizes = sorted({len(e.players) for e in played})
    assert [int(t.get_attribute("data-players")) for t in tables.all()] == sizes
    for table in tables.all():
        n = int(table.get_attribute("data-players"))
        games = sum(1 for e in played if len(e.players) == n)
        assert (
            table.locator("h3").text_content()
            == f"{n} players: {games} game{'s' if games != 1 else ''}"
        )
        rows = table.locator("table.rates").first.locator("tbody tr")
        assert rows.count() == n
        assert sum(int(r.locator("td").nth(2).text_content()) for r in rows.all()) == games * n
        # the even share drawn at 1 in n of the plot's height
        share = table.locator("figure.plot").first.evaluate(
            """f => {
              const svg = f.querySelector('svg');
              const dashed = svg.querySelector('line[stroke-dasharray]');
              const ticks = Array.from(svg.querySelectorAll('text'));
              const tick = (v) => ticks.find(t => t.textContent === String(v));
              const y = (v) => Number(tick(v).getAttribute('y')) - 3;  // a tick's text: 3 below
              return (y(0) - Number(dashed.getAttribute('y1'))) / (y(0) - y(100));
            }"""
        )
        assert share == pytest.approx(1 / n, abs=0.01)
    sizes_px = phone.eval_on_selector_all(
        "figure.plot svg text",
        """texts => texts.map(t => parseFloat(getComputedStyle(t).fontSize)
            * t.closest('svg').getScreenCTM().a)""",
    )
    assert sizes_px and min(sizes_px) >= SMALLEST_LABEL, min(sizes_px)
    no_horizontal_scroll(phone)
    screenshot(phone, "stats-per-player-count")


def test_new_game_names_the_start_player(server, phone) -> None:
    phone.goto(f"{server.url}/new/{GAME}")
    fields = phone.locator("#players input")
    for i in range(fields.count()):
        fields.nth(i).fill(f"Name{i}")
    options = phone.eval_on_selector_all("#start-seat option", "o => o.map(e => e.textContent)")
    assert options == [f"Name{i}" for i in range(fields.count())]


def test_the_home_page_links_each_games_live_preview(server, phone) -> None:
    phone.goto(server.url + "/")
    links = phone.eval_on_selector_all(
        "a[href^='/preview/']", "l => l.map(a => a.getAttribute('href'))"
    )
    games = phone.eval_on_selector_all(
        "a[href^='/new/']", "l => l.map(a => a.getAttribute('href'))"
    )
    assert links == [g.replace("/new/", "/preview/") for g in games]
    assert phone.viewport_size == PHONE
