"""How often Python's cycle collector runs while a kit is built."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# a build makes hundreds of thousands of small objects (shapes, operator strings) and frees
# them by reference counting; the cycle collector, by default run every 700 of them, walks
# every live object (the loaded games, the fonts, the pages kept) whenever it reaches its
# oldest generation: a tenth of a cold build's time, for almost no cycles found
BUILD_THRESHOLDS = (20_000, 50, 100)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect cycles less often inside the block (they are still collected), then as before."""
    before = gc.get_threshold()
    gc.set_threshold(*BUILD_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)
