"""A game named as people type it: in any case (`My-Game` is `my-game`), and when it is
unknown, a message that helps: the near miss (`my-gmae`: did you mean 'my-game'?) and, for a
game that is not installed, where one's own games are read from (`--components DIR`), naming
the folder when the current one holds it."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path

from playtest.core.errors import InputError

COMPONENTS_HINT = "a game of your own is read from its components folder: add --components DIR"


def canonical_id(typed: str, known: Iterable[str]) -> str | None:
    """The known id `typed` names, in any case and without surrounding spaces; None if none."""
    ids = list(known)
    if typed in ids:
        return typed
    folded = typed.strip().casefold()
    return next((game_id for game_id in ids if game_id.casefold() == folded), None)


def did_you_mean(typed: str, known: Iterable[str]) -> str:
    """`did you mean 'my-game'?` for a near miss, else nothing."""
    by_fold = {game_id.casefold(): game_id for game_id in known}
    close = difflib.get_close_matches(typed.strip().casefold(), list(by_fold), n=2, cutoff=0.6)
    return f"did you mean {' or '.join(repr(by_fold[c]) for c in close)}?" if close else ""


def own_folder_hint(typed: str, here: Path | None = None) -> str:
    """How to use a game that is not installed: the folder to pass when one in the current
    folder holds a game of that name (`components/my-game/game.yaml`), else the option."""
    here = Path.cwd() if here is None else here
    name = typed.strip()
    if name and not set(name) & set("/\\") and name not in (".", ".."):
        try:
            for folder in sorted(here.iterdir()):
                if (folder / name / "game.yaml").is_file():
                    return f"{folder.name}/{name}/ here is one: add --components {folder.name}"
        except OSError:
            pass
    return COMPONENTS_HINT


def unknown_game_message(typed: str, known: Iterable[str], *, installed: bool = True) -> str:
    """`unknown game 'my-gmae'; did you mean 'my-game'? (expected one of: ...)`; a
    game of the installed ones that is not a near miss gets the way to one's own folder."""
    ids = sorted(known)
    near = did_you_mean(typed, ids)
    message = f"unknown game {typed!r}" + (f"; {near}" if near else "")
    message += f" (expected one of: {', '.join(ids) or 'none'})"
    if installed and not near:
        message += f"; {own_folder_hint(typed)}"
    return message


def unknown_game(
    typed: str, known: Iterable[str], *, field: str = "game", installed: bool = True
) -> InputError:
    """The one-line error of `unknown_game_message`, from the command line (`playtest: ...`)."""
    return InputError.one(
        "playtest", None, field, unknown_game_message(typed, known, installed=installed)
    )
