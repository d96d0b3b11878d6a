"""Reading the user's files safely: only regular files (a FIFO would block forever, a device
never ends), never more than a bound (counted while reading: `st_size` of /proc or of a file
that grows says nothing), and never outside the folder they belong to unless asked."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from playtest.errors import InputError

_CHUNK = 1 << 20


def display_path(path: Path) -> str:
    """How a path is shown in messages: relative to the working folder when it can be."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def read_bounded(path: Path, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of the regular file at `path`, or an InputError if it is anything else, cannot
    be read, or holds more than `max_bytes`."""

    def fail(message: str) -> InputError:  # the path shown is worked out only for an error
        return InputError.one(display_path(path), None, "", message)

    try:
        # O_NONBLOCK: opening a FIFO with no writer must not wait for one
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise fail(f"cannot read {what} ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise fail(f"not a regular file ({_kind(info.st_mode)}); only plain files are read")
        if info.st_size > max_bytes:  # refused unread; the bound below holds if it grows
            raise fail(f"file is {info.st_size:,} bytes, more than the {max_bytes:,} allowed")
        os.set_blocking(fd, True)
        parts: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise fail(
                    f"file is more than the {max_bytes:,} bytes allowed (it grew while being read)"
                )
        return b"".join(parts)
    except OSError as exc:
        raise fail(f"cannot read {what} ({exc.strerror})") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a folder"),
    ):
        if test(mode):
            return name
    return "not a plain file"


def is_regular(path: Path) -> bool:
    """A regular file (following symlinks), without opening it."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def check_inside(path: Path, root: Path) -> None:
    """Refuse a file whose real place (symlinks followed) is outside `root`: a components
    folder must not read /etc/passwd through a link planted in it."""
    real, top = Path(os.path.realpath(path)), Path(os.path.realpath(root))
    if real != top and top not in real.parents:
        raise InputError.one(
            display_path(path),
            None,
            "",
            f"is a link to a file outside {display_path(root)}; refusing to read it",
        )
