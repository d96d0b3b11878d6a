"""The balance lab on Harvest Dice's own values (moved from the shared tests/lab, which play
any game with an engine): a `--set` or `--compare` of a rule shows in the measures, on the same
seeds, in the log's kit version and, when refused, at the user's own file and line."""

from __future__ import annotations

import json
import multiprocessing
import tempfile
from pathlib import Path

import pytest

from playtest.lab.metrics import all_metrics
from playtest.lab.overrides import changed_components
from playtest.lab.runner import RunSpec, run
from playtest.library.loader import load_library
from playtest.log import PlaytestLog, kit_version
from tests.helpers import make_components
from tests.lab.helpers import assert_refused, cells, run_cli
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


def test_a_changed_rule_is_logged_as_its_kit_version_and_leaves_no_copy(
    tmp_path: Path, library
) -> None:
    """Two worker processes each load the changed game from their own copy: every copy is
    gone when the run ends (workers end with `os._exit`: no exit handler removes one), and
    the log's version is the changed YAML's, read before the copy went."""
    temp = tmp_path / "temp"  # the run's temp folder
    temp.mkdir()
    done = run_cli(
        *("simulate", GAME, "--players", "3", "--bots", "greedy,random", "--workers", "2"),
        *("--games", "8", "--set", "rules.garden.ribbon_points=9", "-q"),
        *("--out", str(tmp_path / "report"), "--db", str(tmp_path / "sim.db")),
        cwd=tmp_path,
        env={"TMPDIR": str(temp)},
    )
    assert done.returncode == 0, done.stderr
    assert sorted(temp.iterdir()) == []
    changed = changed_components(None, GAME, ["rules.garden.ribbon_points=9"], tmp_path / "c")
    versions = {g.kit_version for g in PlaytestLog(tmp_path / "sim.db").games()}
    assert versions == {kit_version(load_library(changed).game(GAME))}
    assert versions != {kit_version(library.game(GAME))}


def _run_with_a_set(temp: str) -> None:
    """A lab run of two worker processes, with a `--set` no other test uses (a process forked
    from this one has the engines already loaded here), its temp folder `temp`."""
    tempfile.tempdir = temp
    spec = RunSpec(GAME, 2, ("greedy",), 6, sets=("rules.garden.ribbon_points=11",))
    assert len(run(spec, workers=2).outcomes) == 6


def test_a_set_leaves_no_copy_in_a_process_that_ends_like_a_worker(tmp_path: Path) -> None:
    """A run in a worker process (a Dask task, a test runner's worker) ends with `os._exit`,
    as every forked process does: no exit handler runs, so the changed copy of the game
    must be gone before the process ends."""
    process = multiprocessing.get_context("fork").Process(
        target=_run_with_a_set, args=(str(tmp_path),)
    )
    process.start()
    process.join(timeout=120)
    assert process.exitcode == 0
    assert sorted(tmp_path.iterdir()) == []


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
