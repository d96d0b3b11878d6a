"""Writing a kit safely: everything goes to a staging folder first and replaces the previous
kit only once complete, so a failed or interrupted build leaves the old kit intact and never
a half-written file under a final name."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playtest.errors import InputError
from playtest.files import write_bytes

__all__ = ["MARKER", "check_out_dir", "staged_folder", "write_bytes"]

MARKER = ".playtest-kit"  # marks a folder as ours, so we never replace anybody else's folder


def check_out_dir(out_dir: Path, components_root: Path) -> Path:
    """Any folder the user names will do (safety comes from never replacing a folder that is
    not a kit, see `staged_folder`), except one inside the components or holding them."""
    out = out_dir.resolve()
    root = components_root.resolve()
    if out == root or root in out.parents or out in root.parents:
        raise InputError.one("playtest", None, "--out",
                             f"{out_dir} would mix the kit with the components in {root}")
    return out


def carry_over(final: Path, staging: Path, name: str) -> Path | None:
    """Keep an output of the previous kit that this build does not make (`--format svg` keeps
    the PDF); the previous kit is only ever one of ours (`staged_folder` checked)."""
    old = final / name
    if old.is_symlink() or not old.exists() or (staging / name).exists():
        return None
    if old.is_dir():
        shutil.copytree(old, staging / name, symlinks=True)
    else:
        shutil.copy2(old, staging / name)
    return old


@contextmanager
def staged_folder(final: Path) -> Iterator[Path]:
    """Yield a fresh staging folder; on success it replaces `final` whole."""
    if final.exists() and (not final.is_dir() or final.is_symlink()):
        raise InputError.one("playtest", None, "--out",
                             f"{final} exists and is not a folder; not replacing it")
    if final.exists() and not (final / MARKER).exists() and any(final.iterdir()):
        raise InputError.one("playtest", None, "--out",
                             f"{final} exists and is not a playtest kit; not replacing it")
    final.parent.mkdir(parents=True, exist_ok=True)
    staging = final.parent / f".{final.name}.partial-{os.getpid()}"
    old = final.parent / f".{final.name}.old-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        yield staging
        (staging / MARKER).write_text("built by playtest-kit; replaced whole by each build\n")
        if final.exists():
            final.rename(old)
        staging.rename(final)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        if old.exists() and not final.exists():
            old.rename(final)
        raise
