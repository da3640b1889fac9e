"""A reading in a worker thread waits for its screen's first frame (home's saved games, the statistics): started
at once, the thread would take half the time that frame needs (the two take turns at the interpreter)."""

from __future__ import annotations

import threading
from typing import Any

from textual.screen import Screen

FIRST_PAINT_WAIT = 1.0  # seconds a reading waits for the screen's first frame at most


def first_paint(screen: Screen[Any]) -> threading.Event:
    """An event set once `screen` has been painted after this call (for the worker to wait on)."""
    painted = threading.Event()
    screen.call_after_refresh(painted.set)
    return painted


def wait_for_first_paint(painted: threading.Event) -> None:
    """In the worker: until the first frame is on screen, or FIRST_PAINT_WAIT at most."""
    painted.wait(timeout=FIRST_PAINT_WAIT)
