"""The editor in a real browser (Chromium on a 390 x 844 phone): each game's example record
entered by taps gives `playtest score`'s totals and violations; save, find it in the history,
export it, and the exported file scores the same. (A violation shown on its cell is a game's
own case: tests/<package>/test_web_editor.py.) Screenshots are kept in
$TMPDIR/playtest-kit-artefacts/ (or PLAYTEST_ARTEFACTS)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from playtest.scorer.api import evaluate_file
from tests.browser import PHONE
from tests.conftest import REPO
from tests.games import a_game, a_legal_record, example_records, games_with
from tests.web.cases import web_cases
from tests.web.conftest import screenshot
from tests.web.entering import enter

# every legal example record of every game with an editor of its own (a game scored in YAML
# is entered on the page they all share: tests/<package>/test_web_page.py)
EXAMPLES = [
    f"{path.parent.name}/{path.name}"
    for game in web_cases()
    for path in example_records(game)
    if evaluate_file(path).legal
]
GAME = a_game(lambda g: g.web)


def shown_totals(page) -> dict[str, int]:
    return page.eval_on_selector_all(
        "#scores .score",
        "cards => Object.fromEntries(cards.map(c => "
        "[c.dataset.playerScore, Number(c.querySelector('.total').textContent)]))",
    )


def no_horizontal_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def small_targets(page) -> list[str]:
    """Visible controls under 44 px in either direction (labels carry the small boxes)."""
    return page.evaluate("""() => Array.from(document.querySelectorAll(
        'button, select, a.button, '
        + 'input:not([type=checkbox]):not([type=radio]):not([type=hidden])'))
        .filter(e => e.offsetParent !== null)
        .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
        .map(e => e.outerHTML.slice(0, 80))""")


@pytest.mark.parametrize("example", EXAMPLES)
def test_an_example_entered_by_taps_scores_as_the_command_line(
    server, library, phone, example: str
) -> None:
    path = REPO / "examples" / example
    record = yaml.safe_load(path.read_text())
    expected = evaluate_file(path, library)
    enter(phone, server.url, record)
    assert shown_totals(phone) == {p.name: p.total for p in expected.players}
    shown_codes = phone.eval_on_selector_all("#violations li", "l => l.map(e => e.dataset.code)")
    assert shown_codes == [v.code for v in expected.violations]
    no_horizontal_scroll(phone)
    assert small_targets(phone) == []
    screenshot(phone, "editor-" + example.replace("/", "-").removesuffix(".yaml"))


def test_save_find_export_and_score_again(server, library, phone, tmp_path: Path) -> None:
    path = a_legal_record(GAME)
    record = yaml.safe_load(path.read_text())
    enter(phone, server.url, record)
    phone.click("#save")
    phone.wait_for_url("**/games/*")
    game_url = phone.url
    game_id = game_url.rsplit("/", 1)[1]
    screenshot(phone, "saved-game")
    phone.goto(f"{server.url}/games?game={GAME}")
    no_horizontal_scroll(phone)
    screenshot(phone, "history")
    phone.click(f'.history li[data-id="{game_id}"] a')
    assert phone.url == game_url
    with phone.expect_download() as download:
        phone.click("text=Export record")
    exported = tmp_path / "exported.yaml"
    download.value.save_as(exported)
    assert evaluate_file(exported, library).to_json() == evaluate_file(path, library).to_json()
    phone.goto(f"{server.url}/stats/{GAME}")
    no_horizontal_scroll(phone)
    screenshot(phone, "stats")
    phone.goto(game_url)
    phone.click("text=Delete…")
    phone.click("button:has-text('Delete')")
    assert f"Game #{game_id} deleted" in phone.text_content("main")


@pytest.mark.parametrize(
    "path", ["/", *(f"/new/{g}" for g in games_with(lambda g: g.web)), "/import", "/games"]
)
def test_pages_fit_a_phone(server, phone, path: str) -> None:
    phone.goto(server.url + path)
    no_horizontal_scroll(phone)
    assert small_targets(phone) == []
    screenshot(phone, "page" + path.replace("/", "-").rstrip("-"))
