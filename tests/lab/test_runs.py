"""Runs of the balance lab: reproducible whatever the split (1 process, 2, a Dask cluster),
`--set` changes that show in the measures, variants on the same seeds, and the CLI."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from playtest.lab.metrics import all_metrics
from playtest.lab.runner import RunSpec, run

HD = RunSpec(game="harvest-dice", players=3, bots=("greedy", "random", "random"), games=24, seed=7)


def test_a_run_is_the_same_on_one_process_or_two() -> None:
    one = run(HD, workers=1)
    two = run(HD, workers=2)
    assert [o.index for o in one.outcomes] == list(range(24))
    assert one.outcomes == two.outcomes
    assert run(RunSpec(**{**HD.__dict__, "seed": 8}), workers=1).outcomes != one.outcomes


def test_a_run_is_the_same_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        on_dask = run(HD, scheduler=cluster.scheduler_address)
    assert on_dask.outcomes == run(HD, workers=1).outcomes


def test_seats_rotate_so_every_bot_plays_every_seat() -> None:
    spec = RunSpec(game="harvest-dice", players=3, bots=("greedy", "random"), games=3)
    assert [spec.seat_bots(i) for i in range(3)] == [
        ("greedy", "random", "greedy"),
        ("random", "greedy", "greedy"),
        ("greedy", "greedy", "random"),
    ]


def test_a_broken_yaml_value_shows_as_that_strategys_weight() -> None:
    """Ribbons worth 60 instead of the printed value: completing a garden row decides games."""
    spec = RunSpec(game="harvest-dice", players=2, bots=("greedy",), games=120, seed=1)
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


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "playtest.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_cli_writes_a_self_contained_report(tmp_path: Path) -> None:
    done = run_cli(
        "simulate",
        "harvest-dice",
        "--players",
        "2",
        "--games",
        "20",
        "--bots",
        "greedy,random",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "r"),
        "-q",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "balance:" in done.stdout and "bots: greedy" in done.stdout
    page = (tmp_path / "r" / "report.html").read_text()
    assert page.count("<svg") >= 5  # the plots are inline: nothing to fetch, works offline
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page)
    assert "<link" not in page and "<script" not in page
    data = json.loads((tmp_path / "r" / "report.json").read_text())
    assert data["metrics"]["games"] == 20
    games = (tmp_path / "r" / "games.csv").read_text().splitlines()
    assert len(games) == 21 and games[0].startswith("game,seats,completed,scores")
    measures = (tmp_path / "r" / "metrics.csv").read_text()
    assert f"balance,{data['metrics']['balance']:.6g}" in measures


def test_compare_runs_each_value_on_the_same_seeds(tmp_path: Path) -> None:
    done = run_cli(
        "simulate",
        "harvest-dice",
        "--players",
        "2",
        "--games",
        "30",
        "--workers",
        "1",
        "--compare",
        "rules.garden.ribbon_points=0,60",
        "--out",
        str(tmp_path / "c"),
        "-q",
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
        (["--bots", "genius"], "unknown bot 'genius'"),
        (["--compare", "rules.garden.ribbon_points=4"], "expected KEY.PATH=VALUE1,VALUE2"),
        (["--set", "rules.garden.ribbon_points=-5"], "ribbon_points"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: list[str], message: str, tmp_path: Path) -> None:
    done = run_cli(
        "simulate",
        "harvest-dice",
        "--players",
        "2",
        "--games",
        "2",
        "--workers",
        "1",
        *args,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "output").exists()


def test_ctrl_c_stops_cleanly_and_reports_what_finished(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "playtest.cli",
            "simulate",
            "harvest-dice",
            "--players",
            "2",
            "--games",
            "100000",
            "--workers",
            "2",
            "--bots",
            "random",
            "--out",
            str(tmp_path / "i"),
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(12)
    os.kill(proc.pid, signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "interrupted:" in err and "Traceback" not in err
    data = json.loads((tmp_path / "i" / "report.json").read_text())
    assert 0 < data["metrics"]["games"] < 100000
    assert data["run"]["interrupted"] is True
