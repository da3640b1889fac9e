"""What `scorepad serve` tells the person at the keyboard, and how the app learns a board is being served.

While it runs, `serve` keeps a small file (readable by this user only) with its address, so the game
screen's board key can show the address and its QR code; the file goes when `serve` stops. The file is
written to a fresh temporary file beside it and renamed (never through a link planted in its place), is
never put over another running serve's, and only the serve that wrote it removes it. No Textual.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

from scorepad.locale import _, ngettext
from scorepad.store.files import data_home, one_line, write_file_atomically


@dataclass(frozen=True)
class Serving:
    url: str
    boards: bool  # only boards, or the whole app
    board_file: Path | None  # the one game its boards follow; None: the game in progress played last


def serving_dir() -> Path:
    return data_home() / "serving"


def _file_for(url: str) -> Path:
    port = url.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[-1]
    return serving_dir() / f"{port if port.isdigit() else 'serve'}.json"


def _read_notice(path: Path) -> tuple[dict[str, object], os.stat_result] | None:
    """The notice at `path` and the file it was read from; None for no notice, a link, or anything unreadable."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        with os.fdopen(os.dup(fd), "rb") as file:
            data = json.loads(file.read(64 * 1024))
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)
    return (data, info) if isinstance(data, dict) else None


def _warn(reason: str) -> None:
    line = _("scorepad serve: the app will not offer this address on its board key (F10): {reason}")
    print(one_line(line.format(reason=reason)), file=sys.stderr)


def write_serving(url: str, *, boards: bool, board_file: Path | None) -> None:
    """Best effort: a board served without the app knowing is no loss, so a failure is one line on stderr.
    Another live serve's notice for the same port (another address) is left as it is."""
    path = _file_for(url)
    found = _read_notice(path)
    if found is not None and found[0].get("pid") != os.getpid() and _alive(found[0].get("pid")):
        _warn(_("{file} belongs to another scorepad serve that is running").format(file=path))
        return
    notice = {
        "url": url,
        "pid": os.getpid(),
        "boards": boards,
        "board_file": str(board_file) if board_file else None,
    }
    try:
        serving_dir().mkdir(mode=0o700, parents=True, exist_ok=True)
        write_file_atomically(path, json.dumps(notice).encode("utf-8"), mode=0o600)
    except OSError as error:  # UnsafePath (a link planted there) says what it left alone
        _warn(str(error) if error.filename is None else f"{error.strerror or error}: {error.filename}")


def clear_serving(url: str) -> None:
    """Remove this process's notice, and nothing else: not another serve's, not a link, not one put there
    since it was read."""
    path = _file_for(url)
    found = _read_notice(path)
    if found is None or found[0].get("pid") != os.getpid():
        return
    read = found[1]
    try:
        now = os.lstat(path)
        if (now.st_dev, now.st_ino) == (read.st_dev, read.st_ino):
            path.unlink()
    except OSError:
        pass


def _alive(pid: object) -> bool:
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def board_served_for(game: Path) -> Serving | None:
    """A running `serve --board` whose boards show this game, if there is one."""
    directory = serving_dir()
    if not directory.is_dir():
        return None
    try:
        game = game.resolve()
    except OSError:
        return None
    for path in sorted(directory.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or not data.get("boards") or not _alive(data.get("pid")):
                continue
            url, followed = data.get("url"), data.get("board_file")
            if not isinstance(url, str) or not url.startswith("http://"):
                continue
            if followed is None or Path(str(followed)) == game:
                return Serving(url, True, Path(followed) if followed else None)
        except (OSError, ValueError):
            continue
    return None


def announce_lines(url: str, *, local: bool, sessions: int) -> list[tuple[str, str]]:
    """What `serve` (the whole app) prints once it listens, as (line, Rich style): the address with its key and
    who can use it. (`serve --board` prints its own: scorepad.web.board.terminal.)"""
    out = [(line, "") for line in (_("The score pad, served at:"), "", f"    {url}", "")]
    if local:
        out.append((_("Only this machine can open it."), ""))
    else:
        warning = _("Warning: everyone on that network who has this address can type into the score pad.")
        out.append((warning, "bold yellow"))  # not words: a Rich style
    last = ngettext(
        "Up to {count} screen at once. Press Ctrl+C to stop.",
        "Up to {count} screens at once. Press Ctrl+C to stop.",
        sessions,
    )
    out.append((last.format(count=sessions), ""))
    return out
