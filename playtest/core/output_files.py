"""Writing files safely: through a temporary name, then a rename, so a reader (or an
interrupted run) never leaves a half-written file under the final name. The temporary file is
created exclusively: never an existing path, never through a link planted at its name."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from playtest.core.errors import InputError


def write_bytes(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            # mkstemp makes the file private (0600); the file we leave is an ordinary one,
            # readable as the user's umask says, like a file any other program writes
            os.fchmod(handle.fileno(), 0o666 & ~_umask())
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def write_named(path: Path, data: bytes, option: str) -> None:
    """`write_bytes` to a file the user named with `option` (`--record`, `--out`): its folder
    made when missing, and a file that cannot be written one located line, not a traceback."""
    make_folder(path.parent, option)
    try:
        write_bytes(path, data)
    except OSError as exc:
        raise InputError.one(str(path), None, option, f"cannot write ({exc.strerror})") from None


def make_folder(path: Path, option: str) -> None:
    """The folder the user named with `option` (or the one a named file goes in), made when
    missing; one located line when it cannot be."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):  # a file where a folder of the path must be
        raise InputError.one(
            str(path), None, option, "cannot make this folder: a file is in the way"
        ) from None
    except OSError as exc:
        raise InputError.one(
            str(path), None, option, f"cannot make this folder ({exc.strerror})"
        ) from None


def _umask() -> int:
    """The process's umask (reading it means setting it: it is put straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
