"""docs/records.md is the reference for records: every example in it is a readable record, and
every violation code a scorer can give is explained there (HD-01 … AA-12)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.games import game_ids

DOC = (REPO / "docs" / "records.md").read_text()
RECORDS = DOC.split("\n## Game logs", 1)[0]  # game logs follow, read by `playtest replay`
EXAMPLES = re.findall(r"```yaml\n(.*?)```", RECORDS, re.S)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.split("\n")[0])
def test_every_example_record_in_the_doc_is_readable(example: str, tmp_path: Path, run_cli) -> None:
    record = tmp_path / "record.yaml"
    record.write_text(example)
    result = run_cli("check", record)
    assert result.exit_code in (0, 1), result.output  # legal or not, but read


def test_every_game_has_an_example() -> None:
    games = {re.search(r"^game: (\S+)", e, re.M).group(1) for e in EXAMPLES}
    assert games == set(game_ids())


def test_every_code_the_scorers_give_is_explained() -> None:
    given = set()
    for source in (REPO / "scorer").rglob("*.py"):
        given |= set(re.findall(r"\b(HD|VG|DT|AA)-(\d\d)\b", source.read_text()))
    explained = set(re.findall(r"\b(HD|VG|DT|AA)-(\d\d)\b", DOC))
    assert given, "no codes found in the scorers?"
    assert given <= explained
    for prefix, count in (("HD", 7), ("VG", 6), ("DT", 9), ("AA", 12)):
        assert {(prefix, f"{n:02d}") for n in range(1, count + 1)} <= explained


def test_the_help_and_the_examples_cite_a_file_that_exists(run_cli) -> None:
    for command in ("score", "check"):
        assert "docs/records.md" in run_cli(command, "--help").output
    assert (REPO / "docs" / "records.md").is_file()
    for readme in (REPO / "examples").glob("*/README.md"):
        text = readme.read_text()
        assert "(records.md)" not in text and "shared/spec" not in text, readme
        for cited in re.findall(r"\]\(([^)\s]*records\.md)\)", text):
            assert (readme.parent / cited).resolve().is_file(), (readme, cited)
