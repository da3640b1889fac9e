"""A second process that replays saved games, so a first start (nothing stored yet) uses two cores.

With hundreds of games to replay and more than one core, `scorepad.history` hands the games from the back of the
list to one helper process while it replays the front itself; they meet in the middle. The helper is given file
paths in small chunks and answers each game with the values a summary keeps (`scorepad.summaries`), so its
answers are read back exactly as the summaries kept on disk are, checked the same way.

The helper has no terminal: its input and output are pipes of ours, what it would print on error goes nowhere,
and it runs in its own session (no key pressed at the table signals it). It ends when its input closes, and its
reader kills it when the reading stops (the screen left, the app closed). If it dies or answers what it should not,
the games it had not answered are replayed here and the reading says so in one line: nothing is lost.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: games in one chunk sent to the helper, and chunks it may hold at once: small, so that where the two readings
#: meet this side waits for at most a few games
CHUNK = 8
IN_FLIGHT = 2
#: fewer games to replay than this and the helper is not started: it takes about a third of a second of the other
#: core to start (Python, pydantic and the rules imported), by when this side has replayed over a hundred
MIN_GAMES = 200
WAIT_SECONDS = 0.1  # how often a wait for the helper's answer looks whether the reading was stopped

PLUGINS = "PYDANTIC_DISABLE_PLUGINS"
BOOT = "import sys, json; sys.path[:] = json.loads(sys.argv[1]); from scorepad.second_core import serve; serve()"


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every platform
        return os.cpu_count() or 1


def wanted(games: int) -> bool:
    """A helper is worth starting for this many games to replay: enough of them, and a second core. (Whatever the
    machine's load: on a busy one the two processes still get two shares of it, and the reading is sooner done.)"""
    return games >= MIN_GAMES and cores() >= 2


# --------------------------------------------------------------------------- the reader's side


class SecondReader:
    """The helper at work on `paths` (the games to replay, in the list's order): indices from the back are sent to
    it, `mine(i)` tells whether game i is this side's to replay, `answer(i)` waits for the helper's answer."""

    def __init__(self, paths: list[Path], code: str):
        self._paths = paths
        self._code = code
        self._lock = threading.Condition()
        self._front = 0  # games before it are this side's (taken or being taken)
        self._back = len(paths)  # games from it on were sent to the helper
        self._in_flight: list[set[int]] = []  # each chunk sent, the games not answered yet
        self._answers: dict[int, dict[str, Any]] = {}
        self.stopped: str | None = None  # why the helper stopped before it was done (None: it did not)
        self._closing = False
        self._process = subprocess.Popen(
            [sys.executable, "-I", "-c", BOOT, json.dumps(sys.path)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True,
            env={PLUGINS: "__all__", **os.environ})  # (pydantic's plugin search skipped, as `scorepad` does)
        self._thread = threading.Thread(target=self._read_answers, name="scorepad-second-reader", daemon=True)
        try:
            self._feed()  # its first games at once: it reads them as soon as it is up
        except (OSError, ValueError):
            self._stop("it could not be given its games")
        self._thread.start()

    @property
    def pid(self) -> int:
        return self._process.pid

    def mine(self, index: int) -> bool:
        """Game `index` (taken in order) is to be replayed here: not sent to the helper."""
        with self._lock:
            if index < self._back:
                self._front = index + 1
                return True
            return False

    def answer(self, index: int, cancelled: Callable[[], bool]) -> dict[str, Any] | None:
        """The helper's answer for game `index`; None when it stopped first (the game is then replayed here) or the
        reading was stopped meanwhile."""
        with self._lock:
            while index not in self._answers and self.stopped is None:
                if cancelled():
                    return None
                self._lock.wait(WAIT_SECONDS)
            return self._answers.pop(index, None)

    def close(self) -> None:
        """The helper ended (killed if still at work) and its reader thread joined."""
        with self._lock:
            self._closing = True
        process = self._process
        with contextlib.suppress(OSError):
            if process.stdin is not None:
                process.stdin.close()
        if process.poll() is None:
            with contextlib.suppress(OSError):
                process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        self._thread.join(timeout=5)
        with contextlib.suppress(OSError):
            if process.stdout is not None:
                process.stdout.close()

    def _ended(self) -> str:
        code = self._process.wait()
        return f"it ended with code {code}" if code else "it ended early"

    def _stop(self, why: str) -> None:
        with self._lock:
            if self.stopped is None and not self._closing:
                self.stopped = why
            self._closing = True
            self._lock.notify_all()

    def _next_chunk(self) -> list[tuple[int, str]] | None:
        """The next games for the helper, from the back, while at least two chunks are left between the two."""
        with self._lock:
            if self._closing or len(self._in_flight) >= IN_FLIGHT or self._back - self._front < 2 * CHUNK:
                return None
            start = self._back - CHUNK
            chunk = range(start, self._back)
            self._back = start
            self._in_flight.append(set(chunk))
        return [(index, str(self._paths[index])) for index in chunk]

    def _feed(self) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        while (chunk := self._next_chunk()) is not None:
            stdin.write((json.dumps(chunk) + "\n").encode("ascii"))
            stdin.flush()

    def _read_answers(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        try:
            opening = stdout.readline()
            if not opening:  # (it could not even start: Python, or scorepad's import, failed)
                self._stop(self._ended())
                return
            first = json.loads(opening)
            if not isinstance(first, dict) or first.get("code") != self._code:
                self._stop("it did not start as this version of scorepad")
                return
            for line in stdout:
                answer = json.loads(line)
                index = answer["index"] if type(answer) is dict else None
                with self._lock:
                    chunk = next((c for c in self._in_flight if index in c), None)
                    if type(index) is not int:
                        raise ValueError("an answer without its game's place")
                    if chunk is None:
                        raise ValueError("an answer for a game not asked")
                    chunk.discard(index)
                    self._answers[index] = answer
                    if not chunk:
                        self._in_flight.remove(chunk)
                    self._lock.notify_all()
                self._feed()
            with self._lock:
                done = not self._in_flight
            if not done:
                self._stop(self._ended())
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            self._stop("it answered what it should not")
        finally:
            self._stop("")  # (closing: a stop after this is not news)
