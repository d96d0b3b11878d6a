"""Writing files safely: through a temporary name, then a rename, so a reader (or an
interrupted run) never leaves a half-written file under the final name. The temporary file is
created exclusively: never an existing path, never through a link planted at its name."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


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


def _umask() -> int:
    """The process's umask (reading it means setting it: it is put straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
