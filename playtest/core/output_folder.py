"""Writing a kit safely: everything goes to a staging folder first and replaces the previous
kit only once complete, so a failed or interrupted build leaves the old kit intact and never
a half-written file under a final name."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playtest.core.errors import InputError
from playtest.core.input_files import display_path
from playtest.core.output_files import write_bytes

__all__ = [
    "MARKER",
    "REPORT_MARKER",
    "check_out_dir",
    "check_replaceable",
    "staged_folder",
    "write_bytes",
]

MARKER = ".playtest-kit"  # marks a folder as ours, so we never replace anybody else's folder
REPORT_MARKER = ".playtest-lab-report"  # a balance lab report's folder, replaced whole too
_KINDS = {MARKER: "a playtest kit", REPORT_MARKER: "a balance lab report"}


def check_out_dir(out_dir: Path, components_root: Path, what: str = "the kit") -> Path:
    """Any folder the user names will do (safety comes from never replacing a folder that is
    not a kit, see `staged_folder`), except one inside the components or holding them."""
    out = out_dir.resolve()
    root = components_root.resolve()
    if out == root or root in out.parents or out in root.parents:
        raise InputError.one(
            "playtest", None, "--out", f"{out_dir} would mix {what} with the components in {root}"
        )
    return out


@contextmanager
def staged_folder(final: Path, marker: str = MARKER) -> Iterator[Path]:
    """Yield a fresh staging folder; on success it replaces `final` whole. A file that cannot
    be written (a read-only folder, a full disk) is one clear error, the old kit intact.
    `marker` says what the folder is (a kit, a lab report): only one of those is replaced."""
    check_replaceable(final, marker)
    staging = final.parent / f".{final.name}.partial-{os.getpid()}"
    old = final.parent / f".{final.name}.old-{os.getpid()}"
    made = [p for p in (final.parent, *final.parent.parents) if not p.exists()]
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
        with _locked(final.parent):
            _remove_stale(final.parent)
        shutil.rmtree(staging, ignore_errors=True)
    except OSError as exc:
        raise write_error(exc, final.parent) from None
    held: int | None = None
    try:
        with _locked(final.parent):  # made and held at once: a cleaner never sees it unheld
            staging.mkdir()
            held = _hold(staging)
        yield staging
        (staging / marker).write_text("built by playtest-kit; replaced whole by each build\n")
        with _locked(final.parent):  # two builds into one folder swap one after the other
            check_replaceable(final, marker)
            if final.exists():
                final.rename(old)
            staging.rename(final)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        _put_back(old, final)
        _remove_empty(made)  # a failed build leaves no empty `--out` behind
        if isinstance(exc, OSError):
            raise write_error(exc, final) from None
        raise
    finally:
        if held is not None:
            os.close(held)


def _hold(staging: Path) -> int:
    """Lock the staging folder for as long as this build lives: the kernel drops the lock when
    the process ends however it ends, so a folder nobody holds is a dead build's. A process id
    in the name cannot tell that: ids are reused (32,768 of them cycle within minutes on a
    busy machine), and a reused id would keep a dead build's folder forever."""
    fd = os.open(staging, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def _put_back(old: Path, final: Path) -> None:
    """After a failed swap, the previous kit goes back under its name (under the folder's lock,
    so a build cleaning up at the same moment does not race it)."""
    try:
        with _locked(final.parent):
            if old.exists() and not final.exists():
                old.rename(final)
    except OSError:
        pass  # the next build puts it back (`_remove_stale`)


def _remove_empty(folders: list[Path]) -> None:
    """The folders this build made, deepest first, where nothing else was put in them."""
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:
            return


def check_replaceable(final: Path, marker: str = MARKER) -> None:
    """`final` is missing, empty, or one of ours of the same kind."""
    if final.is_symlink() or (final.exists() and not final.is_dir()):
        raise InputError.one(
            "playtest", None, "--out", f"{final} exists and is not a folder; not replacing it"
        )
    if final.exists() and not (final / marker).exists() and any(final.iterdir()):
        raise InputError.one(
            "playtest",
            None,
            "--out",
            f"{final} exists and is not {_KINDS[marker]}; not replacing it",
        )


def write_error(exc: OSError, where: Path) -> InputError:
    """An OSError while writing, as the one line a person can act on."""
    name = exc.filename if isinstance(exc.filename, str | Path) else where
    return InputError.one(
        "playtest",
        None,
        "--out",
        f"cannot write {display_path(Path(name))} ({exc.strerror or exc})",
    )


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """An exclusive lock on `folder` itself (no lock file to leave behind), released when the
    process ends however it ends."""
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


_LEFTOVER = re.compile(r"^\.(?P<name>.+)\.(?P<kind>partial|old)-(?P<pid>\d+)$")


def _remove_stale(out: Path) -> None:
    """Staging folders that builds which died (SIGKILL, a power cut) left in `out` are
    removed; a previous kit a dead build had moved aside is put back if no kit took its
    place. Called under `out`'s lock, so no live build is between its two renames."""
    for path in sorted(out.iterdir()):
        match = _LEFTOVER.match(path.name)
        if match is None or not path.is_dir() or path.is_symlink():
            continue
        if match["kind"] == "partial" and _held(path):
            continue  # a build still running
        final = out / match["name"]
        ours = any((path / marker).exists() for marker in _KINDS)
        if match["kind"] == "old" and not final.exists() and ours:
            path.rename(final)
        else:  # an old kit after a swap: its build deletes it, or died before it could
            shutil.rmtree(path, ignore_errors=True)


def _held(folder: Path) -> bool:
    """Whether a live build holds `folder` (see `_hold`)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_NOFOLLOW)
    except OSError:
        return True  # cannot look into it: leave it alone
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # and with it the probe's own lock
    return False
