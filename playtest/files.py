"""Writing files safely: through a temporary name, then a rename, so a reader (or an
interrupted run) never leaves a half-written file under the final name."""

from __future__ import annotations

import os
from pathlib import Path


def write_bytes(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
