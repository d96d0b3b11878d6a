"""The balance lab on Harvest Dice's own values (moved from the shared tests/lab, which play
any game with an engine): a `--set` or `--compare` of a rule shows in the measures, on the same
seeds, in the log's kit version and, when refused, at the user's own file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playtest.lab.metrics import all_metrics
from playtest.lab.runner import RunSpec, run
from playtest.log import PlaytestLog, kit_version
from tests.helpers import make_components
from tests.lab.helpers import assert_refused, cells, run_cli, simulate_logged
from tests.lab.helpers import simulate as simulate_no_log

GAME = "harvest-dice"


def test_a_broken_yaml_value_shows_as_that_strategys_weight() -> None:
    """Ribbons worth 60 instead of the printed value: completing a garden row decides games."""
    spec = RunSpec(game=GAME, players=2, bots=("greedy",), games=120, seed=1)
    fair = all_metrics(run(spec, workers=2).outcomes)
    broken = all_metrics(
        run(
            RunSpec(**{**spec.__dict__, "sets": ("rules.garden.ribbon_points=60",)}), workers=2
        ).outcomes
    )

    def weight(metrics: dict) -> float:
        return next(
            w["weight"] for w in metrics["components"] if w["feature"] == "a complete garden row"
        )

    assert weight(broken) > weight(fair) + 0.15
    assert weight(broken) > 0.3


def test_compare_runs_each_value_on_the_same_seeds(tmp_path: Path) -> None:
    done = run_cli(
        *("simulate", GAME, "--players", "2", "--games", "30", "--workers", "1", "-q"),
        *("--compare", "rules.garden.ribbon_points=0,60", "--out", str(tmp_path / "c")),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    compare = json.loads((tmp_path / "c" / "report.json").read_text())["compare"]
    diff = compare["variants"]["rules.garden.ribbon_points=60"]["score"]
    assert compare["base"] == "rules.garden.ribbon_points=0"
    assert diff["difference"] > 0 and diff["ci"][0] > 0  # ribbons worth more: higher scores


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--set", "rules.garden.ribbon_pointz=3"],
            "--set: 'rules.garden.ribbon_pointz=3': no 'ribbon_pointz' in rules.garden",
        ),
        (["--compare", "rules.garden.ribbon_points=4"], "expected KEY.PATH=VALUE1,VALUE2"),
        (["--set", "rules.garden.ribbon_points=-5"], "ribbon_points"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: list[str], message: str, tmp_path: Path) -> None:
    assert_refused(tmp_path, GAME, *args, message=message)


def test_a_changed_rule_is_logged_as_another_kit_version(tmp_path: Path, library) -> None:
    done = simulate_logged(
        tmp_path,
        GAME,
        *(
            "--games",
            "2",
            "--set",
            "rules.garden.ribbon_points=9",
            "--db",
            str(tmp_path / "sim.db"),
        ),
    )
    assert done.returncode == 0, done.stderr
    versions = {g.kit_version for g in PlaytestLog(tmp_path / "sim.db").games()}
    assert len(versions) == 1 and versions != {kit_version(library.game(GAME))}


def test_a_refused_set_value_is_shown_at_the_users_file(tmp_path: Path) -> None:
    root = make_components(tmp_path, GAME)
    game = root / GAME / "game.yaml"
    line = next(
        n for n, text in enumerate(game.read_text().splitlines(), 1) if "row_points:" in text
    )
    done = simulate_no_log(
        tmp_path,
        *(GAME, "--players", "2", "--games", "4", "-q"),
        *("--components", "components", "--set", "rules.pig.row_points.0=-5", "--out", "r"),
    )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"components/harvest-dice/game.yaml:{line}: rules.pig.row_points[0]: -5 is out of range "
        "(expected at least 0) (with --set)"
    )
    assert not (tmp_path / "r").exists()


def test_compare_headings_say_which_value_each_column_is(tmp_path: Path) -> None:
    done = simulate_no_log(
        tmp_path,
        *(GAME, "-q", "--players", "2", "--games", "20"),
        *("--compare", "rules.garden.ribbon_points=2,6"),
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # what is played is said before it is played, and the numbers say whose they are
    assert lines[:3] == [
        "playing rules.garden.ribbon_points=2 (the base value): 20 games",
        "playing rules.garden.ribbon_points=6: the same 20 games (same seeds)",
        "results of rules.garden.ribbon_points=2 (the base value):",
    ]
    assert any(
        line.startswith("rules.garden.ribbon_points=6 against rules.garden.ribbon_points=2: ")
        and "percentage points" in line
        for line in lines
    )
    page = (tmp_path / "output" / "simulate" / GAME / "report.html").read_text()
    assert (
        "Compared: rules.garden.ribbon_points=6 against rules.garden.ribbon_points=2 (the base)"
        in page
    )
    rows = cells(page)
    head = [
        "measure",
        "rules.garden.ribbon_points=2 (the base)",
        "rules.garden.ribbon_points=6",
        "difference",
        "95 % interval",
    ]
    assert head in rows
    start = next(r for r in rows if r and r[0] == "start_player_win_rate")
    assert start[1].endswith(" %") and start[3].endswith(" percentage points")
