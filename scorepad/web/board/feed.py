"""One follower of the game for every page, and the fan-out of each change.

`BoardFeed` looks at the game file a few times a second (a stat, as `scorepad board` does: one watcher however
many pages are open), and when what the board shows has changed it encodes the new state once, as a
Server-Sent Event, and wakes every page's stream at once. A page is sent the whole state each time: one that
missed a change (asleep, a slow network) is never out of step, only the latest counts. No Textual, no aiohttp.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from scorepad.follow import Follower, GamePicker
from scorepad.locale import _
from scorepad.web.board.state import follower_state
from scorepad.web.board.theme import config_stamp, palettes

POLL_SECONDS = 0.25  # a new entry shows within a second; a stat this often costs next to nothing
PICK_SECONDS = 1.0  # without a file named: look for a newer game once a second
THEME_SECONDS = 2.0  # a theme chosen in the app shows within this

log = logging.getLogger("scorepad.web.board")


def sse_event(version: int, state: dict[str, Any]) -> bytes:
    """The state as one Server-Sent Event (compact JSON holds no line break: one `data:` line)."""
    data = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    return f"id: {version}\nevent: board\ndata: {data}\n\n".encode()  # not words: the event's fields


class BoardFeed:
    """Follows `path`, or (None) the game in progress changed most recently, moving on to a newer one."""

    def __init__(self, path: Path | None, poll_seconds: float = POLL_SECONDS):
        self.fixed = path is not None
        self.picker = GamePicker()
        self.follower: Follower | None = Follower(path) if path is not None else None
        self.poll_seconds = poll_seconds
        self.version = 0
        self.event = b""  # the latest state, as an event ready to send
        self.state: dict[str, Any] = {}
        self.closed = False
        self.watching = 0  # pages with their stream open
        self.on_watching: Callable[[int], None] | None = None
        self._next: asyncio.Future[None] | None = None
        self._polls = 0
        self._theme_stamp: int | None = None
        self._theme: dict[str, dict[str, str]] = {}
        self._pick_every = max(1, round(PICK_SECONDS / poll_seconds))
        self._theme_every = max(1, round(THEME_SECONDS / poll_seconds))

    # ------------------------------------------------------------------ following

    def poll(self) -> bool:
        """Look at the game (and the theme) once; publish the state when it changed. True if it did."""
        self._polls += 1
        first = self._polls == 1
        changed = first
        if not self.fixed and (self.follower is None or (self._polls - 1) % self._pick_every == 0):
            current = self.follower.path if self.follower else None
            chosen = self.picker.pick(current)
            if chosen != current:
                self.follower = Follower(chosen) if chosen else None
                changed = True
        if self.follower is not None:
            changed = self.follower.poll() or changed
        if (self._polls - 1) % self._theme_every == 0:
            stamp = config_stamp()
            if stamp != self._theme_stamp or first:
                self._theme_stamp, self._theme = stamp, palettes()
                changed = True
        if not changed:  # nothing new in the file nor the theme: the state is not even made
            return False
        state = follower_state(self.follower)
        state["theme"] = self._theme
        if state == self.state:
            return False
        self.publish(state)
        return True

    def publish(self, state: dict[str, Any]) -> None:
        self.version += 1
        self.state = state
        self.event = sse_event(self.version, state)
        if self._next is not None and not self._next.done():
            self._next.set_result(None)
        self._next = None

    async def run(self) -> None:
        """Follow until cancelled. A problem in one look is logged and the next look goes on."""
        while not self.closed:
            try:
                self.poll()
            except Exception:
                log.exception(_("the board could not look at the game"))
            await asyncio.sleep(self.poll_seconds)

    def close(self) -> None:
        """Every stream ends (the server is stopping)."""
        self.closed = True
        if self._next is not None and not self._next.done():
            self._next.set_result(None)

    # ------------------------------------------------------------------ the pages' side

    async def changed(self, seen: int, within: float) -> bool:
        """Wait up to `within` seconds for a state newer than version `seen`; whether one came (or the feed
        closed)."""
        if self.version != seen or self.closed:
            return True
        if self._next is None:
            self._next = asyncio.get_running_loop().create_future()
        with suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._next), within)
        return self.version != seen or self.closed

    def count(self, step: int) -> None:
        """A page's stream opened (+1) or closed (-1)."""
        self.watching += step
        if self.on_watching is not None:
            self.on_watching(self.watching)
