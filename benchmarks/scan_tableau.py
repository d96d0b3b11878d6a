"""Reading generated phone photos of finished tableaux (playtest/scan/tableau_corpus.py):
cards laid askew in the places a board declares, photographed at 4-12 megapixels, up to 35
degrees off, blurred, noisy, JPEG 50-95.

    .venv/bin/python -m benchmarks.scan_tableau [PHOTOS] [FIRST_SEED]   # default 200 from 0

For every registered game with such a board: cards identified (their marker found) over all
photos, cards put in their true place, photos with every card identified, and the CPU time of
reading (making the photo is not timed). Target (issue 30): 100 % of cards identified over 200
photos.
"""

from __future__ import annotations

import sys
import time

from playtest.loader import load_library
from playtest.scan.reader import ScanError, decode
from playtest.scan.tableau import read_tableau, tableau_specs
from playtest.scan.tableau_corpus import TableauMaker


def main(argv: list[str]) -> int:
    photos = int(argv[0]) if argv else 200
    first = int(argv[1]) if len(argv) > 1 else 0
    library = load_library(None)
    for spec in tableau_specs(library):
        maker = TableauMaker(library.game(spec.game), spec)
        cards = found = placed = whole = 0
        spent: list[float] = []
        for seed in range(first, first + photos):
            photo = maker.photo(seed)
            start = time.process_time()
            try:
                reading = read_tableau(decode(photo.jpeg), [spec])
            except ScanError as exc:
                print(f"photo {seed}: not read: {exc}")
                cards += len(photo.truth)
                continue
            spent.append(time.process_time() - start)
            true_cards = set(photo.truth.values())
            seen = {c.card for c in reading.cards} & true_cards
            right = sum(photo.truth.get(c.field or "") == c.card for c in reading.cards)
            cards += len(true_cards)
            found += len(seen)
            placed += right
            whole += seen == true_cards
            if seen != true_cards:
                print(
                    f"photo {seed} ({photo.megapixels:.1f} MP, tilt {photo.tilt:.0f}, "
                    f"JPEG {photo.quality}): missed {sorted(true_cards - seen)}"
                )
        print(f"{spec.game} {spec.sheet}: photos {photos} (seeds {first}-{first + photos - 1})")
        print(f"cards identified: {found} of {cards} ({100 * found / max(cards, 1):.2f} %)")
        print(f"cards in their true place: {placed} ({100 * placed / max(cards, 1):.2f} %)")
        print(f"photos with every card identified: {whole} of {photos}")
        if spent:
            print(f"read: mean {sum(spent) / len(spent):.2f} s CPU, slowest {max(spent):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
