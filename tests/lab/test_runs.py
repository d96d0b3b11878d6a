"""Runs of the balance lab on any game with an engine: reproducible whatever the split (1
process, 2, a Dask cluster), and the CLI. (`--set` changes that show in the measures and
variants on the same seeds are cases of a game's own values: in its folder.)"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from playtest.lab.runner import RunSpec, run
from tests.lab.helpers import GAME, assert_refused, dask_scratch_in, run_cli

SPEC = RunSpec(game=GAME, players=3, bots=("greedy", "random", "random"), games=24, seed=7)


def test_a_run_is_the_same_on_one_process_or_two() -> None:
    one = run(SPEC, workers=1)
    two = run(SPEC, workers=2)
    assert [o.index for o in one.outcomes] == list(range(24))
    assert one.outcomes == two.outcomes
    assert run(RunSpec(**{**SPEC.__dict__, "seed": 8}), workers=1).outcomes != one.outcomes


def test_a_run_is_the_same_on_a_dask_cluster(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        dask_scratch_in(tmp_path),
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
    ):
        on_dask = run(SPEC, scheduler=cluster.scheduler_address)
    assert on_dask.outcomes == run(SPEC, workers=1).outcomes


def test_seats_rotate_so_every_bot_plays_every_seat() -> None:
    spec = RunSpec(game=GAME, players=3, bots=("greedy", "random"), games=3)
    assert [spec.seat_bots(i) for i in range(3)] == [
        ("greedy", "random", "greedy"),
        ("random", "greedy", "greedy"),
        ("greedy", "greedy", "random"),
    ]


def test_the_cli_writes_a_self_contained_report(tmp_path: Path) -> None:
    done = run_cli(
        "simulate",
        GAME,
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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "genius"], "unknown bot 'genius'"),  # a game's own values: in its folder
        # a value nested past the YAML bound: refused as in a file (it was a RecursionError)
        (["--set", f"rules.x={'[' * 3000}{']' * 3000}"], "nested more than 64 levels deep"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: list[str], message: str, tmp_path: Path) -> None:
    assert_refused(tmp_path, GAME, *args, message=message)


def test_ctrl_c_stops_cleanly_and_reports_what_finished(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "playtest.cli",
            "simulate",
            GAME,
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
    # interrupted once the progress line shows finished games (not after a fixed wait that
    # keeps both cores busy simulating)
    seen = ""
    while not re.search(r" [1-9][0-9]*/100000 games", seen):
        line = proc.stderr.readline()
        assert line, f"simulate ended before it showed progress: {seen}"
        seen += line
    os.kill(proc.pid, signal.SIGINT)
    _out, rest = proc.communicate(timeout=120)
    err = seen + rest
    assert proc.returncode == 130, err
    assert "interrupted:" in err and "Traceback" not in err
    data = json.loads((tmp_path / "i" / "report.json").read_text())
    assert 0 < data["metrics"]["games"] < 100000
    assert data["run"]["interrupted"] is True
