"""`playtest new GAME`: a small working starter game (a deck, a die, a score sheet, a token,
with comments) written into a components folder, ready for `playtest build GAME`."""

from __future__ import annotations

import os
import shutil
import sysconfig
from pathlib import Path

from playtest.components import SHARED, default_root
from playtest.core.errors import InputError
from playtest.core.input_files import read_bounded
from playtest.core.limits import MAX_COMPONENT_BYTES
from playtest.core.schema import ID_PATTERN

STARTER = Path(__file__).resolve().parent / "starter"


def starter_files() -> list[Path]:
    return sorted(p for p in STARTER.rglob("*") if p.is_file() and p.suffix in (".yaml", ".svg"))


def new_game(game_id: str, root: Path | None, name: str | None = None) -> tuple[Path, bool]:
    """Write the starter game `game_id` into `root`; returns its folder and whether `_shared/`
    had to be copied there first. Nothing is written when the game exists already."""
    if not ID_PATTERN.match(game_id) or game_id.startswith("_"):
        raise InputError.one(
            "playtest",
            None,
            "GAME",
            f"{game_id!r} is not a valid game id (letters, digits, '-', '_' "
            "and '.', no spaces), e.g. my-game",
        )
    if root is None and _installed(default_root()):
        raise InputError.one(
            "playtest",
            None,
            "--components",
            "the installed components folder is part of the package (an upgrade replaces it): "
            "pass a folder of your own, e.g. --components my-games",
        )
    root = Path(root) if root is not None else default_root()
    folder = root / game_id
    if folder.exists():
        raise InputError.one(
            str(folder), None, "GAME", "already exists; choose another name (nothing was written)"
        )
    if (root / "game.yaml").is_file():
        raise InputError.one(
            str(root),
            None,
            "--components",
            "this is a game folder; pass the folder that holds the games",
        )
    title = name or game_id.replace("-", " ").replace("_", " ").title()
    staging = root / f".{game_id}.new-{os.getpid()}"
    copied_shared = not (root / SHARED).is_dir()
    try:
        if copied_shared:  # a fresh components folder starts from the installed presets
            shutil.copytree(default_root() / SHARED, root / SHARED)
        for source in starter_files():
            target = staging / source.relative_to(STARTER)
            target.parent.mkdir(parents=True, exist_ok=True)
            text = read_bounded(source, MAX_COMPONENT_BYTES).decode("utf-8")
            target.write_text(
                text.replace("GAME_ID", game_id).replace("GAME_NAME", title), encoding="utf-8"
            )
        staging.rename(folder)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise InputError.one(
            str(root), None, "--components", f"cannot write the game ({exc.strerror})"
        ) from None
    return folder, copied_shared


def _installed(root: Path) -> bool:
    """Whether `root` lies in the environment's installed packages (a wheel's copy), not in a
    checkout of the project (an editable install reads the checkout's `components/`)."""
    paths = sysconfig.get_paths()
    libs = {Path(paths[key]).resolve() for key in ("purelib", "platlib")}
    return any(root.resolve().is_relative_to(lib) for lib in libs)
