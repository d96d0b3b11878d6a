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
    try:
        staging.mkdir()  # inside: a signal the moment it exists must still remove it
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
        if old.exists() and not final.exists():
            old.rename(final)
        _remove_empty(made)  # a failed build leaves no empty `--out` behind
        if isinstance(exc, OSError):
            raise write_error(exc, final) from None
        raise


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
    place."""
    for path in sorted(out.iterdir()):
        match = _LEFTOVER.match(path.name)
        if match is None or _alive(int(match["pid"])) or not path.is_dir() or path.is_symlink():
            continue
        final = out / match["name"]
        ours = any((path / marker).exists() for marker in _KINDS)
        if match["kind"] == "old" and not final.exists() and ours:
            path.rename(final)
        else:
            shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # our own leftover, from an earlier build of this process
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # somebody else's live process
    return True
