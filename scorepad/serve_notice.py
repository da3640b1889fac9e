"""What `scorepad serve` tells the person at the keyboard, and how the app learns a board is being served.

While it runs, `serve` keeps a small file (readable by this user only) with its address, so the game
screen's board key can show the address and its QR code; the file goes when `serve` stops. No Textual.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from scorepad.store import data_home


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


def write_serving(url: str, *, boards: bool, board_file: Path | None) -> None:
    """Best effort: a board served without the app knowing is no loss, so a failure is silent."""
    try:
        serving_dir().mkdir(parents=True, exist_ok=True)
        path = _file_for(url)
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"url": url, "pid": os.getpid(), "boards": boards,
                       "board_file": str(board_file) if board_file else None}, out)
        os.replace(tmp, path)
    except OSError:
        pass


def clear_serving(url: str) -> None:
    try:
        path = _file_for(url)
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("pid") == os.getpid():
            path.unlink()
    except (OSError, ValueError, AttributeError):
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


def announce_lines(url: str, *, boards: bool, board_file: Path | None, local: bool,
                   sessions: int) -> list[tuple[str, str]]:
    """What `serve` prints once it listens, as (line, Rich style): the address with its key, who can use it,
    and for boards a QR code (black on white)."""
    from scorepad.qr import STYLE, qr_lines

    what = "Boards of the score (read-only)" if boards else "The score pad"
    lines = [f"{what}, served at:", "", f"    {url}", ""]
    if boards:
        followed = f"the game in {board_file.name}" if board_file else "the game in progress played most recently"
        lines += [f"Each board follows {followed}. Nothing a browser sends can change a game.", ""]
    out = [(line, "") for line in lines]
    if boards:
        out += [(line, STYLE) for line in qr_lines(url)] + [("", "")]
    if local:
        out.append(("Only this machine can open it.", ""))
    elif boards:
        out.append(("Warning: everyone on that network who has this address (or scans the code) can see the score.",
                    "bold yellow"))
    else:
        out.append(("Warning: everyone on that network who has this address can type into the score pad.",
                    "bold yellow"))
    out.append((f"Up to {sessions} screens at once. Press Ctrl+C to stop.", ""))
    return out
