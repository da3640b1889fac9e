"""Writing an export to a file without ever destroying anything (`scorepad export -o`, the app's F4).

An export never lands on a game log: not on the game's own file, not in the games folder (it holds only
game logs), not on any file whose first line is a scorepad header, wherever it is. A file that exists is
replaced only when asked (`--force`, or the app's confirm dialog). The text goes to a temporary file in the
same folder, synced, then renamed over the target (os.replace), so a failed export leaves no half file.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path

from scorepad.locale import _
from scorepad.store.files import data_home, games_dir

HEADER_PEEK = 1 << 20  # a header's whole first line (40 names, a title …) fits many times over


class ExportRefused(Exception):
    """The target would destroy a game log, or is not a file: one line, never overridden by --force."""


class ExportExists(Exception):
    """The target exists: replaced only when asked."""


def exports_dir() -> Path:
    """Where the app writes exports unless told otherwise: beside the games folder, never inside it."""
    return data_home() / "exports"


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.is_relative_to(folder.resolve())
    except OSError:
        return False


def _reads_as_a_game_log(path: Path) -> bool:
    """Whether the file's first line reads as a scorepad header: parsed as JSON, so neither the order of its
    keys, nor escapes (`"\\u0073corepad"`), nor a long title before the key hide it. Read without blocking.
    A first line that starts like a JSON object but is too long to read whole counts as a game log too."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        head = os.read(fd, HEADER_PEEK)
    except OSError:
        return False
    finally:
        os.close(fd)
    first, newline, _rest = head.removeprefix(b"\xef\xbb\xbf").partition(b"\n")
    first = first.strip()
    if not first.startswith(b"{"):
        return False
    try:
        header = json.loads(first)
    except ValueError:
        # a game log's first line that is cut off here (longer than we read) would not parse either
        return not newline and len(head) >= HEADER_PEEK
    return isinstance(header, dict) and "scorepad" in header


def _umask() -> int:
    mask = os.umask(0o022)  # read by setting it, then put back at once
    os.umask(mask)
    return mask


def export_problem(target: Path, source: Path | None = None) -> str | None:
    """Why `target` must not be written by an export whatever the table says, or None."""
    target = target.expanduser()
    resolved = target.resolve()
    if source is not None:
        try:
            same = resolved == source.resolve() or (resolved.exists() and os.path.samefile(resolved, source))
        except OSError:
            same = False
        if same:
            return _("{file} is this game's own log: an export never writes over it").format(file=target)
    if target.is_symlink():
        return _("{file} is a symbolic link: an export never writes through one").format(file=target)
    if _inside(resolved, games_dir()):
        line = _("{file} is in the games folder, which holds only game logs: export somewhere else")
        return line.format(file=target)
    try:
        info = os.stat(resolved)
    except FileNotFoundError:
        return None
    except OSError as error:
        return _("{file} cannot be checked ({why})").format(file=target, why=error.strerror or error)
    if stat.S_ISDIR(info.st_mode):
        return _("{file} is a folder: name a file in it").format(file=target)
    if not stat.S_ISREG(info.st_mode):
        return _("{file} is not a regular file").format(file=target)
    if _reads_as_a_game_log(resolved):
        return _("{file} is a scorepad game log: an export never writes over it").format(file=target)
    return None


def write_export(target: Path, text: str, *, source: Path | None = None, force: bool = False) -> Path:
    """Write `text` to `target` safely (see the module's note); returns the path written.

    ExportRefused: never allowed. ExportExists: allowed with `force`. OSError: the disk said no; the target
    is then as it was."""
    target = target.expanduser()
    problem = export_problem(target, source)
    if problem:
        raise ExportRefused(problem)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
        exists = True
    except FileNotFoundError:
        mode, exists = 0o666 & ~_umask(), False
    if exists and not force:
        raise ExportExists(_("{file} exists already").format(file=target))
    folder = target.parent if str(target.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
            os.fchmod(out.fileno(), mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return target
