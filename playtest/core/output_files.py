"""Every file playtest-kit writes is written here. A file a command is told to write (`--record`,
`--out`, an export, a report) follows one rule (`write_output`, checked first by
`check_output` so nothing is worked out for a file that will be refused):

- never over an input of the same command (`scan a.jpg b.jpg --record a.jpg`);
- never into a components folder (the command's, the installed one, or any folder holding a
  `_shared/` folder): the games' own files are never written by a command (`playtest new`,
  which adds a new game's folder there and never writes over a file, is the one exception);
- never over a special file (a FIFO, a device, a socket, a folder: replacing `/dev/null` with
  a file, as root, broke the machine); a symbolic link there is replaced, never followed;
- always through a temporary file in the same folder and a rename, so a reader (or an
  interrupted run) never meets a half-written file under the final name. The temporary file
  is created exclusively: never an existing path, never through a link planted at its name.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from playtest.core.errors import InputError
from playtest.core.input_files import display_path, kind_of

SHARED = "_shared"  # what marks a components folder (playtest.components.SHARED, a layer beside)


def check_output(
    path: Path, option: str, inputs: Iterable[Path] = (), components: Iterable[Path] = ()
) -> None:
    """Refuse, as one line naming `path` and `option`, a file the rule forbids: an input of
    the command (`inputs`), inside a components folder (`components`, or any folder holding
    `_shared/`, the installed one included), or anything but a regular file where it would go."""

    def refuse(message: str) -> InputError:
        return InputError.one(display_path(path), None, option, message)

    try:
        info = os.lstat(path)
    except OSError:
        info = None
    # a regular file is replaced, and so is a symbolic link (the link itself: what it points
    # to is never written); anything else is refused
    if info is not None and not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
        raise refuse(f"is {kind_of(info.st_mode)}; not writing over it")
    for given in inputs:
        if _same_file(path, given):
            raise refuse(f"is {display_path(given)}, an input of this command; not writing over it")
    _not_in_components(path, path, option, components)


def write_output(
    path: Path,
    data: bytes,
    option: str,
    inputs: Iterable[Path] = (),
    components: Iterable[Path] = (),
) -> None:
    """`data` written at `path` under the rule (`check_output`): its folder made when
    missing, then a temporary file and a rename; a file that cannot be written is one located
    line, not a traceback."""
    check_output(path, option, tuple(inputs), components)
    make_folder(path.parent, option)
    try:
        write_bytes(path, data)
    except OSError as exc:
        raise InputError.one(str(path), None, option, f"cannot write ({exc.strerror})") from None


def check_output_folder(folder: Path, option: str, components: Iterable[Path] = ()) -> None:
    """Refuse a folder the files of a command would go into that is in a components folder."""
    _not_in_components(folder / "-", folder, option, components)


def _not_in_components(path: Path, shown: Path, option: str, components: Iterable[Path]) -> None:
    found = components_folder_of(path, components)
    if found is not None:
        raise InputError.one(
            display_path(shown),
            None,
            option,
            f"is inside the components folder {display_path(found)}; a command never writes "
            "there (write it elsewhere)",
        )


def components_folder_of(path: Path, components: Iterable[Path] = ()) -> Path | None:
    """The components folder `path` would be inside (its real place: links followed), if any:
    one of `components`, or a folder holding a `_shared/` folder (the installed one does)."""
    real = Path(os.path.realpath(path))
    roots = {Path(os.path.realpath(root)) for root in components}
    for folder in real.parents:
        if folder in roots or (folder / SHARED).is_dir():
            return folder
    return None


def _same_file(path: Path, other: Path) -> bool:
    try:
        if os.path.samefile(path, other):
            return True
    except OSError:
        pass
    return os.path.realpath(path) == os.path.realpath(other)


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
