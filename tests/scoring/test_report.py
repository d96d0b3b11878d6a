"""The text answer: one table while it fits, one block per player when it does not; game notes
in place of structured extras; warnings for broken rules."""

from __future__ import annotations

from playtest.scorer.report import check_text, score_text
from playtest.scorer.result import PlayerScore, Result, Violation


def result(breakdown: dict[str, int], **kw) -> Result:
    players = (PlayerScore("Ann", sum(breakdown.values()), breakdown, {"rank": "Runner-up"}),)
    return Result("g", "solo", kw.pop("violations", ()), players, ("Ann",), **kw)


def test_narrow_breakdowns_are_a_table() -> None:
    text = score_text(result({"a": 1, "b": 2}))
    assert text.splitlines() == [
        "g (solo)",
        "player  a  b  total",
        "Ann     1  2      3",
        "Ann rank: Runner-up",
        "winner: Ann",
    ]


def test_wide_breakdowns_are_blocks() -> None:
    wide = {f"award number {i} with a long name (column {i})": i for i in range(5)}
    lines = score_text(result(wide)).splitlines()
    assert lines[1] == "Ann:"
    assert lines[2].startswith("  award number 0") and lines[2].endswith("   0")
    assert lines[-3].split() == ["total", "10"]
    assert all(len(line) <= 120 for line in lines)


def test_notes_replace_structured_extras_and_violations_warn() -> None:
    violation = Violation("X-01", "Ann", "row 1", "too many")
    text = score_text(
        result(
            {"a": 1},
            extra={"turn": "Ann", "detail": {"x": 1}},
            notes=("a note",),
            violations=(violation,),
        )
    )
    assert "a note" in text and "detail" not in text and "turn" not in text
    assert text.endswith("warning: the position breaks the rules:\n  X-01 Ann: row 1: too many")
    plain = score_text(result({"a": 1}, extra={"turn": "Ann", "detail": {"x": 1}}))
    assert "turn: Ann" in plain and "detail" not in plain
    assert (
        check_text(result({"a": 1}, violations=(violation,)))
        == "g: 1 broken rule\n  X-01 Ann: row 1: too many"
    )
    assert check_text(result({"a": 1})) == "g: legal"
