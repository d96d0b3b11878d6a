"""`playtest serve` refuses what it cannot do with one line and exit 2."""

from __future__ import annotations

import socket
from pathlib import Path

from playtest.core.errors import Problem


def test_a_busy_port_is_one_line(run_cli, tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_cli("serve", "--port", port, "--db", tmp_path / "p.db")
    assert result.exit_code == 2
    assert (
        result.output.strip()
        == f"playtest: --port: cannot listen on 127.0.0.1:{port} (Address already in use)"
    )


def test_a_refused_serve_leaves_warnings_to_the_end_of_the_next_command(
    run_cli, tmp_path: Path
) -> None:
    """`serve` says a game left out at once while it serves; once it has returned (here,
    refused: run in this process, as tests and tools run commands), a game left out is kept for
    the end of the next command again, not printed in the middle of its output."""
    from playtest.library import registry

    db = tmp_path / "notes.db"
    db.write_text("not a database\n" * 50)
    assert run_cli("serve", "--db", db).exit_code == 2
    problem = Problem("plugin.py", None, "my-game", "left out")
    registry._warn(problem)
    assert registry.take_warnings() == ["plugin.py: warning: my-game: left out"]


def test_a_file_that_is_not_a_log_is_refused_and_left_alone(run_cli, tmp_path: Path) -> None:
    db = tmp_path / "notes.db"
    db.write_text("my notes, not a database\n" * 50)
    result = run_cli("serve", "--db", db)
    assert result.exit_code == 2 and "cannot open the playtest log" in result.output
    assert db.read_text().startswith("my notes")


def test_help_shows_the_safe_default_and_the_phone_example(run_cli) -> None:
    text = run_cli("serve", "--help").output
    assert "--host TEXT" in text and "127.0.0.1" in text and "0.0.0.0" in text
