"""The fuzz tests' shared starting point, made in pytest's temporary folder (never at import)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import make_components


@pytest.fixture(scope="module")
def mini_components(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mini game's components folder, made once per module; each case works on a copy
    in a folder beside it."""
    return make_components(tmp_path_factory.mktemp("fuzz"))
