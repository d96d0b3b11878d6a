"""Typed schemas of each game's `rules:` block: the numbers both the kit and the scorer use.

Each module here names its game in `GAME_ID` and its schema in `Rules`; they are found
automatically, so a new game adds a module and touches nothing else. A game without a module
keeps its `rules:` as free-form data.
"""

from __future__ import annotations

import importlib
import pkgutil

from pydantic import BaseModel


def rules_schemas() -> dict[str, type[BaseModel]]:
    found: dict[str, type[BaseModel]] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        game_id = getattr(module, "GAME_ID", None)
        if game_id:
            found[game_id] = module.Rules
    return found
