"""Reading generated phone photos of filled Harvest Dice sheets (playtest/scan/corpus.py).

    .venv/bin/python -m benchmarks.scan [PHOTOS] [FIRST_SEED]     # default 300 photos from 0

For each photo: is the sheet identified, how many places are read right, is every misread
place among those marked uncertain, and the CPU time of reading it (decode, find, straighten,
read; making the photo is not timed). Targets: 100 % identified, >= 99.5 % of places right,
every misread uncertain, under 1 s per 12-megapixel photo on one core.
"""

from __future__ import annotations

import sys
import time

from playtest.loader import load_library
from playtest.scan.corpus import sheet_photo
from playtest.scan.reader import ScanError, decode, read_photo
from playtest.scan.sheets import scan_sheets


def main(argv: list[str]) -> int:
    photos = int(argv[0]) if argv else 300
    first = int(argv[1]) if len(argv) > 1 else 0
    sheets = scan_sheets(load_library(None), ("harvest-dice",))
    named = places = right = uncertain = hidden_misreads = 0
    slowest = (0.0, 0.0)
    big: list[float] = []
    for seed in range(first, first + photos):
        spec = sheets[seed % len(sheets)]
        photo = sheet_photo(spec, seed)
        start = time.process_time()
        try:
            reading = read_photo(decode(photo.jpeg), sheets)
        except ScanError as exc:
            print(f"photo {seed}: not read: {exc}")
            continue
        spent = time.process_time() - start
        slowest = max(slowest, (spent, photo.megapixels))
        if photo.megapixels >= 10:
            big.append(spent)
        named += reading.spec is spec
        for place in reading.places:
            places += 1
            uncertain += place.uncertain
            if place.marked == photo.truth[place.id]:
                right += 1
            elif not place.uncertain:
                hidden_misreads += 1
                print(f"photo {seed}: {place.id} misread (ink {place.ink}), not marked uncertain")
    print(f"photos: {photos}, sheets identified: {named} ({100 * named / photos:.1f} %)")
    print(f"places: {places}, right: {right} ({100 * right / max(places, 1):.2f} %)")
    print(f"uncertain: {uncertain}, misread but not uncertain: {hidden_misreads}")
    print(f"slowest read: {slowest[0]:.2f} s CPU ({slowest[1]:.1f} MP)")
    if big:
        print(f"photos of 10-12 MP: {len(big)}, mean {sum(big) / len(big):.2f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
