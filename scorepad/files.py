"""Where game files live, which files are games, and reading one's bytes: nothing more (no pydantic, no rules,
no log models), so `scorepad list` over games it has read before starts as fast as Python does. scorepad.store
reads and writes the games themselves (and gives these again)."""

from __future__ import annotations

import os
import stat
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

APP_NAME = "scorepad"
SUFFIX = ".jsonl"


def data_home() -> Path:
    """Where games live: `$SCOREPAD_HOME`, else the platform's user data dir."""
    override = os.environ.get("SCOREPAD_HOME")
    return Path(override).expanduser() if override else Path(user_data_dir(APP_NAME, appauthor=False))


def config_home() -> Path:
    """Settings (theme …): `$SCOREPAD_HOME/config`, else the platform's user config dir."""
    override = os.environ.get("SCOREPAD_HOME")
    if override:
        return Path(override).expanduser() / "config"
    return Path(user_config_dir(APP_NAME, appauthor=False))


def games_dir() -> Path:
    return data_home() / "games"


def one_line(text: str) -> str:
    """`text` with control characters and line separators escaped (`\\n`, `\\x1b` …), so it prints
    as one line whatever a hand-edited file put in a name."""
    return "".join(
        c.encode("unicode_escape").decode("ascii") if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c
        for c in text
    )


class LogError(Exception):
    """A game file that cannot be read: always names the file and the line, on one line."""

    def __init__(self, path: Path | str, line: int, cause: str):
        cause = one_line(cause)
        # line 0 is the file as a whole (missing, a folder, unreadable): "no such file: PATH"
        super().__init__(one_line(f"{cause}: {path}" if line == 0 else f"{path}: line {line}: {cause}"))
        self.path = Path(path)
        self.line = line
        self.cause = cause


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _not_a_file(mode: int) -> str | None:
    """What a path that is not a regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


def read_game_bytes(path: Path) -> bytes:
    """The bytes of a game file. Only a regular file is read: a pipe, a device or a folder named like a game
    is refused at once (opened without blocking, so a FIFO never hangs the reader)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise LogError(path, 0, "no such file") from None
    except OSError as error:
        raise LogError(path, 0, f"cannot be read ({error.strerror or error})") from None
    try:
        what = _not_a_file(os.fstat(fd).st_mode)
        if what:
            raise LogError(path, 0, f"is {what}, not a game file")
        with os.fdopen(os.dup(fd), "rb") as file:
            return file.read()
    except OSError as error:
        raise LogError(path, 0, f"cannot be read ({error.strerror or error})") from None
    finally:
        os.close(fd)


# --------------------------------------------------------------------------- listing


def game_paths(directory: Path | None = None) -> list[Path]:
    """Everything named like a game (a pipe or a folder too: listed as unreadable, never hidden)."""
    directory = directory or games_dir()
    try:
        return [p for p in directory.iterdir() if p.suffix == SUFFIX]
    except OSError:  # no games folder yet (or not one scorepad can read)
        return []


@dataclass(frozen=True)
class SavedFile:
    """A file named like a game as the folder shows it, before it is read: enough to order the list."""

    path: Path
    modified: datetime
    modified_ns: int


def saved_files(directory: Path | None = None) -> list[SavedFile]:
    """Every file named like a game, newest played first (ties by name: a stable order). Nothing is read."""
    found = []
    for path in game_paths(directory):
        try:
            status = path.stat()
        except OSError:
            try:
                status = path.lstat()  # a symbolic link that goes nowhere (a loop …): listed as unreadable
            except OSError:  # gone since the directory was read
                continue
        found.append(SavedFile(path, datetime.fromtimestamp(status.st_mtime).astimezone(), status.st_mtime_ns))
    found.sort(key=lambda saved: (-saved.modified_ns, saved.path.name))
    return found
