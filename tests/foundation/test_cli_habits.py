"""Issue 23, CLI habits: help text on every option, `-V` beside `--version`, one error style
(`playtest: ...` on one line, exit 2) for usage errors too, shell completion, `build --strict`,
preview's warnings, `-q`, zero-padded pictures and a preview folder holding the latest run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from playtest.cli import main
from tests.games import a_game
from tests.helpers import make_components


def commands(command: click.Command, path: str = "playtest") -> Iterator[tuple[str, click.Command]]:
    yield path, command
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            yield from commands(sub, f"{path} {name}")


def test_every_option_of_every_command_has_help_text() -> None:
    missing = [
        f"{path} {'/'.join(param.opts)}"
        for path, command in commands(main)
        for param in command.params
        if isinstance(param, click.Option) and not param.hidden and not (param.help or "").strip()
    ]
    assert missing == []
    assert len(list(commands(main))) >= 14  # every command was walked (log's three too)


def test_dash_v_is_the_version(run_cli) -> None:
    assert run_cli("-V").stdout == run_cli("--version").stdout
    assert run_cli("-V").stdout.startswith("playtest, version ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["build", "--frob"], "no such option '--frob'"),
        (["simulate", a_game(lambda g: g.engine)], "missing option '--players'"),
        (["preview"], "missing argument 'GAME'"),
        (["build", "--paper", "a5"], "invalid value for '--paper': 'a5' is not one of"),
        ([], "no such command 'nosuch'"),
        (["log", "list", "--frob"], "no such option '--frob'"),
        (["score", "no-such-file.yaml"], "invalid value for 'RECORDS...': "),
    ],
)
def test_a_usage_error_is_one_line_in_the_tools_style(run_cli, args, message) -> None:
    command = " ".join(["playtest", *args[: 2 if args[:1] == ["log"] else 1]])
    result = run_cli(*(args or ["nosuch"]))
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"playtest: {message}"), lines[0]
    assert lines[0].endswith(f" (see `{command} --help`)"), lines[0]


def test_playtest_alone_shows_its_help(run_cli) -> None:
    result = run_cli()
    assert "Commands:" in result.output and "build" in result.output


def test_shell_completion_scripts_as_the_readme_says() -> None:
    for shell, marker in (("bash", "complete -o"), ("zsh", "compdef"), ("fish", "complete")):
        result = CliRunner().invoke(
            main, [], prog_name="playtest", env={"_PLAYTEST_COMPLETE": f"{shell}_source"}
        )
        assert result.exit_code == 0, result.output
        assert marker in result.stdout and "_PLAYTEST_COMPLETE" in result.stdout, shell
    done = CliRunner().invoke(
        main,
        [],
        prog_name="playtest",
        env={"_PLAYTEST_COMPLETE": "bash_complete", "COMP_WORDS": "playtest bu", "COMP_CWORD": "1"},
    )
    assert "plain,build" in done.stdout


def too_long_text(tmp_path: Path) -> Path:
    """The mini game with every card's id box far too small for its text: one warning."""
    root = make_components(tmp_path)
    layouts = root / "mini-game" / "layouts.yaml"
    layouts.write_text(
        layouts.read_text().replace(
            '{text: "{id}", x: 40, y: 80, w: 18, h: 4, style: id}',
            '{text: "identifier {deck.name}", x: 40, y: 80, w: 3, h: 1, style: id}',
        )
    )
    return root


def test_build_strict_exits_1_on_a_warning_and_0_without(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    clean = make_components(tmp_path / "clean")
    assert (
        run_cli("build", "--components", clean, "--format", "pdf", "-q", "--strict").exit_code == 0
    )
    warned = too_long_text(tmp_path / "warned")
    args = ("build", "--components", warned, "--format", "pdf", "-q", "--out", "kits")
    assert run_cli(*args).exit_code == 0
    strict = run_cli(*args, "--strict")
    assert strict.exit_code == 1
    assert "text does not fit its 3x1 mm box" in strict.stderr
    assert strict.stderr.splitlines()[-1] == "playtest: --strict: the build gave 1 warning"
    assert (tmp_path / "kits" / "mini-game" / "mini-game-kit.pdf").is_file()  # still written


def test_preview_warns_as_build_does(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = too_long_text(tmp_path)
    monkeypatch.chdir(tmp_path)
    built = run_cli("build", "--components", root, "--format", "pdf", "-q")
    shown = run_cli("preview", "mini-game", "--page", "1", "--components", root, "--dpi", "10")
    assert shown.exit_code == 0
    warnings = [line for line in built.stderr.splitlines() if "warning:" in line]
    assert len(warnings) == 1
    assert [line for line in shown.stderr.splitlines() if "warning:" in line] == warnings


def test_preview_pages_are_zero_padded_and_the_folder_holds_the_latest_run(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    first = run_cli("preview", "mini-game", "--components", root, "--dpi", "10")
    assert first.exit_code == 0
    pages = sorted(p.name for p in (tmp_path / "output" / "preview").glob("*.png"))
    assert pages == [f"mini-game-page-{n:02d}.png" for n in range(1, 27)]
    assert first.stdout.split() == [f"output/preview/{name}" for name in pages]
    again = run_cli("preview", "mini-game", "--page", "3", "--components", root, "-q")
    assert again.exit_code == 0 and again.stdout == ""
    assert [p.name for p in (tmp_path / "output" / "preview").glob("*.png")] == [
        "mini-game-page-03.png"
    ]


@pytest.mark.parametrize("command", ["build", "preview", "simulate"])
def test_every_command_that_prints_progress_has_q(command: str) -> None:
    params = {opt for param in main.commands[command].params for opt in param.opts}
    assert {"-q", "--quiet"} <= params
