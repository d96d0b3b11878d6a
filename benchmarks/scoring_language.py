"""A game scored in YAML at the documented maximum sizes, loaded (issue 38, item 4): 5,000
fields (`MAX_SCORED_FIELDS`), a `rules:` table of 30,000 number keys, and a check made once per
field (`each:`, 5,000 groups) that looks the field up in the table, counts its group and adds
up every field; then 5,000 fields of 41-character ids against a pattern a backtracking matcher
takes hours over (`*a` 14 times, then `*7`). Loading compiles every expression and tries it on
an empty sheet and a full one. CPU time of a fresh process, fastest of three; the same game
without its `scoring:` and `checks:`, its YAML read and its sheet drawn to find the fields
(playtest/faces/fields.py), is measured apart: the difference is the scoring language's.
Before issue 38 the first game took minutes to load and the second hours. The test of the
complexity, not timed: tests/hostile/test_scoring_language.py."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from benchmarks.common import measure
from playtest.core.limits import MAX_SCORED_FIELDS

KEYS = 30_000
COLUMNS = 50  # fields in a line of the sheet


def _game(root: Path, field_id: str, rules: dict, scoring: str, checks: str = "") -> None:
    from playtest import components

    shutil.copytree(components.ROOT / "_shared", root / "_shared")
    (root / "big").mkdir()
    (root / "big" / "game.yaml").write_text(
        "game: {id: big, name: Big sheet, players: [1, 4]}\n"
        f"rules: {json.dumps(rules)}\n"
        "sheets:\n  - {id: sheet, name: Big sheet, size: [148, 210], layout: sheet}\n"
        "layouts:\n  sheet:\n    elements:\n"
        "      - repeat:\n"
        f"          count: {MAX_SCORED_FIELDS}\n"
        f"          wrap: {COLUMNS}\n"
        "          step: [2.5, 0]\n"
        "          line_step: [0, 2]\n"
        "          elements:\n"
        "            - rect: {x: 5, y: 5, w: 2, h: 1.5,\n"
        f'                     field: {{id: "{field_id}", kind: number, max: 50}}}}\n'
        f"scoring:\n{scoring}" + (f"checks:\n{checks}" if checks else "")
    )


def table_game(root: Path) -> None:
    """Every field's check looks up a key the full sheet's value (50) is not: the search."""
    table = {"0": 0, **{str(2 * n + 1): n % 7 for n in range(KEYS - 1)}}
    _game(
        root,
        "g{n}.v",
        {"table": table},
        "  categories:\n    - {id: cells, points: 'sum(\"g*.v\")'}\n",
        "  - code: B-01\n"
        '    each: "g#.*"\n'
        '    rule: \'lookup(rules.table, g#.v) >= 0 and count("g#.*") == 1'
        ' and sum("g*.v") >= 0\'\n'
        '    message: "x"\n'
        '    where: "g {group}"\n',
    )


def pattern_game(root: Path) -> None:
    stars = "*a" * 14
    _game(
        root,
        "a" * 36 + "{n:05d}",  # 41 characters
        {},
        f"  categories:\n    - {{id: sevens, points: 'count(\"{stars}*7\")'}}\n",
    )


LOAD = """
from pathlib import Path
from playtest.library.loader import load_library
library = load_library(Path({root!r}))
"""
WHOLE = "library.game('big')"
FIELDS = """
from playtest.faces.fields import fields_by_id
fields_by_id(library.game('big'))
"""


def _unscored(root: Path) -> None:
    """The same game with no `scoring:` or `checks:`: loading it draws nothing."""
    path = root / "big" / "game.yaml"
    path.write_text(path.read_text().split("scoring:\n")[0])


def run() -> list[tuple[str, ...]]:
    rows = []
    for name, make in (
        (f"{MAX_SCORED_FIELDS:,} fields, {KEYS:,}-key table, a check per field", table_game),
        (f'{MAX_SCORED_FIELDS:,} ids of 41 characters, `count("*a" x 14 "*7")`', pattern_game),
    ):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "components"
            make(root)
            whole = measure(WHOLE, LOAD.format(root=str(root)), cwd=Path(tmp), repeat=3)
            _unscored(root)
            drawn = measure(FIELDS, LOAD.format(root=str(root)), cwd=Path(tmp), repeat=3)
        language = whole["cpu"] - drawn["cpu"]
        rows.append(
            (
                name,
                f"{whole['cpu']:.2f} s",
                f"{drawn['cpu']:.2f} s",
                f"{language:.2f} s",
                "within 2 s" if language <= 2 else "OVER 2 s",
            )
        )
    return rows
