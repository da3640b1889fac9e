"""Where game files live, which files are games, and reading one's bytes: nothing more (no pydantic, no rules,
no log models), so `scorepad list` over games it has read before starts as fast as Python does. scorepad.store.game_file
reads and writes the games themselves (and gives these again)."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

from scorepad.locale import N_, _

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
        said = _("{cause}: {path}") if line == 0 else _("{path}: line {line}: {cause}")
        super().__init__(one_line(said.format(cause=cause, path=path, line=line)))
        self.path = Path(path)
        self.line = line
        self.cause = cause


_KINDS = (
    (stat.S_ISDIR, N_("a directory")),
    (stat.S_ISFIFO, N_("a pipe")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
    (stat.S_ISSOCK, N_("a socket")),
)


def not_a_file(mode: int) -> str | None:
    """What a path that is not a regular file is, in words for the table ("a pipe"); None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return _(next((what for test, what in _KINDS if test(mode)), N_("not a regular file")))


_not_a_file = not_a_file  # the name the store has used


class NotAGameFile(Exception):
    """What stands at a game file's path is not a regular file (`what` says what it is)."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


def open_game_file(path: Path | str) -> tuple[int, os.stat_result]:
    """A descriptor reading `path`, and the fstat of what it opened. Never blocks: opened non-blocking (a FIFO
    renamed in after a stat would hold a plain open until some writer came) and never as a terminal; links are
    followed, but what they lead to must be a regular file, else NotAGameFile (nothing read, nothing left open)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        what = not_a_file(info.st_mode)
        if what:
            raise NotAGameFile(what)
        os.set_blocking(fd, True)  # a regular file: reads are whole again
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def read_game_bytes(path: Path) -> bytes:
    """The bytes of a game file. Only a regular file is read: a pipe, a device or a folder named like a game
    is refused at once (opened without blocking, so a FIFO never hangs the reader)."""
    try:
        fd, _status = open_game_file(path)
    except FileNotFoundError:
        raise LogError(path, 0, _("no such file")) from None
    except NotAGameFile as refused:
        raise LogError(path, 0, _("is {what}, not a game file").format(what=refused.what)) from None
    except OSError as error:
        raise LogError(path, 0, _("cannot be read ({why})").format(why=error.strerror or error)) from None
    try:
        with os.fdopen(fd, "rb") as file:
            return file.read()
    except OSError as error:
        raise LogError(path, 0, _("cannot be read ({why})").format(why=error.strerror or error)) from None


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
        found.append(
            SavedFile(path, datetime.fromtimestamp(status.st_mtime).astimezone(), status.st_mtime_ns)
        )
    found.sort(key=lambda saved: (-saved.modified_ns, saved.path.name))
    return found


# --------------------------------------------------------------------------- writing, never through a link


class UnsafePath(OSError):
    """A path scorepad was about to write is a symbolic link, a pipe, a device or a folder: it is left alone."""

    def __init__(self, path: Path | str, what: str):
        line = _("{path} is {what}: scorepad does not write through it; left as it is")
        super().__init__(one_line(line.format(path=path, what=what)))
        self.path = Path(path)
        self.what = what

    def short(self) -> str:
        """The same, naming the file without its folder."""
        line = _("{file} is {what}: scorepad does not write through it")
        return one_line(line.format(file=self.path.name, what=self.what))


def open_for_writing(path: Path | str, flags: int, mode: int = 0o644) -> int:
    """A descriptor for writing `path` (flags such as O_WRONLY | O_APPEND | O_CREAT), never through a link:
    a symbolic link, FIFO, device or folder in its place raises UnsafePath and is not touched."""
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode)
    except OSError as error:
        if error.errno == errno.ELOOP:  # O_NOFOLLOW met a symbolic link
            raise UnsafePath(path, _("a symbolic link")) from None
        if error.errno in (errno.ENXIO, errno.EISDIR):  # a FIFO with no reader, a folder
            info = os.lstat(path)
            raise UnsafePath(path, _not_a_file(info.st_mode) or _("not a regular file")) from None
        raise
    what = _not_a_file(os.fstat(fd).st_mode)
    if what:
        os.close(fd)
        raise UnsafePath(path, what)
    os.set_blocking(fd, True)
    return fd


def refuse_if_not_a_file(path: Path | str) -> None:
    """UnsafePath when something other than a regular file (or nothing) stands at `path` (not followed)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise UnsafePath(path, _("a symbolic link"))
    what = _not_a_file(info.st_mode)
    if what:
        raise UnsafePath(path, what)


def write_file_atomically(target: Path, data: bytes, mode: int = 0o644) -> None:
    """`data` becomes the whole of `target` or nothing changes: written to a fresh temporary file beside it
    (O_EXCL, a random name), synced, then renamed over it. A link or anything but a regular file standing at
    `target` raises UnsafePath and is left alone."""
    refuse_if_not_a_file(target)
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
            os.fchmod(out.fileno(), mode)
        refuse_if_not_a_file(target)  # planted while we wrote: still left alone
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


class SmallFileProblem(Exception):
    """Why a small text file (settings, a theme) cannot be read, in words ("is not a regular file" …)."""


def read_small_text(path: Path, most: int, what: str, follow_links: bool = True) -> str:
    """A small UTF-8 file's text (a byte-order mark dropped), read only if it is a regular file of at most `most`
    bytes: never blocking on a FIFO, and with `follow_links` False never through a symbolic link.
    FileNotFoundError when there is none; SmallFileProblem for the rest (`what`: "a settings file" …)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow_links else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as error:
        if error.errno == errno.ELOOP and not follow_links:
            raise SmallFileProblem(_("is a symbolic link, which scorepad does not follow")) from None
        raise SmallFileProblem(_("cannot be read ({why})").format(why=error.strerror or error)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SmallFileProblem(_("is not a regular file"))
        if info.st_size > most:
            line = _("is {size} bytes; {what} is at most {most}")
            raise SmallFileProblem(line.format(size=info.st_size, what=what, most=most))
        raw = os.read(fd, most + 1)
    except OSError as error:
        raise SmallFileProblem(_("cannot be read ({why})").format(why=error.strerror or error)) from None
    finally:
        os.close(fd)
    raw = raw.removeprefix(b"\xef\xbb\xbf")  # what some editors put first: not part of the text
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SmallFileProblem(
            _("is not UTF-8 text (byte {byte})").format(byte=f"0x{raw[error.start]:02x}")
        ) from None
