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
    """Collect cycles less often inside the block (they are still collected), then as before.

    What the block made and still holds (the games loaded, the faces and pages kept for the
    next build) is old by its end: it is moved to the oldest generation as it is. Left in
    the young generations, it would be walked again at once by the collection the old
    thresholds start (about 3 % of a cold build of the four kits, finding almost nothing:
    the young collections inside found the block's cycles). The few cycles made since the
    last of those are found by the next full collection, as for any old object. Inside a
    freeze made outside (the scorer's), nothing is moved: unfreezing would undo it."""
    before = gc.get_threshold()
    frozen_outside = gc.get_freeze_count()
    gc.set_threshold(*BUILD_THRESHOLDS)
    try:
        yield
    finally:
        if not frozen_outside:
            gc.freeze()  # every tracked object into the permanent generation, unexamined...
            gc.unfreeze()  # ...and from there into the oldest one
        gc.set_threshold(*before)
