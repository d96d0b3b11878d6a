"""Issue 23: every command shown in README.md and docs/*.md runs in a test, as written.

Each shell block's `playtest ...` lines run in order in one empty folder (with the shipped
`examples/` beside them): `new` then `build`, `score --log` then `log list`. A server runs
until it answers on a free port and is stopped; a simulation plays a few games (the last
`--games` wins), a cluster address is a real local Dask cluster's. `check` exits 1 on an
illegal record: that is its answer. A line that is not `playtest ...` is either run here too
(activating the environment, shell completion) or named in ELSEWHERE with the test or the CI
step that runs it, and no entry there is stale."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import click
import httpx
import pytest

from playtest.cli import main
from tests.conftest import REPO
from tests.lab.helpers import dask_scratch_in
from tests.web.conftest import PLAYTEST, free_port, stop_server

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
BIN = Path(sys.executable).parent

# what runs elsewhere, and where (the Quick start and the development commands)
ELSEWHERE = {
    "python3.11 -m venv .venv && .venv/bin/pip install -c requirements/test.lock -e . && "
    ".venv/bin/playtest build": "CI runs it verbatim: tests/foundation/test_readme.py",
    ".venv/bin/pip install -c requirements/test.lock -e '.[test]' && "
    ".venv/bin/python tests/setup_browser.py && "
    ".venv/bin/python -m pytest -n auto --cov": "CI runs it verbatim (test_readme.py)",
    ".venv/bin/python -m pytest -n auto": "this suite (the Quick start's second command)",
    ".venv/bin/python -m pytest -n auto --cov": "the Quick start's second command",
    ".venv/bin/python -m coverage report": "coverage's own report of the data --cov keeps",
    ".venv/bin/python -m coverage html": "coverage's own report of the data --cov keeps",
    ".venv/bin/python -m pytest tests/golden --update-golden": "tests/golden/conftest.py",
    ".venv/bin/ruff check . && .venv/bin/ruff format --check .": "CI (.ci/run)",
    ".venv/bin/python .ci/typecheck.py": "CI (.ci/run)",
    ".venv/bin/python .ci/imports.py": "CI (.ci/run); tests/foundation/test_import_contract.py",
    ".venv/bin/python -m benchmarks.run": "benchmarks/ (figures, not tests)",
    ".venv/bin/python -m tests.kits.kit_digests --write": "tests/kits/test_kit_digests.py",
    ".ci/other-pythons": "tests/kits/test_kit_digests.py on Python 3.12 and 3.13",
    ".ci/lock": "tests/foundation/test_lock.py checks what it wrote",
    ".ci/latest": "this suite and the type check, with the newest versions in range",
    ".ci/lowest": "this suite, with the lowest versions in range",
    "dask scheduler": "a cluster: the --scheduler line below runs on a real local one",
    "dask worker tcp://HOST:8786 --nworkers 4 --nthreads 1": "as `dask scheduler`",
}
# guides whose commands need what the guide made first, and the test that follows the guide
FOLLOWED = {"docs/adding-a-game.md": "tests/designer/test_adding_a_game.py"}
SERVERS = {"serve"}  # run until stopped


def shell_lines(block: str) -> list[str]:
    """The commands of a shell block: continued lines joined, comments dropped."""
    joined = re.sub(r"\\\n\s*", "", block)
    lines = [re.split(r"\s{2,}#|^#", line, maxsplit=1)[0].strip() for line in joined.splitlines()]
    return [line for line in lines if line]


def shell_blocks() -> list[tuple[str, list[str]]]:
    """(where, lines) for every shell block of the docs."""
    found = []
    for doc in DOCS:
        text = doc.read_text()
        for match in re.finditer(r"```sh\n(.*?)```", text, re.S):
            line = text.count("\n", 0, match.start()) + 1
            found.append((f"{doc.relative_to(REPO)}:{line}", shell_lines(match.group(1))))
    return found


def is_synopsis(line: str) -> bool:
    """`playtest score RECORD ... [--json]`: the form of a command, not one to run."""
    return "[" in line or "..." in line


PLAYTEST_BLOCKS = [
    (where, [line for line in lines if line.startswith("playtest ") and not is_synopsis(line)])
    for where, lines in shell_blocks()
]
PLAYTEST_BLOCKS = [
    (where, lines)
    for where, lines in PLAYTEST_BLOCKS
    if lines and where.split(":")[0] not in FOLLOWED
]
OTHER_LINES = {
    line for _, lines in shell_blocks() for line in lines if not line.startswith("playtest ")
}


def test_every_other_command_is_run_here_or_named_with_where_it_runs() -> None:
    run_here = {". .venv/bin/activate", 'eval "$(_PLAYTEST_COMPLETE=bash_source playtest)"'}
    assert OTHER_LINES - run_here == set(ELSEWHERE), "update ELSEWHERE"
    for line in ELSEWHERE:  # the files and modules the development commands name exist
        for word in shlex.split(line):
            if "/" in word and not word.startswith((".venv/", "tests/golden", "tcp://")):
                assert (REPO / word).exists(), (line, word)
        module = re.search(r"-m ([\w.]+)", line)
        if module and module.group(1).startswith(("benchmarks", "tests")):
            assert (REPO / (module.group(1).replace(".", "/") + ".py")).exists(), line


def test_a_followed_guide_is_followed_by_its_test() -> None:
    for guide, test in FOLLOWED.items():
        assert (REPO / test).exists() and guide in (REPO / test).read_text(), guide


def test_activating_the_environment_finds_playtest() -> None:
    done = subprocess.run(
        ["bash", "-c", f". {BIN}/activate && command -v playtest"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == str(BIN / "playtest")


def test_shell_completion_as_the_readme_says() -> None:
    done = subprocess.run(
        ["bash", "-c", 'eval "$(_PLAYTEST_COMPLETE=bash_source playtest)" && complete -p playtest'],
        capture_output=True,
        text=True,
        env={"PATH": f"{BIN}:/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "playtest" in done.stdout and "-F" in done.stdout


def test_synopsis_lines_name_real_commands_and_options() -> None:
    synopses = [
        line for _, lines in shell_blocks() for line in lines if line.startswith("playtest ")
    ]
    synopses = [line for line in synopses if is_synopsis(line)]
    assert synopses, "docs/records.md shows the forms of score and check"
    for line in synopses:
        words = line.split()
        command = main.commands[words[1]]
        known = {opt for param in command.params for opt in param.opts}
        for option in re.findall(r"(?<![\w-])(-{1,2}[a-z][\w-]*)", line):
            assert option in known, (line, option)
        assert isinstance(command, click.Command)


@pytest.fixture(scope="module")
def dask_scheduler(tmp_path_factory: pytest.TempPathFactory):
    distributed = pytest.importorskip("distributed")
    with (
        dask_scratch_in(tmp_path_factory.mktemp("dask")),
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
    ):
        yield cluster.scheduler_address


def served(args: list[str], folder: Path) -> None:
    """`playtest serve ...` on a free port answers its home page (off loopback, at the address
    with the access token it prints), then is stopped."""
    port = free_port()
    log = folder / f"serve-{port}.txt"
    with log.open("w") as stderr:
        process = subprocess.Popen(
            [*PLAYTEST, *args, "--port", str(port)], cwd=folder, stderr=stderr, text=True
        )
    try:
        url = f"http://127.0.0.1:{port}/"
        for _ in range(600):
            assert process.poll() is None, log.read_text()
            try:
                answer = httpx.get(url, timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        if answer.status_code == 403:  # reachable from the network: the token it printed
            token = re.search(r"\?token=([\w-]+)", log.read_text())
            assert token, log.read_text()
            with httpx.Client(follow_redirects=True, timeout=30) as browser:  # keeps the cookie
                answer = browser.get(f"{url}?token={token.group(1)}")
        assert answer.status_code == 200, (args, answer.status_code)
    finally:
        stop_server(process)


@pytest.mark.parametrize(("where", "block"), PLAYTEST_BLOCKS, ids=[w for w, _ in PLAYTEST_BLOCKS])
def test_every_docs_command_works_as_written(
    where: str, block: list[str], tmp_path: Path, run_cli, monkeypatch, request
) -> None:
    (tmp_path / "examples").symlink_to(REPO / "examples")
    monkeypatch.chdir(tmp_path)
    for line in block:
        args = shlex.split(line)[1:]
        if args[0] in SERVERS:
            served(args, tmp_path)
            continue
        if args[0] == "simulate":  # the same command, on a few games (the last --games wins)
            args += ["--games", "4", "--workers", "1", "-q"]
            if "--scheduler" in args:
                at = args.index("--scheduler") + 1
                args[at] = request.getfixturevalue("dask_scheduler")
        result = run_cli(*args)
        allowed = (0, 1) if args[0] == "check" else (0,)
        assert result.exit_code in allowed, (where, line, result.output)
