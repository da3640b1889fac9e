"""The cyclic collector kept out of the frames the table waits for: it runs when the screen is idle.

A full collection walks every object the collector tracks; run inside the submission of a deal it was a
visible stall (the game, its tables and the app are hundreds of thousands of objects). The game screen
freezes what it holds once it is shown (`gc.freeze`), and from then on, while an entry is logged and the
frame that shows it is drawn, the collector is off; once the screen has been idle a moment, one collection
frees what that left behind, and what survives it is frozen too, so the next collection has only what is new
to look at. The rules never switch the collector: its callers do (scorepad.gcpause for reading a log).
"""

from __future__ import annotations

import gc

from textual.screen import Screen
from textual.timer import Timer

#: how long the screen must have been idle (no entry logged) before the collector runs, in seconds
IDLE_AFTER = 0.3


class IdleCollector:
    """Holds the collector off from an entry until `screen` has been idle for `IDLE_AFTER` seconds."""

    def __init__(self, screen: Screen, idle_after: float = IDLE_AFTER):
        self.screen = screen
        self.idle_after = idle_after
        self._held = False  # the collector was on, and this turned it off
        self._timer: Timer | None = None

    @property
    def held(self) -> bool:
        return self._held

    def hold(self) -> None:
        """An entry is on its way: no collection until the screen is idle again."""
        if not self._held and gc.isenabled():
            gc.disable()
            self._held = True
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.screen.set_timer(self.idle_after, self._idle, name="collect at idle")

    def _idle(self) -> None:
        self._timer = None
        gc.collect()
        if self.screen.is_current:  # no dialog open: what is left is the game, its tables and the app
            gc.freeze()
        self._release()

    def _release(self) -> None:
        if self._held:
            self._held = False
            gc.enable()

    def close(self) -> None:
        """The screen goes away: the collector as it was, at once."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._release()
