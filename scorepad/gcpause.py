"""Building many long-lived objects at once (a log read, a replay) without the cyclic collector.

Each young-generation collection scans every container made since the last one; while thousands of
entries, rows and deals are being made and all kept, that work finds nothing to free but still
costs about as much as the building itself (a 100,000-entry log: ~40% of its load time). Reference
counting still frees everything that is dropped; cycles made meanwhile wait for the next collection.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

# Pauses may overlap across threads (the saved games read in a worker while a game screen opens a log): the
# collector is off from the first one's start to the last one's end, and then as the first one found it. (Each
# reading whether it was on by itself could leave it on during the other's building, or off for good.)
_lock = threading.Lock()
_open = 0  # pauses under way
_was_enabled = False  # whether the collector was on when the first of them began


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic collector off for the block (if it was on: nested or overlapping blocks leave it to the
    last one to end).

    What the block built is then moved straight to the oldest generation: left young, the next
    collection after the block would scan all of it at once only to find it alive (~50 ms for a
    100,000-entry log). Not when something froze the heap (`gc.freeze`, as an open game screen does):
    moving would thaw that too.
    """
    global _open, _was_enabled
    with _lock:
        if _open == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _open += 1
    try:
        yield
    finally:
        with _lock:
            _open -= 1
            if _open == 0 and _was_enabled:
                if gc.get_freeze_count() == 0:
                    gc.freeze()  # every tracked object to the permanent generation …
                    gc.unfreeze()  # … and back into the oldest one: two list splices, nothing is scanned
                gc.enable()
