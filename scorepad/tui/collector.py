"""The cyclic collector kept out of the frames the table waits for: it runs when the screen is idle.

A full collection walks every object the collector tracks; run inside the submission of a deal it was a
visible stall (the game, its tables and the app are hundreds of thousands of objects). The game screen
freezes what it holds once it is shown (`gc.freeze`), and from then on, while an entry is logged and the
frame that shows it is drawn, the collector is off; once the screen has been idle a moment, one collection
frees what that left behind, and what survives it is frozen too, so the next collection has only what is new
to look at. The rules never switch the collector: its callers do, all through scorepad.gcpause.
"""

from __future__ import annotations

import gc
from typing import Any

from textual.screen import Screen
from textual.timer import Timer

from scorepad.gcpause import Hold

#: how long the screen must have been idle (no entry logged) before the collector runs, in seconds
IDLE_AFTER = 0.3


class IdleCollector:
    """Holds the collector off from an entry until `screen` has been idle for `IDLE_AFTER` seconds (through
    scorepad.gcpause, with the other pauses: a log read in a thread meanwhile does not turn it on mid-entry)."""

    def __init__(self, screen: Screen[Any], idle_after: float = IDLE_AFTER):
        self.screen = screen
        self.idle_after = idle_after
        self._hold = Hold()
        self._timer: Timer | None = None

    @property
    def held(self) -> bool:
        return self._hold.held

    def hold(self) -> None:
        """An entry is on its way: no collection until the screen is idle again."""
        self._hold.hold()
        if self._timer is not None:
            self._timer.stop()
        name = "collect at idle"  # not words: a timer's name
        self._timer = self.screen.set_timer(self.idle_after, self._idle, name=name)

    def _idle(self) -> None:
        self._timer = None
        self._hold.release(self._collect)  # collected only when nothing else holds the collector off

    def _collect(self) -> None:
        gc.collect()
        if self.screen.is_current:  # no dialog open: what is left is the game, its tables and the app
            gc.freeze()

    def close(self) -> None:
        """The screen goes away: the collector as it was, at once."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._hold.release()
