"""A big folder of records read on several processes gives the answers one process gives,
byte for byte and in the order of the files, bad records included."""

from __future__ import annotations

import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from playtest.core.errors import InputError, Problem
from playtest.library.loader import load_library
from playtest.scorer.batch import PARALLEL_FROM, evaluate_files, usable_cores
from tests.games import a_game, example_records, game_ids

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLAYTEST = str(Path(sys.executable).with_name("playtest"))
BROKEN = {
    "bad-yaml.yaml": f"game: [{a_game()}\n",
    "unknown-game.yaml": "game: chess\nplayers: []\n",
    "wrong-type.yaml": f"game: {a_game()}\nvariant: basic\nplayers: 3\n",
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """More records than PARALLEL_FROM: every example record of every game, again and again,
    with a few that cannot be read among them."""
    out = tmp_path_factory.mktemp("records")
    examples = sorted(p for p in EXAMPLES.glob("*/*.yaml") if not p.name.startswith("log-"))
    for i in range(PARALLEL_FROM + 30):
        source = examples[i % len(examples)]
        shutil.copy(source, out / f"r{i:04d}-{source.parent.name}-{source.name}")
    for name, text in BROKEN.items():
        (out / f"r0200-{name}").write_text(text)
    return out


def _run(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PLAYTEST, *map(str, args)], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("command", [("score", "--json"), ("score",), ("check", "--json")])
def test_two_processes_answer_as_one(folder: Path, command: tuple[str, ...]) -> None:
    one = _run(*command, folder, "--workers", 1)
    two = _run(*command, folder, "--workers", 2)
    assert one.returncode == two.returncode == 2  # the broken records, after every answer
    assert two.stdout == one.stdout
    assert two.stderr == one.stderr
    assert all(one.stdout.count(game) > 10 for game in game_ids())  # every game, many times
    for name in BROKEN:
        assert f"r0200-{name}" in one.stderr


def test_answers_keep_the_order_of_the_files(folder: Path) -> None:
    files = sorted(folder.iterdir())
    library = load_library()
    serial = evaluate_files(files, library, workers=1)
    forked = evaluate_files(files, library, workers=3)
    assert [path for path, _ in forked] == files
    for (_, a), (_, b) in zip(serial, forked, strict=True):
        if isinstance(a, InputError):
            assert isinstance(b, InputError) and b.problems == a.problems
        else:
            assert b == a
    assert sum(isinstance(outcome, InputError) for _, outcome in forked) == len(BROKEN)


def test_a_small_folder_is_read_here(tmp_path: Path) -> None:
    """Under PARALLEL_FROM records no process is started: the answers are the same anyway."""
    for i, source in enumerate(example_records(a_game())):
        shutil.copy(source, tmp_path / f"{i}.yaml")
    files = sorted(tmp_path.iterdir())
    library = load_library()
    assert evaluate_files(files, library, workers=4) == evaluate_files(files, library, 1)


def test_an_input_error_travels_between_processes_whole() -> None:
    error = InputError(
        [
            Problem("a.yaml", 3, "players[0].pig", "expected a number"),
            Problem("a.yaml", 9, "", "second problem"),
        ]
    )
    back = pickle.loads(pickle.dumps(error))
    assert back.problems == error.problems and str(back) == str(error)


def test_usable_cores_is_at_least_one() -> None:
    assert 1 <= usable_cores() <= 4096


def test_workers_is_explained_in_help() -> None:
    for command in ("score", "check"):
        assert "--workers N" in _run(command, "--help").stdout
