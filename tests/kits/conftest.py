"""A built kit of the mini test game, shared by the tests of this folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kits.mini_kit import build


@pytest.fixture(scope="session")
def mini_kit(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("kit"))
