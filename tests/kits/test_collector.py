"""The cycle collector while a kit is built (generator/kit/collector.py)."""

from __future__ import annotations

import gc
import weakref

from playtest.generator.kit.collector import BUILD_THRESHOLDS, fewer_collections


class _Node:
    other: _Node | None = None


def test_what_a_build_keeps_is_old_by_its_end_and_its_cycles_are_still_collected() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == BUILD_THRESHOLDS
        kept = [[n] for n in range(100)]  # what a build holds past its end (faces, pages)
        node = _Node()
        node.other = node  # a cycle the block drops
        gone = weakref.ref(node)
        del node
    assert gc.get_threshold() == before
    # moved to the oldest generation unexamined: the old thresholds do not walk them again
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert all(id(item) in oldest for item in kept)
    assert not any(id(item) in oldest for item in gc.get_objects(generation=0))
    gc.collect()  # a full collection still finds the cycle
    assert gone() is None


def test_a_freeze_made_outside_stays() -> None:
    """The scorer freezes what it loaded before its workers fork (scorer/batch.py): a build
    inside must not unfreeze it."""
    frozen = [[n] for n in range(100)]
    gc.freeze()
    try:
        count = gc.get_freeze_count()
        with fewer_collections():
            [[n] for n in range(100)]
        assert gc.get_freeze_count() == count
        oldest = {id(o) for o in gc.get_objects(generation=2)}
        assert not any(id(item) in oldest for item in frozen)
    finally:
        gc.unfreeze()
