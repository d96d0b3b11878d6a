"""A game with code, outside the source tree: a plugin package in a folder of its own,
installed with `pip install` into a fresh virtual environment, is found through the
`playtest.games` entry point and works in every command; what its code raises is reported as
its error, one line, never a traceback. (The plugin's files are the ones
docs/adding-a-game.md shows.)"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.helpers import make_components
from tests.run_once import locked, run_root

GUIDE = (REPO / "docs" / "adding-a-game.md").read_text()


def guide_block(mark: str) -> str:
    import re

    for text in re.findall(r"```(?:python|toml|yaml)\n(.*?)```", GUIDE, re.S):
        if text.startswith(f"# {mark}\n"):
            return text
    raise AssertionError(mark)


@pytest.fixture(scope="session")
def fresh(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> tuple[Path, Path]:
    """(the fresh environment's python, a components folder with the plugin's game): made
    once per test run, shared by the xdist workers (tests/run_once.py); tests only read it."""
    tmp = run_root(tmp_path_factory, worker_id) / "plugin"
    tmp.mkdir(exist_ok=True)
    with locked(tmp / "lock"):
        if not (tmp / "ready").exists():  # the first worker here makes it, again after a failure
            _make(tmp)
            (tmp / "ready").touch()
    return tmp / "venv" / "bin" / "python", tmp / "components"


def _make(tmp: Path) -> None:
    for name in ("dash-plugin", "venv", "components"):
        shutil.rmtree(tmp / name, ignore_errors=True)
    plugin = tmp / "dash-plugin"
    for name in ("pyproject.toml", "dash_game/__init__.py", "dash_game/game.py"):
        path = plugin / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(guide_block(f"dash-plugin/{name}"))
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    # playtest-kit as installed here (with its dependencies) is this fresh environment's too;
    # the plugin is installed from its own folder with pip
    site = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    ours = sysconfig.get_paths()["purelib"]
    (site / "playtest_kit_here.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    installed = subprocess.run(
        [python, "-m", "pip", "install", "-q", "--no-deps", str(plugin)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert installed.returncode == 0, installed.stderr
    root = make_components(tmp, mini=False)
    (root / "dash").mkdir()
    (root / "dash" / "game.yaml").write_text(guide_block("components/dash/game.yaml"))


def run(
    fresh: tuple[Path, Path], *args: object, cwd: Path | None = None
) -> subprocess.CompletedProcess:
    python, root = fresh
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [python, "-m", "playtest.cli", *map(str, args), "--components", str(root)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=cwd or root.parent,
        env=env,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def test_the_plugin_is_found_and_works_in_every_command(fresh, tmp_path: Path) -> None:
    python, _ = fresh
    listed = run(fresh, "list")
    assert listed.returncode == 0, listed.stderr
    assert "dash: Dash (2-4 players)" in listed.stdout
    built = run(fresh, "build", "dash", "--out", tmp_path / "out")
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "out" / "dash" / "dash-kit.pdf").is_file()
    record = tmp_path / "record.yaml"
    record.write_text(guide_block("dash-record.yaml"))
    scored = run(fresh, "score", record, "--json")
    assert scored.returncode == 0, scored.stderr
    answer = json.loads(scored.stdout)
    assert [(p["name"], p["total"]) for p in answer["players"]] == [("Ann", 21), ("Bob", 12)]
    assert answer["winners"] == ["Ann"]
    assert [v["code"] for v in answer["violations"]] == ["DA-01"]
    assert run(fresh, "check", record).returncode == 1
    db = tmp_path / "log.sqlite"
    assert run(fresh, "score", record, "--log", "--db", db).returncode == 0
    python_log = subprocess.run(
        [python, "-m", "playtest.cli", "log", "list", "--db", str(db)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "dash" in python_log.stdout and "Ann 21, Bob 12" in python_log.stdout


def test_what_the_plugin_code_raises_is_its_error(fresh, tmp_path: Path) -> None:
    python, shared = fresh
    root = shutil.copytree(shared, tmp_path / "components")  # the shared one is only read
    game = root / "dash" / "game.yaml"
    game.write_text(game.read_text().replace("  bonus: 5\n", ""))  # the plugin's scoring reads it
    record = tmp_path / "dash-record.yaml"
    record.write_text(guide_block("dash-record.yaml"))
    done = run((python, root), "score", record.name, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == GUIDE.split("never a traceback:\n\n```text\n")[1].split("\n")[0]


def test_the_web_scorer_serves_beside_the_plugin(fresh, tmp_path: Path) -> None:
    """`playtest serve` runs with the plugin installed: the home page answers and offers the
    plugin's game."""
    import httpx

    from tests.web.conftest import start_server, stop_server

    python, root = fresh
    server = start_server(
        tmp_path / "log.sqlite",
        "--components",
        str(root),
        playtest=(str(python), "-m", "playtest.cli"),
    )
    try:
        home = httpx.get(server.url + "/", timeout=30)
        offered = httpx.get(server.url + "/new/dash", timeout=30)
    finally:
        stop_server(server.process)
    assert home.status_code == 200 and 'href="/new/dash"' in home.text
    assert offered.status_code == 200 and "Dash" in offered.text
