"""Reading generated phone photos of finished tableaux (tests/scan/tableau_corpus.py):
cards laid askew in the places a board declares, photographed at 4-12 megapixels, up to 35
degrees off, blurred, noisy, JPEG 50-95.

    .venv/bin/python -m benchmarks.scan_tableau [PHOTOS] [FIRST_SEED] [WORKERS]  # 200 from 0, 2

For every registered game with such a board: cards identified over all photos (a card's place
read as that card, or a card lying either side up read with its side), photos with every card
identified, and the CPU time of reading one photo on one core (making it is not timed), over
every photo and over those of 10 megapixels or more. Photos are made and read in worker
processes, each from its own seed. Targets (issue 30): 100 % of cards identified over 200
photos; under 1 s per 12-megapixel photo on one core.
"""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from playtest.library.loader import load_library
from playtest.scan.reader import ScanError, decode
from playtest.scan.tableau import TableauSpec, read_tableau, tableau_specs
from tests.scan.tableau_corpus import TableauMaker

_MAKERS: dict[int, TableauMaker] = {}
LARGE = 10.0  # megapixels: the photos whose read time is the target's (12 MP)


@dataclass
class TableauResult:
    seed: int
    megapixels: float
    tilt: float
    quality: int
    cards: int = 0
    right: int = 0
    cpu: float = 0.0
    error: str = ""
    missed: dict[str, tuple[str, object]] = field(default_factory=dict)  # field: truth, read


def _one_thread() -> None:
    import cv2

    cv2.setNumThreads(1)


def _maker(index: int) -> TableauMaker:
    if index not in _MAKERS:
        library = load_library(None)
        spec = tableau_specs(library)[index]
        _MAKERS[index] = TableauMaker(library, spec)
    return _MAKERS[index]


def read_one(job: tuple[int, int]) -> TableauResult:
    index, seed = job
    maker = _maker(index)
    photo = maker.photo(seed)
    out = TableauResult(seed, photo.megapixels, photo.tilt, photo.quality, len(photo.truth))
    start = time.process_time()
    try:
        reading = read_tableau(decode(photo.jpeg), [maker.spec])
    except ScanError as exc:
        out.error = str(exc)
        return out
    out.cpu = time.process_time() - start
    read = {f.id: f.value for f in reading.fields}
    for field_id, truth in photo.truth.items():
        if read.get(field_id) == truth:
            out.right += 1
        else:
            out.missed[field_id] = (truth, read.get(field_id))
    return out


def main(argv: list[str]) -> int:
    photos = int(argv[0]) if argv else 200
    first = int(argv[1]) if len(argv) > 1 else 0
    workers = int(argv[2]) if len(argv) > 2 else 2
    specs: list[TableauSpec] = tableau_specs(load_library(None))
    for index, spec in enumerate(specs):
        started = time.time()
        jobs = [(index, seed) for seed in range(first, first + photos)]
        with ProcessPoolExecutor(workers, initializer=_one_thread) as pool:
            results = list(pool.map(read_one, jobs, chunksize=2))
        for r in results:
            if r.error:
                print(f"photo {r.seed}: not read: {r.error}")
            elif r.missed:
                print(
                    f"photo {r.seed} ({r.megapixels:.1f} MP, tilt {r.tilt:.0f}, JPEG {r.quality}): "
                    f"missed {r.missed}"
                )
        cards = sum(r.cards for r in results)
        right = sum(r.right for r in results)
        whole = sum(not r.error and not r.missed for r in results)
        spent = [r.cpu for r in results if not r.error]
        print(
            f"{spec.game} {spec.sheet}: photos {photos} (seeds {first}-{first + photos - 1}), "
            f"{workers} workers, {time.time() - started:.0f} s on the clock"
        )
        print(f"cards identified: {right} of {cards} ({100 * right / max(cards, 1):.2f} %)")
        print(f"photos with every card identified: {whole} of {photos}")
        large = [r.cpu for r in results if not r.error and r.megapixels >= LARGE]
        for label, times in (("read", spent), (f"read of {LARGE:g}-12 MP photos", large)):
            if times:
                print(
                    f"{label}: {len(times)} photos, mean {sum(times) / len(times):.2f} s CPU, "
                    f"slowest {max(times):.2f} s (one core each)"
                )
        print(f"load average at the end: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
