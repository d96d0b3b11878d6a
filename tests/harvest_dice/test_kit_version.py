"""The playtest log's kit version follows Harvest Dice's YAML: a number changed without a new
`version:` is another version (moved from tests/log/test_store.py)."""

from __future__ import annotations

from pathlib import Path

from playtest.log import kit_version
from playtest.log.entries import _yaml_hash


def test_kit_version_changes_with_the_yaml(tmp_path: Path) -> None:
    from playtest.library.loader import load_library
    from tests.helpers import copy_components, edit_once

    root = copy_components(tmp_path)
    game = load_library(root).game("harvest-dice")
    before = kit_version(game)
    assert before.startswith(f"{game.info.version}+")  # the declared version, then the hash
    edit_once(
        root / "harvest-dice" / "game.yaml",
        "row_points: [1, 2, 3, 4, 5, 6, 7]",
        "row_points: [1, 2, 3, 4, 5, 6, 8]",
    )
    _yaml_hash.cache_clear()
    after = kit_version(load_library(root).game("harvest-dice"))
    assert after != before and after.startswith(f"{game.info.version}+")
