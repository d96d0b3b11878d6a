"""Scoring many record files at once (`playtest score DIR`, `playtest check DIR`): in this
process, or for a big folder on several, with the answers in the order of the files either way.

Each answer is a Result, or the InputError that kept its record from being read: one bad file
never stops the others.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playtest.core.errors import InputError
from playtest.core.interrupts import leave_interrupts_to_parent
from playtest.library.loader import Library
from playtest.scorer.api import evaluate_file

Outcome = Any  # a scorer Result, or the InputError that kept a record from being read
PARALLEL_FROM = 400  # fewer records: starting the processes costs more than they save
CHUNK = 50  # records a worker reads per task: few round trips, and an even end

_library: Library | None = None  # the workers' library: loaded by the parent, shared by fork


def usable_cores() -> int:
    """The cores this process may run on (a container or `taskset` may allow fewer)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def evaluate_files(
    files: Sequence[Path], library: Library, workers: int | None = None
) -> list[tuple[Path, Outcome]]:
    """Every file's answer, in order. `workers`: processes for a big folder (None: one per
    usable core); a folder under PARALLEL_FROM records, or a system without `fork`, is read
    here."""
    if not files:
        return []
    try:
        results = [(files[0], _outcome(files[0], library))]
        # what the first record loaded (modules, its game's components) stays for the whole
        # folder: the garbage collector need not walk it again for every record, and forked
        # workers share it
        gc.freeze()
        rest = files[1:]
        processes = usable_cores() if workers is None else workers
        if (
            processes > 1
            and len(rest) >= PARALLEL_FROM
            and "fork" in multiprocessing.get_all_start_methods()
        ):
            results += _on_processes(rest, library, processes)
        else:
            results += [(path, _outcome(path, library)) for path in rest]
        return results
    finally:
        gc.unfreeze()  # collectable again (the CLI may run inside a longer process)


def _outcome(path: Path, library: Library) -> Outcome:
    try:
        return evaluate_file(path, library)
    except InputError as exc:
        return exc


def _on_processes(
    files: Sequence[Path], library: Library, processes: int
) -> list[tuple[Path, Outcome]]:
    """This process reads its share of the files while `processes - 1` forked workers read
    the rest, in chunks; the answers are put back in the order of the files."""
    global _library
    _library = library  # forked workers start with it: the game is not loaded again
    share = len(files) // processes
    theirs = files[share:]
    chunks = [theirs[i : i + CHUNK] for i in range(0, len(theirs), CHUNK)]
    context = multiprocessing.get_context("fork")
    try:
        with context.Pool(processes - 1, initializer=leave_interrupts_to_parent) as pool:
            pending = pool.map_async(_read_chunk, chunks, chunksize=1)
            results = [(path, _outcome(path, library)) for path in files[:share]]
            for chunk, outcomes in zip(chunks, pending.get(), strict=True):
                results += zip(chunk, outcomes, strict=True)
            return results
    finally:
        _library = None


def _read_chunk(files: Sequence[Path]) -> list[Outcome]:
    assert _library is not None, "a worker starts by fork, with the parent's library"
    return [_outcome(path, _library) for path in files]
