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
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
