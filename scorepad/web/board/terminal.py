"""What the terminal that serves the boards shows: the address once, the QR code dark on light, and one live
line of how many boards are watching, rewritten in place so it never pushes the code off the screen.

Without `--host` the address is this machine's own (127.0.0.1), which no phone can open: instead of a QR code
that would lead nowhere it says so, with the command to run. The key is printed in the address and never again
(no access log).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TextIO

from scorepad.locale import N_, _, ngettext
from scorepad.rules.names import visible
from scorepad.web.qr import qr_for_terminal

DEFAULT_PORT = 8000
BOLD_YELLOW, RESET = "\x1b[1;33m", "\x1b[0m"


def other_devices_command(board_file: Path | None, port: int) -> str:
    """The command that serves the boards to the other devices on this machine's network."""
    words = ["scorepad", "serve", "--board"]
    if board_file is not None:
        words.append(shlex.quote(visible(str(board_file))))
    words += ["--host", "0.0.0.0"]
    if port != DEFAULT_PORT:
        words += ["--port", str(port)]
    return " ".join(words)


#: why no phone can open a board served to this machine only (said by `serve --board` and by F10 in the app)
UNREACHABLE = N_(
    "phones and tablets cannot reach 127.0.0.1: on each device, that address is the device itself."
)


def unreachable_lines(board_file: Path | None, port: int, stop: str | None = None) -> list[str]:
    """Why phones cannot open an address of this machine only, and the command to run instead (`stop`: how to
    stop the server that prints it, "stop this (Ctrl+C)" unless told)."""
    return [
        _("Only this machine can open it: {why}").format(why=_(UNREACHABLE)),
        _("For the screens at the table, {stop} and run:").format(stop=stop or _("stop this (Ctrl+C)")),
        "",
        f"    {other_devices_command(board_file, port)}",
    ]


def announce_lines(
    url: str, *, board_file: Path | None, local: bool, port: int, boards: int, colour: bool
) -> list[str]:
    """What `serve --board` prints once it listens (`colour`: the QR code and the warning in colour)."""
    if board_file:
        followed = _("Each board follows the game in {file}.").format(file=visible(board_file.name))
    else:
        followed = _("Each board follows the game in progress played most recently.")
    lines = [
        _("Boards of the score (read-only), for every screen at the table, served at:"),
        "",
        f"    {url}",
        "",
        " ".join((followed, _("Nothing a browser sends can change a game."))),
        "",
    ]
    if local:
        lines += unreachable_lines(board_file, port)
    else:
        lines += qr_for_terminal(url, colour)
        warning = _(
            "Warning: everyone on that network who has this address (or scans the code) can see the score."
        )
        lines += ["", f"{BOLD_YELLOW}{warning}{RESET}" if colour else warning]
    last = ngettext(
        "Up to {count} board at once. Press Ctrl+C to stop.",
        "Up to {count} boards at once. Press Ctrl+C to stop.",
        boards,
    )
    lines += ["", last.format(count=boards)]
    return lines


def watching_words(count: int) -> str:
    if count == 0:
        return _("No board is watching yet.")
    if count == 1:
        return _("One board is watching now.")
    return _("Boards watching now: {count}").format(count=count)


class LiveLine:
    """The last line of the terminal, rewritten in place as boards come and go (on a terminal only: written
    to a file or a pipe, the count would only pile up lines)."""

    def __init__(self, out: TextIO = sys.stdout):
        self.out = out
        self.live = out.isatty()
        self.shown = ""

    def show(self, words: str) -> None:
        if not self.live or words == self.shown:
            return
        self.shown = words
        self.out.write(f"\r\x1b[K{words}")
        self.out.flush()

    def end(self) -> None:
        """Leave the line as it is and the cursor on the next one."""
        if self.live and self.shown:
            self.out.write("\n")
            self.out.flush()
