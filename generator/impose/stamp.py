"""What tells one printing of a kit from another: the game's `version:` and the build date.

The date is SOURCE_DATE_EPOCH when set (reproducible builds), else the modification date of
the newest file the kit is made from, never "now": the same files give the same bytes."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime

from playtest.core.errors import InputError
from playtest.model.game import Game


@dataclass(frozen=True)
class Stamp:
    game: str  # the game's name
    version: str  # "0.3", or "" when the YAML gives none
    date: str  # YYYY-MM-DD

    @property
    def mark(self) -> str:
        """The tiny mark on every card."""
        return f"v{self.version}" if self.version else self.date


def kit_stamp(game: Game) -> Stamp:
    return Stamp(game.info.name, game.info.version, build_date(game).strftime("%Y-%m-%d"))


def build_date(game: Game) -> datetime:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is not None:
        try:
            return datetime.fromtimestamp(int(epoch), UTC)
        except (ValueError, OverflowError, OSError):
            raise InputError.one(
                "SOURCE_DATE_EPOCH", None, "", f"expected whole seconds since 1970, got {epoch!r}"
            ) from None
    folders = (game.folder, game.folder.parent / "_shared")
    newest = max(
        (
            p.stat().st_mtime
            for folder in folders
            if folder.is_dir()
            for p in folder.rglob("*")
            if p.is_file()
        ),
        default=0.0,
    )
    return datetime.fromtimestamp(newest, UTC)
