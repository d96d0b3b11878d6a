"""Every file playtest-kit reads is opened here (`open_regular`): only a regular file (a FIFO
would block forever, a device never ends, a socket is no file), opened without waiting for a
writer and checked on the open descriptor, so a file swapped between a look and the open
changes nothing; never more than a bound, counted while reading (`st_size` of /proc, or of a
file that grows, says nothing); and never outside the folder it belongs to unless asked."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from playtest.core.errors import InputError

_CHUNK = 1 << 20


def display_path(path: Path) -> str:
    """How a path is shown in messages: relative to the working folder when it can be."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def _fail(path: Path, message: str) -> InputError:  # the path shown is worked out on error only
    return InputError.one(display_path(path), None, "", message)


def open_regular(path: Path, what: str = "file", follow_links: bool = True) -> int:
    """An open descriptor, for reading, of the regular file at `path` (the caller closes it),
    or an InputError saying what else it is or why it cannot be opened. `follow_links=False`
    refuses a symbolic link too (a file of ours that must be the file itself)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    if not follow_links:
        flags |= os.O_NOFOLLOW
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not wait for one
        fd = os.open(path, flags)
    except OSError as exc:
        if not follow_links and os.path.islink(path):
            raise _fail(path, "is a symbolic link; only plain files are read") from None
        raise _fail(path, f"cannot read {what} ({exc.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _fail(path, f"not a regular file ({_kind(mode)}); only plain files are read")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bounded(path: Path, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of the regular file at `path`, or an InputError if it is anything else, cannot
    be read, or holds more than `max_bytes`."""
    fd = open_regular(path, what)
    try:
        return read_open(fd, path, max_bytes, what)
    finally:
        os.close(fd)


def read_open(fd: int, path: Path, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of the file `open_regular` opened as `fd` (from `path`), at most `max_bytes`."""
    try:
        size = os.fstat(fd).st_size
        if size > max_bytes:  # refused unread; the bound below holds if it grows
            raise _fail(path, f"file is {size:,} bytes, more than the {max_bytes:,} allowed")
        parts: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise _fail(
                    path,
                    f"file is more than the {max_bytes:,} bytes allowed (it grew while being read)",
                )
        return b"".join(parts)
    except OSError as exc:
        raise _fail(path, f"cannot read {what} ({exc.strerror})") from None


def file_sha256(path: Path, max_bytes: int, what: str = "file") -> tuple[str, os.stat_result]:
    """The SHA-256 of the regular file at `path` itself (a symbolic link is refused), read in
    pieces (a kit's file may be large), and what the file was as it was read; an InputError
    as `read_bounded` says them, or when the file was written while it was read."""
    fd = open_regular(path, what, follow_links=False)
    digest = hashlib.sha256()
    total = 0
    try:
        before = os.fstat(fd)
        while chunk := os.read(fd, _CHUNK):
            total += len(chunk)
            if total > max_bytes:
                raise _fail(path, f"file is more than the {max_bytes:,} bytes allowed")
            digest.update(chunk)
        after = os.fstat(fd)
    except OSError as exc:
        raise _fail(path, f"cannot read {what} ({exc.strerror})") from None
    finally:
        os.close(fd)
    if (before.st_size, before.st_mtime_ns, before.st_ctime_ns) != (
        after.st_size,
        after.st_mtime_ns,
        after.st_ctime_ns,
    ):
        raise _fail(path, f"{what} changed while it was read")
    return digest.hexdigest(), before


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return name
    return "not a plain file"


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words (`a FIFO`, `a character device`, ...)."""
    return "a regular file" if stat.S_ISREG(mode) else _kind(mode)


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
