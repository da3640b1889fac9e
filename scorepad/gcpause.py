"""The cyclic collector switched off and on in one place: while many long-lived objects are built at once (a log
read, a replay), and while an entry is on its way to the screen (`Hold`).

Each young-generation collection scans every container made since the last one; while thousands of
entries, rows and deals are being made and all kept, that work finds nothing to free but still
costs about as much as the building itself (a 100,000-entry log: ~40% of its load time). Reference
counting still frees everything that is dropped; cycles made meanwhile wait for the next collection.

Pauses may overlap, across threads too (the saved games read in a worker while a game screen opens a log or
logs a deal): the collector is off from the first one's start to the last one's end, and then as the first one
found it. Each switching it by itself could leave it on during another's work (a full collection inside a deal's
submission), or off for good.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_open = 0  # pauses under way (blocks and holds)
_was_enabled = False  # whether the collector was on when the first of them began


def _pause() -> None:
    global _open, _was_enabled
    with _lock:
        if _open == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _open += 1


def _resume(before_enabling: Callable[[], None] | None = None) -> bool:
    """One pause ends; the last one turns the collector back on if it was on, after `before_enabling` (run only
    then, with no other pause open). True when the collector was turned back on."""
    global _open
    with _lock:
        _open -= 1
        if _open or not _was_enabled:
            return False
        if before_enabling is not None:
            before_enabling()
        gc.enable()
        return True


def _promote() -> None:
    # what the block built, moved straight to the oldest generation: left young, the next collection after the
    # block would scan all of it at once only to find it alive (~50 ms for a 100,000-entry log). Not when
    # something froze the heap (`gc.freeze`, as an open game screen does): moving would thaw that too.
    if gc.get_freeze_count() == 0:
        gc.freeze()  # every tracked object to the permanent generation …
        gc.unfreeze()  # … and back into the oldest one: two list splices, nothing is scanned


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic collector off for the block (if it was on: nested or overlapping blocks and holds leave it to
    the last one to end), and what the block built moved to the oldest generation."""
    _pause()
    try:
        yield
    finally:
        _resume(_promote)


class Hold:
    """The collector off from `hold` until `release`, counted with every other pause (held once however often
    `hold` is called)."""

    def __init__(self) -> None:
        self._held = False

    @property
    def held(self) -> bool:
        return self._held

    def hold(self) -> None:
        if not self._held:
            self._held = True
            _pause()

    def release(self, before_enabling: Callable[[], None] | None = None) -> bool:
        """Let go; if no other pause is open, `before_enabling` runs (a collection at idle, say) and the collector
        is on again as it was. True when it was turned back on."""
        if not self._held:
            return False
        try:
            return _resume(before_enabling)  # still held while `before_enabling` runs
        finally:
            self._held = False
