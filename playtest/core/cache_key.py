"""The key that signs what playtest-kit keeps on disk to go faster (a kit's cache, the web
scorer's fonts): 32 random bytes made once per user and kept private (0600) in the user's
cache folder. What it keeps is read back only when its signature checks out, so only what
this user's own playtest-kit wrote is trusted: a cache in a kit folder that somebody else
built, shared, unzipped or cloned, or that was edited since, is ignored (the build is a cold
one). When no key can be kept (no cache folder can be written) a process makes its own: its
caches serve that process only."""

from __future__ import annotations

import hmac
import os
import stat
import tempfile
from functools import lru_cache
from pathlib import Path

from playtest.core.errors import InputError
from playtest.core.input_files import open_regular

KEY_FILE = "cache-key"
_KEY_BYTES = 32


def user_cache_folder() -> Path:
    """`$XDG_CACHE_HOME/playtest-kit` (by default `~/.cache/playtest-kit`)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "playtest-kit"


def sign(message: bytes) -> bytes:
    """The message's signature (HMAC-SHA256 with this user's key)."""
    return hmac.digest(cache_key(), message, "sha256")


def signed_by_us(message: bytes, signature: bytes) -> bool:
    """Whether `signature` is this user's for `message` (compared in constant time)."""
    return hmac.compare_digest(sign(message), signature)


@lru_cache(maxsize=1)
def cache_key() -> bytes:
    """This user's key: read from the cache folder, or made there the first time (and made
    again when the file there is not a private file of this user's)."""
    folder = user_cache_folder()
    path = folder / KEY_FILE
    found = _read_key(path)
    if found is not None:
        return found
    key = os.urandom(_KEY_BYTES)
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(prefix=f".{KEY_FILE}.", dir=folder)  # 0600
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(key)
            try:
                os.link(tmp, path)  # never over a key another process has just made
            except FileExistsError:
                theirs = _read_key(path)
                if theirs is not None:
                    return theirs
                os.replace(tmp, path)  # the file there is not a key of ours: replaced
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError:
        pass  # a key of this process alone
    return key


def _read_key(path: Path) -> bytes | None:
    try:
        fd = open_regular(path, "cache key", follow_links=False)
    except InputError:
        return None
    try:
        info = os.fstat(fd)
        private = info.st_uid == os.geteuid() and not stat.S_IMODE(info.st_mode) & 0o077
        data = os.read(fd, _KEY_BYTES + 1) if private else b""
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if len(data) == _KEY_BYTES else None
