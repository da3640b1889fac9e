"""Following a game file as another scorepad writes it: read-only, never locked, never written.

`Follower.poll()` looks at the file's size and time (a stat, cheap enough to do a few times a second)
and reads only what was appended since: each complete new line goes through the store's own line
parser and the rules' replayer, so a correction re-derives the sheet as it does in the app. A file
that shrank, was replaced or rewritten is read again whole. `newest_game()` picks the game a board
follows when it is not told which. No Textual here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISREG

from scorepad.log import ENTRY_ADAPTERS
from scorepad.rules import Replayer
from scorepad.rules.base import Sheet
from scorepad.store import SUFFIX, LogError, games_dir, parse_entry_line, parse_log

MAX_STEP = 1 << 20  # bytes read at one poll: a huge hand-made file is taken in pieces, the board stays live


@dataclass(frozen=True)
class Seen:
    """What a stat of the file said last time."""

    device: int
    inode: int
    size: int
    mtime_ns: int


class Follower:
    """One game file, followed. `sheet` is None until the file has been read once."""

    def __init__(self, path: Path):
        self.path = path
        self.replayer: Replayer | None = None
        self.sheet: Sheet | None = None
        self.problem = ""  # why the file cannot be read now (the sheet shown is the last good one)
        self._seen: Seen | None = None
        self._offset = 0  # bytes taken: up to the end of the last complete line read
        self._line = 1  # lines taken (the header is line 1)
        self._open_line = False  # the bytes taken end without a newline (a complete last line)

    def poll(self) -> bool:
        """Read what changed since the last poll; True when the sheet (or the problem) changed."""
        try:
            stat = os.stat(self.path)
        except OSError as error:
            return self._fail(f"the game file cannot be read ({error.strerror or error})")
        if not S_ISREG(stat.st_mode):  # a FIFO or a device would block the reader: never opened
            return self._fail("this is not a game file (not a regular file)")
        seen = Seen(stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)
        before = self._seen
        if before == seen and not self.problem:
            return False
        self._seen = seen
        try:
            if (before is None or self.replayer is None or (seen.device, seen.inode) != (before.device, before.inode)
                    or seen.size < self._offset or (seen.size == before.size and seen.mtime_ns != before.mtime_ns)):
                self._read_whole()
            elif seen.size > self._offset:
                self._read_appended(seen.size)
            else:
                return self._recovered()
        except LogError as error:
            self._seen = None  # try again at the next poll: the writer may be mid-way
            return self._fail(error.cause)
        except OSError as error:
            self._seen = None
            return self._fail(f"the game file cannot be read ({error.strerror or error})")
        self.problem = ""
        return True

    def _fail(self, problem: str) -> bool:
        changed = problem != self.problem
        self.problem = problem
        return changed

    def _recovered(self) -> bool:
        changed = bool(self.problem)
        self.problem = ""
        return changed

    def _read_whole(self) -> None:
        data = self.path.read_bytes()
        log = parse_log(self.path, data)
        self.replayer = Replayer(log.header).extend(log.entries)
        self._offset = len(data) - len(log.torn)
        self._line = 1 + len(log.entries)
        self._open_line = self._offset > 0 and not data[: self._offset].endswith(b"\n")
        self.sheet = self.replayer.sheet()

    def _read_appended(self, size: int) -> None:
        assert self.replayer is not None
        with open(self.path, "rb") as file:
            file.seek(self._offset)
            data = file.read(min(size - self._offset, MAX_STEP))
        start = 0
        if self._open_line and data.startswith(b"\n"):  # the newline that completes the last line taken
            start, self._open_line = 1, False
        end = data.rfind(b"\n") + 1
        if end <= start:
            if len(data) == MAX_STEP:  # one line longer than a step: take the file whole
                self._read_whole()
            return  # else a line still being written: wait for its newline
        adapter = ENTRY_ADAPTERS[self.replayer.header.game]
        replayer = self.replayer
        for raw in data[start : end - 1].split(b"\n"):
            entry = parse_entry_line(self.path, self._line + 1, raw, adapter, expected_seq=replayer.next_seq)
            replayer.push(entry)
            self._line += 1
        self._offset += end
        self.sheet = replayer.sheet()
        if self._offset < size:  # more than one step's worth was appended: take the rest at the next poll
            self._seen = None


def game_files(directory: Path | None = None) -> list[tuple[int, Path]]:
    """(mtime_ns, path) of every regular game file, newest first."""
    directory = directory or games_dir()
    found: list[tuple[int, Path]] = []
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                if entry.name.endswith(SUFFIX) and entry.is_file(follow_symlinks=False):
                    try:
                        found.append((entry.stat(follow_symlinks=False).st_mtime_ns, Path(entry.path)))
                    except OSError:
                        continue
    except OSError:
        return []
    found.sort(key=lambda item: (-item[0], item[1].name))
    return found


class GamePicker:
    """Which game a board follows when it is not told: the game in progress changed most recently; a game
    started later (a rematch) takes over. Remembers what it found out about each file version."""

    def __init__(self, directory: Path | None = None):
        self.directory = directory
        self._in_progress: dict[tuple[Path, int], bool] = {}

    def _in_play(self, path: Path, mtime: int) -> bool:
        key = (path, mtime)
        if key not in self._in_progress:
            try:
                log = parse_log(path, path.read_bytes())
                self._in_progress[key] = not Replayer(log.header).extend(log.entries).sheet().finished
            except (LogError, OSError):
                self._in_progress[key] = False
        return self._in_progress[key]

    def pick(self, current: Path | None = None) -> Path | None:
        """The game to follow now: `current` unless a game in progress was changed after it."""
        files = game_files(self.directory)
        current_mtime = next((m for m, p in files if p == current), None)
        for mtime, path in files:
            if path == current:
                return current
            if current_mtime is not None and mtime <= current_mtime:
                break
            if self._in_play(path, mtime):
                return path
        if current is not None and current_mtime is not None:
            return current
        return files[0][1] if files else None  # nothing in progress: the latest game, finished


def newest_game(directory: Path | None = None) -> Path | None:
    return GamePicker(directory).pick()
