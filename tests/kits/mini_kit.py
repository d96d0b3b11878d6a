"""A built kit of the mini test game (tests/helpers.make_components): the tests of this folder
and others build it with their own overrides."""

from __future__ import annotations

import os
from pathlib import Path

from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from tests.helpers import make_components


def build(tmp: Path, **overrides) -> Path:
    root = make_components(tmp) if not (tmp / "components").exists() else tmp / "components"
    cwd = os.getcwd()
    os.chdir(tmp)
    try:
        request = BuildRequest(
            out_dir=Path("out"),
            overrides=overrides,
            options=overrides.pop("options", {}) if "options" in overrides else {},
        )
        list(build_kits(load_library(root), request))
    finally:
        os.chdir(cwd)
    return tmp / "out" / "mini-game"
