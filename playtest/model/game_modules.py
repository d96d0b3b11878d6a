"""Per-game modules found, not listed: every module of a package that names its game in
`GAME_ID`, by that id. A new game adds its modules and touches nothing else."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from types import ModuleType


def by_game_id(package: str, path: Iterable[str]) -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(path):
        module = importlib.import_module(f"{package}.{info.name}")
        game_id = getattr(module, "GAME_ID", None)
        if game_id:
            found[game_id] = module
    return found
