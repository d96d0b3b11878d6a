"""Issue 23: the wheel is what is tested. Every command runs from a fresh virtual environment
where the wheel is installed (not editable), in a folder outside the checkout, with nothing of
the checkout on the path; `playtest serve` answers its home page, a game's entry page and the
static files that page loads, over HTTP."""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from playtest.library.loader import load_library
from playtest.scorer.api import evaluate_file
from tests.games import (
    a_game,
    example_logs,
    example_records,
    finished_records,
    games_with,
)
from tests.packaging.conftest import Installed
from tests.web.conftest import start_server, stop_server

GAMES = load_library().game_ids  # every game in components/, registered or scored in YAML


@pytest.fixture
def playtest(installed: Installed, tmp_path: Path):
    """`playtest ARGS...` from the wheel's environment, run in an empty folder."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PLAYTEST_DB")}
    env["PATH"] = f"{installed.venv / 'bin'}:{env.get('PATH', '')}"

    def run(*args: str | Path, ok: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [str(installed.playtest), *map(str, args)],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode in ok, (args, done.returncode, done.stdout[-2000:], done.stderr)
        assert "Traceback" not in done.stderr, done.stderr
        return done

    return run


def test_the_installed_package_is_the_wheel(installed: Installed, tmp_path: Path) -> None:
    done = subprocess.run(
        [str(installed.python), "-c", "import playtest.web, playtest; print(playtest.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    where = Path(done.stdout.strip())
    assert where.is_relative_to(installed.venv / "lib"), where
    assert not (where.parent / "__editable__").exists()


def test_build_writes_every_kit(playtest, tmp_path: Path) -> None:
    done = playtest("build", "--out", "kits", "-q")
    for game in GAMES:
        pdf = tmp_path / "kits" / game / f"{game}-kit.pdf"
        assert pdf.read_bytes().startswith(b"%PDF-"), game
        assert list((tmp_path / "kits" / game / "svg").glob("*.svg")), game
        assert f"kits/{game}/{game}-kit.pdf" in done.stdout, game


@pytest.mark.parametrize("game", games_with(lambda g: g.engine))
def test_score_check_and_replay(playtest, game: str) -> None:
    scored = playtest("score", finished_records(game)[0], "--json")
    answer = json.loads(scored.stdout)
    assert answer["winners"] and answer["players"]
    illegal = next(p for p in example_records(game) if not evaluate_file(p).legal)
    checked = playtest("check", illegal, ok=(1,))
    code = evaluate_file(illegal).violations[0].code
    assert re.search(rf"\b{re.escape(code)}\b", checked.stdout), (code, checked.stdout)
    log = next(p for p in example_logs(game) if "illegal" not in p.name)
    replayed = playtest("replay", log, "--json")
    assert json.loads(replayed.stdout)["game_over"] is True


def test_simulate_a_few_games(playtest, tmp_path: Path) -> None:
    playtest(
        "simulate", a_game(lambda g: g.engine), "--players", "2", "--games", "3", "--workers", "1",
        "--out", "sim", "--db", "log.db", "-q",
    )  # fmt: skip
    metrics = json.loads((tmp_path / "sim" / "report.json").read_text())["metrics"]
    assert metrics["completed"] == 3
    assert (tmp_path / "sim" / "report.html").stat().st_size > 1000


def test_preview_new_and_schema(playtest, tmp_path: Path) -> None:
    playtest("preview", a_game(), "--page", "1", "--out", "pictures")
    (picture,) = (tmp_path / "pictures").glob("*.png")
    assert picture.read_bytes().startswith(b"\x89PNG")
    playtest("new", "my-game", "--components", "mine")
    assert (tmp_path / "mine" / "my-game" / "game.yaml").is_file()
    # without --components: never into the installed package, where an upgrade replaces it
    refused = playtest("new", "lost-game", ok=(2,))
    assert refused.stderr == (
        "playtest: --components: the installed components folder is part of the package (an "
        "upgrade replaces it): pass a folder of your own, e.g. --components my-games\n"
    )
    assert "lost-game" not in playtest("list").stdout
    playtest("build", "my-game", "--components", "mine", "--out", "kits", "-q")
    assert (tmp_path / "kits" / "my-game" / "my-game-kit.pdf").is_file()
    playtest("schema", "--out", "schema.json")
    assert json.loads((tmp_path / "schema.json").read_text())["$schema"]


def test_log_import_list_and_export(playtest, tmp_path: Path) -> None:
    game = a_game()
    playtest("log", "import", finished_records(game)[0], "--db", "log.db")
    listed = playtest("log", "list", "--db", "log.db")
    assert game in listed.stdout
    playtest("log", "export", "--out", "exported", "--db", "log.db")
    (exported,) = (tmp_path / "exported").glob("*.yaml")
    scored = playtest("score", exported, "--json")
    assert json.loads(scored.stdout)["game"] == game


@pytest.fixture
def served(installed: Installed, tmp_path: Path) -> Iterator[str]:
    server = start_server(tmp_path / "log.db", playtest=[str(installed.playtest)])
    yield server.url
    stop_server(server.process)


def test_serve_answers_its_pages_and_static_files(served: str) -> None:
    home = httpx.get(served + "/", timeout=30)
    assert home.status_code == 200
    library = load_library()
    pages = home.text
    for game in GAMES:
        assert f'href="/new/{game}"' in home.text
        entry = httpx.get(served + f"/new/{game}", timeout=30)
        assert entry.status_code == 200 and library.game(game).info.name in entry.text, game
        pages += entry.text
    statics = set(re.findall(r'(?:href|src)="(/static/[^"]+)"', pages))
    assert "/static/style.css" in statics
    for path in statics:
        answer = httpx.get(served + path, timeout=30)
        assert answer.status_code == 200 and answer.content, path
