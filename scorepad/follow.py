"""Following a game file as another scorepad writes it: read-only, never locked, never written.

`Follower.poll()` looks at the file's size and time (a stat, cheap enough to do a few times a second)
and reads only what was appended since: each complete new line goes through the store's own line
parser and the rules' replayer, so a correction re-derives the sheet as it does in the app. A file
that shrank, was replaced or rewritten is read again whole. `newest_game()` picks the game a board
follows when it is not told which. No Textual here.

Nothing here ever blocks: the file is opened non-blocking and what was opened is checked (fstat) to be a
regular file before a byte is read, so a pipe or a device renamed into the game file's place between the
stat and the open is said in words ("… is a pipe, not a game file") instead of hanging the board.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from scorepad.locale import _
from scorepad.log import ENTRY_ADAPTERS
from scorepad.rules import Replayer
from scorepad.rules.base import Sheet
from scorepad.store.files import (
    SUFFIX,
    LogError,
    NotAGameFile,
    games_dir,
    not_a_file,
    open_game_file,
    read_game_bytes,
)
from scorepad.store.game_file import parse_entry_line, parse_log

MAX_STEP = 1 << 20  # bytes read at one poll: a huge hand-made file is taken in pieces, the board stays live


def read_to_end(fd: int) -> bytes:
    with open(fd, "rb", closefd=False) as file:
        file.seek(0)
        return file.read()


def read_at(fd: int, offset: int, length: int) -> bytes:
    """Up to `length` bytes from `offset` (fewer at the end of the file)."""
    parts = []
    while length > 0:
        chunk = os.pread(fd, length, offset)
        if not chunk:
            break
        parts.append(chunk)
        offset += len(chunk)
        length -= len(chunk)
    return b"".join(parts)


@dataclass(frozen=True)
class Seen:
    """What a stat of the file said last time."""

    device: int
    inode: int
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, info: os.stat_result) -> Seen:
        return cls(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


class Follower:
    """One game file, followed. `sheet` is None until the file has been read once."""

    def __init__(self, path: Path):
        self.path = path
        self.replayer: Replayer | None = None
        self.sheet: Sheet | None = None
        self.problem = ""  # why the file cannot be read now (the sheet shown is the last good one)
        # the problem is that no game file stands at the path now (gone, or a pipe, a device, a directory in its
        # place): `problem` says so whole, the follower waits for one and reads it from the start
        self.waiting = False
        self._seen: Seen | None = None
        self._offset = 0  # bytes taken: up to the end of the last complete line read
        self._line = 1  # lines taken (the header is line 1)
        self._open_line = False  # the bytes taken end without a newline (a complete last line)

    def poll(self) -> bool:
        """Read what changed since the last poll; True when the sheet (or the problem) changed."""
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            return self._wait(None)
        except OSError as error:
            return self._fail(_unreadable(error))
        what = not_a_file(stat.st_mode)
        if what:  # not even opened: a device may answer an open, a FIFO's writer would see a reader come
            return self._wait(what)
        before = self._seen
        if before == Seen.of(stat) and not self.problem:
            return False
        try:
            fd, info = open_game_file(self.path)
        except NotAGameFile as error:  # renamed into place since the stat
            return self._wait(error.what)
        except FileNotFoundError:
            return self._wait(None)
        except OSError as error:
            return self._fail(_unreadable(error))
        seen = Seen.of(info)  # what was opened counts, not what the stat saw
        self._seen = seen
        try:
            if (
                before is None
                or self.replayer is None
                or (seen.device, seen.inode) != (before.device, before.inode)
                or seen.size < self._offset
                or (seen.size == before.size and seen.mtime_ns != before.mtime_ns)
            ):
                self._read_whole(fd)
            elif seen.size > self._offset:
                self._read_appended(fd, seen.size)
            else:
                return self._recovered()
        except LogError as error:
            self._seen = None  # try again at the next poll: the writer may be mid-way
            return self._fail(error.cause)
        except OSError as error:
            self._seen = None
            return self._fail(_unreadable(error))
        finally:
            os.close(fd)
        self.problem, self.waiting = "", False
        return True

    def _wait(self, what: str | None) -> bool:
        """No game file at the path now (`what` stands there instead: "a pipe"; None: nothing): said in one
        line, and the one that comes back is read whole."""
        self._seen = None
        if what is None:
            problem = _("{file} is not there: waiting for the game file")
        else:
            problem = _("{file} is {what}, not a game file: waiting for the game file")
        changed = self._fail(problem.format(file=self.path.name, what=what))
        self.waiting = True
        return changed

    def _fail(self, problem: str) -> bool:
        changed = problem != self.problem
        self.problem, self.waiting = problem, False
        return changed

    def _recovered(self) -> bool:
        changed = bool(self.problem)
        self.problem, self.waiting = "", False
        return changed

    def _read_whole(self, fd: int) -> None:
        data = read_to_end(fd)
        log = parse_log(self.path, data)
        self.replayer = Replayer(log.header).extend(log.entries)
        self._offset = len(data) - len(log.torn)
        self._line = 1 + len(log.entries)
        self._open_line = self._offset > 0 and not data[: self._offset].endswith(b"\n")
        self.sheet = self.replayer.sheet()

    def _read_appended(self, fd: int, size: int) -> None:
        assert self.replayer is not None
        data = read_at(fd, self._offset, min(size - self._offset, MAX_STEP))
        start = 0
        if self._open_line and data.startswith(b"\n"):  # the newline that completes the last line taken
            start, self._open_line = 1, False
        end = data.rfind(b"\n") + 1
        if end <= start:
            if len(data) == MAX_STEP:  # one line longer than a step: take the file whole
                self._read_whole(fd)
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


def _unreadable(error: OSError) -> str:
    return _("the game file cannot be read ({reason})").format(reason=error.strerror or error)


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
                log = parse_log(path, read_game_bytes(path))  # non-blocking: a FIFO swapped in is refused
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
